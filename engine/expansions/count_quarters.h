// The Count of Carcassonne's quarters: which figures go into which quarter and
// who may move them out now (CO-09, CO-11, CO-17, CO-46, AMB-11, AMB-45).
// Shared by the module's rounds (count_of_carcassonne.cc) and its snapshot
// check (count_of_carcassonne_checks.cc).
#pragma once

#include <optional>

#include "engine/board.h"
#include "engine/game_state.h"

namespace carcassonne::count_rules {

// A figure that goes into Carcassonne: a follower, a big follower (CO-05,
// CO-08), the mayor or the wagon (CO-09, CO-30).
bool IsQuarterKind(FigureKind kind);
// CO-09, CO-30: whether `kind` may stand in `quarter` (the mayor only in the
// castle, the wagon never in the market).
bool MayEnter(FigureKind kind, Quarter quarter);
// CO-11: the quarter whose followers go to a feature of `kind`.
std::optional<Quarter> QuarterFor(SegmentKind kind);
// CO-10, CO-17: whether `player` may move figures out of `quarter` during
// play.
bool MayRedeployFrom(const GameState& state, int player, Quarter quarter);
// CO-05, CO-09, AMB-11: whether `player` has a figure in supply that may go
// into some quarter now.
bool CanDeploy(const GameState& state, int player);
// CO-46, AMB-45: whether `player` may still move a figure at the end.
bool MayRedeployAtEnd(const GameState& state, const Board& board, int player);

}  // namespace carcassonne::count_rules

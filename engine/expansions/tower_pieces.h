// The Tower's pieces, as its module and its snapshot checks read them
// (engine/expansions/tower.cc, tower_checks.cc); internal to the module.
#pragma once

#include <vector>

#include "engine/action.h"
#include "engine/board.h"

namespace carcassonne::tower_pieces {

// TW-01: the tile at `cell` shows a tower foundation.
bool HasFoundation(const Board& board, Position cell);
// The tower at `cell`, or nullptr.
const Tower* TowerAt(const GameState& state, Position cell);
Tower* TowerAt(GameState& state, Position cell);
// TW-03 (d), TW-06: a follower or a big follower.
bool MayStandOnTop(FigureKind kind);
// TW-11: the kinds of `owner`'s meeples that `jailer` holds, in FigureKind
// order.
std::vector<FigureKind> HeldKinds(const GameState& state, int jailer, int owner);
// TW-11: the player who, with `player`, holds prisoners of each other, or -1.
int ExchangePartner(const GameState& state, int player);
// TW-07..TW-10: every meeple the floor just put on the tower at
// `state.tower_capture` may take.
std::vector<CaptureMeepleAction> CaptureTargets(const GameState& state);

}  // namespace carcassonne::tower_pieces

// Abbey & Mayor (shared/rules/expansions/abbey-mayor.md, AM-xx). Expansion id
// "abbey_mayor", tile set "am" (am:01 .. am:12, AM-01, AM-02), four modules
// switched by options am.abbey, am.mayor, am.wagon, am.barn.
//
// - The land tiles need no code: am:11's road is one segment with three
//   sides (AM-02, KR-19), am:12's road one segment under the city.
// - The mayor (am.mayor) is a follower of its own kind: placement
//   (AM-08: cities only) in engine/rules/follower_placement.cc and
//   engine/figures.cc, strength (AM-09) in engine/rules/scoring.cc.
// - The wagon (am.wagon, this module): a follower of strength 1 on a road,
//   city or monastery (AM-11; engine/figures.cc). When the turn scores its
//   feature, the wagon does not go back at once (AfterScoring keeps it in
//   GameState.wagons_to_move); once everything the tile completed is scored,
//   each owner in turn order from the active player (AM-12) may move it onto
//   an unfinished, unoccupied road, city or monastery on the tile it stood
//   on or one of the 8 around (MoveWagonAction, Phase::kWagonMove), or pass
//   and take it back. A wagon with no such target goes back without asking.
//   Wagons scored at the end of the game go back (no move).
// - The barn (am.barn, this module; one per player, Player.barns):
//   instead of a follower, on a corner of the tile just placed where four
//   tiles meet and the four corners are one field (AM-15,
//   PlaceBarnAction), in a field without a barn (AM-16). Placing it scores
//   the field for its farmers at once (majority, 3 per completed city; they
//   go back; the barn's owner scores nothing, AM-17). No follower is placed
//   in a barn's field later (AM-18, engine/rules/follower_placement.cc). When
//   a tile joins a field with farmers to a barn's field, those farmers score
//   1 per completed city once the turn's features are scored, and go back
//   (AM-19). At the end, each owner of a barn in a field (or, with
//   am.barn_multi = majority, the players with the most barns there) scores
//   4 per completed city it borders (AM-20; 5 per castle, BC-17, AM-22; the
//   pig adds nothing).
//
// Not built (known gaps, engine/rule_options.cc): the abbey (AM-03..AM-07),
// the C1 wagon move (AM-13, option am.wagon_move = c1_connected, rejected),
// the wagon, the mayor and the barn with the Count (CO-09, CO-31, CO-44,
// CO-45), and the pieces of unbuilt expansions (AM-10).
#pragma once

#include <vector>

#include "engine/board.h"
#include "engine/expansion_module.h"
#include "engine/problem.h"
#include "engine/snapshot_limits.h"

namespace carcassonne {

class AbbeyAndMayor : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  void SetUpGame(GameState& state) const override;
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  void AfterTurnScoring(Game& game, std::vector<ScoreEvent>& events) const override;
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
  void AfterScoring(Game& game, const ScoreEvent& event) const override;
  bool OpenDecisionAfterTurnScoring(Game& game) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
};

// AM-12 (C2): the segments a scored wagon that stood on `from` may move to:
// every road, city or monastery segment on that tile or the 8 around whose
// feature is unfinished and holds no follower.
std::vector<SegmentAddress> WagonTargets(const Board& board, const GameState& state,
                                         const SegmentAddress& from);

// AM-15, AM-16: why the deciding player may not put their barn on `corner`
// of the tile just placed (empty when they may).
std::vector<Violation> BarnViolations(const Game& game, Corner corner);

// Snapshot checks (CheckSnapshot's stages, referee.h). Each piece on its own:
// barns in supply 0 to 1 with am.barn (AM-01), each barn a player's on a
// corner where it may stand (AM-15); at most one wagon per player waiting to
// move, each a player's wagon on a segment of the board.
void CheckAbbeyAndMayorPieces(const GameState& state, const Board& board,
                              std::vector<Problem>& problems);
// The pieces together (only when every piece of the snapshot passed): barns
// conserved, no farmer in a barn's field once scored (AM-18); wagons wait to
// move only in Phase::kWagonMove, the first one's owner deciding, in turn
// order from the active player, with no scoring pending (AM-12).
void CheckAbbeyAndMayor(const GameState& state, const Board& board, std::vector<Problem>& problems);

}  // namespace carcassonne

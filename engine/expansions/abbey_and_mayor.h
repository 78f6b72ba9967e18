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
//   on or one of the 8 around (C2), or connected to the scored feature
//   (C1, AM-13, am.wagon_move = c1_connected; engine/expansions/wagon_move.cc)
//   (MoveWagonAction, Phase::kWagonMove), or pass and take it back. A wagon with no such target
//   goes back without asking. Wagons scored at the end of the game go back (no move).
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
// - The abbey (am.abbey; one per player, Player.abbeys, AM-01): the tile
//   am:abbey (engine/catalogue/abbey_and_mayor_set.cc), whose sides
//   (Terrain::kAbbey) match anything (engine/rules/tile_placement.*) and
//   close the roads and cities that meet them (engine/board.cc,
//   FeaturesMeetingAbbey); its centre is a monastery (AM-05). Instead of a
//   drawn tile, a PlaceTileAction of am:abbey into a hole (CheckTilePlacement,
//   AM-03; Game::ValidatePlaceTile skips the drawing rules and the bag);
//   AfterTilePlaced takes it from its owner's hand. The turn goes on as
//   usual (AM-04); closing with it extends nothing, so never triggers a
//   builder (AM-06).
// - The final abbey round (AM-07): when the last land tile has been placed
//   (the tracked bag empties, or Action.end_game, AMB-48),
//   OpenDecisionBeforeEndScoring asks, in turn order from the next player up
//   to the one who placed it, each player who still holds an abbey while a
//   hole is left (Phase::kFinalAbbey): PlaceTileAction of the abbey, then the
//   figure step and scoring of a normal turn (Game::EndTurnPart brings the
//   round back here), or Pass. GameState.final_abbey_last_seat marks the
//   round. A player is not asked when no hole is left (nothing could be
//   placed). The round comes before the Count's final redeployment (CO-46),
//   which is part of the final scoring and works on the final board
//   (JCloisterZone, cited at AM-07, runs the abbey round before the final
//   scoring); that redeployment starts, as without abbeys, with the player
//   after the one who placed the last land tile.
//
// - With the Count (count_of_carcassonne.h): the mayor and the wagon go into
//   the quarters (CO-09); the barn's placement asks the modules for a
//   decision before its field scores, and so does the scoring of farmers
//   joined to a barn's field (Game::OpenDecisionBeforeFieldScoring: the
//   Count's market round, CO-44, CO-45); PendingFieldTrigger says how such a
//   waiting field scores. The barn's points are part of the turn's scoring
//   (CO-31, Game::Apply).
//
// Not built (known gaps, engine/rule_options.cc): the pieces of unbuilt
// expansions (AM-10).
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
  // The abbey (AM-03): a player's own, into a hole; it leaves their hand.
  void CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                          std::vector<Violation>& violations) const override;
  void AfterTilePlaced(Game& game) const override;
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  void AfterTurnScoring(Game& game, std::vector<ScoreEvent>& events) const override;
  // AM-17, AM-19: how a barn's field that waited for a decision scores.
  std::optional<ScoringTrigger> PendingFieldTrigger(const Game& game, int field) const override;
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
  void AfterScoring(Game& game, const ScoreEvent& event) const override;
  bool OpenDecisionAfterTurnScoring(Game& game) const override;
  // AM-07: the final abbey round, before the other end-of-game decisions.
  bool OpenDecisionBeforeEndScoring(Game& game, int last_player) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
};

// The segments a scored wagon that stood on `from` may move to, road, city or
// monastery segments whose feature is unfinished and holds no follower
// (engine/expansions/wagon_move.cc): with am.wagon_move = c2_nearby_tiles
// (AM-12) every such segment on that tile or the 8 around; with c1_connected
// (AM-13) those connected to the scored feature.
std::vector<SegmentAddress> WagonTargets(const Board& board, const GameState& state,
                                         const SegmentAddress& from);

// Whether a follower stands in the feature `root`.
bool FollowerStandsIn(const Board& board, const GameState& state, int root);

// AM-03: whether `cell` is a hole: empty, with placed tiles on all four sides.
bool IsHole(const Board& board, Position cell);

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
// The final abbey round (AM-07): PHASE_FINAL_ABBEY exactly with
// final_abbey_last_seat (or in the turn of an abbey placed in the round), the
// player asked holding an abbey, a hole left, the bag empty.
void CheckFinalAbbeyRound(const GameState& state, const Board& board,
                          std::vector<Problem>& problems);

}  // namespace carcassonne

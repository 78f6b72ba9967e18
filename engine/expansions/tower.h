// The Tower, second edition (shared/rules/expansions/tower.md, TW-01..TW-14).
// Its 18 tiles are catalogue set "tower", each with a tower foundation
// (SegmentKind::kTowerFoundation). The towers are GameState.towers, the
// floors Player.tower_floors, the prisoners GameState.prisoners.
//
// - TW-01, TW-02: the tiles; each player's floors by player count (2: 10,
//   3: 9, 4: 7, 5: 6, 6: 5), SetUpGame.
// - TW-03, TW-04, TW-05, TW-06: instead of a follower on the tile just placed,
//   the player puts a floor on any empty foundation or open tower of the
//   board (PlaceTowerFloorAction), or a follower or big follower on top of an
//   open tower of height at least 1, which closes it for good
//   (PlaceOnTowerAction); never a mayor or wagon (TW-06), never a meeple on a
//   bare foundation (TW-04: there is no such action). The tile placed need
//   not show a foundation.
// - TW-07..TW-10: right after a floor, if any meeple stands within the reach
//   of that tower (its tile, and up to its height in tiles straight north,
//   east, south and west, over gaps and towers), Phase::kTowerCapture: the
//   player takes one (CaptureMeepleAction) or passes. Takeable: followers of
//   every kind on features, and (option tw.tower_top_capturable, TW-10) the
//   meeple on top of a tower in reach; not builders, pigs (TW-09) nor a
//   castle's lord (TW-09, BC-13: engine practice). Taking one's own returns
//   it to the supply; another player's becomes the capturer's prisoner
//   (TW-08). TB-15, TB-22: a builder or pig whose owner has no follower left
//   in its feature goes back (TW-T06). PD-19: the fairy stays.
// - TW-11: when the capturer and the captured player now hold prisoners of
//   each other, the two swap at once: the one just taken goes back to its
//   owner, and one of the capturer's meeples held by that player comes back;
//   when that player holds the capturer's meeples of several kinds, the
//   capturer chooses the kind (Phase::kTowerExchange,
//   ExchangePrisonerAction).
// - TW-12: on their own turn (the tile phase or the figure step) the active
//   player may free one of their prisoners by paying its jailer 3 points, at
//   most once a turn (PayRansomAction, GameState.ransom_paid). TW-Q2 (not
//   said by the rules): refused with fewer than 3 points (JCloisterZone). The
//   payment is a ScoreEvent (FeatureKind::kRansom, ScoringTrigger::kRansom)
//   that no module's turn scoring sees: not a landscape scoring, so it never
//   earns a deployment into Carcassonne (TW-14, CO-29, CO-T09).
// - TW-13: prisoners never freed stay out of play; the end gives them nothing.
// - TW-14: towers and tower-top meeples never score.
//
// - With the Princess & the Dragon: the dragon eats a meeple on top of a tower
//   on a tile it enters and leaves the tower (PD-12, engine practice; the
//   tower stays closed, TW-05). No meeple goes on top of a tower on the
//   dragon's tile (PD-06); floors may (PD-05).
// - With the Count: the city tiles have no foundation; a ransom never counts
//   as a scoring (above).
//
// Not built (rule_options.cc, known gaps): TW-20, TW-21 (C3.1), TW-Q3.
#pragma once

#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class TowerExpansion : public ExpansionModule {
 public:
  // TW-02.
  void SetUpGame(GameState& state) const override;
  // TW-03 (b)..(d): the floors and tower tops the figure step may choose.
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  // TW-03..TW-12.
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  // TW-12: the ransom.
  void ListTurnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
  // The capture phase does not outlive the game.
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
  // CheckSnapshot: the option only with the expansion; floors, towers and
  // prisoners each in bounds (TW-02, TW-05); floors conserved, towers on
  // foundations, the capture and exchange phases with their tower (TW-07,
  // TW-11), no two players holding prisoners of each other outside the
  // exchange (TW-11).
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
};

// TW-02: the floors each player takes, by player count (0 outside 2..6).
int TowerFloorsPerPlayer(int players);

// Whether the pending decision is one of the Tower's after a floor (the
// capture, the exchange): the figure step is over but nothing the tile
// completed is scored yet, as in the figure step (the other modules'
// snapshot checks).
bool TowerDecidesBeforeScoring(const GameState& state);

// PD-12: the dragon enters `cell`: the meeple on top of a tower there goes
// back to its owner; the tower stays, closed (TW-05).
void EatTowerTop(GameState& state, Position cell);

}  // namespace carcassonne

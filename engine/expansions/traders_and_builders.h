// Traders & Builders (shared/rules/expansions/traders-builders.md, TB-xx):
// goods tokens for completing cities and their majorities at the end (TB-04..06),
// the builder and its double turn (TB-09..18), the pig (TB-19..22). Its 24
// tiles are catalogue set "tb".
#pragma once

#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class TradersAndBuilders : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void AfterTilePlaced(Game& game) const override;
  bool CheckOwnFigurePlacement(const Game& game, const PlaceFigureAction& action,
                               std::vector<Violation>& violations) const override;
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
  void AfterScoring(Game& game, const ScoreEvent& event) const override;
  void AfterFeatureCompleted(Game& game, int feature,
                             std::vector<ScoreEvent>& events) const override;
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
};

// TB-15, TB-22: every builder and pig whose owner has no follower left in its
// feature goes back to the supply. The one place of that rule: after a
// scoring (here), and wherever another expansion takes a follower off the
// board (the dragon, PD-14; the princess, PD-21; a tower's capture, TW-T06;
// an escape from a siege, SI-15).
void ReturnLonelyBuildersAndPigs(Game& game);

// CheckSnapshot's part for the goods (each piece on its own, referee.h): only
// with Traders & Builders; of each kind, 0 to the symbols on the tiles
// (kMaxGoods, TB-04).
void CheckTradeGoods(const GameState& state, std::vector<Problem>& problems);

}  // namespace carcassonne

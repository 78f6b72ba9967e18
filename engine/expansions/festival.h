// The Festival (shared/rules/expansions/festival.md, FV-xx): the festival
// tiles (set "festival", fe:01..fe:10, TileType::festival, FV-01) and the
// choice their placer makes in the figure step (FV-03): deploy a figure as
// usual, take one of their own figures on the board back into their supply
// (TakeFigureBackAction), or pass.
//
// - FV-02, FV-06: a festival tile is placed by the normal rules; the symbol
//   is no segment (the catalogue has none for it), so the figure step's
//   placements are the usual ones.
// - FV-03, FV-10: taking a figure back is one of the figure step's actions,
//   instead of any other (the core ends the step with it); so no figure is
//   deployed in the same turn.
// - FV-04, FV-09 (option festival.return): any of the player's figures on
//   the board (followers, big followers, mayor, wagon, builder, pig,
//   ringmaster, shepherd, abbot, and a barn), or with `follower` only the
//   followers (figures.h, IsFollower). It scores nothing. A shepherd's flock
//   goes back into the bag with it (Game::ReturnFigure, HS-15); a builder or
//   pig left without its owner's follower goes back too (TB-15, TB-22).
// - FV-05: a captured follower is a prisoner (GameState.prisoners), not on
//   the board, so it is never offered.
// - FV-07: the figure leaves before the turn's scoring (the step's action is
//   applied before Game::FinishTurn scores the completed features).
// - FV-08: no end-of-game effect (no hook).
//
// Not built (known gaps, rule_options.cc): FV-Q1 (the 2024 set's 2 extra
// tiles), FV-Q2 (the phantom, not in this build), FV-Q3 (a follower in a
// quarter of the Count's city is not on a land tile: not offered); a
// castle's lord and a meeple on top of a tower are not offered (no source
// rules on them, FV-04).
#pragma once

#include <string_view>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Festival : public ExpansionModule {
 public:
  // FV-09: the option festival.return needs the expansion.
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  // FV-03 (b): each figure the player may take back, in the figure step of a
  // festival tile.
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  // FV-03..FV-05, FV-09.
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  // FV-04, FV-07: the figure back to its owner's supply, no points.
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
};

}  // namespace carcassonne

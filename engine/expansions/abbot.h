// The Abbot and gardens (shared/rules/expansions/abbot.md, AB-xx): the abbot
// figure (FigureKind::kAbbot, one per player, Player.abbots), the garden
// (SegmentKind::kGarden) and the garden edition of the tiles (the twins
// `...g` of the catalogue sets, TileType::garden_edition_count, in play with
// the expansion: CopiesInGame).
//
// Built in the core, where the figure and the feature live:
// - AB-01: one abbot per player (FiguresOwned); the garden edition's copies
//   (CopiesInGame: the bag of a new game, the draw without a bag, the
//   snapshot's tile counts).
// - AB-02, AB-06, AB-10: a garden is a one-tile feature completed, like a
//   monastery, by its 8 neighbours and scored like one (engine/rules/
//   scoring.cc: FeatureKind::kGarden, 9 on completion, 1 + neighbours at the
//   end); it joins nothing.
// - AB-03, AB-04, AB-05: the abbot is placed like a follower on the tile
//   just placed, only on a monastery or a garden; only the abbot stands on a
//   garden; on a monastery it is a monk of strength 1 (figures.h,
//   engine/rules/follower_placement.cc).
// - AB-16: the abbot is a follower (IsFollower): the dragon eats it (PD-11),
//   the princess ignores it (it is never in a city), the wagon never moves
//   onto a garden (AM-11); through the magic portal it goes onto an
//   unfinished, unoccupied monastery or garden (AT-05, PD-20, listed by
//   princess_and_dragon.cc).
//
// This module:
// - AB-07, AB-08, AB-09 (RetreatAbbotAction): in the figure step, instead
//   of any other step-2 action, the player takes their abbot back from an
//   incomplete monastery or garden and scores at once 1 for its tile and 1
//   per neighbouring tile. The retreat scores the abbot, never the feature
//   (AT-09): no module modifies it, so no vineyard (AB-11) and no fairy
//   bonus (AB-14); the fairy stays on its tile (PD-19).
// - The combinations this build does not implement are refused in the rule
//   set: the abbot with the Count (its cathedral quarter, AB-15, open AB-Q2)
//   and with the Cult (the abbot on a shrine is [inferred], gardens and the
//   shrine pairing are open, CU-Q2).
//
// Not built (rule_options.cc, known gaps): the C3.1 rulings that differ
// (AB-12 vineyards at a retreat and on gardens: the bonus size is open,
// AB-Q1/SS-Q2; AB-13 town hall tiles, which this build does not have),
// several abbots on one feature (AT-12, community interpretation), the
// tower (not built).
#pragma once

#include <string_view>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Abbot : public ExpansionModule {
 public:
  // AB-15 and the Cult: the combinations not built.
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  // AB-07: the retreat, listed in the figure step.
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  // AB-07, AB-08.
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
};

}  // namespace carcassonne

// Inns & Cathedrals (shared/rules/expansions/inns-cathedrals.md, IC-xx, and
// the current edition, c31-inns-cathedrals.md, IN-xx): the big follower
// (strength 2, engine/figures.h, IC-10, IN-08), inns on roads and cathedrals
// in cities (IC-11, IC-12, IN-12, IN-14). The classic editions' 18 tiles are
// catalogue set "ic"; the current edition's (option ic.edition = c31) "ic31".
#pragma once

#include "engine/expansion_module.h"

namespace carcassonne {

class InnsAndCathedrals : public ExpansionModule {
 public:
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
};

}  // namespace carcassonne

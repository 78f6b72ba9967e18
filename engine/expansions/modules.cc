// The expansion modules of a rule set, in a fixed order.
#include "engine/expansion_module.h"
#include "engine/expansions/inns_and_cathedrals.h"
#include "engine/expansions/traders_and_builders.h"

namespace carcassonne {

std::vector<const ExpansionModule*> ModulesFor(const RuleSet& rules) {
  static const InnsAndCathedrals inns_and_cathedrals;
  static const TradersAndBuilders traders_and_builders;
  std::vector<const ExpansionModule*> modules;
  if (rules.Has(Expansion::kInnsAndCathedrals)) modules.push_back(&inns_and_cathedrals);
  if (rules.Has(Expansion::kTradersAndBuilders)) modules.push_back(&traders_and_builders);
  return modules;
}

}  // namespace carcassonne

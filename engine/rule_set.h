// The rule set of a game: which expansions are on and every rule option, as
// data (shared/rules/README.md, "Rule options at a glance").
#pragma once

#include <algorithm>
#include <vector>

namespace carcassonne {

enum class Expansion {
  kInnsAndCathedrals,
  kTradersAndBuilders,
  kRiver,
  kKingAndRobberBaron,
  kCountOfCarcassonne,
  kMageAndWitch,
};

// Option `base.tiny_city_points` (BG-11): a completed city of two tiles scores
// 2 points per tile (4 in all, the default) or, in the first edition, 1 per tile.
enum class TinyCityPoints { kFourPoints, kTwoPoints };

struct RuleSet {
  std::vector<Expansion> expansions;
  TinyCityPoints tiny_city_points = TinyCityPoints::kFourPoints;

  bool Has(Expansion expansion) const {
    return std::find(expansions.begin(), expansions.end(), expansion) != expansions.end();
  }
};

}  // namespace carcassonne

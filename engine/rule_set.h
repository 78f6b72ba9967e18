// The rule set of a game: which expansions are on and every rule option, as
// data (shared/rules/README.md, "Rule options at a glance").
#pragma once

#include <algorithm>
#include <string_view>
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

// Whether this build implements the rules of `expansion`.
bool IsSupported(Expansion expansion);

// Whether the tiles of catalogue set `set` ("base", "ic", ...) are in a game
// with `rules`: the base set always, an expansion's set when it is on.
bool TileSetInPlay(const RuleSet& rules, std::string_view set);

}  // namespace carcassonne

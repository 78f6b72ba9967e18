// Which expansions this build implements, and which tile sets each brings.
#include "engine/rule_set.h"

#include "engine/tile_type.h"

namespace carcassonne {

bool IsSupported(Expansion expansion) {
  switch (expansion) {
    case Expansion::kInnsAndCathedrals:
    case Expansion::kTradersAndBuilders:
    case Expansion::kRiver:
    case Expansion::kMageAndWitch:
    case Expansion::kKingAndRobberBaron:
    case Expansion::kCountOfCarcassonne:
    case Expansion::kAbbeyAndMayor:
    case Expansion::kBridgesCastlesAndBazaars:
    case Expansion::kCult:
    case Expansion::kSiege:
    case Expansion::kHillsAndSheep:
    case Expansion::kPrincessAndDragon:
    case Expansion::kUnderTheBigTop:
    case Expansion::kTower:
    case Expansion::kAbbot:
    case Expansion::kFestival:
    case Expansion::kPhantom:
      return true;
  }
  return false;
}

int CopiesInGame(const RuleSet& rules, const TileType& type) {
  // Option abbot.gardens = false: the Abbot with the classic edition's tiles.
  if (rules.Has(Expansion::kAbbot) && rules.abbot_gardens && type.garden_edition_count >= 0) {
    return type.garden_edition_count;
  }
  return type.count;
}

bool TileSetInPlay(const RuleSet& rules, std::string_view set) {
  if (set == "base") return true;
  // IN-01: one edition's tiles of Inns & Cathedrals (option ic.edition).
  if (set == "ic") {
    return rules.Has(Expansion::kInnsAndCathedrals) &&
           rules.ic_edition == InnsCathedralsEdition::kClassic;
  }
  if (set == "ic31") {
    return rules.Has(Expansion::kInnsAndCathedrals) &&
           rules.ic_edition == InnsCathedralsEdition::kCurrent;
  }
  if (set == "tb") return rules.Has(Expansion::kTradersAndBuilders);
  if (set == "river") return rules.Has(Expansion::kRiver);
  if (set == "kr") return rules.Has(Expansion::kKingAndRobberBaron);
  if (set == "mw") return rules.Has(Expansion::kMageAndWitch);
  if (set == "am") return rules.Has(Expansion::kAbbeyAndMayor);
  if (set == "count") return rules.Has(Expansion::kCountOfCarcassonne);
  if (set == "bcb") return rules.Has(Expansion::kBridgesCastlesAndBazaars);
  if (set == "cult") return rules.Has(Expansion::kCult);
  if (set == "siege") return rules.Has(Expansion::kSiege);
  if (set == "hs") return rules.Has(Expansion::kHillsAndSheep);
  if (set == "pd") return rules.Has(Expansion::kPrincessAndDragon);
  if (set == "bt") return rules.Has(Expansion::kUnderTheBigTop);
  if (set == "tower") return rules.Has(Expansion::kTower);
  if (set == "festival") return rules.Has(Expansion::kFestival);  // FV-01
  return false;
}

}  // namespace carcassonne

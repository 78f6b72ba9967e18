// Variants as data: the bounds and combinations of the variant options (see
// rule_variants.h).
#include "engine/rule_variants.h"

#include "engine/text.h"

namespace carcassonne {
namespace {

void CheckRange(int value, int low, int high, std::string_view option, std::string_view field,
                std::string_view prefix, std::vector<Problem>& problems) {
  if (value < low || value > high) {
    problems.push_back({Cat(prefix, field), Cat("option ", option, " is ", low, " to ", high,
                                                " per player, not ", value)});
  }
}

}  // namespace

void CheckVariantOptions(const RuleSet& rules, std::string_view prefix,
                         std::vector<Problem>& problems) {
  // The figure supplies (base.followers, ic.big_followers, am.barns).
  CheckRange(rules.followers, kMinFollowers, kMaxFollowers, "base.followers", "followers", prefix,
             problems);
  CheckRange(rules.ic_big_followers, 0, kMaxBigFollowers, "ic.big_followers", "ic_big_followers",
             prefix, problems);
  if (rules.ic_big_followers != 1 && !rules.Has(Expansion::kInnsAndCathedrals)) {
    problems.push_back({Cat(prefix, "ic_big_followers"),
                        "option ic.big_followers needs EXPANSION_INNS_AND_CATHEDRALS (IC-07)"});
  }
  CheckRange(rules.am_barns, kMinBarns, kMaxBarns, "am.barns", "am_barns", prefix, problems);
  if (rules.am_barns != 1 && !(rules.Has(Expansion::kAbbeyAndMayor) && rules.am_barn)) {
    problems.push_back({Cat(prefix, "am_barns"), "option am.barns needs am_barn (AM-01, AM-15)"});
  }
  // No farmers (BG-05, BG-22): the pieces that exist only for fields.
  if (!rules.farmers) {
    if (rules.am_barn) {
      // AM-15..AM-20: a barn is placed to score fields.
      problems.push_back({Cat(prefix, "farmers"),
                          "a game without farmers scores no field, so it has no barn: set am_barn "
                          "false (AM-15, AM-17)"});
    }
    if (rules.Has(Expansion::kCountOfCarcassonne)) {
      // CO-11: the market quarter's followers go only into fields.
      problems.push_back({Cat(prefix, "farmers"),
                          "the Count's market quarter sends its followers only into fields "
                          "(CO-11): a game without farmers cannot be played with "
                          "EXPANSION_COUNT_OF_CARCASSONNE in this build"});
    }
  }
  // An expansion's tiles without one of its elements: false needs the
  // expansion (with it off, the element is not in the game anyway).
  const struct {
    bool on;
    Expansion expansion;
    std::string_view field;
    std::string_view needs;
  } elements[] = {
      {rules.hs_hills, Expansion::kHillsAndSheep, "hs_hills", "EXPANSION_HILLS_AND_SHEEP"},
      {rules.hs_vineyards, Expansion::kHillsAndSheep, "hs_vineyards", "EXPANSION_HILLS_AND_SHEEP"},
      {rules.ic_inns, Expansion::kInnsAndCathedrals, "ic_inns", "EXPANSION_INNS_AND_CATHEDRALS"},
      {rules.ic_cathedrals, Expansion::kInnsAndCathedrals, "ic_cathedrals",
       "EXPANSION_INNS_AND_CATHEDRALS"},
      {rules.pd_portal, Expansion::kPrincessAndDragon, "pd_portal",
       "EXPANSION_PRINCESS_AND_DRAGON"},
      {rules.pd_princess_symbol, Expansion::kPrincessAndDragon, "pd_princess_symbol",
       "EXPANSION_PRINCESS_AND_DRAGON"},
      {rules.siege_besieged, Expansion::kSiege, "siege_besieged", "EXPANSION_SIEGE"},
      {rules.abbot_gardens, Expansion::kAbbot, "abbot_gardens", "EXPANSION_ABBOT"},
  };
  for (const auto& element : elements) {
    if (!element.on && !rules.Has(element.expansion)) {
      problems.push_back(
          {Cat(prefix, element.field), Cat("false (without this element) needs ", element.needs)});
    }
  }
  // The C3.1 vineyards around gardens (AB-12, AT-14): needs vineyards and
  // gardens in the game.
  if (rules.hs_vineyards_around_gardens &&
      !(rules.Has(Expansion::kHillsAndSheep) && rules.hs_vineyards &&
        rules.Has(Expansion::kAbbot) && rules.abbot_gardens)) {
    problems.push_back({Cat(prefix, "hs_vineyards_around_gardens"),
                        "vineyards around gardens need EXPANSION_HILLS_AND_SHEEP with its "
                        "vineyards and EXPANSION_ABBOT with its gardens (AB-12, AT-14)"});
  }
  // The classic editions' incomplete inn road / cathedral city (IC-12).
  switch (rules.ic_classic_incomplete_inn_cathedral) {
    case IncompleteInnCathedral::kZero:
      break;
    case IncompleteInnCathedral::kNotChosen:
      problems.push_back({Cat(prefix, "ic_classic_incomplete_inn_cathedral"),
                          "choose zero (IC-12) or ordinary (BG-21)"});
      break;
    case IncompleteInnCathedral::kOrdinary:
      if (!rules.Has(Expansion::kInnsAndCathedrals) ||
          rules.ic_edition != InnsCathedralsEdition::kClassic) {
        problems.push_back({Cat(prefix, "ic_classic_incomplete_inn_cathedral"),
                            "this option is the classic editions' (IC-12): it needs "
                            "EXPANSION_INNS_AND_CATHEDRALS with ic_edition IC_EDITION_CLASSIC "
                            "(the current edition's is ic_c31_incomplete_inn_cathedral)"});
      }
      break;
  }
}

int BarnsOwned(const RuleSet& rules) { return rules.am_barn ? rules.am_barns : 0; }

}  // namespace carcassonne

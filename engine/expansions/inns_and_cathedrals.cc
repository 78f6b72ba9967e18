// Inns & Cathedrals: inn and cathedral values (IC-11, IC-12; the current
// edition's IN-12, IN-14) and the edition options (IN-01).
#include "engine/expansions/inns_and_cathedrals.h"

#include "engine/game.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// Replaces the per-unit value of every common line item of the event.
void Revalue(ScoreEvent& event, int points_each, std::string_view rule_id) {
  for (LineItem& item : event.line_items) {
    if (item.player >= 0) continue;
    const std::string unit = item.description.substr(0, item.description.rfind(" × "));
    item.points_each = points_each;
    item.points = item.count * points_each;
    item.description = Cat(unit, " × ", points_each);
    item.rule_id = rule_id;
  }
}

// At the end, an incomplete road with an inn or city with a cathedral: the
// classic editions score nothing (IC-12) unless option
// ic.classic_incomplete_inn_cathedral = ordinary leaves the ordinary value
// (BG-21); the current edition scores what its option says (IN-14: zero, or
// the ordinary value, left as it is).
void ScoreIncomplete(const RuleSet& rules, ScoreEvent& event) {
  if (rules.ic_edition == InnsCathedralsEdition::kClassic) {
    if (rules.ic_classic_incomplete_inn_cathedral != IncompleteInnCathedral::kOrdinary) {
      Revalue(event, 0, "IC-12");
    }
  } else if (rules.ic_c31_incomplete_inn_cathedral == IncompleteInnCathedral::kZero) {
    Revalue(event, 0, "IN-14");
  }
}

}  // namespace

void InnsAndCathedrals::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                                         std::vector<Problem>& problems) const {
  const bool current = rules.ic_edition == InnsCathedralsEdition::kCurrent;
  if (current && !rules.Has(Expansion::kInnsAndCathedrals)) {
    problems.push_back({Cat(prefix, "ic_edition"),
                        "an Inns & Cathedrals edition needs EXPANSION_INNS_CATHEDRALS"});
  }
  const bool chosen = rules.ic_c31_incomplete_inn_cathedral != IncompleteInnCathedral::kNotChosen;
  if (chosen && !current) {
    problems.push_back({Cat(prefix, "ic_c31_incomplete_inn_cathedral"),
                        "this option is the current edition's: it needs ic_edition = "
                        "IC_EDITION_C31 (IN-14)"});
  } else if (current && !chosen && rules.Has(Expansion::kInnsAndCathedrals)) {
    // IN-14, IN-Q1: the current edition changed the end-game value of these
    // features and the new rule is not known; the caller chooses a reading.
    problems.push_back({Cat(prefix, "ic_c31_incomplete_inn_cathedral"),
                        "the current edition's end-game value of an incomplete inn road or "
                        "cathedral city is not known (IN-14, IN-Q1): choose "
                        "IC_INCOMPLETE_INN_CATHEDRAL_ZERO (as C1/C2, IC-12) or "
                        "IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY (as any incomplete feature, BG-21)"});
  }
}

void InnsAndCathedrals::ModifyScore(const Game& game, int feature, ScoreEvent& event) const {
  const FeatureSummary& summary = game.board().Feature(feature);
  // Options ic.inns, ic.cathedrals = false: the tiles as if their inns or
  // cathedrals were not printed.
  const RuleSet& rules = game.state().rules;
  const bool inn_road = event.feature_kind == FeatureKind::kRoad && summary.inn && rules.ic_inns;
  const bool cathedral_city =
      event.feature_kind == FeatureKind::kCity && summary.cathedral && rules.ic_cathedrals;
  if (!inn_road && !cathedral_city) return;
  if (!event.complete) {
    ScoreIncomplete(game.state().rules, event);
    return;
  }
  const bool current = game.state().rules.ic_edition == InnsCathedralsEdition::kCurrent;
  // IC-11 (IN-12 in the current edition, the same values): a completed road
  // with an inn scores 2 per tile; a completed city with a cathedral 3 per
  // tile and per coat of arms. Several inns or cathedrals do not add up.
  Revalue(event, inn_road ? 2 : 3, current ? "IN-12" : "IC-11");
}

}  // namespace carcassonne

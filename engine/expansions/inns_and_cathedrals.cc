// Inns & Cathedrals: inn and cathedral values (IC-11, IC-12).
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

}  // namespace

void InnsAndCathedrals::ModifyScore(const Game& game, int feature, ScoreEvent& event) const {
  const FeatureSummary& summary = game.board().Feature(feature);
  if (event.feature_kind == FeatureKind::kRoad && summary.inn) {
    // IC-11: a completed road with an inn scores 2 per tile; IC-12: an
    // incomplete one scores nothing at the end.
    Revalue(event, event.complete ? 2 : 0, event.complete ? "IC-11" : "IC-12");
  } else if (event.feature_kind == FeatureKind::kCity && summary.cathedral) {
    // IC-11: a completed city with a cathedral scores 3 per tile and per coat
    // of arms; IC-12: an incomplete one scores nothing at the end.
    Revalue(event, event.complete ? 3 : 0, event.complete ? "IC-11" : "IC-12");
  }
}

}  // namespace carcassonne

// Scoring events.
#include "engine/score_event.h"

namespace carcassonne {

std::string_view FeatureKindName(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::kRoad:
      return "road";
    case FeatureKind::kCity:
      return "city";
    case FeatureKind::kMonastery:
      return "monastery";
    case FeatureKind::kField:
      return "field";
  }
  return "?";
}

int ScoreEvent::Total() const {
  int total = 0;
  for (const LineItem& item : line_items) total += item.points;
  return total;
}

}  // namespace carcassonne

// Feature scoring (BG-06, BG-10..12, BG-21..23).
#include "engine/rules/scoring.h"

#include <algorithm>

#include "absl/container/flat_hash_set.h"
#include "engine/figures.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

std::optional<FeatureKind> KindOf(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::kRoad:
      return FeatureKind::kRoad;
    case SegmentKind::kCity:
      return FeatureKind::kCity;
    case SegmentKind::kMonastery:
      return FeatureKind::kMonastery;
    case SegmentKind::kField:
      return FeatureKind::kField;
    case SegmentKind::kGarden:
      return FeatureKind::kGarden;
    case SegmentKind::kRiver:
    case SegmentKind::kCircusSpace:
    case SegmentKind::kAcrobatSpace:
    case SegmentKind::kTowerFoundation:  // TW-14: towers never score
      return std::nullopt;
  }
  return std::nullopt;
}

std::string Plural(int count, std::string_view one, std::string_view many) {
  return Cat(count, " ", count == 1 ? one : many);
}

LineItem Item(int count, std::string_view one, std::string_view many, int points_each,
              std::string_view rule_id) {
  return {Cat(Plural(count, one, many), " × ", points_each), count, points_each,
          count * points_each, rule_id};
}

// BG-22: the completed cities that a field borders, each counted once.
int CompletedCitiesBordered(const Board& board, const std::vector<SegmentAddress>& field) {
  absl::flat_hash_set<int> cities;
  for (const SegmentAddress& address : field) {
    const int tile_index = board.TileIndexAt(address.cell);
    const SegmentType& segment = board.tile(tile_index).type().segments[address.segment_index];
    for (int city = 0; city < kMaxSegmentsPerTile; ++city) {
      if (segment.bordered_cities & (1u << city)) {
        cities.insert(board.FeatureOf(board.SegmentId(tile_index, city)));
      }
    }
  }
  int completed = 0;
  for (int city : cities) completed += IsComplete(board, city) ? 1 : 0;
  return completed;
}

std::vector<LineItem> LineItems(const Board& board, const GameState& state, int feature,
                                FeatureKind kind, bool complete,
                                const std::vector<SegmentAddress>& segments, int tile_count) {
  const FeatureSummary& summary = board.Feature(feature);
  std::vector<LineItem> items;
  switch (kind) {
    case FeatureKind::kRoad:
      // BG-10 complete road, BG-21 incomplete road: 1 point per tile.
      items.push_back(Item(tile_count, "tile", "tiles", 1, complete ? "BG-10" : "BG-21"));
      break;
    case FeatureKind::kCity:
      if (complete) {
        // BG-11: 2 per tile and 2 per coat of arms; first edition: a 2-tile
        // city scores 1 per tile (option base.tiny_city_points) and, by
        // AMB-46, 1 per coat of arms (both rates halved).
        const bool tiny =
            tile_count == 2 && state.rules.tiny_city_points == TinyCityPoints::kTwoPoints;
        items.push_back(Item(tile_count, "tile", "tiles", tiny ? 1 : 2, "BG-11"));
        if (summary.coats_of_arms > 0) {
          items.push_back(Item(summary.coats_of_arms, "coat of arms", "coats of arms", tiny ? 1 : 2,
                               tiny ? "AMB-46" : "BG-11"));
        }
      } else {
        // BG-21: 1 per tile and 1 per coat of arms.
        items.push_back(Item(tile_count, "tile", "tiles", 1, "BG-21"));
        if (summary.coats_of_arms > 0) {
          items.push_back(Item(summary.coats_of_arms, "coat of arms", "coats of arms", 1, "BG-21"));
        }
      }
      break;
    case FeatureKind::kMonastery:
      // BG-12 complete (9), BG-21 incomplete: its tile plus each neighbour present.
      items.push_back(Item(tile_count, "tile", "tiles", 1, complete ? "BG-12" : "BG-21"));
      break;
    case FeatureKind::kGarden:
      // AB-06 complete (9, like BG-12), AB-10 incomplete (like BG-21): its
      // tile plus each neighbour present. Only an abbot stands on a garden
      // (AB-04), so a garden is scored only with one.
      items.push_back(Item(tile_count, "tile", "tiles", 1, complete ? "AB-06" : "AB-10"));
      break;
    case FeatureKind::kTradeGoods:
    case FeatureKind::kKing:
    case FeatureKind::kRobberBaron:
    case FeatureKind::kCastle:
    case FeatureKind::kCircus:
    case FeatureKind::kFairy:
    case FeatureKind::kRansom:
    case FeatureKind::kFlock:
    case FeatureKind::kBazaar:
      break;
    case FeatureKind::kField:
      // BG-22: 3 per completed city bordered.
      items.push_back(Item(CompletedCitiesBordered(board, segments), "completed city",
                           "completed cities", 3, "BG-22"));
      // CO-22 (BG-22): a field on the Count's tiles borders the City of
      // Carcassonne, one more completed city, once per field.
      if (std::any_of(segments.begin(), segments.end(), [&](const SegmentAddress& address) {
            const BoardTile& tile = board.tile(board.TileIndexAt(address.cell));
            return tile.type().segments[address.segment_index].borders_city_of_carcassonne;
          })) {
        items.push_back({"City of Carcassonne: 1 completed city × 3", 1, 3, 3, "CO-22"});
      }
      break;
  }
  return items;
}

// The feature's kind, trigger, completion, tiles, segments and line items.
void Describe(const Board& board, const GameState& state, int root, FeatureKind kind,
              ScoringTrigger trigger, ScoreEvent& event) {
  event.feature_kind = kind;
  event.trigger = trigger;
  event.complete = IsComplete(board, root);
  event.segments = board.SegmentsOf(root);
  if (kind == FeatureKind::kMonastery || kind == FeatureKind::kGarden) {
    const Position cell = board.AddressOf(root).cell;
    event.tiles.push_back(cell);
    for (Position around : Surrounding(cell)) {
      if (board.HasTile(around)) event.tiles.push_back(around);
    }
  } else {
    for (int tile_index : board.TilesOf(root)) event.tiles.push_back(board.tile(tile_index).cell());
  }
  event.line_items = LineItems(board, state, root, kind, event.complete, event.segments,
                               static_cast<int>(event.tiles.size()));
}

}  // namespace

Majority FindMajority(const std::vector<int>& followers_per_player) {
  Majority majority;
  for (int count : followers_per_player) majority.strength = std::max(majority.strength, count);
  if (majority.strength == 0) return majority;
  for (int player = 0; player < static_cast<int>(followers_per_player.size()); ++player) {
    if (followers_per_player[player] == majority.strength) majority.players.push_back(player);
  }
  return majority;
}

int FigureStrength(const Board& board, int feature, FigureKind kind) {
  // AM-09: the mayor counts the coats of arms of the whole city when it is
  // scored; it never changes the city's points.
  if (kind == FigureKind::kMayor) return board.Feature(board.FeatureOf(feature)).coats_of_arms;
  return MajorityStrength(kind);
}

bool IsComplete(const Board& board, int feature) {
  const FeatureSummary& summary = board.Feature(feature);
  switch (summary.kind) {
    case SegmentKind::kRoad:
    case SegmentKind::kCity:
    case SegmentKind::kRiver:
      return summary.open_edges == 0;
    case SegmentKind::kMonastery:
    case SegmentKind::kGarden:  // AB-06: a garden completes as a monastery does
      return board.SurroundingTileCount(board.AddressOf(feature).cell) == 8;
    case SegmentKind::kField:
    case SegmentKind::kCircusSpace:
    case SegmentKind::kAcrobatSpace:
    case SegmentKind::kTowerFoundation:
      return false;
  }
  return false;
}

std::optional<ScoreEvent> ScoreFeature(const Board& board, const GameState& state, int feature,
                                       ScoringTrigger trigger) {
  const int root = board.FeatureOf(feature);
  const FeatureSummary& summary = board.Feature(root);
  const std::optional<FeatureKind> kind = KindOf(summary.kind);
  if (!kind) return std::nullopt;

  ScoreEvent event;
  // BG-06 with IC-10 and AM-09: each follower counts its strength; builders
  // and pigs count nothing and stay (TB-10, TB-20).
  std::vector<int> strength(state.players.size(), 0);
  for (const Figure& figure : state.figures) {
    if (!IsFollower(figure.kind)) continue;
    const int segment = board.SegmentId(figure.segment);
    if (segment < 0 || board.FeatureOf(segment) != root) continue;
    strength[figure.owner] += FigureStrength(board, root, figure.kind);
    // AMB-12, CO-38 (option count.mayor_wagon_count_as_two): a mayor or wagon
    // redeployed from Carcassonne counts as two followers in this scoring.
    if (state.rules.count_mayor_wagon_count_as_two &&
        std::find(state.count.from_quarters.begin(), state.count.from_quarters.end(), figure) !=
            state.count.from_quarters.end()) {
      strength[figure.owner] += 2 - FigureStrength(board, root, figure.kind);
    }
    event.returned_figures.push_back(figure);
  }
  const Majority majority = FindMajority(strength);
  // AM-09: followers of strength 0 (a mayor in a city without coats of arms)
  // score nothing, but still go back: an event with no majority and no points.
  if (event.returned_figures.empty()) return std::nullopt;

  Describe(board, state, root, *kind, trigger, event);
  event.majority_players = majority.players;
  event.majority_strength = majority.strength;
  event.SettlePoints();
  return event;
}

std::optional<ScoreEvent> FeatureValue(const Board& board, const GameState& state, int feature,
                                       ScoringTrigger trigger) {
  const int root = board.FeatureOf(feature);
  const std::optional<FeatureKind> kind = KindOf(board.Feature(root).kind);
  if (!kind) return std::nullopt;
  ScoreEvent event;
  Describe(board, state, root, *kind, trigger, event);
  return event;
}

std::vector<int> OccupiedFeatures(const Board& board, const GameState& state) {
  std::vector<int> features;
  for (const Figure& figure : state.figures) {
    const int segment = board.SegmentId(figure.segment);
    if (segment < 0) continue;
    const int root = board.FeatureOf(segment);
    if (std::find(features.begin(), features.end(), root) == features.end()) {
      features.push_back(root);
    }
  }
  auto order = [&](int feature) {
    const SegmentKind kind = board.Feature(feature).kind;
    int rank = 4;
    if (kind == SegmentKind::kRoad) rank = 0;
    if (kind == SegmentKind::kCity) rank = 1;
    if (kind == SegmentKind::kMonastery || kind == SegmentKind::kGarden) rank = 2;
    if (kind == SegmentKind::kField) rank = 3;
    return std::pair(rank, feature);
  };
  std::sort(features.begin(), features.end(), [&](int a, int b) { return order(a) < order(b); });
  return features;
}

}  // namespace carcassonne

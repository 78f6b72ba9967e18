// The base game's 24 classic land tile types, base:A .. base:X (72 tiles; the
// start tile is one of the four base:D), as printed, in catalogue orientation
// (rotation 0, north up). Counts are the classic edition's (no garden twins).
// Transcribes shared/reference/tiles/base.yaml line by line: same segment order
// and local ids; tests/engine/catalogue_test.cc checks it against that file.
//
// Reading a line:
//   Tile(id, count, {N side, E side, S side, W side}, description, segments...)
//   City(id, {sides it touches}, coats_of_arms)   Road(id, {sides it touches})
//   Field(id, {half-edges it touches}, {ids of the cities on this tile it borders})
//   Monastery(id)                                 (touches no side)
#include <array>
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "engine/tile_type.h"

namespace carcassonne {
namespace {

using enum Terrain;

// Sides (bit = side index) and half-edges (bit = half-edge index), as in geometry.h.
enum Edge : uint8_t { N, E, S, W };
enum HalfEdge : uint8_t { NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW };

// Up to this many city names in one field's `cities` list.
inline constexpr int kMaxBorderedCities = 4;

// A segment as written in the table; city references are still local ids.
struct SegmentSpec {
  std::string_view id;
  SegmentKind kind = SegmentKind::kField;
  SideMask edges = 0;
  HalfEdgeMask half_edges = 0;
  std::array<std::string_view, kMaxBorderedCities> cities{};
  int city_count = 0;
  uint8_t coats_of_arms = 0;
};

struct TileSpec {
  std::string_view id;
  int count = 0;
  bool start_tile = false;
  std::array<Terrain, 4> sides{};
  std::string_view description;
  std::array<SegmentSpec, kMaxSegmentsPerTile> segments{};
  int segment_count = 0;
};

constexpr SideMask Edges(std::initializer_list<Edge> edges) {
  SideMask mask = 0;
  for (Edge edge : edges) mask = static_cast<SideMask>(mask | (1u << edge));
  return mask;
}

constexpr HalfEdgeMask HalfEdges(std::initializer_list<HalfEdge> half_edges) {
  HalfEdgeMask mask = 0;
  for (HalfEdge half_edge : half_edges) mask = static_cast<HalfEdgeMask>(mask | (1u << half_edge));
  return mask;
}

constexpr SegmentSpec City(std::string_view id, std::initializer_list<Edge> edges,
                           int coats_of_arms = 0) {
  return {.id = id,
          .kind = SegmentKind::kCity,
          .edges = Edges(edges),
          .coats_of_arms = static_cast<uint8_t>(coats_of_arms)};
}

constexpr SegmentSpec Road(std::string_view id, std::initializer_list<Edge> edges) {
  return {.id = id, .kind = SegmentKind::kRoad, .edges = Edges(edges)};
}

constexpr SegmentSpec Field(std::string_view id, std::initializer_list<HalfEdge> half_edges,
                            std::initializer_list<std::string_view> cities = {}) {
  SegmentSpec spec{.id = id, .kind = SegmentKind::kField, .half_edges = HalfEdges(half_edges)};
  // More than kMaxBorderedCities names fail the static_assert below.
  spec.city_count = static_cast<int>(cities.size());
  int c = 0;
  for (std::string_view city : cities) {
    if (c < kMaxBorderedCities) spec.cities[c++] = city;
  }
  return spec;
}

constexpr SegmentSpec Monastery(std::string_view id) {
  return {.id = id, .kind = SegmentKind::kMonastery};
}

constexpr TileSpec Tile(std::string_view id, int count, std::array<Terrain, 4> sides,
                        std::string_view description, std::same_as<SegmentSpec> auto... segments) {
  static_assert(sizeof...(segments) <= kMaxSegmentsPerTile);
  return {.id = id,
          .count = count,
          .sides = sides,
          .description = description,
          .segments = {segments...},
          .segment_count = static_cast<int>(sizeof...(segments))};
}

constexpr TileSpec StartTile(std::string_view id, int count, std::array<Terrain, 4> sides,
                             std::string_view description,
                             std::same_as<SegmentSpec> auto... segments) {
  TileSpec spec = Tile(id, count, sides, description, segments...);
  spec.start_tile = true;
  return spec;
}

// clang-format off
constexpr std::array kBaseTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)
  Tile("base:A", 2, {kField, kField, kRoad, kField}, "road S (ends on tile); monastery",
       Road("r1", {S}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW})),
  Tile("base:B", 4, {kField, kField, kField, kField}, "monastery",
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW})),
  Tile("base:C", 1, {kCity, kCity, kCity, kCity}, "city N+E+S+W (1 coat of arms)",
       City("c1", {N, E, S, W}, /*coats_of_arms=*/1)),
  StartTile("base:D", 4, {kCity, kRoad, kField, kRoad}, "city N; road E-W",
       City("c1", {N}),
       Road("r1", {E, W}),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {ESE, SSE, SSW, WSW})),
  Tile("base:E", 5, {kCity, kField, kField, kField}, "city N",
       City("c1", {N}),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"})),
  Tile("base:F", 2, {kField, kCity, kField, kCity}, "city E+W (1 coat of arms)",
       City("c1", {E, W}, /*coats_of_arms=*/1),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"})),
  Tile("base:G", 1, {kField, kCity, kField, kCity}, "city E+W",
       City("c1", {E, W}),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"})),
  Tile("base:H", 3, {kCity, kField, kCity, kField}, "city N; city S",
       City("c1", {N}),
       City("c2", {S}),
       Field("f1", {ENE, ESE, WSW, WNW}, {"c1", "c2"})),
  Tile("base:I", 2, {kCity, kField, kField, kCity}, "city N; city W",
       City("c1", {N}),
       City("c2", {W}),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1", "c2"})),
  Tile("base:J", 3, {kCity, kRoad, kRoad, kField}, "city N; road E-S",
       City("c1", {N}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ESE, SSE})),
  Tile("base:K", 3, {kCity, kField, kRoad, kRoad}, "city N; road S-W",
       City("c1", {N}),
       Road("r1", {S, W}),
       Field("f1", {ENE, ESE, SSE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW})),
  Tile("base:L", 3, {kCity, kRoad, kRoad, kRoad},
       "city N; road E (ends on tile); road S (ends on tile); road W (ends on tile)",
       City("c1", {N}),
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}),
       Field("f3", {ESE, SSE})),
  Tile("base:M", 2, {kCity, kField, kField, kCity}, "city N+W (1 coat of arms)",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("base:N", 3, {kCity, kField, kField, kCity}, "city N+W",
       City("c1", {N, W}),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("base:O", 2, {kCity, kRoad, kRoad, kCity}, "city N+W (1 coat of arms); road E-S",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE})),
  Tile("base:P", 3, {kCity, kRoad, kRoad, kCity}, "city N+W; road E-S",
       City("c1", {N, W}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE})),
  Tile("base:Q", 1, {kCity, kCity, kField, kCity}, "city N+E+W (1 coat of arms)",
       City("c1", {N, E, W}, /*coats_of_arms=*/1),
       Field("f1", {SSE, SSW}, {"c1"})),
  Tile("base:R", 3, {kCity, kCity, kField, kCity}, "city N+E+W",
       City("c1", {N, E, W}),
       Field("f1", {SSE, SSW}, {"c1"})),
  Tile("base:S", 2, {kCity, kCity, kRoad, kCity},
       "city N+E+W (1 coat of arms); road S (ends on tile)",
       City("c1", {N, E, W}, /*coats_of_arms=*/1),
       Road("r1", {S}),
       Field("f1", {SSE}, {"c1"}),
       Field("f2", {SSW}, {"c1"})),
  Tile("base:T", 1, {kCity, kCity, kRoad, kCity}, "city N+E+W; road S (ends on tile)",
       City("c1", {N, E, W}),
       Road("r1", {S}),
       Field("f1", {SSE}, {"c1"}),
       Field("f2", {SSW}, {"c1"})),
  Tile("base:U", 8, {kField, kRoad, kField, kRoad}, "road E-W",
       Road("r1", {E, W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW})),
  Tile("base:V", 9, {kField, kField, kRoad, kRoad}, "road S-W",
       Road("r1", {S, W}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW})),
  Tile("base:W", 4, {kField, kRoad, kRoad, kRoad},
       "road E (ends on tile); road S (ends on tile); road W (ends on tile)",
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {SSW, WSW})),
  Tile("base:X", 1, {kRoad, kRoad, kRoad, kRoad},
       "road N (ends on tile); road E (ends on tile); road S (ends on tile); road W (ends on tile)",
       Road("r1", {N}),
       Road("r2", {E}),
       Road("r3", {S}),
       Road("r4", {W}),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW})),
};
// clang-format on

// Index of the segment `id` on `tile`, or -1.
constexpr int IndexOf(const TileSpec& tile, std::string_view id) {
  for (int i = 0; i < tile.segment_count; ++i) {
    if (tile.segments[i].id == id) return i;
  }
  return -1;
}

// Every name in a field's `cities` list is a city segment of the same tile.
constexpr bool CityReferencesResolve(const TileSpec& tile) {
  for (int i = 0; i < tile.segment_count; ++i) {
    const SegmentSpec& segment = tile.segments[i];
    if (segment.city_count > kMaxBorderedCities) return false;
    for (int c = 0; c < segment.city_count; ++c) {
      const int index = IndexOf(tile, segment.cities[c]);
      if (index < 0 || tile.segments[index].kind != SegmentKind::kCity) return false;
    }
    if (segment.city_count > 0 && segment.kind != SegmentKind::kField) return false;
  }
  return true;
}

constexpr bool AllCityReferencesResolve() {
  for (const TileSpec& tile : kBaseTiles) {
    if (!CityReferencesResolve(tile)) return false;
  }
  return true;
}

constexpr int TotalCount() {
  int total = 0;
  for (const TileSpec& tile : kBaseTiles) total += tile.count;
  return total;
}

static_assert(AllCityReferencesResolve(),
              "a field borders a segment that is not a city of its tile");
static_assert(kBaseTiles.size() == 24, "the base game has 24 tile types");
static_assert(TotalCount() == 72, "the base game has 72 tiles");

TileType MakeTileType(const TileSpec& spec) {
  TileType tile;
  tile.id = spec.id;
  tile.set = "base";
  tile.count = spec.count;
  tile.start_tile = spec.start_tile;
  tile.sides = spec.sides;
  tile.description = spec.description;
  tile.segments.reserve(spec.segment_count);
  for (int i = 0; i < spec.segment_count; ++i) {
    const SegmentSpec& s = spec.segments[i];
    SegmentType segment{.id = s.id,
                        .kind = s.kind,
                        .edges = s.edges,
                        .half_edges = s.half_edges,
                        .coats_of_arms = s.coats_of_arms};
    for (int c = 0; c < s.city_count; ++c) {
      segment.bordered_cities =
          static_cast<uint16_t>(segment.bordered_cities | (1u << IndexOf(spec, s.cities[c])));
    }
    tile.segments.push_back(segment);
  }
  return tile;
}

}  // namespace

const TileSet& BaseTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = [] {
    auto* base = new TileSet{.name = "base",
                             .title = "Carcassonne base game (classic 72 land tiles, letters A-X)",
                             .tiles = {}};
    base->tiles.reserve(kBaseTiles.size());
    for (const TileSpec& spec : kBaseTiles) base->tiles.push_back(MakeTileType(spec));
    return base;
  }();
  return *set;
}

}  // namespace carcassonne

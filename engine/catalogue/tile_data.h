// The small vocabulary in which the tile set files under engine/catalogue/
// write their tables (one file per set, each transcribing its facts file in
// shared/reference/tiles/ line by line), and the code that turns such a table
// into a TileSet. Only the set files include this header.
//
// Reading a line of a table:
//   Tile(id, count, {N side, E side, S side, W side}, description, segments...)
//   StartTile(...)                                (same, for the start tile)
//   City(id, {sides it touches}, coats_of_arms)   Road(id, {sides it touches})
//   River(id, {sides it touches})
//   Field(id, {half-edges it touches}, {ids of the cities on this tile it borders})
//   EnclosedField(id, {ids of the cities it borders})  (touches no side)
//   Monastery(id)                                 (touches no side)
//   CircusSpace(id)   AcrobatSpace(id)            (Under the Big Top; no side)
// Symbols follow the segment they are printed on:
//   City(...).WithCathedral()   City(...).WithGoods(Goods::kWine)
//   City(...).NoCastleBase()    Road(...).WithInn()   Field(...).WithPigHerd()
//   Road(...).WithWell()        Road(...).WithTunnel()          (Abbey & Mayor)
// and tile flags follow the tile:
//   Tile(...).WithMagicSymbol()   Tile(...).WithRiverRole(RiverRole::kLake)
//   Tile(...).WithVolcano()   Tile(...).WithBazaar()   (Bridges, Castles & Bazaars)
//   Tile(...).AtCityLayout(dx, dy)   Tile(...).WithQuarters()   (the Count)
//   Tile(...).Connects({"r1", "c1"})   (Abbey & Mayor, AM-13, the C1 wagon:
//       segments that meet on the tile: a road and the city gate or monastery
//       door it ends at, the roads ending at one junction, a monastery and the
//       city around it; one call per meeting point). The facts files do not
//       have these: they are read off the tiles as drawn (what a road "ends
//       on this tile" at), compared with JCloisterZone's wagon-move groups;
//       tests/engine/wagon_c1_test.cc reads every tile against the usual
//       pattern and lists the tiles that differ, each with its reason.
//   Field(...).BordersCityOfCarcassonne()                       (the Count)
//   Monastery(...).Shrine()                                     (The Cult)
//   City(...).Besieged()   Tile(...).InPart("cathars")          (Siege)
//   Tile(...).InHereticsAndShrines(copies)    (The Cult: the 5-tile set's count)
//   Tile(...).WithHill()   Tile(...).WithVineyard()               (Hills & Sheep)
//   City(id, {N, E}).SharesSide(N, "c1")   (Hills & Sheep, HS-27: side N is
//                                           also c1's; facts `shared_side`)
//   Tile(...).WithDragonSymbol()   Tile(...).WithMagicPortal()
//   City(...).WithPrincess()                       (The Princess & the Dragon)
//   TowerFoundation(id)                              (The Tower; no side)
//   Tile(...).WithFestival()                                   (the Festival, FV-01)
//   Garden(id)                                    (the Abbot, AB-02; touches no side)
//   Tile(id, 0, ...).GardenTwinOf("base:M", copies)  (the Abbot, AB-01: the
//       garden edition's twin of base:M; each of its copies replaces one
//       copy of base:M in that edition, facts `counts.garden_edition`)
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>

#include "engine/geometry.h"
#include "engine/tile_type.h"

namespace carcassonne::tile_data {

using enum Terrain;

// Sides (bit = side index) and half-edges (bit = half-edge index), as in geometry.h.
enum Edge : uint8_t { N, E, S, W };
enum HalfEdge : uint8_t { NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW };

// Up to this many city names in one field's `cities` list.
inline constexpr int kMaxBorderedCities = 4;
// AM-13: up to this many meeting points on a tile, of up to this many segments.
inline constexpr int kMaxMeetingPoints = 4;
inline constexpr int kMaxConnected = 5;

// A segment as written in a table; city references are still local ids.
struct SegmentSpec {
  std::string_view id;
  SegmentKind kind = SegmentKind::kField;
  SideMask edges = 0;
  HalfEdgeMask half_edges = 0;
  std::array<std::string_view, kMaxBorderedCities> cities{};
  int city_count = 0;
  uint8_t coats_of_arms = 0;
  bool inn = false;
  bool cathedral = false;
  Goods goods = Goods::kNone;
  bool pig_herd = false;
  bool no_castle_base = false;
  bool coc_adjacent = false;
  bool well = false;
  bool tunnel = false;
  bool road_stub = false;
  bool shrine = false;
  bool besieged = false;
  SideMask shared_sides = 0;
  std::string_view shared_with = {};

  // Hills & Sheep (HS-27): the city reaches `side`, which it shares with the
  // city segment `with` of the same tile.
  constexpr SegmentSpec SharesSide(Edge side, std::string_view with) const {
    SegmentSpec spec = *this;
    spec.shared_sides = static_cast<SideMask>(spec.shared_sides | (1u << side));
    spec.shared_with = with;
    return spec;
  }

  bool princess = false;
  // The Princess & the Dragon (PD-01, PD-21): the city segment shows the
  // princess.
  constexpr SegmentSpec WithPrincess() const {
    SegmentSpec spec = *this;
    spec.princess = true;
    return spec;
  }
  // Siege (SI-02): the city segment shows a siege symbol.
  constexpr SegmentSpec Besieged() const {
    SegmentSpec spec = *this;
    spec.besieged = true;
    return spec;
  }
  // The Cult (CU-02): the monastery is a shrine.
  constexpr SegmentSpec Shrine() const {
    SegmentSpec spec = *this;
    spec.shrine = true;
    return spec;
  }
  // A road stub, neither occupiable nor scorable (AMB-42, KR-20).
  constexpr SegmentSpec Stub() const {
    SegmentSpec spec = *this;
    spec.road_stub = true;
    return spec;
  }
  // Abbey & Mayor (AM-02): a road that goes on three ways at a well, one
  // segment with three sides.
  constexpr SegmentSpec WithWell() const {
    SegmentSpec spec = *this;
    spec.well = true;
    return spec;
  }
  // Abbey & Mayor (AM-02): a road that passes under a city and stays one road.
  constexpr SegmentSpec WithTunnel() const {
    SegmentSpec spec = *this;
    spec.tunnel = true;
    return spec;
  }
  // A field on a Count tile: it borders the City of Carcassonne (CO-22).
  constexpr SegmentSpec BordersCityOfCarcassonne() const {
    SegmentSpec spec = *this;
    spec.coc_adjacent = true;
    return spec;
  }
  constexpr SegmentSpec WithInn() const {
    SegmentSpec spec = *this;
    spec.inn = true;
    return spec;
  }
  constexpr SegmentSpec WithCathedral() const {
    SegmentSpec spec = *this;
    spec.cathedral = true;
    return spec;
  }
  constexpr SegmentSpec WithGoods(Goods printed) const {
    SegmentSpec spec = *this;
    spec.goods = printed;
    return spec;
  }
  constexpr SegmentSpec WithPigHerd() const {
    SegmentSpec spec = *this;
    spec.pig_herd = true;
    return spec;
  }
  constexpr SegmentSpec NoCastleBase() const {
    SegmentSpec spec = *this;
    spec.no_castle_base = true;
    return spec;
  }
};

struct TileSpec {
  std::string_view id;
  int count = 0;
  bool start_tile = false;
  std::array<Terrain, 4> sides{};
  std::string_view description;
  std::array<SegmentSpec, kMaxSegmentsPerTile> segments{};
  int segment_count = 0;
  bool magic_symbol = false;
  RiverRole river_role = RiverRole::kNone;
  bool volcano = false;
  bool bazaar = false;
  bool in_city_layout = false;
  int layout_dx = 0;
  int layout_dy = 0;
  bool city_quarters = false;
  int heretics_and_shrines_count = -1;
  std::string_view part = {};
  bool hill = false;
  bool vineyard = false;
  bool dragon_symbol = false;
  bool magic_portal = false;
  bool festival = false;
  std::string_view garden_twin_of = {};
  int garden_twin_copies = 0;
  // AM-13: the meeting points (Connects), each a few segment ids.
  std::array<std::array<std::string_view, kMaxConnected>, kMaxMeetingPoints> meeting_points{};
  int meeting_point_count = 0;

  // Abbey & Mayor, first edition (AM-13): `segments` meet at one point of
  // the tile, so each is connected to the others for the C1 wagon move.
  constexpr TileSpec Connects(std::initializer_list<std::string_view> segments) const {
    TileSpec spec = *this;
    if (spec.meeting_point_count >= kMaxMeetingPoints || segments.size() > kMaxConnected) {
      spec.meeting_point_count = kMaxMeetingPoints + 1;  // fails ConnectionsResolve
      return spec;
    }
    int i = 0;
    for (std::string_view segment : segments)
      spec.meeting_points[spec.meeting_point_count][i++] = segment;
    ++spec.meeting_point_count;
    return spec;
  }

  // The Abbot (AB-01): a garden-edition twin of `of` (same set), with
  // `copies` copies in that edition, each in place of a copy of `of`.
  constexpr TileSpec GardenTwinOf(std::string_view of, int copies) const {
    TileSpec spec = *this;
    spec.garden_twin_of = of;
    spec.garden_twin_copies = copies;
    return spec;
  }

  // The Princess & the Dragon (PD-01): the dragon symbol (PD-09, PD-10) and
  // the magic portal (PD-20).
  constexpr TileSpec WithDragonSymbol() const {
    TileSpec spec = *this;
    spec.dragon_symbol = true;
    return spec;
  }
  constexpr TileSpec WithMagicPortal() const {
    TileSpec spec = *this;
    spec.magic_portal = true;
    return spec;
  }

  // The Festival (FV-01): the tile shows the festival symbol.
  constexpr TileSpec WithFestival() const {
    TileSpec spec = *this;
    spec.festival = true;
    return spec;
  }

  // Hills & Sheep (HS-03, HS-05): the tile shows a hill.
  constexpr TileSpec WithHill() const {
    TileSpec spec = *this;
    spec.hill = true;
    return spec;
  }
  // Hills & Sheep (HS-09): the tile shows a vineyard.
  constexpr TileSpec WithVineyard() const {
    TileSpec spec = *this;
    spec.vineyard = true;
    return spec;
  }
  // Siege (SI-01): the product the tile belongs to.
  constexpr TileSpec InPart(std::string_view name) const {
    TileSpec spec = *this;
    spec.part = name;
    return spec;
  }
  // The Cult (CU-01): copies in the 5-tile Heretics and Shrines set.
  constexpr TileSpec InHereticsAndShrines(int copies) const {
    TileSpec spec = *this;
    spec.heretics_and_shrines_count = copies;
    return spec;
  }
  // The Count: the tile's place in the 4x3 block, (dx, dy) from count:1.
  constexpr TileSpec AtCityLayout(int dx, int dy) const {
    TileSpec spec = *this;
    spec.in_city_layout = true;
    spec.layout_dx = dx;
    spec.layout_dy = dy;
    return spec;
  }
  // The Count: the tile holds the four quarters (count:7).
  constexpr TileSpec WithQuarters() const {
    TileSpec spec = *this;
    spec.city_quarters = true;
    return spec;
  }
  constexpr TileSpec WithMagicSymbol() const {
    TileSpec spec = *this;
    spec.magic_symbol = true;
    return spec;
  }
  constexpr TileSpec WithRiverRole(RiverRole role) const {
    TileSpec spec = *this;
    spec.river_role = role;
    return spec;
  }
  constexpr TileSpec WithVolcano() const {
    TileSpec spec = *this;
    spec.volcano = true;
    return spec;
  }
  constexpr TileSpec WithBazaar() const {
    TileSpec spec = *this;
    spec.bazaar = true;
    return spec;
  }
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

constexpr SegmentSpec River(std::string_view id, std::initializer_list<Edge> edges) {
  return {.id = id, .kind = SegmentKind::kRiver, .edges = Edges(edges)};
}

constexpr SegmentSpec Field(std::string_view id, std::initializer_list<HalfEdge> half_edges,
                            std::initializer_list<std::string_view> cities = {}) {
  SegmentSpec spec{.id = id, .kind = SegmentKind::kField, .half_edges = HalfEdges(half_edges)};
  // More than kMaxBorderedCities names fail CityReferencesResolve below.
  spec.city_count = static_cast<int>(cities.size());
  int c = 0;
  for (std::string_view city : cities) {
    if (c < kMaxBorderedCities) spec.cities[c++] = city;
  }
  return spec;
}

// A field that touches no side of its tile (facts: `enclosed: true`,
// `half_edges: []`); it can still border cities.
constexpr SegmentSpec EnclosedField(std::string_view id,
                                    std::initializer_list<std::string_view> cities) {
  return Field(id, {}, cities);
}

// The Tower (TW-01): the foundation a tower is built on (touches no side;
// no follower stands on it, only floors and a meeple on top, TW-03, TW-04).
constexpr SegmentSpec TowerFoundation(std::string_view id) {
  return {.id = id, .kind = SegmentKind::kTowerFoundation};
}

constexpr SegmentSpec Monastery(std::string_view id) {
  return {.id = id, .kind = SegmentKind::kMonastery};
}

// Under the Big Top (BT-01): the circus space (where the big top stands,
// BT-03) and the acrobat space; neither touches a side.
constexpr SegmentSpec CircusSpace(std::string_view id) {
  return {.id = id, .kind = SegmentKind::kCircusSpace};
}
constexpr SegmentSpec AcrobatSpace(std::string_view id) {
  return {.id = id, .kind = SegmentKind::kAcrobatSpace};
}

// The Abbot (AB-02): a garden, a feature of its own on one tile.
constexpr SegmentSpec Garden(std::string_view id) {
  return {.id = id, .kind = SegmentKind::kGarden};
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

// ---------------------------------------------------------------------------
// Compile-time checks on a table (each set file static_asserts them).

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

constexpr bool AllCityReferencesResolve(std::span<const TileSpec> tiles) {
  for (const TileSpec& tile : tiles) {
    if (!CityReferencesResolve(tile)) return false;
  }
  return true;
}

// Each symbol sits on the kind of segment it is printed on: an inn, a tunnel
// and a well (on a road with three sides) on a road;
// a cathedral, goods and the castle flag on a city; a pig herd on a field; a
// shrine on a monastery; a siege symbol and a princess on a city.
constexpr bool SymbolsOnTheirSegments(std::span<const TileSpec> tiles) {
  for (const TileSpec& tile : tiles) {
    for (int i = 0; i < tile.segment_count; ++i) {
      const SegmentSpec& s = tile.segments[i];
      const bool city = s.kind == SegmentKind::kCity;
      if ((s.inn || s.tunnel) && s.kind != SegmentKind::kRoad) return false;
      // AM-02: a well splits a road three ways.
      if (s.well && (s.kind != SegmentKind::kRoad || std::popcount(s.edges) != 3)) return false;
      if ((s.cathedral || s.goods != Goods::kNone || s.no_castle_base || s.coats_of_arms > 0) &&
          !city) {
        return false;
      }
      if ((s.pig_herd || s.coc_adjacent) && s.kind != SegmentKind::kField) return false;
      if (s.shrine && s.kind != SegmentKind::kMonastery) return false;
      if (s.besieged && !city) return false;
      // HS-27: a shared side is one of the city's sides, shared with another
      // city segment of the tile that holds that side.
      if (s.shared_sides != 0) {
        const int with = IndexOf(tile, s.shared_with);
        if (!city || (s.edges & s.shared_sides) != s.shared_sides || with < 0 ||
            tile.segments[with].kind != SegmentKind::kCity ||
            (tile.segments[with].edges & s.shared_sides) != s.shared_sides) {
          return false;
        }
      }
      if (s.princess && !city) return false;
    }
  }
  return true;
}

// AM-13: each meeting point names at least two segments of the tile, each
// once, each a road, city or monastery, and a road in it ends on the tile
// (touches one side: the road that meets something there ends there).
constexpr bool ConnectionsResolve(std::span<const TileSpec> tiles) {
  for (const TileSpec& tile : tiles) {
    if (tile.meeting_point_count > kMaxMeetingPoints) return false;
    for (int p = 0; p < tile.meeting_point_count; ++p) {
      int named = 0;
      for (int i = 0; i < kMaxConnected && !tile.meeting_points[p][i].empty(); ++i) {
        ++named;
        const int index = IndexOf(tile, tile.meeting_points[p][i]);
        if (index < 0) return false;
        for (int j = 0; j < i; ++j) {
          if (tile.meeting_points[p][j] == tile.meeting_points[p][i]) return false;
        }
        const SegmentSpec& segment = tile.segments[index];
        if (segment.kind == SegmentKind::kRoad) {
          if (std::popcount(segment.edges) != 1) return false;
        } else if (segment.kind != SegmentKind::kCity && segment.kind != SegmentKind::kMonastery) {
          return false;
        }
      }
      if (named < 2) return false;
    }
  }
  return true;
}

constexpr int TotalCount(std::span<const TileSpec> tiles) {
  int total = 0;
  for (const TileSpec& tile : tiles) total += tile.count;
  return total;
}

// ---------------------------------------------------------------------------
// Building the run-time TileSet.

inline TileType MakeTileType(const TileSpec& spec, std::string_view set) {
  TileType tile;
  tile.id = spec.id;
  tile.set = set;
  tile.count = spec.count;
  tile.start_tile = spec.start_tile;
  tile.sides = spec.sides;
  tile.description = spec.description;
  tile.magic_symbol = spec.magic_symbol;
  tile.river_role = spec.river_role;
  tile.volcano = spec.volcano;
  tile.bazaar = spec.bazaar;
  if (spec.in_city_layout) tile.city_layout = Position{spec.layout_dx, spec.layout_dy};
  tile.city_quarters = spec.city_quarters;
  tile.heretics_and_shrines_count = spec.heretics_and_shrines_count;
  tile.part = spec.part;
  tile.hill = spec.hill;
  tile.vineyard = spec.vineyard;
  tile.dragon_symbol = spec.dragon_symbol;
  tile.magic_portal = spec.magic_portal;
  tile.festival = spec.festival;
  tile.garden_twin_of = spec.garden_twin_of;
  tile.segments.reserve(spec.segment_count);
  for (int i = 0; i < spec.segment_count; ++i) {
    const SegmentSpec& s = spec.segments[i];
    SegmentType segment{.id = s.id,
                        .kind = s.kind,
                        .edges = s.edges,
                        .half_edges = s.half_edges,
                        .coats_of_arms = s.coats_of_arms,
                        .inn = s.inn,
                        .cathedral = s.cathedral,
                        .goods = s.goods,
                        .pig_herd = s.pig_herd,
                        .no_castle_base = s.no_castle_base,
                        .borders_city_of_carcassonne = s.coc_adjacent,
                        .well = s.well,
                        .tunnel = s.tunnel,
                        .road_stub = s.road_stub,
                        .shrine = s.shrine,
                        .besieged = s.besieged,
                        .shared_sides = s.shared_sides,
                        .shared_with = static_cast<int8_t>(IndexOf(spec, s.shared_with)),
                        .princess = s.princess};
    if (s.shared_sides != 0) tile.shares_a_side = true;
    for (int c = 0; c < s.city_count; ++c) {
      segment.bordered_cities =
          static_cast<uint16_t>(segment.bordered_cities | (1u << IndexOf(spec, s.cities[c])));
    }
    tile.segments.push_back(segment);
  }
  // AM-13: the segments of a meeting point are connected, both ways.
  for (int p = 0; p < spec.meeting_point_count && p < kMaxMeetingPoints; ++p) {
    for (int i = 0; i < kMaxConnected && !spec.meeting_points[p][i].empty(); ++i) {
      for (int j = 0; j < kMaxConnected && !spec.meeting_points[p][j].empty(); ++j) {
        if (i == j) continue;
        SegmentType& segment = tile.segments[IndexOf(spec, spec.meeting_points[p][i])];
        segment.connected = static_cast<uint16_t>(segment.connected |
                                                  (1u << IndexOf(spec, spec.meeting_points[p][j])));
      }
    }
  }
  ComputeLayouts(tile);
  return tile;
}

// A new TileSet (never destroyed: the set functions keep it for the program's life).
inline const TileSet* NewTileSet(std::string_view name, std::string_view title,
                                 std::span<const TileSpec> specs) {
  auto* set = new TileSet{.name = name, .title = title, .tiles = {}};
  set->tiles.reserve(specs.size());
  for (const TileSpec& spec : specs) set->tiles.push_back(MakeTileType(spec, name));
  // AB-01: in a set with garden twins, the garden edition has each twin's
  // copies and, of each type a twin replaces, the copies left.
  bool garden_edition = false;
  for (const TileSpec& spec : specs) garden_edition |= !spec.garden_twin_of.empty();
  if (garden_edition) {
    for (TileType& tile : set->tiles) tile.garden_edition_count = tile.count;
    for (size_t i = 0; i < specs.size(); ++i) {
      if (specs[i].garden_twin_of.empty()) continue;
      set->tiles[i].garden_edition_count = specs[i].garden_twin_copies;
      for (TileType& original : set->tiles) {
        if (original.id == specs[i].garden_twin_of) {
          original.garden_edition_count -= specs[i].garden_twin_copies;
        }
      }
    }
  }
  return set;
}

}  // namespace carcassonne::tile_data

// The compiled-in base tile set against the reference facts in
// shared/reference/tiles/base.yaml (read with a tiny parser for the YAML subset
// that file uses), plus structural checks on every tile type in the catalogue.
#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <fstream>
#include <istream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/geometry.h"
#include "engine/tile_type.h"
#include "gtest/gtest.h"

#ifndef CARCASSONNE_SHARED_DIR
#error "CARCASSONNE_SHARED_DIR must name the shared/ folder"
#endif

namespace carcassonne {
namespace {

constexpr char kBaseFactsPath[] = CARCASSONNE_SHARED_DIR "/reference/tiles/base.yaml";

// ---------------------------------------------------------------------------
// A parser for the subset of YAML used by the tile facts files: top-level
// `key: value` lines, the `tiles:` list (`- id: ...` starts a tile; `count:`,
// `start_tile:`, `sides: {N: .., ...}`, `segments:`), and one flow mapping per
// segment (`- {id: c1, kind: city, edges: [N, W], coat_of_arms: 1}`).

struct FactSegment {
  std::map<std::string, std::string> scalars;             // id, kind, coat_of_arms, ...
  std::map<std::string, std::vector<std::string>> lists;  // edges, half_edges, cities
  int line = 0;
};

struct FactTile {
  std::string id;
  int count = -1;
  bool start_tile = false;
  std::map<std::string, std::string> sides;
  std::vector<FactSegment> segments;
  int line = 0;
};

struct Facts {
  std::map<std::string, std::string> top_level;
  std::vector<FactTile> tiles;            // classic types, in file order
  std::vector<std::string> garden_twins;  // skipped: count 0, id ending in "g"
};

std::string_view Trim(std::string_view s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const auto end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

std::string Unquote(std::string_view s) {
  s = Trim(s);
  if (s.size() >= 2 &&
      ((s.front() == '"' && s.back() == '"') || (s.front() == '\'' && s.back() == '\''))) {
    s = s.substr(1, s.size() - 2);
  }
  return std::string(s);
}

// Splits `s` at `separator`s that are outside brackets, braces and quotes.
std::vector<std::string_view> SplitTopLevel(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  int depth = 0;
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') quoted = !quoted;
    if (quoted) continue;
    if (c == '[' || c == '{') ++depth;
    if (c == ']' || c == '}') --depth;
    if (c == separator && depth == 0) {
      parts.push_back(Trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (!Trim(s.substr(start)).empty()) parts.push_back(Trim(s.substr(start)));
  return parts;
}

// "key: value" -> {key, value}; the key is everything before the first colon.
std::optional<std::pair<std::string, std::string_view>> SplitKeyValue(std::string_view s) {
  const auto colon = s.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  return std::make_pair(std::string(Trim(s.substr(0, colon))), Trim(s.substr(colon + 1)));
}

bool Enclosed(std::string_view s, char open, char close) {
  return s.size() >= 2 && s.front() == open && s.back() == close;
}

// Parses "{a: x, b: [y, z]}" into scalars and lists.
bool ParseFlowMap(std::string_view text, std::map<std::string, std::string>* scalars,
                  std::map<std::string, std::vector<std::string>>* lists) {
  text = Trim(text);
  if (!Enclosed(text, '{', '}')) return false;
  for (std::string_view entry : SplitTopLevel(text.substr(1, text.size() - 2), ',')) {
    const auto kv = SplitKeyValue(entry);
    if (!kv || kv->first.empty()) return false;
    const std::string_view value = kv->second;
    if (value.starts_with('[')) {
      if (!Enclosed(value, '[', ']') || lists == nullptr) return false;
      std::vector<std::string>& list = (*lists)[kv->first];
      for (std::string_view item : SplitTopLevel(value.substr(1, value.size() - 2), ',')) {
        list.push_back(Unquote(item));
      }
    } else {
      (*scalars)[kv->first] = Unquote(value);
    }
  }
  return true;
}

// Returns the facts, or nullopt with a message in `error`.
std::optional<Facts> ParseFacts(std::istream& in, std::string* error) {
  Facts facts;
  std::vector<FactTile> all_tiles;
  bool in_tiles = false;
  bool in_segments = false;
  std::string raw;
  int line_number = 0;
  auto fail = [&](std::string_view what) {
    *error = "line " + std::to_string(line_number) + ": " + std::string(what) + ": " + raw;
    return std::nullopt;
  };
  while (std::getline(in, raw)) {
    ++line_number;
    const std::string_view line = Trim(raw);
    if (line.empty() || line.starts_with('#')) continue;
    const bool top_level = raw.find_first_not_of(' ') == 0;
    if (top_level) {
      in_tiles = line == "tiles:";
      in_segments = false;
      if (const auto kv = SplitKeyValue(line); kv && !kv->second.empty()) {
        facts.top_level[kv->first] = Unquote(kv->second);
      }
      continue;
    }
    if (!in_tiles) continue;

    if (line.starts_with("- id:")) {  // a new tile
      all_tiles.emplace_back();
      all_tiles.back().id = Unquote(line.substr(5));
      all_tiles.back().line = line_number;
      in_segments = false;
      continue;
    }
    if (all_tiles.empty()) return fail("tile data before the first `- id:`");
    FactTile& tile = all_tiles.back();

    if (line.starts_with("- ")) {  // a list item: a segment, or a note
      if (!in_segments) continue;
      FactSegment segment;
      segment.line = line_number;
      if (!ParseFlowMap(line.substr(2), &segment.scalars, &segment.lists)) {
        return fail("cannot read segment");
      }
      tile.segments.push_back(std::move(segment));
      continue;
    }
    const auto kv = SplitKeyValue(line);
    if (!kv) return fail("expected `key: value`");
    in_segments = kv->first == "segments";
    if (kv->first == "count") {
      try {
        tile.count = std::stoi(std::string(kv->second));
      } catch (const std::exception&) {
        return fail("bad count");
      }
    } else if (kv->first == "start_tile") {
      tile.start_tile = kv->second == "true";
    } else if (kv->first == "sides") {
      if (!ParseFlowMap(kv->second, &tile.sides, nullptr)) return fail("cannot read sides");
    }
  }
  if (all_tiles.empty()) {
    *error = "no tiles found";
    return std::nullopt;
  }
  for (FactTile& tile : all_tiles) {
    if (tile.count == 0 && tile.id.ends_with('g')) {
      facts.garden_twins.push_back(tile.id);
    } else {
      facts.tiles.push_back(std::move(tile));
    }
  }
  return facts;
}

// Reads the base facts; a missing or unreadable file is a test failure.
std::optional<Facts> LoadBaseFacts() {
  std::ifstream in(kBaseFactsPath);
  if (!in) {
    ADD_FAILURE() << "cannot open the tile facts file " << kBaseFactsPath;
    return std::nullopt;
  }
  std::string error;
  std::optional<Facts> facts = ParseFacts(in, &error);
  if (!facts) ADD_FAILURE() << kBaseFactsPath << ": " << error;
  return facts;
}

// ---------------------------------------------------------------------------
// Helpers to print catalogue values in the facts' vocabulary.

std::string TerrainName(Terrain terrain) {
  switch (terrain) {
    case Terrain::kField:
      return "field";
    case Terrain::kRoad:
      return "road";
    case Terrain::kCity:
      return "city";
    case Terrain::kRiver:
      return "river";
  }
  return "?";
}

std::string SideNames(SideMask mask) {
  std::string names;
  for (Side side : kAllSides) {
    if (mask & (1u << SideIndex(side))) {
      if (!names.empty()) names += ",";
      names += LocationName(EdgeLocation(side));
    }
  }
  return names;
}

std::string HalfEdgeNames(HalfEdgeMask mask) {
  std::string names;
  for (int i = 0; i < 8; ++i) {
    if (mask & (1u << i)) {
      if (!names.empty()) names += ",";
      names += LocationName(HalfEdgeLocation(i));
    }
  }
  return names;
}

std::optional<SideMask> SideMaskFromNames(const std::vector<std::string>& names) {
  SideMask mask = 0;
  for (const std::string& name : names) {
    const std::optional<Location> location = LocationFromName(name);
    if (!location || !IsEdge(*location)) return std::nullopt;
    mask = static_cast<SideMask>(mask | (1u << static_cast<int>(*location)));
  }
  return mask;
}

std::optional<HalfEdgeMask> HalfEdgeMaskFromNames(const std::vector<std::string>& names) {
  HalfEdgeMask mask = 0;
  for (const std::string& name : names) {
    const std::optional<Location> location = LocationFromName(name);
    if (!location || !IsHalfEdge(*location)) return std::nullopt;
    mask = static_cast<HalfEdgeMask>(mask | (1u << HalfEdgeIndex(*location)));
  }
  return mask;
}

std::vector<std::string> BorderedCityIds(const TileType& tile, const SegmentType& segment) {
  std::vector<std::string> ids;
  for (int i = 0; i < 16; ++i) {
    if (!(segment.bordered_cities & (1u << i))) continue;
    ids.push_back(i < static_cast<int>(tile.segments.size()) ? std::string(tile.segments[i].id)
                                                             : "<bad index>");
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

template <typename Map>
std::string Lookup(const Map& map, const std::string& key, std::string fallback = "") {
  const auto it = map.find(key);
  return it == map.end() ? fallback : it->second;
}

std::vector<std::string> LookupList(const FactSegment& segment, const std::string& key) {
  const auto it = segment.lists.find(key);
  return it == segment.lists.end() ? std::vector<std::string>{} : it->second;
}

void ExpectSegmentMatches(const TileType& tile, const SegmentType& actual,
                          const FactSegment& expected) {
  static const std::set<std::string> kKnownKeys = {"id",         "kind",   "edges",
                                                   "half_edges", "cities", "coat_of_arms"};
  for (const auto& [key, value] : expected.scalars) {
    EXPECT_TRUE(kKnownKeys.contains(key)) << "fact not modelled: " << key << ": " << value;
  }
  for (const auto& [key, value] : expected.lists) {
    EXPECT_TRUE(kKnownKeys.contains(key)) << "fact not modelled: " << key;
  }

  EXPECT_EQ(actual.id, Lookup(expected.scalars, "id"));
  EXPECT_EQ(SegmentKindName(actual.kind), Lookup(expected.scalars, "kind"));

  const std::optional<SideMask> edges = SideMaskFromNames(LookupList(expected, "edges"));
  ASSERT_TRUE(edges.has_value()) << "bad side name in the facts";
  EXPECT_EQ(SideNames(actual.edges), SideNames(*edges)) << "edges";

  const std::optional<HalfEdgeMask> half_edges =
      HalfEdgeMaskFromNames(LookupList(expected, "half_edges"));
  ASSERT_TRUE(half_edges.has_value()) << "bad half-edge name in the facts";
  EXPECT_EQ(HalfEdgeNames(actual.half_edges), HalfEdgeNames(*half_edges)) << "half_edges";

  std::vector<std::string> cities = LookupList(expected, "cities");
  std::sort(cities.begin(), cities.end());
  EXPECT_EQ(BorderedCityIds(tile, actual), cities) << "cities";

  EXPECT_EQ(std::to_string(actual.coats_of_arms), Lookup(expected.scalars, "coat_of_arms", "0"))
      << "coat_of_arms";
}

// ---------------------------------------------------------------------------

TEST(CatalogueFactsTest, FactsFileIsReadable) {
  const std::optional<Facts> facts = LoadBaseFacts();
  ASSERT_TRUE(facts.has_value());
  EXPECT_EQ(Lookup(facts->top_level, "format"), "carcassonne-tile-facts/v1");
  EXPECT_EQ(Lookup(facts->top_level, "set"), "base");
  EXPECT_EQ(Lookup(facts->top_level, "total_tiles"), "72");
  EXPECT_EQ(Lookup(facts->top_level, "tile_types"), "24");
  EXPECT_EQ(facts->tiles.size(), 24u);
  EXPECT_EQ(facts->garden_twins.size(), 8u);  // Eg, Hg, Ig, Mg, Ng, Rg, Ug, Vg
  int total = 0;
  for (const FactTile& tile : facts->tiles) {
    total += tile.count;
    EXPECT_FALSE(tile.segments.empty()) << tile.id;
  }
  EXPECT_EQ(total, 72);
}

TEST(CatalogueFactsTest, EveryTypeMatchesTheFacts) {
  const std::optional<Facts> facts = LoadBaseFacts();
  ASSERT_TRUE(facts.has_value());
  for (const FactTile& expected : facts->tiles) {
    SCOPED_TRACE(expected.id + " (base.yaml line " + std::to_string(expected.line) + ")");
    const TileType* tile = Catalogue::Get().Find(expected.id);
    if (tile == nullptr) {
      ADD_FAILURE() << "not in the catalogue";
      continue;
    }
    EXPECT_EQ(tile->id, expected.id);
    EXPECT_EQ(tile->set, "base");
    EXPECT_EQ(tile->count, expected.count);
    EXPECT_EQ(tile->start_tile, expected.start_tile);
    EXPECT_FALSE(tile->description.empty());
    EXPECT_EQ(expected.sides.size(), 4u);
    for (Side side : kAllSides) {
      const std::string name(LocationName(EdgeLocation(side)));
      EXPECT_EQ(TerrainName(tile->sides[SideIndex(side)]), Lookup(expected.sides, name))
          << "side " << name;
    }
    ASSERT_EQ(tile->segments.size(), expected.segments.size());
    for (size_t i = 0; i < expected.segments.size(); ++i) {
      SCOPED_TRACE("segment " + Lookup(expected.segments[i].scalars, "id") + " (line " +
                   std::to_string(expected.segments[i].line) + ")");
      ExpectSegmentMatches(*tile, tile->segments[i], expected.segments[i]);
    }
  }
}

TEST(CatalogueFactsTest, CatalogueHasNoExtraBaseTypes) {
  const std::optional<Facts> facts = LoadBaseFacts();
  ASSERT_TRUE(facts.has_value());
  std::set<std::string> expected_ids;
  for (const FactTile& tile : facts->tiles) expected_ids.insert(tile.id);
  EXPECT_EQ(BaseTileSet().tiles.size(), facts->tiles.size());
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      if (set->name != "base" && !tile.id.starts_with("base:")) continue;
      EXPECT_TRUE(expected_ids.contains(std::string(tile.id))) << "extra type " << tile.id;
    }
  }
  for (const std::string& twin : facts->garden_twins) {
    EXPECT_EQ(Catalogue::Get().Find(twin), nullptr) << twin << " is a garden-edition twin";
  }
}

TEST(CatalogueTest, BaseSetTotals) {
  const TileSet& base = BaseTileSet();
  EXPECT_EQ(base.name, "base");
  EXPECT_FALSE(base.title.empty());
  EXPECT_EQ(base.tiles.size(), 24u);
  int total = 0;
  std::vector<std::string_view> start_types;
  std::set<std::string_view> ids;
  for (const TileType& tile : base.tiles) {
    total += tile.count;
    EXPECT_GT(tile.count, 0) << tile.id;
    EXPECT_EQ(tile.set, "base") << tile.id;
    EXPECT_TRUE(ids.insert(tile.id).second) << "duplicate " << tile.id;
    if (tile.start_tile) start_types.push_back(tile.id);
  }
  EXPECT_EQ(total, 72);
  EXPECT_EQ(start_types, std::vector<std::string_view>{"base:D"});
  // The letters A..X, in order.
  for (size_t i = 0; i < base.tiles.size(); ++i) {
    EXPECT_EQ(base.tiles[i].id, std::string("base:") + static_cast<char>('A' + i));
  }
}

TEST(CatalogueTest, GetAndFind) {
  const Catalogue& catalogue = Catalogue::Get();
  EXPECT_EQ(&catalogue, &Catalogue::Get());
  ASSERT_FALSE(catalogue.sets().empty());
  EXPECT_EQ(catalogue.sets()[0], &BaseTileSet());
  const TileType* d = catalogue.Find("base:D");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d, &BaseTileSet().tiles[3]);
  EXPECT_TRUE(d->start_tile);
  EXPECT_EQ(catalogue.Find("base:Y"), nullptr);
  EXPECT_EQ(catalogue.Find("base:d"), nullptr);
  EXPECT_EQ(catalogue.Find("D"), nullptr);
  EXPECT_EQ(catalogue.Find(""), nullptr);
}

TEST(CatalogueTest, SegmentIndex) {
  const TileType* l = Catalogue::Get().Find("base:L");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->SegmentIndex("c1"), 0);
  EXPECT_EQ(l->SegmentIndex("r3"), 3);
  EXPECT_EQ(l->SegmentIndex("f3"), 6);
  EXPECT_EQ(l->SegmentIndex("m1"), -1);
  EXPECT_EQ(l->SegmentIndex(""), -1);
}

TEST(CatalogueTest, SegmentKindNames) {
  EXPECT_EQ(SegmentKindName(SegmentKind::kRoad), "road");
  EXPECT_EQ(SegmentKindName(SegmentKind::kCity), "city");
  EXPECT_EQ(SegmentKindName(SegmentKind::kField), "field");
  EXPECT_EQ(SegmentKindName(SegmentKind::kMonastery), "monastery");
  EXPECT_EQ(SegmentKindName(SegmentKind::kRiver), "river");
  EXPECT_EQ(SegmentKindName(SegmentKind::kGarden), "garden");
}

TEST(CatalogueTest, BaseSetExamples) {
  // Spot checks written from the printed tiles, independent of base.yaml.
  const TileType* a = Catalogue::Get().Find("base:A");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->segments[a->SegmentIndex("m1")].kind, SegmentKind::kMonastery);
  const TileType* c = Catalogue::Get().Find("base:C");
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(c->segments.size(), 1u);
  EXPECT_EQ(c->segments[0].edges, 0x0F);
  EXPECT_EQ(c->segments[0].coats_of_arms, 1);
  const TileType* h = Catalogue::Get().Find("base:H");
  ASSERT_NE(h, nullptr);
  const SegmentType& field = h->segments[h->SegmentIndex("f1")];
  EXPECT_EQ(field.bordered_cities, (1u << h->SegmentIndex("c1")) | (1u << h->SegmentIndex("c2")));
}

// Structural checks that hold for every tile type of every set: the sides agree
// with the segments drawn on them.
TEST(CatalogueTest, SidesAgreeWithSegments) {
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      SCOPED_TRACE(std::string(tile.id));
      EXPECT_LE(tile.segments.size(), static_cast<size_t>(kMaxSegmentsPerTile));
      std::set<std::string_view> ids;
      std::array<int, 4> road_count{}, city_count{}, river_count{};
      std::array<int, 8> field_count{};
      for (const SegmentType& segment : tile.segments) {
        SCOPED_TRACE(std::string(segment.id));
        EXPECT_TRUE(ids.insert(segment.id).second) << "duplicate segment id";
        const bool linear = segment.kind == SegmentKind::kRoad ||
                            segment.kind == SegmentKind::kCity ||
                            segment.kind == SegmentKind::kRiver;
        if (!linear) {
          EXPECT_EQ(segment.edges, 0);
        }
        if (segment.kind != SegmentKind::kField) {
          EXPECT_EQ(segment.half_edges, 0);
          EXPECT_EQ(segment.bordered_cities, 0);
        }
        if (segment.kind != SegmentKind::kCity) {
          EXPECT_EQ(segment.coats_of_arms, 0);
        }
        for (int i = 0; i < 16; ++i) {
          if (!(segment.bordered_cities & (1u << i))) continue;
          ASSERT_LT(i, static_cast<int>(tile.segments.size()));
          EXPECT_EQ(tile.segments[i].kind, SegmentKind::kCity);
        }
        for (int s = 0; s < 4; ++s) {
          if (!(segment.edges & (1u << s))) continue;
          if (segment.kind == SegmentKind::kRoad) ++road_count[s];
          if (segment.kind == SegmentKind::kCity) ++city_count[s];
          if (segment.kind == SegmentKind::kRiver) ++river_count[s];
        }
        for (int h = 0; h < 8; ++h) {
          if (segment.half_edges & (1u << h)) ++field_count[h];
        }
      }
      for (Side side : kAllSides) {
        const int s = SideIndex(side);
        SCOPED_TRACE("side " + std::string(LocationName(EdgeLocation(side))));
        const Terrain terrain = tile.sides[s];
        EXPECT_EQ(road_count[s], terrain == Terrain::kRoad ? 1 : 0);
        EXPECT_EQ(city_count[s], terrain == Terrain::kCity ? 1 : 0);
        EXPECT_EQ(river_count[s], terrain == Terrain::kRiver ? 1 : 0);
        // A city side has no field; every other side has a field on each half.
        const int fields_per_half = terrain == Terrain::kCity ? 0 : 1;
        EXPECT_EQ(field_count[2 * s], fields_per_half);
        EXPECT_EQ(field_count[2 * s + 1], fields_per_half);
      }
    }
  }
}

}  // namespace
}  // namespace carcassonne

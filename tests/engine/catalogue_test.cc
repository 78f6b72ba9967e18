// Every compiled-in tile set against its reference facts file in
// shared/reference/tiles/ (read with a tiny parser for the YAML subset those
// files use), plus structural checks on every tile type in the catalogue.
// (Over 600 lines: one facts parser shared by the checks of every tile set; a split per set is a
// debt.)
// Why one file: one parameterised check of every tile set against its facts file, plus the sets'
// totals.
#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <fstream>
#include <istream>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <sstream>
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

constexpr char kFactsDir[] = CARCASSONNE_SHARED_DIR "/reference/tiles/";

// Each compiled-in set and its facts file, in catalogue order.
struct SetCase {
  const char* facts_file;
  const char* name;
  const TileSet& (*tile_set)();
};
const SetCase kSetCases[] = {
    {"base.yaml", "base", &BaseTileSet},
    {"inns-and-cathedrals.yaml", "ic", &InnsAndCathedralsTileSet},
    {"traders-and-builders.yaml", "tb", &TradersAndBuildersTileSet},
    {"river.yaml", "river", &RiverTileSet},
    {"king-and-robber.yaml", "kr", &KingAndRobberBaronTileSet},
    {"count.yaml", "count", &CountTileSet},
    {"mage-and-witch.yaml", "mw", &MageAndWitchTileSet},
    {"abbey-and-mayor.yaml", "am", &AbbeyAndMayorTileSet},
    {"bridges-castles-and-bazaars.yaml", "bcb", &BridgesCastlesBazaarsTileSet},
    {"cult.yaml", "cult", &CultTileSet},
    {"siege.yaml", "siege", &SiegeTileSet},
    {"hills-and-sheep.yaml", "hs", &HillsAndSheepTileSet},
    {"princess-and-dragon.yaml", "pd", &PrincessAndDragonTileSet},
    {"under-the-big-top.yaml", "bt", &UnderTheBigTopTileSet},
    {"tower.yaml", "tower", &TowerTileSet},
    {"festival.yaml", "festival", &FestivalTileSet},
};

// The prefix of a set's tile ids: the set's name ("base:A"), but for the
// Festival, whose facts file names its set "festival" and its tiles fe:01..
// fe:10 (as the rules file's tests do, festival.md section 4).
std::string IdPrefix(std::string_view set_name) {
  return set_name == "festival" ? "fe:" : std::string(set_name) + ":";
}

std::ostream& operator<<(std::ostream& out, const SetCase& set_case) {
  return out << set_case.name << " (" << set_case.facts_file << ")";
}

// ---------------------------------------------------------------------------
// A parser for the subset of YAML used by the tile facts files: top-level
// `key: value` lines and blocks (`notes:`, ...), then either a `tiles:` list or
// a `parts:` list (`- part: ...` with its own `key: value` lines and `tiles:`
// list). In a tiles list `- id: ...` starts a tile; its `key: value` lines
// (`count:`, `sides: {N: .., ...}`, ...) sit two columns right of the dash,
// and its blocks (`segments:`, `notes:`) hold list items indented further,
// one flow mapping per segment (`- {id: c1, kind: city, edges: [N, W]}`).
// Anything else is an error, so that a change of layout cannot go unnoticed.

struct FactSegment {
  std::map<std::string, std::string> scalars;             // id, kind, coat_of_arms, ...
  std::map<std::string, std::vector<std::string>> lists;  // edges, half_edges, cities
  int line = 0;
};

struct FactTile {
  std::string id;
  int count = -1;
  std::map<std::string, std::string> scalars;  // every `key: value` line of the tile
  std::map<std::string, std::string> sides;    // parsed from `sides:`
  std::set<std::string> blocks;                // keys with nested items: segments, notes
  std::vector<FactSegment> segments;
  int line = 0;
};

// A file without `parts:` has one part with no name.
struct FactPart {
  std::string name;
  std::map<std::string, std::string> scalars;  // total_tiles, tile_types, ...
  std::vector<FactTile> tiles;                 // classic types, in file order
  std::vector<FactTile> twins;                 // garden twins: count 0, id ending in "g"
  std::vector<std::string> garden_twins;       // their ids
};

struct Facts {
  std::map<std::string, std::string> top_level;  // top-level `key: value` lines
  std::set<std::string> top_level_keys;          // every top-level key, blocks too
  std::vector<FactPart> parts;

  std::vector<const FactTile*> AllTiles() const {
    std::vector<const FactTile*> all;
    for (const FactPart& part : parts) {
      for (const FactTile& tile : part.tiles) all.push_back(&tile);
      // AB-01: the garden edition's twins follow each part's classic types.
      for (const FactTile& tile : part.twins) all.push_back(&tile);
    }
    return all;
  }
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
  enum class Mode { kTop, kSkippedBlock, kParts, kPart, kTiles };
  Mode mode = Mode::kTop;
  bool has_parts = false;
  int part_key_indent = -1;  // column of a part's keys
  int tile_key_indent = -1;  // column of the current tile's keys
  bool have_tile = false;    // the current part has a current tile
  std::string tile_block;    // the tile key whose list items follow
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
    const int indent = static_cast<int>(raw.find_first_not_of(' '));

    if (indent == 0) {  // a top-level key
      have_tile = false;
      const auto kv = SplitKeyValue(line);
      if (!kv || kv->first.empty() || line.starts_with('-')) return fail("expected `key: value`");
      if (!facts.top_level_keys.insert(kv->first).second) return fail("duplicate key");
      if (!kv->second.empty()) {
        facts.top_level[kv->first] = Unquote(kv->second);
        mode = Mode::kTop;
      } else if (kv->first == "tiles") {
        if (has_parts) return fail("both `parts:` and `tiles:`");
        facts.parts.emplace_back();
        mode = Mode::kTiles;
      } else if (kv->first == "parts") {
        if (!facts.parts.empty()) return fail("both `parts:` and `tiles:`");
        has_parts = true;
        mode = Mode::kParts;
      } else {
        mode = Mode::kSkippedBlock;  // notes
      }
      continue;
    }
    if (mode == Mode::kTop) return fail("unexpected indentation");
    if (mode == Mode::kSkippedBlock) {
      if (!line.starts_with("- ")) return fail("expected a list item");
      continue;
    }

    if (has_parts && line.starts_with("- part:")) {  // a new part
      facts.parts.emplace_back();
      facts.parts.back().name = Unquote(line.substr(7));
      part_key_indent = indent + 2;
      have_tile = false;
      mode = Mode::kPart;
      continue;
    }
    if (mode == Mode::kParts) return fail("expected `- part:`");
    if (has_parts && indent == part_key_indent && !line.starts_with("- ")) {  // a key of the part
      const auto kv = SplitKeyValue(line);
      if (!kv || kv->first.empty()) return fail("expected `key: value`");
      FactPart& part = facts.parts.back();
      if (kv->second.empty()) {
        if (kv->first != "tiles" || !part.tiles.empty()) return fail("unexpected block");
        have_tile = false;
        mode = Mode::kTiles;
      } else {
        if (!part.scalars.emplace(kv->first, Unquote(kv->second)).second) {
          return fail("duplicate key");
        }
        mode = Mode::kPart;
      }
      continue;
    }
    if (mode != Mode::kTiles) return fail("unexpected line");

    std::vector<FactTile>& tiles = facts.parts.back().tiles;
    if (line.starts_with("- id:")) {  // a new tile
      tiles.emplace_back();
      tiles.back().id = Unquote(line.substr(5));
      tiles.back().line = line_number;
      tile_key_indent = indent + 2;
      have_tile = true;
      tile_block.clear();
      continue;
    }
    if (!have_tile) return fail("tile data before the first `- id:`");
    FactTile& tile = tiles.back();

    if (indent == tile_key_indent) {  // a key of the tile
      const auto kv = SplitKeyValue(line);
      if (!kv || kv->first.empty() || line.starts_with('-')) return fail("expected `key: value`");
      if (tile.scalars.contains(kv->first) || tile.blocks.contains(kv->first)) {
        return fail("duplicate key");
      }
      if (kv->second.empty()) {
        tile_block = kv->first;
        tile.blocks.insert(kv->first);
        continue;
      }
      tile_block.clear();
      tile.scalars[kv->first] = Unquote(kv->second);
      if (kv->first == "count") {
        try {
          tile.count = std::stoi(std::string(kv->second));
        } catch (const std::exception&) {
          return fail("bad count");
        }
      } else if (kv->first == "sides") {
        if (!ParseFlowMap(kv->second, &tile.sides, nullptr)) return fail("cannot read sides");
      }
      continue;
    }
    if (indent > tile_key_indent && !tile_block.empty()) {  // an item of a tile's block
      if (!line.starts_with("- ")) return fail("expected a list item");
      if (tile_block != "segments") continue;  // notes
      FactSegment segment;
      segment.line = line_number;
      if (!ParseFlowMap(line.substr(2), &segment.scalars, &segment.lists)) {
        return fail("cannot read segment");
      }
      tile.segments.push_back(std::move(segment));
      continue;
    }
    return fail("unexpected indentation");
  }

  if (facts.parts.empty()) {
    *error = "no `tiles:` and no `parts:`";
    return std::nullopt;
  }
  for (FactPart& part : facts.parts) {
    if (part.tiles.empty()) {
      *error = "no tiles in part '" + part.name + "'";
      return std::nullopt;
    }
    std::vector<FactTile> all_tiles = std::move(part.tiles);
    part.tiles.clear();
    for (FactTile& tile : all_tiles) {
      if (tile.count == 0 && tile.id.ends_with('g')) {
        part.garden_twins.push_back(tile.id);
        part.twins.push_back(std::move(tile));
      } else {
        part.tiles.push_back(std::move(tile));
      }
    }
  }
  return facts;
}

// Reads a facts file; a missing or unreadable file is a test failure.
std::optional<Facts> LoadFacts(const std::string& file) {
  const std::string path = kFactsDir + file;
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "cannot open the tile facts file " << path;
    return std::nullopt;
  }
  std::string error;
  std::optional<Facts> facts = ParseFacts(in, &error);
  if (!facts) ADD_FAILURE() << path << ": " << error;
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
    case Terrain::kPartial:
      return "partial";
    case Terrain::kNone:
      return "none";
    case Terrain::kAbbey:
      return "abbey";
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

// A boolean fact (`key: true|false`) against the catalogue's value;
// `fallback` is the value when the fact is absent.
template <typename Map>
void ExpectFlag(bool actual, const Map& scalars, const std::string& key, bool fallback) {
  const std::string value = Lookup(scalars, key, fallback ? "true" : "false");
  ASSERT_TRUE(value == "true" || value == "false") << key << ": " << value;
  EXPECT_EQ(actual, value == "true") << key;
}

// The parenthesised remark that goes with each `river_role` in river.yaml.
const std::map<std::string, std::string>& RiverRoleRemarks() {
  static const auto* const remarks = new std::map<std::string, std::string>{
      {"spring", "start tile"},
      {"lake", "drawn last"},
      {"river", "drawn after the spring"},
      {"fork", "drawn first after the spring"},
  };
  return *remarks;
}

// Keys of a segment that the catalogue models, and cross-references to the
// JCZ data that it deliberately leaves out.
const std::set<std::string> kSegmentFacts = {
    "id",        "kind",   "edges",    "half_edges",  "cities",    "coat_of_arms", "cathedral",
    "goods",     "inn",    "pig_herd", "castle_base", "enclosed",  "coc_adjacent", "tunnel",
    "jcz_wells", "shrine", "besieged", "shared_side", "road_stub", "princess"};
const std::set<std::string> kSegmentCrossReferences = {"jcz_location"};

// Keys of a tile: modelled facts, blocks, and documentation / cross-references.
const std::set<std::string> kTileFacts = {
    "id",           "count",         "start_tile",
    "desc",         "sides",         "segments",
    "magic_symbol", "river_role",    "volcano",
    "layout",       "outer_sides",   "city_of_carcassonne_quarters",
    "bazaar",       "part",          "hill",
    "vineyard",     "dragon_symbol", "magic_portal",
    "festival"};
const std::set<std::string> kTileDocumentation = {"letter", "jcz_id", "counts", "notes"};

// Keys of a file and of a part: modelled (or checked) facts, and
// documentation / cross-references.
const std::set<std::string> kTopLevelFacts = {"format", "set",         "title",     "tiles",
                                              "parts",  "total_tiles", "tile_types"};
const std::set<std::string> kPartFacts = {"part", "tiles", "total_tiles", "tile_types"};
const std::set<std::string> kFileDocumentation = {"source",
                                                  "notes",
                                                  "jcz_tile_set",
                                                  "jcz_tile_set_garden_edition",
                                                  "jcz_tile_set_alternative",
                                                  "jcz_tile_sets"};

// `facts_mark_stubs`: the facts file carries the `road_stub` key on some
// segment (see ExpectSegmentMatches).
void ExpectSegmentMatches(const TileType& tile, const SegmentType& actual,
                          const FactSegment& expected, bool facts_mark_stubs) {
  for (const auto& [key, value] : expected.scalars) {
    EXPECT_TRUE(kSegmentFacts.contains(key) || kSegmentCrossReferences.contains(key))
        << "fact not modelled: " << key << ": " << value;
  }
  for (const auto& [key, value] : expected.lists) {
    EXPECT_TRUE(kSegmentFacts.contains(key)) << "fact not modelled: " << key;
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

  // A field that touches no side is `enclosed: true` in the facts.
  const bool enclosed = actual.kind == SegmentKind::kField && actual.half_edges == 0;
  ExpectFlag(enclosed, expected.scalars, "enclosed", false);
  if (expected.scalars.contains("jcz_location")) {
    EXPECT_TRUE(enclosed) << "jcz_location on a field that touches a side";
  }

  std::vector<std::string> cities = LookupList(expected, "cities");
  std::sort(cities.begin(), cities.end());
  EXPECT_EQ(BorderedCityIds(tile, actual), cities) << "cities";

  EXPECT_EQ(std::to_string(actual.coats_of_arms), Lookup(expected.scalars, "coat_of_arms", "0"))
      << "coat_of_arms";
  ExpectFlag(actual.inn, expected.scalars, "inn", false);
  ExpectFlag(actual.cathedral, expected.scalars, "cathedral", false);
  EXPECT_EQ(GoodsName(actual.goods), Lookup(expected.scalars, "goods", "none")) << "goods";
  ExpectFlag(actual.pig_herd, expected.scalars, "pig_herd", false);
  ExpectFlag(!actual.no_castle_base, expected.scalars, "castle_base", true);
  ExpectFlag(actual.borders_city_of_carcassonne, expected.scalars, "coc_adjacent", false);
  // Abbey & Mayor (AM-02): `tunnel: true`, and `jcz_wells: 1` on a road that
  // goes on three ways at a well (one segment with three sides).
  ExpectFlag(actual.tunnel, expected.scalars, "tunnel", false);
  EXPECT_EQ(actual.well ? "1" : "0", Lookup(expected.scalars, "jcz_wells", "0")) << "jcz_wells";
  // The Cult (CU-02): `shrine: true` on a monastery.
  ExpectFlag(actual.shrine, expected.scalars, "shrine", false);
  // Siege (SI-02): `besieged: true` on a city.
  ExpectFlag(actual.besieged, expected.scalars, "besieged", false);
  // Hills & Sheep (HS-27): `shared_side: {N: c1}`.
  std::string shared_side;
  if (actual.shared_sides != 0) {
    ASSERT_GE(actual.shared_with, 0);
    shared_side = "{" + SideNames(actual.shared_sides) + ": " +
                  std::string(tile.segments[actual.shared_with].id) + "}";
  }
  EXPECT_EQ(shared_side, Lookup(expected.scalars, "shared_side")) << "shared_side";
  // KR-20, AMB-42: `road_stub: true` on a road. A segment with the key must
  // be a stub in the catalogue; once a facts file carries the key, every
  // stub of the catalogue in its set must carry it too. (Until then the
  // catalogue marks what the facts' notes name: ic:05, RoadStubsAreIc05s.)
  if (expected.scalars.contains("road_stub") || facts_mark_stubs) {
    ExpectFlag(actual.road_stub, expected.scalars, "road_stub", false);
  }
  if (actual.road_stub) {
    EXPECT_EQ(actual.kind, SegmentKind::kRoad) << "a stub is a road";
  }
  // The Princess & the Dragon (PD-21): `princess: true` on a city.
  ExpectFlag(actual.princess, expected.scalars, "princess", false);
  if (actual.well) {
    EXPECT_EQ(actual.kind, SegmentKind::kRoad) << "a well is on a road";
    EXPECT_EQ(SideNames(actual.edges).size(), 5u) << "a well splits a road three ways";
  }
}

void ExpectTileMatches(const TileType& tile, const FactTile& expected, bool facts_mark_stubs) {
  for (const auto& [key, value] : expected.scalars) {
    EXPECT_TRUE(kTileFacts.contains(key) || kTileDocumentation.contains(key))
        << "fact not modelled: " << key << ": " << value;
  }
  for (const std::string& key : expected.blocks) {
    EXPECT_TRUE(kTileFacts.contains(key) || kTileDocumentation.contains(key))
        << "fact not modelled: " << key;
  }

  EXPECT_EQ(tile.id, expected.id);
  EXPECT_EQ(tile.count, expected.count);
  // AB-01: a garden twin is not in the classic edition (count 0).
  if (tile.garden_twin_of.empty()) {
    EXPECT_GT(tile.count, 0);
  }
  ExpectFlag(tile.start_tile, expected.scalars, "start_tile", false);
  EXPECT_EQ(tile.description, Lookup(expected.scalars, "desc"));
  EXPECT_EQ(expected.sides.size(), 4u);
  for (Side side : kAllSides) {
    const std::string name(LocationName(EdgeLocation(side)));
    EXPECT_EQ(TerrainName(tile.sides[SideIndex(side)]), Lookup(expected.sides, name))
        << "side " << name;
  }
  ExpectFlag(tile.magic_symbol, expected.scalars, "magic_symbol", false);
  ExpectFlag(tile.volcano, expected.scalars, "volcano", false);
  ExpectFlag(tile.bazaar, expected.scalars, "bazaar", false);
  // The Princess & the Dragon (PD-01): the dragon symbol and the magic portal.
  ExpectFlag(tile.dragon_symbol, expected.scalars, "dragon_symbol", false);
  ExpectFlag(tile.magic_portal, expected.scalars, "magic_portal", false);
  ExpectFlag(tile.city_quarters, expected.scalars, "city_of_carcassonne_quarters", false);
  // Hills & Sheep (HS-03, HS-09): `hill: true`, `vineyard: true`.
  ExpectFlag(tile.hill, expected.scalars, "hill", false);
  ExpectFlag(tile.vineyard, expected.scalars, "vineyard", false);
  // The Festival (FV-01): `festival: true`.
  ExpectFlag(tile.festival, expected.scalars, "festival", false);
  // The Cult (CU-01): `counts: {heretics_and_shrines: n}`, the copies in the
  // 5-tile Heretics and Shrines; absent on the tiles of other sets.
  std::map<std::string, std::string> counts;
  const std::string counts_text = Lookup(expected.scalars, "counts");
  if (!counts_text.empty()) {
    ASSERT_TRUE(ParseFlowMap(counts_text, &counts, nullptr)) << "counts: " << counts_text;
  }
  EXPECT_EQ(std::to_string(tile.heretics_and_shrines_count),
            Lookup(counts, "heretics_and_shrines", "-1"))
      << "counts.heretics_and_shrines";
  // The Abbot (AB-01): `counts: {garden_edition: n}`, the copies in the garden
  // edition; absent on the tiles of sets without one. A twin's description
  // ends with "garden twin of <id>", the type it replaces.
  EXPECT_EQ(std::to_string(tile.garden_edition_count), Lookup(counts, "garden_edition", "-1"))
      << "counts.garden_edition";
  const std::string desc = Lookup(expected.scalars, "desc");
  const size_t twin_at = desc.find("garden twin of ");
  EXPECT_EQ(tile.garden_twin_of,
            twin_at == std::string::npos
                ? ""
                : desc.substr(twin_at + std::string_view("garden twin of ").size()))
      << "garden twin of";
  // Siege (SI-01): `part: cathars | besiegers`.
  EXPECT_EQ(tile.part, Lookup(expected.scalars, "part")) << "part";
  // The Count: `layout: {dx: .., dy: .., rotation: 0}` is the tile's place in
  // the 4x3 block; `outer_sides` are the sides that face outwards, i.e. those
  // that are not inner sides (partial / none).
  const std::string layout = Lookup(expected.scalars, "layout");
  if (layout.empty()) {
    EXPECT_FALSE(tile.city_layout.has_value()) << "layout";
  } else {
    ASSERT_TRUE(tile.city_layout.has_value()) << "layout";
    EXPECT_EQ(layout, "{dx: " + std::to_string(tile.city_layout->x) +
                          ", dy: " + std::to_string(tile.city_layout->y) + ", rotation: 0}");
    std::vector<std::string> outer;
    for (Side side : kAllSides) {
      const Terrain terrain = tile.sides[SideIndex(side)];
      if (terrain != Terrain::kPartial && terrain != Terrain::kNone) {
        outer.emplace_back(LocationName(EdgeLocation(side)));
      }
    }
    std::string outer_text = "[";
    for (size_t i = 0; i < outer.size(); ++i) outer_text += (i > 0 ? ", " : "") + outer[i];
    EXPECT_EQ(Lookup(expected.scalars, "outer_sides"), outer_text + "]") << "outer_sides";
  }

  // river_role: "<role> (<remark>)", e.g. "spring (start tile)".
  const std::string river_role = Lookup(expected.scalars, "river_role", "none");
  const std::string role = river_role.substr(0, river_role.find(' '));
  EXPECT_EQ(RiverRoleName(tile.river_role), role) << "river_role";
  if (role != "none") {
    const auto remark = RiverRoleRemarks().find(role);
    ASSERT_NE(remark, RiverRoleRemarks().end()) << "unknown river_role " << river_role;
    EXPECT_EQ(river_role, role + " (" + remark->second + ")") << "river_role";
  }
  if (tile.river_role == RiverRole::kSpring) {
    EXPECT_TRUE(tile.start_tile) << "the spring is the river's start tile";
  }

  // `segments: []` (count:6, count:7) is a tile without segments.
  EXPECT_TRUE(expected.blocks.contains("segments") || Lookup(expected.scalars, "segments") == "[]");
  ASSERT_EQ(tile.segments.size(), expected.segments.size());
  for (size_t i = 0; i < expected.segments.size(); ++i) {
    SCOPED_TRACE("segment " + Lookup(expected.segments[i].scalars, "id") + " (line " +
                 std::to_string(expected.segments[i].line) + ")");
    ExpectSegmentMatches(tile, tile.segments[i], expected.segments[i], facts_mark_stubs);
  }
}

// The facts' totals for a part: its own for a named part, the file's otherwise.
std::pair<std::string, std::string> ExpectedTotals(const Facts& facts, const FactPart& part) {
  const auto& scalars = part.name.empty() ? facts.top_level : part.scalars;
  return {Lookup(scalars, "total_tiles", "<missing>"), Lookup(scalars, "tile_types", "<missing>")};
}

// ---------------------------------------------------------------------------
// Every set against its facts file.

class SetFactsTest : public testing::TestWithParam<SetCase> {
 protected:
  const TileSet& Set() const { return GetParam().tile_set(); }
  std::string FileTrace(int line) const {
    return std::string(GetParam().facts_file) + " line " + std::to_string(line);
  }
};

TEST_P(SetFactsTest, FactsFileIsReadableAndConsistent) {
  const std::optional<Facts> facts = LoadFacts(GetParam().facts_file);
  ASSERT_TRUE(facts.has_value());
  for (const std::string& key : facts->top_level_keys) {
    EXPECT_TRUE(kTopLevelFacts.contains(key) || kFileDocumentation.contains(key))
        << "fact not modelled: " << key;
  }
  EXPECT_EQ(Lookup(facts->top_level, "format"), "carcassonne-tile-facts/v1");
  EXPECT_EQ(Lookup(facts->top_level, "set"), GetParam().name);
  for (const FactPart& part : facts->parts) {
    SCOPED_TRACE("part '" + part.name + "'");
    for (const auto& [key, value] : part.scalars) {
      EXPECT_TRUE(kPartFacts.contains(key) || kFileDocumentation.contains(key))
          << "fact not modelled: " << key << ": " << value;
    }
    int total = 0;
    for (const FactTile& tile : part.tiles) {
      total += tile.count;
      EXPECT_GT(tile.count, 0) << tile.id;
      // Only the centre of the Count's city (count:6, count:7) has no segment.
      EXPECT_EQ(tile.segments.empty(), Lookup(tile.scalars, "segments") == "[]") << tile.id;
      EXPECT_TRUE(tile.id.starts_with(IdPrefix(GetParam().name))) << tile.id;
    }
    const auto [total_tiles, tile_types] = ExpectedTotals(*facts, part);
    EXPECT_EQ(std::to_string(total), total_tiles);
    EXPECT_EQ(std::to_string(part.tiles.size()), tile_types);
  }
}

TEST_P(SetFactsTest, TitleMatchesTheFacts) {
  const std::optional<Facts> facts = LoadFacts(GetParam().facts_file);
  ASSERT_TRUE(facts.has_value());
  EXPECT_EQ(Set().name, GetParam().name);
  EXPECT_EQ(Set().title, Lookup(facts->top_level, "title"));
}

TEST_P(SetFactsTest, EveryTypeMatchesTheFactsInOrder) {
  const std::optional<Facts> facts = LoadFacts(GetParam().facts_file);
  ASSERT_TRUE(facts.has_value());
  const std::vector<const FactTile*> expected = facts->AllTiles();
  EXPECT_EQ(Set().tiles.size(), expected.size());
  const bool facts_mark_stubs =
      std::any_of(expected.begin(), expected.end(), [](const FactTile* tile) {
        return std::any_of(
            tile->segments.begin(), tile->segments.end(),
            [](const FactSegment& segment) { return segment.scalars.contains("road_stub"); });
      });
  for (size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(expected[i]->id + " (" + FileTrace(expected[i]->line) + ")");
    const TileType* tile = Catalogue::Get().Find(expected[i]->id);
    if (tile == nullptr) {
      ADD_FAILURE() << "not in the catalogue";
      continue;
    }
    ASSERT_LT(i, Set().tiles.size());
    EXPECT_EQ(tile, &Set().tiles[i]) << "not in the facts' order, or in another set";
    EXPECT_EQ(tile->set, GetParam().name);
    ExpectTileMatches(*tile, *expected[i], facts_mark_stubs);
  }
}

TEST_P(SetFactsTest, TotalsMatchTheFacts) {
  const std::optional<Facts> facts = LoadFacts(GetParam().facts_file);
  ASSERT_TRUE(facts.has_value());
  int set_total = 0;
  for (const TileType& tile : Set().tiles) set_total += tile.count;
  int parts_total = 0;
  size_t parts_types = 0;
  for (const FactPart& part : facts->parts) {
    SCOPED_TRACE("part '" + part.name + "'");
    int total = 0;
    for (const FactTile& expected : part.tiles) {
      const TileType* tile = Catalogue::Get().Find(expected.id);
      if (tile != nullptr) total += tile->count;
    }
    const auto [total_tiles, tile_types] = ExpectedTotals(*facts, part);
    EXPECT_EQ(std::to_string(total), total_tiles) << "tiles";
    EXPECT_EQ(std::to_string(part.tiles.size()), tile_types) << "tile types";
    parts_total += total;
    parts_types += part.tiles.size();
  }
  // The set holds exactly the parts' types and garden twins (AB-01): nothing
  // extra.
  size_t twins = 0;
  for (const FactPart& part : facts->parts) twins += part.twins.size();
  EXPECT_EQ(Set().tiles.size(), parts_types + twins);
  EXPECT_EQ(set_total, parts_total);
  if (facts->top_level.contains("total_tiles")) {
    EXPECT_EQ(std::to_string(set_total), Lookup(facts->top_level, "total_tiles"));
    EXPECT_EQ(std::to_string(Set().tiles.size() - twins), Lookup(facts->top_level, "tile_types"));
  }
}

// AB-01: the garden edition. Each twin of the facts is in the set, with one
// garden, count 0, and replaces copies of a type of the same set; the
// garden edition has as many tiles as the classic one (the facts' notes: each
// twin takes one copy's place). Only twins have gardens.
TEST_P(SetFactsTest, GardenTwinsReplaceCopiesOfTheirType) {
  const std::optional<Facts> facts = LoadFacts(GetParam().facts_file);
  ASSERT_TRUE(facts.has_value());
  for (const FactPart& part : facts->parts) {
    for (const std::string& twin : part.garden_twins) {
      const TileType* tile = Catalogue::Get().Find(twin);
      ASSERT_NE(tile, nullptr) << twin << " is a garden-edition twin";
      EXPECT_EQ(tile->count, 0) << twin;
      EXPECT_GT(tile->garden_edition_count, 0) << twin;
      const TileType* original = Catalogue::Get().Find(tile->garden_twin_of);
      ASSERT_NE(original, nullptr) << twin;
      EXPECT_EQ(original->set, tile->set) << twin;
      EXPECT_EQ(original->sides, tile->sides) << twin << ": same sides as " << original->id;
    }
  }
  int classic = 0;
  int garden_edition = 0;
  for (const TileType& tile : Set().tiles) {
    const int gardens = static_cast<int>(
        std::count_if(tile.segments.begin(), tile.segments.end(),
                      [](const SegmentType& s) { return s.kind == SegmentKind::kGarden; }));
    EXPECT_EQ(gardens, tile.garden_twin_of.empty() ? 0 : 1) << tile.id;
    classic += tile.count;
    garden_edition += tile.garden_edition_count >= 0 ? tile.garden_edition_count : tile.count;
  }
  EXPECT_EQ(garden_edition, classic);
}

INSTANTIATE_TEST_SUITE_P(Sets, SetFactsTest, testing::ValuesIn(kSetCases),
                         [](const testing::TestParamInfo<SetCase>& info) {
                           return std::string(info.param.name);
                         });

// ---------------------------------------------------------------------------

TEST(CatalogueFactsTest, BaseFactsFile) {
  const std::optional<Facts> facts = LoadFacts("base.yaml");
  ASSERT_TRUE(facts.has_value());
  ASSERT_EQ(facts->parts.size(), 1u);
  EXPECT_EQ(Lookup(facts->top_level, "total_tiles"), "72");
  EXPECT_EQ(Lookup(facts->top_level, "tile_types"), "24");
  EXPECT_EQ(facts->parts[0].tiles.size(), 24u);
  EXPECT_EQ(facts->parts[0].garden_twins.size(), 8u);  // Eg, Hg, Ig, Mg, Ng, Rg, Ug, Vg
}

TEST(CatalogueFactsTest, RiverFactsFileHasTwoParts) {
  const std::optional<Facts> facts = LoadFacts("river.yaml");
  ASSERT_TRUE(facts.has_value());
  ASSERT_EQ(facts->parts.size(), 2u);
  EXPECT_EQ(facts->parts[0].name, "River I");
  EXPECT_EQ(facts->parts[1].name, "River II");
  EXPECT_EQ(facts->parts[0].tiles.size(), 10u);
  EXPECT_EQ(facts->parts[1].tiles.size(), 12u);
  for (const FactTile& tile : facts->parts[0].tiles) EXPECT_TRUE(tile.id.starts_with("river:1-"));
  for (const FactTile& tile : facts->parts[1].tiles) EXPECT_TRUE(tile.id.starts_with("river:2-"));
}

TEST(CatalogueFactsTest, ParserRejectsWhatItDoesNotKnow) {
  const auto parse = [](const std::string& text) {
    std::istringstream in(text);
    std::string error;
    return ParseFacts(in, &error).has_value();
  };
  const std::string good =
      "set: x\n"
      "tiles:\n"
      "  - id: \"x:1\"\n"
      "    count: 1\n"
      "    segments:\n"
      "      - {id: f1, kind: field, half_edges: [NNW]}\n";
  EXPECT_TRUE(parse(good));
  EXPECT_FALSE(parse(""));
  EXPECT_FALSE(parse("set: x\n"));
  EXPECT_FALSE(parse(good + "   stray: 1\n"));
  EXPECT_FALSE(parse(good + "      - {id: f2, kind: field\n"));
  EXPECT_FALSE(parse(good + "    count: 2\n"));
  EXPECT_FALSE(parse(good + "parts:\n"));
}

TEST(CatalogueTest, BaseSetTotals) {
  const TileSet& base = BaseTileSet();
  EXPECT_EQ(base.name, "base");
  EXPECT_FALSE(base.title.empty());
  // 24 types and the 8 garden twins of the garden edition (AB-01), last.
  EXPECT_EQ(base.tiles.size(), 24u + 8u);
  int total = 0;
  int garden_edition = 0;
  std::vector<std::string_view> start_types;
  std::set<std::string_view> ids;
  for (const TileType& tile : base.tiles) {
    total += tile.count;
    garden_edition += tile.garden_edition_count;
    EXPECT_EQ(tile.count > 0, tile.garden_twin_of.empty()) << tile.id;
    EXPECT_EQ(tile.set, "base") << tile.id;
    EXPECT_TRUE(ids.insert(tile.id).second) << "duplicate " << tile.id;
    if (tile.start_tile) start_types.push_back(tile.id);
  }
  EXPECT_EQ(total, 72);
  EXPECT_EQ(garden_edition, 72);  // AB-01: 8 twins in place of 8 copies
  EXPECT_EQ(start_types, std::vector<std::string_view>{"base:D"});
  // The letters A..X, in order.
  for (size_t i = 0; i < 24; ++i) {
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

TEST(CatalogueTest, SetsInOrderEachWithItsFactsFile) {
  // The abbey tile (AM-01) is not in the facts: its set comes right after
  // Abbey & Mayor's land tiles and is checked on its own (AbbeyTile). The
  // current edition of Inns & Cathedrals (IN-01) has no facts file either:
  // its set comes right after the classic one and is checked against the
  // rules file's tile list (inns_and_cathedrals_c31_test).
  std::vector<const TileSet*> sets;
  for (const TileSet* set : Catalogue::Get().sets()) {
    if (set != &AbbeyTileSet() && set != &InnsAndCathedralsC31TileSet()) sets.push_back(set);
  }
  ASSERT_GE(Catalogue::Get().sets().size(), 3u);
  EXPECT_EQ(Catalogue::Get().sets()[2], &InnsAndCathedralsC31TileSet());
  ASSERT_EQ(sets.size(), std::size(kSetCases));
  for (size_t i = 0; i < sets.size(); ++i) {
    EXPECT_EQ(sets[i], &kSetCases[i].tile_set()) << kSetCases[i];
    EXPECT_EQ(sets[i]->name, kSetCases[i].name);
    EXPECT_FALSE(sets[i]->title.empty());
    EXPECT_FALSE(sets[i]->tiles.empty());
  }
}

TEST(CatalogueTest, EveryIdIsUniqueAndFound) {
  std::set<std::string_view> ids;
  int types = 0;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      ++types;
      EXPECT_TRUE(ids.insert(tile.id).second) << "duplicate " << tile.id;
      EXPECT_EQ(tile.set, set->name) << tile.id;
      EXPECT_TRUE(tile.id.starts_with(IdPrefix(set->name))) << tile.id;
      EXPECT_EQ(Catalogue::Get().Find(tile.id), &tile) << tile.id;
      // Found by value, not by address.
      EXPECT_EQ(Catalogue::Get().Find(std::string(tile.id)), &tile) << tile.id;
    }
  }
  EXPECT_EQ(types, 24 + 17 + 24 + 22 + 5 + 12 + 8 + 12 + 1 + 11 + 6 + 10 + 16 + 29 + 16 + 17 +
                       (8 + 2 + 2 + 2 + 1 + 1 + 1 + 1 + 1 + 2 + 2 + 2) + 21 +
                       10);  // + the Tower's, Under the Big Top's; + ic31's 21 (IN-01); +
                             // the Festival's 10 (FV-01)
}

// AM-01, AM-03: the abbey tile, built as the facts file's note says: set
// "am", right after the land tiles, never in the bag, four abbey sides and
// a monastery in the centre as its only segment.
TEST(CatalogueTest, AbbeyTile) {
  const std::span<const TileSet* const> sets = Catalogue::Get().sets();
  const auto land = std::find(sets.begin(), sets.end(), &AbbeyAndMayorTileSet());
  ASSERT_NE(land, sets.end());
  ASSERT_NE(land + 1, sets.end());
  EXPECT_EQ(*(land + 1), &AbbeyTileSet());
  const TileType* abbey = Catalogue::Get().Find("am:abbey");
  ASSERT_NE(abbey, nullptr);
  EXPECT_EQ(abbey, &AbbeyTileSet().tiles.front());
  EXPECT_EQ(AbbeyTileSet().tiles.size(), 1u);
  EXPECT_TRUE(abbey->abbey);
  EXPECT_EQ(abbey->count, 0);
  EXPECT_EQ(abbey->set, "am");
  for (Terrain side : abbey->sides) EXPECT_EQ(side, Terrain::kAbbey);
  ASSERT_EQ(abbey->segments.size(), 1u);
  EXPECT_EQ(abbey->segments[0].kind, SegmentKind::kMonastery);
  // No other tile is an abbey or shows an abbey side.
  for (const TileSet* set : sets) {
    for (const TileType& tile : set->tiles) {
      if (&tile == abbey) continue;
      EXPECT_FALSE(tile.abbey) << tile.id;
      for (Terrain side : tile.sides) EXPECT_NE(side, Terrain::kAbbey) << tile.id;
    }
  }
}

TEST(CatalogueTest, FindRejectsNearMisses) {
  const Catalogue& catalogue = Catalogue::Get();
  for (std::string_view id :
       {"ic:1",    "ic:18",      "ic:03h",      "IC:01",     "ic:",        "ic",      "tb:00",
        "tb:25",   "river:1-11", "river:1-09g", "river:2-1", "river:3-01", "river:",  "kr:0",
        "kr:6",    "kr:1g",      "mw:9",        "mw:7g",     "count:0",    "base:Ag", " base:A",
        "base:A ", "base:AA",    "~",           "\xff",      "pd:05g",     "pd:30"}) {
    EXPECT_EQ(catalogue.Find(id), nullptr) << id;
  }
  // Find packs ids of up to 15 bytes into two words, zero-padded, with the
  // length: a trailing NUL byte, or the same bytes in a longer id, are other ids.
  EXPECT_EQ(catalogue.Find(std::string_view("base:A\0", 7)), nullptr);
  EXPECT_EQ(catalogue.Find(std::string_view("river:2-09\0\0\0\0\0", 15)), nullptr);
  EXPECT_EQ(catalogue.Find("river:2-09river:"), nullptr);  // 16 bytes
  EXPECT_EQ(catalogue.Find(std::string(200, 'x')), nullptr);
}

TEST(CatalogueTest, RankAndTypeAtAgree) {
  const Catalogue& catalogue = Catalogue::Get();
  int rank = 0;
  for (const TileSet* set : catalogue.sets()) {
    for (const TileType& tile : set->tiles) {
      EXPECT_EQ(catalogue.Rank(&tile), rank) << tile.id;
      EXPECT_EQ(&catalogue.TypeAt(rank), &tile) << tile.id;
      ++rank;
    }
  }
  EXPECT_EQ(rank, catalogue.type_count());
  EXPECT_EQ(catalogue.Rank(nullptr), catalogue.type_count());
}

TEST(CatalogueTest, StartTiles) {
  std::vector<std::string_view> start_types;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      if (tile.start_tile) start_types.push_back(tile.id);
    }
  }
  // The base game's D; each river box's spring.
  EXPECT_EQ(start_types, (std::vector<std::string_view>{"base:D", "river:1-01", "river:2-01"}));
}

TEST(CatalogueTest, NamesOfGoodsAndRiverRoles) {
  EXPECT_EQ(GoodsName(Goods::kNone), "none");
  EXPECT_EQ(GoodsName(Goods::kWine), "wine");
  EXPECT_EQ(GoodsName(Goods::kGrain), "grain");
  EXPECT_EQ(GoodsName(Goods::kCloth), "cloth");
  EXPECT_EQ(RiverRoleName(RiverRole::kNone), "none");
  EXPECT_EQ(RiverRoleName(RiverRole::kSpring), "spring");
  EXPECT_EQ(RiverRoleName(RiverRole::kLake), "lake");
  EXPECT_EQ(RiverRoleName(RiverRole::kRiver), "river");
  EXPECT_EQ(RiverRoleName(RiverRole::kFork), "fork");
}

// Spot checks written from the rules and the printed tiles, independent of the
// facts files.
TEST(CatalogueTest, ExpansionExamples) {
  const Catalogue& catalogue = Catalogue::Get();
  // Inns & Cathedrals: two cathedral tiles; six inns.
  const TileType* cathedral = catalogue.Find("ic:01");
  ASSERT_NE(cathedral, nullptr);
  EXPECT_EQ(cathedral->count, 2);
  ASSERT_EQ(cathedral->segments.size(), 1u);
  EXPECT_TRUE(cathedral->segments[0].cathedral);
  EXPECT_EQ(cathedral->segments[0].edges, 0x0F);
  int inns = 0;
  for (const TileType& tile : InnsAndCathedralsTileSet().tiles) {
    for (const SegmentType& segment : tile.segments) inns += segment.inn ? tile.count : 0;
  }
  EXPECT_EQ(inns, 6);

  // Traders & Builders: 9 wine, 6 grain, 5 cloth.
  std::map<Goods, int> goods;
  for (const TileType& tile : TradersAndBuildersTileSet().tiles) {
    for (const SegmentType& segment : tile.segments) {
      if (segment.goods != Goods::kNone) goods[segment.goods] += tile.count;
    }
  }
  EXPECT_EQ(goods,
            (std::map<Goods, int>{{Goods::kWine, 9}, {Goods::kGrain, 6}, {Goods::kCloth, 5}}));

  // The River: one spring and one lake per box, River II's fork; the river
  // runs on sides only a river may touch.
  std::map<RiverRole, int> roles;
  for (const TileType& tile : RiverTileSet().tiles) {
    roles[tile.river_role] += tile.count;
    EXPECT_NE(tile.river_role, RiverRole::kNone) << tile.id;
  }
  EXPECT_EQ(roles, (std::map<RiverRole, int>{{RiverRole::kSpring, 2},
                                             {RiverRole::kLake, 2},
                                             {RiverRole::kFork, 1},
                                             {RiverRole::kRiver, 19}}));
  const TileType* fork = catalogue.Find("river:2-04");
  ASSERT_NE(fork, nullptr);
  EXPECT_EQ(fork->river_role, RiverRole::kFork);
  EXPECT_EQ(fork->segments[fork->SegmentIndex("v1")].edges, 0x0B);  // N, E, W

  // King & Robber Baron: the city bridge has two fields that touch no side.
  const TileType* bridge = catalogue.Find("kr:5");
  ASSERT_NE(bridge, nullptr);
  int enclosed = 0;
  for (const SegmentType& segment : bridge->segments) {
    if (segment.kind == SegmentKind::kField) {
      EXPECT_EQ(segment.half_edges, 0);
      ++enclosed;
    }
  }
  EXPECT_EQ(enclosed, 2);

  // The Count: 12 tiles in a 4x3 block, count:1 at (0, 0); only count:7 holds
  // the quarters; count:6 and count:7 have no segment; every field borders the
  // City of Carcassonne (CO-22); the outer cities are on count:9 and count:12.
  std::set<std::pair<int, int>> cells;
  for (const TileType& tile : CountTileSet().tiles) {
    ASSERT_TRUE(tile.city_layout.has_value()) << tile.id;
    EXPECT_TRUE(cells.insert({tile.city_layout->x, tile.city_layout->y}).second) << tile.id;
    EXPECT_GE(tile.city_layout->x, 0);
    EXPECT_LE(tile.city_layout->x, 3);
    EXPECT_GE(tile.city_layout->y, 0);
    EXPECT_LE(tile.city_layout->y, 2);
    EXPECT_EQ(tile.city_quarters, tile.id == "count:7") << tile.id;
    EXPECT_FALSE(tile.start_tile) << tile.id;
    for (const SegmentType& segment : tile.segments) {
      EXPECT_EQ(segment.borders_city_of_carcassonne, segment.kind == SegmentKind::kField)
          << tile.id;
      if (segment.kind == SegmentKind::kCity) {
        EXPECT_TRUE(tile.id == "count:9" || tile.id == "count:12") << tile.id;
      }
    }
  }
  EXPECT_EQ(cells.size(), 12u);
  EXPECT_TRUE(catalogue.Find("count:6")->segments.empty());
  EXPECT_TRUE(catalogue.Find("count:7")->segments.empty());
  EXPECT_EQ(catalogue.Find("count:1")->city_layout, (Position{0, 0}));
  EXPECT_EQ(catalogue.Find("count:12")->city_layout, (Position{3, 2}));
  for (const TileSet* set : catalogue.sets()) {
    if (set->name == "count") continue;
    for (const TileType& tile : set->tiles) {
      EXPECT_FALSE(tile.city_layout.has_value()) << tile.id;
      for (const SegmentType& segment : tile.segments) {
        EXPECT_FALSE(segment.borders_city_of_carcassonne) << tile.id;
      }
    }
  }

  // Mage & Witch: every tile has the magic symbol; no other set's tile does.
  for (const TileSet* set : catalogue.sets()) {
    for (const TileType& tile : set->tiles) {
      EXPECT_EQ(tile.magic_symbol, set->name == "mw") << tile.id;
    }
  }

  // Bridges, Castles & Bazaars: 12 land tiles (BC-01), 8 with the bazaar
  // symbol (two bcb:01); bcb:04's city may not become a castle; the garden
  // twin bcb:04g is not in the catalogue. No other set shows a bazaar.
  const TileSet& bcb = BridgesCastlesBazaarsTileSet();
  int bcb_tiles = 0;
  int bazaar_tiles = 0;
  for (const TileType& tile : bcb.tiles) {
    bcb_tiles += tile.count;
    if (tile.bazaar) bazaar_tiles += tile.count;
    EXPECT_FALSE(tile.start_tile) << tile.id;
  }
  EXPECT_EQ(bcb_tiles, 12);
  EXPECT_EQ(bazaar_tiles, 8);
  EXPECT_TRUE(catalogue.Find("bcb:04")->segments[0].no_castle_base);
  EXPECT_FALSE(catalogue.Find("bcb:07")->segments[0].no_castle_base);
  // AB-01: the garden twin keeps the city that may not become a castle.
  ASSERT_NE(catalogue.Find("bcb:04g"), nullptr);
  EXPECT_TRUE(catalogue.Find("bcb:04g")->segments[0].no_castle_base);
  for (const TileSet* set : catalogue.sets()) {
    if (set->name == "bcb") continue;
    for (const TileType& tile : set->tiles) EXPECT_FALSE(tile.bazaar) << tile.id;
  }
}

// The Cult (CU-01, CU-02): every cult tile shows one shrine, on its monastery;
// no other set has a shrine. Rio Grande's set has 6 tiles, Hans im Glueck's 5
// (all but cult:6).
TEST(CatalogueTest, CultShrines) {
  const Catalogue& catalogue = Catalogue::Get();
  int rio_grande = 0;
  int heretics_and_shrines = 0;
  for (const TileSet* set : catalogue.sets()) {
    for (const TileType& tile : set->tiles) {
      int shrines = 0;
      for (const SegmentType& segment : tile.segments) {
        if (segment.shrine) {
          ++shrines;
          EXPECT_EQ(segment.kind, SegmentKind::kMonastery) << tile.id;
        }
      }
      EXPECT_EQ(shrines, set->name == "cult" ? 1 : 0) << tile.id;
      EXPECT_EQ(tile.heretics_and_shrines_count >= 0, set->name == "cult") << tile.id;
      if (set->name != "cult") continue;
      rio_grande += tile.count;
      heretics_and_shrines += tile.heretics_and_shrines_count;
    }
  }
  EXPECT_EQ(rio_grande, 6);
  EXPECT_EQ(heretics_and_shrines, 5);
  EXPECT_EQ(catalogue.Find("cult:6")->heretics_and_shrines_count, 0);
}

// Siege (SI-01, SI-02): 4 Cathars and 6 Besiegers tiles, one each, each with
// one city, which shows the siege symbol; no other set has one, and no other
// set names a part.
TEST(CatalogueTest, SiegeSymbols) {
  int cathars = 0;
  int besiegers = 0;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      int besieged = 0;
      int cities = 0;
      for (const SegmentType& segment : tile.segments) {
        if (segment.kind == SegmentKind::kCity) ++cities;
        if (segment.besieged) {
          ++besieged;
          EXPECT_EQ(segment.kind, SegmentKind::kCity) << tile.id;
        }
      }
      if (set->name != "siege") {
        EXPECT_EQ(besieged, 0) << tile.id;
        EXPECT_TRUE(tile.part.empty()) << tile.id;
        continue;
      }
      EXPECT_EQ(besieged, 1) << tile.id;
      EXPECT_EQ(cities, 1) << tile.id;
      EXPECT_EQ(tile.count, 1) << tile.id;
      if (tile.part == "cathars") ++cathars;
      if (tile.part == "besiegers") ++besiegers;
    }
  }
  EXPECT_EQ(cathars, 4);
  EXPECT_EQ(besiegers, 6);
}

// Hills & Sheep (HS-01, HS-27): 8 hill and 8 vineyard tiles of 18, none in
// another set; only hs:02 has a shared side (c2 reaches N, held by c1), and
// its layout names c1 on N in every rotation.
TEST(CatalogueTest, HillsVineyardsAndTheSharedSide) {
  const Catalogue& catalogue = Catalogue::Get();
  int tiles = 0, hills = 0, vineyards = 0;
  for (const TileSet* set : catalogue.sets()) {
    for (const TileType& tile : set->tiles) {
      const bool hs = set->name == "hs";
      if (!hs) {
        EXPECT_FALSE(tile.hill || tile.vineyard) << tile.id;
      } else {
        tiles += tile.count;
        hills += tile.hill ? tile.count : 0;
        vineyards += tile.vineyard ? tile.count : 0;
        EXPECT_FALSE(tile.hill && tile.vineyard) << tile.id;
      }
      EXPECT_EQ(tile.shares_a_side, tile.id == "hs:02") << tile.id;
    }
  }
  EXPECT_EQ(tiles, 18);
  EXPECT_EQ(hills, 8);
  EXPECT_EQ(vineyards, 8);
  const TileType& multi = *catalogue.Find("hs:02");
  EXPECT_EQ(multi.segments[1].shared_sides, 1u << SideIndex(Side::kNorth));
  EXPECT_EQ(multi.segments[1].shared_with, 0);
  for (Rotation rotation : kAllRotations) {
    const TileLayout& layout = multi.layouts[rotation.quarter_turns];
    EXPECT_EQ(layout.segment_at_side[SideIndex(RotateSide(Side::kNorth, rotation))], 0);
    EXPECT_EQ(layout.segment_at_side[SideIndex(RotateSide(Side::kEast, rotation))], 1);
  }
  // AB-01: hs:14g is hs:14 with a garden (the garden edition).
  ASSERT_NE(catalogue.Find("hs:14g"), nullptr);
  EXPECT_EQ(catalogue.Find("hs:14g")->garden_twin_of, "hs:14");
  EXPECT_TRUE(catalogue.Find("hs:14g")->hill);
}

// BT-01: 12 circus tiles with one circus space each and 8 acrobat tiles with
// one acrobat space each (BT-Q1: the facts follow JCloisterZone), all in the
// "bt" set; neither space touches a side. The garden twins are left out (the
// Abbot is not built).
TEST(CatalogueTest, CircusAndAcrobatSpaces) {
  int circus = 0, acrobat = 0;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      int spaces = 0;
      for (const SegmentType& segment : tile.segments) {
        const bool circus_space = segment.kind == SegmentKind::kCircusSpace;
        const bool acrobat_space = segment.kind == SegmentKind::kAcrobatSpace;
        if (!circus_space && !acrobat_space) continue;
        EXPECT_EQ(set->name, "bt") << tile.id;
        EXPECT_EQ(segment.edges, 0) << tile.id;
        EXPECT_EQ(segment.half_edges, 0) << tile.id;
        circus += circus_space ? tile.count : 0;
        acrobat += acrobat_space ? tile.count : 0;
        ++spaces;
      }
      EXPECT_EQ(spaces, set->name == "bt" ? 1 : 0) << tile.id;
    }
  }
  EXPECT_EQ(circus, 12);
  EXPECT_EQ(acrobat, 8);
  EXPECT_EQ(SegmentKindName(SegmentKind::kCircusSpace), "circus_space");
  EXPECT_EQ(SegmentKindName(SegmentKind::kAcrobatSpace), "acrobat_space");
  // The garden edition's twins (AB-01) replace bt:01 and bt:07 (count 0 in
  // the classic edition).
  ASSERT_NE(Catalogue::Get().Find("bt:01g"), nullptr);
  EXPECT_EQ(Catalogue::Get().Find("bt:01g")->count, 0);
  ASSERT_NE(Catalogue::Get().Find("bt:07g"), nullptr);
  EXPECT_EQ(Catalogue::Get().Find("bt:07g")->count, 0);
}

// KR-20, AMB-42: the catalogue's road stubs are the two roads of ic:05, which
// the reference facts' note on ic:05 names ("ODOD" stubs), and no other.
TEST(CatalogueTest, RoadStubsAreIc05s) {
  std::vector<std::string> stubs;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      for (const SegmentType& segment : tile.segments) {
        if (segment.road_stub)
          stubs.push_back(std::string(tile.id) + " " + std::string(segment.id));
      }
    }
  }
  EXPECT_EQ(stubs, (std::vector<std::string>{"ic:05 r1", "ic:05 r2"}));
}

// The Princess & the Dragon (PD-01): 30 tiles, 6 volcanoes, 12 dragon
// symbols, 6 magic portals, 6 princesses (always on a city), exactly one
// symbol a tile; no other set shows a dragon, a portal or a princess (the
// River II lake's volcano is River II's, RV-10).
TEST(CatalogueTest, PrincessAndDragonSymbols) {
  int volcanoes = 0, dragons = 0, portals = 0, princesses = 0, tiles = 0;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      int princess = 0;
      for (const SegmentType& segment : tile.segments) {
        if (!segment.princess) continue;
        ++princess;
        EXPECT_EQ(segment.kind, SegmentKind::kCity) << tile.id;
      }
      if (set->name != "pd") {
        EXPECT_FALSE(tile.dragon_symbol || tile.magic_portal || princess > 0) << tile.id;
        continue;
      }
      EXPECT_EQ(int{tile.volcano} + int{tile.dragon_symbol} + int{tile.magic_portal} + princess, 1)
          << tile.id;
      tiles += tile.count;
      if (tile.volcano) volcanoes += tile.count;
      if (tile.dragon_symbol) dragons += tile.count;
      if (tile.magic_portal) portals += tile.count;
      if (princess > 0) princesses += tile.count;
    }
  }
  EXPECT_EQ(tiles, 30);
  EXPECT_EQ(volcanoes, 6);
  EXPECT_EQ(dragons, 12);
  EXPECT_EQ(portals, 6);
  EXPECT_EQ(princesses, 6);
}

// The Tower (TW-01): 18 tiles, each with exactly one tower foundation; no
// other set shows one.
TEST(CatalogueTest, TowerFoundations) {
  int tiles = 0;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      const auto foundations = std::count_if(
          tile.segments.begin(), tile.segments.end(),
          [](const SegmentType& s) { return s.kind == SegmentKind::kTowerFoundation; });
      if (set->name != "tower") {
        EXPECT_EQ(foundations, 0) << tile.id;
        continue;
      }
      EXPECT_EQ(foundations, 1) << tile.id;
      for (const SegmentType& segment : tile.segments) {
        if (segment.kind != SegmentKind::kTowerFoundation) continue;
        EXPECT_EQ(segment.edges, 0) << tile.id << ": a foundation touches no side";
        EXPECT_EQ(segment.half_edges, 0) << tile.id;
      }
      tiles += tile.count;
    }
  }
  EXPECT_EQ(tiles, 18);  // TW-01
}

// The Festival (FV-01, FV-06): the 10 tiles of the festival set, and only
// they, show the festival symbol; it is no segment, so each tile's segments
// are roads, cities, a monastery and fields only.
TEST(CatalogueTest, FestivalSymbols) {
  int festival_tiles = 0;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& tile : set->tiles) {
      EXPECT_EQ(tile.festival, set->name == "festival") << tile.id;
      if (!tile.festival) continue;
      festival_tiles += tile.count;
      for (const SegmentType& segment : tile.segments) {
        EXPECT_TRUE(segment.kind == SegmentKind::kRoad || segment.kind == SegmentKind::kCity ||
                    segment.kind == SegmentKind::kMonastery || segment.kind == SegmentKind::kField)
            << tile.id << " " << segment.id;
      }
    }
  }
  EXPECT_EQ(festival_tiles, 10);
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
          EXPECT_FALSE(segment.cathedral);
          EXPECT_EQ(segment.goods, Goods::kNone);
          EXPECT_FALSE(segment.no_castle_base);
        }
        if (segment.kind != SegmentKind::kRoad) {
          EXPECT_FALSE(segment.inn);
        }
        if (segment.kind != SegmentKind::kField) {
          EXPECT_FALSE(segment.pig_herd);
        }
        for (int i = 0; i < 16; ++i) {
          if (!(segment.bordered_cities & (1u << i))) continue;
          ASSERT_LT(i, static_cast<int>(tile.segments.size()));
          EXPECT_EQ(tile.segments[i].kind, SegmentKind::kCity);
        }
        for (int s = 0; s < 4; ++s) {
          // A side shared with another city segment (HS-27) counts once.
          if (!(segment.edges & (1u << s)) || (segment.shared_sides & (1u << s))) continue;
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
        if (terrain == Terrain::kPartial || terrain == Terrain::kNone) {
          // The Count's inner sides: a partial side has a field on one half
          // only, a side with nothing has none.
          EXPECT_EQ(field_count[2 * s] + field_count[2 * s + 1],
                    terrain == Terrain::kPartial ? 1 : 0);
          continue;
        }
        // A city side (and an abbey side, AM-03: fields stop there) has no
        // field; every other side has a field on each half.
        const int fields_per_half = terrain == Terrain::kCity || terrain == Terrain::kAbbey ? 0 : 1;
        EXPECT_EQ(field_count[2 * s], fields_per_half);
        EXPECT_EQ(field_count[2 * s + 1], fields_per_half);
      }
    }
  }
}

}  // namespace
}  // namespace carcassonne

// Tile types as printed: the four sides, the segments (road, city, field,
// monastery, ...) and the symbols on them. A catalogue is a list of tile sets,
// each compiled in from its own data file under engine/catalogue/.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/geometry.h"

namespace carcassonne {

// What a side of a tile shows; two tiles may touch only with equal terrain (BG-02).
// The Count's 12 city tiles (set "count") also have inner sides, facing
// another tile of the block: kPartial (one half is field, the outer field
// ring crosses it) and kNone (nothing crosses). The block is laid whole at
// set-up, so an inner side never meets an outside tile.
// kAbbey (Abbey & Mayor, AM-03): a side of the abbey tile, which matches any
// terrain and closes what meets it (roads end, cities close, fields stop).
enum class Terrain : uint8_t { kField = 0, kRoad, kCity, kRiver, kPartial, kNone, kAbbey };

// What a segment is.
// kCircusSpace and kAcrobatSpace (Under the Big Top, BT-01): spaces in the
// tile's middle that join no feature and have no edges; no follower stands on
// a circus space (BT-03); acrobats are not built (BT-11, known gaps).
// kTowerFoundation: The Tower's foundation (TW-01), where floors are built;
// no follower stands on it and it never scores (TW-04, TW-14).
enum class SegmentKind : uint8_t {
  kRoad = 0,
  kCity,
  kField,
  kMonastery,
  kRiver,
  kGarden,
  kCircusSpace,
  kAcrobatSpace,
  kTowerFoundation
};
std::string_view SegmentKindName(SegmentKind kind);

// The trade good printed in a city (Traders & Builders).
enum class Goods : uint8_t { kNone = 0, kWine, kGrain, kCloth };
std::string_view GoodsName(Goods goods);  // "none", "wine", "grain", "cloth"

// What a river tile is (The River, River II); kNone on every other tile.
enum class RiverRole : uint8_t {
  kNone = 0,
  kSpring,  // the river starts here; the river's start tile
  kLake,    // the river ends here; drawn last among the river tiles
  kRiver,   // the river runs on (or ends in a city); drawn after the spring
  kFork,    // the river splits in two (River II); drawn first after the spring
};
std::string_view RiverRoleName(RiverRole role);  // "none", "spring", "lake", "river", "fork"

// Enough for every tile of every set (the most crowded has 8) and for the
// `bordered_cities` bit set below.
inline constexpr int kMaxSegmentsPerTile = 16;

// Some segment indexes of one tile, kept inline (a tile has at most
// kMaxSegmentsPerTile segments): the answer of a question asked once per legal
// placement, where a heap allocation would cost more than the question.
class SegmentIndexes {
 public:
  void push_back(int index) { indexes_[count_++] = static_cast<int8_t>(index); }
  const int8_t* begin() const { return indexes_.data(); }
  const int8_t* end() const { return indexes_.data() + count_; }
  int size() const { return count_; }
  bool empty() const { return count_ == 0; }
  int operator[](int i) const { return indexes_[i]; }

 private:
  std::array<int8_t, kMaxSegmentsPerTile> indexes_{};
  int8_t count_ = 0;
};

// One segment printed on a tile, in catalogue orientation (rotation 0).
struct SegmentType {
  std::string_view id;  // local to the tile: "c1", "r2", "f1", "m1", ...
  SegmentKind kind = SegmentKind::kField;
  SideMask edges = 0;           // road / city / river: the sides it touches
  HalfEdgeMask half_edges = 0;  // field: the half-sides it touches
  // Field: the indexes (in `TileType::segments`) of the city segments of this
  // tile that the field borders (BG-22), as a bit set.
  uint16_t bordered_cities = 0;
  uint8_t coats_of_arms = 0;   // city: pennants (BG-11)
  bool inn = false;            // road: an inn on the road (Inns & Cathedrals)
  bool cathedral = false;      // city: a cathedral in the city (Inns & Cathedrals)
  Goods goods = Goods::kNone;  // city: a trade good (Traders & Builders)
  bool pig_herd = false;       // field: a pig herd (Traders & Builders)
  // City: may not be made a castle (Bridges, Castles & Bazaars; facts
  // `castle_base: false`, JCZ's IC/C!).
  bool no_castle_base = false;
  // Field on a tile of the Count's city (facts `coc_adjacent`): the field
  // borders the City of Carcassonne, one completed city (CO-22, BG-22).
  bool borders_city_of_carcassonne = false;
  // Road (Abbey & Mayor, AM-02): a well where the road goes on three ways (one
  // segment with three sides, complete only when all three are closed).
  bool well = false;
  // Road (Abbey & Mayor, AM-02): the road passes under a city and stays one
  // road.
  bool tunnel = false;
  // Road: a stub, marked by the catalogue as neither occupiable nor scorable
  // (AMB-42): no follower may stand on it, and it is not a road for the
  // Robber Baron (KR-20, option king_robber.ignore_road_stubs). The two
  // roads of ic:05 carry it (the reference facts' note on ic:05).
  bool road_stub = false;
  // Monastery (The Cult, CU-02): a shrine, placed, occupied, completed and
  // scored like a monastery; a follower on it is a heretic. Shrines and
  // monasteries challenge each other (CU-03..CU-13).
  bool shrine = false;
  // City (Siege, SI-02): a siege symbol (a Cathar or a besiegers' camp); a
  // city that contains such a segment is besieged (SI-03..SI-16).
  bool besieged = false;
  // City (Hills & Sheep, HS-27; facts `shared_side`): sides in `edges` that
  // this segment shares with the city segment `shared_with` of the same tile
  // (hs:02: c2 reaches N, which c1 holds). The side's layout names the other
  // segment; a city across the side joins both, and closes it for both.
  SideMask shared_sides = 0;
  int8_t shared_with = -1;
  // City (The Princess & the Dragon, PD-21): the princess; the tile's placer
  // may send a knight of the city it joins home instead of placing a figure.
  bool princess = false;
  // Abbey & Mayor, first edition (AM-13, option am.wagon_move = c1_connected):
  // the segments of this tile (indexes in `TileType::segments`, a bit set)
  // this one is connected to: a road and the city gate or monastery door it
  // ends at, the roads that end at one junction, a monastery and the city
  // around it (the set files' Tile(...).Connects). Always both ways.
  uint16_t connected = 0;
};

// Where a tile's segments lie after it is turned: the segment on each board
// side and half-edge (-1 if none) and each side's terrain. Computed once per
// tile type and rotation (TileType::layouts), so that laying a tile on the
// board copies its layout instead of turning every segment again.
struct TileLayout {
  std::array<int8_t, 4> segment_at_side{};       // road/city/river segment, or -1
  std::array<int8_t, 8> segment_at_half_edge{};  // field segment, or -1
  std::array<Terrain, 4> terrain{};              // terrain on each board side
};

// Laid out for the request path, which reads every placed tile's type: the
// layouts on the first cache line, the id, set, segments and count on the
// second, the rest after.
struct alignas(64) TileType {
  // The layout after each rotation (index: quarter turns); see ComputeLayouts.
  std::array<TileLayout, 4> layouts{};
  std::string_view id;   // "base:A"; geometry.md "Tile type identifiers"
  std::string_view set;  // "base"
  std::vector<SegmentType> segments;
  int count = 0;                   // copies in the set (classic edition)
  std::array<Terrain, 4> sides{};  // catalogue orientation, indexed by side
  bool start_tile = false;
  std::string_view description;
  bool magic_symbol = false;  // Mage & Witch: placing it moves the mage or the witch
  RiverRole river_role = RiverRole::kNone;
  bool volcano = false;  // Princess & Dragon symbol (on a River II lake)
  // Bridges, Castles & Bazaars: the bazaar symbol (BC-18): with option
  // bc.bazaars, placing the tile opens a bazaar (engine/expansions/bazaars.h).
  bool bazaar = false;
  // The Count of Carcassonne: where the tile lies in the 4x3 block, as an
  // offset from count:1 (laid at set-up with rotation 0, CO-02), and whether
  // it holds the four quarters (count:7, CO-03).
  std::optional<Position> city_layout;
  bool city_quarters = false;
  // The Cult (CU-01): copies in Hans im Glueck's 5-tile Heretics and Shrines
  // set (facts `counts.heretics_and_shrines`), option cult.tile_set; `count`
  // is Rio Grande's 6-tile set. -1 on the tiles of other sets.
  int heretics_and_shrines_count = -1;
  // Siege (SI-01): the product the tile belongs to, "cathars" or
  // "besiegers" (facts `part`); empty for the tiles of other sets.
  std::string_view part;
  // Hills & Sheep: a hill (HS-03, HS-05: followers on it break ties) and a
  // vineyard (HS-09: +3 to each completed monastery around it).
  bool hill = false;
  bool vineyard = false;
  // A segment of the tile shares a side with another (HS-27, hs:02).
  bool shares_a_side = false;
  // Abbey & Mayor: the abbey tile (AM-01, AM-03). Not a land tile: never in
  // the bag (count 0), each player holds one (Player.abbeys) and places it
  // instead of a drawn tile, into a hole.
  bool abbey = false;
  // The Princess & the Dragon (PD-01): the dragon symbol (the dragon flies,
  // PD-09, PD-10) and the magic portal (a follower anywhere, PD-20). The
  // volcano is `volcano` above.
  bool dragon_symbol = false;
  bool magic_portal = false;
  // The Festival (FV-01, FV-03): the festival symbol; its placer may take one
  // of their figures back instead of deploying (engine/expansions/festival.h).
  // The symbol is no segment (FV-06).
  bool festival = false;
  // The Abbot (AB-01): copies in the garden edition (facts
  // `counts.garden_edition`), the tiles in play when the Abbot is (see
  // CopiesInGame); -1 in a set that has no garden edition. A garden twin
  // (count 0: not in the classic edition) names the type it replaces.
  int garden_edition_count = -1;
  std::string_view garden_twin_of;
  // Bridges, Castles & Bazaars (BC-03, BC-06): a type with a bridge is the
  // catalogue type `bridge_base` plus one road segment, the bridge, last in
  // `segments`, crossing from the middle of one field side to the opposite
  // one (`bridge_sides`, catalogue orientation), which it makes road sides.
  // The fields below stay as they are (BC-06). Same id as its base: the
  // snapshot names the bridge beside the tile (Catalogue::WithBridge).
  const TileType* bridge_base = nullptr;
  SideMask bridge_sides = 0;

  // The catalogue type: this one, or the one under its bridge.
  const TileType& WithoutBridge() const { return bridge_base != nullptr ? *bridge_base : *this; }

  // Index of the segment with local id `segment_id`, or -1.
  int SegmentIndex(std::string_view segment_id) const;
};
static_assert(sizeof(TileLayout) * 4 == 64, "the four layouts fill one cache line");

// Fills `tile.layouts` from its sides and segments (catalogue builders call it
// once the segments are set).
void ComputeLayouts(TileType& tile);

// A named set of tile types ("base", "river", ...).
struct TileSet {
  std::string_view name;
  std::string_view title;
  std::vector<TileType> tiles;
};

// The tile sets compiled into this build. Each lives in engine/catalogue/<set>.cc.
const TileSet& BaseTileSet();
const TileSet& InnsAndCathedralsTileSet();
// The current edition (C3.1): 21 of its 24 land tiles, ic31:A .. ic31:W.
const TileSet& InnsAndCathedralsC31TileSet();
const TileSet& TradersAndBuildersTileSet();
const TileSet& RiverTileSet();  // River I and River II, ids river:1-.. and river:2-..
const TileSet& KingAndRobberBaronTileSet();
const TileSet& MageAndWitchTileSet();
const TileSet& AbbeyAndMayorTileSet();  // the 12 land tiles, am:01..am:12
// The abbey tile, am:abbey (set "am" too; not in the facts, not in the bag).
const TileSet& AbbeyTileSet();
const TileSet& CountTileSet();  // the 12 tiles of the City of Carcassonne, count:1..count:12
const TileSet& BridgesCastlesBazaarsTileSet();  // the 12 land tiles, bcb:01..bcb:11
const TileSet& CultTileSet();                   // the 6 shrine tiles, cult:1..cult:6
const TileSet& SiegeTileSet();  // siege:ca1..ca4 (The Cathars), siege:be1..be6 (The Besiegers)
const TileSet& HillsAndSheepTileSet();      // hs:01..hs:16 (18 tiles)
const TileSet& PrincessAndDragonTileSet();  // the 30 land tiles, pd:01..pd:29
const TileSet& UnderTheBigTopTileSet();     // bt:01..bt:16 (20 tiles)
const TileSet& TowerTileSet();              // the 18 land tiles, tower:01..tower:17
const TileSet& FestivalTileSet();           // the 10 festival tiles, fe:01..fe:10

// All tile types this build knows, looked up by id.
class Catalogue {
 public:
  static const Catalogue& Get() {
    // Built on first use and never destroyed (no static destruction order
    // issues). Inline: the request path asks for it per placed tile.
    static const Catalogue* const catalogue = new Catalogue();
    return *catalogue;
  }
  // (Inline, as the key and the hash below: the request path looks up every
  // placed tile's type.)
  const TileType* Find(std::string_view tile_id) const;
  std::span<const TileSet* const> sets() const { return sets_; }
  // The number of tile types, and a type's position in catalogue order (sets
  // in order, then their types): 0 .. type_count() - 1.
  int type_count() const { return type_count_; }
  int Rank(const TileType* type) const {
    // A bridged type ranks as its catalogue type (BC-03).
    if (type != nullptr && type->bridge_base != nullptr) type = type->bridge_base;
    for (const RankRange& range : rank_ranges_) {
      if (type >= range.begin && type < range.end) {
        return range.first_rank + static_cast<int>(type - range.begin);
      }
    }
    return type_count_;
  }
  // The tile type of a rank (0 .. type_count() - 1).
  const TileType& TypeAt(int rank) const { return *by_rank_[rank]; }
  // BC-03, BC-04: `type` with a bridge from `side` to the opposite side
  // (catalogue orientation), or nullptr when either side is not a field or
  // the type has a bridge already. Built once, with the catalogue.
  const TileType* WithBridge(const TileType& type, Side side) const;

 private:
  Catalogue();
  std::vector<const TileSet*> sets_;
  // Per non-empty set, in catalogue order: its types' addresses and the rank
  // of its first type.
  struct RankRange {
    const TileType* begin;
    const TileType* end;
    int first_rank;
  };
  std::vector<RankRange> rank_ranges_;
  std::vector<const TileType*> by_rank_;
  int type_count_ = 0;
  // A tile id of up to 15 bytes packed in two words: its bytes, zero-padded,
  // and its length in the top byte (ids are a few ASCII bytes: "base:D",
  // "river:2-09"), compared as two words instead of byte by byte.
  struct IdKey {
    uint64_t low = 0;
    uint64_t high = 0;
    friend bool operator==(const IdKey&, const IdKey&) = default;
  };
  static constexpr size_t kMaxKeyedIdSize = 15;
  static IdKey KeyOf(std::string_view id);  // id.size() <= kMaxKeyedIdSize
  static uint64_t HashOf(const IdKey& key);
  const TileType* FindLongId(std::string_view tile_id) const;
  // Every tile type with an id of up to 15 bytes, in an open-addressing hash
  // table of ranks + 1 (a power-of-two number of slots, at most a quarter
  // full; 0 = empty) and their keys by rank: small, so that they stay in the
  // cache between requests. Longer ids (none so far) are looked up one by one.
  std::vector<uint16_t> by_id_;
  std::vector<IdKey> key_by_rank_;
  std::vector<const TileType*> long_ids_;
  // BC-03: every type that can take a bridge, with it: by rank, the type
  // bridged north-south and the type bridged east-west (nullptr: none).
  std::vector<TileType> bridged_types_;
  std::vector<std::array<const TileType*, 2>> bridged_by_rank_;
};

inline Catalogue::IdKey Catalogue::KeyOf(std::string_view id) {
  // Overlapping loads: on a little-endian machine byte i of the id lands on
  // bits 8i..8i+7 whichever load reads it, so OR-ing two loads that overlap
  // gives the id's bytes, zero-padded, in one or two words.
  static_assert(std::endian::native == std::endian::little, "KeyOf packs bytes little-endian");
  auto load8 = [&](size_t at) {
    uint64_t word = 0;
    std::memcpy(&word, id.data() + at, 8);
    return word;
  };
  auto load4 = [&](size_t at) {
    uint32_t word = 0;
    std::memcpy(&word, id.data() + at, 4);
    return static_cast<uint64_t>(word);
  };
  const size_t size = id.size();
  IdKey key;
  if (size >= 8) {
    key.low = load8(0);
    if (size > 8) key.high = load8(size - 8) >> (8 * (16 - size));
  } else if (size >= 4) {
    key.low = load4(0) | (load4(size - 4) << (8 * (size - 4)));
  } else {
    for (size_t i = 0; i < size; ++i) {
      key.low |= static_cast<uint64_t>(static_cast<unsigned char>(id[i])) << (8 * i);
    }
  }
  key.high |= static_cast<uint64_t>(size) << 56;
  return key;
}

inline uint64_t Catalogue::HashOf(const IdKey& key) {
  uint64_t hash = key.low * 0x9E3779B97F4A7C15ull;
  hash ^= (key.high + (hash >> 29)) * 0xC2B2AE3D27D4EB4Full;
  return hash ^ (hash >> 32);
}

inline const TileType* Catalogue::Find(std::string_view tile_id) const {
  if (tile_id.size() > kMaxKeyedIdSize) return FindLongId(tile_id);
  const IdKey key = KeyOf(tile_id);
  const size_t mask = by_id_.size() - 1;
  for (size_t slot = HashOf(key) & mask;; slot = (slot + 1) & mask) {
    const int rank = by_id_[slot] - 1;
    if (rank < 0) return nullptr;
    if (key_by_rank_[rank] == key) return by_rank_[rank];
  }
}

}  // namespace carcassonne

// Tile types as printed: the four sides, the segments (road, city, field,
// monastery, ...) and the symbols on them. A catalogue is a list of tile sets,
// each compiled in from its own data file under engine/catalogue/.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "engine/geometry.h"

namespace carcassonne {

// What a side of a tile shows; two tiles may touch only with equal terrain (BG-02).
enum class Terrain : uint8_t { kField = 0, kRoad, kCity, kRiver };

// What a segment is.
enum class SegmentKind : uint8_t { kRoad = 0, kCity, kField, kMonastery, kRiver, kGarden };
std::string_view SegmentKindName(SegmentKind kind);

inline constexpr int kMaxSegmentsPerTile = 16;

// One segment printed on a tile, in catalogue orientation (rotation 0).
struct SegmentType {
  std::string_view id;  // local to the tile: "c1", "r2", "f1", "m1", ...
  SegmentKind kind = SegmentKind::kField;
  SideMask edges = 0;           // road / city / river: the sides it touches
  HalfEdgeMask half_edges = 0;  // field: the half-sides it touches
  // Field: the indexes (in `TileType::segments`) of the city segments of this
  // tile that the field borders (BG-22), as a bit set.
  uint16_t bordered_cities = 0;
  uint8_t coats_of_arms = 0;  // city: pennants (BG-11)
};

struct TileType {
  std::string_view id;   // "base:A"; geometry.md "Tile type identifiers"
  std::string_view set;  // "base"
  int count = 0;         // copies in the set (classic edition)
  bool start_tile = false;
  std::array<Terrain, 4> sides{};  // catalogue orientation, indexed by side
  std::vector<SegmentType> segments;
  std::string_view description;

  // Index of the segment with local id `segment_id`, or -1.
  int SegmentIndex(std::string_view segment_id) const;
};

// A named set of tile types ("base", "river", ...).
struct TileSet {
  std::string_view name;
  std::string_view title;
  std::vector<TileType> tiles;
};

// The tile sets compiled into this build. Each lives in engine/catalogue/<set>.cc.
const TileSet& BaseTileSet();

// All tile types this build knows, looked up by id.
class Catalogue {
 public:
  static const Catalogue& Get();
  const TileType* Find(std::string_view tile_id) const;
  std::span<const TileSet* const> sets() const { return sets_; }

 private:
  Catalogue();
  std::vector<const TileSet*> sets_;
};

}  // namespace carcassonne

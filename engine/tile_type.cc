// Tile types: segment kind names, segment lookup on a tile, and the catalogue
// of all tile sets compiled into this build.
#include "engine/tile_type.h"

namespace carcassonne {

std::string_view SegmentKindName(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::kRoad:
      return "road";
    case SegmentKind::kCity:
      return "city";
    case SegmentKind::kField:
      return "field";
    case SegmentKind::kMonastery:
      return "monastery";
    case SegmentKind::kRiver:
      return "river";
    case SegmentKind::kGarden:
      return "garden";
  }
  return "unknown";
}

int TileType::SegmentIndex(std::string_view segment_id) const {
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (segments[i].id == segment_id) return i;
  }
  return -1;
}

const Catalogue& Catalogue::Get() {
  // Built on first use and never destroyed (no static destruction order issues).
  static const Catalogue* const catalogue = new Catalogue();
  return *catalogue;
}

Catalogue::Catalogue() : sets_{&BaseTileSet()} {}

const TileType* Catalogue::Find(std::string_view tile_id) const {
  // A few hundred types at most: a linear scan is cheap enough.
  for (const TileSet* set : sets_) {
    for (const TileType& tile : set->tiles) {
      if (tile.id == tile_id) return &tile;
    }
  }
  return nullptr;
}

}  // namespace carcassonne

// Tile types: segment kind names, segment lookup on a tile, and the catalogue
// of all tile sets compiled into this build.
#include "engine/tile_type.h"

#include <algorithm>

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

std::string_view GoodsName(Goods goods) {
  switch (goods) {
    case Goods::kNone:
      return "none";
    case Goods::kWine:
      return "wine";
    case Goods::kGrain:
      return "grain";
    case Goods::kCloth:
      return "cloth";
  }
  return "unknown";
}

std::string_view RiverRoleName(RiverRole role) {
  switch (role) {
    case RiverRole::kNone:
      return "none";
    case RiverRole::kSpring:
      return "spring";
    case RiverRole::kLake:
      return "lake";
    case RiverRole::kRiver:
      return "river";
    case RiverRole::kFork:
      return "fork";
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

Catalogue::Catalogue()
    : sets_{&BaseTileSet(),        &InnsAndCathedralsTileSet(),  &TradersAndBuildersTileSet(),
            &RiverTileSet(),       &KingAndRobberBaronTileSet(), &CountTileSet(),
            &MageAndWitchTileSet()} {
  for (const TileSet* set : sets_) {
    for (const TileType& tile : set->tiles) by_id_.emplace_back(tile.id, &tile);
  }
  // Stable: were an id listed twice, Find would answer the first in catalogue
  // order (the catalogue test checks that ids are unique).
  std::stable_sort(by_id_.begin(), by_id_.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
}

const TileType* Catalogue::Find(std::string_view tile_id) const {
  const auto it = std::lower_bound(by_id_.begin(), by_id_.end(), tile_id,
                                   [](const std::pair<std::string_view, const TileType*>& entry,
                                      std::string_view id) { return entry.first < id; });
  if (it == by_id_.end() || it->first != tile_id) return nullptr;
  return it->second;
}

}  // namespace carcassonne

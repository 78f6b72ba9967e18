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
    case SegmentKind::kCircusSpace:
      return "circus_space";
    case SegmentKind::kAcrobatSpace:
      return "acrobat_space";
    case SegmentKind::kTowerFoundation:
      return "tower_foundation";
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

void ComputeLayouts(TileType& tile) {
  for (Rotation rotation : kAllRotations) {
    TileLayout& layout = tile.layouts[rotation.quarter_turns];
    layout.segment_at_side.fill(-1);
    layout.segment_at_half_edge.fill(-1);
    for (Side side : kAllSides) {
      layout.terrain[SideIndex(side)] = tile.sides[SideIndex(CatalogueSide(side, rotation))];
    }
    for (int i = 0; i < static_cast<int>(tile.segments.size()); ++i) {
      const SegmentType& segment = tile.segments[i];
      const HalfEdgeMask half_edges = RotateHalfEdges(segment.half_edges, rotation);
      // A shared side (HS-27) names the segment it is shared with.
      const SideMask own_edges = RotateSides(segment.edges & ~segment.shared_sides, rotation);
      for (int side = 0; side < 4; ++side) {
        if (own_edges & (1u << side)) layout.segment_at_side[side] = static_cast<int8_t>(i);
      }
      for (int half_edge = 0; half_edge < 8; ++half_edge) {
        if (half_edges & (1u << half_edge)) {
          layout.segment_at_half_edge[half_edge] = static_cast<int8_t>(i);
        }
      }
    }
  }
}

namespace {

// BC-03, BC-06: `base` with a bridge from catalogue side `side` to the
// opposite side: one more road segment touching both, the sides roads.
TileType BridgedType(const TileType& base, Side side) {
  TileType bridged = base;
  const SideMask ends =
      static_cast<SideMask>((1u << SideIndex(side)) | (1u << SideIndex(Opposite(side))));
  SegmentType bridge;
  bridge.id = "bridge";
  bridge.kind = SegmentKind::kRoad;
  bridge.edges = ends;
  bridged.segments.push_back(bridge);
  bridged.sides[SideIndex(side)] = Terrain::kRoad;
  bridged.sides[SideIndex(Opposite(side))] = Terrain::kRoad;
  bridged.bridge_base = &base;
  bridged.bridge_sides = ends;
  ComputeLayouts(bridged);
  return bridged;
}

}  // namespace

Catalogue::Catalogue()
    : sets_{&BaseTileSet(),
            &InnsAndCathedralsTileSet(),
            &InnsAndCathedralsC31TileSet(),
            &TradersAndBuildersTileSet(),
            &RiverTileSet(),
            &KingAndRobberBaronTileSet(),
            &CountTileSet(),
            &MageAndWitchTileSet(),
            &AbbeyAndMayorTileSet(),
            &AbbeyTileSet(),
            &BridgesCastlesBazaarsTileSet(),
            &CultTileSet(),
            &SiegeTileSet(),
            &HillsAndSheepTileSet(),
            &PrincessAndDragonTileSet(),
            &UnderTheBigTopTileSet(),
            &TowerTileSet(),
            &FestivalTileSet()} {
  size_t tile_count = 0;
  for (const TileSet* set : sets_) {
    if (!set->tiles.empty()) {
      rank_ranges_.push_back(
          {set->tiles.data(), set->tiles.data() + set->tiles.size(), static_cast<int>(tile_count)});
    }
    for (const TileType& type : set->tiles) by_rank_.push_back(&type);
    tile_count += set->tiles.size();
  }
  type_count_ = static_cast<int>(tile_count);
  size_t slots = 16;
  while (slots < 4 * tile_count) slots *= 2;
  by_id_.assign(slots, 0);
  key_by_rank_.resize(tile_count);
  for (int rank = 0; rank < type_count_; ++rank) {
    const std::string_view id = by_rank_[rank]->id;
    if (id.size() > kMaxKeyedIdSize) {
      long_ids_.push_back(by_rank_[rank]);
      continue;
    }
    const IdKey key = KeyOf(id);
    key_by_rank_[rank] = key;
    // Were an id listed twice, Find answers the first in catalogue order
    // (the catalogue test checks that ids are unique).
    for (size_t slot = HashOf(key) & (slots - 1);; slot = (slot + 1) & (slots - 1)) {
      if (by_id_[slot] == 0) {
        by_id_[slot] = static_cast<uint16_t>(rank + 1);
        break;
      }
      if (key_by_rank_[by_id_[slot] - 1] == key) break;
    }
  }
  // BC-03, BC-04: the bridged types, for every type with fields on two
  // opposite sides (built once: the vector never grows after this).
  std::vector<std::array<int, 2>> bridged_index(tile_count, {-1, -1});
  for (int rank = 0; rank < type_count_; ++rank) {
    const TileType& type = *by_rank_[rank];
    if (type.segments.size() >= kMaxSegmentsPerTile) continue;
    for (Side side : {Side::kNorth, Side::kEast}) {
      if (type.sides[SideIndex(side)] != Terrain::kField ||
          type.sides[SideIndex(Opposite(side))] != Terrain::kField) {
        continue;
      }
      bridged_index[rank][SideIndex(side)] = static_cast<int>(bridged_types_.size());
      bridged_types_.push_back(BridgedType(type, side));
    }
  }
  bridged_by_rank_.assign(tile_count, {nullptr, nullptr});
  for (int rank = 0; rank < type_count_; ++rank) {
    for (int axis = 0; axis < 2; ++axis) {
      if (bridged_index[rank][axis] >= 0) {
        bridged_by_rank_[rank][axis] = &bridged_types_[bridged_index[rank][axis]];
      }
    }
  }
}

const TileType* Catalogue::WithBridge(const TileType& type, Side side) const {
  if (type.bridge_base != nullptr) return nullptr;  // BC-04: one bridge a tile
  const int rank = Rank(&type);
  if (rank >= type_count_) return nullptr;
  const int axis = SideIndex(side) % 2;  // 0: north-south, 1: east-west
  return bridged_by_rank_[rank][axis];
}

const TileType* Catalogue::FindLongId(std::string_view tile_id) const {
  for (const TileType* type : long_ids_) {
    if (type->id == tile_id) return type;
  }
  return nullptr;
}

}  // namespace carcassonne

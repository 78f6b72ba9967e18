// Tile placement legality: BG-02 (adjacent, free cell, matching sides), BG-03.
#include "engine/rules/tile_placement.h"

#include "engine/text.h"

namespace carcassonne {
namespace {

std::string_view TerrainName(Terrain terrain) {
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

std::string_view SideName(Side side) { return LocationName(EdgeLocation(side)); }

std::string CellName(Position cell) { return Cat("(", cell.x, ", ", cell.y, ")"); }

Terrain TerrainOn(const TileType& tile, Rotation rotation, Side board_side) {
  return tile.layouts[rotation.quarter_turns % 4].terrain[SideIndex(board_side)];
}

}  // namespace

std::vector<Violation> CheckTilePlacement(const Board& board, const TileType& tile, Position cell,
                                          Rotation rotation, std::optional<Side> bridge_across) {
  std::vector<Violation> violations;
  if (board.HasTile(cell)) {
    violations.push_back({ViolationCode::kCellOccupied,
                          Cat("The cell ", CellName(cell), " already holds a tile."), cell,
                          std::nullopt, "BG-02"});
    return violations;
  }
  bool touches = false;
  for (Side side : kAllSides) {
    const Position neighbour_cell = Neighbour(cell, side);
    const int neighbour = board.TileIndexAt(neighbour_cell);
    if (neighbour < 0) continue;
    touches = true;
    const Terrain mine = TerrainOn(tile, rotation, side);
    // BC-03: the end of a bridge placed with this tile on the neighbour.
    const Terrain theirs = bridge_across == side
                               ? Terrain::kRoad
                               : board.tile(neighbour).terrain[SideIndex(Opposite(side))];
    // AM-03: an abbey side matches anything.
    if (mine != theirs && mine != Terrain::kAbbey && theirs != Terrain::kAbbey) {
      violations.push_back(
          {ViolationCode::kEdgeMismatch,
           Cat("The ", SideName(side), " side of ", tile.id, " at ", CellName(cell), " shows ",
               TerrainName(mine), " but the tile at ", CellName(neighbour_cell), " shows ",
               TerrainName(theirs), " on its ", SideName(Opposite(side)), " side."),
           cell, std::nullopt, "BG-02"});
    }
  }
  if (!touches) {
    violations.push_back(
        {ViolationCode::kNotAdjacent,
         Cat("The cell ", CellName(cell), " does not touch any placed tile along a side."), cell,
         std::nullopt, "BG-02"});
  }
  return violations;
}

namespace {

// Calls `fits(cell, rotation)` for every placement of `tile` satisfying BG-02,
// looking each frontier cell's neighbours up once; stops when it returns false.
template <typename Visitor>
void ForEachPlacement(const Board& board, const TileType& tile, Visitor fits) {
  for (Position cell : board.FrontierCells()) {
    // What each neighbour shows towards the cell; frontier cells have at least one.
    std::array<int, 4> facing{};
    for (Side side : kAllSides) {
      const int neighbour = board.TileIndexAt(Neighbour(cell, side));
      facing[SideIndex(side)] =
          neighbour < 0
              ? -1
              : static_cast<int>(board.tile(neighbour).terrain[SideIndex(Opposite(side))]);
    }
    for (Rotation rotation : kAllRotations) {
      bool matches = true;
      for (Side side : kAllSides) {
        const int wanted = facing[SideIndex(side)];
        const Terrain mine = TerrainOn(tile, rotation, side);
        // AM-03: an abbey side matches anything.
        if (wanted >= 0 && wanted != static_cast<int>(mine) && mine != Terrain::kAbbey &&
            wanted != static_cast<int>(Terrain::kAbbey)) {
          matches = false;
          break;
        }
      }
      if (matches && !fits(cell, rotation)) return;
    }
  }
}

}  // namespace

std::vector<TilePlacement> ListTilePlacements(const Board& board, const TileType& tile) {
  std::vector<TilePlacement> placements;
  ForEachPlacement(board, tile, [&](Position cell, Rotation rotation) {
    placements.push_back({cell, rotation});
    return true;
  });
  return placements;
}

bool FitsNowhere(const Board& board, const TileType& tile) {
  bool nowhere = true;
  ForEachPlacement(board, tile, [&](Position, Rotation) {
    nowhere = false;
    return false;
  });
  return nowhere;
}

}  // namespace carcassonne

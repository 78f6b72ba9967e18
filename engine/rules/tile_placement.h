// Where a tile may go (BG-02) and what happens to a tile that fits nowhere (BG-03).
#pragma once

#include <array>
#include <vector>

#include "engine/board.h"
#include "engine/verdict.h"

namespace carcassonne {

// BG-02: the cell is free, the tile touches a placed tile along a side, and
// every shared side shows the same terrain. Returns the violations (none = fits).
std::vector<Violation> CheckTilePlacement(const Board& board, const TileType& tile, Position cell,
                                          Rotation rotation);

// True when `tile` fits on `cell` turned by `rotation` (BG-02), without building
// messages. (Inline: the snapshot check asks it of every tile of every request.)
inline bool TileFits(const Board& board, const TileType& tile, Position cell, Rotation rotation) {
  const std::array<int, 5> around = board.TileAndNeighbourIndexes(cell);
  if (around[0] >= 0) return false;
  const std::array<Terrain, 4>& terrain = tile.layouts[rotation.quarter_turns % 4].terrain;
  bool touches = false;
  for (Side side : kAllSides) {
    const int neighbour = around[1 + SideIndex(side)];
    if (neighbour < 0) continue;
    touches = true;
    if (board.tile(neighbour).terrain[SideIndex(Opposite(side))] != terrain[SideIndex(side)]) {
      return false;
    }
  }
  return touches;
}

struct TilePlacement {
  Position cell;
  Rotation rotation;
};

// Every (cell, rotation) where `tile` fits, cells in frontier order, rotations
// ascending. Rotations that give the same look on a symmetric tile are listed
// separately: they are different placements of the catalogue tile.
std::vector<TilePlacement> ListTilePlacements(const Board& board, const TileType& tile);

// BG-03: true when `tile` fits nowhere on the board.
bool FitsNowhere(const Board& board, const TileType& tile);

}  // namespace carcassonne

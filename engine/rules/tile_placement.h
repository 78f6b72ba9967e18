// Where a tile may go (BG-02) and what happens to a tile that fits nowhere (BG-03).
#pragma once

#include <vector>

#include "engine/board.h"
#include "engine/verdict.h"

namespace carcassonne {

// BG-02: the cell is free, the tile touches a placed tile along a side, and
// every shared side shows the same terrain. Returns the violations (none = fits).
std::vector<Violation> CheckTilePlacement(const Board& board, const TileType& tile, Position cell,
                                          Rotation rotation);

// True when `tile` fits on `cell` turned by `rotation` (BG-02), without building
// messages.
bool TileFits(const Board& board, const TileType& tile, Position cell, Rotation rotation);

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

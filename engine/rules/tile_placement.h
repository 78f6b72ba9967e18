// Where a tile may go (BG-02) and what happens to a tile that fits nowhere (BG-03).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/board.h"
#include "engine/verdict.h"

namespace carcassonne {

// BG-02: the cell is free, the tile touches a placed tile along a side, and
// every shared side shows the same terrain (an abbey side matches any, AM-03). Returns the
// violations (none = fits). `bridge_across`: the tile across that side of the
// cell gets a bridge with this tile, its end on that side (BC-03): it shows a
// road there.
std::vector<Violation> CheckTilePlacement(const Board& board, const TileType& tile, Position cell,
                                          Rotation rotation,
                                          std::optional<Side> bridge_across = std::nullopt);

// True when `tile` fits on `cell` turned by `rotation` (BG-02), without building
// messages. (Inline: the snapshot check asks it of every tile of every request.)
inline bool TileFits(const Board& board, const TileType& tile, Position cell, Rotation rotation) {
  const std::array<int, 5> around = board.TileAndNeighbourIndexes(cell);
  if (around[0] >= 0 || board.tile_count() == 0) return false;
  const std::array<Terrain, 4>& terrain = tile.layouts[rotation.quarter_turns % 4].terrain;
  // Without branches on which neighbours there are (a coin toss the CPU
  // mispredicts): a missing neighbour reads tile 0 and is left out.
  bool touches = false;
  bool mismatch = false;
  for (Side side : kAllSides) {
    const int neighbour = around[1 + SideIndex(side)];
    const bool present = neighbour >= 0;
    const Terrain theirs = board.tile(present ? neighbour : 0).terrain[SideIndex(Opposite(side))];
    touches |= present;
    // AM-03: an abbey side matches anything.
    const Terrain mine = terrain[SideIndex(side)];
    mismatch |=
        present & (theirs != mine) & (mine != Terrain::kAbbey) & (theirs != Terrain::kAbbey);
  }
  return touches && !mismatch;
}

struct TilePlacement {
  Position cell;
  Rotation rotation;
  // Bridges, Castles & Bazaars (BC-03, BC-05): a bridge placed with the tile.
  std::optional<BridgePlacement> bridge = std::nullopt;
};

// Every (cell, rotation) where `tile` fits, cells in frontier order, rotations
// ascending. Rotations that give the same look on a symmetric tile are listed
// separately: they are different placements of the catalogue tile.
std::vector<TilePlacement> ListTilePlacements(const Board& board, const TileType& tile);

// BG-03: true when `tile` fits nowhere on the board.
bool FitsNowhere(const Board& board, const TileType& tile);

}  // namespace carcassonne

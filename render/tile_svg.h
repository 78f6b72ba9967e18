// One placed tile drawn from the catalogue's segments (no artwork): where each
// segment lies once the tile is turned, the point a piece on a segment stands
// on, and the SVG group of the tile. Everything here is in tile coordinates:
// (0, 0) is the tile's north-west corner, (kTileSize, kTileSize) its
// south-east corner, in board orientation (after rotation).
#pragma once

#include <string>

#include "engine/geometry.h"
#include "engine/tile_type.h"
#include "render/svg.h"

namespace carcassonne::render {

// A tile type as it lies on the board.
struct TurnedTile {
  const TileType* type = nullptr;
  Rotation rotation;
};

// The index (in type->segments) of the segment that `location` (board
// orientation) names, or -1. CENTER names the first segment that touches no
// side.
int SegmentAt(const TurnedTile& tile, Location location);

// Where a piece standing on segment `index` is drawn (tile coordinates): on
// the road, inside the city, in the field near its first half-edge, in the
// middle for a monastery.
Point SegmentAnchor(const TurnedTile& tile, int index);

// Appends the tile's group: <g class="tile" ...> translated to its cell,
// holding the terrain, the segments and their symbols (coats of arms, inns,
// cathedrals, goods, pig herds, wells, the tile's magic symbol, volcano,
// bazaar). With `outline`, each segment is also outlined along the sides and
// half-edges it touches, in its kind's colour, with its segment id. With
// `cell_label`, the cell's coordinates are written in its south-west corner.
void AppendTile(std::string& svg, const TurnedTile& tile, Position cell, int tile_index,
                bool outline, bool cell_label);

}  // namespace carcassonne::render

// A game snapshot (carcassonne.v1.GameState) drawn as one SVG document: the
// tiles from the catalogue's segments, the figures in their owners' colours,
// the mage and the witch, castles, barns, the Count and his city's quarters,
// the last placed tile outlined, and a legend. A drawing, not a judgement:
// nothing here checks a rule; a snapshot is refused only where it cannot be
// drawn (an unknown tile type, a figure on a cell without a tile, ...).
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "carcassonne/v1/referee.pb.h"

namespace carcassonne::render {

struct RenderOptions {
  // Outline every segment of every tile along the sides and half-edges it
  // touches, in its kind's colour, with its segment id. Per tile: no feature
  // (a whole road or city across tiles) is computed.
  bool outline = false;
  // Frame the last placed tile (the last of GameState.tiles unless only
  // set-up tiles lie on the board).
  bool frame_last_tile = true;
};

// A GameState holding every tile type of the catalogue, in catalogue order,
// `per_row` to a row, rotation 0, and no player: a sheet of the drawings.
carcassonne::v1::GameState CatalogueSheet(int per_row);

// The SVG document, or INVALID_ARGUMENT naming the field (e.g.
// "tiles[3].tile_type") that cannot be drawn.
absl::StatusOr<std::string> RenderBoard(const carcassonne::v1::GameState& state,
                                        const RenderOptions& options);

}  // namespace carcassonne::render

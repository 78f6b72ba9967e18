// A game snapshot (carcassonne.v1.GameState) drawn as one SVG document: the
// tiles from the catalogue's segments, the figures in their owners' colours,
// the mage and the witch, castles, barns, the Count and his city's quarters,
// the last placed tile outlined, cells the caller highlights (e.g. the legal
// placements of a drawn tile), and a legend. A drawing, not a judgement:
// nothing here checks a rule; a snapshot is refused only where it cannot be
// drawn (an unknown tile type, a figure on a cell without a tile, ...).
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "carcassonne/v1/referee.pb.h"
#include "engine/geometry.h"

namespace carcassonne::render {

// How a highlighted cell is drawn.
enum class HighlightKind {
  kPlacement,  // a place the drawn tile may go: green, dashed
  kSelected,   // the cell the player has chosen: blue, solid
  kAttention,  // a cell to look at (e.g. where a violation lies): red, solid
};

// A cell the caller wants marked, empty or not.
struct Highlight {
  Position cell;
  HighlightKind kind = HighlightKind::kPlacement;
};

struct RenderOptions {
  // Outline every segment of every tile along the sides and half-edges it
  // touches, in its kind's colour, with its segment id. Per tile: no feature
  // (a whole road or city across tiles) is computed.
  bool outline = false;
  // Frame the last placed tile (the last of GameState.tiles unless only
  // set-up tiles lie on the board).
  bool frame_last_tile = true;
  // Write the words on the board: the kind under each piece ("follower",
  // "builder", ...) and each tile's cell coordinates. Without them the board
  // shows the shapes and colours alone.
  bool labels = true;
  // Cells to mark, drawn over the tiles and under the pieces, each as
  // <rect class="highlight" data-kind="placement|selected|attention"
  // data-x="X" data-y="Y">, 4 units inside the cell. The board's box grows to
  // hold them. A cell listed again with the same kind is drawn once.
  std::vector<Highlight> highlights;
};

// A GameState holding every tile type of the catalogue, in catalogue order,
// `per_row` to a row, rotation 0, and no player: a sheet of the drawings.
carcassonne::v1::GameState CatalogueSheet(int per_row);

// The SVG document, or INVALID_ARGUMENT naming the field (e.g.
// "tiles[3].tile_type") that cannot be drawn.
absl::StatusOr<std::string> RenderBoard(const carcassonne::v1::GameState& state,
                                        const RenderOptions& options);

}  // namespace carcassonne::render

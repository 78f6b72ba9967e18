// The board: placed tiles and the features their segments form. Placing a tile
// joins each of its segments to the segments of its neighbours across shared
// sides (geometry.md, "Adjacency"), with a union-find over all segments, so
// each feature knows its tiles, open edges and coats of arms.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/game_state.h"
#include "engine/geometry.h"
#include "engine/tile_type.h"

namespace carcassonne {

// A placed tile with its segments looked up by board side and half-edge.
struct BoardTile {
  PlacedTile placed;
  int first_segment = 0;                         // board-wide id of its segment 0
  std::array<int8_t, 4> segment_at_side{};       // road/city/river segment on a board side, or -1
  std::array<int8_t, 8> segment_at_half_edge{};  // field segment on a board half-edge, or -1
  std::array<Terrain, 4> terrain{};              // terrain on each board side

  const TileType& type() const { return *placed.type; }
  Position cell() const { return placed.cell; }
};

// The segment layout of a tile type turned by `rotation`.
BoardTile Orient(const PlacedTile& tile);

// HS-27: the segments of `tile` that share board side `side` with the
// segment its layout names there (hs:02's c2); none on most tiles.
SegmentIndexes SegmentsSharingSide(const BoardTile& tile, Side side);
// The segment of an oriented tile that touches `location`, if any, and the
// canonical location of a segment (see Board::SegmentAt, CanonicalLocation).
std::optional<int> SegmentAt(const BoardTile& tile, Location location);
std::optional<Location> CanonicalLocation(const BoardTile& tile, int segment_index);

// What a feature (a maximal connected set of segments) knows about itself.
struct FeatureSummary {
  SegmentKind kind = SegmentKind::kField;
  int open_edges = 0;      // road/city/river sides that no tile closes yet
  int coats_of_arms = 0;   // BG-11
  int segment_count = 1;   // segments in the feature
  bool inn = false;        // a road with an inn beside it (IC-08)
  bool cathedral = false;  // a city with a cathedral (IC-09)
  TradeGoods goods;        // goods symbols in a city (TB-04)
};

// Features are joined lazily: Place lays the tile on the grid, and the first
// question about features (FeatureOf, Feature, SegmentsOf, TilesOf) joins
// every tile laid since, in placement order. A request that only checks where
// tiles may go (validating a tile placement) never pays for the union-find.
class Board {
 public:
  Board() = default;
  // Reserves room for `tiles` tiles, to place them without reallocating.
  void Reserve(int tiles);
  // Makes room on the cell grid for tiles on every cell from `low` to `high`
  // (both corners included), so that placing them does not grow it again.
  void ReserveArea(Position low, Position high);

  // Lays `tile` and joins its segments to the neighbours'. The cell must be free.
  // (Inline: the snapshot check lays every tile of every request. It keeps one
  // free cell around every tile inside the grid, so that neighbour look-ups of
  // frontier cells stay on it; growing the grid or the tiles is out of line.)
  void Place(const PlacedTile& tile) {
    const int64_t column = static_cast<int64_t>(tile.cell.x) - grid_min_x_;
    const int64_t row = static_cast<int64_t>(tile.cell.y) - grid_min_y_;
    if (!InsideWithMargin(column, row) || tiles_.size() == tiles_.capacity()) [[unlikely]] {
      PlaceWithRoom(tile);
      return;
    }
    grid_[row * grid_width_ + column] = static_cast<int>(tiles_.size());
    // The tile's fields written in place (as Orient does), not copied from a
    // temporary: the copy read back, as wide words, fields just written as
    // bytes, which stalls the store buffer.
    const TileLayout& layout = tile.type->layouts[tile.rotation.quarter_turns % 4];
    BoardTile& placed = tiles_.emplace_back();
    placed.placed = tile;
    placed.first_segment = segment_total_;
    placed.segment_at_side = layout.segment_at_side;
    placed.segment_at_half_edge = layout.segment_at_half_edge;
    placed.terrain = layout.terrain;
    segment_total_ += static_cast<int>(tile.type->segments.size());
  }

  int tile_count() const { return static_cast<int>(tiles_.size()); }
  const BoardTile& tile(int tile_index) const { return tiles_[tile_index]; }
  // The index of the tile on `cell`, or -1.
  int TileIndexAt(Position cell) const {
    const int64_t column = static_cast<int64_t>(cell.x) - grid_min_x_;
    const int64_t row = static_cast<int64_t>(cell.y) - grid_min_y_;
    if (column < 0 || row < 0 || column >= grid_width_ || row >= grid_height_) return -1;
    return grid_[row * grid_width_ + column];
  }
  bool HasTile(Position cell) const { return TileIndexAt(cell) >= 0; }
  // The tile on `cell` (index 0) and on the four cells next to it (1 + side
  // index, kAllSides order), -1 where there is none. One bounds check when
  // the cell lies inside the grid (every cell next to a tile does: see Place).
  std::array<int, 5> TileAndNeighbourIndexes(Position cell) const {
    const int64_t column = static_cast<int64_t>(cell.x) - grid_min_x_;
    const int64_t row = static_cast<int64_t>(cell.y) - grid_min_y_;
    if (!InsideWithMargin(column, row)) {
      return {TileIndexAt(cell), TileIndexAt(Neighbour(cell, Side::kNorth)),
              TileIndexAt(Neighbour(cell, Side::kEast)), TileIndexAt(Neighbour(cell, Side::kSouth)),
              TileIndexAt(Neighbour(cell, Side::kWest))};
    }
    const int* at = &grid_[row * grid_width_ + column];
    return {at[0], at[-grid_width_], at[1], at[grid_width_], at[-1]};
  }

  // Board-wide id of a segment, and the feature (a representative segment id)
  // it belongs to.
  int SegmentId(int tile_index, int segment_index) const {
    return tiles_[tile_index].first_segment + segment_index;
  }
  int SegmentId(const SegmentAddress& address) const;  // -1 if no such tile/segment
  int FeatureOf(int segment_id) const;
  const FeatureSummary& Feature(int feature) const {
    const int root = FeatureOf(feature);
    return summaries_[root];
  }
  // Every segment of a feature, in board order.
  std::vector<SegmentAddress> SegmentsOf(int feature) const;
  // The lowest board-wide segment id of a feature: its first segment in board
  // order (SegmentsOf(feature).front(), without listing them).
  int FirstSegmentOf(int feature) const;
  // The distinct tiles of a feature (board tile indexes, ascending): a tile
  // holding two segments of the feature counts once.
  std::vector<int> TilesOf(int feature) const;
  SegmentAddress AddressOf(int segment_id) const;
  const SegmentType& SegmentTypeOf(int segment_id) const;

  // The segment of the tile at `tile_index` that touches `location` (board
  // orientation), if any.
  std::optional<int> SegmentAt(int tile_index, Location location) const {
    return carcassonne::SegmentAt(tiles_[tile_index], location);
  }
  // The first of N, E, S, W, NNW..WNW, CENTER that the segment touches, or
  // nothing if it touches none (then it is named by its catalogue id).
  std::optional<Location> CanonicalLocation(int tile_index, int segment_index) const {
    return carcassonne::CanonicalLocation(tiles_[tile_index], segment_index);
  }

  // The feature (representative segment id) of the field at `corner` of the
  // tile at `cell` (its first half-edge there), or -1 when there is no tile
  // or no field: where a barn stands (AM-15).
  int FieldAtCorner(Position cell, Corner corner) const;

  // Number of the 8 cells around `cell` that hold a tile (BG-12).
  int SurroundingTileCount(Position cell) const;
  // Empty cells next to at least one tile, in a deterministic order.
  std::vector<Position> FrontierCells() const;

 private:
  int Find(int segment_id) const;
  void Union(int a, int b) const;
  // Joins the segments of every tile laid since the last call to their
  // neighbours' (the union-find below is a cache of the tiles' features).
  void JoinFeatures() const;
  void JoinTile(int tile_index) const;
  // HS-27: joins the segments of the tile at `tile_index` that share `side`
  // (board orientation) with the segment across it, and closes their side.
  void JoinSharedSide(int tile_index, Side side, int other_tile_index, int other_segment) const;

  std::vector<BoardTile> tiles_;
  // Tile indexes by cell on a dense grid covering the board plus a margin,
  // grown when a tile lands outside it (coordinates are bounded, and a board is
  // a connected patch, so the grid stays small).
  // (`margin` more free cells on every side, room to grow before growing again.)
  void GrowGridToInclude(Position low, Position high, int margin = 4);
  // Place when the grid must grow or the tiles need room: makes room, then places.
  [[gnu::noinline]] void PlaceWithRoom(const PlacedTile& tile);
  // Whether a grid column and row lie inside the grid with a free cell
  // between them and its edge (1 <= column <= width - 2, the same for rows).
  bool InsideWithMargin(int64_t column, int64_t row) const {
    // (One unsigned compare per axis; an empty or too small grid has no inside.)
    return static_cast<uint64_t>(column - 1) <
               static_cast<uint64_t>(std::max(grid_width_ - 2, 0)) &&
           static_cast<uint64_t>(row - 1) < static_cast<uint64_t>(std::max(grid_height_ - 2, 0));
  }
  std::vector<int> grid_;  // -1 = no tile
  int grid_min_x_ = 0;
  int grid_min_y_ = 0;
  int grid_width_ = 0;
  int grid_height_ = 0;
  int segment_total_ = 0;      // segments of the tiles laid
  int reserved_segments_ = 0;  // room Reserve asked for (6 per tile)
  // Segment id -> tile index, for the first `indexed_tiles_` tiles: filled on
  // the first question that needs it (TileOfSegment), like the features.
  int TileOfSegment(int segment_id) const;
  mutable int indexed_tiles_ = 0;
  mutable std::vector<int> segment_tile_;
  // The features of the first `joined_tiles_` tiles.
  mutable int joined_tiles_ = 0;
  mutable std::vector<int> parent_;                // union-find
  mutable std::vector<int> next_member_;           // circular list of each feature's segments
  mutable std::vector<FeatureSummary> summaries_;  // valid at roots
};

// AM-03: the features (representative segment ids) of the roads and cities
// that meet an abbey side of the tile at `tile_index` (none for another
// tile): the abbey closes them without holding a segment of them.
std::vector<int> FeaturesMeetingAbbey(const Board& board, int tile_index);

}  // namespace carcassonne

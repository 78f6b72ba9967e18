// The board and its features (see board.h).
#include "engine/board.h"

#include <algorithm>
#include <bit>

namespace carcassonne {
namespace {

// Sides in a 4-bit side mask (std::popcount may be a library call).
constexpr std::array<int8_t, 16> kSidesInMask = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

bool HasEdges(SegmentKind kind) {
  return kind == SegmentKind::kRoad || kind == SegmentKind::kCity || kind == SegmentKind::kRiver;
}

}  // namespace

BoardTile Orient(const PlacedTile& tile) {
  const TileLayout& layout = tile.type->layouts[tile.rotation.quarter_turns % 4];
  BoardTile oriented;
  oriented.placed = tile;
  oriented.segment_at_side = layout.segment_at_side;
  oriented.segment_at_half_edge = layout.segment_at_half_edge;
  oriented.terrain = layout.terrain;
  return oriented;
}

SegmentIndexes SegmentsSharingSide(const BoardTile& tile, Side side) {
  SegmentIndexes sharing;
  if (!tile.type().shares_a_side) return sharing;
  const SideMask side_bit = static_cast<SideMask>(1u << SideIndex(side));
  const auto& segments = tile.type().segments;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (RotateSides(segments[i].shared_sides, tile.placed.rotation) & side_bit)
      sharing.push_back(i);
  }
  return sharing;
}

void Board::GrowGridToInclude(Position low, Position high, int margin) {
  int min_x = low.x - margin, max_x = high.x + margin;
  int min_y = low.y - margin, max_y = high.y + margin;
  if (grid_width_ > 0) {
    min_x = std::min(min_x, grid_min_x_);
    min_y = std::min(min_y, grid_min_y_);
    max_x = std::max(max_x, grid_min_x_ + grid_width_ - 1);
    max_y = std::max(max_y, grid_min_y_ + grid_height_ - 1);
  }
  const int width = max_x - min_x + 1;
  const int height = max_y - min_y + 1;
  std::vector<int> grid(static_cast<size_t>(width) * height, -1);
  for (int row = 0; row < grid_height_; ++row) {
    for (int column = 0; column < grid_width_; ++column) {
      const int index = grid_[row * grid_width_ + column];
      if (index < 0) continue;
      grid[(row + grid_min_y_ - min_y) * width + (column + grid_min_x_ - min_x)] = index;
    }
  }
  grid_ = std::move(grid);
  grid_min_x_ = min_x;
  grid_min_y_ = min_y;
  grid_width_ = width;
  grid_height_ = height;
}

void Board::ReserveArea(Position low, Position high) {
  if (low.x > high.x || low.y > high.y) return;
  // The free cells around the tiles, and around the cells next to them (where
  // the next tile may go), without more margin for growth.
  GrowGridToInclude(low, high, /*margin=*/2);
}

int Board::SegmentId(const SegmentAddress& address) const {
  const int tile_index = TileIndexAt(address.cell);
  if (tile_index < 0) return -1;
  const int segment_count = static_cast<int>(tiles_[tile_index].type().segments.size());
  if (address.segment_index < 0 || address.segment_index >= segment_count) return -1;
  return SegmentId(tile_index, address.segment_index);
}

int Board::Find(int segment_id) const {
  while (parent_[segment_id] != segment_id) {
    parent_[segment_id] = parent_[parent_[segment_id]];
    segment_id = parent_[segment_id];
  }
  return segment_id;
}

int Board::FeatureOf(int segment_id) const {
  JoinFeatures();
  return Find(segment_id);
}

void Board::Union(int a, int b) const {
  int root_a = Find(a);
  int root_b = Find(b);
  if (root_a == root_b) return;
  if (summaries_[root_a].segment_count < summaries_[root_b].segment_count) {
    std::swap(root_a, root_b);
  }
  parent_[root_b] = root_a;
  // Splice the two circular member lists into one.
  std::swap(next_member_[root_a], next_member_[root_b]);
  FeatureSummary& into = summaries_[root_a];
  const FeatureSummary& from = summaries_[root_b];
  into.open_edges += from.open_edges;
  into.coats_of_arms += from.coats_of_arms;
  into.segment_count += from.segment_count;
  into.inn = into.inn || from.inn;
  into.cathedral = into.cathedral || from.cathedral;
  into.goods.wine += from.goods.wine;
  into.goods.grain += from.goods.grain;
  into.goods.cloth += from.goods.cloth;
}

void Board::Reserve(int tiles) {
  tiles_.reserve(tiles);
  reserved_segments_ = tiles * 6;
}

void Board::PlaceWithRoom(const PlacedTile& tile) {
  const int64_t column = static_cast<int64_t>(tile.cell.x) - grid_min_x_;
  const int64_t row = static_cast<int64_t>(tile.cell.y) - grid_min_y_;
  if (!InsideWithMargin(column, row)) {
    GrowGridToInclude({tile.cell.x - 1, tile.cell.y - 1}, {tile.cell.x + 1, tile.cell.y + 1});
  }
  tiles_.reserve(std::max<size_t>(16, 2 * tiles_.size()));
  Place(tile);
}

int Board::TileOfSegment(int segment_id) const {
  if (indexed_tiles_ < tile_count()) {
    segment_tile_.reserve(std::max(segment_total_, reserved_segments_));
    for (; indexed_tiles_ < tile_count(); ++indexed_tiles_) {
      segment_tile_.insert(segment_tile_.end(), tiles_[indexed_tiles_].type().segments.size(),
                           indexed_tiles_);
    }
  }
  return segment_tile_[segment_id];
}

void Board::JoinFeatures() const {
  if (joined_tiles_ == tile_count()) return;
  if (parent_.empty()) {
    // The first question about features: room for as many segments as the
    // board has reserved.
    const size_t segments = std::max(segment_total_, reserved_segments_);
    parent_.reserve(segments);
    next_member_.reserve(segments);
    summaries_.reserve(segments);
  }
  for (; joined_tiles_ < tile_count(); ++joined_tiles_) JoinTile(joined_tiles_);
}

void Board::JoinTile(int tile_index) const {
  const BoardTile& placed = tiles_[tile_index];
  for (const SegmentType& segment : placed.type().segments) {
    const int id = static_cast<int>(parent_.size());
    parent_.push_back(id);
    next_member_.push_back(id);
    FeatureSummary summary;
    summary.kind = segment.kind;
    summary.open_edges = HasEdges(segment.kind) ? kSidesInMask[segment.edges & 15] : 0;
    summary.coats_of_arms = segment.coats_of_arms;
    summary.inn = segment.inn;
    summary.cathedral = segment.cathedral;
    if (segment.goods == Goods::kWine) summary.goods.wine = 1;
    if (segment.goods == Goods::kGrain) summary.goods.grain = 1;
    if (segment.goods == Goods::kCloth) summary.goods.cloth = 1;
    summaries_.push_back(summary);
  }

  // Join with the neighbours laid before this tile (a later one joins with
  // this one in its own turn).
  for (Side side : kAllSides) {
    const int neighbour_index = TileIndexAt(Neighbour(placed.cell(), side));
    if (neighbour_index < 0 || neighbour_index > tile_index) continue;
    const BoardTile& neighbour = tiles_[neighbour_index];
    const int mine = placed.segment_at_side[SideIndex(side)];
    const int theirs = neighbour.segment_at_side[SideIndex(Opposite(side))];
    if (mine >= 0 && theirs >= 0) {
      Union(SegmentId(tile_index, mine), SegmentId(neighbour_index, theirs));
      // The two sides facing each other are no longer open.
      summaries_[Find(SegmentId(tile_index, mine))].open_edges -= 2;
      // HS-27: a segment that shares the side joins across it too, and its
      // side is closed as well.
      if (placed.type().shares_a_side) JoinSharedSide(tile_index, side, neighbour_index, theirs);
      if (neighbour.type().shares_a_side) {
        JoinSharedSide(neighbour_index, Opposite(side), tile_index, mine);
      }
    }
    // AM-03: an abbey side closes the road or city that meets it (it has no
    // segment there to join); HS-27: on a side two segments share, both
    // (HS-T09), each staying its own feature.
    if (mine >= 0 && neighbour.terrain[SideIndex(Opposite(side))] == Terrain::kAbbey) {
      summaries_[Find(SegmentId(tile_index, mine))].open_edges -= 1;
      for (int i : SegmentsSharingSide(placed, side)) {
        summaries_[Find(SegmentId(tile_index, i))].open_edges -= 1;
      }
    }
    if (theirs >= 0 && placed.terrain[SideIndex(side)] == Terrain::kAbbey) {
      summaries_[Find(SegmentId(neighbour_index, theirs))].open_edges -= 1;
      for (int i : SegmentsSharingSide(neighbour, Opposite(side))) {
        summaries_[Find(SegmentId(neighbour_index, i))].open_edges -= 1;
      }
    }
    for (int half_edge = 2 * SideIndex(side); half_edge < 2 * SideIndex(side) + 2; ++half_edge) {
      const int my_field = placed.segment_at_half_edge[half_edge];
      const int their_field = neighbour.segment_at_half_edge[FacingHalfEdge(half_edge)];
      if (my_field >= 0 && their_field >= 0) {
        Union(SegmentId(tile_index, my_field), SegmentId(neighbour_index, their_field));
      }
    }
  }
}

void Board::JoinSharedSide(int tile_index, Side side, int other_tile_index,
                           int other_segment) const {
  for (int i : SegmentsSharingSide(tiles_[tile_index], side)) {
    Union(SegmentId(tile_index, i), SegmentId(other_tile_index, other_segment));
    summaries_[Find(SegmentId(tile_index, i))].open_edges -= 1;
  }
}

SegmentAddress Board::AddressOf(int segment_id) const {
  const int tile_index = TileOfSegment(segment_id);
  return {tiles_[tile_index].cell(), segment_id - tiles_[tile_index].first_segment};
}

const SegmentType& Board::SegmentTypeOf(int segment_id) const {
  const int tile_index = TileOfSegment(segment_id);
  return tiles_[tile_index].type().segments[segment_id - tiles_[tile_index].first_segment];
}

std::vector<SegmentAddress> Board::SegmentsOf(int feature) const {
  JoinFeatures();
  std::vector<int> ids;
  ids.reserve(summaries_[Find(feature)].segment_count);
  int member = feature;
  do {
    ids.push_back(member);
    member = next_member_[member];
  } while (member != feature);
  std::sort(ids.begin(), ids.end());
  std::vector<SegmentAddress> segments;
  segments.reserve(ids.size());
  for (int id : ids) segments.push_back(AddressOf(id));
  return segments;
}

int Board::FirstSegmentOf(int feature) const {
  JoinFeatures();
  int first = feature;
  for (int member = next_member_[feature]; member != feature; member = next_member_[member]) {
    first = std::min(first, member);
  }
  return first;
}

std::vector<int> Board::TilesOf(int feature) const {
  JoinFeatures();
  std::vector<int> tiles;
  int member = feature;
  do {
    tiles.push_back(TileOfSegment(member));
    member = next_member_[member];
  } while (member != feature);
  std::sort(tiles.begin(), tiles.end());
  tiles.erase(std::unique(tiles.begin(), tiles.end()), tiles.end());
  return tiles;
}

int Board::FieldAtCorner(Position cell, Corner corner) const {
  const int tile_index = TileIndexAt(cell);
  if (tile_index < 0) return -1;
  const std::optional<int> segment = SegmentAt(tile_index, CornerHalfEdges(corner)[0]);
  if (!segment || tiles_[tile_index].type().segments[*segment].kind != SegmentKind::kField) {
    return -1;
  }
  return FeatureOf(SegmentId(tile_index, *segment));
}

std::optional<int> SegmentAt(const BoardTile& tile, Location location) {
  if (IsEdge(location)) {
    const int segment = tile.segment_at_side[static_cast<int>(location)];
    if (segment >= 0) return segment;
    return std::nullopt;
  }
  if (IsHalfEdge(location)) {
    const int segment = tile.segment_at_half_edge[HalfEdgeIndex(location)];
    if (segment >= 0) return segment;
    return std::nullopt;
  }
  // CENTER: a monastery, garden or the like, touching no side.
  const auto& segments = tile.type().segments;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (segments[i].kind == SegmentKind::kMonastery || segments[i].kind == SegmentKind::kGarden ||
        segments[i].kind == SegmentKind::kCircusSpace ||
        segments[i].kind == SegmentKind::kAcrobatSpace) {
      return i;
    }
  }
  return std::nullopt;
}

std::optional<Location> CanonicalLocation(const BoardTile& tile, int segment_index) {
  for (int i = 0; i < kLocationCount; ++i) {
    const Location location = static_cast<Location>(i);
    if (SegmentAt(tile, location) == segment_index) return location;
  }
  return std::nullopt;
}

std::vector<Position> Board::FrontierCells() const {
  // Empty neighbours of each tile in placement order, each cell once. The grid
  // has a free margin around every tile, so `seen` can share its indexing.
  std::vector<Position> frontier;
  std::vector<bool> seen(grid_.size(), false);
  for (const BoardTile& tile : tiles_) {
    for (Side side : kAllSides) {
      const Position cell = Neighbour(tile.cell(), side);
      const size_t index = static_cast<size_t>(cell.y - grid_min_y_) * grid_width_ +
                           static_cast<size_t>(cell.x - grid_min_x_);
      if (grid_[index] >= 0 || seen[index]) continue;
      seen[index] = true;
      frontier.push_back(cell);
    }
  }
  return frontier;
}

std::vector<int> FeaturesMeetingAbbey(const Board& board, int tile_index) {
  std::vector<int> features;
  const BoardTile& placed = board.tile(tile_index);
  if (!placed.type().abbey) return features;
  for (Side side : kAllSides) {
    if (placed.terrain[SideIndex(side)] != Terrain::kAbbey) continue;
    const int neighbour = board.TileIndexAt(Neighbour(placed.cell(), side));
    if (neighbour < 0) continue;
    const int theirs = board.tile(neighbour).segment_at_side[SideIndex(Opposite(side))];
    if (theirs < 0) continue;
    // HS-27: the segments sharing that side meet the abbey too (HS-T09).
    const auto add = [&](int segment) {
      const int feature = board.FeatureOf(board.SegmentId(neighbour, segment));
      if (std::find(features.begin(), features.end(), feature) == features.end()) {
        features.push_back(feature);
      }
    };
    add(theirs);
    for (int segment : SegmentsSharingSide(board.tile(neighbour), Opposite(side))) add(segment);
  }
  return features;
}

int Board::SurroundingTileCount(Position cell) const {
  int count = 0;
  for (Position around : Surrounding(cell)) count += HasTile(around) ? 1 : 0;
  return count;
}

}  // namespace carcassonne

// Segment names looked up once per tile (segment_naming.h).
#include "service/segment_naming.h"

#include "engine/board.h"
#include "service/convert_internal.h"

namespace carcassonne::service {

SegmentNaming::SegmentNaming(const GameState& naming) {
  tiles_.reserve(naming.tiles.size());
  for (const PlacedTile& tile : naming.tiles) {
    const auto [at, inserted] = tiles_.try_emplace(tile.cell);
    if (!inserted) continue;  // the first tile on the cell names its segments
    at->second.tile = &tile;
    at->second.first_location = static_cast<int>(locations_.size());
    const int segment_count = static_cast<int>(tile.type->segments.size());
    locations_.resize(locations_.size() + segment_count, kNoLocation);
    // A segment's canonical location is the first location that touches it
    // (CanonicalLocation): the locations in order, each given to the segment
    // it touches if that segment has none yet.
    const BoardTile oriented = Orient(tile);
    for (int i = 0; i < kLocationCount; ++i) {
      const std::optional<int> segment = SegmentAt(oriented, static_cast<Location>(i));
      if (!segment || *segment < 0 || *segment >= segment_count) continue;
      int8_t& location = locations_[at->second.first_location + *segment];
      if (location == kNoLocation) location = static_cast<int8_t>(i);
    }
  }
}

void SegmentNaming::ToProto(const SegmentAddress& segment, v1::SegmentRef* proto) const {
  proto->set_x(segment.cell.x);
  proto->set_y(segment.cell.y);
  const auto at = tiles_.find(segment.cell);
  if (at == tiles_.end()) return;
  const PlacedTile& tile = *at->second.tile;
  if (segment.segment_index < 0 ||
      segment.segment_index >= static_cast<int>(tile.type->segments.size())) {
    return;
  }
  const int8_t location = locations_[at->second.first_location + segment.segment_index];
  if (location != kNoLocation) {
    proto->set_location(LocationToProto(static_cast<Location>(location)));
  } else {
    proto->set_segment_id(ToString(tile.type->segments[segment.segment_index].id));
  }
}

}  // namespace carcassonne::service

// The API names of a snapshot's segments (geometry.md: a segment is named by
// its cell and canonical location, or by its catalogue segment id when it
// touches no location), looked up once per tile: for an answer that names
// many segments of one board (DescribeBoard names every segment two or three
// times). It names each segment exactly as SegmentRefToProto does with the
// same snapshot, without SegmentRefToProto's walk of the snapshot's tiles for
// every segment.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "carcassonne/v1/referee.pb.h"
#include "engine/game_state.h"

namespace carcassonne::service {

namespace v1 = ::carcassonne::v1;

class SegmentNaming {
 public:
  // `naming` must outlive this (its tile types are pointed to).
  explicit SegmentNaming(const GameState& naming);

  // As SegmentRefToProto(segment, naming, proto).
  void ToProto(const SegmentAddress& segment, v1::SegmentRef* proto) const;

 private:
  // The first tile of the snapshot on a cell (as the engine's lookups see
  // it), and the canonical location of each of its segments (kNoLocation:
  // none, the segment is named by its id).
  struct NamedTile {
    const PlacedTile* tile = nullptr;
    int first_location = 0;  // into locations_
  };
  static constexpr int8_t kNoLocation = -1;
  absl::flat_hash_map<Position, NamedTile> tiles_;
  std::vector<int8_t> locations_;
};

}  // namespace carcassonne::service

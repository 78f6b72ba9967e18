// The answer to "is this move legal?": violations with stable codes, a
// sentence, the place concerned and the rule that forbids the move.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.h"

namespace carcassonne {

// Stable codes; the numbering is the public API's (ViolationCode in the proto).
enum class ViolationCode {
  kWrongPhase = 1,
  kNotAdjacent = 2,
  kCellOccupied = 3,
  kEdgeMismatch = 4,
  kTileNotInBag = 5,
  kTileFitsSomewhere = 6,
  kNotOnPlacedTile = 7,
  kFeatureOccupied = 8,
  kNoFigureInSupply = 9,
  kGameOver = 10,
  kFigureNotAllowed = 11,
  // The builder or the pig needs one of its owner's followers in the feature
  // (TB-09, TB-19).
  kNoOwnFollower = 12,
};

struct Violation {
  ViolationCode code;
  std::string message;
  std::optional<Position> cell;      // the cell concerned, if any
  std::optional<int> segment_index;  // the segment of the tile at `cell`, if any
  std::string_view rule_id;          // e.g. "BG-02"
};

struct Verdict {
  std::vector<Violation> violations;
  bool legal() const { return violations.empty(); }
};

}  // namespace carcassonne

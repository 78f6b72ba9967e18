// Reading a snapshot from JSON (the protobuf JSON mapping, as the API and
// `buf curl` print it): either a carcassonne.v1.GameState itself, or any JSON
// object with a "state" field holding one (a request or response of the API,
// a scenario file that starts from a snapshot).
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "carcassonne/v1/referee.pb.h"

namespace carcassonne::render {

// Snapshots larger than this are refused (a GameState of a whole game with
// every expansion is a few hundred kilobytes).
inline constexpr size_t kMaxSnapshotBytes = 64 << 20;

// The GameState in `json`, or INVALID_ARGUMENT saying why there is none.
// Strict: an unknown field is an error, as in the API.
absl::StatusOr<carcassonne::v1::GameState> ParseSnapshot(std::string_view json);

}  // namespace carcassonne::render

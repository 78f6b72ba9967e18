// The load over the HTTP port (docs/http.md): Connect unary calls in JSON
// over HTTP/1.1 keep-alive, a closed loop of `in_flight` calls, each on its
// own connection and thread (HTTP/1.1 has one call at a time per
// connection). The same requests as the gRPC run (load.h), turned into JSON
// once before the run, the same timing (warm-up, measured window), deadline
// (sent as Connect-Timeout-Ms) and results (LoadResult; an answer's gRPC
// code read from the Connect error body's "code"). Plaintext only.
#pragma once

#include <string>
#include <vector>

#include "clients/loadgen/load.h"

namespace carcassonne::loadgen {

// Runs the closed loop of `options` (target "host:port" of the HTTP port)
// posting each of `json_requests` in turn to `path`
// ("/carcassonne.v1.RefereeService/ValidateAction"). Throws
// std::runtime_error when the target cannot be reached.
LoadResult RunHttpJsonLoad(const LoadOptions& options, const std::string& path,
                           const std::vector<std::string>& json_requests);

}  // namespace carcassonne::loadgen

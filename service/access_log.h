// The access log: one JSON line per RefereeService call, on the server's
// standard error (where Kubernetes collects it), beside its other log lines
// (which start with "carcassonne_referee:"). For example:
//   {"time":"2026-12-07T13:52:00.123Z","method":"carcassonne.v1.RefereeService/ValidateAction",
//    "code":"OK","duration_ms":0.131,"request_bytes":2048,"response_bytes":96,
//    "request_id":"8f0c...","peer":"ipv4:10.0.0.7:51234"}
// A call refused or skipped without running its handler (serving.h) also has
// "refusal": its shed reason ("queue_full", "deadline_unmeetable",
// "request_memory", "request_too_large", "deadline_exceeded", "cancelled").
// duration_ms runs from the moment a serving thread read the call to its
// answer (the time it waited on the server included); the sizes are the
// serialized messages'. A call over the HTTP port has "peer":"http" and the
// id of its X-Request-Id (connect.h); one that the HTTP side refused before
// handing it to the serving threads (RefereeServing::RecordRefused) has a
// duration of 0.
//
// Which calls (flags --access_log and --access_log_sample, main.cc):
//   off     none (the default: the benchmark's setting);
//   errors  the calls not answered OK;
//   all     every call; with --access_log_sample=N (N >= 1) one call
//           answered OK in N (every Nth, counted per server) is written, and
//           every other call (not OK) is.
// Each line is written by one write() (well under PIPE_BUF), so lines of
// concurrent calls never interleave. Logging every call of a saturated server
// costs a few microseconds of CPU per call: sample on busy servers.
#pragma once

#include <grpcpp/support/status.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "service/metrics.h"

namespace carcassonne::service {

enum class AccessLogLevel { kOff, kErrors, kAll };

// "off", "errors", "all"; nothing for any other text.
std::optional<AccessLogLevel> ParseAccessLogLevel(std::string_view text);

struct AccessLogOptions {
  AccessLogLevel level = AccessLogLevel::kOff;
  int sample = 1;  // with kAll: one OK call in `sample` is written
};

// One call, as the log line tells it.
struct AccessEntry {
  Method method = Method::kNewGame;
  grpc::StatusCode code = grpc::StatusCode::OK;
  std::chrono::nanoseconds duration{0};
  size_t request_bytes = 0;
  size_t response_bytes = 0;
  std::optional<ShedReason> refusal;  // when answered without running its handler
  std::string_view request_id;
  std::string_view peer;
};

class AccessLog {
 public:
  // Writes to `fd` (standard error by default).
  explicit AccessLog(const AccessLogOptions& options, int fd = 2);

  // Whether a call answered `code` is to be written (level and sampling; a
  // kept OK call advances the sample counter). From any thread.
  bool Wants(grpc::StatusCode code);

  // Writes the line of `entry` (call only when Wants said so).
  void Write(const AccessEntry& entry) const;

  // The JSON line of `entry` at `now`, with its newline.
  static std::string Format(const AccessEntry& entry, std::chrono::system_clock::time_point now);

 private:
  const AccessLogOptions options_;
  const int fd_;
  std::atomic<uint64_t> ok_calls_{0};
};

}  // namespace carcassonne::service

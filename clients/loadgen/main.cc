// carcassonne_loadgen: a load generator for the referee (carcassonne.v1.RefereeService).
//
//   carcassonne_loadgen --target=127.0.0.1:50051 --rpc=ValidateAction --tiles=72
//       --mode=closed --in_flight=16 --duration=10s --warmup=2s --channels=2 --json=out.json
//   carcassonne_loadgen --mode=open --rate=5000 ...
//   carcassonne_loadgen --board_stats=36,72 --seed=20240601   (no server: board facts)
//   carcassonne_loadgen --pad_bytes=524288 ...          (large valid requests: memory runs)
//   carcassonne_loadgen --server_pid=PID --sigterm_at=3s --send_after_sigterm=1s ...
//                                                       (SIGTERM under load, closed loop)
//
// It builds a pool of distinct requests from seeded random boards (see
// request_pool.h; the same flags give the same bytes), calls the server once
// with each of them (--check: a non-OK status stops the run), then runs a
// closed or open loop (see load.h) and reports the calls, the errors by status
// code, the throughput, the goodput (answered OK within the deadline), and
// the latency distribution (p50 .. p99.9, max; overall and per status) on
// stdout and, with --json, as a JSON document. Exit status: 0 when the run
// completed (errors are reported, not fatal), 1 when it could not run, 2 on a
// bad flag.
//
// Only loopback targets are accepted (127.0.0.0/8, localhost, [::1], unix:)
// unless --allow_remote is given. Plaintext unless a --tls* flag is given
// (clients/common/channel_security.h: --tls_ca, mTLS's --tls_certificate and
// --tls_private_key, --tls_server_name).
#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "benchmarks/boards.h"
#include "clients/common/channel_security.h"
#include "clients/loadgen/http_load.h"
#include "clients/loadgen/load.h"
#include "clients/loadgen/request_pool.h"

ABSL_FLAG(std::string, target, "127.0.0.1:50051", "Server address host:port (loopback only)");
ABSL_FLAG(std::string, rpc, "ValidateAction",
          "RPC to call: ValidateAction, ApplyAction, ListLegalActions or ScoreGame");
ABSL_FLAG(int, tiles, 72, "Tiles on each request's board (72 = one base set; more is rejected)");
ABSL_FLAG(int, pool, 64, "Distinct requests (boards of seeds seed .. seed+pool-1), sent in turn");
ABSL_FLAG(int, seed, 1, "Seed of the first board of the pool");
ABSL_FLAG(std::string, mode, "closed",
          "closed (--in_flight calls always outstanding) or open (--rate calls/s on schedule)");
ABSL_FLAG(int, in_flight, 16, "Closed loop: calls in flight");
ABSL_FLAG(double, rate, 1000, "Open loop: calls per second");
ABSL_FLAG(int, max_in_flight, 10000, "Open loop: most calls outstanding (memory bound)");
ABSL_FLAG(absl::Duration, send_tick, absl::Microseconds(200),
          "Open loop: the sender wakes at most once per tick and sends every call then due "
          "(latency still runs from each call's scheduled time); 0 = one wake-up per call");
ABSL_FLAG(bool, ramp_up, true,
          "Open loop: the rate rises linearly from 0 to --rate over the warm-up (false: full "
          "rate from the first call)");
ABSL_FLAG(absl::Duration, duration, absl::Seconds(10), "Measured time (after the warm-up)");
ABSL_FLAG(absl::Duration, warmup, absl::Seconds(2), "Warm-up time (not counted)");
ABSL_FLAG(absl::Duration, deadline, absl::Seconds(10), "Deadline of each call");
ABSL_FLAG(int, channels, 1, "gRPC channels (one connection each); calls are spread over them");
ABSL_FLAG(std::string, protocol, "grpc",
          "grpc, or http_json: Connect unary calls in JSON over HTTP/1.1 keep-alive to the HTTP "
          "port (--target host:http_port; closed loop, one connection per call in flight, "
          "plaintext; docs/http.md)");
ABSL_FLAG(bool, check, true,
          "Before the run, send each pool request once; stop if any answer is not OK");
ABSL_FLAG(std::string, json, "", "Also write the results as JSON to this file");
ABSL_FLAG(std::string, label, "", "Free-form label copied into the JSON (e.g. real, noop)");
ABSL_FLAG(int, server_pid, 0,
          "Process id of the (local) server: also report its CPU use in the measured window");
ABSL_FLAG(int, pad_bytes, 0,
          "Make each request this many bytes larger with a field no request defines (still a "
          "valid request: the server answers it as without): large requests for memory runs");
ABSL_FLAG(absl::Duration, sigterm_at, absl::Seconds(-1),
          "Closed loop with --server_pid: send SIGTERM to the server this long into the measured "
          "window (negative: never), then count every call by status, sent before the signal or "
          "after it");
ABSL_FLAG(absl::Duration, send_after_sigterm, absl::ZeroDuration(),
          "With --sigterm_at: go on sending calls this long after the signal (the lame duck)");
ABSL_FLAG(bool, allow_remote, false, "Accept a target that is not a loopback address");
ABSL_FLAG(
    std::string, board_stats, "",
    "Comma-separated tile counts: print facts about the base game's boards RandomBoard(tiles, "
    "--seed) (from 72 on, its last turn) "
    "(open cells, figures, snapshot bytes, legal placements) as JSON, and exit");

namespace carcassonne::loadgen {
namespace {

// --help lists the flags of this program's own files (the load generator's
// and the shared TLS flags of clients/common), not those of the libraries.
bool IsClientFlagFile(absl::string_view filename) {
  return absl::StrContains(filename, "clients/loadgen/") ||
         absl::StrContains(filename, "clients/common/");
}

// Percentiles reported in the JSON spectrum (for latency distribution charts).
constexpr double kSpectrum[] = {0,  10,    20,   25,    30,   40,    50,    60,     70,     75,
                                80, 85,    90,   92.5,  95,   96,    97,    97.5,   98,     98.5,
                                99, 99.25, 99.5, 99.75, 99.9, 99.95, 99.99, 99.995, 99.999, 100};

constexpr const char* kCodeNames[kStatusCodeCount] = {
    "OK",        "CANCELLED",      "UNKNOWN",           "INVALID_ARGUMENT",   "DEADLINE_EXCEEDED",
    "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
    "ABORTED",   "OUT_OF_RANGE",   "UNIMPLEMENTED",     "INTERNAL",           "UNAVAILABLE",
    "DATA_LOSS", "UNAUTHENTICATED"};

[[noreturn]] void Usage(const std::string& message) {
  std::fprintf(stderr, "carcassonne_loadgen: %s\n", message.c_str());
  std::exit(2);
}

// The serialized requests of `method` ("/carcassonne.v1.RefereeService/X")
// in the proto3 JSON mapping, for --protocol=http_json.
std::vector<std::string> JsonRequests(const std::string& method,
                                      const std::vector<std::string>& requests) {
  std::string full_name = method.substr(1);
  std::replace(full_name.begin(), full_name.end(), '/', '.');
  const google::protobuf::MethodDescriptor* descriptor =
      google::protobuf::DescriptorPool::generated_pool()->FindMethodByName(full_name);
  if (descriptor == nullptr) Usage("no method " + full_name);
  const google::protobuf::Message* prototype =
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor->input_type());
  std::vector<std::string> json_requests;
  for (const std::string& bytes : requests) {
    std::unique_ptr<google::protobuf::Message> message(prototype->New());
    std::string json;
    if (!message->ParseFromString(bytes) ||
        !google::protobuf::util::MessageToJsonString(*message, &json).ok()) {
      Usage("a request of the pool does not convert to JSON");
    }
    json_requests.push_back(std::move(json));
  }
  return json_requests;
}

bool IsLoopback(std::string_view target) {
  if (target.starts_with("unix:")) return true;
  if (target.starts_with("ipv4:")) target.remove_prefix(5);
  if (target.starts_with("ipv6:")) target.remove_prefix(5);
  if (target.starts_with("dns:///")) target.remove_prefix(7);
  std::string_view host = target;
  if (host.starts_with("[")) {
    host = host.substr(
        1, host.find(']') == std::string_view::npos ? host.size() - 1 : host.find(']') - 1);
  } else if (host.find(':') != std::string_view::npos) {
    host = host.substr(0, host.rfind(':'));
  }
  const bool ipv4_loopback =
      host.starts_with("127.") && host.find_first_not_of("0123456789.") == std::string_view::npos;
  return host == "localhost" || ipv4_loopback || host == "::1";
}

double Micros(int64_t nanoseconds) { return static_cast<double>(nanoseconds) / 1000.0; }

std::string Number(double value) {
  if (!std::isfinite(value)) return "null";
  std::ostringstream out;
  out.precision(12);
  out << value;
  return out.str();
}

std::string Quoted(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Writes `text` to `path`; says so on stderr and returns false if it cannot.
bool WriteJson(const std::string& path, const std::string& text) {
  std::ofstream file(path);
  file << text;
  if (!file) {
    std::fprintf(stderr, "carcassonne_loadgen: cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

int PrintBoardStats(const std::string& list, uint32_t seed, const std::string& json_path) {
  std::ostringstream json;
  json << "{\"seed\": " << seed << ", \"boards\": [";
  bool first = true;
  for (absl::string_view item : absl::StrSplit(list, ',', absl::SkipWhitespace())) {
    int tiles = 0;
    if (!absl::SimpleAtoi(item, &tiles) || tiles < 1 || tiles > 1024) {
      Usage("--board_stats: not a tile count: " + std::string(item));
    }
    const BoardStats stats = DescribeBoard(tiles, seed);
    json << (first ? "" : ", ") << "{\"tiles\": " << stats.tiles
         << ", \"open_cells\": " << stats.open_cells << ", \"figures\": " << stats.figures
         << ", \"snapshot_bytes\": " << stats.snapshot_bytes
         << ", \"legal_placements\": " << stats.legal_placements << "}";
    first = false;
  }
  json << "]}\n";
  std::cout << json.str();
  if (!json_path.empty() && !WriteJson(json_path, json.str())) return 1;
  return 0;
}

int Main() {
  const std::string board_stats = absl::GetFlag(FLAGS_board_stats);
  const auto seed = static_cast<uint32_t>(absl::GetFlag(FLAGS_seed));
  const std::string json_path = absl::GetFlag(FLAGS_json);
  if (!board_stats.empty()) return PrintBoardStats(board_stats, seed, json_path);

  const std::string target = absl::GetFlag(FLAGS_target);
  if (!IsLoopback(target) && !absl::GetFlag(FLAGS_allow_remote)) {
    Usage("--target " + target + " is not a loopback address (see --allow_remote)");
  }
  const std::optional<Rpc> rpc = ParseRpc(absl::GetFlag(FLAGS_rpc));
  if (!rpc) Usage("--rpc must be ValidateAction, ApplyAction, ListLegalActions or ScoreGame");
  const int tiles = absl::GetFlag(FLAGS_tiles);
  if (tiles < 1 || tiles > 1024) Usage("--tiles must be 1..1024");
  const int pool_size = absl::GetFlag(FLAGS_pool);
  if (pool_size < 1 || pool_size > 100000) Usage("--pool must be 1..100000");
  const std::string mode = absl::GetFlag(FLAGS_mode);
  if (mode != "closed" && mode != "open") Usage("--mode must be closed or open");

  LoadOptions options;
  options.target = target;
  absl::StatusOr<clients::ChannelSecurity> security =
      clients::MakeChannelSecurity(clients::ClientTlsOptionsFromFlags());
  if (!security.ok()) Usage(std::string(security.status().message()));
  options.security = *std::move(security);
  options.method = RpcPath(*rpc);
  options.mode = mode == "closed" ? LoopMode::kClosed : LoopMode::kOpen;
  options.in_flight = absl::GetFlag(FLAGS_in_flight);
  options.rate = absl::GetFlag(FLAGS_rate);
  options.max_in_flight = absl::GetFlag(FLAGS_max_in_flight);
  options.send_tick = absl::ToChronoNanoseconds(absl::GetFlag(FLAGS_send_tick));
  options.ramp_up = absl::GetFlag(FLAGS_ramp_up);
  options.channels = absl::GetFlag(FLAGS_channels);
  options.duration = absl::ToChronoNanoseconds(absl::GetFlag(FLAGS_duration));
  options.warmup = absl::ToChronoNanoseconds(absl::GetFlag(FLAGS_warmup));
  options.deadline = absl::ToChronoNanoseconds(absl::GetFlag(FLAGS_deadline));
  options.server_pid = absl::GetFlag(FLAGS_server_pid);
  options.signal_at = absl::ToChronoNanoseconds(absl::GetFlag(FLAGS_sigterm_at));
  options.send_after_signal = absl::ToChronoNanoseconds(absl::GetFlag(FLAGS_send_after_sigterm));
  const int pad_bytes = absl::GetFlag(FLAGS_pad_bytes);
  if (pad_bytes < 0 || pad_bytes > 64 * 1024 * 1024) Usage("--pad_bytes must be 0..67108864");
  if (options.signal_at >= std::chrono::nanoseconds::zero() &&
      (options.server_pid <= 0 || options.mode != LoopMode::kClosed)) {
    Usage("--sigterm_at needs --server_pid and --mode=closed");
  }
  if (options.in_flight < 1 || options.in_flight > 100000) Usage("--in_flight must be 1..100000");
  if (!(options.rate > 0) || options.rate > 1e7) Usage("--rate must be in (0, 1e7]");
  if (options.max_in_flight < 1) Usage("--max_in_flight must be positive");
  if (options.send_tick < std::chrono::nanoseconds::zero()) Usage("--send_tick cannot be negative");
  if (options.channels < 1 || options.channels > 256) Usage("--channels must be 1..256");
  if (options.duration <= std::chrono::nanoseconds::zero()) Usage("--duration must be positive");
  if (options.warmup < std::chrono::nanoseconds::zero()) Usage("--warmup must not be negative");
  if (options.deadline <= std::chrono::nanoseconds::zero()) Usage("--deadline must be positive");
  if (tiles > bench::kBaseSetTiles) {
    std::fprintf(stderr,
                 "carcassonne_loadgen: note: a game holds %d tiles; the boards are those of its "
                 "last turn\n",
                 bench::kBaseSetTiles);
  }

  RequestPool pool = BuildRequestPool(*rpc, tiles, pool_size, seed);
  PadRequests(pool, static_cast<size_t>(pad_bytes));
  options.requests = &pool.requests;
  double request_bytes = 0;
  for (const std::string& request : pool.requests) request_bytes += request.size();
  request_bytes /= static_cast<double>(pool.requests.size());

  const std::string protocol = absl::GetFlag(FLAGS_protocol);
  if (protocol != "grpc" && protocol != "http_json") Usage("--protocol must be grpc or http_json");
  const bool http_json = protocol == "http_json";
  if (http_json && (options.mode != LoopMode::kClosed || options.security.tls() ||
                    options.signal_at >= std::chrono::nanoseconds::zero())) {
    Usage("--protocol=http_json runs a plaintext closed loop (no TLS, no --sigterm_at)");
  }
  int expected_answers = -1;
  if (absl::GetFlag(FLAGS_check) && !http_json) {
    const std::vector<CheckedCall> checked =
        CallEachOnce(target, options.security, options.method, pool.requests, options.deadline);
    expected_answers = 0;
    for (size_t i = 0; i < checked.size(); ++i) {
      if (checked[i].code != 0) {
        std::fprintf(stderr, "carcassonne_loadgen: pool request %zu failed: %s: %s\n", i,
                     kCodeNames[checked[i].code], checked[i].message.c_str());
        return 1;
      }
      if (ResponseAsExpected(*rpc, checked[i].response)) ++expected_answers;
    }
  }

  const LoadResult result = http_json ? RunHttpJsonLoad(options, options.method,
                                                        JsonRequests(options.method, pool.requests))
                                      : RunLoad(options);
  const LatencyHistogram& latency = *result.latency;
  const double throughput = static_cast<double>(result.calls) / result.measured_seconds;
  const double ok_throughput = static_cast<double>(result.ok) / result.measured_seconds;
  const double goodput = static_cast<double>(result.ok_within_deadline) / result.measured_seconds;
  const uint64_t errors = result.calls - result.ok;

  // Human-readable summary.
  std::printf("%s %s tiles=%d pool=%d channels=%d ", std::string(RpcName(*rpc)).c_str(),
              target.c_str(), tiles, pool_size, options.channels);
  if (options.mode == LoopMode::kClosed) {
    std::printf("closed loop in_flight=%d\n", options.in_flight);
  } else {
    std::printf("open loop rate=%.0f/s%s\n", options.rate,
                options.ramp_up ? " (rising from 0 over the warm-up)" : "");
  }
  std::printf(
      "  pool: %d requests of %.0f bytes on average (%zu seeds skipped: boards that are not valid "
      "snapshots)\n",
      pool_size, request_bytes, pool.skipped_seeds.size());
  if (expected_answers >= 0) {
    std::printf("  check: %d/%d answers as the real server gives them\n", expected_answers,
                pool_size);
  }
  std::printf("  %.2f s measured: %llu calls, %llu errors, %.1f calls/s (OK: %.1f/s)\n",
              result.measured_seconds, static_cast<unsigned long long>(result.calls),
              static_cast<unsigned long long>(errors), throughput, ok_throughput);
  std::printf("  goodput (OK within the %.0f ms deadline): %.1f calls/s\n",
              std::chrono::duration<double, std::milli>(options.deadline).count(), goodput);
  if (options.mode == LoopMode::kOpen) {
    std::printf("  send lag behind the schedule us: p50 %.1f  p99 %.1f  max %.1f\n",
                Micros(result.send_lag->Percentile(50)), Micros(result.send_lag->Percentile(99)),
                Micros(result.send_lag->max()));
  }
  for (int code = 0; code < kStatusCodeCount; ++code) {
    const LatencyHistogram& by_code = *result.latency_by_code[static_cast<size_t>(code)];
    if (by_code.count() > 0) {
      std::printf("    %s: %llu (latency us: p50 %.1f  p99 %.1f  max %.1f)\n", kCodeNames[code],
                  static_cast<unsigned long long>(result.by_code[static_cast<size_t>(code)]),
                  Micros(by_code.Percentile(50)), Micros(by_code.Percentile(99)),
                  Micros(by_code.max()));
    }
  }
  auto signal_line = [](const char* when, const std::array<uint64_t, kStatusCodeCount>& by_code) {
    uint64_t all = 0;
    for (uint64_t count : by_code) all += count;
    std::printf("  calls sent %s the SIGTERM: %llu, failed %llu", when,
                static_cast<unsigned long long>(all),
                static_cast<unsigned long long>(all - by_code[0]));
    for (int code = 1; code < kStatusCodeCount; ++code) {
      if (by_code[static_cast<size_t>(code)] > 0) {
        std::printf(" (%s %llu)", kCodeNames[code],
                    static_cast<unsigned long long>(by_code[static_cast<size_t>(code)]));
      }
    }
    std::printf("\n");
  };
  if (result.signalled) {
    signal_line("before", result.before_signal);
    signal_line("after", result.after_signal);
  }
  std::printf("  latency us: p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f  mean %.1f\n",
              Micros(latency.Percentile(50)), Micros(latency.Percentile(90)),
              Micros(latency.Percentile(99)), Micros(latency.Percentile(99.9)),
              Micros(latency.max()), latency.mean() / 1000.0);
  // CPU use in the measured window, in cores; "other": the machine's busy time
  // that is neither this client's nor the server's (other processes).
  const double seconds = result.measured_seconds;
  const double client_cores = result.client_cpu_seconds / seconds;
  const double server_cores =
      result.server_cpu_seconds >= 0 ? result.server_cpu_seconds / seconds : std::nan("");
  const double machine_cores =
      result.machine_cpu_seconds >= 0 ? result.machine_cpu_seconds / seconds : std::nan("");
  const double other_cores = std::isnan(server_cores) || std::isnan(machine_cores)
                                 ? std::nan("")
                                 : std::max(0.0, machine_cores - client_cores - server_cores);
  std::printf("  CPU (cores): client %.2f", client_cores);
  if (!std::isnan(server_cores)) std::printf(", server %.2f", server_cores);
  if (!std::isnan(machine_cores)) std::printf(", whole machine %.2f", machine_cores);
  if (!std::isnan(other_cores)) std::printf(", other processes %.2f", other_cores);
  std::printf("\n");
  if (options.mode == LoopMode::kOpen && result.schedule_stalls > 0) {
    std::printf("  open loop: %llu sends waited for --max_in_flight=%d\n",
                static_cast<unsigned long long>(result.schedule_stalls), options.max_in_flight);
  }

  if (!json_path.empty()) {
    std::ostringstream json;
    json << "{\n  \"label\": " << Quoted(absl::GetFlag(FLAGS_label))
         << ",\n  \"target\": " << Quoted(target) << ",\n  \"rpc\": " << Quoted(RpcName(*rpc))
         << ",\n  \"tiles\": " << tiles << ",\n  \"pool\": " << pool_size
         << ",\n  \"seed\": " << seed << ",\n  \"skipped_boards\": " << pool.skipped_seeds.size()
         << ",\n  \"request_bytes_mean\": " << Number(request_bytes)
         << ",\n  \"mode\": " << Quoted(mode) << ",\n  \"in_flight\": "
         << (options.mode == LoopMode::kClosed ? std::to_string(options.in_flight) : "null")
         << ",\n  \"rate\": "
         << (options.mode == LoopMode::kOpen ? Number(options.rate) : std::string("null"))
         << ",\n  \"channels\": " << options.channels << ",\n  \"warmup_seconds\": "
         << Number(absl::ToDoubleSeconds(absl::GetFlag(FLAGS_warmup)))
         << ",\n  \"measured_seconds\": " << Number(result.measured_seconds)
         << ",\n  \"check_expected_answers\": "
         << (expected_answers >= 0 ? std::to_string(expected_answers) : "null")
         << ",\n  \"calls\": " << result.calls << ",\n  \"ok\": " << result.ok
         << ",\n  \"errors\": " << errors << ",\n  \"errors_by_code\": {";
    bool first = true;
    for (int code = 1; code < kStatusCodeCount; ++code) {
      if (result.by_code[static_cast<size_t>(code)] == 0) continue;
      json << (first ? "" : ", ") << Quoted(kCodeNames[code]) << ": "
           << result.by_code[static_cast<size_t>(code)];
      first = false;
    }
    json << "},\n  \"throughput\": " << Number(throughput)
         << ",\n  \"ok_throughput\": " << Number(ok_throughput) << ",\n  \"deadline_ms\": "
         << Number(std::chrono::duration<double, std::milli>(options.deadline).count())
         << ",\n  \"ok_within_deadline\": " << result.ok_within_deadline
         << ",\n  \"goodput\": " << Number(goodput) << ",\n  \"pad_bytes\": " << pad_bytes
         << ",\n  \"send_lag_us\": {\"p50\": " << Number(Micros(result.send_lag->Percentile(50)))
         << ", \"p99\": " << Number(Micros(result.send_lag->Percentile(99)))
         << ", \"max\": " << Number(Micros(result.send_lag->max())) << "}"
         << ",\n  \"by_status\": {";
    first = true;
    for (int code = 0; code < kStatusCodeCount; ++code) {
      const LatencyHistogram& by_code = *result.latency_by_code[static_cast<size_t>(code)];
      if (by_code.count() == 0) continue;
      json << (first ? "" : ", ") << Quoted(kCodeNames[code])
           << ": {\"count\": " << result.by_code[static_cast<size_t>(code)]
           << ", \"latency_us\": {\"p50\": " << Number(Micros(by_code.Percentile(50)))
           << ", \"p90\": " << Number(Micros(by_code.Percentile(90)))
           << ", \"p99\": " << Number(Micros(by_code.Percentile(99)))
           << ", \"max\": " << Number(Micros(by_code.max())) << "}}";
      first = false;
    }
    json << "}";
    if (result.signalled) {
      auto by_code_json = [](const std::array<uint64_t, kStatusCodeCount>& by_code) {
        std::ostringstream out;
        out << "{";
        bool first_code = true;
        for (int code = 0; code < kStatusCodeCount; ++code) {
          if (by_code[static_cast<size_t>(code)] == 0) continue;
          out << (first_code ? "" : ", ") << Quoted(kCodeNames[code]) << ": "
              << by_code[static_cast<size_t>(code)];
          first_code = false;
        }
        out << "}";
        return out.str();
      };
      json << ",\n  \"sigterm_unix_seconds\": " << Number(result.signal_unix_seconds)
           << ",\n  \"sigterm_at_seconds\": "
           << Number(std::chrono::duration<double>(options.signal_at).count())
           << ",\n  \"send_after_sigterm_seconds\": "
           << Number(std::chrono::duration<double>(options.send_after_signal).count())
           << ",\n  \"sent_before_sigterm\": " << by_code_json(result.before_signal)
           << ",\n  \"sent_after_sigterm\": " << by_code_json(result.after_signal);
    }
    if (options.mode == LoopMode::kOpen) {
      json << ",\n  \"send_tick_us\": "
           << Number(static_cast<double>(options.send_tick.count()) / 1000.0)
           << ",\n  \"ramp_up\": " << (options.ramp_up ? "true" : "false")
           << ",\n  \"scheduled\": " << result.scheduled
           << ",\n  \"schedule_stalls\": " << result.schedule_stalls;
    }
    json << ",\n  \"client_cpu_cores\": " << Number(client_cores)
         << ",\n  \"server_cpu_cores\": " << Number(server_cores)
         << ",\n  \"machine_cpu_cores\": " << Number(machine_cores)
         << ",\n  \"other_cpu_cores\": " << Number(other_cores)
         << ",\n  \"latency_us\": {\"p50\": " << Number(Micros(latency.Percentile(50)))
         << ", \"p90\": " << Number(Micros(latency.Percentile(90)))
         << ", \"p99\": " << Number(Micros(latency.Percentile(99)))
         << ", \"p99.9\": " << Number(Micros(latency.Percentile(99.9)))
         << ", \"max\": " << Number(Micros(latency.max()))
         << ", \"mean\": " << Number(latency.mean() / 1000.0) << "},\n  \"latency_spectrum_us\": [";
    first = true;
    for (double percentile : kSpectrum) {
      json << (first ? "" : ", ") << "[" << Number(percentile) << ", "
           << Number(Micros(latency.Percentile(percentile))) << "]";
      first = false;
    }
    json << "]\n}\n";
    if (!WriteJson(json_path, json.str())) return 1;
  }
  return 0;
}

}  // namespace
}  // namespace carcassonne::loadgen

int main(int argc, char** argv) {
  // As in the server (service/main.cc): Debian's Abseil runs its mutex deadlock
  // detector by default, and every lock gRPC takes then updates a lock-order
  // graph (~8% of the load generator's CPU in an open loop).
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  absl::SetProgramUsageMessage(
      "Load generator for carcassonne.v1.RefereeService (closed or open loop; loopback "
      "targets).\nUsage: carcassonne_loadgen [--target=127.0.0.1:50051] "
      "[--rpc=ValidateAction] [--tiles=72] [--mode=closed --in_flight=N | --mode=open "
      "--rate=R] [--duration=10s] [--warmup=2s] [--channels=K] [--json=PATH] "
      "[--tls_ca=PEM [--tls_certificate=PEM --tls_private_key=PEM] [--tls_server_name=NAME]]");
  absl::FlagsUsageConfig usage;
  usage.contains_help_flags = &carcassonne::loadgen::IsClientFlagFile;
  usage.contains_helpshort_flags = &carcassonne::loadgen::IsClientFlagFile;
  absl::SetFlagsUsageConfig(usage);
  absl::ParseCommandLine(argc, argv);
  try {
    return carcassonne::loadgen::Main();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "carcassonne_loadgen: %s\n", error.what());
    return 1;
  }
}

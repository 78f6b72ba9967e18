// carcassonne_referee: the stateless Carcassonne referee gRPC server.
//
//   carcassonne_referee [--address=0.0.0.0] [--port=50051] [--metrics_port=9464] [--noop]
//       [--http_port=8080] [--http_cors_origins=https://a.example,...]
//       [--serving_threads=N] [--lame_duck_seconds=5] [--queue_budget_ms=20]
//       [--max_connection_age_seconds=0 [--max_connection_age_grace_seconds=30]]
//       [--tls_certificate=PEM --tls_private_key=PEM [--tls_client_ca=PEM]
//        [--tls_refresh_seconds=60]]
//   carcassonne_referee --help      every flag with its default and meaning
//   carcassonne_referee --version   the version and git revision (version.h)
//
// --noop serves a RefereeService that answers every call with an empty
// response (no engine): the limit of the RPC path, for benchmarks (scripts/bench).
//
// Every flag has a default, so the server needs no configuration file. It
// stops cleanly (exit status 0) on SIGTERM or SIGINT, after a lame duck
// (server.h).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"
#include "google/protobuf/stubs/logging.h"
#include "service/server.h"
#include "service/version.h"

ABSL_FLAG(std::string, address, "0.0.0.0",
          "IP address to listen on, for gRPC, HTTP and metrics (0.0.0.0 = every IPv4 interface; "
          ":: = every interface for gRPC). The HTTP port and the metrics endpoint are IPv4 only: "
          "with :: or ::1 they listen on 0.0.0.0 or 127.0.0.1");
ABSL_FLAG(int, port, 50051, "gRPC port (0 = any free port; the port is logged at start-up)");
ABSL_FLAG(int, metrics_port, 9464,
          "Prometheus metrics port, served at /metrics (0 = any free port; logged at start-up)");
ABSL_FLAG(int, http_port, 8080,
          "HTTP/1.1 port: RefereeService and the health check over the Connect protocol (JSON "
          "or binary) and gRPC-Web, and the pages at / (0 = off; IPv4 only, as metrics; TLS "
          "with the --tls_* flags). See docs/http.md");
ABSL_FLAG(std::string, http_cors_origins, "",
          "Comma-separated origins (e.g. https://games.example) whose browser pages may call the "
          "HTTP port, besides the port's own origin (its pages, e.g. the playground); * = any "
          "origin");
ABSL_FLAG(bool, noop, false,
          "Benchmark baseline: every RefereeService RPC decodes its request and answers an empty "
          "response with OK, without the engine (health, reflection and metrics as usual)");

ABSL_FLAG(int, serving_threads, 0,
          "Threads serving RefereeService calls, each with its own completion queue (0 = one "
          "per core the process may use: its CPU affinity, within its cgroup CPU quota)");

ABSL_FLAG(std::string, tls_certificate, "",
          "TLS: the server's certificate chain (PEM file); with --tls_private_key, gRPC is "
          "served over TLS only (empty = plaintext)");
ABSL_FLAG(std::string, tls_private_key, "", "TLS: the certificate's private key (PEM file)");
ABSL_FLAG(std::string, tls_client_ca, "",
          "mTLS: CA certificates (PEM file); every client must present a certificate signed by "
          "one of them (needs --tls_certificate and --tls_private_key)");
ABSL_FLAG(int, tls_refresh_seconds, carcassonne::service::kDefaultTlsRefreshSeconds,
          "TLS: how often the gRPC port reads the --tls_* files again, in seconds, so that a "
          "rotated certificate, key or client CA is used by new connections without a restart "
          "(replace the files atomically, as Kubernetes updates a mounted Secret); 1..86400");

ABSL_FLAG(double, lame_duck_seconds, 5,
          "After SIGTERM / SIGINT: seconds during which health says NOT_SERVING while every call "
          "is still served (load balancers stop sending calls meanwhile), before the server "
          "drains and exits; 0..60. The pod's terminationGracePeriodSeconds must be at least this "
          "plus 10 s (the drain takes at most 7 s; deploy/kubernetes/deployment.yaml: 15 s for "
          "the default 5 s)");

ABSL_FLAG(int, max_connection_age_seconds, 0,
          "Close each client connection after this many seconds (gRPC sends GOAWAY, +/-10 % "
          "jitter; the client reconnects, through the load balancer, for its next call), so that "
          "clients behind an L4 Service spread over new pods; 0 = never (gRPC's default); "
          "0..86400. deploy/kubernetes/overlays/production sets 300");
ABSL_FLAG(int, max_connection_age_grace_seconds, 30,
          "With --max_connection_age_seconds: the seconds the calls still open on a closed "
          "connection (health Watch streams, in practice) get to finish before they are "
          "cancelled; 0..3600");

ABSL_FLAG(int, queue_budget_ms, 20,
          "Admission control: the longest a RefereeService call may be expected to wait for the "
          "calls ahead of it; beyond that (or past its deadline) it is refused with "
          "RESOURCE_EXHAUSTED at once; 1..10000");

ABSL_FLAG(std::string, access_log, "off",
          "Access log on standard error, one JSON line per RefereeService call (method, code, "
          "duration, request and response sizes, refusal reason, request id, peer): off, errors "
          "(the calls not answered OK) or all");
ABSL_FLAG(int, access_log_sample, 1,
          "With --access_log=all: write one call answered OK in N (every failed call is "
          "written); 1..1000000");

namespace {

// Protobuf logs an ERROR line for each request with a string field that is
// not UTF-8 (the request is refused with INVALID_ARGUMENT all the same), so a
// client could fill the server's log with them. Its warnings and errors are
// written at most once per second, with the number of those left out; fatal
// messages always (protobuf aborts after them).
void LogProtobufSparingly(google::protobuf::LogLevel level, const char* filename, int line,
                          const std::string& message) {
  static std::mutex mutex;
  static std::chrono::steady_clock::time_point last_written;
  static long left_out = 0;
  std::lock_guard<std::mutex> lock(mutex);
  const auto now = std::chrono::steady_clock::now();
  if (level != google::protobuf::LOGLEVEL_FATAL && last_written.time_since_epoch().count() != 0 &&
      now - last_written < std::chrono::seconds(1)) {
    ++left_out;
    return;
  }
  last_written = now;
  std::fprintf(stderr, "[libprotobuf %s:%d] %s", filename, line, message.c_str());
  if (left_out > 0) std::fprintf(stderr, " (and %ld more messages in the last second)", left_out);
  std::fprintf(stderr, "\n");
  std::fflush(stderr);
  left_out = 0;
}

// The file that defines this binary's own flags (the others are Abseil's).
bool IsServerFlagFile(absl::string_view filename) {
  return absl::EndsWith(filename, "service/main.cc");
}

// --help: the usage line, then every flag of the server with its default
// and meaning, sorted by name (Abseil's own --help lists flags by file and
// exits with status 1; this one exits 0).
void PrintHelp() {
  std::vector<const absl::CommandLineFlag*> flags;
  for (const auto& [name, flag] : absl::GetAllFlags()) {
    if (IsServerFlagFile(flag->Filename())) flags.push_back(flag);
  }
  std::sort(flags.begin(), flags.end(),
            [](const auto* a, const auto* b) { return a->Name() < b->Name(); });
  std::printf("%s\n\nFlags (--name=value; every flag has a default):\n",
              std::string(absl::ProgramUsageMessage()).c_str());
  for (const absl::CommandLineFlag* flag : flags) {
    const std::string default_value = flag->IsOfType<std::string>()
                                          ? absl::StrCat("\"", flag->DefaultValue(), "\"")
                                          : flag->DefaultValue();
    std::printf("  --%s  (default: %s)\n      %s\n", std::string(flag->Name()).c_str(),
                default_value.c_str(), flag->Help().c_str());
  }
  std::printf(
      "  --help\n      Print this help and exit\n"
      "  --version\n      Print the version and git revision and exit\n");
}

}  // namespace

int main(int argc, char** argv) {
  // Debian's Abseil is built with its mutex deadlock detector on: every lock
  // that gRPC takes then updates a lock-order graph (a few percent of the
  // server's CPU under load). The server's own locking is plain std::mutex.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);

  google::protobuf::SetLogHandler(&LogProtobufSparingly);

  // Before any other thread exists, so that every thread inherits the mask.
  const sigset_t signals = carcassonne::service::BlockTerminationSignals();

  absl::SetProgramUsageMessage(
      "The stateless Carcassonne referee gRPC server (carcassonne.v1.RefereeService, "
      "grpc.health.v1.Health, server reflection, Prometheus metrics).\n"
      "Usage: carcassonne_referee [--address=0.0.0.0] [--port=50051] [--metrics_port=9464] "
      "[--http_port=8080] [--http_cors_origins=ORIGIN,...] [--noop] [--serving_threads=N] "
      "[--lame_duck_seconds=5] [--queue_budget_ms=20] "
      "[--max_connection_age_seconds=0 [--max_connection_age_grace_seconds=30]] "
      "[--tls_certificate=PEM --tls_private_key=PEM [--tls_client_ca=PEM] "
      "[--tls_refresh_seconds=N]] "
      "[--access_log=off|errors|all [--access_log_sample=N]]");
  absl::FlagsUsageConfig usage;
  usage.contains_help_flags = &IsServerFlagFile;
  usage.contains_helpshort_flags = &IsServerFlagFile;
  usage.version_string = [] { return carcassonne::service::VersionLine() + "\n"; };
  absl::SetFlagsUsageConfig(usage);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--") == 0) break;
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-help") == 0 ||
        std::strcmp(argv[i], "-h") == 0) {
      PrintHelp();
      return 0;
    }
  }
  absl::ParseCommandLine(argc, argv);  // --version: prints version_string, exits 0

  carcassonne::service::ServerOptions options;
  options.address = absl::GetFlag(FLAGS_address);
  options.port = absl::GetFlag(FLAGS_port);
  options.metrics_port = absl::GetFlag(FLAGS_metrics_port);
  options.http_port = absl::GetFlag(FLAGS_http_port);
  for (absl::string_view origin :
       absl::StrSplit(absl::GetFlag(FLAGS_http_cors_origins), ',', absl::SkipWhitespace())) {
    options.http_cors_origins.emplace_back(absl::StripAsciiWhitespace(origin));
  }
  options.noop = absl::GetFlag(FLAGS_noop);
  options.serving_threads = absl::GetFlag(FLAGS_serving_threads);
  options.version = carcassonne::service::ProjectVersion();
  options.revision = carcassonne::service::GitRevision();
  options.tls = {absl::GetFlag(FLAGS_tls_certificate), absl::GetFlag(FLAGS_tls_private_key),
                 absl::GetFlag(FLAGS_tls_client_ca), absl::GetFlag(FLAGS_tls_refresh_seconds)};
  if (options.tls.refresh_seconds < carcassonne::service::kMinTlsRefreshSeconds ||
      options.tls.refresh_seconds > carcassonne::service::kMaxTlsRefreshSeconds) {
    std::fprintf(stderr, "carcassonne_referee: --tls_refresh_seconds must be 1..86400, not %d\n",
                 options.tls.refresh_seconds);
    return 2;
  }
  const double lame_duck_seconds = absl::GetFlag(FLAGS_lame_duck_seconds);
  if (!(lame_duck_seconds >= 0 && lame_duck_seconds <= 60)) {
    std::fprintf(stderr, "carcassonne_referee: --lame_duck_seconds must be 0..60, not %g\n",
                 lame_duck_seconds);
    return 2;
  }
  options.lame_duck = std::chrono::milliseconds(std::llround(lame_duck_seconds * 1000));
  const int queue_budget_ms = absl::GetFlag(FLAGS_queue_budget_ms);
  if (queue_budget_ms < 1 || queue_budget_ms > 10000) {
    std::fprintf(stderr, "carcassonne_referee: --queue_budget_ms must be 1..10000, not %d\n",
                 queue_budget_ms);
    return 2;
  }
  options.queue_budget = std::chrono::milliseconds(queue_budget_ms);
  const int max_connection_age_seconds = absl::GetFlag(FLAGS_max_connection_age_seconds);
  if (max_connection_age_seconds < 0 || max_connection_age_seconds > 86400) {
    std::fprintf(stderr,
                 "carcassonne_referee: --max_connection_age_seconds must be 0..86400, not %d\n",
                 max_connection_age_seconds);
    return 2;
  }
  const int max_connection_age_grace_seconds =
      absl::GetFlag(FLAGS_max_connection_age_grace_seconds);
  if (max_connection_age_grace_seconds < 0 || max_connection_age_grace_seconds > 3600) {
    std::fprintf(stderr,
                 "carcassonne_referee: --max_connection_age_grace_seconds must be 0..3600, not "
                 "%d\n",
                 max_connection_age_grace_seconds);
    return 2;
  }
  options.max_connection_age = std::chrono::seconds(max_connection_age_seconds);
  options.max_connection_age_grace = std::chrono::seconds(max_connection_age_grace_seconds);
  const auto access_log_level =
      carcassonne::service::ParseAccessLogLevel(absl::GetFlag(FLAGS_access_log));
  if (!access_log_level) {
    std::fprintf(stderr, "carcassonne_referee: --access_log must be off, errors or all, not %s\n",
                 absl::GetFlag(FLAGS_access_log).c_str());
    return 2;
  }
  const int access_log_sample = absl::GetFlag(FLAGS_access_log_sample);
  if (access_log_sample < 1 || access_log_sample > 1000000) {
    std::fprintf(stderr, "carcassonne_referee: --access_log_sample must be 1..1000000, not %d\n",
                 access_log_sample);
    return 2;
  }
  options.access_log = {*access_log_level, access_log_sample};
  if (options.address.empty()) {
    std::fprintf(stderr, "carcassonne_referee: --address must not be empty\n");
    return 2;
  }
  if (options.serving_threads < 0 || options.serving_threads > 256) {
    std::fprintf(stderr, "carcassonne_referee: --serving_threads must be 0..256, not %d\n",
                 options.serving_threads);
    return 2;
  }
  for (int port : {options.port, options.metrics_port, options.http_port}) {
    if (port < 0 || port > 65535) {
      std::fprintf(stderr, "carcassonne_referee: a port must be 0..65535, not %d\n", port);
      return 2;
    }
  }
  return carcassonne::service::RunServer(options, signals);
}

// The gRPC server of the referee: RefereeService on the asynchronous API with
// admission control (serving.h), the standard health service (health.h) and
// server reflection (reflection.h) on a control thread of their own
// (control.h), Prometheus metrics (metrics.h), and a lame duck then a drain
// on SIGTERM / SIGINT.
//
// Threads: RefereeService calls are served by ServerOptions::serving_threads
// threads (by default one per core the process may use: its CPU affinity,
// within its cgroup's CPU quota), each with its own completion queue; each
// receives, judges and answers a call on one thread (serving.h). One control
// thread serves health and reflection; no synchronous service, so no gRPC
// thread pool that a client could fill (control.h says why). The metrics
// endpoint has two HTTP threads; it also answers the HTTP probes /healthz and
// /readyz (probes.h), plain HTTP whether or not the gRPC port uses TLS. The
// HTTP port (--http_port, http_server.h) has kHttpThreads (32), whose
// RefereeService calls are served by the serving threads like gRPC's.
//
// With ServerOptions::noop (the --noop flag) RefereeService is replaced by a
// no-op implementation: each request is parsed as usual, and every RPC then
// finishes at once with an empty response and OK (no conversion, no engine).
// It records the same per-call metrics (grpc_server_started/handled/
// handling_seconds) and goes through the same admission control as the real
// service, and health, reflection and the metrics endpoint are unchanged, so
// the no-op server is the limit of the RPC path: scripts/bench compares the
// real server against it.
//
// Shutdown (SIGTERM / SIGINT), in order:
//   1. lame duck: health turns NOT_SERVING (Check answers it; every Watch is
//      sent it), and everything else goes on as before for
//      ServerOptions::lame_duck (--lame_duck_seconds, default 5 s), the time
//      load balancers and Kubernetes take to stop sending calls here. A
//      second signal cuts it short;
//   2. drain: health watches end with OK, reflection streams are cancelled,
//      the serving threads take every call that reached the server (none may
//      wait inside gRPC, which would cancel it at shutdown; up to 2 s,
//      kCatchUpTimeout), then gRPC stops accepting calls and every accepted
//      call is answered (up to 5 s, kShutdownGrace, after which gRPC cancels
//      what is left);
//   3. exit status 0.
// The whole takes lame_duck + well under a second on an idle server, at most
// lame_duck + 7 s: deploy/kubernetes/deployment.yaml gives the pod
// terminationGracePeriodSeconds 15 for the default 5 s lame duck.
//
// Limits in force (see server.cc and serving.h):
//   * max receive message size: 1 MiB (kMaxReceiveMessageBytes); the largest
//     legal snapshot takes under 100 KiB. A larger request fails with
//     RESOURCE_EXHAUSTED (reason REQUEST_TOO_LARGE) before any handler runs,
//     counted in the metrics; past 4 MiB (kTransportMaxReceiveBytes) gRPC
//     refuses it itself, before the server sees it;
//   * admission control (serving.h): a call is refused with
//     RESOURCE_EXHAUSTED when the calls ahead of it would make it wait more
//     than the latency budget (--queue_budget_ms, default 20 ms) or miss its
//     deadline, and skipped (not run) when its client cancelled it or its
//     deadline passed before it was served; each counted in
//     carcassonne_calls_shed_total{grpc_method,reason};
//   * memory: the request bytes held by the serving threads are at most
//     64 MiB (kRequestBytesBudget; past it a call is refused with
//     RESOURCE_EXHAUSTED at once), gRPC's own buffers (its resource quota) at
//     most 128 MiB (kMaxMemoryBytes; under pressure gRPC refuses or cancels
//     streams: UNAVAILABLE), and each serving thread parses into one arena
//     that is reset after every call; freed heap memory goes back to the
//     system within a second after large calls (malloc_trim). Measured with
//     1024 calls of 0.5 to 0.9 MiB requests in flight: a plateau of about
//     200 MiB, peaks of 250 to 350 MiB, under the 512 MiB memory budget (the
//     pod's limit is 640 MiB, above it: docs/operations.md, "Memory"), and
//     back to ~20 MiB once the load stops (resilience_test, scripts/bench);
//   * connection age: unlimited by default; --max_connection_age_seconds
//     closes each connection (GOAWAY) after that age, and cancels what is
//     still open on it after --max_connection_age_grace_seconds
//     (docs/operations.md, "Load balancing");
//   * HTTP/2: at most 256 concurrent streams per connection
//     (kMaxConcurrentStreamsPerConnection); flow control windows at gRPC's
//     defaults, no BDP probing (kBdpProbe; see server.cc for why);
//   * health: at most 1000 Watch streams at once (health.h), reflection: at
//     most 16 streams at once (reflection.h); past them RESOURCE_EXHAUSTED;
//   * threads: gRPC's own thread pools at most 4 x hardware_concurrency (at
//     least 8; kThreadsPerCore), by its resource quota;
//   * within a request (INVALID_ARGUMENT beyond them): the engine's limits
//     (engine/referee.h) of 1024 placed tiles, 1024 figures, |x|, |y| <= 1024;
//     its bounds on a snapshot's numbers (scores 0 to 1,000,000, supplies 0
//     to what a player owns, goods 0 to the symbols on the tiles, at most 4
//     castle offers), which keep every sum within an int;
//     at most 6 players, one bag entry per tile type, one entry per
//     expansion; PlayTurn takes 1 to 16 actions (service/convert_action.cc,
//     service/handlers.cc); an INVALID_ARGUMENT lists at most 16 field
//     violations (the rest are counted in its message); a body that does not
//     parse is INVALID_ARGUMENT too;
//   * metrics: the endpoint is IPv4 only (Debian's civetweb has no IPv6);
//   * the HTTP port (--http_port): the limits of http_server.h; its calls go
//     through the same admission control, handlers and metrics as gRPC's.
//     It keeps serving through the lame duck; at the drain it stops
//     accepting and answers the requests it is serving.
#pragma once

#include <chrono>
#include <csignal>
#include <string>
#include <vector>

#include "service/access_log.h"
#include "service/tls.h"

namespace carcassonne::service {

struct ServerOptions {
  std::string address = "0.0.0.0";  // IPv4/IPv6 address to listen on (gRPC and metrics)
  int port = 50051;                 // gRPC port; 0 = any free port (logged)
  int metrics_port = 9464;          // Prometheus /metrics port; 0 = any free port (logged)
  int http_port = 8080;             // HTTP/1.1 port (Connect, gRPC-Web; http_server.h); 0 = off
  std::vector<std::string> http_cors_origins;  // origins allowed besides the port's own
  std::string version;                         // carcassonne_build_info{version}
  std::string revision;                        // carcassonne_build_info{revision}
  bool noop = false;                           // serve the no-op RefereeService (see above)
  int serving_threads = 0;      // threads serving RefereeService; 0 = one per usable core
  TlsOptions tls;               // TLS / mTLS of the gRPC port; plaintext when not enabled
  AccessLogOptions access_log;  // one JSON line per call (access_log.h); off by default
  std::chrono::milliseconds lame_duck{5000};   // NOT_SERVING, still serving, after SIGTERM
  std::chrono::milliseconds queue_budget{20};  // admission control's latency budget
  // GOAWAY on each connection after this age (gRPC adds +/-10 % jitter), so
  // that clients reconnect and spread over new pods; 0 = never. The calls
  // still open on it then get the grace period before they are cancelled.
  std::chrono::milliseconds max_connection_age{0};
  std::chrono::milliseconds max_connection_age_grace{30000};
};

// Blocks SIGTERM and SIGINT in the calling thread and returns that set. Call it
// first thing in main(), before any thread starts, so that every thread
// inherits the mask and the signals are only received by RunServer's
// dedicated sigwait() thread.
sigset_t BlockTerminationSignals();

// Serves until SIGTERM or SIGINT (from `signals`, blocked beforehand): then
// the lame duck, the drain (see above), and returns 0. Returns 1 when a port
// cannot be bound, 2 when the TLS files cannot be used (before listening).
// Logs one start-up line to stderr with the ports actually bound, and one
// line at each step of the shutdown.
int RunServer(const ServerOptions& options, const sigset_t& signals);

}  // namespace carcassonne::service

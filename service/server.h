// The gRPC server of the referee: RefereeService on the asynchronous API, the
// standard health service (health.h), server reflection, Prometheus metrics,
// and a clean shutdown on SIGTERM / SIGINT.
//
// Threads: RefereeService calls are served by ServerOptions::serving_threads
// threads (by default one per core the process may use: its CPU affinity,
// within its cgroup's CPU quota), each with its own completion queue. A
// serving thread polls the connections itself and runs each call's handler
// as soon as the call has arrived, so that a call is received, judged and
// answered on one thread. (gRPC's callback API, and its default health
// service which is built on it, start threads of their own that poll the
// same connections and pass every call from one thread to another: on the
// 2-core development machine that hand-off, a few context switches per call,
// cost more CPU than the engine's work; see bench/report.md.) Health checks
// and reflection are synchronous services, on gRPC's own thread pool.
//
// With ServerOptions::noop (the --noop flag) RefereeService is replaced by a
// no-op implementation: gRPC decodes each request as usual, before the
// handler, and every RPC then finishes at once with an empty response and OK
// (no conversion, no engine). It records the same per-call metrics
// (grpc_server_started/handled/handling_seconds) as the real service, and
// health, reflection and the metrics endpoint are unchanged, so the no-op
// server is the limit of the RPC path: scripts/bench compares the real server
// against it.
//
// Limits in force (see server.cc):
//   * HTTP/2 flow control: gRPC's default windows, no BDP probing
//     (kBdpProbe; see server.cc for why);
//   * max receive message size: 4 MiB (kMaxReceiveMessageBytes); a larger
//     request fails with RESOURCE_EXHAUSTED before any handler runs;
//   * resource quota: at most 4 x hardware_concurrency threads (at least 8)
//     for the server's own thread pools (kThreadsPerCore);
//   * within a request (INVALID_ARGUMENT beyond them): the engine's limits
//     (engine/referee.h) of 1024 placed tiles, 1024 figures, |x|, |y| <= 1024;
//     its bounds on a snapshot's numbers (scores 0 to 1,000,000, supplies 0
//     to what a player owns, goods 0 to the symbols on the tiles, at most 4
//     castle offers), which keep every sum within an int;
//     at most 6 players, one bag entry per tile type, one entry per
//     expansion; PlayTurn takes 1 to 16 actions (service/convert.cc,
//     service/handlers.cc); an INVALID_ARGUMENT lists at most 16 field
//     violations (the rest are counted in its message);
//   * shutdown: health turns NOT_SERVING, then in-flight calls get 5 s
//     (kShutdownGrace); a client that keeps an idle connection open holds
//     Shutdown() for the whole 5 s, so the process exits within ~5 s.
//   * metrics: the endpoint is IPv4 only (Debian's civetweb has no IPv6).
#pragma once

#include <csignal>
#include <string>

#include "service/tls.h"

namespace carcassonne::service {

struct ServerOptions {
  std::string address = "0.0.0.0";  // IPv4/IPv6 address to listen on (gRPC and metrics)
  int port = 50051;                 // gRPC port; 0 = any free port (logged)
  int metrics_port = 9464;          // Prometheus /metrics port; 0 = any free port (logged)
  std::string version;              // carcassonne_build_info{version}
  bool noop = false;                // serve the no-op RefereeService (see above)
  int serving_threads = 0;          // threads serving RefereeService; 0 = one per usable core
  TlsOptions tls;                   // TLS / mTLS of the gRPC port; plaintext when not enabled
};

// Blocks SIGTERM and SIGINT in the calling thread and returns that set. Call it
// first thing in main(), before any thread starts, so that every thread
// inherits the mask and the signals are only received by RunServer's
// dedicated sigwait() thread.
sigset_t BlockTerminationSignals();

// Serves until SIGTERM or SIGINT (from `signals`, blocked beforehand): then
// reports NOT_SERVING on health, shuts down with a 5 s grace period and
// returns 0. Returns 1 when a port cannot be bound, 2 when the TLS files
// cannot be used (before listening). Logs one start-up line to
// stderr with the ports actually bound.
int RunServer(const ServerOptions& options, const sigset_t& signals);

}  // namespace carcassonne::service

// The gRPC server (see server.h).
#include "service/server.h"

#include <grpc/grpc.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/resource_quota.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <memory>
#include <thread>

#include "engine/text.h"
#include "service/control.h"
#include "service/health.h"
#include "service/http_server.h"
#include "service/metrics.h"
#include "service/probes.h"
#include "service/reflection.h"
#include "service/serving.h"

namespace carcassonne::service {
namespace {

// Largest request accepted. The biggest legal snapshot (1024 tiles, 1024
// figures, a full bag) takes well under 100 KiB; 1 MiB (rather than gRPC's
// default 4 MiB) leaves ten times that, and bounds what one call can make the
// server hold. The serving threads refuse a larger RefereeService request as
// they read it (RESOURCE_EXHAUSTED, reason REQUEST_TOO_LARGE, counted in the
// metrics like every call: serving.h); gRPC itself refuses only past
// kTransportMaxReceiveBytes (its default, 4 MiB), before any service sees
// the call (uncounted, no ErrorInfo).
constexpr int kMaxReceiveMessageBytes = 1024 * 1024;
constexpr int kTransportMaxReceiveBytes = 4 * 1024 * 1024;

// The request bytes the serving threads may hold at once (serving.h); past
// it a call is refused with RESOURCE_EXHAUSTED and its bytes freed at once.
constexpr size_t kRequestBytesBudget = size_t{64} * 1024 * 1024;

// Threads the server may create (resource quota), per core: gRPC's own
// pools (no synchronous service is registered, so they stay small).
constexpr int kThreadsPerCore = 4;
constexpr int kMinThreads = 8;

// Bounds on what clients can make gRPC hold: calls in flight on one
// connection, and the memory of gRPC's own buffers (connections, requests
// being read or waiting to be taken, answers being written) for all of them.
// The quota is soft: past it gRPC closes idle connections and refuses or
// cancels streams (UNAVAILABLE), and under a flood of large requests the
// process peaks at about twice it (server.h, "Limits in force"). With the
// request budget above, the serving threads' arenas and the rest of the
// process, the server stays under its 512 MiB memory budget (resilience_test),
// which the pod's 640 MiB limit (deploy/kubernetes/base/deployment.yaml)
// exceeds on purpose (docs/operations.md, "Memory").
constexpr int kMaxConcurrentStreamsPerConnection = 256;
constexpr size_t kMaxMemoryBytes = size_t{128} * 1024 * 1024;

// gRPC's bandwidth-delay-product probe, off. It grows the window a client may
// fill to megabytes, which helps bulk transfers over long links; requests
// here are a few KiB (the largest legal snapshot is under 100 KiB), and with
// the grown window a burst of them overfills the socket's receive buffer
// whenever the serving thread falls behind: on loopback (scripts/bench) that
// gave tens of TCP retransmissions per 10-second run at half of saturation and
// now and then a stall of hundreds of milliseconds; with the probe off, none.
constexpr int kBdpProbe = 0;

// After the lame duck: the time the serving threads get to take every call
// that reached the server, then the time accepted calls get to finish.
constexpr std::chrono::seconds kCatchUpTimeout{2};
constexpr std::chrono::seconds kShutdownGrace{5};

// How often the control thread looks whether large calls left freed memory
// in the heap to give back (malloc_trim).
constexpr std::chrono::milliseconds kTrimPeriod{1000};

constexpr char kServiceName[] = "carcassonne.v1.RefereeService";

// "host:port"; IPv6 literals in brackets.
std::string HostPort(const std::string& address, int port) {
  const bool ipv6 = address.find(':') != std::string::npos && address.front() != '[';
  return ipv6 ? Cat("[", address, "]:", port) : Cat(address, ":", port);
}

// Cores this process may use: the CPUs of its affinity mask, at most the
// cgroup's CPU quota rounded up (a Kubernetes CPU limit), at least 1.
int AvailableCores() {
  int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof(mask), &mask) == 0) cores = std::max(1, CPU_COUNT(&mask));
  auto limit_by_quota = [&](double quota, double period) {
    if (quota > 0 && period > 0) {
      cores = std::min(cores, std::max(1, static_cast<int>(std::ceil(quota / period))));
    }
  };
  std::string quota;
  double period = 0;
  if (std::ifstream v2("/sys/fs/cgroup/cpu.max"); v2 >> quota >> period) {  // cgroup v2
    if (quota != "max") limit_by_quota(std::atof(quota.c_str()), period);
  } else if (std::ifstream v1_quota("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
             v1_period("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
             v1_quota >> quota && v1_period >> period) {  // cgroup v1; -1 = no quota
    limit_by_quota(std::atof(quota.c_str()), period);
  }
  return cores;
}

// ServerOptions::serving_threads, or one serving thread (and completion
// queue) per available core.
int ServingThreads(const ServerOptions& options) {
  return options.serving_threads > 0 ? options.serving_threads : AvailableCores();
}

int MaxThreads() {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::max(kMinThreads, kThreadsPerCore * cores);
}

}  // namespace

sigset_t BlockTerminationSignals() {
  // A signal ignored at exec time (e.g. SIGINT for a background job of a
  // non-interactive shell) would be discarded rather than queued for
  // sigwait(): restore the default disposition first. Blocked, the default
  // action never runs; sigwait() takes the signal.
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGINT, SIG_DFL);
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  return signals;
}

namespace {

// Waits for SIGTERM / SIGINT (blocked in every thread, so only this thread
// takes them); returns its number.
int WaitForSignal(const sigset_t& signals) {
  int signal_number = 0;
  while (sigwait(&signals, &signal_number) != 0) {
  }
  return signal_number;
}

// Waits up to `duration` for another SIGTERM / SIGINT; true if one came.
bool AnotherSignalWithin(const sigset_t& signals, std::chrono::milliseconds duration) {
  const auto end = std::chrono::steady_clock::now() + duration;
  while (true) {
    const auto left = end - std::chrono::steady_clock::now();
    if (left <= std::chrono::steady_clock::duration::zero()) return false;
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(left);
    const timespec timeout{static_cast<time_t>(seconds.count()),
                           static_cast<long>((left - seconds) / std::chrono::nanoseconds(1))};
    if (sigtimedwait(&signals, nullptr, &timeout) > 0) return true;
    // EAGAIN: the time is up (checked above); EINTR: wait again.
  }
}

// Waits until the control plane's calls are over (the watches and
// reflection streams that the drain ended, a health check under way), or
// until `deadline`; true if so.
bool WaitUntilControlCallsOver(const ControlQueue& control,
                               std::chrono::steady_clock::time_point deadline) {
  while (control.calls_in_flight() > 0) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

// The HTTP port's calls: RefereeService on the serving threads, the health
// check from the health service (counted in the metrics as a gRPC Check is).
class ServingBackend final : public RpcBackend {
 public:
  ServingBackend(RefereeServing& serving, const HealthService& health, Metrics& metrics)
      : serving_(serving), health_(health), metrics_(metrics) {}
  UnaryAnswer Call(UnaryRequest request) override {
    return serving_.ServeUnary(std::move(request));
  }
  grpc::health::v1::HealthCheckResponse::ServingStatus Health(const std::string& service) override {
    metrics_.RecordControlStarted(ControlMethod::kHealthCheck);
    metrics_.RecordControlReceived(ControlMethod::kHealthCheck);
    const auto status = health_.CheckedStatus(service);
    const bool known = status != grpc::health::v1::HealthCheckResponse::SERVICE_UNKNOWN;
    if (known) metrics_.RecordControlSent(ControlMethod::kHealthCheck);
    metrics_.RecordControlHandled(ControlMethod::kHealthCheck,
                                  known ? grpc::StatusCode::OK : grpc::StatusCode::NOT_FOUND, 0);
    return status;
  }
  void Refused(Method method, const grpc::Status& status, std::optional<ShedReason> reason,
               size_t request_bytes, const std::string& request_id) override {
    serving_.RecordRefused(method, status, reason, request_bytes, request_id);
  }

 private:
  RefereeServing& serving_;
  const HealthService& health_;
  Metrics& metrics_;
};

void Log(const std::string& line) {
  std::fprintf(stderr, "carcassonne_referee: %s\n", line.c_str());
  std::fflush(stderr);
}

}  // namespace

int RunServer(const ServerOptions& options, const sigset_t& signals) {
  const auto credentials = MakeServerCredentials(options.tls);  // TLS / mTLS (tls.h)
  if (!credentials.ok()) {
    std::fprintf(stderr, "carcassonne_referee: %s\n",
                 std::string(credentials.status().message()).c_str());
    return 2;
  }
  if (options.tls.enabled()) {
    std::fprintf(stderr, "carcassonne_referee: %s\n", DescribeTls(options.tls).c_str());
  }
  Metrics metrics(options.version, options.revision);
  std::unique_ptr<MetricsEndpoint> metrics_endpoint;
  try {
    metrics_endpoint = std::make_unique<MetricsEndpoint>(options.address, options.metrics_port,
                                                         metrics.collectables(), ProbeCallbacks());
  } catch (const std::exception& error) {
    std::fprintf(stderr, "carcassonne_referee: cannot serve metrics on %s: %s\n",
                 HostPort(options.address, options.metrics_port).c_str(), error.what());
    return 1;
  }

  // Health and reflection on the control queue (control.h); RefereeService on
  // the serving queues (serving.h). No synchronous service, no callback API.
  grpc::EnableDefaultHealthCheckService(false);
  ControlQueue control;
  HealthService health(kServiceName, control, metrics);
  ReflectionService reflection(
      {kServiceName, "grpc.health.v1.Health", "grpc.reflection.v1alpha.ServerReflection"}, control,
      metrics);
  ServingOptions serving_options;
  serving_options.threads = ServingThreads(options);
  serving_options.noop = options.noop;
  serving_options.queue_budget = options.queue_budget;
  serving_options.request_bytes_budget = kRequestBytesBudget;
  AccessLog access_log(options.access_log);
  serving_options.access_log = &access_log;
  serving_options.max_request_bytes = kMaxReceiveMessageBytes;
  RefereeServing serving(serving_options, metrics);

  grpc::ResourceQuota quota("carcassonne_referee");
  const int max_threads = MaxThreads();
  quota.SetMaxThreads(max_threads);
  quota.Resize(kMaxMemoryBytes);

  grpc::ServerBuilder builder;
  int bound_port = 0;
  const std::string listen = HostPort(options.address, options.port);
  builder.AddListeningPort(listen, *credentials, &bound_port);
  serving.AddTo(builder);
  builder.RegisterService(health.service());
  builder.RegisterService(reflection.service());
  builder.SetResourceQuota(quota);
  builder.SetMaxReceiveMessageSize(kTransportMaxReceiveBytes);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, kMaxConcurrentStreamsPerConnection);
  // No BDP probing (kBdpProbe): the flow-control windows stay at gRPC's
  // defaults instead of growing with the measured bandwidth-delay product.
  builder.AddChannelArgument(GRPC_ARG_HTTP2_BDP_PROBE, kBdpProbe);
  if (options.max_connection_age.count() > 0) {
    builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_MS,
                               static_cast<int>(options.max_connection_age.count()));
    builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_GRACE_MS,
                               static_cast<int>(options.max_connection_age_grace.count()));
  }
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (server == nullptr || bound_port == 0) {
    std::fprintf(stderr, "carcassonne_referee: cannot listen on %s\n", listen.c_str());
    serving.Stop();  // drains the queues: nothing was asked for
    return 1;
  }
  // The HTTP port: its calls wait on the serving queues until the serving
  // threads start, below.
  ServingBackend http_backend(serving, health, metrics);
  std::unique_ptr<HttpServer> http;
  if (options.http_port != 0) {
    HttpServerOptions http_options;
    http_options.address = options.address;
    http_options.port = options.http_port;
    http_options.tls = options.tls;
    http_options.cors_origins = options.http_cors_origins;
    try {
      http = std::make_unique<HttpServer>(http_options, http_backend, *metrics.registry());
    } catch (const std::exception& error) {
      std::fprintf(stderr, "carcassonne_referee: cannot serve HTTP on %s: %s\n",
                   HostPort(options.address, options.http_port).c_str(), error.what());
      server->Shutdown(std::chrono::system_clock::now());
      serving.Stop();
      return 1;
    }
  }
  // The control plane's inboxes on the serving queues exist before the
  // serving threads start (control.h, "Asking on the serving thread").
  control.SetNotificationQueues(serving.queues());
  serving.Start();
  control.Start();
  health.Start();
  reflection.Start();
  // /healthz and /readyz on the metrics port (probes.h): ready while health
  // says SERVING.
  ProbeAnswers probes(metrics_endpoint->port(), [&health] { return health.serving(); });
  // Large calls leave freed memory in glibc's heaps; give it back to the
  // system (rarely: only after large calls, at most once per period).
  control.Every(kTrimPeriod, [&serving] {
    if (serving.TakeLargeCallSeen()) malloc_trim(0);
  });

  if (options.noop) {
    std::fprintf(stderr,
                 "carcassonne_referee: --noop: every %s RPC answers an empty response with OK "
                 "(no engine)\n",
                 kServiceName);
  }
  const std::string http_line =
      http ? Cat(", HTTP (Connect, gRPC-Web) on ", http->tls() ? "https://" : "http://",
                 HostPort(http->address(), http->port()))
           : std::string(", HTTP off");
  std::fprintf(
      stderr,
      "carcassonne_referee %s: serving gRPC on %s%s, metrics on http://%s/metrics "
      "(port=%d http_port=%d metrics_port=%d max_receive_message_bytes=%d "
      "serving_threads=%d "
      "max_threads=%d lame_duck_ms=%lld queue_budget_ms=%lld max_connection_age_ms=%lld "
      "max_connection_age_grace_ms=%lld)\n",
      options.version.c_str(), HostPort(options.address, bound_port).c_str(), http_line.c_str(),
      HostPort(metrics_endpoint->address(), metrics_endpoint->port()).c_str(), bound_port,
      http ? http->port() : 0, metrics_endpoint->port(), kMaxReceiveMessageBytes,
      serving_options.threads, max_threads, static_cast<long long>(options.lame_duck.count()),
      static_cast<long long>(options.queue_budget.count()),
      static_cast<long long>(options.max_connection_age.count()),
      static_cast<long long>(options.max_connection_age_grace.count()));
  std::fflush(stderr);

  // The dedicated signal thread: SIGTERM / SIGINT are blocked in every thread,
  // so only sigwait() here receives them. Nothing runs in a signal handler.
  std::thread signal_thread([&] {
    const int signal_number = WaitForSignal(signals);
    Log(Cat("signal ", signal_number, ": lame duck for ",
            static_cast<long long>(options.lame_duck.count()),
            " ms (health NOT_SERVING, still serving), then drain"));
    health.EnterLameDuck();
    if (AnotherSignalWithin(signals, options.lame_duck)) Log("second signal: lame duck cut short");

    Log("draining: no new calls; every call that reached the server is answered");
    health.EndWatches();
    reflection.EndStreams();
    // The metrics endpoint stops meanwhile: civetweb takes up to ~2 s to join
    // its threads. (The counters themselves live on.)
    std::thread stop_metrics([&] { metrics_endpoint.reset(); });
    // The HTTP port stops accepting and answers the requests it is serving
    // (on the serving threads, which run until serving.Stop() below).
    std::thread stop_http([&] {
      if (http) http->Stop();
    });
    // Every call that reached the server is taken by a serving thread before
    // gRPC stops accepting: Shutdown cancels the calls still waiting inside
    // gRPC, but lets every taken call finish (up to the grace period).
    if (!serving.WaitUntilCaughtUp(std::chrono::steady_clock::now() + kCatchUpTimeout)) {
      Log("the serving threads did not catch up within the time allowed; shutting down anyway");
    }
    const auto grace_end = std::chrono::steady_clock::now() + kShutdownGrace;
    std::thread shutdown(
        [&] { server->Shutdown(std::chrono::system_clock::now() + kShutdownGrace); });
    // Shutdown() returns once every connection is closed: a client that keeps
    // an idle connection open would hold it for the whole grace period. Once
    // every call that arrived is answered, nothing is left to wait for: the
    // connections are closed at once.
    if (serving.WaitUntilAllAnswered(grace_end) && WaitUntilControlCallsOver(control, grace_end)) {
      grpc_server_cancel_all_calls(server->c_server());
    }
    shutdown.join();
    stop_http.join();
    // Every call has finished (or, past the grace period, been cancelled);
    // the calls still asked for come out of their queues with ok = false
    // (the control plane's on the serving queues, handed to the control
    // queue, which shuts down last).
    control.StopRequests();
    serving.Stop();
    control.Stop();
    stop_metrics.join();
  });

  server->Wait();
  signal_thread.join();
  Log("stopped");
  return 0;
}

}  // namespace carcassonne::service

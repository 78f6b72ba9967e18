// The gRPC server (see server.h).
#include "service/server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/resource_quota.h>
#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <thread>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "engine/text.h"
#include "service/handlers.h"
#include "service/metrics.h"

namespace carcassonne::service {
namespace {

// Largest request accepted. The biggest legal snapshot (1024 tiles, 1024
// figures, a full bag) takes well under 100 KiB; 4 MiB is gRPC's usual
// default, stated explicitly so that it is documented and tested.
constexpr int kMaxReceiveMessageBytes = 4 * 1024 * 1024;

// Threads the server may create (resource quota), per core. Calls run on
// gRPC's callback executor; the quota bounds the server's own thread pools.
constexpr int kThreadsPerCore = 4;
constexpr int kMinThreads = 8;

// Bounds on what clients can make the server hold at once: calls in flight on
// one connection, and the memory gRPC may use for all of them (an open-loop
// client offering more than the server can answer would otherwise queue
// without limit). Past them gRPC refuses new streams / RESOURCE_EXHAUSTED.
constexpr int kMaxConcurrentStreamsPerConnection = 256;
constexpr size_t kMaxMemoryBytes = size_t{512} * 1024 * 1024;

// Time that in-flight calls get to finish after SIGTERM / SIGINT.
constexpr std::chrono::seconds kShutdownGrace{5};

constexpr char kServiceName[] = "carcassonne.v1.RefereeService";

// "host:port"; IPv6 literals in brackets.
std::string HostPort(const std::string& address, int port) {
  const bool ipv6 = address.find(':') != std::string::npos && address.front() != '[';
  return ipv6 ? Cat("[", address, "]:", port) : Cat(address, ":", port);
}

int MaxThreads() {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::max(kMinThreads, kThreadsPerCore * cores);
}

// RefereeService on the callback API. Each call runs the handler inline on
// the callback executor thread (handlers are short and CPU-bound, and never
// block), records metrics, and finishes with the default reactor.
class RefereeServiceImpl final : public v1::RefereeService::CallbackService {
 public:
  explicit RefereeServiceImpl(Metrics& metrics) : metrics_(metrics) {}

  grpc::ServerUnaryReactor* NewGame(grpc::CallbackServerContext* context,
                                    const v1::NewGameRequest* request,
                                    v1::NewGameResponse* response) override {
    return Serve(context, Method::kNewGame, HandleNewGame, *request, response);
  }
  grpc::ServerUnaryReactor* ValidateAction(grpc::CallbackServerContext* context,
                                           const v1::ValidateActionRequest* request,
                                           v1::ValidateActionResponse* response) override {
    return Serve(context, Method::kValidateAction, HandleValidateAction, *request, response);
  }
  grpc::ServerUnaryReactor* ApplyAction(grpc::CallbackServerContext* context,
                                        const v1::ApplyActionRequest* request,
                                        v1::ApplyActionResponse* response) override {
    return Serve(context, Method::kApplyAction, HandleApplyAction, *request, response);
  }
  grpc::ServerUnaryReactor* PlayTurn(grpc::CallbackServerContext* context,
                                     const v1::PlayTurnRequest* request,
                                     v1::PlayTurnResponse* response) override {
    return Serve(context, Method::kPlayTurn, HandlePlayTurn, *request, response);
  }
  grpc::ServerUnaryReactor* ListLegalActions(grpc::CallbackServerContext* context,
                                             const v1::ListLegalActionsRequest* request,
                                             v1::ListLegalActionsResponse* response) override {
    return Serve(context, Method::kListLegalActions, HandleListLegalActions, *request, response);
  }
  grpc::ServerUnaryReactor* ScoreGame(grpc::CallbackServerContext* context,
                                      const v1::ScoreGameRequest* request,
                                      v1::ScoreGameResponse* response) override {
    return Serve(context, Method::kScoreGame, HandleScoreGame, *request, response);
  }
  grpc::ServerUnaryReactor* GetCatalog(grpc::CallbackServerContext* context,
                                       const v1::GetCatalogRequest* request,
                                       v1::GetCatalogResponse* response) override {
    return Serve(context, Method::kGetCatalog, HandleGetCatalog, *request, response);
  }

 private:
  // Domain metrics of a successful answer.
  void Observe(const v1::ValidateActionResponse& response) {
    metrics_.RecordVerdict(response.verdict());
  }
  void Observe(const v1::ApplyActionResponse& response) {
    metrics_.RecordVerdict(response.verdict());
    metrics_.RecordScoreEvents(response.events());
  }
  void Observe(const v1::PlayTurnResponse& response) {
    metrics_.RecordVerdict(response.verdict());
    metrics_.RecordScoreEvents(response.events());
  }
  void Observe(const v1::ScoreGameResponse& response) {
    metrics_.RecordScoreEvents(response.events());
  }
  template <typename Response>
  void Observe(const Response& /*response*/) {}

  template <typename Request, typename Response>
  grpc::ServerUnaryReactor* Serve(grpc::CallbackServerContext* context, Method method,
                                  grpc::Status (*handler)(const Request&, Response*),
                                  const Request& request, Response* response) {
    const auto start = std::chrono::steady_clock::now();
    metrics_.RecordStarted(method);
    grpc::Status status;
    if (context->IsCancelled()) {
      status = grpc::Status(grpc::StatusCode::CANCELLED, "the call was cancelled");
    } else {
      status = handler(request, response);  // handlers turn exceptions into INTERNAL
      if (status.ok()) {
        Observe(*response);
      } else {
        response->Clear();
      }
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    metrics_.RecordHandled(method, status.error_code(), elapsed.count());
    grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
    reactor->Finish(status);
    return reactor;
  }

  Metrics& metrics_;
};

// The no-op RefereeService (--noop, see server.h): gRPC has decoded the
// request before the handler runs; the handler records the same per-call
// metrics as RefereeServiceImpl and finishes with the empty response and OK.
class NoopRefereeServiceImpl final : public v1::RefereeService::CallbackService {
 public:
  explicit NoopRefereeServiceImpl(Metrics& metrics) : metrics_(metrics) {}

  grpc::ServerUnaryReactor* NewGame(grpc::CallbackServerContext* context,
                                    const v1::NewGameRequest* /*request*/,
                                    v1::NewGameResponse* /*response*/) override {
    return Answer(context, Method::kNewGame);
  }
  grpc::ServerUnaryReactor* ValidateAction(grpc::CallbackServerContext* context,
                                           const v1::ValidateActionRequest* /*request*/,
                                           v1::ValidateActionResponse* /*response*/) override {
    return Answer(context, Method::kValidateAction);
  }
  grpc::ServerUnaryReactor* ApplyAction(grpc::CallbackServerContext* context,
                                        const v1::ApplyActionRequest* /*request*/,
                                        v1::ApplyActionResponse* /*response*/) override {
    return Answer(context, Method::kApplyAction);
  }
  grpc::ServerUnaryReactor* PlayTurn(grpc::CallbackServerContext* context,
                                     const v1::PlayTurnRequest* /*request*/,
                                     v1::PlayTurnResponse* /*response*/) override {
    return Answer(context, Method::kPlayTurn);
  }
  grpc::ServerUnaryReactor* ListLegalActions(grpc::CallbackServerContext* context,
                                             const v1::ListLegalActionsRequest* /*request*/,
                                             v1::ListLegalActionsResponse* /*response*/) override {
    return Answer(context, Method::kListLegalActions);
  }
  grpc::ServerUnaryReactor* ScoreGame(grpc::CallbackServerContext* context,
                                      const v1::ScoreGameRequest* /*request*/,
                                      v1::ScoreGameResponse* /*response*/) override {
    return Answer(context, Method::kScoreGame);
  }
  grpc::ServerUnaryReactor* GetCatalog(grpc::CallbackServerContext* context,
                                       const v1::GetCatalogRequest* /*request*/,
                                       v1::GetCatalogResponse* /*response*/) override {
    return Answer(context, Method::kGetCatalog);
  }

 private:
  grpc::ServerUnaryReactor* Answer(grpc::CallbackServerContext* context, Method method) {
    const auto start = std::chrono::steady_clock::now();
    metrics_.RecordStarted(method);
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    metrics_.RecordHandled(method, grpc::StatusCode::OK, elapsed.count());
    grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
    reactor->Finish(grpc::Status::OK);
    return reactor;
  }

  Metrics& metrics_;
};

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

int RunServer(const ServerOptions& options, const sigset_t& signals) {
  Metrics metrics(options.version);
  std::unique_ptr<MetricsEndpoint> metrics_endpoint;
  try {
    metrics_endpoint = std::make_unique<MetricsEndpoint>(options.address, options.metrics_port,
                                                         metrics.registry());
  } catch (const std::exception& error) {
    std::fprintf(stderr, "carcassonne_referee: cannot serve metrics on %s: %s\n",
                 HostPort(options.address, options.metrics_port).c_str(), error.what());
    return 1;
  }

  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();

  std::unique_ptr<grpc::Service> service;
  if (options.noop) {
    service = std::make_unique<NoopRefereeServiceImpl>(metrics);
  } else {
    service = std::make_unique<RefereeServiceImpl>(metrics);
  }
  grpc::ResourceQuota quota("carcassonne_referee");
  const int max_threads = MaxThreads();
  quota.SetMaxThreads(max_threads);
  quota.Resize(kMaxMemoryBytes);

  grpc::ServerBuilder builder;
  int bound_port = 0;
  const std::string listen = HostPort(options.address, options.port);
  builder.AddListeningPort(listen, grpc::InsecureServerCredentials(), &bound_port);
  builder.RegisterService(service.get());
  builder.SetResourceQuota(quota);
  builder.SetMaxReceiveMessageSize(kMaxReceiveMessageBytes);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, kMaxConcurrentStreamsPerConnection);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (server == nullptr || bound_port == 0) {
    std::fprintf(stderr, "carcassonne_referee: cannot listen on %s\n", listen.c_str());
    return 1;
  }

  grpc::HealthCheckServiceInterface* health = server->GetHealthCheckService();
  if (health != nullptr) {
    health->SetServingStatus("", true);
    health->SetServingStatus(kServiceName, true);
  }

  if (options.noop) {
    std::fprintf(stderr,
                 "carcassonne_referee: --noop: every %s RPC answers an empty response with OK "
                 "(no engine)\n",
                 kServiceName);
  }
  std::fprintf(stderr,
               "carcassonne_referee %s: serving gRPC on %s, metrics on http://%s/metrics "
               "(port=%d metrics_port=%d max_receive_message_bytes=%d max_threads=%d)\n",
               options.version.c_str(), HostPort(options.address, bound_port).c_str(),
               HostPort(metrics_endpoint->address(), metrics_endpoint->port()).c_str(), bound_port,
               metrics_endpoint->port(), kMaxReceiveMessageBytes, max_threads);
  std::fflush(stderr);

  // The dedicated signal thread: SIGTERM / SIGINT are blocked in every thread,
  // so only sigwait() here receives them. Nothing runs in a signal handler.
  std::thread signal_thread([&] {
    int signal_number = 0;
    while (sigwait(&signals, &signal_number) != 0) {
    }
    std::fprintf(stderr, "carcassonne_referee: signal %d, shutting down (grace %llds)\n",
                 signal_number, static_cast<long long>(kShutdownGrace.count()));
    std::fflush(stderr);
    if (health != nullptr) health->Shutdown();  // every service NOT_SERVING, for good
    // The metrics endpoint stops meanwhile: civetweb takes up to ~2 s to join
    // its threads, and Shutdown() waits up to the grace period whenever a
    // client keeps its connection open. (The counters themselves live on.)
    std::thread stop_metrics([&] { metrics_endpoint.reset(); });
    server->Shutdown(std::chrono::system_clock::now() + kShutdownGrace);
    stop_metrics.join();
  });

  server->Wait();
  signal_thread.join();
  return 0;
}

}  // namespace carcassonne::service

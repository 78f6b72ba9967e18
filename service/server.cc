// The gRPC server (see server.h).
#include "service/server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/resource_quota.h>
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "engine/text.h"
#include "google/protobuf/arena.h"
#include "service/handlers.h"
#include "service/health.h"
#include "service/metrics.h"

namespace carcassonne::service {
namespace {

// Largest request accepted. The biggest legal snapshot (1024 tiles, 1024
// figures, a full bag) takes well under 100 KiB; 4 MiB is gRPC's usual
// default, stated explicitly so that it is documented and tested.
constexpr int kMaxReceiveMessageBytes = 4 * 1024 * 1024;

// RefereeService calls are served on the asynchronous API: one completion
// queue per available core (AvailableCores), each with one thread that takes
// the queue's events and serves each call as it arrives, with kSlotsPerMethod
// calls of every method requested ahead on each queue (calls beyond them wait
// in gRPC until a slot is free). No thread hand-off between receiving a call
// and answering it.
constexpr int kSlotsPerMethod = 8;
// The first arena block of each call slot: a 72-tile request (~2 KiB on the
// wire) and its answer fit, parsed, in a few KiB.
constexpr size_t kArenaBlockBytes = 32 * 1024;

// Threads the server may create (resource quota), per core: gRPC's own
// pools (the health and reflection services are synchronous).
constexpr int kThreadsPerCore = 4;
constexpr int kMinThreads = 8;

// Bounds on what clients can make the server hold at once: calls in flight on
// one connection, and the memory gRPC may use for all of them (an open-loop
// client offering more than the server can answer would otherwise queue
// without limit). Past them gRPC refuses new streams / RESOURCE_EXHAUSTED.
constexpr int kMaxConcurrentStreamsPerConnection = 256;
constexpr size_t kMaxMemoryBytes = size_t{512} * 1024 * 1024;

// gRPC's bandwidth-delay-product probe, off. It grows the window a client may
// fill to megabytes, which helps bulk transfers over long links; requests
// here are a few KiB (the largest legal snapshot is under 100 KiB), and with
// the grown window a burst of them overfills the socket's receive buffer
// whenever the serving thread falls behind: on loopback (scripts/bench) that
// gave tens of TCP retransmissions per 10-second run at half of saturation and
// now and then a stall of hundreds of milliseconds; with the probe off, none.
constexpr int kBdpProbe = 0;

// Time that in-flight calls get to finish after SIGTERM / SIGINT.
constexpr std::chrono::seconds kShutdownGrace{5};

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

// The RPC methods of RefereeService as the asynchronous API names them: the
// call to ask gRPC for the next call of a method, the handler that serves it,
// and the domain metrics of its answer.
using AsyncService = v1::RefereeService::AsyncService;
// (Each method's Request... is a member of its own base class of AsyncService.)
template <typename MethodBase, typename Request, typename Response>
using RequestMethod = void (MethodBase::*)(grpc::ServerContext*, Request*,
                                           grpc::ServerAsyncResponseWriter<Response>*,
                                           grpc::CompletionQueue*, grpc::ServerCompletionQueue*,
                                           void*);
template <typename Request, typename Response>
using Handler = grpc::Status (*)(const Request&, Response*);

// Domain metrics of a successful answer of the real service.
void Observe(Metrics& metrics, const v1::ValidateActionResponse& response) {
  metrics.RecordVerdict(response.verdict());
}
void Observe(Metrics& metrics, const v1::ApplyActionResponse& response) {
  metrics.RecordVerdict(response.verdict());
  metrics.RecordScoreEvents(response.events());
}
void Observe(Metrics& metrics, const v1::PlayTurnResponse& response) {
  metrics.RecordVerdict(response.verdict());
  metrics.RecordScoreEvents(response.events());
}
void Observe(Metrics& metrics, const v1::ScoreGameResponse& response) {
  metrics.RecordScoreEvents(response.events());
}
template <typename Response>
void Observe(Metrics& /*metrics*/, const Response& /*response*/) {}

// One serving thread's completion queue. `shut_down` is set, under `mutex`,
// just before the queue is shut down: after that no call may be requested on
// it.
struct ServingQueue {
  std::unique_ptr<grpc::ServerCompletionQueue> queue;
  std::mutex mutex;
  bool shut_down = false;
};

// What every call slot shares.
struct ServingContext {
  AsyncService* service = nullptr;
  Metrics* metrics = nullptr;
  bool noop = false;
};

// A tag on a completion queue: one call slot.
class CallSlot {
 public:
  virtual ~CallSlot() = default;
  // The event of this slot came out of its queue; `ok` as gRPC reports it.
  virtual void Proceed(bool ok) = 0;
};

// The arena of a call slot: its first block is `block` (kArenaBlockBytes).
google::protobuf::ArenaOptions ArenaOptions(char* block) {
  google::protobuf::ArenaOptions options;
  options.initial_block = block;
  options.initial_block_size = kArenaBlockBytes;
  return options;
}

// A call slot of one method on one completion queue: it asks gRPC for the
// next call of the method, serves it on the queue's thread when it arrives
// (the handler is short, CPU-bound and never blocks), sends the answer, and
// asks again. Each call's request and response live on the slot's arena,
// reset between calls: parsing a snapshot and building the answer then cost
// no malloc/free per message and string, and the memory a slot keeps is its
// first block (kArenaBlockBytes; a larger request's further blocks go back
// to the heap at the reset). The no-op server answers the empty
// response with OK instead of calling the handler (gRPC has decoded the
// request all the same), with the same per-call metrics.
template <typename MethodBase, typename Request, typename Response>
class UnaryCallSlot final : public CallSlot {
 public:
  UnaryCallSlot(const ServingContext& serving, ServingQueue& queue, Method method,
                RequestMethod<MethodBase, Request, Response> request_method,
                Handler<Request, Response> handler)
      : serving_(serving),
        queue_(queue),
        method_(method),
        request_method_(request_method),
        handler_(handler),
        arena_block_(std::make_unique<char[]>(kArenaBlockBytes)),
        arena_(ArenaOptions(arena_block_.get())) {}

  // Asks for the next call, or deletes the slot when the queue is shut down.
  void AskForNextCall() {
    context_ = std::make_unique<grpc::ServerContext>();
    responder_ = std::make_unique<grpc::ServerAsyncResponseWriter<Response>>(context_.get());
    arena_.Reset();  // the previous call's messages (its answer has been sent)
    request_ = google::protobuf::Arena::CreateMessage<Request>(&arena_);
    response_ = google::protobuf::Arena::CreateMessage<Response>(&arena_);
    waiting_for_call_ = true;
    std::lock_guard<std::mutex> lock(queue_.mutex);
    if (queue_.shut_down) {
      delete this;
      return;
    }
    (static_cast<MethodBase*>(serving_.service)->*request_method_)(
        context_.get(), request_, responder_.get(), queue_.queue.get(), queue_.queue.get(), this);
  }

  void Proceed(bool ok) override {
    if (!waiting_for_call_) {
      AskForNextCall();  // the answer went out (or the client left): the next call
      return;
    }
    if (!ok) {  // the server is shutting down: no call will come
      delete this;
      return;
    }
    Serve();
  }

 private:
  void Serve() {
    const auto start = std::chrono::steady_clock::now();
    Metrics& metrics = *serving_.metrics;
    metrics.RecordStarted(method_);
    grpc::Status status;
    if (!serving_.noop) {
      status = handler_(*request_, response_);  // handlers turn exceptions into INTERNAL
      if (status.ok()) {
        Observe(metrics, *response_);
      } else {
        response_->Clear();
      }
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    metrics.RecordHandled(method_, status.error_code(), elapsed.count());
    waiting_for_call_ = false;
    responder_->Finish(*response_, status, this);
  }

  const ServingContext& serving_;
  ServingQueue& queue_;
  const Method method_;
  const RequestMethod<MethodBase, Request, Response> request_method_;
  const Handler<Request, Response> handler_;
  std::unique_ptr<grpc::ServerContext> context_;
  std::unique_ptr<grpc::ServerAsyncResponseWriter<Response>> responder_;
  std::unique_ptr<char[]> arena_block_;
  google::protobuf::Arena arena_;
  Request* request_ = nullptr;    // on arena_
  Response* response_ = nullptr;  // on arena_
  bool waiting_for_call_ = true;
};

// Puts kSlotsPerMethod call slots of one method on `queue`.
template <typename MethodBase, typename Request, typename Response>
void RequestCalls(const ServingContext& serving, ServingQueue& queue, Method method,
                  RequestMethod<MethodBase, Request, Response> request_method,
                  Handler<Request, Response> handler) {
  for (int i = 0; i < kSlotsPerMethod; ++i) {
    (new UnaryCallSlot<MethodBase, Request, Response>(serving, queue, method, request_method,
                                                      handler))
        ->AskForNextCall();
  }
}

// Puts call slots of every RefereeService method on `queue`.
void RequestEveryMethod(const ServingContext& serving, ServingQueue& queue) {
  RequestCalls(serving, queue, Method::kNewGame, &AsyncService::RequestNewGame, &HandleNewGame);
  RequestCalls(serving, queue, Method::kValidateAction, &AsyncService::RequestValidateAction,
               &HandleValidateAction);
  RequestCalls(serving, queue, Method::kApplyAction, &AsyncService::RequestApplyAction,
               &HandleApplyAction);
  RequestCalls(serving, queue, Method::kPlayTurn, &AsyncService::RequestPlayTurn, &HandlePlayTurn);
  RequestCalls(serving, queue, Method::kListLegalActions, &AsyncService::RequestListLegalActions,
               &HandleListLegalActions);
  RequestCalls(serving, queue, Method::kScoreGame, &AsyncService::RequestScoreGame,
               &HandleScoreGame);
  RequestCalls(serving, queue, Method::kGetCatalog, &AsyncService::RequestGetCatalog,
               &HandleGetCatalog);
  RequestCalls(serving, queue, Method::kDescribeBoard, &AsyncService::RequestDescribeBoard,
               &HandleDescribeBoard);
}

// No call may be requested on `queue` from now on; its thread ends once the
// queue is drained.
void ShutDownQueue(ServingQueue& queue) {
  std::lock_guard<std::mutex> lock(queue.mutex);
  queue.shut_down = true;
  queue.queue->Shutdown();
}

// A serving thread: takes the events of its queue until the queue is shut
// down and drained.
void ServeQueue(ServingQueue& queue) {
  void* tag = nullptr;
  bool ok = false;
  while (queue.queue->Next(&tag, &ok)) static_cast<CallSlot*>(tag)->Proceed(ok);
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

  // Our own health service (health.h), not gRPC's callback-based default one.
  grpc::EnableDefaultHealthCheckService(false);
  HealthService health(kServiceName);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();

  AsyncService service;
  grpc::ResourceQuota quota("carcassonne_referee");
  const int max_threads = MaxThreads();
  quota.SetMaxThreads(max_threads);
  quota.Resize(kMaxMemoryBytes);

  grpc::ServerBuilder builder;
  int bound_port = 0;
  const std::string listen = HostPort(options.address, options.port);
  builder.AddListeningPort(listen, *credentials, &bound_port);
  builder.RegisterService(&service);
  builder.RegisterService(&health);
  builder.SetResourceQuota(quota);
  builder.SetMaxReceiveMessageSize(kMaxReceiveMessageBytes);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, kMaxConcurrentStreamsPerConnection);
  // No BDP probing (kBdpProbe): the flow-control windows stay at gRPC's
  // defaults instead of growing with the measured bandwidth-delay product.
  builder.AddChannelArgument(GRPC_ARG_HTTP2_BDP_PROBE, kBdpProbe);
  const int serving_threads = ServingThreads(options);
  std::vector<std::unique_ptr<ServingQueue>> queues;
  for (int i = 0; i < serving_threads; ++i) {
    queues.push_back(std::make_unique<ServingQueue>());
    queues.back()->queue = builder.AddCompletionQueue();
  }
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (server == nullptr || bound_port == 0) {
    std::fprintf(stderr, "carcassonne_referee: cannot listen on %s\n", listen.c_str());
    for (auto& queue : queues) ShutDownQueue(*queue);
    for (auto& queue : queues) ServeQueue(*queue);  // drains: nothing was requested
    return 1;
  }
  const ServingContext serving{&service, &metrics, options.noop};
  std::vector<std::thread> threads;
  for (auto& queue : queues) {
    RequestEveryMethod(serving, *queue);
    threads.emplace_back([&queue = *queue] { ServeQueue(queue); });
  }

  if (options.noop) {
    std::fprintf(stderr,
                 "carcassonne_referee: --noop: every %s RPC answers an empty response with OK "
                 "(no engine)\n",
                 kServiceName);
  }
  std::fprintf(
      stderr,
      "carcassonne_referee %s: serving gRPC on %s, metrics on http://%s/metrics "
      "(port=%d metrics_port=%d max_receive_message_bytes=%d serving_threads=%d max_threads=%d)\n",
      options.version.c_str(), HostPort(options.address, bound_port).c_str(),
      HostPort(metrics_endpoint->address(), metrics_endpoint->port()).c_str(), bound_port,
      metrics_endpoint->port(), kMaxReceiveMessageBytes, serving_threads, max_threads);
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
    health.Shutdown();  // every service NOT_SERVING, for good; watches end
    // The metrics endpoint stops meanwhile: civetweb takes up to ~2 s to join
    // its threads, and Shutdown() waits up to the grace period whenever a
    // client keeps its connection open. (The counters themselves live on.)
    std::thread stop_metrics([&] { metrics_endpoint.reset(); });
    server->Shutdown(std::chrono::system_clock::now() + kShutdownGrace);
    // Every call has finished or been cancelled; the slots still waiting for a
    // call come out of their queues with ok = false and are deleted.
    for (auto& queue : queues) ShutDownQueue(*queue);
    stop_metrics.join();
  });

  server->Wait();
  signal_thread.join();
  for (std::thread& thread : threads) thread.join();
  return 0;
}

}  // namespace carcassonne::service

// RefereeService on gRPC's asynchronous API, with admission control.
//
// Threads: ServingOptions::threads serving threads (server.h: one per core
// the process may use), each with its own completion queue. A serving thread
// polls the connections itself and serves each call on the thread that took
// it out of its queue: received, judged and answered on one thread, with no
// hand-off. (gRPC's callback API, and its default health service built on
// it, start threads of their own that poll the same connections and pass
// every call from one thread to another: on the 2-core development machine
// that hand-off cost more CPU than the engine's work; see bench/report.md.)
//
// Calls: every method is registered "raw": gRPC hands over the request bytes
// (a ByteBuffer) and the server parses them itself into the thread's arena.
// An unparsable body is then the client's fault, INVALID_ARGUMENT (gRPC's
// own parsing answered INTERNAL, and the call never reached the metrics),
// and the server knows each request's size before it parses it.
//
// Admission control. gRPC 1.51 has no bound on the calls that wait for the
// application: calls beyond the ones the server has asked for wait inside
// gRPC, unseen, for as long as it takes. Far above capacity the server then
// queued without bound (seconds of latency), served calls whose clients had
// long given up, and answered almost nothing in time. Instead:
//   * each serving thread keeps kRequestedCallsPerMethod calls of every
//     method asked for, and asks for a fresh one the moment one arrives, so
//     that calls do not wait inside gRPC while the thread looks;
//   * a busy thread takes every event already in its queue at once (a
//     batch, at most kMaxBatchEvents; asking afresh for each arrival pulls
//     the calls waiting inside gRPC into the queue, and after a long batch it
//     reads the connections on past empty polls, so the batch sees the
//     backlog); a thread that was idle serves a lone arrival at once
//     (kIdleWait: looking for a backlog costs a system call). While it
//     serves a batch it reads the connections every kPollInterval (100 us),
//     on past a few empty polls: answers go out, and new calls and
//     cancellations come in. Reading must keep pace with the arrivals even
//     far beyond capacity: a call the server has not read waits in the
//     client (below), where it cannot be refused, and reaches the server
//     stale. (Reading every millisecond, a few KiB per poll, the server fell
//     behind at twice its capacity: calls waited ~1 s in the client and
//     goodput collapsed; bench/resilience.md.)
//   * every call is decided the moment it is read (admission at read):
//       - its request is over ServingOptions::max_request_bytes: refused,
//         RESOURCE_EXHAUSTED, reason "request_too_large";
//       - the request bytes the serving threads hold would pass
//         ServingOptions::request_bytes_budget: refused, RESOURCE_EXHAUSTED,
//         reason "request_memory" (its bytes freed at once);
//       - the time it would wait (the estimated work left of the batch being
//         served, plus that of the calls already waiting for the next batch)
//         exceeds the latency budget (ServingOptions::queue_budget): refused,
//         RESOURCE_EXHAUSTED, reason "queue_full". A burst that finds the
//         thread idle may take up to kBurstBudgets budgets, counted from when
//         the thread was last idle (as CoDel lets a queue exceed its target
//         for an interval): a burst is served, a standing queue is held to
//         the budget;
//       - it would end after its deadline: refused, RESOURCE_EXHAUSTED,
//         reason "deadline_unmeetable";
//       - otherwise it waits for the next batch.
//     A refusal is cheap (no parsing, no handler) and goes out at once, so
//     the client learns while the call is fresh and no queue builds in it.
//     The next batch then takes the waiting calls in arrival order:
//       - its deadline has passed: skipped, DEADLINE_EXCEEDED, reason
//         "deadline_exceeded";
//       - its client cancelled it (the call's done event came): skipped,
//         CANCELLED, reason "cancelled";
//       - it would wait past kBurstBudgets budgets since it was read, or end
//         after its deadline (the estimates were low): refused as above;
//       - otherwise served, in order; one that would start past kBurstBudgets
//         budgets after all, past its deadline, or whose client left
//         meanwhile, is refused or skipped then.
//     The estimate of a call's cost is a moving average, per thread and
//     method, of the time its handler path took, plus a fixed allowance for
//     gRPC's work (kTransportCost).
//   * request memory: the request bytes that the serving threads hold
//     (arrived, not yet parsed) are counted server-wide (see above).
// A served call thus waits on the server about the budget at most (a few
// budgets in a burst), and a refused one less. Calls are answered OK, with
// their handler's status, or as above; none is dropped unanswered. Every
// status but OK carries a google.rpc.ErrorInfo (error_reasons.h).
//
// What the server cannot see: calls that a client has not sent yet. A client
// sends a call's request only as HTTP/2 flow control (64 KiB per connection,
// no BDP probing: server.cc) and the 256 streams per connection allow, and
// the server reads each connection only when a serving thread polls: if it
// reads slower than calls come, the queue forms in the client, where the
// server cannot refuse it (the calls' deadlines end it there). Hence the
// frequent reads and the admission at read above. See bench/resilience.md.
//
// Memory: each thread parses into one arena (its first block
// kArenaBlockBytes, kept), reset after every call: the answer is serialized
// before the reset, so a thread holds at most one parsed request at a time,
// and a big request's further blocks go back to the heap at once. The call
// objects (context, request bytes, answer bytes) are pooled per thread.
//
// Other transports: ServeUnary hands a call that came over HTTP (Connect or
// gRPC-Web, http_server.h) to a serving thread (round robin), where it is
// one more arrival on that thread's queue: the same admission at read, the
// same batches, handlers, request memory budget and metrics as a gRPC call.
// The HTTP thread waits for the answer. Such a call has no "client left"
// event (an HTTP/1.1 client's leaving is seen only when the answer is
// written); its deadline is the one its client sent (Connect-Timeout-Ms).
//
// With ServingOptions::noop every call is parsed as usual and then answered
// with the empty response and OK (no handler): the limit of the RPC path
// (scripts/bench). Admission control and metrics are the same.
#pragma once

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "service/metrics.h"

namespace carcassonne::service {

// An event on a serving queue that is not a RefereeService call's: the
// arrival of a health or reflection call (control.h), or a probe. Its tag is
// Tag(); the serving thread calls Happened() as it takes the event, which
// must be quick (it hands the work elsewhere).
class AccessLog;

class ServingQueueEvent {
 public:
  virtual ~ServingQueueEvent() = default;
  virtual void Happened(bool ok) = 0;
  // The event's tag: its address with both low bits set (the kind of event
  // that serving.cc tells apart from a call's).
  void* Tag() { return reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(this) | 3); }
};

struct ServingOptions {
  int threads = 1;
  bool noop = false;
  std::chrono::milliseconds queue_budget{20};
  size_t request_bytes_budget = size_t{64} * 1024 * 1024;
  // Every answer carries its request id (request_id.h); calls are written to
  // this access log (access_log.h) when it is given and wants them.
  AccessLog* access_log = nullptr;
  // The largest request served: a bigger one is refused as it is read,
  // RESOURCE_EXHAUSTED, reason REQUEST_TOO_LARGE, and counted like every
  // call (gRPC's own limit, set above this one, refuses before the server
  // sees a call, uncounted: server.h).
  size_t max_request_bytes = size_t{1} * 1024 * 1024;
};

class ServingQueue;

// A RefereeService call that came by another transport than gRPC: the
// request in the protobuf wire format, and its deadline (none: max()).
struct UnaryRequest {
  Method method = Method::kNewGame;
  std::string bytes;
  std::chrono::system_clock::time_point deadline = std::chrono::system_clock::time_point::max();
  std::string request_id;  // its request id (request_id.h), for the access log
};
// Its answer: the status and, when OK, the response in the wire format.
struct UnaryAnswer {
  grpc::Status status;
  std::string bytes;
};

class RefereeServing {
 public:
  RefereeServing(const ServingOptions& options, Metrics& metrics);
  ~RefereeServing();
  RefereeServing(const RefereeServing&) = delete;
  RefereeServing& operator=(const RefereeServing&) = delete;

  // Before the server is built: registers RefereeService and adds one
  // completion queue per serving thread.
  void AddTo(grpc::ServerBuilder& builder);

  // After the server is built: asks for the first calls and starts the
  // serving threads.
  void Start();

  // The serving queues, where the control plane asks to be told of the
  // arrival of its calls (control.h). Valid after AddTo.
  std::vector<grpc::ServerCompletionQueue*> queues() const;

  // Waits until every serving thread has found its queue empty (every call
  // that reached the server has been taken: none waits inside gRPC, where
  // grpc::Server::Shutdown would cancel it) or until `deadline`; true if so.
  bool WaitUntilCaughtUp(std::chrono::steady_clock::time_point deadline);

  // Once grpc::Server::Shutdown has begun: waits until gRPC has refused the
  // serving threads' requests for calls (no call can arrive any more) and
  // every call that arrived is answered (its status sent), or until
  // `deadline`; true if so.
  bool WaitUntilAllAnswered(std::chrono::steady_clock::time_point deadline);

  // Serves `request` on a serving thread as a gRPC call is served (see
  // above); blocks until it is answered. From any thread, after Start();
  // UNAVAILABLE once Stop() has begun.
  UnaryAnswer ServeUnary(UnaryRequest request);

  // A call of `method` that another transport refused before handing it
  // over (connect.h: a malformed header or body, a body over the limit):
  // counted as every call (started, handled with its code, shed with
  // `reason` when it has one; one message received) and written in the
  // access log. From any thread.
  void RecordRefused(Method method, const grpc::Status& status, std::optional<ShedReason> reason,
                     size_t request_bytes, const std::string& request_id);

  // After grpc::Server::Shutdown has returned (or when the server could not
  // be built): shuts the queues down and joins the threads.
  void Stop();

  // Whether a call with a request or arena of at least kLargeCallBytes was
  // served since the last time this was asked (then the heap may hold freed
  // memory worth returning to the system; see server.cc).
  bool TakeLargeCallSeen() { return large_call_seen_.exchange(false, std::memory_order_relaxed); }

 private:
  friend class ServingQueue;

  const ServingOptions options_;
  Metrics& metrics_;
  std::unique_ptr<grpc::Service> service_;
  std::vector<std::unique_ptr<ServingQueue>> queues_;
  std::vector<std::thread> threads_;
  std::atomic<size_t> request_bytes_held_{0};
  std::atomic<bool> large_call_seen_{false};
  std::atomic<int64_t> calls_in_hand_{0};    // arrived, finish event not yet out
  std::atomic<bool> asking_refused_{false};  // a request for a call failed: shutdown began
  std::atomic<size_t> next_unary_queue_{0};  // ServeUnary's round robin
};

// INVALID_ARGUMENT for a request body that cannot be read at all (not the
// wire format, not JSON, a bad frame), as a rich error like every other
// malformed request: a google.rpc.BadRequest whose one violation names the
// request as a whole (field path "").
grpc::Status InvalidRequestBody(const std::string& message);

// The handler path of one call (parse, handler, domain metrics, serialize)
// on the calling thread, with no admission control: for the HTTP fuzz target.
UnaryAnswer ServeDirectly(const UnaryRequest& request, Metrics& metrics);

}  // namespace carcassonne::service

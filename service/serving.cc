// RefereeService on the serving threads, with admission control (see
// serving.h). (Over 600 lines: the call's life, the thread's loop and the
// admission decisions share one call object and one queue; apart, each would
// need the others' internals.)
// Why one file: the serving threads' queue, admission control and call lifecycle are one state
// machine.
#include "service/serving.h"

#include <grpc/support/time.h>
#include <grpcpp/alarm.h>

#include <algorithm>
#include <array>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "engine/text.h"
#include "google/protobuf/arena.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "service/access_log.h"
#include "service/error_reasons.h"
#include "service/handlers.h"
#include "service/request_id.h"

namespace carcassonne::service {
namespace {

using Clock = std::chrono::steady_clock;

// Calls of each method asked for ahead on each serving queue. Each is
// replaced the moment it arrives (so the count only has to cover the calls
// that arrive while the thread serves a batch: the next batch pulls the rest
// out of gRPC).
constexpr int kRequestedCallsPerMethod = 8;
// Most events taken from a queue in one batch: a bound on the work of one
// round of admission decisions (past it, the next batch takes the rest).
constexpr int kMaxBatchEvents = 2048;
// A burst of calls that finds a serving thread idle may queue for up to this
// many latency budgets (from when the thread was last idle), as CoDel lets a
// queue exceed its target for an interval: a burst is served, a standing
// queue is not.
constexpr int kBurstBudgets = 5;
// A batch that took longer than kLongBatch to serve leaves calls unread in
// many connections: the next one reads on past up to kEmptyPollsAfterLongBatch
// polls that brought nothing (each costs a system call at most).
constexpr std::chrono::milliseconds kLongBatch{1};
// While a batch is served, the thread takes the connections' news (answers to
// write, calls and cancellations to read) this often, and reads on past up to
// kEmptyPollsDuringBatch polls that brought nothing (gRPC reads one
// connection per poll, a few KiB at a time). Reading must keep pace with the
// arrivals: calls the server has not read wait in the client, unseen and
// unrefusable, behind flow control and the stream limit (serving.h).
constexpr std::chrono::microseconds kPollInterval{100};
constexpr int kEmptyPollsDuringBatch = 4;
constexpr int kEmptyPollsAfterLongBatch = 16;
// A thread whose Next() took longer than this waited for the event (its queue
// was empty): a lone arrival is then served at once.
constexpr std::chrono::microseconds kIdleWait{50};
// Call objects kept for reuse per thread beyond the ones in use.
constexpr int kMaxPooledCalls = 512;
// The first block of each thread's arena: a 72-tile request (~2 KiB on the
// wire) and its answer fit, parsed, in a few KiB.
constexpr size_t kArenaBlockBytes = 32 * 1024;
// A call whose request or arena reaches this size is "large" (see
// RefereeServing::TakeLargeCallSeen).
constexpr size_t kLargeCallBytes = 256 * 1024;
// The cost of a call that the handler path's time does not show: gRPC's
// work to read the request and write the answer (the no-op server spends
// ~15 us of CPU per call in all, of which its handler path is a few; see
// bench/report.md).
constexpr std::chrono::microseconds kTransportCost{10};
// The cost assumed for a method before its first call is measured.
constexpr std::chrono::microseconds kInitialCost{50};

using RawService =
    v1::RefereeService::WithRawMethod_NewGame<v1::RefereeService::WithRawMethod_ValidateAction<
        v1::RefereeService::WithRawMethod_ApplyAction<v1::RefereeService::WithRawMethod_PlayTurn<
            v1::RefereeService::WithRawMethod_ListLegalActions<
                v1::RefereeService::WithRawMethod_ScoreGame<
                    v1::RefereeService::WithRawMethod_GetCatalog<
                        v1::RefereeService::WithRawMethod_DescribeBoard<
                            v1::RefereeService::WithRawMethod_RenderBoard<
                                v1::RefereeService::Service>>>>>>>>>;
using Responder = grpc::ServerAsyncResponseWriter<grpc::ByteBuffer>;
// RawService::RequestNewGame etc.: asks gRPC for the next call of a method.
using RequestMethod = void (RawService::*)(grpc::ServerContext*, grpc::ByteBuffer*, Responder*,
                                           grpc::CompletionQueue*, grpc::ServerCompletionQueue*,
                                           void*);

// What serving a call needs from its thread.
struct ServeScope {
  google::protobuf::Arena& arena;
  Metrics& metrics;
  bool noop;
};
using ServeFunction = grpc::Status (*)(ServeScope& scope, grpc::ByteBuffer* request,
                                       grpc::ByteBuffer* response);

// Domain metrics of a successful answer of the real service.
void Observe(Metrics& metrics, const v1::ValidateActionResponse& response) {
  metrics.RecordVerdict(Method::kValidateAction, response.verdict());
}
void Observe(Metrics& metrics, const v1::ApplyActionResponse& response) {
  metrics.RecordVerdict(Method::kApplyAction, response.verdict());
  metrics.RecordScoreEvents(response.events());
}
void Observe(Metrics& metrics, const v1::PlayTurnResponse& response) {
  metrics.RecordVerdict(Method::kPlayTurn, response.verdict());
  metrics.RecordScoreEvents(response.events());
}
void Observe(Metrics& metrics, const v1::ScoreGameResponse& response) {
  metrics.RecordScoreEvents(response.events());
}
template <typename Response>
void Observe(Metrics& /*metrics*/, const Response& /*response*/) {}

// INVALID_ARGUMENT for a body that is not a `type_name` in the protobuf wire
// format, as every other malformed request (reason BODY_UNPARSABLE). No field
// can be named: the path is the request's own, empty.
grpc::Status Unparsable(const std::string& type_name) {
  return InvalidRequestBody(
      Cat("the request body is not a valid ", type_name, " (protobuf wire format)"));
}

// Parses the request bytes (freeing them) into the arena, runs the handler
// (handlers turn exceptions into INTERNAL), and serializes the answer.
template <typename Request, typename Response, grpc::Status (*handler)(const Request&, Response*)>
grpc::Status Serve(ServeScope& scope, grpc::ByteBuffer* request_bytes,
                   grpc::ByteBuffer* response_bytes) {
  auto* request = google::protobuf::Arena::CreateMessage<Request>(&scope.arena);
  if (!grpc::SerializationTraits<Request>::Deserialize(request_bytes, request).ok()) {
    return Unparsable(Request::descriptor()->full_name());
  }
  auto* response = google::protobuf::Arena::CreateMessage<Response>(&scope.arena);
  if (!scope.noop) {
    const grpc::Status status = handler(*request, response);
    if (!status.ok()) return status;
    Observe(scope.metrics, *response);
  }
  bool own_buffer = false;
  return grpc::SerializationTraits<Response>::Serialize(*response, response_bytes, &own_buffer);
}

struct MethodEntry {
  Method method;
  RequestMethod request;
  ServeFunction serve;
};

const std::array<MethodEntry, kMethodCount> kMethods = {{
    {Method::kNewGame, &RawService::RequestNewGame,
     &Serve<v1::NewGameRequest, v1::NewGameResponse, &HandleNewGame>},
    {Method::kValidateAction, &RawService::RequestValidateAction,
     &Serve<v1::ValidateActionRequest, v1::ValidateActionResponse, &HandleValidateAction>},
    {Method::kApplyAction, &RawService::RequestApplyAction,
     &Serve<v1::ApplyActionRequest, v1::ApplyActionResponse, &HandleApplyAction>},
    {Method::kPlayTurn, &RawService::RequestPlayTurn,
     &Serve<v1::PlayTurnRequest, v1::PlayTurnResponse, &HandlePlayTurn>},
    {Method::kListLegalActions, &RawService::RequestListLegalActions,
     &Serve<v1::ListLegalActionsRequest, v1::ListLegalActionsResponse, &HandleListLegalActions>},
    {Method::kScoreGame, &RawService::RequestScoreGame,
     &Serve<v1::ScoreGameRequest, v1::ScoreGameResponse, &HandleScoreGame>},
    {Method::kGetCatalog, &RawService::RequestGetCatalog,
     &Serve<v1::GetCatalogRequest, v1::GetCatalogResponse, &HandleGetCatalog>},
    {Method::kDescribeBoard, &RawService::RequestDescribeBoard,
     &Serve<v1::DescribeBoardRequest, v1::DescribeBoardResponse, &HandleDescribeBoard>},
    {Method::kRenderBoard, &RawService::RequestRenderBoard,
     &Serve<v1::RenderBoardRequest, v1::RenderBoardResponse, &HandleRenderBoard>},
}};

}  // namespace

grpc::Status InvalidRequestBody(const std::string& message) {
  return InvalidArgument({{"", message, ErrorReason::kBodyUnparsable}});
}

// A call handed over by ServeUnary (serving.h): its arrival is an event on
// a serving queue (an alarm that fires at once); the calling thread waits
// until the serving thread answers it.
class UnaryArrival final : public ServingQueueEvent {
 public:
  UnaryArrival(ServingQueue& queue, UnaryRequest request)
      : queue_(queue), request_(std::move(request)) {}
  void Happened(bool ok) override;
  UnaryRequest& request() { return request_; }
  grpc::Alarm& alarm() { return alarm_; }

  // On the serving thread: the answer. The last touch of this object there
  // (the waiting thread may destroy it the moment the lock is released).
  void Answer(const grpc::Status& status, std::string bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    answer_.status = status;
    answer_.bytes = std::move(bytes);
    answered_ = true;
    answered_signal_.notify_all();
  }
  UnaryAnswer WaitForAnswer() {
    std::unique_lock<std::mutex> lock(mutex_);
    answered_signal_.wait(lock, [this] { return answered_; });
    return std::move(answer_);
  }

 private:
  ServingQueue& queue_;
  UnaryRequest request_;
  grpc::Alarm alarm_;
  std::mutex mutex_;
  std::condition_variable answered_signal_;
  bool answered_ = false;
  UnaryAnswer answer_;
};

namespace {

// The events of a call on its queue: the tag is the call's address with the
// kind in its two low bits (a Call is at least 8-aligned). Both bits set: a
// ServingQueueEvent (serving.h).
enum EventKind : uintptr_t { kArrived = 0, kFinished = 1, kDone = 2, kOther = 3 };
constexpr uintptr_t kKindMask = 3;

// One RefereeService call, from the moment it is asked for until both its
// finish and its done events have come out of the queue. Pooled per thread.
struct Call {
  const MethodEntry* method = nullptr;
  std::optional<grpc::ServerContext> context;  // a fresh one per call
  std::optional<Responder> responder;
  grpc::ByteBuffer request;
  grpc::ByteBuffer response;
  size_t request_bytes = 0;   // counted in RefereeServing::request_bytes_held_
  size_t received_bytes = 0;  // the request's size (for the access log)
  std::chrono::system_clock::time_point deadline;
  std::chrono::steady_clock::time_point arrived_at;  // taken out of the queue
  bool answered = false;                             // Finish called
  bool finish_pending = false;                       // its finish event has not come out yet
  bool done_pending = false;      // it arrived and its done event has not come out yet
  bool client_left = false;       // its done event came before it was answered
  UnaryArrival* unary = nullptr;  // a call from ServeUnary (no context, no responder)
  Call* next_free = nullptr;

  void* Tag(EventKind kind) {
    return reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(this) | kind);
  }
};
static_assert(alignof(Call) >= 4);

// The bytes of `buffer` in one string.
std::string Flatten(grpc::ByteBuffer& buffer) {
  std::string bytes;
  std::vector<grpc::Slice> slices;
  if (!buffer.Dump(&slices).ok()) return bytes;
  for (const grpc::Slice& slice : slices) {
    bytes.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  }
  return bytes;
}

google::protobuf::ArenaOptions ArenaOptions(char* block) {
  google::protobuf::ArenaOptions options;
  options.initial_block = block;
  options.initial_block_size = kArenaBlockBytes;
  return options;
}

}  // namespace

// One serving thread's completion queue, its calls and its arena.
class ServingQueue {
 public:
  ServingQueue(RefereeServing& serving, std::unique_ptr<grpc::ServerCompletionQueue> queue)
      : serving_(serving),
        queue_(std::move(queue)),
        arena_block_(std::make_unique<char[]>(kArenaBlockBytes)),
        arena_(ArenaOptions(arena_block_.get())) {
    cost_.fill(std::chrono::duration_cast<Clock::duration>(kInitialCost));
  }

  ~ServingQueue() {
    while (free_calls_ != nullptr) {
      Call* call = free_calls_;
      free_calls_ = call->next_free;
      delete call;
    }
  }

  void AskForFirstCalls() {
    for (const MethodEntry& method : kMethods) {
      for (int i = 0; i < kRequestedCallsPerMethod; ++i) Ask(method);
    }
  }

  // The thread: takes events until the queue is shut down and drained.
  void Run() {
    void* tag = nullptr;
    bool ok = false;
    Clock::time_point waited_since = Clock::now();
    while (queue_->Next(&tag, &ok)) {
      // A thread that waited for this event (its queue was empty) serves a
      // lone arrival at once: looking for a backlog (a poll, a system call)
      // is for a thread that is busy.
      const Clock::time_point woken = Clock::now();
      bool look_for_backlog = woken - waited_since <= kIdleWait;
      OnEvent(tag, ok);
      // Batches until no call is waiting (calls read while a batch was
      // served make the next one).
      while (!arrived_.empty() || probed_) {
        const bool empty = look_for_backlog || probed_ ? TakeEventsAtHand() : true;
        look_for_backlog = true;
        if (empty) last_idle_ = Clock::now();
        if (!arrived_.empty()) {
          const Clock::time_point start = Clock::now();
          ServeBatch();
          last_batch_long_ = Clock::now() - start > kLongBatch;
        }
        if (empty && probed_) {
          probed_ = false;
          caught_up_.store(true, std::memory_order_release);
        }
      }
      waited_since = Clock::now();
    }
  }

  // Takes every event already in the queue (the backlog): each arrival asks
  // for its successor at once, which pulls a call waiting inside gRPC into
  // the queue, so the batch sees those too. When the queue is empty,
  // AsyncNext reads the connections once (gRPC reads one connection per
  // poll); after a long batch, many connections may hold calls unread, so it
  // reads on past empty polls (kEmptyPollsAfterLongBatch). True if the queue
  // was found empty (rather than kMaxBatchEvents taken).
  bool TakeEventsAtHand() {
    return Poll(last_batch_long_ ? kEmptyPollsAfterLongBatch : 0) == PollEnd::kQueueEmpty;
  }

  // How a Poll ended.
  enum class PollEnd { kQueueEmpty, kBatchFull, kShutDown };

  // Takes the events in the queue without waiting, one at a time, until
  // `empty_polls_allowed` + 1 polls in a row brought nothing (kQueueEmpty),
  // kMaxBatchEvents were taken (kBatchFull) or the queue shut down.
  PollEnd Poll(int empty_polls_allowed) {
    void* tag = nullptr;
    bool ok = false;
    int empty_polls = 0;
    for (int taken = 0; taken < kMaxBatchEvents;) {
      const grpc::CompletionQueue::NextStatus status =
          queue_->AsyncNext(&tag, &ok, gpr_inf_past(GPR_CLOCK_MONOTONIC));
      if (status == grpc::CompletionQueue::GOT_EVENT) {
        OnEvent(tag, ok);
        ++taken;
        continue;
      }
      if (status != grpc::CompletionQueue::TIMEOUT) return PollEnd::kShutDown;
      if (++empty_polls > empty_polls_allowed) return PollEnd::kQueueEmpty;
    }
    return PollEnd::kBatchFull;
  }

  // Makes the thread look at its whole queue (see WaitUntilCaughtUp).
  void Probe() {
    caught_up_.store(false, std::memory_order_release);
    probe_.Set(queue_.get(), gpr_inf_past(GPR_CLOCK_MONOTONIC), probe_event_.Tag());
  }
  grpc::ServerCompletionQueue* queue() { return queue_.get(); }
  bool caught_up() const { return caught_up_.load(std::memory_order_acquire); }

  // No call may be asked for from now on; the thread ends once the queue is
  // drained.
  void ShutDown() {
    std::lock_guard<std::mutex> lock(mutex_);
    shut_down_ = true;
    queue_->Shutdown();
  }

  // Hands `arrival` to the serving thread (UnaryArrival::Happened then calls
  // OnUnaryArrived there); false if the queue is shut down.
  bool Post(UnaryArrival& arrival) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (shut_down_) return false;
    arrival.alarm().Set(queue_.get(), gpr_inf_past(GPR_CLOCK_MONOTONIC), arrival.Tag());
    return true;
  }

  void OnUnaryArrived(UnaryArrival& arrival) {
    Call* call = TakeCall();
    UnaryRequest& request = arrival.request();
    call->method = &kMethods[static_cast<size_t>(request.method)];
    call->unary = &arrival;
    grpc::Slice slice(request.bytes);
    call->request = grpc::ByteBuffer(&slice, 1);
    std::string().swap(request.bytes);
    call->deadline = request.deadline;
    serving_.calls_in_hand_.fetch_add(1, std::memory_order_relaxed);
    call->done_pending = false;  // no done event comes for it
    Admit(call);
  }

  // Drains the queue on the calling thread (when no thread was started).
  void Drain() {
    void* tag = nullptr;
    bool ok = false;
    while (queue_->Next(&tag, &ok)) OnEvent(tag, ok);
  }

 private:
  Call* TakeCall() {
    if (free_calls_ == nullptr) return new Call();
    Call* call = free_calls_;
    free_calls_ = call->next_free;
    --pooled_calls_;
    return call;
  }

  void Release(Call* call) {
    call->responder.reset();
    call->context.reset();
    call->request.Clear();
    call->response.Clear();
    if (pooled_calls_ >= kMaxPooledCalls) {
      delete call;
      return;
    }
    call->next_free = free_calls_;
    free_calls_ = call;
    ++pooled_calls_;
  }

  // Asks gRPC for the next call of `method` on this queue.
  void Ask(const MethodEntry& method) {
    Call* call = TakeCall();
    call->method = &method;
    call->context.emplace();
    call->context->AsyncNotifyWhenDone(call->Tag(kDone));
    call->responder.emplace(&*call->context);
    std::lock_guard<std::mutex> lock(mutex_);
    if (shut_down_) {
      Release(call);
      return;
    }
    (static_cast<RawService*>(serving_.service_.get())->*method.request)(
        &*call->context, &call->request, &*call->responder, queue_.get(), queue_.get(),
        call->Tag(kArrived));
  }

  void OnEvent(void* tag, bool ok) {
    const auto bits = reinterpret_cast<uintptr_t>(tag);
    if ((bits & kKindMask) == kOther) {
      // The event was posted under mutex_ (Post; the control plane's own
      // events likewise come from another thread): taking it here orders
      // everything the posting thread wrote (a UnaryArrival lives on the HTTP
      // thread's stack) before this thread reads it. gRPC's alarm, which
      // carries the tag, is not visible to ThreadSanitizer, nor, in
      // principle, a memory barrier we may rely on.
      { std::lock_guard<std::mutex> lock(mutex_); }
      reinterpret_cast<ServingQueueEvent*>(bits & ~kKindMask)->Happened(ok);
      return;
    }
    Call* call = reinterpret_cast<Call*>(bits & ~kKindMask);
    switch (bits & kKindMask) {
      case kArrived:
        OnArrived(call, ok);
        return;
      case kFinished:
        call->finish_pending = false;
        serving_.calls_in_hand_.fetch_sub(1, std::memory_order_relaxed);
        if (!call->done_pending) Release(call);
        return;
      case kDone:
        call->done_pending = false;
        if (!call->answered) {
          call->client_left = true;  // it waits in the batch; answered CANCELLED there
        } else if (!call->finish_pending) {
          Release(call);
        }
        return;
      default:
        return;
    }
  }

  void OnArrived(Call* call, bool ok) {
    if (!ok) {  // the server is shutting down: no call came (and no done event will)
      serving_.asking_refused_.store(true, std::memory_order_relaxed);
      Release(call);
      return;
    }
    serving_.calls_in_hand_.fetch_add(1, std::memory_order_relaxed);
    Ask(*call->method);  // its successor, at once
    call->done_pending = true;
    call->deadline = call->context->deadline();
    Admit(call);
  }

  // A call that has just arrived (by gRPC or ServeUnary): admitted to the
  // next batch, or refused at once (see serving.h).
  void Admit(Call* call) {
    call->finish_pending = false;
    call->answered = false;
    call->client_left = false;
    call->arrived_at = Clock::now();
    call->request_bytes = call->request.Length();
    call->received_bytes = call->request_bytes;
    if (call->request_bytes > serving_.options_.max_request_bytes) {
      serving_.request_bytes_held_.fetch_add(call->request_bytes, std::memory_order_relaxed);
      Shed(call, ShedReason::kRequestTooLarge);  // frees its bytes at once
      return;
    }
    if (call->deadline <= std::chrono::system_clock::now()) {  // expired on arrival
      serving_.request_bytes_held_.fetch_add(call->request_bytes, std::memory_order_relaxed);
      Shed(call, ShedReason::kDeadlineExceeded);
      return;
    }
    const size_t held =
        serving_.request_bytes_held_.fetch_add(call->request_bytes, std::memory_order_relaxed) +
        call->request_bytes;
    if (held > serving_.options_.request_bytes_budget) {
      Shed(call, ShedReason::kRequestMemory);  // frees its bytes at once
      return;
    }
    // Admission at read (see serving.h): the call would start once the
    // admitted work of the batch being served (if any) and the calls already
    // waiting are done. Refused now, while it is fresh, if that is past the
    // budget or its deadline.
    const Clock::duration cost = cost_[static_cast<int>(call->method->method)] + kTransportCost;
    const Clock::duration wait =
        (serving_batch_ ? std::max(batch_work_ends_ - call->arrived_at, Clock::duration::zero())
                        : Clock::duration::zero()) +
        waiting_cost_;
    if (wait + cost > Budget(call->arrived_at)) {
      Shed(call, ShedReason::kQueueFull);
      return;
    }
    if (call->deadline - std::chrono::system_clock::now() < wait + cost) {
      Shed(call, ShedReason::kDeadlineUnmeetable);
      return;
    }
    waiting_cost_ += cost;
    arrived_.push_back(call);
  }

  // Admission control over the arrived calls (see serving.h), then the
  // admitted calls are served in order.
  void ServeBatch() {
    const Clock::time_point start = Clock::now();
    const std::chrono::system_clock::time_point start_wall = std::chrono::system_clock::now();
    // Every call was admitted at read against the budget; here only a call
    // whose wait would pass the longest budget (the estimates were low) is
    // refused. (Holding calls to the budget again here, counted from their
    // read, refused every call of a batch whose reading had taken longer than
    // the budget on a starved CPU: nothing was served at all.)
    const Clock::duration longest_wait = kBurstBudgets * serving_.options_.queue_budget;
    Clock::duration expected_start{0};  // of the next admitted call, from `start`
    batch_.swap(arrived_);              // calls that arrive meanwhile wait for the next batch
    waiting_cost_ = Clock::duration::zero();
    admitted_.clear();
    for (Call* call : batch_) {
      const auto time_left = call->deadline - start_wall;  // huge without a deadline
      if (time_left <= std::chrono::system_clock::duration::zero()) {
        Shed(call, ShedReason::kDeadlineExceeded);  // (gRPC ends such a call: client_left)
        continue;
      }
      if (call->client_left) {
        Shed(call, ShedReason::kCancelled);
        continue;
      }
      // The time it has waited so far (since it was read), and the time it
      // would wait in this batch.
      if ((start - call->arrived_at) + expected_start > longest_wait) {
        Shed(call, ShedReason::kQueueFull);
        continue;
      }
      const Clock::duration cost = cost_[static_cast<int>(call->method->method)] + kTransportCost;
      if (expected_start + cost > time_left) {
        Shed(call, ShedReason::kDeadlineUnmeetable);
        continue;
      }
      expected_start += cost;
      admitted_.push_back(call);
    }
    batch_.clear();
    Clock::time_point last_poll = start;
    serving_batch_ = true;
    Clock::duration work_left = expected_start;  // the estimated work of the admitted calls left
    for (Call* call : admitted_) {
      Clock::time_point now = Clock::now();
      batch_work_ends_ = now + work_left;
      work_left -=
          std::min(work_left, cost_[static_cast<int>(call->method->method)] + kTransportCost);
      // Now and then, the connections' news: the answers written, calls read
      // (for the next batch), and the done events of calls of this batch
      // whose client left.
      if (now - last_poll >= kPollInterval) {
        PollDuringBatch();
        last_poll = now = Clock::now();
      }
      if (now - call->arrived_at > longest_wait) {  // the estimates were low
        Shed(call, ShedReason::kQueueFull);
      } else if (call->deadline <= std::chrono::system_clock::now()) {
        Shed(call, ShedReason::kDeadlineExceeded);
      } else if (call->client_left) {
        Shed(call, ShedReason::kCancelled);
      } else {
        Serve(call, now);
      }
    }
    serving_batch_ = false;
    admitted_.clear();
  }

  // The latency budget at `now`: a burst that found the thread idle may take
  // up to kBurstBudgets budgets, counted from when the thread was last idle
  // (a queue that has stood that long is held to the budget).
  Clock::duration Budget(Clock::time_point now) const {
    return std::max<Clock::duration>(
        serving_.options_.queue_budget,
        kBurstBudgets * serving_.options_.queue_budget - (now - last_idle_));
  }

  // Takes the events already in the queue, and reads the connections until
  // kEmptyPollsDuringBatch polls brought nothing (arrivals are admitted or
  // refused at once, and the admitted ones join the next batch).
  void PollDuringBatch() { Poll(kEmptyPollsDuringBatch); }

  void Serve(Call* call, Clock::time_point start) {
    Metrics& metrics = serving_.metrics_;
    const MethodEntry& method = *call->method;
    metrics.RecordStarted(method.method);
    ServeScope scope{arena_, metrics, serving_.options_.noop};
    const size_t request_bytes = call->request_bytes;
    const grpc::Status status = method.serve(scope, &call->request, &call->response);
    DropRequest(call);
    // The answer is serialized: the parsed messages go (a big request's
    // further blocks back to the heap).
    const size_t arena_bytes = arena_.Reset();
    if (request_bytes >= kLargeCallBytes || arena_bytes >= kLargeCallBytes) {
      serving_.large_call_seen_.store(true, std::memory_order_relaxed);
    }
    const Clock::duration elapsed = Clock::now() - start;
    Clock::duration& cost = cost_[static_cast<int>(method.method)];
    // A moving average; one sample counts for at most 4 times the average
    // (a thread preempted in the middle of a call is not a call that costs
    // more).
    cost += (std::min(elapsed, 4 * cost) - cost) / 8;
    metrics.RecordHandled(method.method, status.error_code(),
                          std::chrono::duration<double>(elapsed).count());
    Answer(call, status);
  }

  // Answers `call` without running its handler.
  void Shed(Call* call, ShedReason reason) {
    const ServingOptions& options = serving_.options_;
    grpc::Status status;
    switch (reason) {
      case ShedReason::kQueueFull: {
        const long long budget_ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(options.queue_budget).count();
        status =
            ErrorStatus(ErrorReason::kServerOverloaded,
                        Cat("server overloaded: more calls are waiting than it can serve within ",
                            budget_ms, " ms; retry later or elsewhere"),
                        {{"queueBudgetMs", std::to_string(budget_ms)}});
        break;
      }
      case ShedReason::kDeadlineUnmeetable:
        status = ErrorStatus(ErrorReason::kDeadlineUnmeetable,
                             "server overloaded: the call could not be answered before its "
                             "deadline; retry later or elsewhere");
        break;
      case ShedReason::kDeadlineExceeded:
        status = ErrorStatus(ErrorReason::kDeadlineExceeded,
                             "the call's deadline passed before it was served");
        break;
      case ShedReason::kCancelled:
        status =
            ErrorStatus(ErrorReason::kCancelled, "the call was cancelled before it was served");
        break;
      case ShedReason::kRequestMemory: {
        const long long budget_mib = static_cast<long long>(options.request_bytes_budget >> 20);
        status = ErrorStatus(ErrorReason::kRequestMemoryExhausted,
                             Cat("server overloaded: the requests it holds are at their budget of ",
                                 budget_mib, " MiB; retry later or elsewhere"),
                             {{"requestBytesBudgetMib", std::to_string(budget_mib)}});
        break;
      }
      case ShedReason::kRequestTooLarge:
        status = ErrorStatus(ErrorReason::kRequestTooLarge,
                             Cat("the request is ", static_cast<long long>(call->request_bytes),
                                 " bytes, over the limit of ",
                                 static_cast<long long>(options.max_request_bytes), " bytes"),
                             {{"maxRequestBytes", std::to_string(options.max_request_bytes)},
                              {"requestBytes", std::to_string(call->request_bytes)}});
        break;
    }
    DropRequest(call);
    serving_.metrics_.RecordShed(call->method->method, reason, status.error_code());
    Answer(call, status, reason);
  }

  void DropRequest(Call* call) {
    call->request.Clear();
    serving_.request_bytes_held_.fetch_sub(call->request_bytes, std::memory_order_relaxed);
    call->request_bytes = 0;
  }

  void LogAccess(const Call* call, const grpc::Status& status, std::optional<ShedReason> refusal,
                 const std::string& request_id, const std::string& peer) {
    AccessLog* log = serving_.options_.access_log;
    if (log == nullptr || !log->Wants(status.error_code())) return;
    AccessEntry entry;
    entry.method = call->method->method;
    entry.code = status.error_code();
    entry.duration = Clock::now() - call->arrived_at;
    entry.request_bytes = call->received_bytes;
    entry.response_bytes = status.ok() ? call->response.Length() : 0;
    entry.refusal = refusal;
    entry.request_id = request_id;
    entry.peer = peer;
    log->Write(entry);
  }

  // `refusal`: why it was answered without running its handler. The call
  // goes into the access log (access_log.h); a gRPC call's request id goes
  // back in its initial metadata (request_id.h).
  void Answer(Call* call, const grpc::Status& status,
              std::optional<ShedReason> refusal = std::nullopt) {
    if (call->unary != nullptr) {
      // (The HTTP side puts the request id in the answer: connect.h.)
      LogAccess(call, status, refusal, call->unary->request().request_id, "http");
      std::string bytes = status.ok() ? Flatten(call->response) : std::string();
      UnaryArrival* arrival = call->unary;
      call->unary = nullptr;
      serving_.calls_in_hand_.fetch_sub(1, std::memory_order_relaxed);
      Release(call);
      arrival->Answer(status, std::move(bytes));
      return;
    }
    // The client's id goes into the error's ErrorInfo too; a made-up one
    // only into the metadata (the same request gets the same bytes).
    const std::optional<std::string> client_id = ClientRequestId(*call->context);
    const std::string request_id = client_id ? *client_id : NewRequestId();
    call->context->AddInitialMetadata(kRequestIdKey, request_id);
    LogAccess(call, status, refusal, request_id, call->context->peer());
    call->answered = true;
    call->finish_pending = true;
    if (status.ok()) {
      call->responder->Finish(call->response, status, call->Tag(kFinished));
      call->response.Clear();  // Finish holds its own reference to the bytes
    } else if (client_id) {
      call->responder->FinishWithError(WithRequestId(status, request_id), call->Tag(kFinished));
    } else {
      call->responder->FinishWithError(status, call->Tag(kFinished));
    }
  }

  RefereeServing& serving_;
  std::unique_ptr<grpc::ServerCompletionQueue> queue_;
  std::mutex mutex_;
  bool shut_down_ = false;       // under mutex_
  std::vector<Call*> arrived_;   // waiting for the next batch
  std::vector<Call*> batch_;     // the batch being decided
  std::vector<Call*> admitted_;  // the batch's calls being served
  // The estimated cost of the calls in arrived_.
  Clock::duration waiting_cost_{0};
  // While a batch is served: when its admitted work is expected to end.
  bool serving_batch_ = false;
  Clock::time_point batch_work_ends_;
  Call* free_calls_ = nullptr;
  int pooled_calls_ = 0;
  std::unique_ptr<char[]> arena_block_;
  google::protobuf::Arena arena_;
  // Moving average, per method, of the time the handler path took.
  std::array<Clock::duration, kMethodCount> cost_{};
  // The probe: an alarm that fires at once.
  class ProbeEvent final : public ServingQueueEvent {
   public:
    explicit ProbeEvent(bool& probed) : probed_(probed) {}
    void Happened(bool /*ok*/) override { probed_ = true; }

   private:
    bool& probed_;
  };
  grpc::Alarm probe_;
  bool probed_ = false;  // a probe came: look at the whole queue
  ProbeEvent probe_event_{probed_};
  bool last_batch_long_ = false;
  Clock::time_point last_idle_ = Clock::now();  // when the thread last found its queue empty
  std::atomic<bool> caught_up_{false};
};

void UnaryArrival::Happened(bool ok) {
  if (!ok) {
    Answer(ErrorStatus(ErrorReason::kShuttingDown, "the server is shutting down"), {});
    return;
  }
  queue_.OnUnaryArrived(*this);
}

UnaryAnswer RefereeServing::ServeUnary(UnaryRequest request) {
  if (queues_.empty()) {
    return {ErrorStatus(ErrorReason::kShuttingDown, "the server is not serving"), {}};
  }
  ServingQueue& queue =
      *queues_[next_unary_queue_.fetch_add(1, std::memory_order_relaxed) % queues_.size()];
  UnaryArrival arrival(queue, std::move(request));
  if (!queue.Post(arrival)) {
    return {ErrorStatus(ErrorReason::kShuttingDown, "the server is shutting down"), {}};
  }
  return arrival.WaitForAnswer();
}

UnaryAnswer ServeDirectly(const UnaryRequest& request, Metrics& metrics) {
  google::protobuf::Arena arena;
  ServeScope scope{arena, metrics, false};
  grpc::Slice slice(request.bytes);
  grpc::ByteBuffer request_bytes(&slice, 1);
  grpc::ByteBuffer response_bytes;
  UnaryAnswer answer;
  answer.status =
      kMethods[static_cast<size_t>(request.method)].serve(scope, &request_bytes, &response_bytes);
  if (answer.status.ok()) answer.bytes = Flatten(response_bytes);
  return answer;
}

RefereeServing::RefereeServing(const ServingOptions& options, Metrics& metrics)
    : options_(options), metrics_(metrics), service_(std::make_unique<RawService>()) {}

RefereeServing::~RefereeServing() = default;

void RefereeServing::AddTo(grpc::ServerBuilder& builder) {
  builder.RegisterService(service_.get());
  for (int i = 0; i < options_.threads; ++i) {
    queues_.push_back(std::make_unique<ServingQueue>(*this, builder.AddCompletionQueue()));
  }
}

void RefereeServing::Start() {
  for (auto& queue : queues_) {
    queue->AskForFirstCalls();
    threads_.emplace_back([&queue = *queue] { queue.Run(); });
  }
}

std::vector<grpc::ServerCompletionQueue*> RefereeServing::queues() const {
  std::vector<grpc::ServerCompletionQueue*> queues;
  for (const auto& queue : queues_) queues.push_back(queue->queue());
  return queues;
}

bool RefereeServing::WaitUntilCaughtUp(std::chrono::steady_clock::time_point deadline) {
  for (auto& queue : queues_) queue->Probe();
  while (true) {
    bool all = true;
    for (auto& queue : queues_) all = all && queue->caught_up();
    if (all) return true;
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

bool RefereeServing::WaitUntilAllAnswered(std::chrono::steady_clock::time_point deadline) {
  while (!asking_refused_.load(std::memory_order_relaxed) ||
         calls_in_hand_.load(std::memory_order_relaxed) > 0) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

void RefereeServing::RecordRefused(Method method, const grpc::Status& status,
                                   std::optional<ShedReason> reason, size_t request_bytes,
                                   const std::string& request_id) {
  metrics_.RecordRefused(method, status.error_code(), reason);
  AccessLog* log = options_.access_log;
  if (log == nullptr || !log->Wants(status.error_code())) return;
  AccessEntry entry;
  entry.method = method;
  entry.code = status.error_code();
  entry.request_bytes = request_bytes;
  entry.refusal = reason;
  entry.request_id = request_id;
  entry.peer = "http";
  log->Write(entry);
}

void RefereeServing::Stop() {
  for (auto& queue : queues_) queue->ShutDown();
  if (threads_.empty()) {
    for (auto& queue : queues_) queue->Drain();
  }
  for (std::thread& thread : threads_) thread.join();
  threads_.clear();
}

}  // namespace carcassonne::service

// The control plane of the server: one thread, with a completion queue of
// its own, that serves the health service (health.h) and server reflection
// (reflection.h), apart from RefereeService's serving threads (serving.h).
//
// Why, and why so:
//   * no synchronous service at all. gRPC's synchronous services share one
//     thread pool, and each open stream holds one of its threads: seven idle
//     reflection streams used to exhaust it, and every health check then
//     answered RESOURCE_EXHAUSTED (anyone could get a pod marked unready). On
//     the asynchronous API an open stream holds no thread, only a small call
//     object; streams are capped per kind (health watches, reflection
//     streams), and no cap that a client can reach is shared with health
//     checks;
//   * not answered by the serving threads: a serving thread runs
//     RefereeService handlers, and health and reflection state is touched by
//     the control thread only (no locks);
//   * the control thread does not poll the connections. Any thread that
//     waits on a polling completion queue takes its turn reading the
//     server's sockets, and an idle control thread would then read most
//     RefereeService calls itself and wake a serving thread for each:
//     measured, 0.5 context switches and one more system call per call (the
//     hand-off that serving.h avoids). So the control thread's queue does not
//     poll (GRPC_CQ_NON_POLLING): the serving threads, which poll anyway, take
//     the arrival of each control call out of their own queues and hand it to
//     the control thread (ServingQueueEvent, an alarm on the control queue),
//     and every later event of the call (writes, finish, done) completes on
//     the control queue directly. A health check thus waits at most for the
//     batch a serving thread is busy with, which admission control bounds
//     (serving.h: the latency budget, 20 ms by default).
//
// Every tag on the control queue is a ControlEvent, whose Proceed runs on the
// control thread.
#pragma once

#include <grpcpp/alarm.h>
#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "service/serving.h"

namespace carcassonne::service {

// An event of the control queue.
class ControlEvent {
 public:
  virtual ~ControlEvent() = default;
  // The event came out of the queue; `ok` as gRPC reports it.
  virtual void Proceed(bool ok) = 0;
};

class ControlQueue {
 public:
  ControlQueue();
  ControlQueue(const ControlQueue&) = delete;
  ControlQueue& operator=(const ControlQueue&) = delete;
  ~ControlQueue();

  // The queue on which the control plane's calls complete (not polling).
  grpc::CompletionQueue* queue() { return queue_.get(); }

  // Before any call is asked for: the serving queues, where the arrival of
  // each control call is noticed (see above).
  void SetNotificationQueues(const std::vector<grpc::ServerCompletionQueue*>& queues);

  // Has `request`, which asks gRPC for a call, run with the serving queue
  // that is to notice its arrival (they take turns), on that queue's own
  // serving thread (see "Asking on the serving thread" below); once
  // StopRequests() was called, runs `refused` instead (the call object that
  // wanted to ask for a successor deletes itself: asking on a shut-down
  // queue aborts). From any thread; either runs later, on the serving
  // thread, or at once when requests are already stopped.
  void RequestCall(std::function<void(grpc::ServerCompletionQueue*)> request,
                   std::function<void()> refused);

  // Starts the control thread.
  void Start();

  // Runs `task` on the control thread as soon as it can; from any thread.
  // Dropped once the queue is shut down.
  void Post(std::function<void()> task);

  // Runs `task` on the control thread every `period` until the queue is shut
  // down.
  void Every(std::chrono::milliseconds period, std::function<void()> task);

  // The calls of the control plane that arrived and are not over (each call
  // object counts itself from its arrival to its deletion). From any thread.
  void CallArrived() { calls_in_flight_.fetch_add(1, std::memory_order_relaxed); }
  void CallOver() { calls_in_flight_.fetch_sub(1, std::memory_order_relaxed); }
  int calls_in_flight() const { return calls_in_flight_.load(std::memory_order_relaxed); }

  // After grpc::Server::Shutdown has returned, before the serving queues
  // shut down: no call is asked for any more.
  void StopRequests();

  // After the serving queues are drained: shuts the control queue down, lets
  // the thread drain it and joins it.
  void Stop();

 private:
  class PostedTask;
  class RepeatedTask;
  // Asking on the serving thread. gRPC finalizes the arrival of a call on
  // the thread that takes the arrival's event out of the notification queue
  // (a serving thread), in its request object, which the C++ API's inline
  // templates (compiled into this binary, instrumented) build when the call
  // is asked for. Asked for from the control thread, building and finalizing
  // were ordered only by gRPC's completion queue, which ThreadSanitizer
  // cannot see (gRPC is not instrumented). So the control plane's requests
  // for calls are handed to the serving thread through mutex_ (which both
  // threads take) and an alarm on its queue, and the serving thread asks
  // for them itself: the request object is built and finalized on one
  // thread, and the call object it fills was published through mutex_.
  class ServingThreadInbox;
  // Sets `alarm` to fire `tag` at `deadline`, unless the queue is shut down.
  // Under mutex_.
  bool SetAlarm(grpc::Alarm& alarm, std::chrono::system_clock::time_point deadline, void* tag);

  std::unique_ptr<grpc::CompletionQueue> queue_;
  std::vector<std::unique_ptr<ServingThreadInbox>> inboxes_;  // one per serving queue
  size_t next_inbox_ = 0;                                     // under mutex_
  std::thread thread_;
  std::mutex mutex_;
  bool requests_stopped_ = false;              // under mutex_
  bool shut_down_ = false;                     // under mutex_
  std::vector<RepeatedTask*> repeated_tasks_;  // under mutex_; cancelled at Stop()
  std::atomic<int> calls_in_flight_{0};
};

// The arrival of a control call, noticed by a serving thread (its tag on a
// serving queue): hands `call->Proceed(ok)` to the control thread.
class ControlArrival final : public ServingQueueEvent {
 public:
  ControlArrival(ControlQueue& control, ControlEvent& call) : control_(control), call_(call) {}
  void Happened(bool ok) override {
    ControlEvent* call = &call_;
    control_.Post([call, ok] { call->Proceed(ok); });
  }

 private:
  ControlQueue& control_;
  ControlEvent& call_;
};

}  // namespace carcassonne::service

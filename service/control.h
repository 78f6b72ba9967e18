// The control plane of the server: one completion queue and one thread that
// serve the health service (health.h) and server reflection (reflection.h),
// apart from RefereeService's serving threads (serving.h).
//
// Why a queue and a thread of their own, on the asynchronous API:
//   * no synchronous service at all. gRPC's synchronous services share one
//     thread pool, and each open stream holds one of its threads: seven idle
//     reflection streams used to exhaust it, and every health check then
//     answered RESOURCE_EXHAUSTED (anyone could get a pod marked unready). On
//     the asynchronous API an open stream holds no thread, only a small call
//     object; the number of streams is capped per kind (watches, reflection
//     streams), and no cap that a client can reach is shared with health
//     checks;
//   * not on the serving threads: a health check must be answered while
//     RefereeService is overloaded (its serving threads busy with a backlog of
//     calls, or one slow call), and the kubelet's probe has a short timeout.
//     The control thread does little (a probe every few seconds), so it
//     costs no CPU to speak of, and it never runs a RefereeService handler.
//
// Every tag on the control queue is a ControlEvent; its Proceed runs on the
// control thread, so the state of the health and reflection services is
// touched by that thread only (other threads Post() work to it).
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
  ControlQueue() = default;
  ControlQueue(const ControlQueue&) = delete;
  ControlQueue& operator=(const ControlQueue&) = delete;
  ~ControlQueue();

  // Before the server is built: adds the control completion queue.
  void AddTo(grpc::ServerBuilder& builder);
  grpc::ServerCompletionQueue* queue() { return queue_.get(); }

  // After the server is built: starts the control thread.
  void Start();

  // Runs `request`, which asks gRPC for a call on queue(), unless the queue
  // is shut down (then a call object that would ask for its successor gets
  // false and deletes itself instead: asking on a shut-down queue aborts).
  bool RequestCall(const std::function<void()>& request);

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

  // After grpc::Server::Shutdown has returned (no call can be requested any
  // more): shuts the queue down, lets the thread drain it and joins it.
  void Stop();

 private:
  class PostedTask;
  class RepeatedTask;
  // Sets `alarm` to fire `tag` at `deadline`, unless the queue is shut down.
  bool SetAlarm(grpc::Alarm& alarm, std::chrono::system_clock::time_point deadline, void* tag);

  std::unique_ptr<grpc::ServerCompletionQueue> queue_;
  std::thread thread_;
  std::mutex mutex_;
  bool shut_down_ = false;                   // under mutex_
  std::vector<RepeatedTask*> repeated_tasks_;  // under mutex_; cancelled at Stop()
  std::atomic<int> calls_in_flight_{0};
};

}  // namespace carcassonne::service

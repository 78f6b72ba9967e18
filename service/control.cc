// The control queue and its thread (see control.h).
#include "service/control.h"

#include <grpc/support/time.h>

#include <utility>

namespace carcassonne::service {

// A task posted to the control thread: an alarm that fires at once.
class ControlQueue::PostedTask final : public ControlEvent {
 public:
  explicit PostedTask(std::function<void()> task) : task_(std::move(task)) {}
  grpc::Alarm& alarm() { return alarm_; }
  void Proceed(bool ok) override {
    if (ok) task_();
    delete this;
  }

 private:
  grpc::Alarm alarm_;
  std::function<void()> task_;
};

// A task run every period: a fresh alarm for each period (an alarm is set
// once), cancelled when the queue shuts down.
class ControlQueue::RepeatedTask final : public ControlEvent {
 public:
  RepeatedTask(ControlQueue& control, std::chrono::milliseconds period, std::function<void()> task)
      : control_(control), period_(period), task_(std::move(task)) {}

  // Sets the next alarm; false (and nothing set) once the queue is shut down.
  // Under control_.mutex_.
  bool Arm() {
    alarm_ = std::make_unique<grpc::Alarm>();
    return control_.SetAlarm(*alarm_, std::chrono::system_clock::now() + period_, this);
  }
  void Cancel() { alarm_->Cancel(); }  // under control_.mutex_

  void Proceed(bool ok) override {
    if (ok) task_();
    std::lock_guard<std::mutex> lock(control_.mutex_);
    if (!ok || !Arm()) {
      delete this;  // the queue is shutting down
    }
  }

 private:
  ControlQueue& control_;
  const std::chrono::milliseconds period_;
  const std::function<void()> task_;
  std::unique_ptr<grpc::Alarm> alarm_;
};

ControlQueue::ControlQueue() {
  // A queue that never polls (see control.h): its thread waits on a
  // condition variable, woken when an event completes on it.
  grpc_completion_queue_attributes attributes{GRPC_CQ_CURRENT_VERSION, GRPC_CQ_NEXT,
                                              GRPC_CQ_NON_POLLING, nullptr};
  grpc_init();  // (the C++ queue below keeps gRPC initialized from then on)
  queue_ = std::make_unique<grpc::CompletionQueue>(grpc_completion_queue_create(
      grpc_completion_queue_factory_lookup(&attributes), &attributes, nullptr));
  grpc_shutdown();
}

ControlQueue::~ControlQueue() { Stop(); }

// The requests for calls waiting for one serving thread (see control.h).
class ControlQueue::ServingThreadInbox final : public ServingQueueEvent {
 public:
  ServingThreadInbox(ControlQueue& control, grpc::ServerCompletionQueue* queue)
      : control_(control), queue_(queue) {}

  // Under control_.mutex_ (the requests are not stopped): the serving thread
  // is woken by an alarm on its queue unless one is pending already.
  void Add(std::function<void(grpc::ServerCompletionQueue*)> request,
           std::function<void()> refused) {
    waiting_.push_back({std::move(request), std::move(refused)});
    if (alarm_pending_) return;
    alarm_pending_ = true;
    alarm_ = std::make_unique<grpc::Alarm>();  // the last one has fired
    alarm_->Set(queue_, gpr_inf_past(GPR_CLOCK_MONOTONIC), Tag());
  }

  // On the serving thread (the alarm fired, or was cancelled as the queue
  // shut down): asks for the waiting calls under mutex_, or, once requests
  // are stopped, lets them delete themselves.
  void Happened(bool /*ok*/) override {
    std::vector<Waiting> refused;
    {
      std::lock_guard<std::mutex> lock(control_.mutex_);
      alarm_pending_ = false;
      for (Waiting& waiting : waiting_) {
        if (control_.requests_stopped_) {
          refused.push_back(std::move(waiting));
        } else {
          waiting.request(queue_);
        }
      }
      waiting_.clear();
    }
    for (Waiting& waiting : refused) waiting.refused();
  }

 private:
  struct Waiting {
    std::function<void(grpc::ServerCompletionQueue*)> request;
    std::function<void()> refused;
  };
  ControlQueue& control_;
  grpc::ServerCompletionQueue* const queue_;
  std::vector<Waiting> waiting_;  // under control_.mutex_
  bool alarm_pending_ = false;    // under control_.mutex_
  std::unique_ptr<grpc::Alarm> alarm_;
};

void ControlQueue::SetNotificationQueues(const std::vector<grpc::ServerCompletionQueue*>& queues) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (grpc::ServerCompletionQueue* queue : queues) {
    inboxes_.push_back(std::make_unique<ServingThreadInbox>(*this, queue));
  }
}

void ControlQueue::RequestCall(std::function<void(grpc::ServerCompletionQueue*)> request,
                               std::function<void()> refused) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!requests_stopped_ && !inboxes_.empty()) {
      inboxes_[next_inbox_++ % inboxes_.size()]->Add(std::move(request), std::move(refused));
      return;
    }
  }
  refused();
}

void ControlQueue::StopRequests() {
  std::lock_guard<std::mutex> lock(mutex_);
  requests_stopped_ = true;
}

void ControlQueue::Start() {
  thread_ = std::thread([this] {
    void* tag = nullptr;
    bool ok = false;
    while (queue_->Next(&tag, &ok)) {
      // Every event was armed under mutex_ (SetAlarm), after its object was
      // built: taking mutex_ once here orders that building before this
      // thread reads the object. (gRPC's queue orders it too, but gRPC is not
      // built for ThreadSanitizer, which then cannot see it.) Control events
      // are rare: health checks, reflection, timers.
      { std::lock_guard<std::mutex> lock(mutex_); }
      static_cast<ControlEvent*>(tag)->Proceed(ok);
    }
  });
}

bool ControlQueue::SetAlarm(grpc::Alarm& alarm, std::chrono::system_clock::time_point deadline,
                            void* tag) {
  if (shut_down_) return false;
  alarm.Set(queue_.get(), deadline, tag);
  return true;
}

void ControlQueue::Post(std::function<void()> task) {
  auto posted = std::make_unique<PostedTask>(std::move(task));
  std::lock_guard<std::mutex> lock(mutex_);
  if (SetAlarm(posted->alarm(), std::chrono::system_clock::now(), posted.get())) {
    posted.release();  // deleted by its Proceed
  }
}

void ControlQueue::Every(std::chrono::milliseconds period, std::function<void()> task) {
  auto repeated = std::make_unique<RepeatedTask>(*this, period, std::move(task));
  std::lock_guard<std::mutex> lock(mutex_);
  if (repeated->Arm()) repeated_tasks_.push_back(repeated.release());
}

void ControlQueue::Stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!shut_down_) {
      shut_down_ = true;
      requests_stopped_ = true;
      // A pending alarm would hold the queue's shutdown until it fires.
      for (RepeatedTask* task : repeated_tasks_) task->Cancel();
      repeated_tasks_.clear();
      queue_->Shutdown();
    }
  }
  if (thread_.joinable()) {
    thread_.join();
  } else {
    void* tag = nullptr;
    bool ok = false;
    while (queue_->Next(&tag, &ok)) {
      // Every event was armed under mutex_ (SetAlarm), after its object was
      // built: taking mutex_ once here orders that building before this
      // thread reads the object. (gRPC's queue orders it too, but gRPC is not
      // built for ThreadSanitizer, which then cannot see it.) Control events
      // are rare: health checks, reflection, timers.
      { std::lock_guard<std::mutex> lock(mutex_); }
      static_cast<ControlEvent*>(tag)->Proceed(ok);
    }
  }
}

}  // namespace carcassonne::service

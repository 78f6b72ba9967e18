// The health service (see health.h): each call is an object that asks gRPC
// for its call on the control queue, asks for its successor as soon as its
// call arrives (so that calls never wait inside gRPC), and deletes itself
// once its call is over.
#include "service/health.h"

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "service/error_reasons.h"
#include "service/request_id.h"

namespace carcassonne::service {

using grpc::health::v1::HealthCheckRequest;
using grpc::health::v1::HealthCheckResponse;

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Calls of each method asked for ahead. Each is replaced as soon as it
// arrives, and the control thread answers a check at once.
constexpr int kRequestedChecks = 4;
constexpr int kRequestedWatches = 2;

}  // namespace

// One Check.
class HealthService::CheckCall final : public ControlEvent {
 public:
  explicit CheckCall(HealthService& health) : health_(health), responder_(&context_) {}
  ~CheckCall() override {
    if (answered_) health_.control_.CallOver();
  }

  void Request() {
    health_.control_.RequestCall(
        [this](grpc::ServerCompletionQueue* notification_queue) {
          health_.service_.RequestCheck(&context_, &request_, &responder_, health_.control_.queue(),
                                        notification_queue, arrival_.Tag());
        },
        [this] { delete this; });
  }

  void Proceed(bool ok) override {
    if (answered_ || !ok) {  // the answer went out, or the server is shutting down
      delete this;
      return;
    }
    (new CheckCall(health_))->Request();
    answered_ = true;
    health_.control_.CallArrived();
    const Clock::time_point arrived = Clock::now();
    Metrics& metrics = health_.metrics_;
    metrics.RecordControlStarted(ControlMethod::kHealthCheck);
    metrics.RecordControlReceived(ControlMethod::kHealthCheck);
    const std::optional<std::string> client_id = ClientRequestId(context_);
    context_.AddInitialMetadata(kRequestIdKey, client_id ? *client_id : NewRequestId());
    if (!health_.Known(request_.service())) {
      grpc::Status status = ErrorStatus(ErrorReason::kHealthServiceUnknown,
                                        "unknown service \"" + request_.service() + "\"",
                                        {{"service", request_.service()}});
      if (client_id) status = WithRequestId(status, *client_id);
      metrics.RecordControlHandled(ControlMethod::kHealthCheck, status.error_code(),
                                   SecondsSince(arrived));
      responder_.FinishWithError(status, this);
      return;
    }
    response_.set_status(health_.StatusOf(request_.service()));
    metrics.RecordControlSent(ControlMethod::kHealthCheck);
    metrics.RecordControlHandled(ControlMethod::kHealthCheck, grpc::StatusCode::OK,
                                 SecondsSince(arrived));
    responder_.Finish(response_, grpc::Status::OK, this);
  }

 private:
  HealthService& health_;
  grpc::ServerContext context_;
  HealthCheckRequest request_;
  HealthCheckResponse response_;
  grpc::ServerAsyncResponseWriter<HealthCheckResponse> responder_;
  ControlArrival arrival_{health_.control_, *this};
  bool answered_ = false;
};

// One Watch. Two tags: the object itself for the call's arrival and its
// operations (one at a time: a write, then the finish), and `done_`, which
// comes out when the call is over (the only news of a client that leaves an
// idle watch).
class HealthService::WatchCall final : public ControlEvent {
 public:
  explicit WatchCall(HealthService& health) : health_(health), writer_(&context_), done_(*this) {}
  ~WatchCall() override {
    if (stage_ != Stage::kWaitingForCall) health_.control_.CallOver();
  }

  void Request() {
    context_.AsyncNotifyWhenDone(&done_);
    health_.control_.RequestCall(
        [this](grpc::ServerCompletionQueue* notification_queue) {
          health_.service_.RequestWatch(&context_, &request_, &writer_, health_.control_.queue(),
                                        notification_queue, arrival_.Tag());
        },
        [this] { delete this; });
  }

  void Proceed(bool ok) override {
    switch (stage_) {
      case Stage::kWaitingForCall:
        if (!ok) {  // the server is shutting down (no done event for a call that never came)
          delete this;
          return;
        }
        (new WatchCall(health_))->Request();
        health_.control_.CallArrived();
        arrived_ = Clock::now();
        health_.metrics_.RecordControlStarted(ControlMethod::kHealthWatch);
        health_.metrics_.RecordControlReceived(ControlMethod::kHealthWatch);
        done_pending_ = true;
        if (static_cast<int>(health_.watches_.size()) >= kMaxWatches) {
          Finish(ErrorStatus(
              ErrorReason::kTooManyHealthWatches,
              "too many health watches at once (at most " + std::to_string(kMaxWatches) + ")",
              {{"maxWatches", std::to_string(kMaxWatches)}}));
          return;
        }
        health_.watches_.insert(this);
        stage_ = Stage::kOpen;
        SendLatest();
        return;
      case Stage::kOpen:  // a write completed
        writing_ = false;
        if (!ok || client_left_) {
          Finish(ErrorStatus(ErrorReason::kCancelled, "the watch was cancelled"));
          return;
        }
        SendLatest();
        return;
      case Stage::kFinishing:
        finished_ = true;
        MaybeDelete();
        return;
    }
  }

  // Sends the latest status if it differs from the last one sent, or ends
  // the watch once the server ends them. (No write may be in flight.)
  void SendLatest() {
    if (stage_ != Stage::kOpen || writing_) return;
    const ServingStatus status = health_.StatusOf(request_.service());
    if (!sent_any_ || status != sent_) {
      response_.set_status(status);
      sent_any_ = true;
      sent_ = status;
      writing_ = true;
      health_.metrics_.RecordControlSent(ControlMethod::kHealthWatch);
      writer_.Write(response_, this);
      return;
    }
    if (health_.ending_watches_) Finish(grpc::Status::OK);
  }

 private:
  enum class Stage { kWaitingForCall, kOpen, kFinishing };

  // The done tag of the call.
  class Done final : public ControlEvent {
   public:
    explicit Done(WatchCall& watch) : watch_(watch) {}
    void Proceed(bool /*ok*/) override { watch_.OnDone(); }

   private:
    WatchCall& watch_;
  };

  void OnDone() {
    done_pending_ = false;
    if (stage_ == Stage::kOpen) {
      client_left_ = true;  // not finished by us: cancelled, or past its deadline
      if (!writing_) {
        Finish(ErrorStatus(ErrorReason::kCancelled, "the watch was cancelled"));
        return;
      }
    }
    MaybeDelete();
  }

  void Finish(const grpc::Status& status) {
    health_.metrics_.RecordControlHandled(ControlMethod::kHealthWatch, status.error_code(),
                                          SecondsSince(arrived_));
    health_.watches_.erase(this);
    stage_ = Stage::kFinishing;
    writer_.Finish(status, this);
  }

  void MaybeDelete() {
    if (stage_ == Stage::kFinishing && finished_ && !done_pending_) delete this;
  }

  HealthService& health_;
  grpc::ServerContext context_;
  HealthCheckRequest request_;
  HealthCheckResponse response_;
  grpc::ServerAsyncWriter<HealthCheckResponse> writer_;
  Done done_;
  ControlArrival arrival_{health_.control_, *this};
  Stage stage_ = Stage::kWaitingForCall;
  Clock::time_point arrived_;
  bool done_pending_ = false;  // the call arrived and is not over
  bool writing_ = false;
  bool client_left_ = false;
  bool finished_ = false;
  bool sent_any_ = false;
  ServingStatus sent_ = HealthCheckResponse::UNKNOWN;
};

HealthService::HealthService(std::string referee_service_name, ControlQueue& control,
                             Metrics& metrics)
    : referee_service_name_(std::move(referee_service_name)),
      control_(control),
      metrics_(metrics) {}

void HealthService::Start() {
  for (int i = 0; i < kRequestedChecks; ++i) (new CheckCall(*this))->Request();
  for (int i = 0; i < kRequestedWatches; ++i) (new WatchCall(*this))->Request();
}

void HealthService::EnterLameDuck() {
  lame_duck_.store(true, std::memory_order_release);
  control_.Post([this] {
    serving_.store(false, std::memory_order_release);
    UpdateWatches();
  });
}

void HealthService::EndWatches() {
  control_.Post([this] {
    serving_.store(false, std::memory_order_release);
    ending_watches_ = true;
    UpdateWatches();
  });
}

void HealthService::UpdateWatches() {
  // SendLatest may finish a watch, which leaves the set: iterate over a copy.
  const std::vector<WatchCall*> watches(watches_.begin(), watches_.end());
  for (WatchCall* watch : watches) watch->SendLatest();
}

bool HealthService::Known(const std::string& service) const {
  return service.empty() || service == referee_service_name_;
}

HealthService::ServingStatus HealthService::StatusOf(const std::string& service) const {
  if (!Known(service)) return HealthCheckResponse::SERVICE_UNKNOWN;
  return serving_ ? HealthCheckResponse::SERVING : HealthCheckResponse::NOT_SERVING;
}

HealthService::ServingStatus HealthService::CheckedStatus(const std::string& service) const {
  if (!Known(service)) return HealthCheckResponse::SERVICE_UNKNOWN;
  return lame_duck_.load(std::memory_order_acquire) ? HealthCheckResponse::NOT_SERVING
                                                    : HealthCheckResponse::SERVING;
}

}  // namespace carcassonne::service

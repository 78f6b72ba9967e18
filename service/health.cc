// The health service (see health.h).
#include "service/health.h"

#include <chrono>
#include <utility>

namespace carcassonne::service {
namespace {

// How often a watch that has nothing to send looks whether its client left.
constexpr std::chrono::milliseconds kWatchCancelPoll{100};

}  // namespace

using grpc::health::v1::HealthCheckRequest;
using grpc::health::v1::HealthCheckResponse;

HealthService::HealthService(std::string referee_service_name)
    : referee_service_name_(std::move(referee_service_name)) {}

void HealthService::Shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    shut_down_ = true;
  }
  changed_.notify_all();
}

bool HealthService::Known(const std::string& service) const {
  return service.empty() || service == referee_service_name_;
}

HealthService::ServingStatus HealthService::StatusOf(const std::string& service) const {
  if (!Known(service)) return HealthCheckResponse::SERVICE_UNKNOWN;
  return shut_down_ ? HealthCheckResponse::NOT_SERVING : HealthCheckResponse::SERVING;
}

grpc::Status HealthService::Check(grpc::ServerContext* /*context*/,
                                  const HealthCheckRequest* request,
                                  HealthCheckResponse* response) {
  if (!Known(request->service())) {
    return grpc::Status(grpc::StatusCode::NOT_FOUND,
                        "unknown service \"" + request->service() + "\"");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  response->set_status(StatusOf(request->service()));
  return grpc::Status::OK;
}

grpc::Status HealthService::Watch(grpc::ServerContext* context, const HealthCheckRequest* request,
                                  grpc::ServerWriter<HealthCheckResponse>* writer) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (watchers_ >= kMaxWatchers) {
    return grpc::Status(
        grpc::StatusCode::RESOURCE_EXHAUSTED,
        "too many health watches at once (at most " + std::to_string(kMaxWatchers) + ")");
  }
  ++watchers_;
  bool sent_any = false;
  ServingStatus sent = HealthCheckResponse::UNKNOWN;
  grpc::Status result = grpc::Status::OK;
  while (true) {
    const ServingStatus now = StatusOf(request->service());
    const bool last = shut_down_;
    if (!sent_any || now != sent) {
      HealthCheckResponse response;
      response.set_status(now);
      lock.unlock();  // a write may wait for the client
      const bool written = writer->Write(response);
      lock.lock();
      if (!written) break;  // the client left
      sent_any = true;
      sent = now;
      continue;  // the status may have changed meanwhile
    }
    if (last) break;  // NOT_SERVING sent after Shutdown(): the call ends
    if (context->IsCancelled()) {
      result = grpc::Status(grpc::StatusCode::CANCELLED, "the watch was cancelled");
      break;
    }
    changed_.wait_for(lock, kWatchCancelPoll);
  }
  --watchers_;
  return result;
}

}  // namespace carcassonne::service

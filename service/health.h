// The standard gRPC health service (grpc.health.v1.Health) of the referee.
//
// The server's own implementation rather than gRPC's default one
// (ServerBuilder::EnableDefaultHealthCheckService): in Debian's gRPC 1.51 the
// default service runs on the callback API, whose callback threads then also
// poll the server's connections and hand RefereeService calls from thread to
// thread (see server.cc); this one is a synchronous service, served by gRPC's
// synchronous thread pool, which health checks barely use.
//
// Known services: "" (the server as a whole) and
// "carcassonne.v1.RefereeService". Both are SERVING until Shutdown(), then
// NOT_SERVING for good.
//   Check: the status of a known service; NOT_FOUND for any other name.
//   Watch: sends the current status at once (SERVICE_UNKNOWN for an unknown
//          name, without ending the call), then each change; after
//          Shutdown() it sends NOT_SERVING and ends the call with OK. At most
//          kMaxWatchers watches at once (each holds a synchronous thread);
//          one more is refused with RESOURCE_EXHAUSTED.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>

#include "grpc/health/v1/health.grpc.pb.h"

namespace carcassonne::service {

class HealthService final : public grpc::health::v1::Health::Service {
 public:
  static constexpr int kMaxWatchers = 4;

  explicit HealthService(std::string referee_service_name);

  // Every known service NOT_SERVING, for good; wakes every watch.
  void Shutdown();

  grpc::Status Check(grpc::ServerContext* context,
                     const grpc::health::v1::HealthCheckRequest* request,
                     grpc::health::v1::HealthCheckResponse* response) override;
  grpc::Status Watch(grpc::ServerContext* context,
                     const grpc::health::v1::HealthCheckRequest* request,
                     grpc::ServerWriter<grpc::health::v1::HealthCheckResponse>* writer) override;

 private:
  using ServingStatus = grpc::health::v1::HealthCheckResponse::ServingStatus;

  bool Known(const std::string& service) const;
  ServingStatus StatusOf(const std::string& service) const;  // under mutex_

  const std::string referee_service_name_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool shut_down_ = false;  // under mutex_
  int watchers_ = 0;        // under mutex_
};

}  // namespace carcassonne::service

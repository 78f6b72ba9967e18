// The standard gRPC health service (grpc.health.v1.Health) of the referee,
// on the asynchronous API, served by the control thread (control.h).
//
// The server's own implementation rather than gRPC's default one
// (ServerBuilder::EnableDefaultHealthCheckService): in Debian's gRPC 1.51 the
// default service runs on the callback API, whose threads then also poll the
// server's connections and hand RefereeService calls from thread to thread
// (see serving.h).
//
// Known services: "" (the server as a whole) and
// "carcassonne.v1.RefereeService". Both are SERVING until EnterLameDuck()
// (SIGTERM), then NOT_SERVING for good.
//   Check: the status of a known service; NOT_FOUND for any other name. The
//          answer carries x-request-id (request_id.h) like RefereeService's,
//          and a NOT_FOUND the client's id in its ErrorInfo.
//   Watch: sends the current status at once (SERVICE_UNKNOWN for an unknown
//          name, without ending the call), then each change; after
//          EndWatches() (the end of the lame duck, server.h) it ends every
//          watch with OK, once NOT_SERVING is sent. At most kMaxWatches
//          watches at once: one more is refused with RESOURCE_EXHAUSTED. An
//          open watch holds no thread, only its call (a few KiB); the bound
//          is generous because clients that use gRPC health checking (gRFC
//          A17) open one watch per channel.
// Nothing here is shared with reflection or RefereeService: no stream that a
// client opens can delay or refuse a health check.
#pragma once

#include <atomic>
#include <string>
#include <unordered_set>

#include "grpc/health/v1/health.grpc.pb.h"
#include "service/control.h"
#include "service/metrics.h"

namespace carcassonne::service {

class HealthService {
 public:
  static constexpr int kMaxWatches = 1000;

  // Its calls are counted in `metrics` (metrics.h: grpc_service
  // "grpc.health.v1.Health").
  HealthService(std::string referee_service_name, ControlQueue& control, Metrics& metrics);
  HealthService(const HealthService&) = delete;
  HealthService& operator=(const HealthService&) = delete;

  // To register with the server builder.
  grpc::Service* service() { return &service_; }

  // After the server is built: asks for the first calls on the control queue.
  void Start();

  // NOT_SERVING for every known service, for good: Check answers it, every
  // watch is sent it. From any thread.
  void EnterLameDuck();

  // What Check answers for `service`, from any thread (the HTTP listener's
  // health check, http_server.h): SERVING, NOT_SERVING from EnterLameDuck()
  // on, SERVICE_UNKNOWN for a name Check answers NOT_FOUND.
  grpc::health::v1::HealthCheckResponse::ServingStatus CheckedStatus(
      const std::string& service) const;

  // Every watch ends with OK (after NOT_SERVING is sent); a watch opened
  // later gets its status and ends at once. From any thread.
  void EndWatches();

  // Whether the server as a whole ("") is SERVING: what Check answers for it
  // at this moment. From any thread (the HTTP readiness probe, probes.h).
  bool serving() const { return serving_.load(std::memory_order_acquire); }

 private:
  using ServingStatus = grpc::health::v1::HealthCheckResponse::ServingStatus;
  class CheckCall;
  class WatchCall;

  bool Known(const std::string& service) const;
  ServingStatus StatusOf(const std::string& service) const;
  // Each watch sends the latest status (or ends) as soon as it can.
  void UpdateWatches();

  const std::string referee_service_name_;
  ControlQueue& control_;
  Metrics& metrics_;
  grpc::health::v1::Health::AsyncService service_;
  // Written by the control thread only; read by it and by serving().
  std::atomic<bool> serving_{true};
  // Touched by the control thread only.
  bool ending_watches_ = false;
  std::unordered_set<WatchCall*> watches_;
  // Set by EnterLameDuck at once (CheckedStatus); serving_ follows on the
  // control thread.
  std::atomic<bool> lame_duck_{false};
};

}  // namespace carcassonne::service

// Prometheus metrics of the server (prometheus-cpp), served over HTTP on their
// own port at /metrics:
//
//   grpc_server_started_total{grpc_type,grpc_service,grpc_method}           counter
//   grpc_server_handled_total{grpc_type,grpc_service,grpc_method,grpc_code} counter
//   grpc_server_handling_seconds{grpc_type,grpc_service,grpc_method}        histogram
//   grpc_server_msg_received_total{grpc_type,grpc_service,grpc_method}      counter
//   grpc_server_msg_sent_total{grpc_type,grpc_service,grpc_method}          counter
//   carcassonne_verdicts_total{grpc_method,violation_code}                  counter
//   carcassonne_score_events_total{feature_kind}                            counter
//   carcassonne_calls_shed_total{grpc_method,reason}                        counter
//   carcassonne_build_info{version,revision}                                gauge (= 1)
//   process_cpu_seconds_total, process_resident_memory_bytes,
//   process_virtual_memory_bytes, process_open_fds, process_max_fds,
//   process_start_time_seconds                                              (ProcessMetrics)
//
// The gRPC series follow go-grpc-prometheus, which the usual gRPC dashboards
// query: grpc_type is "unary" (every RefereeService RPC is unary), and
// grpc_code is the Go spelling of the status code (codes.Code.String():
// "OK", "Canceled", "InvalidArgument", "ResourceExhausted", ...), not the
// C++ enum's upper-case name. The histogram's buckets start at 5 us: a
// handler takes about 10 to 100 us (bench/report.md).
//
// Messages (go-grpc-prometheus's message counters): a RefereeService call is
// unary, one message received (its request, read whole before anything is
// decided: a call refused or skipped counts it too) and one sent when it is
// answered OK. The control plane's calls (control.h) are counted in the same
// series, with their own grpc_service, grpc_method and grpc_type:
// grpc.health.v1.Health Check (unary) and Watch (server_stream), and
// grpc.reflection.v1alpha.ServerReflection ServerReflectionInfo
// (bidi_stream), each message of a stream counted as it is read or written,
// and a stream's handling time from its arrival to its status.
//
// A call that the server sheds (serving.h: refused under overload or for its
// size, or skipped because its client left or its deadline passed; the
// handler never runs)
// counts in grpc_server_started_total and grpc_server_handled_total with the
// status it was answered, and in carcassonne_calls_shed_total with the reason,
// but not in grpc_server_handling_seconds (it was not handled).
//
// Every label set is created once, at start-up (each method x each gRPC
// status code, each violation code, each feature kind), and kept as a plain
// pointer: recording a call does no label lookup (counters are atomic; a
// histogram observation takes only prometheus-cpp's per-series lock).
#pragma once

#include <grpcpp/support/status.h>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carcassonne/v1/referee.pb.h"
#include "prometheus/collectable.h"

struct CivetCallbacks;

namespace prometheus {
class Counter;
class Exposer;
class Histogram;
class Registry;
}  // namespace prometheus

namespace carcassonne::service {

namespace v1 = ::carcassonne::v1;

// The RPCs of carcassonne.v1.RefereeService, as metric label values.
enum class Method {
  kNewGame,
  kValidateAction,
  kApplyAction,
  kPlayTurn,
  kListLegalActions,
  kScoreGame,
  kGetCatalog,
  kDescribeBoard,
  kRenderBoard,
};
inline constexpr int kMethodCount = 9;

// The go-grpc-prometheus spelling of a status code ("OK", "Canceled",
// "InvalidArgument", ...; "Unknown" for a number gRPC does not define).
std::string_view GrpcCodeLabel(grpc::StatusCode code);
// The RPC's name in carcassonne.v1.RefereeService ("NewGame"), its grpc_method
// label; and the method of a name (nothing for an unknown one).
std::string_view MethodName(Method method);
std::optional<Method> MethodNamed(std::string_view name);

// The calls of the control plane (health and reflection), as metric labels.
enum class ControlMethod { kHealthCheck, kHealthWatch, kReflectionInfo };
inline constexpr int kControlMethodCount = 3;

// Why a call was shed (the label `reason` of carcassonne_calls_shed_total).
enum class ShedReason {
  kQueueFull,           // "queue_full": more waiting than the latency budget allows
  kDeadlineUnmeetable,  // "deadline_unmeetable": would be answered after its deadline
  kDeadlineExceeded,    // "deadline_exceeded": its deadline passed before it was served
  kCancelled,           // "cancelled": its client cancelled it before it was served
  kRequestMemory,       // "request_memory": the request bytes held are at their budget
  kRequestTooLarge,     // "request_too_large": the request is over the size limit (serving.h)
};
inline constexpr int kShedReasonCount = 6;
// Its `reason` label ("queue_full", ...).
std::string_view ShedReasonName(ShedReason reason);

class Metrics {
 public:
  Metrics(const std::string& version, const std::string& revision);
  ~Metrics();
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  const std::shared_ptr<prometheus::Registry>& registry() const { return registry_; }
  // What /metrics serves: the registry and the process metrics.
  std::vector<std::shared_ptr<prometheus::Collectable>> collectables() const;

  void RecordStarted(Method method);
  void RecordHandled(Method method, grpc::StatusCode code, double seconds);
  // A call answered `code` without running its handler (started, handled, shed).
  void RecordShed(Method method, ShedReason reason, grpc::StatusCode code);
  // A call another transport refused before the serving threads saw it
  // (connect.h): started, handled with `code`, and shed when it has a reason.
  void RecordRefused(Method method, grpc::StatusCode code, std::optional<ShedReason> reason);
  // The control plane's calls: started (its first message, for a unary call
  // or a stream whose client sends one first, is counted by
  // RecordControlReceived), each message read and written, and the status.
  void RecordControlStarted(ControlMethod method);
  void RecordControlReceived(ControlMethod method);
  void RecordControlSent(ControlMethod method);
  void RecordControlHandled(ControlMethod method, grpc::StatusCode code, double seconds);
  // "LEGAL" for a legal verdict, else the code of its first violation (one
  // count per verdict), by the method that gave it (ValidateAction,
  // ApplyAction or PlayTurn; other methods give no verdict and count none).
  void RecordVerdict(Method method, const v1::Verdict& verdict);
  // One count per score event, by feature kind.
  void RecordScoreEvents(const google::protobuf::RepeatedPtrField<v1::ScoreEvent>& events);

 private:
  // Every status code gRPC defines (OK = 0 .. UNAUTHENTICATED = 16).
  static constexpr int kStatusCodeCount = 17;

  struct MethodMetrics {
    prometheus::Counter* started = nullptr;
    prometheus::Counter* received = nullptr;  // grpc_server_msg_received_total
    prometheus::Counter* sent = nullptr;      // grpc_server_msg_sent_total
    std::array<prometheus::Counter*, kStatusCodeCount> handled{};
    prometheus::Histogram* seconds = nullptr;
    std::array<prometheus::Counter*, kShedReasonCount> shed{};
    // Verdicts: none for the methods that give no verdict.
    prometheus::Counter* legal_verdicts = nullptr;
    std::vector<prometheus::Counter*> violation_verdicts;  // by ViolationCode number
  };

  std::shared_ptr<prometheus::Registry> registry_;
  std::shared_ptr<prometheus::Collectable> process_;
  std::array<MethodMetrics, kMethodCount> methods_{};
  std::array<MethodMetrics, kControlMethodCount> control_{};  // no shed, no verdicts
  std::vector<prometheus::Counter*> score_events_;            // by FeatureKind number
};

// The process metrics of the Prometheus conventions (as client_golang's
// process collector exports them), read from /proc/self at each scrape: CPU
// time, resident and virtual memory, open and maximum file descriptors, and
// the start time. A scrape reads two small files and lists /proc/self/fd.
class ProcessMetrics : public prometheus::Collectable {
 public:
  ProcessMetrics();
  std::vector<prometheus::MetricFamily> Collect() const override;

 private:
  double start_time_seconds_ = 0;  // since the Unix epoch; fixed at start-up
};

// The HTTP endpoint that serves collectables (Metrics::collectables()) at
// /metrics.
// The IPv4 address a civetweb listener (the metrics endpoint, the HTTP port)
// binds for `address`: Debian's civetweb has no IPv6, so "::" and "::1" map
// to "0.0.0.0" and "127.0.0.1"; nothing for another IPv6 address.
std::optional<std::string> CivetwebHost(const std::string& address);

class MetricsEndpoint {
 public:
  // Listens on `address:port` (port 0: any free port). IPv4 only: "::" and
  // "::1" listen on 0.0.0.0 and 127.0.0.1. Throws std::exception when the
  // address cannot be used or the port cannot be bound. `callbacks` (civetweb's)
  // may answer other paths first: the HTTP probes (probes.h).
  MetricsEndpoint(const std::string& address, int port,
                  const std::vector<std::shared_ptr<prometheus::Collectable>>& collectables,
                  const CivetCallbacks* callbacks = nullptr);
  ~MetricsEndpoint();
  MetricsEndpoint(const MetricsEndpoint&) = delete;
  MetricsEndpoint& operator=(const MetricsEndpoint&) = delete;

  // The port actually bound (the given one, or the one chosen for port 0).
  int port() const { return port_; }
  // The IPv4 address it listens on.
  const std::string& address() const { return address_; }

 private:
  std::unique_ptr<prometheus::Exposer> exposer_;
  std::string address_;
  int port_ = 0;
};

}  // namespace carcassonne::service

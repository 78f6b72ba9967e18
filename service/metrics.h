// Prometheus metrics of the server (prometheus-cpp), served over HTTP on their
// own port at /metrics:
//
//   grpc_server_started_total{grpc_service,grpc_method}          counter
//   grpc_server_handled_total{grpc_service,grpc_method,grpc_code} counter
//   grpc_server_handling_seconds{grpc_service,grpc_method}       histogram
//   carcassonne_verdicts_total{violation_code}                   counter
//   carcassonne_score_events_total{feature_kind}                 counter
//   carcassonne_calls_shed_total{grpc_method,reason}             counter
//   carcassonne_build_info{version}                              gauge (= 1)
//
// A call that the server sheds (serving.h: refused under overload, or skipped
// because its client left or its deadline passed; the handler never runs)
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
#include <string>
#include <vector>

#include "carcassonne/v1/referee.pb.h"

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
};
inline constexpr int kMethodCount = 8;

// Why a call was shed (the label `reason` of carcassonne_calls_shed_total).
enum class ShedReason {
  kQueueFull,           // "queue_full": more waiting than the latency budget allows
  kDeadlineUnmeetable,  // "deadline_unmeetable": would be answered after its deadline
  kDeadlineExceeded,    // "deadline_exceeded": its deadline passed before it was served
  kCancelled,           // "cancelled": its client cancelled it before it was served
  kRequestMemory,       // "request_memory": the request bytes held are at their budget
};
inline constexpr int kShedReasonCount = 5;

class Metrics {
 public:
  explicit Metrics(const std::string& version);
  ~Metrics();
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  const std::shared_ptr<prometheus::Registry>& registry() const { return registry_; }

  void RecordStarted(Method method);
  void RecordHandled(Method method, grpc::StatusCode code, double seconds);
  // A call answered `code` without running its handler (started, handled, shed).
  void RecordShed(Method method, ShedReason reason, grpc::StatusCode code);
  // "LEGAL" for a legal verdict, else the code of its first violation (one
  // count per verdict).
  void RecordVerdict(const v1::Verdict& verdict);
  // One count per score event, by feature kind.
  void RecordScoreEvents(const google::protobuf::RepeatedPtrField<v1::ScoreEvent>& events);

 private:
  // Every status code gRPC defines (OK = 0 .. UNAUTHENTICATED = 16).
  static constexpr int kStatusCodeCount = 17;

  struct MethodMetrics {
    prometheus::Counter* started = nullptr;
    std::array<prometheus::Counter*, kStatusCodeCount> handled{};
    prometheus::Histogram* seconds = nullptr;
    std::array<prometheus::Counter*, kShedReasonCount> shed{};
  };

  std::shared_ptr<prometheus::Registry> registry_;
  std::array<MethodMetrics, kMethodCount> methods_{};
  prometheus::Counter* legal_verdicts_ = nullptr;
  std::vector<prometheus::Counter*> violation_verdicts_;  // by ViolationCode number
  std::vector<prometheus::Counter*> score_events_;        // by FeatureKind number
};

// The HTTP endpoint that serves a registry at /metrics.
class MetricsEndpoint {
 public:
  // Listens on `address:port` (port 0: any free port). IPv4 only: "::" and
  // "::1" listen on 0.0.0.0 and 127.0.0.1. Throws std::exception when the
  // address cannot be used or the port cannot be bound.
  MetricsEndpoint(const std::string& address, int port,
                  const std::shared_ptr<prometheus::Registry>& registry);
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

// Prometheus metrics of the server (see metrics.h).
#include "service/metrics.h"

#include <stdexcept>
#include <string_view>

#include "engine/text.h"
#include "prometheus/counter.h"
#include "prometheus/exposer.h"
#include "prometheus/gauge.h"
#include "prometheus/histogram.h"
#include "prometheus/registry.h"

namespace carcassonne::service {
namespace {

constexpr char kServiceName[] = "carcassonne.v1.RefereeService";

constexpr std::array<std::string_view, kMethodCount> kMethodNames = {
    "NewGame",          "ValidateAction", "ApplyAction", "PlayTurn",
    "ListLegalActions", "ScoreGame",      "GetCatalog",  "DescribeBoard",
};

// gRPC's names of its status codes, by number (grpc/status.h, the
// grpc_code label convention of go-grpc-prometheus).
constexpr std::array<std::string_view, 17> kStatusCodeNames = {
    "OK",
    "CANCELLED",
    "UNKNOWN",
    "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "OUT_OF_RANGE",
    "UNIMPLEMENTED",
    "INTERNAL",
    "UNAVAILABLE",
    "DATA_LOSS",
    "UNAUTHENTICATED",
};

constexpr std::array<std::string_view, kShedReasonCount> kShedReasonNames = {
    "queue_full", "deadline_unmeetable", "deadline_exceeded", "cancelled", "request_memory",
};

// Handling-time buckets, in seconds: handlers take microseconds to a few
// milliseconds; the tail shows overload.
const prometheus::Histogram::BucketBoundaries& LatencyBuckets() {
  static const auto* const buckets = new prometheus::Histogram::BucketBoundaries{
      0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
      0.025,   0.05,   0.1,     0.25,   0.5,   1.0,    2.5,   5.0};
  return *buckets;
}

}  // namespace

Metrics::Metrics(const std::string& version) : registry_(std::make_shared<prometheus::Registry>()) {
  auto& started = prometheus::BuildCounter()
                      .Name("grpc_server_started_total")
                      .Help("Total number of RPCs started on the server.")
                      .Register(*registry_);
  auto& handled = prometheus::BuildCounter()
                      .Name("grpc_server_handled_total")
                      .Help(
                          "Total number of RPCs completed on the server, regardless of success "
                          "or failure.")
                      .Register(*registry_);
  auto& seconds = prometheus::BuildHistogram()
                      .Name("grpc_server_handling_seconds")
                      .Help(
                          "Histogram of response latency (seconds) of gRPC that had been "
                          "application-level handled by the server.")
                      .Register(*registry_);
  auto& shed = prometheus::BuildCounter()
                   .Name("carcassonne_calls_shed_total")
                   .Help(
                       "RefereeService calls answered without running their handler, by reason: "
                       "refused under overload (queue_full, deadline_unmeetable, request_memory: "
                       "RESOURCE_EXHAUSTED) or skipped (deadline_exceeded, cancelled).")
                   .Register(*registry_);
  for (int m = 0; m < kMethodCount; ++m) {
    const std::string method(kMethodNames[m]);
    MethodMetrics& metrics = methods_[m];
    metrics.started = &started.Add({{"grpc_service", kServiceName}, {"grpc_method", method}});
    for (int code = 0; code < kStatusCodeCount; ++code) {
      metrics.handled[code] = &handled.Add({{"grpc_service", kServiceName},
                                            {"grpc_method", method},
                                            {"grpc_code", std::string(kStatusCodeNames[code])}});
    }
    metrics.seconds =
        &seconds.Add({{"grpc_service", kServiceName}, {"grpc_method", method}}, LatencyBuckets());
    for (int reason = 0; reason < kShedReasonCount; ++reason) {
      metrics.shed[reason] =
          &shed.Add({{"grpc_method", method}, {"reason", std::string(kShedReasonNames[reason])}});
    }
  }

  auto& verdicts = prometheus::BuildCounter()
                       .Name("carcassonne_verdicts_total")
                       .Help(
                           "Verdicts given (ValidateAction, ApplyAction, PlayTurn), by the code "
                           "of their first violation, or LEGAL.")
                       .Register(*registry_);
  legal_verdicts_ = &verdicts.Add({{"violation_code", "LEGAL"}});
  const google::protobuf::EnumDescriptor* codes = v1::ViolationCode_descriptor();
  int max_code = 0;
  for (int i = 0; i < codes->value_count(); ++i) {
    max_code = std::max(max_code, codes->value(i)->number());
  }
  violation_verdicts_.assign(max_code + 1, nullptr);
  for (int i = 0; i < codes->value_count(); ++i) {
    const google::protobuf::EnumValueDescriptor* code = codes->value(i);
    if (code->number() <= 0) continue;  // VIOLATION_CODE_UNSPECIFIED is never sent
    violation_verdicts_[code->number()] = &verdicts.Add({{"violation_code", code->name()}});
  }

  auto& events = prometheus::BuildCounter()
                     .Name("carcassonne_score_events_total")
                     .Help(
                         "Score events returned (ApplyAction, PlayTurn, ScoreGame), by feature "
                         "kind.")
                     .Register(*registry_);
  const google::protobuf::EnumDescriptor* kinds = v1::FeatureKind_descriptor();
  int max_kind = 0;
  for (int i = 0; i < kinds->value_count(); ++i) {
    max_kind = std::max(max_kind, kinds->value(i)->number());
  }
  score_events_.assign(max_kind + 1, nullptr);
  for (int i = 0; i < kinds->value_count(); ++i) {
    const google::protobuf::EnumValueDescriptor* kind = kinds->value(i);
    if (kind->number() <= 0) continue;
    score_events_[kind->number()] = &events.Add({{"feature_kind", kind->name()}});
  }

  prometheus::BuildGauge()
      .Name("carcassonne_build_info")
      .Help("Build information of the Carcassonne referee; the value is always 1.")
      .Register(*registry_)
      .Add({{"version", version}})
      .Set(1);
}

Metrics::~Metrics() = default;

void Metrics::RecordStarted(Method method) {
  methods_[static_cast<int>(method)].started->Increment();
}

void Metrics::RecordHandled(Method method, grpc::StatusCode code, double seconds) {
  MethodMetrics& metrics = methods_[static_cast<int>(method)];
  int index = static_cast<int>(code);
  if (index < 0 || index >= kStatusCodeCount) index = grpc::StatusCode::UNKNOWN;
  metrics.handled[index]->Increment();
  metrics.seconds->Observe(seconds);
}

void Metrics::RecordShed(Method method, ShedReason reason, grpc::StatusCode code) {
  MethodMetrics& metrics = methods_[static_cast<int>(method)];
  metrics.started->Increment();
  int index = static_cast<int>(code);
  if (index < 0 || index >= kStatusCodeCount) index = grpc::StatusCode::UNKNOWN;
  metrics.handled[index]->Increment();
  metrics.shed[static_cast<int>(reason)]->Increment();
}

void Metrics::RecordVerdict(const v1::Verdict& verdict) {
  if (verdict.legal() || verdict.violations().empty()) {
    legal_verdicts_->Increment();
    return;
  }
  const int code = verdict.violations(0).code();
  if (code > 0 && code < static_cast<int>(violation_verdicts_.size()) &&
      violation_verdicts_[code] != nullptr) {
    violation_verdicts_[code]->Increment();
  }
}

void Metrics::RecordScoreEvents(const google::protobuf::RepeatedPtrField<v1::ScoreEvent>& events) {
  for (const v1::ScoreEvent& event : events) {
    const int kind = event.feature_kind();
    if (kind > 0 && kind < static_cast<int>(score_events_.size()) &&
        score_events_[kind] != nullptr) {
      score_events_[kind]->Increment();
    }
  }
}

MetricsEndpoint::MetricsEndpoint(const std::string& address, int port,
                                 const std::shared_ptr<prometheus::Registry>& registry) {
  // Debian's civetweb (under prometheus-cpp) is built without IPv6: the IPv6
  // wildcard and loopback map to their IPv4 twins; other IPv6 addresses fail.
  std::string host = address;
  if (host == "::" || host == "[::]") host = "0.0.0.0";
  if (host == "::1" || host == "[::1]") host = "127.0.0.1";
  if (host.find(':') != std::string::npos) {
    throw std::runtime_error(
        Cat("the metrics endpoint listens on IPv4 only; ", address, " is not IPv4"));
  }
  const std::string bind = Cat(host, ":", port);
  // Two HTTP worker threads: a scrape every few seconds needs no more.
  exposer_ = std::make_unique<prometheus::Exposer>(bind, 2);
  address_ = host;
  exposer_->RegisterCollectable(registry);
  const std::vector<int> ports = exposer_->GetListeningPorts();
  if (ports.empty()) throw std::runtime_error(Cat("cannot listen on ", bind));
  port_ = ports.front();
}

MetricsEndpoint::~MetricsEndpoint() = default;

}  // namespace carcassonne::service

// Prometheus metrics of the server (see metrics.h).
#include "service/metrics.h"

#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "engine/text.h"
#include "prometheus/counter.h"
#include "prometheus/exposer.h"
#include "prometheus/gauge.h"
#include "prometheus/histogram.h"
#include "prometheus/metric_family.h"
#include "prometheus/registry.h"

namespace carcassonne::service {
namespace {

constexpr char kServiceName[] = "carcassonne.v1.RefereeService";

constexpr std::array<std::string_view, kMethodCount> kMethodNames = {
    "NewGame",   "ValidateAction", "ApplyAction",   "PlayTurn",    "ListLegalActions",
    "ScoreGame", "GetCatalog",     "DescribeBoard", "RenderBoard",
};

// Every RefereeService RPC is unary (go-grpc-prometheus's grpc_type).
constexpr char kGrpcType[] = "unary";

// The status codes by number (grpc/status.h) as go-grpc-prometheus writes
// them in grpc_code: Go's codes.Code.String() ("Canceled" with one l).
constexpr std::array<std::string_view, 17> kStatusCodeNames = {
    "OK",       "Canceled",        "Unknown",          "InvalidArgument",   "DeadlineExceeded",
    "NotFound", "AlreadyExists",   "PermissionDenied", "ResourceExhausted", "FailedPrecondition",
    "Aborted",  "OutOfRange",      "Unimplemented",    "Internal",          "Unavailable",
    "DataLoss", "Unauthenticated",
};

// The control plane's calls (ControlMethod order): service, method, type.
struct ControlMethodLabels {
  std::string_view service;
  std::string_view method;
  std::string_view type;
};
constexpr std::array<ControlMethodLabels, kControlMethodCount> kControlMethods = {{
    {"grpc.health.v1.Health", "Check", "unary"},
    {"grpc.health.v1.Health", "Watch", "server_stream"},
    {"grpc.reflection.v1alpha.ServerReflection", "ServerReflectionInfo", "bidi_stream"},
}};

// The methods that give verdicts (carcassonne_verdicts_total{grpc_method}).
bool GivesVerdicts(Method method) {
  return method == Method::kValidateAction || method == Method::kApplyAction ||
         method == Method::kPlayTurn;
}

constexpr std::array<std::string_view, kShedReasonCount> kShedReasonNames = {
    "queue_full", "deadline_unmeetable", "deadline_exceeded",
    "cancelled",  "request_memory",      "request_too_large",
};

// Handling-time buckets, in seconds, 1-2.5-5 per decade: from 5 us (a
// handler takes about 10 to 100 us: bench/report.md) to 5 s, the tail that
// shows overload.
const prometheus::Histogram::BucketBoundaries& LatencyBuckets() {
  static const auto* const buckets = new prometheus::Histogram::BucketBoundaries{
      0.000005, 0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
      0.01,     0.025,   0.05,     0.1,     0.25,   0.5,     1.0,    2.5,   5.0};
  return *buckets;
}

}  // namespace

std::string_view ShedReasonName(ShedReason reason) {
  return kShedReasonNames[static_cast<size_t>(reason)];
}

std::string_view MethodName(Method method) { return kMethodNames[static_cast<size_t>(method)]; }

std::optional<Method> MethodNamed(std::string_view name) {
  for (size_t m = 0; m < kMethodNames.size(); ++m) {
    if (kMethodNames[m] == name) return static_cast<Method>(m);
  }
  return std::nullopt;
}

std::string_view GrpcCodeLabel(grpc::StatusCode code) {
  const int index = static_cast<int>(code);
  if (index < 0 || index >= static_cast<int>(kStatusCodeNames.size())) {
    return kStatusCodeNames[grpc::StatusCode::UNKNOWN];
  }
  return kStatusCodeNames[index];
}

Metrics::Metrics(const std::string& version, const std::string& revision)
    : registry_(std::make_shared<prometheus::Registry>()),
      process_(std::make_shared<ProcessMetrics>()) {
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
  auto& received = prometheus::BuildCounter()
                       .Name("grpc_server_msg_received_total")
                       .Help("Total number of RPC stream messages received on the server.")
                       .Register(*registry_);
  auto& sent = prometheus::BuildCounter()
                   .Name("grpc_server_msg_sent_total")
                   .Help("Total number of gRPC stream messages sent by the server.")
                   .Register(*registry_);
  auto& shed = prometheus::BuildCounter()
                   .Name("carcassonne_calls_shed_total")
                   .Help(
                       "RefereeService calls answered without running their handler, by reason: "
                       "refused under overload (queue_full, deadline_unmeetable, request_memory: "
                       "RESOURCE_EXHAUSTED), refused for its size (request_too_large: "
                       "RESOURCE_EXHAUSTED) or skipped (deadline_exceeded, cancelled).")
                   .Register(*registry_);
  for (int m = 0; m < kMethodCount; ++m) {
    const std::string method(kMethodNames[m]);
    MethodMetrics& metrics = methods_[m];
    const prometheus::Labels call_labels = {
        {"grpc_type", kGrpcType}, {"grpc_service", kServiceName}, {"grpc_method", method}};
    metrics.started = &started.Add(call_labels);
    metrics.received = &received.Add(call_labels);
    metrics.sent = &sent.Add(call_labels);
    for (int code = 0; code < kStatusCodeCount; ++code) {
      prometheus::Labels labels = call_labels;
      labels.emplace("grpc_code", std::string(kStatusCodeNames[code]));
      metrics.handled[code] = &handled.Add(labels);
    }
    metrics.seconds = &seconds.Add(call_labels, LatencyBuckets());
    for (int reason = 0; reason < kShedReasonCount; ++reason) {
      metrics.shed[reason] =
          &shed.Add({{"grpc_method", method}, {"reason", std::string(kShedReasonNames[reason])}});
    }
  }

  for (int m = 0; m < kControlMethodCount; ++m) {
    const ControlMethodLabels& names = kControlMethods[m];
    MethodMetrics& metrics = control_[m];
    const prometheus::Labels call_labels = {{"grpc_type", std::string(names.type)},
                                            {"grpc_service", std::string(names.service)},
                                            {"grpc_method", std::string(names.method)}};
    metrics.started = &started.Add(call_labels);
    metrics.received = &received.Add(call_labels);
    metrics.sent = &sent.Add(call_labels);
    for (int code = 0; code < kStatusCodeCount; ++code) {
      prometheus::Labels labels = call_labels;
      labels.emplace("grpc_code", std::string(kStatusCodeNames[code]));
      metrics.handled[code] = &handled.Add(labels);
    }
    metrics.seconds = &seconds.Add(call_labels, LatencyBuckets());
  }

  auto& verdicts = prometheus::BuildCounter()
                       .Name("carcassonne_verdicts_total")
                       .Help(
                           "Verdicts given (ValidateAction, ApplyAction, PlayTurn), by method and "
                           "by the code of their first violation, or LEGAL.")
                       .Register(*registry_);
  const google::protobuf::EnumDescriptor* codes = v1::ViolationCode_descriptor();
  int max_code = 0;
  for (int i = 0; i < codes->value_count(); ++i) {
    max_code = std::max(max_code, codes->value(i)->number());
  }
  for (int m = 0; m < kMethodCount; ++m) {
    if (!GivesVerdicts(static_cast<Method>(m))) continue;
    const std::string method(kMethodNames[m]);
    MethodMetrics& metrics = methods_[m];
    metrics.legal_verdicts = &verdicts.Add({{"grpc_method", method}, {"violation_code", "LEGAL"}});
    metrics.violation_verdicts.assign(max_code + 1, nullptr);
    for (int i = 0; i < codes->value_count(); ++i) {
      const google::protobuf::EnumValueDescriptor* code = codes->value(i);
      if (code->number() <= 0) continue;  // VIOLATION_CODE_UNSPECIFIED is never sent
      metrics.violation_verdicts[code->number()] =
          &verdicts.Add({{"grpc_method", method}, {"violation_code", code->name()}});
    }
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
      .Help(
          "Build information of the Carcassonne referee (version, git revision); the value is "
          "always 1.")
      .Register(*registry_)
      .Add({{"version", version}, {"revision", revision}})
      .Set(1);
}

Metrics::~Metrics() = default;

std::vector<std::shared_ptr<prometheus::Collectable>> Metrics::collectables() const {
  return {registry_, process_};
}

namespace {
// The index of `code` among the handled counters (UNKNOWN for a number gRPC
// does not define).
int CodeIndex(grpc::StatusCode code) {
  const int index = static_cast<int>(code);
  return index < 0 || index >= 17 ? static_cast<int>(grpc::StatusCode::UNKNOWN) : index;
}
}  // namespace

void Metrics::RecordStarted(Method method) {
  MethodMetrics& metrics = methods_[static_cast<int>(method)];
  metrics.started->Increment();
  metrics.received->Increment();
}

void Metrics::RecordHandled(Method method, grpc::StatusCode code, double seconds) {
  MethodMetrics& metrics = methods_[static_cast<int>(method)];
  metrics.handled[CodeIndex(code)]->Increment();
  if (code == grpc::StatusCode::OK) metrics.sent->Increment();
  metrics.seconds->Observe(seconds);
}

void Metrics::RecordShed(Method method, ShedReason reason, grpc::StatusCode code) {
  RecordRefused(method, code, reason);
}

void Metrics::RecordRefused(Method method, grpc::StatusCode code,
                            std::optional<ShedReason> reason) {
  MethodMetrics& metrics = methods_[static_cast<int>(method)];
  metrics.started->Increment();
  metrics.received->Increment();
  metrics.handled[CodeIndex(code)]->Increment();
  if (reason) metrics.shed[static_cast<int>(*reason)]->Increment();
}

void Metrics::RecordControlStarted(ControlMethod method) {
  control_[static_cast<int>(method)].started->Increment();
}

void Metrics::RecordControlReceived(ControlMethod method) {
  control_[static_cast<int>(method)].received->Increment();
}

void Metrics::RecordControlSent(ControlMethod method) {
  control_[static_cast<int>(method)].sent->Increment();
}

void Metrics::RecordControlHandled(ControlMethod method, grpc::StatusCode code, double seconds) {
  MethodMetrics& metrics = control_[static_cast<int>(method)];
  metrics.handled[CodeIndex(code)]->Increment();
  metrics.seconds->Observe(seconds);
}

void Metrics::RecordVerdict(Method method, const v1::Verdict& verdict) {
  MethodMetrics& metrics = methods_[static_cast<int>(method)];
  if (metrics.legal_verdicts == nullptr) return;  // a method that gives no verdict
  if (verdict.legal() || verdict.violations().empty()) {
    metrics.legal_verdicts->Increment();
    return;
  }
  const int code = verdict.violations(0).code();
  if (code > 0 && code < static_cast<int>(metrics.violation_verdicts.size()) &&
      metrics.violation_verdicts[code] != nullptr) {
    metrics.violation_verdicts[code]->Increment();
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

namespace {

// Clock ticks per second of /proc's CPU times and start time.
double ClockTicksPerSecond() {
  const long ticks = sysconf(_SC_CLK_TCK);
  return ticks > 0 ? static_cast<double>(ticks) : 100.0;
}

// The fields of /proc/self/stat after the command name (which is in
// parentheses and may hold spaces): element 0 is field 3 (state), so field
// n (proc(5), counting from 1) is element n - 3. Empty when unreadable.
std::vector<std::string> ProcessStatFields() {
  std::ifstream file("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const size_t name_end = text.rfind(')');
  std::vector<std::string> fields;
  if (name_end == std::string::npos) return fields;
  std::istringstream rest(text.substr(name_end + 1));
  for (std::string field; rest >> field;) fields.push_back(field);
  return fields;
}

// Field n of /proc/self/stat (see above) as a number; 0 when absent.
double StatField(const std::vector<std::string>& fields, size_t n) {
  return n >= 3 && n - 3 < fields.size() ? std::strtod(fields[n - 3].c_str(), nullptr) : 0;
}

// The boot time (seconds since the Unix epoch), from /proc/stat's btime.
double BootTimeSeconds() {
  std::ifstream file("/proc/stat");
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("btime ", 0) == 0) return std::strtod(line.c_str() + 6, nullptr);
  }
  return 0;
}

// The number of open file descriptors (the entries of /proc/self/fd, less
// the one that lists them).
double OpenFileDescriptors() {
  DIR* directory = opendir("/proc/self/fd");
  if (directory == nullptr) return 0;
  double count = 0;
  while (const dirent* entry = readdir(directory)) {
    if (entry->d_name[0] != '.') ++count;
  }
  closedir(directory);
  return count > 0 ? count - 1 : 0;
}

prometheus::MetricFamily OneValue(const std::string& name, const std::string& help,
                                  prometheus::MetricType type, double value) {
  prometheus::MetricFamily family;
  family.name = name;
  family.help = help;
  family.type = type;
  prometheus::ClientMetric metric;
  if (type == prometheus::MetricType::Counter) {
    metric.counter.value = value;
  } else {
    metric.gauge.value = value;
  }
  family.metric.push_back(metric);
  return family;
}

}  // namespace

ProcessMetrics::ProcessMetrics() {
  // Field 22: the start time in clock ticks after boot.
  start_time_seconds_ =
      BootTimeSeconds() + StatField(ProcessStatFields(), 22) / ClockTicksPerSecond();
}

std::vector<prometheus::MetricFamily> ProcessMetrics::Collect() const {
  const std::vector<std::string> stat = ProcessStatFields();
  // Fields 14 and 15: user and system CPU time (ticks); 23: virtual memory
  // size (bytes); 24: resident set size (pages).
  const double cpu_seconds = (StatField(stat, 14) + StatField(stat, 15)) / ClockTicksPerSecond();
  const double resident_bytes = StatField(stat, 24) * static_cast<double>(sysconf(_SC_PAGESIZE));
  rlimit files{};
  const double max_fds = getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY
                             ? static_cast<double>(files.rlim_cur)
                             : 0;
  using prometheus::MetricType;
  return {
      OneValue("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.",
               MetricType::Counter, cpu_seconds),
      OneValue("process_resident_memory_bytes", "Resident memory size in bytes.", MetricType::Gauge,
               resident_bytes),
      OneValue("process_virtual_memory_bytes", "Virtual memory size in bytes.", MetricType::Gauge,
               StatField(stat, 23)),
      OneValue("process_open_fds", "Number of open file descriptors.", MetricType::Gauge,
               OpenFileDescriptors()),
      OneValue("process_max_fds", "Maximum number of open file descriptors.", MetricType::Gauge,
               max_fds),
      OneValue("process_start_time_seconds",
               "Start time of the process since unix epoch in seconds.", MetricType::Gauge,
               start_time_seconds_),
  };
}

std::optional<std::string> CivetwebHost(const std::string& address) {
  // Debian's civetweb (under prometheus-cpp) is built without IPv6: the IPv6
  // wildcard and loopback map to their IPv4 twins; other IPv6 addresses fail.
  if (address == "::" || address == "[::]") return "0.0.0.0";
  if (address == "::1" || address == "[::1]") return "127.0.0.1";
  if (address.find(':') != std::string::npos) return std::nullopt;
  return address;
}

MetricsEndpoint::MetricsEndpoint(
    const std::string& address, int port,
    const std::vector<std::shared_ptr<prometheus::Collectable>>& collectables,
    const CivetCallbacks* callbacks) {
  const std::optional<std::string> ipv4 = CivetwebHost(address);
  if (!ipv4) {
    throw std::runtime_error(
        Cat("the metrics endpoint listens on IPv4 only; ", address, " is not IPv4"));
  }
  const std::string& host = *ipv4;
  const std::string bind = Cat(host, ":", port);
  // Two HTTP worker threads: a scrape every few seconds needs no more.
  exposer_ = std::make_unique<prometheus::Exposer>(bind, 2, callbacks);
  address_ = host;
  for (const auto& collectable : collectables) exposer_->RegisterCollectable(collectable);
  const std::vector<int> ports = exposer_->GetListeningPorts();
  if (ports.empty()) throw std::runtime_error(Cat("cannot listen on ", bind));
  port_ = ports.front();
}

MetricsEndpoint::~MetricsEndpoint() = default;

}  // namespace carcassonne::service

// Fuzz target for the HTTP request -> handler path, without sockets: the
// input is an HTTP request in a simple text form,
//   <METHOD> <PATH>[?<QUERY>]\n<Name>: <value>\n...\n\n<body>
// (lines end at \n; a missing part is empty), handed to service/connect.h's
// Respond with a backend that runs the real handler path on this thread
// (ServeDirectly: parse, handler, serialize; no admission control). Every
// protocol of the port is reached: Connect POST in JSON and binary, the GET
// form, gRPC-Web, the health check, CORS preflights, the static pages.
//
// Besides "no crash, no leak, no undefined behaviour, no hang", it checks
// what the port promises for any request:
//   * never HTTP 500 (an exception escaped a handler or the converter);
//   * a Connect error answer (JSON, status >= 400, not a preflight or a
//     page) is a JSON object with a "code" (the Connect error body);
//   * every answer has a Content-Type unless it is a 204 preflight;
//   * the same request gets the same answer (status and body).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "service/connect.h"
#include "service/metrics.h"
#include "tests/fuzz/fuzz_check.h"

namespace carcassonne::fuzz {
namespace {

using service::HttpRequest;
using service::HttpResponse;

// RefereeService calls run the real handler path at once; health SERVING.
class DirectBackend final : public service::RpcBackend {
 public:
  service::UnaryAnswer Call(service::UnaryRequest request) override {
    return service::ServeDirectly(request, metrics_);
  }
  grpc::health::v1::HealthCheckResponse::ServingStatus Health(const std::string& service) override {
    return service.empty() || service == "carcassonne.v1.RefereeService"
               ? grpc::health::v1::HealthCheckResponse::SERVING
               : grpc::health::v1::HealthCheckResponse::SERVICE_UNKNOWN;
  }

 private:
  service::Metrics metrics_{"fuzz", "fuzz"};
};

// The request the input describes.
HttpRequest ParseRequest(std::string_view input) {
  HttpRequest request;
  auto next_line = [&input]() {
    const size_t end = input.find('\n');
    const std::string_view line = input.substr(0, end);
    input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
    return line;
  };
  const std::string_view first = next_line();
  const size_t space = first.find(' ');
  request.method = std::string(first.substr(0, space));
  const std::string_view target =
      space == std::string_view::npos ? std::string_view() : first.substr(space + 1);
  const size_t question = target.find('?');
  request.path = std::string(target.substr(0, question));
  if (question != std::string_view::npos) request.query = std::string(target.substr(question + 1));
  while (!input.empty()) {
    const std::string_view line = next_line();
    if (line.empty()) break;
    const size_t colon = line.find(':');
    std::string_view value =
        colon == std::string_view::npos ? std::string_view() : line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    request.headers.emplace_back(std::string(line.substr(0, colon)), std::string(value));
  }
  request.body = std::string(input.substr(0, service::kMaxHttpBodyBytes));
  return request;
}

std::string_view HeaderOf(const HttpResponse& response, std::string_view name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return {};
}

}  // namespace
}  // namespace carcassonne::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace carcassonne::fuzz;  // NOLINT: this file's own helpers
  static DirectBackend backend;
  static const carcassonne::service::HttpPolicy policy{{"https://games.example"}, false};
  const HttpRequest request =
      ParseRequest(std::string_view(reinterpret_cast<const char*>(data), size));
  const HttpResponse response = carcassonne::service::Respond(request, policy, backend);
  FUZZ_CHECK(response.status != 500, "HTTP 500: " + response.body);
  FUZZ_CHECK(response.status == 204 || !HeaderOf(response, "Content-Type").empty(),
             "no Content-Type on a " + std::to_string(response.status));
  if (response.status >= 400 && HeaderOf(response, "Content-Type") == "application/json") {
    google::protobuf::Struct body;
    FUZZ_CHECK(google::protobuf::util::JsonStringToMessage(response.body, &body).ok() &&
                   body.fields().count("code") == 1,
               "not a Connect error body: " + response.body);
  }
  const HttpResponse again = carcassonne::service::Respond(request, policy, backend);
  FUZZ_CHECK(again.status == response.status && again.body == response.body,
             "two answers to one request: " + std::to_string(response.status) + " then " +
                 std::to_string(again.status));
  return 0;
}

// Every call counted and traceable (issues 29 and 31), on the real binary
// (server_process.h) with its HTTP port on:
//   * request ids: a client's x-request-id (gRPC metadata) or X-Request-Id
//     (HTTP header) comes back in the answer and, for an error, in its
//     ErrorInfo (metadata "requestId"), for gRPC, Connect and gRPC-Web alike;
//     without one the server makes one up, returns it, and puts it in no
//     error (two identical requests get identical error bytes) and in no
//     successful body; the access log line of an HTTP call has its id;
//   * the HTTP-level errors of the port (unknown path, wrong method, wrong
//     content type, malformed header or query, oversized body, a preflight
//     from an origin not allowed) are Connect errors carrying an ErrorInfo
//     with their reason;
//   * metrics: grpc_server_msg_received_total / grpc_server_msg_sent_total,
//     health and reflection calls in the grpc_server_* series, and HTTP calls
//     refused before the serving threads (an oversized body, a malformed JSON
//     body) counted with their code (and shed reason).
// Every expected count follows from the calls the test makes on its own
// fresh server.
#include <arpa/inet.h>
#include <grpcpp/grpcpp.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "carcassonne/v1/referee.grpc.pb.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "gtest/gtest.h"
#include "server_process.h"

namespace carcassonne::service {
namespace {

namespace v1 = ::carcassonne::v1;
using test_server::kCallTimeout;
using test_server::MetricValue;
using test_server::ServerProcess;

constexpr char kPrefix[] = "/carcassonne.v1.RefereeService/";
constexpr char kLabels[] = "grpc_service=\"carcassonne.v1.RefereeService\",grpc_type=\"unary\"}";

// A TCP port that was free a moment ago (the HTTP port's 0 means "off").
int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  close(fd);
  return port;
}

// ---------------------------------------------------------------------------
// A minimal HTTP/1.1 client: one request per connection (Connection: close).

struct Reply {
  int status = 0;
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
};

// Sends `request` (the raw bytes) and reads the reply until the server
// closes the connection.
Reply Exchange(int port, const std::string& request) {
  Reply reply;
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  timeval timeout{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return reply;
  }
  size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<size_t>(n);
  }
  std::string response;
  std::array<char, 16384> buffer;
  ssize_t n = 0;
  while ((n = recv(fd, buffer.data(), buffer.size(), 0)) > 0) response.append(buffer.data(), n);
  close(fd);
  const size_t head_end = response.find("\r\n\r\n");
  if (head_end == std::string::npos) return reply;
  std::istringstream head(response.substr(0, head_end));
  std::string line;
  std::getline(head, line);
  if (line.size() >= 12) reply.status = std::atoi(line.c_str() + 9);
  while (std::getline(head, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    reply.headers[absl::AsciiStrToLower(line.substr(0, colon))] = value;
  }
  reply.body = response.substr(head_end + 4);
  return reply;
}

Reply Http(int port, const std::string& method, const std::string& path,
           const std::vector<std::string>& headers, const std::string& body) {
  std::string request = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  for (const std::string& header : headers) request += header + "\r\n";
  if (!body.empty() || method == "POST") {
    request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  }
  return Exchange(port, request + "Connection: close\r\n\r\n" + body);
}

// A JSON POST to `method` announcing a body of 1 MiB + 1 byte, of which only
// a few bytes follow: the server answers at once, without reading the rest.
Reply Oversized(int port, const std::string& method) {
  return Exchange(port, "POST /carcassonne.v1.RefereeService/" + method +
                            " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            "Content-Length: 1048577\r\n\r\n{\"playerNames\":");
}

// The ErrorInfo of a Connect error body: its "debug" JSON (reason, domain,
// metadata), read by the JSON parser of the ErrorInfo message itself.
std::optional<google::rpc::ErrorInfo> ConnectErrorInfo(const std::string& body) {
  const std::regex info_detail("\\{\"type\":\"google\\.rpc\\.ErrorInfo\",\"value\":\"([^\"]*)\"");
  std::smatch match;
  if (!std::regex_search(body, match, info_detail)) return std::nullopt;
  std::string bytes;
  if (!absl::WebSafeBase64Unescape(match[1].str(), &bytes) &&
      !absl::Base64Unescape(match[1].str(), &bytes)) {
    return std::nullopt;
  }
  google::rpc::ErrorInfo info;
  if (!info.ParseFromString(bytes)) return std::nullopt;
  return info;
}

// The "code" of a Connect error body.
std::string ConnectCode(const std::string& body) {
  const std::regex code("^\\{\"code\":\"([a-z_]*)\"");
  std::smatch match;
  return std::regex_search(body, match, code) ? match[1].str() : "";
}

// The ErrorInfo in a gRPC status' details.
std::optional<google::rpc::ErrorInfo> StatusErrorInfo(const std::string& details) {
  google::rpc::Status status;
  if (!status.ParseFromString(details)) return std::nullopt;
  for (const google::protobuf::Any& any : status.details()) {
    google::rpc::ErrorInfo info;
    if (any.UnpackTo(&info)) return info;
  }
  return std::nullopt;
}

// The value of a trailer of a gRPC-Web answer body ("" if absent).
std::string GrpcWebTrailer(const std::string& body, const std::string& name) {
  const size_t at = body.find(name + ":");
  if (at == std::string::npos) return "";
  const size_t end = body.find("\r\n", at);
  return body.substr(at + name.size() + 1, end - at - name.size() - 1);
}

class TraceabilityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    http_port_ = FreePort();
    ASSERT_GT(http_port_, 0);
    ASSERT_EQ(server_.Start({"--http_port=" + std::to_string(http_port_),
                             "--http_cors_origins=https://games.example", "--access_log=all"}),
              "");
    channel_ = grpc::CreateChannel(server_.target(), grpc::InsecureChannelCredentials());
    stub_ = v1::RefereeService::NewStub(channel_);
  }

  std::string Metrics() const { return test_server::HttpGet(server_.metrics_port(), "/metrics"); }
  double Value(const std::string& series) const {
    return MetricValue(Metrics(), series).value_or(-1);
  }
  Reply PostJson(const std::string& method, const std::string& body,
                 std::vector<std::string> headers = {}) {
    headers.push_back("Content-Type: application/json");
    return Http(http_port_, "POST", kPrefix + method, headers, body);
  }

  // A ValidateAction over gRPC without a state: INVALID_ARGUMENT.
  grpc::Status MalformedOverGrpc(const std::string& request_id, std::string* answered_id) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    if (!request_id.empty()) context.AddMetadata("x-request-id", request_id);
    v1::ValidateActionRequest request;
    v1::ValidateActionResponse response;
    const grpc::Status status = stub_->ValidateAction(&context, request, &response);
    const auto& metadata = context.GetServerInitialMetadata();
    const auto found = metadata.find("x-request-id");
    *answered_id =
        found == metadata.end() ? "" : std::string(found->second.data(), found->second.size());
    return status;
  }

  ServerProcess server_;
  int http_port_ = 0;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::RefereeService::Stub> stub_;
};

// --- request ids -------------------------------------------------------------

TEST_F(TraceabilityTest, GrpcErrorsCarryTheClientsRequestIdAndNoMadeUpOne) {
  std::string answered;
  const grpc::Status sent = MalformedOverGrpc("trace-41", &answered);
  ASSERT_EQ(sent.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(answered, "trace-41");
  const auto info = StatusErrorInfo(sent.error_details());
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->metadata().at("requestId"), "trace-41");
  EXPECT_EQ(info->reason(), "FIELD_REQUIRED");

  // Without an id: one is made up and returned in the metadata, but the
  // error's bytes are those of any identical request (no id inside).
  std::string first_id;
  std::string second_id;
  const grpc::Status first = MalformedOverGrpc("", &first_id);
  const grpc::Status second = MalformedOverGrpc("", &second_id);
  EXPECT_EQ(first_id.size(), 32u);
  EXPECT_NE(first_id, second_id);
  EXPECT_EQ(first.error_details(), second.error_details());
  const auto anonymous = StatusErrorInfo(first.error_details());
  ASSERT_TRUE(anonymous.has_value());
  EXPECT_EQ(anonymous->metadata().count("requestId"), 0u);
}

TEST_F(TraceabilityTest, HealthCheckAnswersCarryTheRequestId) {
  auto health = grpc::health::v1::Health::NewStub(channel_);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  context.AddMetadata("x-request-id", "probe-7");
  grpc::health::v1::HealthCheckRequest request;
  request.set_service("no.such.Service");
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = health->Check(&context, request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  const auto& metadata = context.GetServerInitialMetadata();
  ASSERT_EQ(metadata.count("x-request-id"), 1u);
  EXPECT_EQ(metadata.find("x-request-id")->second, "probe-7");
  const auto info = StatusErrorInfo(status.error_details());
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->reason(), "HEALTH_SERVICE_UNKNOWN");
  EXPECT_EQ(info->metadata().at("requestId"), "probe-7");
}

TEST_F(TraceabilityTest, ConnectAnswersReturnTheRequestIdInTheHeaderAndErrorsInTheErrorInfo) {
  // Success: the header echoes the id; the body is the same bytes as with any
  // other id (none inside).
  Reply ok_a = PostJson("GetCatalog", "{}", {"X-Request-Id: catalogue-a"});
  Reply ok_b = PostJson("GetCatalog", "{}", {"X-Request-Id: catalogue-b"});
  ASSERT_EQ(ok_a.status, 200);
  EXPECT_EQ(ok_a.headers["x-request-id"], "catalogue-a");
  EXPECT_EQ(ok_b.headers["x-request-id"], "catalogue-b");
  EXPECT_EQ(ok_a.body, ok_b.body);
  EXPECT_EQ(ok_a.body.find("catalogue-a"), std::string::npos);

  // An error: the id in its ErrorInfo.
  Reply error = PostJson("ValidateAction", "{}", {"X-Request-Id: bad-move-9"});
  ASSERT_EQ(error.status, 400) << error.body;
  EXPECT_EQ(error.headers["x-request-id"], "bad-move-9");
  const auto info = ConnectErrorInfo(error.body);
  ASSERT_TRUE(info.has_value()) << error.body;
  EXPECT_EQ(info->metadata().at("requestId"), "bad-move-9");

  // No id, or an unusable one (a space): made up (32 hex digits), returned,
  // and absent from the error, whose bytes are then the same every time.
  Reply first = PostJson("ValidateAction", "{}");
  Reply second = PostJson("ValidateAction", "{}", {"X-Request-Id: has space"});
  EXPECT_TRUE(std::regex_match(first.headers["x-request-id"], std::regex("[0-9a-f]{32}")));
  EXPECT_TRUE(std::regex_match(second.headers["x-request-id"], std::regex("[0-9a-f]{32}")));
  EXPECT_NE(first.headers["x-request-id"], second.headers["x-request-id"]);
  EXPECT_EQ(first.body, second.body);
  const auto anonymous = ConnectErrorInfo(first.body);
  ASSERT_TRUE(anonymous.has_value()) << first.body;
  EXPECT_EQ(anonymous->metadata().count("requestId"), 0u);

  // The access log line of each HTTP call names its id.
  const std::string log = server_.Log();
  EXPECT_NE(log.find("\"request_id\":\"bad-move-9\""), std::string::npos) << log;
  EXPECT_NE(log.find("\"request_id\":\"catalogue-a\""), std::string::npos) << log;
  EXPECT_NE(log.find("\"request_id\":\"" + first.headers["x-request-id"] + "\""), std::string::npos)
      << log;
}

TEST_F(TraceabilityTest, GrpcWebErrorsCarryTheRequestIdInTheirTrailers) {
  // An empty body is no frame: INVALID_ARGUMENT in the trailers frame.
  Reply reply = Http(http_port_, "POST", std::string(kPrefix) + "GetCatalog",
                     {"Content-Type: application/grpc-web+proto", "X-Request-Id: web-3"}, "");
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.headers["x-request-id"], "web-3");
  EXPECT_EQ(GrpcWebTrailer(reply.body, "grpc-status"), "3");
  std::string details;
  ASSERT_TRUE(
      absl::WebSafeBase64Unescape(GrpcWebTrailer(reply.body, "grpc-status-details-bin"),
                                  &details) ||
      absl::Base64Unescape(GrpcWebTrailer(reply.body, "grpc-status-details-bin"), &details));
  const auto info = StatusErrorInfo(details);
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->reason(), "BODY_UNPARSABLE");
  EXPECT_EQ(info->metadata().at("requestId"), "web-3");
}

// --- HTTP-level errors carry an ErrorInfo ----------------------------------

TEST_F(TraceabilityTest, HttpLevelErrorsAreConnectErrorsWithTheirReason) {
  struct Case {
    std::string what;
    Reply reply;
    int status;
    std::string code;
    std::string reason;
    std::string key;  // a metadata key it must carry ("" for none)
  };
  const std::string catalog = std::string(kPrefix) + "GetCatalog";
  std::vector<Case> cases;
  cases.push_back({"unknown procedure", PostJson("NoSuchMethod", "{}"), 404, "unimplemented",
                   "PROCEDURE_NOT_FOUND", "path"});
  cases.push_back({"unknown page", Http(http_port_, "GET", "/no/such/page", {}, ""), 404,
                   "not_found", "PATH_NOT_FOUND", ""});
  cases.push_back({"wrong method",
                   Http(http_port_, "PUT", std::string(kPrefix) + "NewGame", {}, ""), 405,
                   "unimplemented", "HTTP_METHOD_NOT_ALLOWED", "allow"});
  cases.push_back({"wrong content type",
                   Http(http_port_, "POST", std::string(kPrefix) + "NewGame",
                        {"Content-Type: text/plain"}, "{}"),
                   415, "unimplemented", "CONTENT_TYPE_UNSUPPORTED", "acceptPost"});
  cases.push_back({"bad Connect-Timeout-Ms",
                   PostJson("GetCatalog", "{}", {"Connect-Timeout-Ms: soon"}), 400,
                   "invalid_argument", "HEADER_INVALID", "header"});
  cases.push_back({"bad Connect-Protocol-Version",
                   PostJson("GetCatalog", "{}", {"Connect-Protocol-Version: 2"}), 400,
                   "invalid_argument", "HEADER_INVALID", "header"});
  cases.push_back({"GET without encoding",
                   Http(http_port_, "GET", catalog + "?connect=v1&message=%7B%7D", {}, ""), 400,
                   "invalid_argument", "QUERY_INVALID", "parameter"});
  cases.push_back({"GET with a bad escape",
                   Http(http_port_, "GET", catalog + "?encoding=json&message=%zz", {}, ""), 400,
                   "invalid_argument", "QUERY_INVALID", "parameter"});
  cases.push_back(
      {"GET compressed",
       Http(http_port_, "GET",
            catalog + "?connect=v1&encoding=json&compression=gzip&message=%7B%7D", {}, ""),
       501, "unimplemented", "COMPRESSION_UNSUPPORTED", ""});
  cases.push_back({"body over 1 MiB", Oversized(http_port_, "NewGame"), 413, "resource_exhausted",
                   "REQUEST_TOO_LARGE", "maxRequestBytes"});
  cases.push_back(
      {"preflight from another origin",
       Http(http_port_, "OPTIONS", std::string(kPrefix) + "NewGame",
            {"Origin: https://evil.example", "Access-Control-Request-Method: POST"}, ""),
       403, "permission_denied", "ORIGIN_NOT_ALLOWED", ""});
  for (Case& c : cases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(c.reply.status, c.status) << c.reply.body;
    EXPECT_EQ(c.reply.headers["content-type"], "application/json");
    EXPECT_EQ(ConnectCode(c.reply.body), c.code) << c.reply.body;
    const auto info = ConnectErrorInfo(c.reply.body);
    ASSERT_TRUE(info.has_value()) << c.reply.body;
    EXPECT_EQ(info->reason(), c.reason);
    EXPECT_EQ(info->domain(), "carcassonne.referee");
    if (!c.key.empty()) {
      EXPECT_EQ(info->metadata().count(c.key), 1u) << c.reply.body;
    }
    EXPECT_FALSE(c.reply.headers["x-request-id"].empty());
  }
}

// --- metrics ------------------------------------------------------------------

TEST_F(TraceabilityTest, MessagesAreCountedAsGoGrpcPrometheusCountsThem) {
  // Two GetCatalog calls answered OK (2 received, 2 sent), one malformed
  // ValidateAction (1 received, 0 sent).
  for (int i = 0; i < 2; ++i) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    v1::GetCatalogResponse response;
    ASSERT_TRUE(stub_->GetCatalog(&context, v1::GetCatalogRequest(), &response).ok());
  }
  std::string ignored;
  ASSERT_EQ(MalformedOverGrpc("", &ignored).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  const std::string metrics = Metrics();
  auto value = [&](const std::string& series) { return MetricValue(metrics, series).value_or(-1); };
  EXPECT_EQ(
      value(std::string("grpc_server_msg_received_total{grpc_method=\"GetCatalog\",") + kLabels),
      2);
  EXPECT_EQ(value(std::string("grpc_server_msg_sent_total{grpc_method=\"GetCatalog\",") + kLabels),
            2);
  EXPECT_EQ(value(std::string("grpc_server_msg_received_total{grpc_method=\"ValidateAction\",") +
                  kLabels),
            1);
  EXPECT_EQ(
      value(std::string("grpc_server_msg_sent_total{grpc_method=\"ValidateAction\",") + kLabels),
      0);
}

TEST_F(TraceabilityTest, HealthAndReflectionCallsAreCounted) {
  ASSERT_TRUE(test_server::WaitForServing(channel_, ""));  // at least one Check, answered OK
  const double checks_before = Value(
      "grpc_server_handled_total{grpc_code=\"OK\",grpc_method=\"Check\",grpc_service="
      "\"grpc.health.v1.Health\",grpc_type=\"unary\"}");
  ASSERT_GE(checks_before, 1);
  // Three more checks over gRPC, one of an unknown service.
  auto health = grpc::health::v1::Health::NewStub(channel_);
  for (const std::string service : {"", "carcassonne.v1.RefereeService", "nope"}) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    grpc::health::v1::HealthCheckRequest request;
    request.set_service(service);
    grpc::health::v1::HealthCheckResponse response;
    health->Check(&context, request, &response);
  }
  // And two over HTTP (Connect), one of an unknown service: counted alike.
  ASSERT_EQ(Http(http_port_, "POST", "/grpc.health.v1.Health/Check",
                 {"Content-Type: application/json"}, "{}")
                .status,
            200);
  ASSERT_EQ(Http(http_port_, "POST", "/grpc.health.v1.Health/Check",
                 {"Content-Type: application/json"}, "{\"service\":\"nope\"}")
                .status,
            404);
  const std::string check =
      "grpc_method=\"Check\",grpc_service=\"grpc.health.v1.Health\","
      "grpc_type=\"unary\"}";
  EXPECT_EQ(Value("grpc_server_handled_total{grpc_code=\"OK\"," + check), checks_before + 3);
  EXPECT_EQ(Value("grpc_server_handled_total{grpc_code=\"NotFound\"," + check), 2);
  EXPECT_EQ(Value("grpc_server_started_total{" + check), checks_before + 5);
  EXPECT_EQ(Value("grpc_server_msg_received_total{" + check), checks_before + 5);
  EXPECT_EQ(Value("grpc_server_msg_sent_total{" + check), checks_before + 3);

  // One reflection stream: list_services, then half-close: OK.
  const std::string buf = std::string(CARCASSONNE_SOURCE_DIR) + "/node_modules/.bin/buf";
  if (access(buf.c_str(), X_OK) != 0) GTEST_SKIP() << buf << " is missing (npm ci)";
  const auto [status, output] = test_server::RunCommand(
      buf +
      " curl --protocol grpc --http2-prior-knowledge --reflect-protocol grpc-v1alpha "
      "--list-services http://" +
      server_.target());
  ASSERT_EQ(status, 0) << output;
  const std::string stream =
      "grpc_method=\"ServerReflectionInfo\",grpc_service=\"grpc.reflection.v1alpha."
      "ServerReflection\",grpc_type=\"bidi_stream\"}";
  EXPECT_EQ(Value("grpc_server_started_total{" + stream), 1);
  EXPECT_GE(Value("grpc_server_msg_received_total{" + stream), 1);
  EXPECT_EQ(Value("grpc_server_msg_sent_total{" + stream),
            Value("grpc_server_msg_received_total{" + stream));
}

TEST_F(TraceabilityTest, HttpCallsRefusedBeforeServingAreCounted) {
  // An oversized body: ResourceExhausted, shed as request_too_large.
  ASSERT_EQ(Oversized(http_port_, "NewGame").status, 413);
  // A body that is not JSON: InvalidArgument, not shed.
  ASSERT_EQ(PostJson("ScoreGame", "{not json").status, 400);
  EXPECT_EQ(Value(std::string("grpc_server_handled_total{grpc_code=\"ResourceExhausted\","
                              "grpc_method=\"NewGame\",") +
                  kLabels),
            1);
  EXPECT_EQ(Value(std::string("grpc_server_started_total{grpc_method=\"NewGame\",") + kLabels), 1);
  EXPECT_EQ(Value("carcassonne_calls_shed_total{grpc_method=\"NewGame\","
                  "reason=\"request_too_large\"}"),
            1);
  EXPECT_EQ(Value(std::string("grpc_server_handled_total{grpc_code=\"InvalidArgument\","
                              "grpc_method=\"ScoreGame\",") +
                  kLabels),
            1);
  EXPECT_EQ(Value(std::string("grpc_server_started_total{grpc_method=\"ScoreGame\",") + kLabels),
            1);
  // No shed reason for a malformed call.
  for (const char* reason : {"queue_full", "deadline_unmeetable", "deadline_exceeded", "cancelled",
                             "request_memory", "request_too_large"}) {
    EXPECT_EQ(
        Value(std::string("carcassonne_calls_shed_total{grpc_method=\"ScoreGame\",reason=\"") +
              reason + "\"}"),
        0)
        << reason;
  }
  // Both are in the access log with their code (and the refusal reason).
  const std::string log = server_.Log();
  EXPECT_TRUE(
      std::regex_search(log, std::regex("NewGame\",\"code\":\"ResourceExhausted\"[^\n]*\"refusal\":"
                                        "\"request_too_large\"")))
      << log;
  EXPECT_NE(log.find("ScoreGame\",\"code\":\"InvalidArgument\""), std::string::npos) << log;
}

}  // namespace
}  // namespace carcassonne::service

// The HTTP port (issue #28, service/http_server.h, service/connect.h) over the
// real binary: Connect unary in JSON (plain curl, and this test's own HTTP/1.1
// client) and binary, `buf curl` over Connect and gRPC-Web, the GET form of
// GetCatalog, the health check, the Connect errors and their HTTP statuses,
// deadlines, the body limit, CORS, the index page, the metrics, and the lame
// duck then drain on SIGTERM. The answers are compared with the gRPC port's
// for the same request: one handler path for every transport. (Over 600
// lines: one test per promise of docs/http.md, on one small HTTP client.)
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <google/protobuf/wrappers.pb.h>
#include <netinet/tcp.h>

#include <map>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "gtest/gtest.h"
#include "server_process.h"

namespace carcassonne::service {
namespace {

namespace v1 = ::carcassonne::v1;
using namespace test_server;  // NOLINT: the shared helpers of the service tests

constexpr char kPrefix[] = "/carcassonne.v1.RefereeService/";

// A TCP port that was free a moment ago (the OS picks it): the HTTP port's 0
// means "off", so the test chooses one.
int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  close(fd);
  return port;
}

struct Reply {
  int status = 0;                              // 0: no answer
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
};

// Connects to 127.0.0.1:port, with a receive timeout; -1 on failure.
int Connect(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  timeval timeout{static_cast<time_t>(kCallTimeout.count()), 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

bool SendAll(int fd, const std::string& bytes) {
  size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<size_t>(n);
  }
  return true;
}

// Reads one answer (its Content-Length bytes of body) from `fd`.
Reply ReadReply(int fd) {
  std::string data;
  char buffer[65536];
  Reply reply;
  size_t header_end = std::string::npos;
  size_t length = 0;
  while (true) {
    if (header_end == std::string::npos) {
      header_end = data.find("\r\n\r\n");
      if (header_end != std::string::npos) {
        std::istringstream head(data.substr(0, header_end));
        std::string line;
        std::getline(head, line);
        if (line.size() > 12) reply.status = std::atoi(line.c_str() + 9);
        while (std::getline(head, line)) {
          if (!line.empty() && line.back() == '\r') line.pop_back();
          const size_t colon = line.find(':');
          if (colon == std::string::npos) continue;
          std::string name = line.substr(0, colon);
          for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          reply.headers[name] = line.substr(line.find_first_not_of(' ', colon + 1));
        }
        length = static_cast<size_t>(std::atol(reply.headers["content-length"].c_str()));
      }
    }
    if (header_end != std::string::npos && data.size() >= header_end + 4 + length) {
      reply.body = data.substr(header_end + 4, length);
      return reply;
    }
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) return Reply{};
    data.append(buffer, static_cast<size_t>(n));
  }
}

// One request on a fresh connection.
Reply Http(int port, const std::string& method, const std::string& path,
           const std::vector<std::string>& headers, const std::string& body) {
  const int fd = Connect(port);
  if (fd < 0) return {};
  std::string request = method + " " + path +
                        " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                        "\r\nConnection: close\r\n";
  for (const std::string& header : headers) request += header + "\r\n";
  if (method == "POST") request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  request += "\r\n" + body;
  Reply reply = SendAll(fd, request) ? ReadReply(fd) : Reply{};
  close(fd);
  return reply;
}

Reply PostJson(int port, const std::string& method, const std::string& json,
               std::vector<std::string> headers = {}) {
  headers.push_back("Content-Type: application/json");
  return Http(port, "POST", kPrefix + method, headers, json);
}

std::string ToJson(const google::protobuf::Message& message) {
  std::string json;
  EXPECT_TRUE(google::protobuf::util::MessageToJsonString(message, &json).ok());
  return json;
}

template <typename Message>
Message FromJson(const std::string& json) {
  Message message;
  const auto status = google::protobuf::util::JsonStringToMessage(json, &message);
  EXPECT_TRUE(status.ok()) << status.message() << " in " << json;
  return message;
}

// The Connect error body: its code, and the BadRequest field paths of its
// google.rpc.BadRequest details (decoded from their base64 "value").
struct ConnectError {
  std::string code;
  std::string message;
  std::vector<std::string> bad_fields;
  int bad_request_details = 0;
};

ConnectError ParseError(const std::string& json) {
  const auto body = FromJson<google::protobuf::Struct>(json);
  ConnectError error;
  auto field = [&](const google::protobuf::Struct& s, const std::string& name) {
    const auto found = s.fields().find(name);
    return found == s.fields().end() ? std::string() : found->second.string_value();
  };
  error.code = field(body, "code");
  error.message = field(body, "message");
  const auto details = body.fields().find("details");
  if (details == body.fields().end()) return error;
  for (const auto& detail : details->second.list_value().values()) {
    if (field(detail.struct_value(), "type") != "google.rpc.BadRequest") continue;
    ++error.bad_request_details;
    std::string value = field(detail.struct_value(), "value");
    while (value.size() % 4 != 0) value += '=';  // Connect sends it unpadded
    google::protobuf::BytesValue bytes;          // the base64 decoded by the JSON mapping of bytes
    EXPECT_TRUE(google::protobuf::util::JsonStringToMessage("\"" + value + "\"", &bytes).ok());
    google::rpc::BadRequest bad_request;
    EXPECT_TRUE(bad_request.ParseFromString(bytes.value()));
    for (const auto& violation : bad_request.field_violations()) {
      error.bad_fields.push_back(violation.field());
    }
  }
  return error;
}

// base:U (road E-W) east of the start tile base:D: road meets road, legal
// (as service_test's ValidateActionAcceptsAFittingTile). Written in JSON, as
// a site would.
v1::Action RoadEastOfTheStart() {
  return FromJson<v1::Action>(
      R"({"placeTile": {"tileType": "base:U", "x": 1, "y": 0, "rotation": 0}})");
}

class HttpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    http_port_ = FreePort();
    ASSERT_GT(http_port_, 0);
    const std::string error = server_.Start(
        {"--http_port=" + std::to_string(http_port_), "--http_cors_origins=https://games.example"});
    ASSERT_EQ(error, "") << error;
    ASSERT_NE(server_.Log().find("http_port=" + std::to_string(http_port_)), std::string::npos)
        << server_.Log();
    channel_ = grpc::CreateChannel(server_.target(), grpc::InsecureChannelCredentials());
    stub_ = v1::RefereeService::NewStub(channel_);
    ASSERT_TRUE(WaitForServing(channel_, kServiceName));
  }

  // A new two-player base game over gRPC.
  v1::GameState NewGameOverGrpc() {
    v1::NewGameRequest request;
    request.add_player_names("Ada");
    request.add_player_names("Bo");
    v1::NewGameResponse response;
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    EXPECT_TRUE(stub_->NewGame(&context, request, &response).ok());
    return response.state();
  }

  v1::ValidateActionRequest FittingTile() {
    v1::ValidateActionRequest request;
    *request.mutable_state() = NewGameOverGrpc();
    *request.mutable_action() = RoadEastOfTheStart();
    return request;
  }

  std::string Metrics() { return HttpGet(server_.metrics_port(), "/metrics"); }

  ServerProcess server_;
  int http_port_ = 0;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::RefereeService::Stub> stub_;
};

TEST_F(HttpTest, PlainCurlJsonNewGameThenValidateAction) {
  const auto [status, output] = RunCommand(
      "curl -sS -H 'Content-Type: application/json' -d '{\"playerNames\":[\"Ada\",\"Bo\"]}' "
      "http://127.0.0.1:" +
      std::to_string(http_port_) + kPrefix + "NewGame");
  ASSERT_EQ(status, 0) << output;
  const auto game = FromJson<v1::NewGameResponse>(output);
  // The JSON answer is the gRPC answer for the same request.
  v1::GameState over_grpc = NewGameOverGrpc();
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(game.state(), over_grpc))
      << output;
  ASSERT_EQ(game.state().players_size(), 2);
  EXPECT_EQ(game.state().players(0).name(), "Ada");
  EXPECT_EQ(game.state().players(1).name(), "Bo");

  // The snapshot from the JSON answer goes back as JSON.
  v1::ValidateActionRequest validate;
  *validate.mutable_state() = game.state();
  *validate.mutable_action() = RoadEastOfTheStart();
  Reply reply = PostJson(http_port_, "ValidateAction", ToJson(validate));
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.headers.at("content-type"), "application/json");
  const auto verdict = FromJson<v1::ValidateActionResponse>(reply.body);
  EXPECT_TRUE(verdict.verdict().legal()) << reply.body;
  // Output names are camelCase, enums by name (proto3 JSON mapping).
  EXPECT_NE(output.find("\"tileType\""), std::string::npos);
}

TEST_F(HttpTest, JsonInputAcceptsProtoFieldNamesToo) {
  Reply reply = PostJson(http_port_, "NewGame", "{\"player_names\":[\"Ada\",\"Bo\"]}");
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(FromJson<v1::NewGameResponse>(reply.body).state().players_size(), 2);
}

TEST_F(HttpTest, BinaryProtoAnswerIsTheGrpcAnswerByteForByte) {
  const v1::ValidateActionRequest request = FittingTile();
  v1::ValidateActionResponse over_grpc;
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  ASSERT_TRUE(stub_->ValidateAction(&context, request, &over_grpc).ok());
  Reply reply = Http(http_port_, "POST", std::string(kPrefix) + "ValidateAction",
                     {"Content-Type: application/proto", "Connect-Protocol-Version: 1"},
                     request.SerializeAsString());
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(reply.headers.at("content-type"), "application/proto");
  EXPECT_EQ(reply.body, over_grpc.SerializeAsString());
  EXPECT_TRUE(over_grpc.verdict().legal());
}

TEST_F(HttpTest, BufCurlOverConnectAndGrpcWeb) {
  const std::string buf = std::string(CARCASSONNE_SOURCE_DIR) + "/node_modules/.bin/buf";
  ASSERT_EQ(access(buf.c_str(), X_OK), 0) << buf << " is missing: run scripts/install-deps.sh";
  for (const std::string protocol : {"connect", "grpcweb"}) {
    const auto [status, output] = RunCommand(
        buf + " curl --schema " + std::string(CARCASSONNE_SOURCE_DIR) + " --protocol " + protocol +
        " --http2-prior-knowledge=false -d '{\"playerNames\":[\"Ada\",\"Bo\"]}' http://127.0.0.1:" +
        std::to_string(http_port_) + kPrefix + "NewGame");
    ASSERT_EQ(status, 0) << protocol << ": " << output;
    const auto game = FromJson<v1::NewGameResponse>(output);
    EXPECT_EQ(game.state().players_size(), 2) << protocol << ": " << output;

    // An error carries the BadRequest: buf prints the Connect error.
    const auto [bad_status, bad_output] = RunCommand(
        buf + " curl --schema " + std::string(CARCASSONNE_SOURCE_DIR) + " --protocol " + protocol +
        " --http2-prior-knowledge=false -d '{\"state\":{}}' http://127.0.0.1:" +
        std::to_string(http_port_) + kPrefix + "ValidateAction");
    EXPECT_NE(bad_status, 0) << protocol;
    EXPECT_NE(bad_output.find("invalid_argument"), std::string::npos) << protocol << bad_output;
    EXPECT_NE(bad_output.find("google.rpc.BadRequest"), std::string::npos)
        << protocol << bad_output;
  }
}

TEST_F(HttpTest, GrpcWebFramesTheAnswerAndItsTrailers) {
  v1::NewGameRequest request;
  request.add_player_names("Ada");
  request.add_player_names("Bo");
  const std::string message = request.SerializeAsString();
  std::string frame = {0, 0, 0, static_cast<char>(message.size() >> 8),
                       static_cast<char>(message.size() & 0xff)};
  frame += message;
  Reply reply = Http(http_port_, "POST", std::string(kPrefix) + "NewGame",
                     {"Content-Type: application/grpc-web+proto", "X-Grpc-Web: 1"}, frame);
  ASSERT_EQ(reply.status, 200);
  ASSERT_GT(reply.body.size(), 5u);
  EXPECT_EQ(reply.body[0], 0);  // a data frame
  const size_t length =
      (static_cast<unsigned char>(reply.body[3]) << 8) | static_cast<unsigned char>(reply.body[4]);
  v1::NewGameResponse response;
  ASSERT_TRUE(response.ParseFromString(reply.body.substr(5, length)));
  EXPECT_EQ(response.state().players_size(), 2);
  const std::string trailers = reply.body.substr(5 + length);
  ASSERT_GT(trailers.size(), 5u);
  EXPECT_EQ(static_cast<unsigned char>(trailers[0]), 0x80);  // the trailers frame
  EXPECT_EQ(trailers.substr(5), "grpc-status:0\r\n");
}

TEST_F(HttpTest, GrpcWebJsonAndAnErrorInTheTrailers) {
  auto frame = [](const std::string& message) {
    std::string framed = {0, 0, 0, static_cast<char>(message.size() >> 8),
                          static_cast<char>(message.size() & 0xff)};
    return framed + message;
  };
  // +json: the framed message is the request in JSON.
  Reply reply = Http(http_port_, "POST", std::string(kPrefix) + "NewGame",
                     {"Content-Type: application/grpc-web+json"},
                     frame("{\"playerNames\":[\"Ada\",\"Bo\"]}"));
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.headers["content-type"], "application/grpc-web+json");
  ASSERT_GT(reply.body.size(), 5u);
  const size_t length =
      (static_cast<unsigned char>(reply.body[3]) << 8) | static_cast<unsigned char>(reply.body[4]);
  EXPECT_EQ(FromJson<v1::NewGameResponse>(reply.body.substr(5, length)).state().players_size(), 2);
  // An invalid snapshot: no data frame, the trailers carry the status and
  // the same google.rpc.Status as over gRPC (base64).
  reply = Http(http_port_, "POST", std::string(kPrefix) + "ValidateAction",
               {"Content-Type: application/grpc-web+json"}, frame("{\"state\":{}}"));
  ASSERT_EQ(reply.status, 200);
  ASSERT_GT(reply.body.size(), 5u);
  EXPECT_EQ(static_cast<unsigned char>(reply.body[0]), 0x80);  // trailers only
  const std::string trailers = reply.body.substr(5);
  EXPECT_EQ(trailers.rfind("grpc-status:3\r\n", 0), 0u) << trailers;  // INVALID_ARGUMENT
  EXPECT_NE(trailers.find("grpc-status-details-bin:"), std::string::npos) << trailers;
  // A body that is not one frame is malformed.
  EXPECT_NE(Http(http_port_, "POST", std::string(kPrefix) + "NewGame",
                 {"Content-Type: application/grpc-web+proto"}, "\x01\x02")
                .body.find("grpc-status:3"),
            std::string::npos);
}

TEST_F(HttpTest, MalformedJsonIsInvalidArgumentWithABadRequest) {
  Reply reply = PostJson(http_port_, "NewGame", "{\"playerNames\": [");
  ASSERT_EQ(reply.status, 400) << reply.body;
  const ConnectError error = ParseError(reply.body);
  EXPECT_EQ(error.code, "invalid_argument");
  EXPECT_EQ(error.bad_request_details, 1) << reply.body;
  EXPECT_EQ(error.bad_fields, std::vector<std::string>{""}) << reply.body;  // the request itself
  // An unknown field is malformed too.
  EXPECT_EQ(PostJson(http_port_, "NewGame", "{\"noSuchField\": 1}").status, 400);
}

TEST_F(HttpTest, InvalidSnapshotNamesTheSameFieldsAsOverGrpc) {
  v1::ValidateActionRequest request;  // no phase, no action
  request.mutable_state();
  grpc::ClientContext context;
  v1::ValidateActionResponse ignored;
  const grpc::Status over_grpc = stub_->ValidateAction(&context, request, &ignored);
  ASSERT_EQ(over_grpc.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  Reply reply = PostJson(http_port_, "ValidateAction", "{\"state\":{}}");
  ASSERT_EQ(reply.status, 400) << reply.body;
  const ConnectError error = ParseError(reply.body);
  EXPECT_EQ(error.code, "invalid_argument");
  EXPECT_EQ(error.message, over_grpc.error_message());
  EXPECT_EQ(error.bad_fields, BadRequestFields(over_grpc)) << reply.body;
}

TEST_F(HttpTest, WrongContentTypeIs415) {
  Reply reply = Http(http_port_, "POST", std::string(kPrefix) + "NewGame",
                     {"Content-Type: text/plain"}, "{}");
  EXPECT_EQ(reply.status, 415);
  EXPECT_NE(reply.headers["accept-post"].find("application/json"), std::string::npos);
}

TEST_F(HttpTest, OversizedBodyIsRefusedBeforeItIsRead) {
  // Headers announce 1 MiB + 1 byte; only a few bytes follow. The server
  // answers at once (it does not wait for the rest) and closes.
  const int fd = Connect(http_port_);
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(SendAll(fd, std::string("POST ") + kPrefix +
                              "NewGame HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                              "Content-Length: 1048577\r\n\r\n{\"playerNames\":"));
  Reply reply = ReadReply(fd);
  close(fd);
  EXPECT_EQ(reply.status, 413);
  EXPECT_EQ(reply.headers["connection"], "close");
  EXPECT_EQ(ParseError(reply.body).code, "resource_exhausted") << reply.body;
  // A body of exactly the limit is read (and judged: not a valid request).
  Reply at_limit = Http(http_port_, "POST", std::string(kPrefix) + "NewGame",
                        {"Content-Type: application/proto"}, std::string(1048576, '\xff'));
  EXPECT_EQ(at_limit.status, 400);
  EXPECT_EQ(ParseError(at_limit.body).code, "invalid_argument");
}

TEST_F(HttpTest, ConnectTimeoutIsTheDeadline) {
  // 0 ms has expired on arrival: deadline_exceeded (504), the handler not run,
  // counted as shed like a gRPC call.
  Reply expired = PostJson(http_port_, "GetCatalog", "{}", {"Connect-Timeout-Ms: 0"});
  EXPECT_EQ(expired.status, 504);
  EXPECT_EQ(ParseError(expired.body).code, "deadline_exceeded");
  EXPECT_EQ(MetricValue(Metrics(),
                        "carcassonne_calls_shed_total{grpc_method=\"GetCatalog\","
                        "reason=\"deadline_exceeded\"}"),
            1.0);
  for (const std::string malformed : {"abc", "-5", "12345678901", ""}) {
    Reply reply = PostJson(http_port_, "GetCatalog", "{}", {"Connect-Timeout-Ms: " + malformed});
    EXPECT_EQ(reply.status, 400) << malformed;
    EXPECT_EQ(ParseError(reply.body).code, "invalid_argument") << malformed;
  }
  // A generous timeout is served.
  EXPECT_EQ(PostJson(http_port_, "GetCatalog", "{}", {"Connect-Timeout-Ms: 60000"}).status, 200);
  // Only version 1 of the protocol exists.
  EXPECT_EQ(PostJson(http_port_, "GetCatalog", "{}", {"Connect-Protocol-Version: 2"}).status, 400);
}

TEST_F(HttpTest, UnknownProcedureIs404AndOtherVerbsAre405) {
  Reply unknown = PostJson(http_port_, "NoSuchMethod", "{}");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(ParseError(unknown.body).code, "unimplemented");
  EXPECT_EQ(Http(http_port_, "GET", std::string(kPrefix) + "NewGame", {}, "").status, 405);
  EXPECT_EQ(Http(http_port_, "PUT", std::string(kPrefix) + "NewGame", {}, "").status, 405);
}

TEST_F(HttpTest, GetCatalogAnswersTheConnectGetFormCacheably) {
  Reply post = PostJson(http_port_, "GetCatalog", "{}");
  ASSERT_EQ(post.status, 200);
  Reply get =
      Http(http_port_, "GET",
           std::string(kPrefix) + "GetCatalog?connect=v1&encoding=json&message=%7B%7D", {}, "");
  ASSERT_EQ(get.status, 200) << get.body;
  EXPECT_EQ(get.body, post.body);
  EXPECT_EQ(get.headers["cache-control"], "public, max-age=300");
  // The binary encoding, base64 (an empty message is empty bytes).
  Reply binary =
      Http(http_port_, "GET",
           std::string(kPrefix) + "GetCatalog?connect=v1&encoding=proto&base64=1&message=", {}, "");
  ASSERT_EQ(binary.status, 200);
  v1::GetCatalogResponse catalog;
  EXPECT_TRUE(catalog.ParseFromString(binary.body));
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(
      catalog, FromJson<v1::GetCatalogResponse>(post.body)));
}

TEST_F(HttpTest, HealthCheckOverHttp) {
  Reply reply = Http(http_port_, "POST", "/grpc.health.v1.Health/Check",
                     {"Content-Type: application/json"}, "{}");
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.body, "{\"status\":\"SERVING\"}");
  Reply unknown = Http(http_port_, "POST", "/grpc.health.v1.Health/Check",
                       {"Content-Type: application/json"}, "{\"service\":\"nope\"}");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(ParseError(unknown.body).code, "not_found");
}

TEST_F(HttpTest, CorsPreflightForAllowedAndRefusedOrigins) {
  const std::string path = std::string(kPrefix) + "NewGame";
  const std::vector<std::string> preflight = {"Access-Control-Request-Method: POST",
                                              "Access-Control-Request-Headers: content-type"};
  auto with_origin = [&](const std::string& origin) {
    std::vector<std::string> headers = preflight;
    headers.push_back("Origin: " + origin);
    return Http(http_port_, "OPTIONS", path, headers, "");
  };
  // Listed in --http_cors_origins.
  Reply allowed = with_origin("https://games.example");
  EXPECT_EQ(allowed.status, 204);
  EXPECT_EQ(allowed.headers["access-control-allow-origin"], "https://games.example");
  EXPECT_NE(allowed.headers["access-control-allow-headers"].find("Connect-Protocol-Version"),
            std::string::npos);
  EXPECT_NE(allowed.headers["access-control-allow-methods"].find("POST"), std::string::npos);
  // The port's own origin (its pages): always allowed.
  const std::string own = "http://127.0.0.1:" + std::to_string(http_port_);
  EXPECT_EQ(with_origin(own).headers["access-control-allow-origin"], own);
  // Any other: refused, no CORS headers.
  Reply refused = with_origin("https://evil.example");
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(refused.headers.count("access-control-allow-origin"), 0u);
  // An actual call from an allowed origin exposes the gRPC-Web trailers.
  Reply call = PostJson(http_port_, "GetCatalog", "{}", {"Origin: https://games.example"});
  EXPECT_EQ(call.headers["access-control-allow-origin"], "https://games.example");
  EXPECT_NE(call.headers["access-control-expose-headers"].find("Grpc-Status"), std::string::npos);
}

TEST_F(HttpTest, IndexPageAndUnknownPaths) {
  Reply index = Http(http_port_, "GET", "/", {}, "");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.headers["content-type"], "text/html; charset=utf-8");
  EXPECT_NE(index.body.find("Carcassonne Referee"), std::string::npos);
  EXPECT_EQ(Http(http_port_, "GET", "/no/such/page", {}, "").status, 404);
}

TEST_F(HttpTest, CallsAreCountedInTheGrpcSeriesAndByProtocol) {
  const std::string handled =
      "grpc_server_handled_total{grpc_code=\"OK\",grpc_method=\"NewGame\",grpc_service="
      "\"carcassonne."
      "v1.RefereeService\",grpc_type=\"unary\"}";
  const double before = MetricValue(Metrics(), handled).value_or(-1);
  EXPECT_EQ(PostJson(http_port_, "NewGame", "{\"playerNames\":[\"Ada\",\"Bo\"]}").status, 200);
  EXPECT_EQ(PostJson(http_port_, "NewGame", "{\"playerNames\":[\"Ada\",\"Bo\"]}").status, 200);
  const std::string metrics = Metrics();
  EXPECT_EQ(MetricValue(metrics, handled), before + 2);
  EXPECT_GE(MetricValue(metrics,
                        "carcassonne_http_requests_total{protocol=\"connect\","
                        "status=\"200\"}")
                .value_or(0),
            2.0);
}

TEST_F(HttpTest, KeepAliveServesSeveralCallsOnOneConnection) {
  const int fd = Connect(http_port_);
  ASSERT_GE(fd, 0);
  const std::string body = "{\"playerNames\":[\"Ada\",\"Bo\"]}";
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(SendAll(fd, std::string("POST ") + kPrefix +
                                "NewGame HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                "Content-Length: " +
                                std::to_string(body.size()) + "\r\n\r\n" + body));
    EXPECT_EQ(ReadReply(fd).status, 200) << "call " << i;
  }
  close(fd);
}

TEST_F(HttpTest, SigtermLameDuckThenDrain) {
  // A call whose body is still arriving when SIGTERM comes is answered (the
  // lame duck keeps serving), health over HTTP turns NOT_SERVING, and after
  // the drain the server exits 0 and the port is closed.
  const int fd = Connect(http_port_);
  ASSERT_GE(fd, 0);
  const std::string body = "{\"playerNames\":[\"Ada\",\"Bo\"]}";
  ASSERT_TRUE(SendAll(fd, std::string("POST ") + kPrefix +
                              "NewGame HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                              "Content-Length: " +
                              std::to_string(body.size()) + "\r\n\r\n" + body.substr(0, 5)));
  server_.Signal(SIGTERM);
  // The lame duck lasts the default 5 s: NOT_SERVING shows within it.
  const auto deadline = Clock::now() + seconds(4);
  std::string health;
  while (Clock::now() < deadline) {
    health = Http(http_port_, "POST", "/grpc.health.v1.Health/Check",
                  {"Content-Type: application/json"}, "{}")
                 .body;
    if (health == "{\"status\":\"NOT_SERVING\"}") break;
    std::this_thread::sleep_for(milliseconds(20));
  }
  EXPECT_EQ(health, "{\"status\":\"NOT_SERVING\"}");
  ASSERT_TRUE(SendAll(fd, body.substr(5)));
  Reply reply = ReadReply(fd);
  close(fd);
  EXPECT_EQ(reply.status, 200) << reply.body;
  server_.Signal(SIGTERM);  // a second signal cuts the lame duck short
  EXPECT_EQ(server_.WaitForExit(kStopTimeout), 0) << server_.Log();
  EXPECT_EQ(Connect(http_port_), -1);
}

// TLS and mTLS with the --tls_* flags on the HTTP port, checked with curl:
// a throwaway CA (EC P-256, valid a day) signs the server's certificate
// (127.0.0.1) and a client's.
TEST(HttpTlsTest, TheHttpPortSpeaksHttpsAndRequiresTheClientCertificate) {
  char directory_template[] = "/tmp/carcassonne_http_tls_XXXXXX";
  ASSERT_NE(mkdtemp(directory_template), nullptr);
  const std::string dir = directory_template;
  const std::string key = "openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
  std::ofstream(dir + "/server.ext") << "subjectAltName=IP:127.0.0.1\n";
  std::ofstream(dir + "/client.ext") << "extendedKeyUsage=clientAuth\n";
  for (const std::string& command : {
           key + " -x509 -days 1 -subj /CN=http-test-ca -keyout " + dir + "/ca.key -out " + dir +
               "/ca.pem",
           key + " -subj /CN=127.0.0.1 -keyout " + dir + "/server.key -out " + dir +
               "/server.csr && openssl x509 -req -days 1 -set_serial 1 -CA " + dir +
               "/ca.pem -CAkey " + dir + "/ca.key -extfile " + dir + "/server.ext -in " + dir +
               "/server.csr -out " + dir + "/server.pem",
           key + " -subj /CN=site -keyout " + dir + "/client.key -out " + dir +
               "/client.csr && openssl x509 -req -days 1 -set_serial 2 -CA " + dir +
               "/ca.pem -CAkey " + dir + "/ca.key -extfile " + dir + "/client.ext -in " + dir +
               "/client.csr -out " + dir + "/client.pem",
       }) {
    const auto [status, output] = RunCommand(command);
    ASSERT_EQ(status, 0) << command << ": " << output;
  }
  const int port = FreePort();
  ServerProcess server;
  const std::string error = server.Start(
      {"--http_port=" + std::to_string(port), "--tls_certificate=" + dir + "/server.pem",
       "--tls_private_key=" + dir + "/server.key", "--tls_client_ca=" + dir + "/ca.pem"});
  ASSERT_EQ(error, "") << error;
  EXPECT_NE(server.Log().find("on https://127.0.0.1:" + std::to_string(port)), std::string::npos)
      << server.Log();
  const std::string url = "https://127.0.0.1:" + std::to_string(port) + kPrefix + "NewGame";
  const std::string call = "curl -sS --max-time 10 -H 'Content-Type: application/json' -d " +
                           std::string("'{\"playerNames\":[\"Ada\",\"Bo\"]}' --cacert ") + dir +
                           "/ca.pem ";
  // With the client's certificate: served.
  const auto [status, output] =
      RunCommand(call + "--cert " + dir + "/client.pem --key " + dir + "/client.key " + url);
  ASSERT_EQ(status, 0) << output;
  EXPECT_EQ(FromJson<v1::NewGameResponse>(output).state().players_size(), 2) << output;
  // Without one: the handshake fails.
  EXPECT_NE(RunCommand(call + url).first, 0);
  // Plaintext HTTP on the TLS port: no answer.
  EXPECT_NE(RunCommand("curl -sS --max-time 10 -d '{}' -H 'Content-Type: application/json' "
                       "http://127.0.0.1:" +
                       std::to_string(port) + kPrefix + "NewGame")
                .first,
            0);
  RunCommand("rm -rf " + dir);
}

}  // namespace
}  // namespace carcassonne::service

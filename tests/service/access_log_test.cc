// The request id and the access log (service/request_id.h,
// service/access_log.h) on the real binary (server_process.h):
//   * every answer carries `x-request-id` in its initial metadata: the
//     client's when usable, else 32 new hexadecimal digits;
//   * --access_log=off (the default) writes no line; =errors only the calls
//     not answered OK; =all every call, and with --access_log_sample=N one
//     OK call in N (every failed one);
//   * a line names the method, the code, the request and response sizes (the
//     serialized messages'), the request id and, for a call refused under
//     overload, its refusal reason (a burst held back by SIGSTOP, as in
//     resilience_test's ExcessIsRefused).
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "gtest/gtest.h"
#include "server_process.h"

namespace carcassonne::service {
namespace {

using test_server::kCallTimeout;
using test_server::ServerProcess;

// The access log lines of a server log (the JSON lines; the server's other
// lines start with "carcassonne_referee").
std::vector<std::string> AccessLines(const std::string& log) {
  std::vector<std::string> lines;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("{\"time\":", 0) == 0) lines.push_back(line);
  }
  return lines;
}

// The value of "key": in a line, string or number, as text; "" if absent.
std::string Field(const std::string& line, const std::string& key) {
  const std::regex pattern("\"" + key + "\":(\"([^\"]*)\"|([0-9.]+))");
  std::smatch match;
  if (!std::regex_search(line, match, pattern)) return "";
  return match[2].matched ? match[2].str() : match[3].str();
}

struct Answer {
  grpc::Status status;
  std::string request_id;  // the x-request-id of the answer's initial metadata
  size_t response_bytes = 0;
};

// GetCatalog (answers OK), with `request_id` as x-request-id unless empty.
Answer GetCatalog(v1::RefereeService::Stub& stub, const std::string& request_id) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  if (!request_id.empty()) context.AddMetadata("x-request-id", request_id);
  v1::GetCatalogResponse response;
  Answer answer;
  answer.status = stub.GetCatalog(&context, v1::GetCatalogRequest(), &response);
  const auto& metadata = context.GetServerInitialMetadata();
  if (const auto found = metadata.find("x-request-id"); found != metadata.end()) {
    answer.request_id = std::string(found->second.data(), found->second.size());
  }
  answer.response_bytes = response.ByteSizeLong();
  return answer;
}

// A ValidateAction without a game state: INVALID_ARGUMENT. Its request's
// serialized size in `request_bytes`.
grpc::Status MalformedValidateAction(v1::RefereeService::Stub& stub, size_t* request_bytes) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  v1::ValidateActionRequest request;
  request.mutable_action()->mutable_place_tile()->set_tile_type("base:U");
  *request_bytes = request.ByteSizeLong();
  v1::ValidateActionResponse response;
  return stub.ValidateAction(&context, request, &response);
}

struct Started {
  std::unique_ptr<ServerProcess> server = std::make_unique<ServerProcess>();
  std::unique_ptr<v1::RefereeService::Stub> stub;
};

Started Start(const std::vector<std::string>& flags) {
  Started started;
  const std::string error = started.server->Start(flags);
  EXPECT_EQ(error, "");
  auto channel = grpc::CreateChannel(started.server->target(), grpc::InsecureChannelCredentials());
  EXPECT_TRUE(test_server::WaitForServing(channel, ""));
  started.stub = v1::RefereeService::NewStub(channel);
  return started;
}

bool IsNewRequestId(const std::string& id) {
  return std::regex_match(id, std::regex("[0-9a-f]{32}"));
}

TEST(RequestIdTest, TheClientsIdIsReturnedElseANewOne) {
  Started s = Start({});
  const Answer given = GetCatalog(*s.stub, "game-42/turn-7");
  ASSERT_TRUE(given.status.ok()) << given.status.error_message();
  EXPECT_EQ(given.request_id, "game-42/turn-7");

  const Answer none = GetCatalog(*s.stub, "");
  ASSERT_TRUE(none.status.ok());
  EXPECT_TRUE(IsNewRequestId(none.request_id)) << none.request_id;
  const Answer another = GetCatalog(*s.stub, "");
  EXPECT_TRUE(IsNewRequestId(another.request_id)) << another.request_id;
  EXPECT_NE(none.request_id, another.request_id);

  // Not usable (a space; 129 characters): replaced.
  const Answer spaced = GetCatalog(*s.stub, "two words");
  EXPECT_TRUE(IsNewRequestId(spaced.request_id)) << spaced.request_id;
  const Answer long_id = GetCatalog(*s.stub, std::string(129, 'a'));
  EXPECT_TRUE(IsNewRequestId(long_id.request_id)) << long_id.request_id;
  const Answer longest = GetCatalog(*s.stub, std::string(128, 'a'));
  EXPECT_EQ(longest.request_id, std::string(128, 'a'));

  // An error answer carries it too.
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  context.AddMetadata("x-request-id", "bad-move-1");
  v1::ValidateActionResponse response;
  const grpc::Status status = s.stub->ValidateAction(&context, {}, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  const auto found = context.GetServerInitialMetadata().find("x-request-id");
  ASSERT_NE(found, context.GetServerInitialMetadata().end());
  EXPECT_EQ(std::string(found->second.data(), found->second.size()), "bad-move-1");

  // The default access log is off: no line at all.
  EXPECT_TRUE(AccessLines(s.server->Log()).empty()) << s.server->Log();
}

TEST(AccessLogTest, AllWritesOneLinePerCall) {
  Started s = Start({"--access_log=all"});
  const Answer ok = GetCatalog(*s.stub, "catalog-1");
  ASSERT_TRUE(ok.status.ok());
  size_t malformed_bytes = 0;
  const grpc::Status malformed = MalformedValidateAction(*s.stub, &malformed_bytes);
  ASSERT_EQ(malformed.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  // The lines are written before the answers go out: both are in the log.
  const std::vector<std::string> lines = AccessLines(s.server->Log());
  ASSERT_EQ(lines.size(), 2u) << s.server->Log();

  EXPECT_EQ(Field(lines[0], "method"), "carcassonne.v1.RefereeService/GetCatalog");
  EXPECT_EQ(Field(lines[0], "code"), "OK");
  EXPECT_EQ(Field(lines[0], "request_bytes"), "0");  // an empty GetCatalogRequest
  EXPECT_EQ(Field(lines[0], "response_bytes"), std::to_string(ok.response_bytes));
  EXPECT_EQ(Field(lines[0], "request_id"), "catalog-1");
  EXPECT_EQ(Field(lines[0], "refusal"), "");
  EXPECT_NE(Field(lines[0], "duration_ms"), "");
  EXPECT_EQ(Field(lines[0], "peer").rfind("ipv4:127.0.0.1:", 0), 0u) << lines[0];
  EXPECT_TRUE(std::regex_search(
      lines[0], std::regex(R"(^\{"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z",)")))
      << lines[0];

  EXPECT_EQ(Field(lines[1], "method"), "carcassonne.v1.RefereeService/ValidateAction");
  EXPECT_EQ(Field(lines[1], "code"), "InvalidArgument");
  EXPECT_EQ(Field(lines[1], "request_bytes"), std::to_string(malformed_bytes));
  EXPECT_EQ(Field(lines[1], "response_bytes"), "0");
  EXPECT_TRUE(IsNewRequestId(Field(lines[1], "request_id"))) << lines[1];
}

TEST(AccessLogTest, ErrorsWritesOnlyTheCallsNotAnsweredOk) {
  Started s = Start({"--access_log=errors"});
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(GetCatalog(*s.stub, "").status.ok());
  size_t bytes = 0;
  ASSERT_EQ(MalformedValidateAction(*s.stub, &bytes).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  const std::vector<std::string> lines = AccessLines(s.server->Log());
  ASSERT_EQ(lines.size(), 1u) << s.server->Log();
  EXPECT_EQ(Field(lines[0], "code"), "InvalidArgument");
}

// One OK call in 3: of 7 OK calls, the 1st, 4th and 7th (counted from 0:
// 0, 3, 6); the failed call always.
TEST(AccessLogTest, SamplingKeepsOneOkCallInN) {
  Started s = Start({"--access_log=all", "--access_log_sample=3"});
  for (int i = 0; i < 7; ++i) {
    ASSERT_TRUE(GetCatalog(*s.stub, "ok-" + std::to_string(i)).status.ok());
  }
  size_t bytes = 0;
  ASSERT_EQ(MalformedValidateAction(*s.stub, &bytes).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  const std::vector<std::string> lines = AccessLines(s.server->Log());
  ASSERT_EQ(lines.size(), 4u) << s.server->Log();
  EXPECT_EQ(Field(lines[0], "request_id"), "ok-0");
  EXPECT_EQ(Field(lines[1], "request_id"), "ok-3");
  EXPECT_EQ(Field(lines[2], "request_id"), "ok-6");
  EXPECT_EQ(Field(lines[3], "code"), "InvalidArgument");
}

TEST(AccessLogTest, BadFlagsAreRefusedAtStartUp) {
  for (const std::string& flag :
       {std::string("--access_log=verbose"), std::string("--access_log_sample=0")}) {
    ServerProcess server;
    const std::string error = server.Start({flag});
    EXPECT_NE(error.find("the server exited at start-up"), std::string::npos) << flag;
  }
}

// A burst on one serving thread with a 1 ms budget, sent while the server is
// stopped (SIGSTOP) so that it finds every call at once whatever the
// machine's speed: some calls are refused (queue_full), and each refused
// call has its line with "refusal":"queue_full" and code ResourceExhausted.
TEST(AccessLogTest, RefusedCallsNameTheirReason) {
  Started s = Start({"--access_log=errors", "--serving_threads=1", "--queue_budget_ms=1",
                     "--lame_duck_seconds=0"});
  constexpr int kChannels = 8;
  constexpr int kCallsPerChannel = 256;
  std::vector<std::unique_ptr<v1::RefereeService::Stub>> stubs;
  for (int c = 0; c < kChannels; ++c) {
    grpc::ChannelArguments arguments;
    arguments.SetInt("grpc.channel_id", c);  // one connection per channel
    auto channel = grpc::CreateCustomChannel(s.server->target(), grpc::InsecureChannelCredentials(),
                                             arguments);
    ASSERT_TRUE(channel->WaitForConnected(std::chrono::system_clock::now() + kCallTimeout));
    stubs.push_back(v1::RefereeService::NewStub(channel));
  }
  struct Pending {
    grpc::ClientContext context;
    v1::GetCatalogResponse response;
    grpc::Status status;
    std::unique_ptr<grpc::ClientAsyncResponseReader<v1::GetCatalogResponse>> reader;
  };
  grpc::CompletionQueue queue;
  std::vector<std::unique_ptr<Pending>> calls;
  s.server->Signal(SIGSTOP);
  for (int c = 0; c < kChannels; ++c) {
    for (int i = 0; i < kCallsPerChannel; ++i) {
      auto call = std::make_unique<Pending>();
      call->context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
      call->reader = stubs[c]->AsyncGetCatalog(&call->context, v1::GetCatalogRequest(), &queue);
      call->reader->Finish(&call->response, &call->status, call.get());
      calls.push_back(std::move(call));
    }
  }
  // The client's threads write the calls meanwhile (a second is ample; a
  // call written later only joins the backlog).
  std::this_thread::sleep_for(std::chrono::seconds(1));
  s.server->Signal(SIGCONT);
  int refused = 0;
  int ok = 0;
  for (size_t done = 0; done < calls.size(); ++done) {
    void* tag = nullptr;
    bool event_ok = false;
    ASSERT_EQ(queue.AsyncNext(&tag, &event_ok,
                              std::chrono::system_clock::now() + std::chrono::seconds(90)),
              grpc::CompletionQueue::GOT_EVENT);
    const grpc::Status& status = static_cast<Pending*>(tag)->status;
    if (status.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED) ++refused;
    if (status.ok()) ++ok;
  }
  EXPECT_GT(refused, 0);
  EXPECT_EQ(ok + refused, kChannels * kCallsPerChannel);
  int refusal_lines = 0;
  for (const std::string& line : AccessLines(s.server->Log())) {
    EXPECT_EQ(Field(line, "code"), "ResourceExhausted") << line;
    EXPECT_EQ(Field(line, "refusal"), "queue_full") << line;
    ++refusal_lines;
  }
  EXPECT_EQ(refusal_lines, refused);
}

}  // namespace
}  // namespace carcassonne::service

// The API reference that tools read from the server (issue 29): server
// reflection sends the API's files with their comments (source code info),
// so that `grpcurl describe` and `buf curl` show the documentation. Over the
// real binary: the file that defines carcassonne.v1.Cell comes with a
// comment on Cell.x as written in referee.proto, every message and field of
// the file has its comment, and the descriptors are the compiled ones.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "carcassonne/v1/referee.pb.h"
#include "grpc/reflection/v1alpha/reflection.grpc.pb.h"
#include "server_process.h"

namespace carcassonne::service {
namespace {

namespace v1 = ::carcassonne::v1;
namespace pb = ::google::protobuf;
namespace reflection = ::grpc::reflection::v1alpha;
using namespace test_server;  // NOLINT: the shared test helpers (server_process.h)

// The files reflection sends for file_containing_symbol `symbol`.
std::vector<pb::FileDescriptorProto> FilesContaining(const std::shared_ptr<grpc::Channel>& channel,
                                                     const std::string& symbol) {
  auto stub = reflection::ServerReflection::NewStub(channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  auto stream = stub->ServerReflectionInfo(&context);
  reflection::ServerReflectionRequest request;
  request.set_file_containing_symbol(symbol);
  reflection::ServerReflectionResponse response;
  std::vector<pb::FileDescriptorProto> files;
  if (!stream->Write(request) || !stream->Read(&response)) return files;
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
  for (const std::string& bytes : response.file_descriptor_response().file_descriptor_proto()) {
    EXPECT_TRUE(files.emplace_back().ParseFromString(bytes));
  }
  return files;
}

// The leading comments of each element of the file, by its source path.
std::map<std::vector<int>, std::string> Comments(const pb::FileDescriptorProto& file) {
  std::map<std::vector<int>, std::string> comments;
  for (const auto& location : file.source_code_info().location()) {
    comments[std::vector<int>(location.path().begin(), location.path().end())] =
        location.leading_comments();
  }
  return comments;
}

// Source paths (descriptor.proto's field numbers): message_type = 4,
// field = 2, nested_type = 3, enum_type = 5, value = 2, service = 6,
// method = 2.
void CollectMessagePaths(const pb::Descriptor* message, std::vector<int> path,
                         std::vector<std::pair<std::vector<int>, std::string>>& out) {
  out.push_back({path, message->full_name()});
  for (int i = 0; i < message->field_count(); ++i) {
    std::vector<int> field = path;
    field.insert(field.end(), {2, i});
    out.push_back({field, message->field(i)->full_name()});
  }
  for (int i = 0; i < message->nested_type_count(); ++i) {
    std::vector<int> nested = path;
    nested.insert(nested.end(), {3, i});
    CollectMessagePaths(message->nested_type(i), nested, out);
  }
}

TEST(ApiReferenceTest, ReflectionSendsTheApiWithItsComments) {
  ServerProcess server;
  ASSERT_EQ(server.Start({"--lame_duck_seconds=0"}), "");
  auto channel = grpc::CreateChannel(server.target(), grpc::InsecureChannelCredentials());
  ASSERT_TRUE(WaitForServing(channel, kServiceName)) << server.Log();

  const std::vector<pb::FileDescriptorProto> files =
      FilesContaining(channel, "carcassonne.v1.Cell");
  ASSERT_FALSE(files.empty());
  const pb::FileDescriptorProto& api = files.front();
  const pb::FileDescriptor* compiled = v1::Cell::descriptor()->file();
  EXPECT_EQ(api.name(), compiled->name());
  ASSERT_TRUE(api.has_source_code_info())
      << "reflection sent " << api.name() << " without comments";

  // Comments aside, the file is the compiled one.
  pb::FileDescriptorProto bare;
  compiled->CopyTo(&bare);
  pb::FileDescriptorProto sent = api;
  sent.clear_source_code_info();
  for (auto& message : *sent.mutable_message_type()) {
    for (auto& field : *message.mutable_field()) field.clear_json_name();
  }
  EXPECT_EQ(sent.message_type_size(), bare.message_type_size());
  EXPECT_EQ(sent.service(0).DebugString(), bare.service(0).DebugString());

  // Cell.x's comment, as referee.proto writes it.
  const std::map<std::vector<int>, std::string> comments = Comments(api);
  const int cell = v1::Cell::descriptor()->index();
  const int x = v1::Cell::descriptor()->FindFieldByName("x")->index();
  auto found = comments.find({4, cell, 2, x});
  ASSERT_NE(found, comments.end());
  EXPECT_EQ(found->second, " Column; grows to the east (right). The start tile is at x = 0.\n");

  // Every message, field, enum, value, service and method has its comment
  // (buf lint's COMMENTS rule holds them in the file; here they reach the
  // client).
  std::vector<std::pair<std::vector<int>, std::string>> elements;
  for (int i = 0; i < compiled->message_type_count(); ++i) {
    CollectMessagePaths(compiled->message_type(i), {4, i}, elements);
  }
  for (int i = 0; i < compiled->enum_type_count(); ++i) {
    elements.push_back({{5, i}, compiled->enum_type(i)->full_name()});
    for (int v = 0; v < compiled->enum_type(i)->value_count(); ++v) {
      elements.push_back({{5, i, 2, v}, compiled->enum_type(i)->value(v)->full_name()});
    }
  }
  for (int i = 0; i < compiled->service_count(); ++i) {
    elements.push_back({{6, i}, compiled->service(i)->full_name()});
    for (int m = 0; m < compiled->service(i)->method_count(); ++m) {
      elements.push_back({{6, i, 2, m}, compiled->service(i)->method(m)->full_name()});
    }
  }
  int documented = 0;
  for (const auto& [path, name] : elements) {
    auto comment = comments.find(path);
    EXPECT_TRUE(comment != comments.end() && !comment->second.empty()) << name << " has no comment";
    documented += comment != comments.end() && !comment->second.empty();
  }
  std::printf("reflection: %d elements of %s documented\n", documented, api.name().c_str());
  server.Stop(SIGTERM, kStopTimeout);
}

}  // namespace
}  // namespace carcassonne::service

// The API reference that tools read from the server (issue 29): server
// reflection sends the API's files with their comments (source code info),
// so that `grpcurl describe` and `buf curl` show the documentation. Over the
// real binary: the file that defines carcassonne.v1.Cell (geometry.proto)
// comes with a comment on Cell.x as written there; the file of the service
// (referee.proto) comes with every file of the API it imports, each with its
// comments, every element of each documented, and the descriptors are the
// compiled ones.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <gtest/gtest.h>

#include <algorithm>
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

// Every element of `compiled` (message, field, nested message, enum, value,
// service, method) with its source path.
std::vector<std::pair<std::vector<int>, std::string>> Elements(const pb::FileDescriptor* compiled) {
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
  return elements;
}

// The API's files: referee.proto (RefereeService and its requests, e.g.
// NewGameRequest) and every file of carcassonne.v1 it imports, transitively,
// as compiled into this test.
std::vector<const pb::FileDescriptor*> ApiFiles() {
  std::vector<const pb::FileDescriptor*> files = {v1::NewGameRequest::descriptor()->file()};
  for (size_t i = 0; i < files.size(); ++i) {
    for (int d = 0; d < files[i]->dependency_count(); ++d) {
      const pb::FileDescriptor* dependency = files[i]->dependency(d);
      if (dependency->package() == "carcassonne.v1" &&
          std::find(files.begin(), files.end(), dependency) == files.end()) {
        files.push_back(dependency);
      }
    }
  }
  return files;
}

TEST(ApiReferenceTest, ReflectionSendsTheApiWithItsComments) {
  ServerProcess server;
  ASSERT_EQ(server.Start({"--lame_duck_seconds=0"}), "");
  auto channel = grpc::CreateChannel(server.target(), grpc::InsecureChannelCredentials());
  ASSERT_TRUE(WaitForServing(channel, kServiceName)) << server.Log();

  // The file that defines Cell (geometry.proto) comes first, with Cell.x's
  // comment as the file writes it.
  const std::vector<pb::FileDescriptorProto> cell_files =
      FilesContaining(channel, "carcassonne.v1.Cell");
  ASSERT_FALSE(cell_files.empty());
  const pb::FileDescriptorProto& geometry = cell_files.front();
  EXPECT_EQ(geometry.name(), "carcassonne/v1/geometry.proto");
  EXPECT_EQ(geometry.name(), v1::Cell::descriptor()->file()->name());
  const std::map<std::vector<int>, std::string> geometry_comments = Comments(geometry);
  const int cell = v1::Cell::descriptor()->index();
  const int x = v1::Cell::descriptor()->FindFieldByName("x")->index();
  auto found = geometry_comments.find({4, cell, 2, x});
  ASSERT_NE(found, geometry_comments.end());
  EXPECT_EQ(found->second, " Column; grows to the east (right). The start tile is at x = 0.\n");

  // The service's file comes with every file of the API it imports, each
  // with its comments.
  std::map<std::string, pb::FileDescriptorProto> sent;
  for (const pb::FileDescriptorProto& file :
       FilesContaining(channel, "carcassonne.v1.RefereeService")) {
    sent[file.name()] = file;
  }
  const std::vector<const pb::FileDescriptor*> api_files = ApiFiles();
  // referee.proto and the eight files by concern it imports (rules,
  // geometry, game_state, actions, verdicts, scoring, catalogue, render).
  EXPECT_EQ(api_files.size(), 9u);
  for (const pb::FileDescriptor* compiled : api_files) {
    SCOPED_TRACE(compiled->name());
    auto file = sent.find(compiled->name());
    ASSERT_NE(file, sent.end()) << "reflection did not send " << compiled->name();
    const pb::FileDescriptorProto& api = file->second;
    ASSERT_TRUE(api.has_source_code_info())
        << "reflection sent " << api.name() << " without comments";

    // Comments aside, the file is the compiled one.
    pb::FileDescriptorProto bare;
    compiled->CopyTo(&bare);
    pb::FileDescriptorProto stripped = api;
    stripped.clear_source_code_info();
    for (auto& message : *stripped.mutable_message_type()) {
      for (auto& field : *message.mutable_field()) field.clear_json_name();
    }
    EXPECT_EQ(stripped.message_type_size(), bare.message_type_size());
    EXPECT_EQ(stripped.enum_type_size(), bare.enum_type_size());
    ASSERT_EQ(stripped.service_size(), bare.service_size());
    for (int i = 0; i < bare.service_size(); ++i) {
      EXPECT_EQ(stripped.service(i).DebugString(), bare.service(i).DebugString());
    }

    // Every message, field, enum, value, service and method has its comment
    // (buf lint's COMMENTS rule holds them in the file; here they reach the
    // client).
    const std::map<std::vector<int>, std::string> comments = Comments(api);
    int documented = 0;
    const auto elements = Elements(compiled);
    for (const auto& [path, name] : elements) {
      auto comment = comments.find(path);
      EXPECT_TRUE(comment != comments.end() && !comment->second.empty())
          << name << " has no comment";
      documented += comment != comments.end() && !comment->second.empty();
    }
    EXPECT_GT(elements.size(), 0u);
    std::printf("reflection: %d of %zu elements of %s documented\n", documented, elements.size(),
                api.name().c_str());
  }
  // The first of them, referee.proto, declares RefereeService.
  EXPECT_EQ(api_files.front()->name(), "carcassonne/v1/referee.proto");
  EXPECT_NE(api_files.front()->FindServiceByName("RefereeService"), nullptr);
  server.Stop(SIGTERM, kStopTimeout);
}

}  // namespace
}  // namespace carcassonne::service

// Server reflection (grpc.reflection.v1alpha.ServerReflection, the version
// gRPC 1.51 and `buf curl --reflect-protocol grpc-v1alpha` speak), on the
// asynchronous API, served by the control thread (control.h). It replaces
// gRPC's synchronous reflection plugin, whose streams each held a thread of
// the synchronous pool that health checks needed too.
//
// The answers come from protobuf's generated descriptor pool: every .proto
// file compiled into the binary (the API, health, reflection, google.rpc and
// the well-known types they import). The API's own files are sent with their
// comments (source code info, documented_descriptors.h), so that describing
// a service, message or field shows its documentation. Each ServerReflectionInfo stream takes
// one request at a time (the next is read once the answer is written):
//   list_services                  the services the server serves;
//   file_by_filename               that file and, transitively, every file it
//                                  imports (FileDescriptorProtos, serialized);
//   file_containing_symbol         the file that defines a package-qualified
//                                  service, method, message, field, enum,
//                                  enum value or extension, with its imports;
//   file_containing_extension      the file that defines extension N of a
//                                  message type, with its imports;
//   all_extension_numbers_of_type  the extension numbers of a message type
//                                  known to the pool;
// an unknown name or number gives an error_response NOT_FOUND, an empty
// request UNIMPLEMENTED (the stream goes on).
//
// At most kMaxStreams streams are open at once (each holds only its call
// object, no thread): one more is refused with RESOURCE_EXHAUSTED. Reflection
// is a tool for people and CLIs, which open one stream at a time; the cap
// keeps a client that opens streams and leaves them idle from growing the
// server's memory, and it is not shared with anything else (health checks
// are answered whatever reflection does).
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "grpc/reflection/v1alpha/reflection.grpc.pb.h"
#include "service/control.h"
#include "service/metrics.h"

namespace carcassonne::service {

// The answer to one reflection request (the whole protocol but the stream).
void AnswerReflectionRequest(const std::vector<std::string>& services,
                             const grpc::reflection::v1alpha::ServerReflectionRequest& request,
                             grpc::reflection::v1alpha::ServerReflectionResponse* response);

class ReflectionService {
 public:
  static constexpr int kMaxStreams = 16;

  // `services`: the full names that list_services reports.
  // Its streams are counted in `metrics` (metrics.h: grpc_service
  // "grpc.reflection.v1alpha.ServerReflection").
  ReflectionService(std::vector<std::string> services, ControlQueue& control, Metrics& metrics);
  ReflectionService(const ReflectionService&) = delete;
  ReflectionService& operator=(const ReflectionService&) = delete;

  // To register with the server builder.
  grpc::Service* service() { return &service_; }

  // After the server is built: asks for the first streams on the control
  // queue.
  void Start();

  // Cancels every open stream and refuses new ones with UNAVAILABLE (the
  // server is going away). From any thread.
  void EndStreams();

 private:
  class Stream;

  const std::vector<std::string> services_;
  ControlQueue& control_;
  Metrics& metrics_;
  grpc::reflection::v1alpha::ServerReflection::AsyncService service_;
  // Touched by the control thread only.
  std::unordered_set<Stream*> streams_;
  bool ending_ = false;
};

}  // namespace carcassonne::service

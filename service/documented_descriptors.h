// The descriptors of the public API with their comments: the
// FileDescriptorSet that protoc writes with --include_source_info
// --include_imports (proto/CMakeLists.txt: carcassonne_v1.binpb), embedded in
// the binary at build time (cmake/EmbedDescriptorSet.cmake). Server
// reflection answers with these (reflection.cc), so that `grpcurl describe`
// and `buf curl` show the API's documentation: the descriptors protoc embeds
// in generated C++ carry no comments.
#pragma once

#include <string_view>

namespace carcassonne::service {

// The serialized google.protobuf.FileDescriptorSet.
std::string_view DocumentedDescriptorSet();

}  // namespace carcassonne::service

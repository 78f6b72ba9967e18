// Differential fuzz target for the fast JSON reader of request bodies
// (service/json_parse.h): the first input byte picks the request type
// (ValidateActionRequest, NewGameRequest, PlayTurnRequest,
// ListLegalActionsRequest), the rest is the JSON body.
//
// Promises checked:
//   * ParseJsonMessage answers as protobuf's JsonStringToMessage (with the
//     options of connect.cc: unknown fields rejected): the same status code
//     and text, and when both accept, the same message (deterministic bytes);
//   * whenever the fast path alone takes the input, protobuf accepts it and
//     gives the same message; when it does not, it leaves the message empty.
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/util/json_util.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "carcassonne/v1/referee.pb.h"
#include "service/json_parse.h"
#include "tests/fuzz/fuzz_check.h"

namespace carcassonne::fuzz {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::Message;

std::string DeterministicBytes(const Message& message) {
  std::string bytes;
  google::protobuf::io::StringOutputStream stream(&bytes);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  message.SerializeToCodedStream(&coded);
  coded.Trim();
  return bytes;
}

std::unique_ptr<Message> NewMessage(const Descriptor* type) {
  return std::unique_ptr<Message>(
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(type)->New());
}

void Check(const Descriptor* type, const std::string& json) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto reference = NewMessage(type);
  const auto status = google::protobuf::util::JsonStringToMessage(json, reference.get(), options);
  const auto ours = NewMessage(type);
  const auto our_status = service::ParseJsonMessage(json, ours.get(), options);
  FUZZ_CHECK(our_status.code() == status.code() && our_status.message() == status.message(),
             type->full_name() + ": protobuf says \"" + std::string(status.message()) +
                 "\", ParseJsonMessage \"" + std::string(our_status.message()) + "\"");
  if (status.ok()) {
    FUZZ_CHECK(DeterministicBytes(*ours) == DeterministicBytes(*reference),
               type->full_name() + ": another message than protobuf's:\n" + ours->DebugString() +
                   "---\n" + reference->DebugString());
  }
  const auto fast = NewMessage(type);
  if (service::FastParseJsonMessage(json, fast.get())) {
    FUZZ_CHECK(status.ok(), type->full_name() + ": the fast path took what protobuf rejects: " +
                                std::string(status.message()));
    FUZZ_CHECK(DeterministicBytes(*fast) == DeterministicBytes(*reference),
               type->full_name() + ": the fast path's message differs from protobuf's:\n" +
                   fast->DebugString() + "---\n" + reference->DebugString());
  } else {
    FUZZ_CHECK(DeterministicBytes(*fast).empty(),
               type->full_name() + ": the fast path gave up but left a message");
  }
}

}  // namespace
}  // namespace carcassonne::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  namespace v1 = ::carcassonne::v1;
  const google::protobuf::Descriptor* types[] = {
      v1::ValidateActionRequest::descriptor(), v1::NewGameRequest::descriptor(),
      v1::PlayTurnRequest::descriptor(), v1::ListLegalActionsRequest::descriptor()};
  const google::protobuf::Descriptor* type = types[data[0] % 4];
  carcassonne::fuzz::Check(type, std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  return 0;
}

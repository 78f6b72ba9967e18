// The declared error reasons (error_reasons.h) and the statuses that carry
// them: a google.rpc.Status with an ErrorInfo (and a BadRequest for a
// malformed request), serialized into the gRPC status' error_details.
#include "service/error_reasons.h"

#include <array>
#include <cctype>
#include <utility>

#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"

namespace carcassonne::service {
namespace {

using grpc::StatusCode;

constexpr std::string_view kFieldKeys = "field, jsonField, violations, reason<i>";

constexpr std::array<ErrorReasonInfo, 32> kReasons = {{
    {ErrorReason::kFieldRequired, "FIELD_REQUIRED", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kFieldInvalid, "FIELD_INVALID", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kEnumValueInvalid, "ENUM_VALUE_INVALID", StatusCode::INVALID_ARGUMENT,
     kFieldKeys},
    {ErrorReason::kTileTypeUnknown, "TILE_TYPE_UNKNOWN", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kRotationInvalid, "ROTATION_INVALID", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kCoordinateOutOfRange, "COORDINATE_OUT_OF_RANGE", StatusCode::INVALID_ARGUMENT,
     kFieldKeys},
    {ErrorReason::kSeatOutOfRange, "SEAT_OUT_OF_RANGE", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kSegmentNotFound, "SEGMENT_NOT_FOUND", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kTooManyItems, "TOO_MANY_ITEMS", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kSnapshotInconsistent, "SNAPSHOT_INCONSISTENT", StatusCode::INVALID_ARGUMENT,
     kFieldKeys},
    {ErrorReason::kActionMalformed, "ACTION_MALFORMED", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kGameSetupInvalid, "GAME_SETUP_INVALID", StatusCode::INVALID_ARGUMENT,
     kFieldKeys},
    {ErrorReason::kBodyUnparsable, "BODY_UNPARSABLE", StatusCode::INVALID_ARGUMENT, kFieldKeys},
    {ErrorReason::kHeaderInvalid, "HEADER_INVALID", StatusCode::INVALID_ARGUMENT, "header"},
    {ErrorReason::kQueryInvalid, "QUERY_INVALID", StatusCode::INVALID_ARGUMENT, "parameter"},
    {ErrorReason::kRequestTooLarge, "REQUEST_TOO_LARGE", StatusCode::RESOURCE_EXHAUSTED,
     "maxRequestBytes, requestBytes"},
    {ErrorReason::kServerOverloaded, "SERVER_OVERLOADED", StatusCode::RESOURCE_EXHAUSTED,
     "queueBudgetMs"},
    {ErrorReason::kDeadlineUnmeetable, "DEADLINE_UNMEETABLE", StatusCode::RESOURCE_EXHAUSTED, ""},
    {ErrorReason::kRequestMemoryExhausted, "REQUEST_MEMORY_EXHAUSTED",
     StatusCode::RESOURCE_EXHAUSTED, "requestBytesBudgetMib"},
    {ErrorReason::kTooManyHealthWatches, "TOO_MANY_HEALTH_WATCHES", StatusCode::RESOURCE_EXHAUSTED,
     "maxWatches"},
    {ErrorReason::kTooManyReflectionStreams, "TOO_MANY_REFLECTION_STREAMS",
     StatusCode::RESOURCE_EXHAUSTED, "maxStreams"},
    {ErrorReason::kDeadlineExceeded, "DEADLINE_EXCEEDED", StatusCode::DEADLINE_EXCEEDED, ""},
    {ErrorReason::kCancelled, "CANCELLED", StatusCode::CANCELLED, ""},
    {ErrorReason::kHealthServiceUnknown, "HEALTH_SERVICE_UNKNOWN", StatusCode::NOT_FOUND,
     "service"},
    {ErrorReason::kPathNotFound, "PATH_NOT_FOUND", StatusCode::NOT_FOUND, ""},
    {ErrorReason::kProcedureNotFound, "PROCEDURE_NOT_FOUND", StatusCode::UNIMPLEMENTED, "path"},
    {ErrorReason::kHttpMethodNotAllowed, "HTTP_METHOD_NOT_ALLOWED", StatusCode::UNIMPLEMENTED,
     "allow"},
    {ErrorReason::kContentTypeUnsupported, "CONTENT_TYPE_UNSUPPORTED", StatusCode::UNIMPLEMENTED,
     "acceptPost"},
    {ErrorReason::kCompressionUnsupported, "COMPRESSION_UNSUPPORTED", StatusCode::UNIMPLEMENTED,
     ""},
    {ErrorReason::kOriginNotAllowed, "ORIGIN_NOT_ALLOWED", StatusCode::PERMISSION_DENIED, ""},
    {ErrorReason::kShuttingDown, "SHUTTING_DOWN", StatusCode::UNAVAILABLE, ""},
    {ErrorReason::kInternalError, "INTERNAL_ERROR", StatusCode::INTERNAL, ""},
}};

constexpr bool InEnumOrder() {
  for (size_t i = 0; i < kReasons.size(); ++i) {
    if (static_cast<size_t>(kReasons[i].reason) != i) return false;
  }
  return static_cast<size_t>(ErrorReason::kInternalError) + 1 == kReasons.size();
}
static_assert(InEnumOrder(), "kReasons lists every ErrorReason once, in enum order");

std::string ToJsonName(std::string_view name) {
  std::string json;
  json.reserve(name.size());
  bool upper = false;
  for (char c : name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    json.push_back(upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c);
    upper = false;
  }
  return json;
}

// `message` packed into `any` with its bytes in a deterministic order (map
// entries sorted by key: Any::PackFrom would write ErrorInfo.metadata in the
// order of protobuf's hash map, which differs from one map to the next, and
// the same request would not give the same answer byte for byte).
void PackDeterministically(const google::protobuf::Message& message, google::protobuf::Any* any) {
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    message.SerializeToCodedStream(&coded);
  }
  any->set_type_url("type.googleapis.com/" + message.GetDescriptor()->full_name());
  any->set_value(std::move(bytes));
}

// The details: the BadRequest first (where clients written before the
// ErrorInfo look for it), then the ErrorInfo.
grpc::Status Pack(StatusCode code, const std::string& message, const google::rpc::ErrorInfo& info,
                  const google::rpc::BadRequest* bad_request) {
  google::rpc::Status status;
  status.set_code(code);
  status.set_message(message);
  if (bad_request != nullptr) status.add_details()->PackFrom(*bad_request);
  PackDeterministically(info, status.add_details());
  return grpc::Status(code, message, status.SerializeAsString());
}

}  // namespace

std::span<const ErrorReasonInfo> AllErrorReasons() { return kReasons; }

const ErrorReasonInfo& InfoOf(ErrorReason reason) { return kReasons[static_cast<int>(reason)]; }

std::string JsonFieldPath(std::string_view path) {
  std::string json;
  json.reserve(path.size());
  size_t start = 0;
  while (start < path.size()) {
    // A field name runs to the next '.' or '['; an index "[n]" is copied.
    size_t end = path.find_first_of(".[", start);
    if (end == std::string_view::npos) end = path.size();
    json += ToJsonName(path.substr(start, end - start));
    if (end < path.size() && path[end] == '[') {
      const size_t close = path.find(']', end);
      const size_t stop = close == std::string_view::npos ? path.size() : close + 1;
      json += path.substr(end, stop - end);
      end = stop;
    }
    if (end < path.size() && path[end] == '.') {
      json += '.';
      ++end;
    }
    start = end;
  }
  return json;
}

grpc::Status ErrorStatus(ErrorReason reason, const std::string& message,
                         std::initializer_list<std::pair<std::string_view, std::string>> metadata) {
  const ErrorReasonInfo& declared = InfoOf(reason);
  google::rpc::ErrorInfo info;
  info.set_reason(std::string(declared.name));
  info.set_domain(std::string(kErrorDomain));
  for (const auto& [key, value] : metadata) (*info.mutable_metadata())[std::string(key)] = value;
  return Pack(declared.code, message, info, nullptr);
}

grpc::Status WithRequestId(const grpc::Status& status, std::string_view request_id) {
  google::rpc::Status rich;
  if (status.ok() || status.error_details().empty() ||
      !rich.ParseFromString(status.error_details())) {
    return status;
  }
  bool found = false;
  for (google::protobuf::Any& any : *rich.mutable_details()) {
    google::rpc::ErrorInfo info;
    if (!any.Is<google::rpc::ErrorInfo>() || !any.UnpackTo(&info)) continue;
    (*info.mutable_metadata())[std::string(kRequestIdMetadataKey)] = std::string(request_id);
    PackDeterministically(info, &any);
    found = true;
  }
  if (!found) return status;
  return grpc::Status(status.error_code(), status.error_message(), rich.SerializeAsString());
}

grpc::Status InvalidArgument(const FieldProblems& problems) {
  std::string message = "malformed request";
  google::rpc::ErrorInfo info;
  info.set_domain(std::string(kErrorDomain));
  info.set_reason(std::string(InfoOf(ErrorReason::kFieldInvalid).name));
  auto& metadata = *info.mutable_metadata();
  metadata["violations"] = std::to_string(problems.size());
  if (!problems.empty()) {
    const FieldProblem& first = problems.front();
    message = first.field.empty() ? first.description : first.field + ": " + first.description;
    if (problems.size() > 1) {
      message += " (and " + std::to_string(problems.size() - 1) + " more problem" +
                 (problems.size() > 2 ? "s" : "") + ")";
    }
    info.set_reason(std::string(InfoOf(first.reason).name));
    metadata["field"] = first.field;
    metadata["jsonField"] = JsonFieldPath(first.field);
  }
  google::rpc::BadRequest bad_request;
  for (int i = 0; i < static_cast<int>(problems.size()) && i < kMaxFieldViolations; ++i) {
    google::rpc::BadRequest::FieldViolation* violation = bad_request.add_field_violations();
    violation->set_field(problems[i].field);
    violation->set_description(problems[i].description);
    metadata["reason" + std::to_string(i)] = std::string(InfoOf(problems[i].reason).name);
  }
  return Pack(StatusCode::INVALID_ARGUMENT, message, info, &bad_request);
}

}  // namespace carcassonne::service

// Errors a program can read (AIP-193): every non-OK status the service
// returns carries a google.rpc.ErrorInfo {reason, domain, metadata} in its
// details (error_details: a serialized google.rpc.Status {code, message,
// details: [Any(BadRequest)?, Any(ErrorInfo)]}): a malformed request's
// google.rpc.BadRequest naming each field first (where clients written
// before the ErrorInfo look for it), then the ErrorInfo, its metadata
// written sorted by key (the same request gives the same bytes).
//
// The reasons are declared here, once (ErrorReason and AllErrorReasons(): the
// name, the status code it goes with, the metadata keys it carries); the
// table in docs/errors-reference.md is checked against AllErrorReasons() by
// the test error_reasons_test.
//
// A malformed request (INVALID_ARGUMENT): each field problem has a reason of
// its own (google.rpc.BadRequest.FieldViolation of the googleapis this build
// uses has no `reason` field, so the reasons travel in the ErrorInfo's
// metadata, keyed by the violation's index: "reason0", "reason1", ...). The
// ErrorInfo's own reason is the first violation's. Metadata keys follow
// ErrorInfo's rule ([a-zA-Z0-9-_], lowerCamelCase), so a field path (which
// holds dots and brackets) is a value, never a key.
#pragma once

#include <grpcpp/support/status.h>

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace carcassonne::service {

// ErrorInfo.domain of every error of this service.
inline constexpr std::string_view kErrorDomain = "carcassonne.referee";

enum class ErrorReason {
  // INVALID_ARGUMENT: the reason of one field violation (and of the status:
  // its first violation's).
  kFieldRequired,
  kFieldInvalid,
  kEnumValueInvalid,
  kTileTypeUnknown,
  kRotationInvalid,
  kCoordinateOutOfRange,
  kSeatOutOfRange,
  kSegmentNotFound,
  kTooManyItems,
  kSnapshotInconsistent,
  kActionMalformed,
  kGameSetupInvalid,
  kBodyUnparsable,
  // INVALID_ARGUMENT, HTTP only (connect.h): a header or a query parameter of
  // the call itself (not of its request message) is malformed.
  kHeaderInvalid,
  kQueryInvalid,
  // RESOURCE_EXHAUSTED.
  kRequestTooLarge,
  kServerOverloaded,
  kDeadlineUnmeetable,
  kRequestMemoryExhausted,
  kTooManyHealthWatches,
  kTooManyReflectionStreams,
  // DEADLINE_EXCEEDED.
  kDeadlineExceeded,
  // CANCELLED.
  kCancelled,
  // NOT_FOUND.
  kHealthServiceUnknown,
  kPathNotFound,
  // UNIMPLEMENTED, HTTP only (connect.h): what the HTTP port does not serve.
  kProcedureNotFound,
  kHttpMethodNotAllowed,
  kContentTypeUnsupported,
  kCompressionUnsupported,
  // PERMISSION_DENIED, HTTP only: a CORS preflight from an origin not allowed.
  kOriginNotAllowed,
  // UNAVAILABLE.
  kShuttingDown,
  // INTERNAL.
  kInternalError,
};

// One declared reason: its UPPER_SNAKE name (ErrorInfo.reason), the status
// code it is sent with, and the ErrorInfo metadata keys it carries (comma
// separated; "reason<i>" stands for reason0, reason1, ...).
struct ErrorReasonInfo {
  ErrorReason reason;
  std::string_view name;
  grpc::StatusCode code;
  std::string_view metadata_keys;
};

// Every reason, in ErrorReason order.
std::span<const ErrorReasonInfo> AllErrorReasons();
const ErrorReasonInfo& InfoOf(ErrorReason reason);

// A field path in the JSON spelling of the API (protobuf's JSON mapping):
// each field name in lowerCamelCase, indices unchanged:
// "actions[2].place_tile.x" -> "actions[2].placeTile.x".
std::string JsonFieldPath(std::string_view path);

// One malformed field of a request: its path from the request root, what is
// wrong with it, and why (becomes a google.rpc.BadRequest.FieldViolation and
// the ErrorInfo metadata "reason<i>").
struct FieldProblem {
  std::string field;
  std::string description;
  ErrorReason reason = ErrorReason::kFieldInvalid;
};
using FieldProblems = std::vector<FieldProblem>;

// A status of `reason`'s code with `message`, whose details hold an
// ErrorInfo {reason, kErrorDomain, metadata}.
grpc::Status ErrorStatus(
    ErrorReason reason, const std::string& message,
    std::initializer_list<std::pair<std::string_view, std::string>> metadata = {});

// `status` with the client's request id (request_id.h) added to its
// ErrorInfo's metadata as "requestId" (the ErrorInfo rewritten, its metadata
// still sorted); a status without an ErrorInfo is returned as it is. Only an
// id the client sent goes there: a made-up one would make the same request
// get different bytes (docs/errors-reference.md).
inline constexpr std::string_view kRequestIdMetadataKey = "requestId";
grpc::Status WithRequestId(const grpc::Status& status, std::string_view request_id);

// INVALID_ARGUMENT for `problems` (at least one): the message summarises the
// first; the details hold an ErrorInfo (the first problem's reason; metadata
// "field", "jsonField", "violations" and "reason<i>" per violation sent) and
// a BadRequest with a FieldViolation per problem (at most kMaxFieldViolations:
// the details travel in a trailer, and clients limit metadata to a few KiB;
// "violations" says how many there were).
inline constexpr int kMaxFieldViolations = 16;
grpc::Status InvalidArgument(const FieldProblems& problems);

}  // namespace carcassonne::service

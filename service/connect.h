// The referee's HTTP protocols, independent of any HTTP library: one HTTP
// request in, one HTTP response out (docs/http.md describes them for users).
//
//   * Connect, unary (connectrpc.com/docs/protocol): POST
//     /carcassonne.v1.RefereeService/<Method> and /grpc.health.v1.Health/Check
//     with Content-Type application/json (the proto3 JSON mapping) or
//     application/proto; the answer in the same encoding; errors as Connect
//     error bodies (code, message, details) with the HTTP status the spec
//     gives each code. Connect-Timeout-Ms is the call's deadline;
//     Connect-Protocol-Version, when sent, must be 1. A method marked
//     NO_SIDE_EFFECTS in the .proto (GetCatalog) also answers the GET form
//     (?connect=v1&encoding=...&message=...[&base64=1]), cacheable.
//   * gRPC-Web, unary (application/grpc-web, +proto, +json): the framed
//     message in, a data frame and a trailers frame out; grpc-timeout is
//     the deadline.
//   * CORS (preflight and response headers) for the allowed origins.
//   * the request id (request_id.h): the client's X-Request-Id header when
//     usable, else a new one, returned in the X-Request-Id response header of
//     every answer and written in the access log; when the client sent it, it
//     is also in the ErrorInfo of every error (metadata "requestId"), never
//     in a successful answer's body (the same request gets the same bytes).
//   * errors: every error answer, the HTTP-level ones included (unknown path,
//     wrong method, content type, malformed header or query, body too large,
//     a preflight from an origin not allowed), is a Connect error body whose
//     details hold a google.rpc.ErrorInfo (error_reasons.h).
//   * the static pages (static_assets.h): GET / and /playground/...
//
// Every RefereeService call goes to an RpcBackend: in the server, the
// serving threads (RefereeServing::ServeUnary, serving.h), so that a call
// over HTTP is admitted, served, metered and shed exactly as a gRPC call.
// No rule is decided here, and no library type appears: http_server.cc
// adapts civetweb to this, and the fuzz target calls it directly.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grpc/health/v1/health.pb.h"
#include "service/serving.h"

namespace carcassonne::service {

// Who runs the calls.
class RpcBackend {
 public:
  virtual ~RpcBackend() = default;
  // Runs a RefereeService call (request and answer in the wire format).
  virtual UnaryAnswer Call(UnaryRequest request) = 0;
  // What grpc.health.v1.Health/Check answers for `service`.
  virtual grpc::health::v1::HealthCheckResponse::ServingStatus Health(
      const std::string& service) = 0;
  // A call of `method` refused by the HTTP side before it reached Call (a
  // malformed header, query or body, compression, a body over the limit:
  // `reason` then): counted and logged like every call. Nothing by default.
  virtual void Refused(Method /*method*/, const grpc::Status& /*status*/,
                       std::optional<ShedReason> /*reason*/, size_t /*request_bytes*/,
                       const std::string& /*request_id*/) {}
};

// The server's policy for browsers: the origins allowed by CORS.
struct HttpPolicy {
  // Origins ("https://games.example") allowed to call from a browser; "*"
  // allows any. Besides these, the server's own origin (the scheme of the
  // port and the request's Host header) is always allowed.
  std::vector<std::string> cors_origins;
  bool tls = false;  // the port speaks https (for the server's own origin)
};

struct HttpRequest {
  std::string method;  // "POST", "GET", "OPTIONS", ...
  std::string path;    // "/carcassonne.v1.RefereeService/NewGame", no query
  std::string query;   // raw, without '?'
  std::vector<std::pair<std::string, std::string>> headers;  // names in any case
  std::string body;

  // The first header named `name` (case-insensitive), or "" if none.
  std::string_view Header(std::string_view name) const;
  bool HasHeader(std::string_view name) const;
};

struct HttpResponse {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // For the metrics: "connect", "connect_get", "grpc_web", "health",
  // "preflight", "static" or "other".
  std::string_view protocol = "other";
};

// Largest request body accepted (the gRPC port's limit too, server.cc).
inline constexpr size_t kMaxHttpBodyBytes = 1024 * 1024;

// The answer to `request` (whose body is complete and at most
// kMaxHttpBodyBytes).
HttpResponse Respond(const HttpRequest& request, const HttpPolicy& policy, RpcBackend& backend);

// The answer to a request whose body is larger than kMaxHttpBodyBytes (the
// caller has not read it): 413 with a Connect resource_exhausted body, reason
// REQUEST_TOO_LARGE; a RefereeService call is counted (backend.Refused).
HttpResponse BodyTooLarge(const HttpRequest& request, const HttpPolicy& policy,
                          RpcBackend& backend);

// The Connect error code of a gRPC status code ("invalid_argument"), and the
// HTTP status the Connect protocol gives it (invalid_argument 400,
// resource_exhausted 429, deadline_exceeded 504, ...).
std::string_view ConnectCode(grpc::StatusCode code);
int HttpStatusOf(grpc::StatusCode code);

}  // namespace carcassonne::service

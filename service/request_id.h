// The request id of a call: the `x-request-id` the client sent in its
// metadata when it is usable (1 to 128 printable ASCII characters, no space,
// no quote or backslash), otherwise a new one (32 random hexadecimal digits,
// 128 bits). The server returns it in the response's initial metadata
// (`x-request-id`) and writes it in the access log line (access_log.h), so a
// client's report and the server's log meet on it. An id the client sent is
// also put in the ErrorInfo of every error it gets (error_reasons.h,
// WithRequestId); a made-up one is not, so that the same request always gets
// the same bytes. The HTTP port does the same with the X-Request-Id header
// (connect.h).
#pragma once

#include <grpcpp/server_context.h>

#include <optional>
#include <string>
#include <string_view>

namespace carcassonne::service {

inline constexpr char kRequestIdKey[] = "x-request-id";
inline constexpr size_t kMaxRequestIdLength = 128;

// Whether `id` is taken as it is (see above).
bool UsableRequestId(std::string_view id);

// 32 random hexadecimal digits (a thread-local generator seeded from
// std::random_device).
std::string NewRequestId();

// The client's usable x-request-id, if it sent one.
std::optional<std::string> ClientRequestId(const grpc::ServerContext& context);

// The client's usable x-request-id, else a new one.
std::string RequestIdOf(const grpc::ServerContext& context);

}  // namespace carcassonne::service

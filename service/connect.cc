// The HTTP protocols of the referee (see connect.h): routing, the Connect and
// gRPC-Web framings, JSON <-> wire format, errors, deadlines and CORS. (Over
// 600 lines: the Connect POST and GET forms, gRPC-Web and CORS share one
// procedure table, one encoding layer and one error mapping; a quarter of the
// file is the two code tables at its end.)
// Why one file: the Connect, gRPC-Web and GET forms share one dispatch, error body and header
// handling.
#include "service/connect.h"

#include <google/protobuf/arena.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "engine/text.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "service/error_reasons.h"
#include "service/json_parse.h"
#include "service/metrics.h"
#include "service/request_id.h"
#include "service/static_assets.h"

namespace carcassonne::service {
namespace {

using google::protobuf::Message;

// Debian's Abseil has its own string_view.
absl::string_view AbslView(std::string_view text) { return {text.data(), text.size()}; }
std::string_view StdView(absl::string_view text) { return {text.data(), text.size()}; }
using SystemClock = std::chrono::system_clock;

constexpr std::string_view kRefereeService = "carcassonne.v1.RefereeService";
constexpr std::string_view kHealthCheckPath = "/grpc.health.v1.Health/Check";

// CORS: what a browser may send and read (Connect's CORS guidance), and how
// long it may cache a preflight.
constexpr char kAllowedMethods[] = "GET, POST";
constexpr char kAllowedHeaders[] =
    "Content-Type, Connect-Protocol-Version, Connect-Timeout-Ms, Grpc-Timeout, X-Grpc-Web, "
    "X-User-Agent, X-Request-Id";
constexpr char kExposedHeaders[] =
    "Grpc-Status, Grpc-Message, Grpc-Status-Details-Bin, X-Request-Id";
constexpr char kPreflightMaxAgeSeconds[] = "7200";
// GET GetCatalog: the catalogue changes only with the server's build.
constexpr char kCacheControl[] = "public, max-age=300";

// The encodings of a message on the wire.
enum class Encoding { kProto, kJson };

std::string UnpaddedBase64(std::string_view bytes) {
  std::string text = absl::Base64Escape(AbslView(bytes));
  while (!text.empty() && text.back() == '=') text.pop_back();
  return text;
}

// Standard or URL-safe base64, padded or not (Connect's GET form and
// details accept either).
std::optional<std::string> DecodeBase64(std::string_view text) {
  std::string bytes;
  if (absl::Base64Unescape(AbslView(text), &bytes) ||
      absl::WebSafeBase64Unescape(AbslView(text), &bytes)) {
    return bytes;
  }
  return std::nullopt;
}

// %XX and '+' decoded (a query string's value); nothing if malformed.
std::optional<std::string> PercentDecode(std::string_view text) {
  std::string decoded;
  decoded.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      decoded.push_back(' ');
    } else if (text[i] != '%') {
      decoded.push_back(text[i]);
    } else {
      if (i + 2 >= text.size() || !absl::ascii_isxdigit(static_cast<unsigned char>(text[i + 1])) ||
          !absl::ascii_isxdigit(static_cast<unsigned char>(text[i + 2]))) {
        return std::nullopt;
      }
      int value = 0;
      for (int k = 1; k <= 2; ++k) {
        const char c = absl::ascii_tolower(static_cast<unsigned char>(text[i + k]));
        value = value * 16 + (c <= '9' ? c - '0' : c - 'a' + 10);
      }
      decoded.push_back(static_cast<char>(value));
      i += 2;
    }
  }
  return decoded;
}

// The JSON of `message` (camelCase names, enum names).
std::string ToJson(const Message& message) {
  std::string json;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = false;
  if (!google::protobuf::util::MessageToJsonString(message, &json, options).ok()) json = "{}";
  return json;
}

std::unique_ptr<Message> NewMessage(const google::protobuf::Descriptor* type) {
  return std::unique_ptr<Message>(
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(type)->New());
}

// `text` with every byte that is not part of well-formed UTF-8 replaced by
// '?': an error message may quote what a client sent (a path, a header), and
// a JSON string must be UTF-8.
std::string WellFormedUtf8(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const size_t length = lead < 0x80                      ? 1
                          : (lead >= 0xC2 && lead <= 0xDF) ? 2
                          : (lead >= 0xE0 && lead <= 0xEF) ? 3
                          : (lead >= 0xF0 && lead <= 0xF4) ? 4
                                                           : 0;
    bool ok = length > 0 && i + length <= text.size();
    for (size_t k = 1; ok && k < length; ++k) {
      ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    }
    if (ok && length >= 3) {
      const auto second = static_cast<unsigned char>(text[i + 1]);
      if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) ||
          (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F)) {
        ok = false;
      }
    }
    if (ok) {
      out.append(text, i, length);
      i += length;
    } else {
      out += '?';
      ++i;
    }
  }
  return out;
}

// `text` as a JSON string (quoted, escaped).
std::string JsonString(const std::string& text) {
  google::protobuf::Value value;
  value.set_string_value(WellFormedUtf8(text));
  return ToJson(value);
}

// The JSON of an error detail ("debug"). protobuf's JSON printer writes a
// map in no fixed order; ErrorInfo's metadata is written with its keys
// sorted, so that the same request gets the same bytes.
std::string DebugJson(const Message& message) {
  const auto* info = dynamic_cast<const google::rpc::ErrorInfo*>(&message);
  if (info == nullptr) return ToJson(message);
  std::vector<std::pair<std::string, std::string>> metadata(info->metadata().begin(),
                                                            info->metadata().end());
  std::sort(metadata.begin(), metadata.end());
  std::string json = Cat("{\"reason\":", JsonString(info->reason()),
                         ",\"domain\":", JsonString(info->domain()), ",\"metadata\":{");
  for (size_t i = 0; i < metadata.size(); ++i) {
    json +=
        Cat(i == 0 ? "" : ",", JsonString(metadata[i].first), ":", JsonString(metadata[i].second));
  }
  return json + "}}";
}

// The Connect error body of `status`: its code, message and every detail of
// the google.rpc.Status in its error_details (type, base64 value and, for a
// type this binary knows, its JSON as "debug"), in that order.
std::string ConnectErrorBody(const grpc::Status& status) {
  std::string body = Cat("{\"code\":", JsonString(std::string(ConnectCode(status.error_code()))));
  if (!status.error_message().empty())
    body += Cat(",\"message\":", JsonString(status.error_message()));
  google::rpc::Status rich;
  if (!status.error_details().empty() && rich.ParseFromString(status.error_details()) &&
      rich.details_size() > 0) {
    body += ",\"details\":[";
    for (int i = 0; i < rich.details_size(); ++i) {
      const google::protobuf::Any& any = rich.details(i);
      const std::string type(any.type_url().substr(any.type_url().rfind('/') + 1));
      body += Cat(i == 0 ? "" : ",", "{\"type\":", JsonString(type),
                  ",\"value\":", JsonString(UnpaddedBase64(any.value())));
      const google::protobuf::Descriptor* descriptor =
          google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(type);
      if (descriptor != nullptr) {
        std::unique_ptr<Message> message(NewMessage(descriptor));
        if (message->ParseFromString(any.value())) body += Cat(",\"debug\":", DebugJson(*message));
      }
      body += "}";
    }
    body += "]";
  }
  return body + "}";
}

void AddHeader(HttpResponse& response, std::string name, std::string value) {
  response.headers.emplace_back(std::move(name), std::move(value));
}

// One HTTP exchange: who runs its calls, and its request id (request_id.h):
// the client's usable X-Request-Id header, else a new one.
struct Exchange {
  RpcBackend& backend;
  std::string request_id;
  bool id_from_client = false;

  Exchange(const HttpRequest& request, RpcBackend& call_backend) : backend(call_backend) {
    const std::string_view sent = request.Header(kRequestIdKey);
    id_from_client = request.HasHeader(kRequestIdKey) && UsableRequestId(sent);
    request_id = id_from_client ? std::string(sent) : NewRequestId();
  }

  // `status` as the client gets it: with the request id in its ErrorInfo
  // when the client sent one (a made-up id would make the same request get
  // different bytes).
  grpc::Status ForClient(const grpc::Status& status) const {
    return id_from_client ? WithRequestId(status, request_id) : status;
  }
};

HttpResponse ConnectError(const grpc::Status& status, const Exchange& exchange,
                          std::string_view protocol, int http_status = 0) {
  HttpResponse response;
  response.status = http_status != 0 ? http_status : HttpStatusOf(status.error_code());
  AddHeader(response, "Content-Type", "application/json");
  response.body = ConnectErrorBody(exchange.ForClient(status));
  response.protocol = protocol;
  return response;
}

// A method the HTTP side serves: its request and response types.
struct Procedure {
  std::optional<Method> method;  // nothing: the health check
  const google::protobuf::Descriptor* input = nullptr;
  const google::protobuf::Descriptor* output = nullptr;
  bool side_effect_free = false;
};

// The procedure of a path "/<service>/<method>", or nothing: every RPC of
// RefereeService that the serving threads serve (metrics.h's method list),
// with its types from the service's descriptor, and the health check.
std::optional<Procedure> FindProcedure(std::string_view path) {
  if (path == kHealthCheckPath) {
    return Procedure{std::nullopt, grpc::health::v1::HealthCheckRequest::descriptor(),
                     grpc::health::v1::HealthCheckResponse::descriptor(), false};
  }
  const std::string prefix = Cat("/", kRefereeService, "/");
  if (!absl::StartsWith(AbslView(path), prefix)) return std::nullopt;
  const std::string_view name = path.substr(prefix.size());
  const std::optional<Method> method = MethodNamed(name);
  const google::protobuf::ServiceDescriptor* service =
      google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
          std::string(kRefereeService));
  if (!method || service == nullptr) return std::nullopt;
  const google::protobuf::MethodDescriptor* descriptor =
      service->FindMethodByName(std::string(name));
  if (descriptor == nullptr) return std::nullopt;
  return Procedure{method, descriptor->input_type(), descriptor->output_type(),
                   descriptor->options().idempotency_level() ==
                       google::protobuf::MethodOptions::NO_SIDE_EFFECTS};
}

// The request in the wire format, from its `encoding`.
std::optional<std::string> ToWire(const Procedure& procedure, Encoding encoding,
                                  const std::string& body, grpc::Status* error) {
  if (encoding == Encoding::kProto) return body;  // parsed (and judged) by the serving thread
  std::unique_ptr<Message> message = NewMessage(procedure.input);
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  // The fast reader (json_parse.h): protobuf's JsonStringToMessage answers
  // whatever it is not sure of, with the same status and message.
  const auto parsed = ParseJsonMessage(body, message.get(), options);
  if (!parsed.ok()) {
    *error =
        InvalidRequestBody(Cat("the request body is not a valid ", procedure.input->full_name(),
                               " (proto3 JSON): ", std::string(parsed.message())));
    return std::nullopt;
  }
  return message->SerializeAsString();
}

// The answer in `encoding`, from the wire format.
std::string FromWire(const Procedure& procedure, Encoding encoding, const std::string& bytes) {
  if (encoding == Encoding::kProto) return bytes;
  std::unique_ptr<Message> message = NewMessage(procedure.output);
  message->ParseFromString(bytes);
  return ToJson(*message);
}

// Runs the call: the health check here, RefereeService calls on the backend.
UnaryAnswer Run(const Procedure& procedure, std::string wire, SystemClock::time_point deadline,
                Exchange& exchange) {
  if (!procedure.method) {
    grpc::health::v1::HealthCheckRequest request;
    if (!request.ParseFromString(wire)) {
      return {
          InvalidRequestBody("the request body is not a valid grpc.health.v1.HealthCheckRequest"),
          {}};
    }
    const auto status = exchange.backend.Health(request.service());
    if (status == grpc::health::v1::HealthCheckResponse::SERVICE_UNKNOWN) {
      return {ErrorStatus(ErrorReason::kHealthServiceUnknown,
                          Cat("unknown service \"", request.service(), "\""),
                          {{"service", request.service()}}),
              {}};
    }
    grpc::health::v1::HealthCheckResponse response;
    response.set_status(status);
    return {grpc::Status::OK, response.SerializeAsString()};
  }
  return exchange.backend.Call(
      UnaryRequest{*procedure.method, std::move(wire), deadline, exchange.request_id});
}

// A call refused here, before it reached the serving threads (a malformed
// header, query or body, compression, a body over the limit): counted like
// every call of its method (backend.Refused), the health check excepted.
void CountRefused(const Procedure& procedure, const grpc::Status& status, Exchange& exchange,
                  size_t request_bytes, std::optional<ShedReason> reason = std::nullopt) {
  if (!procedure.method) return;
  exchange.backend.Refused(*procedure.method, status, reason, request_bytes, exchange.request_id);
}

HttpResponse RefusedCall(const Procedure& procedure, const grpc::Status& status, Exchange& exchange,
                         std::string_view protocol, size_t request_bytes) {
  CountRefused(procedure, status, exchange, request_bytes);
  return ConnectError(status, exchange, protocol);
}

// A deadline `millis` from now (a timeout too large for the clock: none).
SystemClock::time_point DeadlineIn(int64_t millis) {
  if (millis > int64_t{10'000'000'000}) return SystemClock::time_point::max();
  return SystemClock::now() + std::chrono::milliseconds(millis);
}

// Connect-Timeout-Ms: at most 10 ASCII digits (the spec); 0 has already
// expired. Nothing when the header is absent; an error when malformed.
std::optional<SystemClock::time_point> ConnectDeadline(const HttpRequest& request,
                                                       grpc::Status* error) {
  if (!request.HasHeader("connect-timeout-ms")) return SystemClock::time_point::max();
  const std::string_view text = request.Header("connect-timeout-ms");
  int64_t millis = 0;
  if (text.empty() || text.size() > 10 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
      !absl::SimpleAtoi(AbslView(text), &millis)) {
    *error = ErrorStatus(ErrorReason::kHeaderInvalid,
                         Cat("Connect-Timeout-Ms must be 1 to 10 digits (milliseconds), not \"",
                             std::string(text.substr(0, 32)), "\""),
                         {{"header", "Connect-Timeout-Ms"}});
    return std::nullopt;
  }
  return DeadlineIn(millis);
}

// grpc-timeout: 1 to 8 digits and a unit (H, M, S, m, u, n).
std::optional<SystemClock::time_point> GrpcDeadline(const HttpRequest& request,
                                                    grpc::Status* error) {
  if (!request.HasHeader("grpc-timeout")) return SystemClock::time_point::max();
  const std::string_view text = request.Header("grpc-timeout");
  int64_t amount = 0;
  const bool digits =
      text.size() >= 2 && text.size() <= 9 &&
      std::all_of(text.begin(), text.end() - 1, [](char c) { return c >= '0' && c <= '9'; }) &&
      absl::SimpleAtoi(AbslView(text.substr(0, text.size() - 1)), &amount);
  const char unit = text.empty() ? '?' : text.back();
  int64_t nanos_per_unit = 0;
  switch (unit) {
    case 'H':
      nanos_per_unit = int64_t{3600} * 1'000'000'000;
      break;
    case 'M':
      nanos_per_unit = int64_t{60} * 1'000'000'000;
      break;
    case 'S':
      nanos_per_unit = 1'000'000'000;
      break;
    case 'm':
      nanos_per_unit = 1'000'000;
      break;
    case 'u':
      nanos_per_unit = 1'000;
      break;
    case 'n':
      nanos_per_unit = 1;
      break;
    default:
      break;
  }
  if (!digits || nanos_per_unit == 0) {
    *error = ErrorStatus(ErrorReason::kHeaderInvalid,
                         Cat("grpc-timeout must be 1 to 8 digits and a unit, not \"",
                             std::string(text.substr(0, 32)), "\""),
                         {{"header", "grpc-timeout"}});
    return std::nullopt;
  }
  // amount < 10^8: in nanoseconds at most 3.6 * 10^20 for hours; in ms fits.
  const int64_t millis = nanos_per_unit >= 1'000'000 ? amount * (nanos_per_unit / 1'000'000)
                                                     : amount * nanos_per_unit / 1'000'000;
  if (millis == 0 && amount > 0) {
    return SystemClock::now() + std::chrono::nanoseconds(amount * nanos_per_unit);
  }
  return DeadlineIn(millis);
}

// The media type of a Content-Type header, lower case, parameters dropped.
std::string MediaType(std::string_view content_type) {
  const std::string_view type = content_type.substr(0, content_type.find(';'));
  return absl::AsciiStrToLower(absl::StripAsciiWhitespace(AbslView(type)));
}

// --- Connect unary ---------------------------------------------------------

HttpResponse ConnectUnary(const Procedure& procedure, Encoding encoding, const std::string& body,
                          SystemClock::time_point deadline, Exchange& exchange,
                          std::string_view protocol) {
  grpc::Status error;
  std::optional<std::string> wire = ToWire(procedure, encoding, body, &error);
  if (!wire) return RefusedCall(procedure, error, exchange, protocol, body.size());
  UnaryAnswer answer = Run(procedure, std::move(*wire), deadline, exchange);
  if (!answer.status.ok()) return ConnectError(answer.status, exchange, protocol);
  HttpResponse response;
  response.protocol = protocol;
  AddHeader(response, "Content-Type",
            encoding == Encoding::kJson ? "application/json" : "application/proto");
  response.body = FromWire(procedure, encoding, answer.bytes);
  return response;
}

// Connect-Protocol-Version, when sent, must be 1.
bool ProtocolVersionOk(const HttpRequest& request, grpc::Status* error) {
  if (!request.HasHeader("connect-protocol-version") ||
      request.Header("connect-protocol-version") == "1") {
    return true;
  }
  *error = ErrorStatus(ErrorReason::kHeaderInvalid,
                       "Connect-Protocol-Version must be 1 (the only version of the Connect "
                       "protocol)",
                       {{"header", "Connect-Protocol-Version"}});
  return false;
}

HttpResponse ConnectPost(const HttpRequest& request, const Procedure& procedure,
                         const std::string& media_type, Exchange& exchange) {
  grpc::Status error;
  const size_t bytes = request.body.size();
  if (!ProtocolVersionOk(request, &error)) {
    return RefusedCall(procedure, error, exchange, "connect", bytes);
  }
  const std::optional<SystemClock::time_point> deadline = ConnectDeadline(request, &error);
  if (!deadline) return RefusedCall(procedure, error, exchange, "connect", bytes);
  return ConnectUnary(procedure,
                      media_type == "application/json" ? Encoding::kJson : Encoding::kProto,
                      request.body, *deadline, exchange, "connect");
}

// GET ?connect=v1&encoding=json|proto&message=...[&base64=1][&compression=identity]
HttpResponse ConnectGet(const HttpRequest& request, const Procedure& procedure,
                        Exchange& exchange) {
  const size_t bytes = request.query.size();
  auto refuse = [&](const grpc::Status& status) {
    return RefusedCall(procedure, status, exchange, "connect_get", bytes);
  };
  std::optional<std::string> encoding_name;
  std::optional<std::string> message;
  bool base64 = false;
  std::optional<std::string> connect_version;
  for (absl::string_view piece : absl::StrSplit(request.query, '&', absl::SkipEmpty())) {
    const std::string_view pair = StdView(piece);
    const size_t equals = pair.find('=');
    const std::string_view key = pair.substr(0, equals);
    const std::optional<std::string> value =
        PercentDecode(equals == std::string_view::npos ? "" : pair.substr(equals + 1));
    if (!value) {
      return refuse(ErrorStatus(
          ErrorReason::kQueryInvalid, "the query string has a malformed %-escape",
          {{"parameter", std::string(WellFormedUtf8(std::string(key.substr(0, 32))))}}));
    }
    if (key == "encoding") encoding_name = *value;
    if (key == "message") message = *value;
    if (key == "base64") base64 = *value == "1";
    if (key == "connect") connect_version = *value;
    if (key == "compression" && *value != "identity") {
      return refuse(ErrorStatus(
          ErrorReason::kCompressionUnsupported,
          Cat("compression \"", value->substr(0, 32), "\" is not supported (identity only)")));
    }
  }
  if (connect_version && *connect_version != "v1") {
    return refuse(
        ErrorStatus(ErrorReason::kQueryInvalid, "connect must be v1", {{"parameter", "connect"}}));
  }
  if (!encoding_name || (*encoding_name != "json" && *encoding_name != "proto")) {
    return refuse(ErrorStatus(ErrorReason::kQueryInvalid,
                              "the query must name encoding=json or encoding=proto",
                              {{"parameter", "encoding"}}));
  }
  std::string body = message.value_or("");
  if (base64) {
    std::optional<std::string> decoded = DecodeBase64(body);
    if (!decoded) return refuse(InvalidRequestBody("message is not valid base64"));
    body = std::move(*decoded);
  }
  grpc::Status error;
  const std::optional<SystemClock::time_point> deadline = ConnectDeadline(request, &error);
  if (!deadline) return refuse(error);
  HttpResponse response =
      ConnectUnary(procedure, *encoding_name == "json" ? Encoding::kJson : Encoding::kProto, body,
                   *deadline, exchange, "connect_get");
  if (response.status == 200) AddHeader(response, "Cache-Control", kCacheControl);
  return response;
}

// --- gRPC-Web unary --------------------------------------------------------

// A 5-byte frame header: flags, then the length (big-endian).
std::string Frame(uint8_t flags, std::string_view payload) {
  std::string frame(5, '\0');
  frame[0] = static_cast<char>(flags);
  const auto size = static_cast<uint32_t>(payload.size());
  for (int i = 0; i < 4; ++i) frame[1 + i] = static_cast<char>((size >> (8 * (3 - i))) & 0xff);
  frame.append(payload);
  return frame;
}

// grpc-message: percent-encoded outside printable ASCII (and '%').
std::string GrpcMessage(std::string_view message) {
  std::string encoded;
  constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte > 0x7e || byte == '%') {
      encoded += '%';
      encoded += kHex[byte >> 4];
      encoded += kHex[byte & 15];
    } else {
      encoded += c;
    }
  }
  return encoded;
}

HttpResponse GrpcWeb(const HttpRequest& request, const Procedure& procedure,
                     const std::string& media_type, Exchange& exchange) {
  const Encoding encoding =
      media_type == "application/grpc-web+json" ? Encoding::kJson : Encoding::kProto;
  UnaryAnswer answer;
  grpc::Status error;
  const std::string& body = request.body;
  bool ran = false;  // handed to Run (else refused here)
  std::optional<SystemClock::time_point> deadline = GrpcDeadline(request, &error);
  uint32_t length = 0;
  if (deadline && body.size() >= 5) {
    for (int i = 1; i <= 4; ++i) length = (length << 8) | static_cast<unsigned char>(body[i]);
  }
  if (!deadline) {
    answer.status = error;
  } else if (body.size() < 5 || (static_cast<unsigned char>(body[0]) & 0x80) != 0 ||
             length != body.size() - 5) {
    answer.status = InvalidRequestBody(
        "a gRPC-Web request body is one uncompressed message frame (flags 0, 4-byte length)");
  } else if ((static_cast<unsigned char>(body[0]) & 1) != 0) {
    answer.status =
        ErrorStatus(ErrorReason::kCompressionUnsupported, "compressed messages are not supported");
  } else {
    std::optional<std::string> wire = ToWire(procedure, encoding, body.substr(5), &answer.status);
    if (wire) {
      answer = Run(procedure, std::move(*wire), *deadline, exchange);
      ran = true;
    }
  }
  if (!ran) CountRefused(procedure, answer.status, exchange, body.size());
  answer.status = exchange.ForClient(answer.status);
  HttpResponse response;
  response.protocol = "grpc_web";
  AddHeader(response, "Content-Type", media_type);
  if (answer.status.ok()) {
    response.body = Frame(0, FromWire(procedure, encoding, answer.bytes));
  }
  std::string trailers = Cat("grpc-status:", static_cast<int>(answer.status.error_code()), "\r\n");
  if (!answer.status.error_message().empty()) {
    trailers += Cat("grpc-message:", GrpcMessage(answer.status.error_message()), "\r\n");
  }
  if (!answer.status.error_details().empty()) {
    trailers +=
        Cat("grpc-status-details-bin:", UnpaddedBase64(answer.status.error_details()), "\r\n");
  }
  response.body += Frame(0x80, trailers);
  return response;
}

// --- CORS ------------------------------------------------------------------

// The allowed origin of `request` (its Origin header), or "" when it sends
// none or one that is not allowed.
std::string AllowedOrigin(const HttpRequest& request, const HttpPolicy& policy) {
  const std::string_view origin = request.Header("origin");
  if (origin.empty()) return "";
  const std::string own = Cat(policy.tls ? "https://" : "http://", request.Header("host"));
  if (origin == own && request.HasHeader("host")) return std::string(origin);
  for (const std::string& allowed : policy.cors_origins) {
    if (allowed == "*" || allowed == origin) return std::string(origin);
  }
  return "";
}

HttpResponse Preflight(const HttpRequest& request, const HttpPolicy& policy,
                       const Exchange& exchange) {
  const std::string origin = AllowedOrigin(request, policy);
  if (origin.empty()) {
    return ConnectError(
        ErrorStatus(ErrorReason::kOriginNotAllowed, "origin not allowed (see --http_cors_origins)"),
        exchange, "preflight", 403);
  }
  HttpResponse response;
  response.protocol = "preflight";
  response.status = 204;
  AddHeader(response, "Access-Control-Allow-Methods", kAllowedMethods);
  AddHeader(response, "Access-Control-Allow-Headers", kAllowedHeaders);
  AddHeader(response, "Access-Control-Max-Age", kPreflightMaxAgeSeconds);
  return response;
}

HttpResponse Dispatch(const HttpRequest& request, const HttpPolicy& policy, Exchange& exchange) {
  if (request.method == "OPTIONS") return Preflight(request, policy, exchange);
  const std::optional<Procedure> procedure = FindProcedure(request.path);
  if (!procedure) {
    if (request.method == "GET" || request.method == "HEAD") {
      if (const StaticAsset* asset = FindStaticAsset(request.path)) {
        HttpResponse response;
        response.protocol = "static";
        AddHeader(response, "Content-Type", std::string(asset->content_type));
        AddHeader(response, "Cache-Control", "no-cache");
        if (request.method == "GET") response.body = std::string(asset->body);
        return response;
      }
    }
    // A path quoted back is cut short and made UTF-8 (ErrorInfo metadata and
    // JSON are text).
    const std::string path = WellFormedUtf8(request.path.substr(0, 200));
    if (request.method == "POST") {
      return ConnectError(ErrorStatus(ErrorReason::kProcedureNotFound, Cat("no procedure ", path),
                                      {{"path", path}}),
                          exchange, "connect", 404);
    }
    return ConnectError(ErrorStatus(ErrorReason::kPathNotFound, Cat("not found: ", path)), exchange,
                        "other");
  }
  if (request.method == "GET" && procedure->side_effect_free) {
    return ConnectGet(request, *procedure, exchange);
  }
  if (request.method != "POST") {
    const std::string allow = procedure->side_effect_free ? "GET, POST" : "POST";
    HttpResponse response = ConnectError(
        ErrorStatus(ErrorReason::kHttpMethodNotAllowed,
                    Cat("method not allowed: ", request.path.substr(0, 200), " takes ", allow),
                    {{"allow", allow}}),
        exchange, "other", 405);
    AddHeader(response, "Allow", allow);
    return response;
  }
  const std::string media_type = MediaType(request.Header("content-type"));
  if (media_type == "application/json" || media_type == "application/proto") {
    return ConnectPost(request, *procedure, media_type, exchange);
  }
  if (media_type == "application/grpc-web" || media_type == "application/grpc-web+proto" ||
      media_type == "application/grpc-web+json") {
    return GrpcWeb(request, *procedure, media_type, exchange);
  }
  constexpr char kAcceptPost[] =
      "application/json, application/proto, application/grpc-web+proto, "
      "application/grpc-web+json";
  HttpResponse response = ConnectError(
      ErrorStatus(ErrorReason::kContentTypeUnsupported,
                  "unsupported Content-Type: use application/json or application/proto",
                  {{"acceptPost", kAcceptPost}}),
      exchange, "connect", 415);
  AddHeader(response, "Accept-Post", kAcceptPost);
  return response;
}

// The CORS headers of an answer to an allowed origin.
void AddCorsHeaders(const HttpRequest& request, const HttpPolicy& policy, HttpResponse& response) {
  const std::string origin = AllowedOrigin(request, policy);
  AddHeader(response, "Vary", "Origin");
  if (origin.empty()) return;
  AddHeader(response, "Access-Control-Allow-Origin", origin);
  if (request.method != "OPTIONS")
    AddHeader(response, "Access-Control-Expose-Headers", kExposedHeaders);
}

}  // namespace

std::string_view HttpRequest::Header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, AbslView(name))) return value;
  }
  return "";
}

bool HttpRequest::HasHeader(std::string_view name) const {
  return std::any_of(headers.begin(), headers.end(), [&](const auto& header) {
    return absl::EqualsIgnoreCase(header.first, AbslView(name));
  });
}

HttpResponse Respond(const HttpRequest& request, const HttpPolicy& policy, RpcBackend& backend) {
  Exchange exchange(request, backend);
  HttpResponse response = Dispatch(request, policy, exchange);
  AddCorsHeaders(request, policy, response);
  AddHeader(response, "X-Request-Id", exchange.request_id);
  return response;
}

HttpResponse BodyTooLarge(const HttpRequest& request, const HttpPolicy& policy,
                          RpcBackend& backend) {
  Exchange exchange(request, backend);
  const std::string limit = std::to_string(kMaxHttpBodyBytes);
  const grpc::Status status =
      ErrorStatus(ErrorReason::kRequestTooLarge,
                  Cat("the request body is larger than the limit of ", limit, " bytes"),
                  {{"maxRequestBytes", limit}});
  if (const std::optional<Procedure> procedure = FindProcedure(request.path)) {
    CountRefused(*procedure, status, exchange, kMaxHttpBodyBytes + 1, ShedReason::kRequestTooLarge);
  }
  HttpResponse response = ConnectError(status, exchange, "connect", 413);
  AddCorsHeaders(request, policy, response);
  AddHeader(response, "X-Request-Id", exchange.request_id);
  return response;
}

std::string_view ConnectCode(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK:
      return "ok";
    case grpc::StatusCode::CANCELLED:
      return "canceled";
    case grpc::StatusCode::INVALID_ARGUMENT:
      return "invalid_argument";
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return "deadline_exceeded";
    case grpc::StatusCode::NOT_FOUND:
      return "not_found";
    case grpc::StatusCode::ALREADY_EXISTS:
      return "already_exists";
    case grpc::StatusCode::PERMISSION_DENIED:
      return "permission_denied";
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return "resource_exhausted";
    case grpc::StatusCode::FAILED_PRECONDITION:
      return "failed_precondition";
    case grpc::StatusCode::ABORTED:
      return "aborted";
    case grpc::StatusCode::OUT_OF_RANGE:
      return "out_of_range";
    case grpc::StatusCode::UNIMPLEMENTED:
      return "unimplemented";
    case grpc::StatusCode::INTERNAL:
      return "internal";
    case grpc::StatusCode::UNAVAILABLE:
      return "unavailable";
    case grpc::StatusCode::DATA_LOSS:
      return "data_loss";
    case grpc::StatusCode::UNAUTHENTICATED:
      return "unauthenticated";
    default:
      return "unknown";
  }
}

int HttpStatusOf(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK:
      return 200;
    case grpc::StatusCode::CANCELLED:
      return 499;
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::OUT_OF_RANGE:
      return 400;
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return 504;
    case grpc::StatusCode::NOT_FOUND:
      return 404;
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::ABORTED:
      return 409;
    case grpc::StatusCode::PERMISSION_DENIED:
      return 403;
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return 429;
    case grpc::StatusCode::UNIMPLEMENTED:
      return 501;
    case grpc::StatusCode::UNAVAILABLE:
      return 503;
    case grpc::StatusCode::UNAUTHENTICATED:
      return 401;
    default:  // UNKNOWN, INTERNAL, DATA_LOSS
      return 500;
  }
}

}  // namespace carcassonne::service

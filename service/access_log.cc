// The access log (see access_log.h).
#include "service/access_log.h"

#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <ctime>

namespace carcassonne::service {
namespace {

// `text` as a JSON string, quotes included.
void AppendJsonString(std::string& line, std::string_view text) {
  line += '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        line += "\\\"";
        break;
      case '\\':
        line += "\\\\";
        break;
      case '\n':
        line += "\\n";
        break;
      case '\r':
        line += "\\r";
        break;
      case '\t':
        line += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          line += escaped;
        } else {
          line += c;
        }
    }
  }
  line += '"';
}

}  // namespace

std::optional<AccessLogLevel> ParseAccessLogLevel(std::string_view text) {
  if (text == "off") return AccessLogLevel::kOff;
  if (text == "errors") return AccessLogLevel::kErrors;
  if (text == "all") return AccessLogLevel::kAll;
  return std::nullopt;
}

AccessLog::AccessLog(const AccessLogOptions& options, int fd) : options_(options), fd_(fd) {}

bool AccessLog::Wants(grpc::StatusCode code) {
  switch (options_.level) {
    case AccessLogLevel::kOff:
      return false;
    case AccessLogLevel::kErrors:
      return code != grpc::StatusCode::OK;
    case AccessLogLevel::kAll:
      if (code != grpc::StatusCode::OK || options_.sample <= 1) return true;
      return ok_calls_.fetch_add(1, std::memory_order_relaxed) %
                 static_cast<uint64_t>(options_.sample) ==
             0;
  }
  return false;
}

std::string AccessLog::Format(const AccessEntry& entry, std::chrono::system_clock::time_point now) {
  const auto since_epoch = now.time_since_epoch();
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch);
  const long long millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch - seconds).count();
  const std::time_t time = static_cast<std::time_t>(seconds.count());
  std::tm utc{};
  gmtime_r(&time, &utc);
  char stamp[96];  // room for any int year (the compiler checks)
  std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%03lldZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, millis);
  char duration[32];
  std::snprintf(duration, sizeof duration, "%.3f",
                std::chrono::duration<double, std::milli>(entry.duration).count());

  std::string line;
  line.reserve(256 + entry.request_id.size() + entry.peer.size());
  line += "{\"time\":\"";
  line += stamp;
  line += "\",\"method\":";
  AppendJsonString(line, "carcassonne.v1.RefereeService/" + std::string(MethodName(entry.method)));
  line += ",\"code\":";
  AppendJsonString(line, GrpcCodeLabel(entry.code));
  line += ",\"duration_ms\":";
  line += duration;
  line += ",\"request_bytes\":" + std::to_string(entry.request_bytes);
  line += ",\"response_bytes\":" + std::to_string(entry.response_bytes);
  if (entry.refusal) {
    line += ",\"refusal\":";
    AppendJsonString(line, ShedReasonName(*entry.refusal));
  }
  line += ",\"request_id\":";
  AppendJsonString(line, entry.request_id);
  line += ",\"peer\":";
  AppendJsonString(line, entry.peer);
  line += "}\n";
  return line;
}

void AccessLog::Write(const AccessEntry& entry) const {
  const std::string line = Format(entry, std::chrono::system_clock::now());
  size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // a log that cannot be written is not the call's failure
    written += static_cast<size_t>(n);
  }
}

}  // namespace carcassonne::service

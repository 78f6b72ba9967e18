// The HTTP probes (see probes.h): civetweb's begin_request callback answers
// /healthz and /readyz, with what the ProbeAnswers registered for the port.
#include "service/probes.h"

#include <CivetServer.h>
#include <civetweb.h>

#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace carcassonne::service {
namespace {

// The ProbeAnswers alive, by port. The mutex is held while a probe is
// answered, so that ~ProbeAnswers waits for it.
std::mutex& RegistryMutex() {
  static auto* const mutex = new std::mutex;
  return *mutex;
}
std::map<int, std::function<bool()>>& Registry() {
  static auto* const registry = new std::map<int, std::function<bool()>>;
  return *registry;
}

// Sends a whole plain-text answer (no body for HEAD); returns the status.
int Answer(mg_connection* connection, bool head, int status, std::string_view body) {
  const char* reason = status == 200   ? "OK"
                       : status == 405 ? "Method Not Allowed"
                                       : "Service Unavailable";
  mg_printf(connection,
            "HTTP/1.1 %d %s\r\n"
            "Content-Type: text/plain; charset=utf-8\r\n"
            "Content-Length: %zu\r\n"
            "Cache-Control: no-store\r\n"
            "%s"
            "Connection: close\r\n"
            "\r\n",
            status, reason, body.size(), status == 405 ? "Allow: GET, HEAD\r\n" : "");
  if (!head) mg_write(connection, body.data(), body.size());
  return status;
}

// civetweb's begin_request: 0 leaves the request to the metrics endpoint;
// otherwise the probe is answered here and its status returned.
int AnswerProbe(mg_connection* connection) {
  const mg_request_info* request = mg_get_request_info(connection);
  if (request == nullptr || request->local_uri == nullptr) return 0;
  const std::string_view path = request->local_uri;
  const bool liveness = path == "/healthz";
  if (!liveness && path != "/readyz") return 0;
  const std::string_view method = request->request_method ? request->request_method : "";
  const bool head = method == "HEAD";
  if (method != "GET" && !head) return Answer(connection, false, 405, "GET or HEAD\n");

  std::lock_guard<std::mutex> lock(RegistryMutex());
  const auto found = Registry().find(request->server_port);
  if (found == Registry().end()) return Answer(connection, head, 503, "not serving yet\n");
  if (liveness) return Answer(connection, head, 200, "ok\n");
  return found->second() ? Answer(connection, head, 200, "SERVING\n")
                         : Answer(connection, head, 503, "NOT_SERVING\n");
}

}  // namespace

const CivetCallbacks* ProbeCallbacks() {
  static const CivetCallbacks* const callbacks = [] {
    auto* made = new CivetCallbacks;
    made->begin_request = &AnswerProbe;
    return made;
  }();
  return callbacks;
}

ProbeAnswers::ProbeAnswers(int port, std::function<bool()> serving) : port_(port) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  Registry()[port_] = std::move(serving);
}

ProbeAnswers::~ProbeAnswers() {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  Registry().erase(port_);
}

}  // namespace carcassonne::service

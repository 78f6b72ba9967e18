// The HTTP port on civetweb (see http_server.h): civetweb reads the request
// line and headers within its limits; this file reads the body within ours,
// hands the request to connect.h's Respond, writes the answer, and counts it.
#include "service/http_server.h"

#include <civetweb.h>
#include <httplib.h>
#include <openssl/ssl.h>

#include <array>
#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "engine/text.h"
#include "prometheus/counter.h"
#include "prometheus/family.h"
#include "prometheus/registry.h"
#include "service/metrics.h"
#include "service/tls_files.h"

namespace carcassonne::service {
namespace {

using Clock = std::chrono::steady_clock;

// Reads the body in pieces of this size.
constexpr size_t kReadChunkBytes = 64 * 1024;

// What start-up failed with (civetweb reports through its log callback).
thread_local std::string* start_errors = nullptr;

int OnLog(const mg_connection* /*connection*/, const char* message) {
  if (start_errors != nullptr && message != nullptr) {
    if (!start_errors->empty()) *start_errors += "; ";
    *start_errors += message;
  }
  return 1;  // nothing on stderr: a client's broken connection is not the server's news
}

// A cpp-httplib request as connect.h's.
HttpRequest FromHttplib(const httplib::Request& request) {
  HttpRequest converted;
  converted.method = request.method;
  converted.path = request.path;
  const size_t question = request.target.find('?');
  if (question != std::string::npos) converted.query = request.target.substr(question + 1);
  for (const auto& [name, value] : request.headers) converted.headers.emplace_back(name, value);
  converted.body = request.body;
  return converted;
}

void ToHttplib(const HttpResponse& response, httplib::Response& out) {
  out.status = response.status;
  std::string content_type;
  for (const auto& [name, value] : response.headers) {
    if (name == "Content-Type") {
      content_type = value;
    } else {
      out.set_header(name, value);
    }
  }
  out.set_content(response.body, content_type);
}

// Writes `response`; with `close`, the connection is closed after it.
void Write(mg_connection* connection, const HttpResponse& response, bool close) {
  mg_response_header_start(connection, response.status);
  for (const auto& [name, value] : response.headers) {
    mg_response_header_add(connection, name.c_str(), value.c_str(), -1);
  }
  const std::string length = std::to_string(response.body.size());
  mg_response_header_add(connection, "Content-Length", length.c_str(), -1);
  if (close) mg_response_header_add(connection, "Connection", "close", -1);
  mg_response_header_send(connection);
  if (!response.body.empty()) mg_write(connection, response.body.data(), response.body.size());
}

}  // namespace

// carcassonne_http_requests_total{protocol, status}: every HTTP request
// answered, by protocol (connect.h's HttpResponse::protocol) and HTTP status.
class HttpServer::Counters {
 public:
  explicit Counters(prometheus::Registry& registry)
      : family_(prometheus::BuildCounter()
                    .Name("carcassonne_http_requests_total")
                    .Help("HTTP requests answered on the HTTP port, by protocol and HTTP status "
                          "(RefereeService calls are also counted in grpc_server_*)")
                    .Register(registry)) {}

  void Count(std::string_view protocol, int status) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto key = std::make_pair(std::string(protocol), status);
    auto found = counters_.find(key);
    if (found == counters_.end()) {
      prometheus::Counter& counter =
          family_.Add({{"protocol", key.first}, {"status", std::to_string(status)}});
      found = counters_.emplace(std::move(key), &counter).first;
    }
    found->second->Increment();
  }

 private:
  prometheus::Family<prometheus::Counter>& family_;
  std::mutex mutex_;
  std::map<std::pair<std::string, int>, prometheus::Counter*> counters_;
};

HttpServer::HttpServer(const HttpServerOptions& options, RpcBackend& backend,
                       prometheus::Registry& registry)
    : backend_(backend),
      policy_{options.cors_origins, options.tls.enabled()},
      tls_(options.tls),
      counters_(std::make_unique<Counters>(registry)) {
  const std::optional<std::string> host = CivetwebHost(options.address);
  if (!host) {
    throw std::runtime_error(
        Cat("the HTTP port listens on IPv4 only; ", options.address, " is not IPv4"));
  }
  address_ = *host;
  if (policy_.tls) {
    StartTls(options.port);
    return;
  }
  const std::string ports = Cat(address_, ":", options.port);
  const std::string threads = std::to_string(kHttpThreads);
  const std::string queue = std::to_string(kConnectionQueue);
  const std::string header_bytes = std::to_string(kMaxHeaderBytes);
  const std::string request_timeout = std::to_string(kRequestTimeout.count());
  const std::string keep_alive_timeout = std::to_string(kKeepAliveTimeout.count());
  std::array<const char*, 21> config = {"listening_ports",
                                        ports.c_str(),
                                        "num_threads",
                                        threads.c_str(),
                                        "connection_queue",
                                        queue.c_str(),
                                        "max_request_size",
                                        header_bytes.c_str(),
                                        "request_timeout_ms",
                                        request_timeout.c_str(),
                                        "keep_alive_timeout_ms",
                                        keep_alive_timeout.c_str(),
                                        "enable_keep_alive",
                                        "yes",
                                        "tcp_nodelay",
                                        "1",
                                        "enable_directory_listing",
                                        "no",
                                        "decode_url",
                                        "no",
                                        nullptr};
  mg_callbacks callbacks{};
  callbacks.begin_request = &HttpServer::OnRequest;
  callbacks.log_message = &OnLog;
  std::string errors;
  start_errors = &errors;
  context_ = mg_start(&callbacks, this, config.data());
  start_errors = nullptr;
  if (context_ == nullptr) {
    throw std::runtime_error(errors.empty() ? "civetweb could not start" : errors);
  }
  std::array<mg_server_port, 4> bound{};
  if (mg_get_server_ports(context_, static_cast<int>(bound.size()), bound.data()) > 0) {
    port_ = bound[0].port;
  }
}

HttpServer::~HttpServer() { Stop(); }

void HttpServer::StartTls(int port) {
  // The --tls_* files (already checked by tls.cc: the server does not start
  // when they are unusable), re-read as they rotate (tls_files.h).
  tls_files_ = std::make_unique<RotatingTlsFiles>(tls_);
  tls_server_ = std::make_unique<httplib::SSLServer>(
      [this](SSL_CTX& context) { return tls_files_->Configure(context); });
  if (!tls_server_->is_valid()) throw std::runtime_error("the TLS files cannot be used");
  tls_server_->new_task_queue = [] { return new httplib::ThreadPool(kHttpThreads); };
  tls_server_->set_tcp_nodelay(true);
  tls_server_->set_keep_alive_max_count(kTlsKeepAliveMaxCount);
  tls_server_->set_keep_alive_timeout(kKeepAliveTimeout.count() / 1000);
  tls_server_->set_read_timeout(kRequestTimeout);
  tls_server_->set_write_timeout(kRequestTimeout);
  tls_server_->set_payload_max_length(kMaxHttpBodyBytes);
  // Requests without a body are answered before any is read; a POST once
  // its body is read (at most kMaxHttpBodyBytes, else 413 below).
  auto answer = [this](const httplib::Request& request, httplib::Response& out) {
    const HttpResponse response = Respond(FromHttplib(request), policy_, backend_);
    ToHttplib(response, out);
    counters_->Count(response.protocol, response.status);
  };
  tls_server_->set_pre_routing_handler(
      [answer](const httplib::Request& request, httplib::Response& out) {
        if (request.method == "POST") return httplib::Server::HandlerResponse::Unhandled;
        answer(request, out);
        return httplib::Server::HandlerResponse::Handled;
      });
  tls_server_->Post(".*", answer);
  tls_server_->set_error_handler(httplib::Server::HandlerWithResponse(
      [this](const httplib::Request& request, httplib::Response& out) {
        if (out.status != 413) return httplib::Server::HandlerResponse::Unhandled;
        const HttpResponse response = BodyTooLarge(FromHttplib(request), policy_, backend_);
        ToHttplib(response, out);
        out.set_header("Connection", "close");
        counters_->Count(response.protocol, response.status);
        return httplib::Server::HandlerResponse::Handled;
      }));
  port_ = port == 0 ? tls_server_->bind_to_any_port(address_)
                    : (tls_server_->bind_to_port(address_, port) ? port : -1);
  if (port_ <= 0) throw std::runtime_error(Cat("cannot bind ", address_, ":", port));
  tls_thread_ = std::thread([this] { tls_server_->listen_after_bind(); });
}

void HttpServer::Stop() {
  if (tls_server_ != nullptr) {
    // Closes the listener; the workers finish the requests they serve and
    // close their connections; listen_after_bind returns once they are joined.
    tls_server_->stop();
    if (tls_thread_.joinable()) tls_thread_.join();
    tls_server_.reset();
  }
  if (context_ == nullptr) return;
  mg_stop(context_);  // joins the workers: every request being served is answered first
  context_ = nullptr;
}

int HttpServer::OnRequest(mg_connection* connection) {
  auto* server = static_cast<HttpServer*>(mg_get_user_data(mg_get_context(connection)));
  return server->Serve(connection);
}

// Returns the HTTP status written (civetweb then reads what is left of the
// body, none, and keeps the connection), or -1 when the connection must be
// closed without reading further.
int HttpServer::Serve(mg_connection* connection) {
  const mg_request_info* info = mg_get_request_info(connection);
  HttpRequest request;
  request.method = info->request_method != nullptr ? info->request_method : "";
  request.path = info->local_uri_raw != nullptr ? info->local_uri_raw : "";
  request.query = info->query_string != nullptr ? info->query_string : "";
  for (int i = 0; i < info->num_headers; ++i) {
    request.headers.emplace_back(info->http_headers[i].name, info->http_headers[i].value);
  }
  auto too_large = [&] {
    const HttpResponse response = BodyTooLarge(request, policy_, backend_);
    counters_->Count(response.protocol, response.status);  // counted before the client can look
    Write(connection, response, /*close=*/true);
    return -1;  // the rest of the body is not read: the connection closes
  };
  if (info->content_length > static_cast<long long>(kMaxHttpBodyBytes)) return too_large();
  // The body (Content-Length or chunked), within kBodyTimeout.
  const Clock::time_point read_until = Clock::now() + kBodyTimeout;
  if (info->content_length > 0) request.body.reserve(static_cast<size_t>(info->content_length));
  std::string chunk(kReadChunkBytes, '\0');
  while (true) {
    const int read = mg_read(connection, chunk.data(), chunk.size());
    if (read == 0) break;
    if (read < 0 || Clock::now() > read_until) return -1;  // broken or too slow: closed
    request.body.append(chunk.data(), static_cast<size_t>(read));
    if (request.body.size() > kMaxHttpBodyBytes) return too_large();
  }
  const HttpResponse response = Respond(request, policy_, backend_);
  counters_->Count(response.protocol, response.status);
  Write(connection, response, /*close=*/false);
  return response.status;
}

}  // namespace carcassonne::service

// The referee's HTTP/1.1 port (--http_port): the protocols of connect.h
// (Connect unary, gRPC-Web, the health check, CORS, the static pages) on
// civetweb, the embedded web server Debian packages (libcivetweb1) and that
// the metrics endpoint already runs in this process. docs/http.md says why
// civetweb and lists the limits below for users.
//
// Limits (nothing a client sends can hold more than this):
//   * threads: kHttpThreads workers, each serving one connection at a time;
//     at most kConnectionQueue accepted connections wait for a worker, then
//     the listener stops accepting (the kernel's backlog holds the rest);
//   * request line and headers: at most kMaxHeaderBytes in all (larger:
//     the connection is closed), received within kRequestTimeout of the
//     request's start (slowloris), kKeepAliveTimeout for a later request on
//     a kept-alive connection;
//   * body: at most kMaxHttpBodyBytes (1 MiB, as the gRPC port), else 413
//     with a Connect resource_exhausted error, the rest not read and the
//     connection closed; received within kBodyTimeout;
//   * every write within kRequestTimeout;
//   * RefereeService calls go through the serving threads' admission control
//     (serving.h), so a flood of HTTP calls is shed exactly as gRPC calls.
//
// TLS: the --tls_* files (tls.h) on this port too, with the same mTLS rule
// (a client certificate signed by the client CA is required). Debian's
// civetweb loads OpenSSL at run time by the names libssl.so / libcrypto.so
// (Debian's libssl-dev), which the TLS mode therefore needs installed.
//
// Stop(): the listener closes, connections idle between requests are
// closed, and every request being served is answered before Stop returns.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "service/connect.h"
#include "service/tls.h"

struct mg_context;
struct mg_connection;

namespace prometheus {
class Registry;
}

namespace carcassonne::service {

struct HttpServerOptions {
  std::string address = "0.0.0.0";  // IPv4 (civetweb: "::" and "::1" map to IPv4)
  int port = 8080;                  // 0: any free port
  TlsOptions tls;
  std::vector<std::string> cors_origins;  // besides the server's own origin
};

inline constexpr int kHttpThreads = 32;
inline constexpr int kConnectionQueue = 32;
inline constexpr int kMaxHeaderBytes = 16 * 1024;
inline constexpr std::chrono::milliseconds kRequestTimeout{10000};
inline constexpr std::chrono::milliseconds kKeepAliveTimeout{5000};
inline constexpr std::chrono::milliseconds kBodyTimeout{10000};

class HttpServer {
 public:
  // Listens; throws std::runtime_error saying why it cannot.
  HttpServer(const HttpServerOptions& options, RpcBackend& backend, prometheus::Registry& registry);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  int port() const { return port_; }
  const std::string& address() const { return address_; }
  bool tls() const { return policy_.tls; }

  // Stops accepting, answers the requests being served, closes every
  // connection; returns when all is done. Idempotent.
  void Stop();

 private:
  class Counters;
  static int OnRequest(mg_connection* connection);
  int Serve(mg_connection* connection);

  RpcBackend& backend_;
  HttpPolicy policy_;
  TlsOptions tls_;
  std::unique_ptr<Counters> counters_;
  mg_context* context_ = nullptr;
  std::string address_;
  int port_ = 0;
};

}  // namespace carcassonne::service

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
// (a client certificate signed by the client CA is required). Debian 12's
// civetweb cannot serve TLS (it loads OpenSSL at run time and calls
// SSL_get_peer_certificate, which OpenSSL 3 no longer exports: every HTTPS
// connection crashes it), so with TLS the port runs on cpp-httplib
// (Debian's libcpp-httplib-dev 0.11, linked with OpenSSL 3) instead, with
// the same protocols, the same rotation of the files without a restart
// (tls_files.h: read again every --tls_refresh_seconds), and these limits:
// kHttpThreads workers (accepted connections beyond them wait in its queue,
// unbounded), kRequestTimeout per read and write, kKeepAliveTimeout and
// kTlsKeepAliveMaxCount requests per connection, each header line and the
// request line at most 8 KiB, and the body at most kMaxHttpBodyBytes (else
// 413; cpp-httplib reads and discards the rest). Weaker than civetweb's:
// cpp-httplib 0.11 bounds neither the number of header lines nor a request's
// total time, so a client that completes the handshake can make the server
// hold memory (docs/http.md: use mTLS, or terminate TLS in front of the
// plaintext port).
//
// Stop(): the listener closes, connections idle between requests are
// closed, and every request being served is answered before Stop returns.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "service/connect.h"
#include "service/tls.h"

struct mg_context;
struct mg_connection;

namespace httplib {
class SSLServer;
}

namespace prometheus {
class Registry;
}

namespace carcassonne::service {

class RotatingTlsFiles;

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
inline constexpr int kTlsKeepAliveMaxCount = 100;  // requests per TLS connection

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
  void StartTls(int port);

  RpcBackend& backend_;
  HttpPolicy policy_;
  TlsOptions tls_;
  std::unique_ptr<Counters> counters_;
  mg_context* context_ = nullptr;                   // plaintext: civetweb
  std::unique_ptr<RotatingTlsFiles> tls_files_;     // TLS: the files, as they rotate
  std::unique_ptr<httplib::SSLServer> tls_server_;  // TLS: cpp-httplib
  std::thread tls_thread_;
  std::string address_;
  int port_ = 0;
};

}  // namespace carcassonne::service

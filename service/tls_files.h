// The HTTP port's TLS files under rotation: the --tls_* files (tls.h) for an
// OpenSSL context (cpp-httplib's, http_server.h), read again as the gRPC
// port's are, so that a rotated certificate, key or client CA is used by new
// HTTPS connections without a restart.
//
// Each new handshake asks for the files read last (OpenSSL's certificate
// callback, which runs before the server sends its certificate and its
// request for the client's): the certificate chain and key, and with mTLS the
// client CA used to verify the client and named in the request. When
// TlsOptions::refresh_seconds have passed since the last read, that handshake
// reads the files again first. A set that cannot be used (an unreadable
// file, a key that does not belong to the certificate: a rotation caught
// half-way) is not taken: the last good set stays until the next read. The
// connections already open keep their session; under mTLS no session is
// resumed (every new connection's client certificate is checked against the
// client CA read last).
#pragma once

#include <openssl/ssl.h>

#include <chrono>
#include <memory>
#include <mutex>

#include "service/tls.h"

namespace carcassonne::service {

class RotatingTlsFiles {
 public:
  explicit RotatingTlsFiles(const TlsOptions& options);
  ~RotatingTlsFiles();
  RotatingTlsFiles(const RotatingTlsFiles&) = delete;
  RotatingTlsFiles& operator=(const RotatingTlsFiles&) = delete;

  // Reads the files and sets `context` up to take them (and, later, their
  // rotations) at each handshake: TLS 1.2 or later, and with a client CA a
  // client certificate required and verified. False when the files cannot be
  // used now. The context must not outlive this object.
  bool Configure(SSL_CTX& context);

 private:
  struct Files;
  static int OnCertificate(SSL* ssl, void* self);
  // The files read last, read again first when due; null when none could be
  // used yet.
  std::shared_ptr<const Files> Current();

  const TlsOptions options_;
  std::mutex mutex_;
  std::shared_ptr<const Files> files_;               // under mutex_
  std::chrono::steady_clock::time_point next_read_;  // under mutex_
};

}  // namespace carcassonne::service

// Transport security of the referee's gRPC port: TLS with the server's
// certificate and private key (PEM files), and, with a client CA, mutual TLS
// (every client must present a certificate signed by that CA). Without any
// of the files the port stays plaintext, the default.
//
// The files are checked at start-up: every problem found there (a key
// without a certificate, an unreadable file, a file that holds no PEM
// certificate or key, a key that does not belong to the certificate) is
// reported as an error naming the file, before the server listens.
//
// Rotation without a restart: gRPC watches the files (its
// FileWatcherCertificateProvider) and re-reads them every
// TlsOptions::refresh_seconds (--tls_refresh_seconds); a new connection's
// handshake then uses the certificate, key and client CA read last, and
// the connections already open keep theirs. The certificate and its key
// must change together: replace them the way Kubernetes updates a mounted
// Secret (new files in a new directory, then one atomic rename of a symlink
// to it), or gRPC may read a new certificate with the old key, and refuse
// handshakes until the next read. Rotated files are not checked by the
// server: gRPC logs what it cannot read and new handshakes fail until the
// files are usable again (docs/operations.md, "Rotating the certificate").
#pragma once

#include <grpcpp/security/server_credentials.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace carcassonne::service {

// --tls_refresh_seconds: its default (a Kubernetes Secret reaches a mounted
// volume within about a minute too) and range.
inline constexpr int kDefaultTlsRefreshSeconds = 60;
inline constexpr int kMinTlsRefreshSeconds = 1;
inline constexpr int kMaxTlsRefreshSeconds = 86400;

struct TlsOptions {
  std::string certificate_file;  // the server's certificate chain (PEM), leaf first
  std::string private_key_file;  // the certificate's private key (PEM)
  std::string client_ca_file;    // CA certificates (PEM) clients must be signed by: mTLS
  // How often the files are read again (rotation, above), in seconds.
  int refresh_seconds = kDefaultTlsRefreshSeconds;

  // Whether any TLS file is given (then the certificate and key are required).
  bool enabled() const {
    return !certificate_file.empty() || !private_key_file.empty() || !client_ca_file.empty();
  }
};

// The credentials of the gRPC port: plaintext when `options` is not enabled;
// otherwise TLS, requiring and verifying a client certificate when a client
// CA is given, from files re-read every options.refresh_seconds (above). An error
// (INVALID_ARGUMENT, text naming the flag or file) when the options are incomplete or a file cannot
// be read or used.
absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> MakeServerCredentials(
    const TlsOptions& options);

// One line for the server's log, e.g. "gRPC over TLS (certificate server.pem);
// client certificates required, signed by ca.pem".
std::string DescribeTls(const TlsOptions& options);

}  // namespace carcassonne::service

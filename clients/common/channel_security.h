// How a client of the referee (the load generator, the scenario runner)
// dials the server: in plaintext, the default, or over TLS, trusting the CA
// that signed the server's certificate (or the system's CAs), presenting a
// client certificate when the server requires one (mTLS), and expecting the
// server's certificate to carry a given name when that differs from the
// target's host (a certificate issued to "localhost", dialled at 127.0.0.1).
//
// The command-line flags of every client that links this library are
// defined here: --tls, --tls_ca, --tls_certificate, --tls_private_key,
// --tls_server_name (ClientTlsOptionsFromFlags). Any of them turns TLS on.
#pragma once

#include <grpcpp/channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace carcassonne::clients {

struct ClientTlsOptions {
  bool tls = false;              // TLS even when no file is given (the system's CAs)
  std::string ca_file;           // CAs trusted to sign the server's certificate (PEM)
  std::string certificate_file;  // the client's certificate chain (PEM), for mTLS
  std::string private_key_file;  // its private key (PEM)
  std::string server_name;       // name the server's certificate must carry; empty: the host

  bool enabled() const {
    return tls || !ca_file.empty() || !certificate_file.empty() || !private_key_file.empty() ||
           !server_name.empty();
  }
};

// The flags above, as options.
ClientTlsOptions ClientTlsOptionsFromFlags();

// What every channel of a client is created with. Default: plaintext.
class ChannelSecurity {
 public:
  ChannelSecurity();

  // A channel to `target` with these credentials and `arguments` (plus the
  // server name override, if any).
  std::shared_ptr<grpc::Channel> CreateChannel(const std::string& target,
                                               grpc::ChannelArguments arguments) const;

  bool tls() const { return tls_; }
  // For messages: "plaintext", "TLS (CA ca.pem, client certificate c.pem,
  // server name localhost)".
  const std::string& description() const { return description_; }

 private:
  friend absl::StatusOr<ChannelSecurity> MakeChannelSecurity(const ClientTlsOptions& options);

  std::shared_ptr<grpc::ChannelCredentials> credentials_;
  std::string server_name_;
  bool tls_ = false;
  std::string description_ = "plaintext";
};

// The channel security `options` ask for, the PEM files read. An error
// (INVALID_ARGUMENT, naming the flag or file) when a certificate comes
// without its key or the other way round, or a file cannot be read or holds
// no PEM block of the kind expected.
absl::StatusOr<ChannelSecurity> MakeChannelSecurity(const ClientTlsOptions& options);

}  // namespace carcassonne::clients

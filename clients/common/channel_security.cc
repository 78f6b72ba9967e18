// Client channel security (see channel_security.h). The PEM files are only
// read and checked for a PEM block of the right kind here; whether the
// certificates verify is up to the TLS handshake.
#include "clients/common/channel_security.h"

#include <grpcpp/create_channel.h>

#include <fstream>
#include <string>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

ABSL_FLAG(bool, tls, false,
          "Dial the server over TLS, trusting the system's CAs unless --tls_ca is given (any "
          "other --tls_* flag implies --tls)");
ABSL_FLAG(std::string, tls_ca, "",
          "TLS: CA certificates (PEM file) trusted to sign the server's certificate");
ABSL_FLAG(std::string, tls_certificate, "",
          "mTLS: the client's certificate chain (PEM file), for a server that requires one; "
          "needs --tls_private_key");
ABSL_FLAG(std::string, tls_private_key, "",
          "mTLS: the client certificate's private key (PEM file)");
ABSL_FLAG(std::string, tls_server_name, "",
          "TLS: the name the server's certificate must carry, when it is not the target's host "
          "(e.g. localhost when dialling 127.0.0.1)");

namespace carcassonne::clients {
namespace {

// Largest PEM file read: certificate chains and keys take a few KiB.
constexpr std::streamsize kMaxPemBytes = 1024 * 1024;

// Whether `text` has a PEM block whose label ends with `kind` (a private key
// may be "EC PRIVATE KEY", after an "EC PARAMETERS" block).
bool HoldsPemBlock(absl::string_view text, absl::string_view kind) {
  constexpr absl::string_view kBegin = "-----BEGIN ";
  for (size_t at = text.find(kBegin); at != absl::string_view::npos;
       at = text.find(kBegin, at + 1)) {
    const size_t label = at + kBegin.size();
    const size_t end = text.find("-----", label);
    if (end == absl::string_view::npos) return false;
    if (absl::EndsWith(text.substr(label, end - label), kind)) return true;
  }
  return false;
}

// The text of a PEM file that must hold a block whose label ends with `kind`
// ("CERTIFICATE", "PRIVATE KEY").
absl::StatusOr<std::string> ReadPem(const std::string& flag, const std::string& path,
                                    const std::string& kind) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return absl::InvalidArgumentError(absl::StrCat(flag, ": cannot read ", path));
  std::string text(static_cast<size_t>(kMaxPemBytes) + 1, '\0');
  file.read(text.data(), kMaxPemBytes + 1);
  if (file.bad()) return absl::InvalidArgumentError(absl::StrCat(flag, ": cannot read ", path));
  text.resize(static_cast<size_t>(file.gcount()));
  if (text.size() > static_cast<size_t>(kMaxPemBytes)) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag, ": ", path, " is larger than ", kMaxPemBytes, " bytes"));
  }
  if (!HoldsPemBlock(text, kind)) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag, ": ", path, " holds no PEM ", absl::AsciiStrToLower(kind)));
  }
  return text;
}

}  // namespace

ClientTlsOptions ClientTlsOptionsFromFlags() {
  ClientTlsOptions options;
  options.tls = absl::GetFlag(FLAGS_tls);
  options.ca_file = absl::GetFlag(FLAGS_tls_ca);
  options.certificate_file = absl::GetFlag(FLAGS_tls_certificate);
  options.private_key_file = absl::GetFlag(FLAGS_tls_private_key);
  options.server_name = absl::GetFlag(FLAGS_tls_server_name);
  return options;
}

ChannelSecurity::ChannelSecurity() : credentials_(grpc::InsecureChannelCredentials()) {}

std::shared_ptr<grpc::Channel> ChannelSecurity::CreateChannel(
    const std::string& target, grpc::ChannelArguments arguments) const {
  if (!server_name_.empty()) arguments.SetSslTargetNameOverride(server_name_);
  return grpc::CreateCustomChannel(target, credentials_, arguments);
}

absl::StatusOr<ChannelSecurity> MakeChannelSecurity(const ClientTlsOptions& options) {
  ChannelSecurity security;
  if (!options.enabled()) return security;
  if (options.certificate_file.empty() != options.private_key_file.empty()) {
    return absl::InvalidArgumentError(
        "mTLS needs both the client certificate (--tls_certificate) and its private key "
        "(--tls_private_key)");
  }
  grpc::SslCredentialsOptions ssl;
  security.description_ = "TLS (CA ";
  if (options.ca_file.empty()) {
    absl::StrAppend(&security.description_, "the system's");
  } else {
    absl::StatusOr<std::string> ca = ReadPem("--tls_ca", options.ca_file, "CERTIFICATE");
    if (!ca.ok()) return ca.status();
    ssl.pem_root_certs = *std::move(ca);
    absl::StrAppend(&security.description_, options.ca_file);
  }
  if (!options.certificate_file.empty()) {
    absl::StatusOr<std::string> certificate =
        ReadPem("--tls_certificate", options.certificate_file, "CERTIFICATE");
    if (!certificate.ok()) return certificate.status();
    absl::StatusOr<std::string> key =
        ReadPem("--tls_private_key", options.private_key_file, "PRIVATE KEY");
    if (!key.ok()) return key.status();
    ssl.pem_cert_chain = *std::move(certificate);
    ssl.pem_private_key = *std::move(key);
    absl::StrAppend(&security.description_, ", client certificate ", options.certificate_file);
  }
  if (!options.server_name.empty()) {
    absl::StrAppend(&security.description_, ", server name ", options.server_name);
  }
  absl::StrAppend(&security.description_, ")");
  security.credentials_ = grpc::SslCredentials(ssl);
  security.server_name_ = options.server_name;
  security.tls_ = true;
  return security;
}

}  // namespace carcassonne::clients

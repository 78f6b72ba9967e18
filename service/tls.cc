// The gRPC port's transport security (see tls.h). The PEM files are checked
// with OpenSSL (the library gRPC itself uses) before they are handed to gRPC,
// which would otherwise accept any bytes here and only fail, with a log line
// that names no file, when it binds the port.
#include "service/tls.h"

#include <grpcpp/security/server_credentials.h>
#include <grpcpp/security/tls_certificate_provider.h>
#include <grpcpp/security/tls_credentials_options.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace carcassonne::service {
namespace {

// Largest PEM file read: certificate chains and keys take a few KiB.
constexpr std::streamsize kMaxPemBytes = 1024 * 1024;

struct BioFree {
  void operator()(BIO* bio) const { BIO_free(bio); }
};
struct X509Free {
  void operator()(X509* certificate) const { X509_free(certificate); }
};
struct KeyFree {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
using Bio = std::unique_ptr<BIO, BioFree>;
using Certificate = std::unique_ptr<X509, X509Free>;
using PrivateKey = std::unique_ptr<EVP_PKEY, KeyFree>;

// OpenSSL's most recent error, as text (and the error queue emptied).
std::string OpenSslError() {
  const unsigned long code = ERR_peek_last_error();
  std::string text = "unknown error";
  if (code != 0) {
    char buffer[256];
    ERR_error_string_n(code, buffer, sizeof buffer);
    text = buffer;
  }
  ERR_clear_error();
  return text;
}

// Never asks for a passphrase (OpenSSL's default would prompt on the
// terminal): an encrypted key fails to load.
int NoPassphrase(char* /*buffer*/, int /*size*/, int /*rwflag*/, void* /*user*/) { return -1; }

absl::StatusOr<std::string> ReadPemFile(const std::string& what, const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return absl::InvalidArgumentError(absl::StrCat(what, ": cannot read ", path));
  std::string text(static_cast<size_t>(kMaxPemBytes) + 1, '\0');
  file.read(text.data(), kMaxPemBytes + 1);
  if (file.bad()) return absl::InvalidArgumentError(absl::StrCat(what, ": cannot read ", path));
  text.resize(static_cast<size_t>(file.gcount()));
  if (text.size() > static_cast<size_t>(kMaxPemBytes)) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": ", path, " is larger than ", kMaxPemBytes, " bytes"));
  }
  return text;
}

Bio MemoryBio(const std::string& text) {
  return Bio(BIO_new_mem_buf(text.data(), static_cast<int>(text.size())));
}

// The first PEM certificate of `pem`; the certificates after it (a chain)
// must parse as well.
absl::StatusOr<Certificate> FirstCertificate(const std::string& what, const std::string& path,
                                             const std::string& pem) {
  Bio bio = MemoryBio(pem);
  Certificate first(PEM_read_bio_X509(bio.get(), nullptr, NoPassphrase, nullptr));
  if (first == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": ", path, " holds no PEM certificate (", OpenSslError(), ")"));
  }
  while (Certificate next{PEM_read_bio_X509(bio.get(), nullptr, NoPassphrase, nullptr)}) {
  }
  const unsigned long error = ERR_peek_last_error();
  if (ERR_GET_REASON(error) != PEM_R_NO_START_LINE) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, ": ", path, " holds a malformed PEM certificate (", OpenSslError(), ")"));
  }
  ERR_clear_error();
  return first;
}

absl::StatusOr<PrivateKey> ReadPrivateKey(const std::string& path, const std::string& pem) {
  Bio bio = MemoryBio(pem);
  PrivateKey key(PEM_read_bio_PrivateKey(bio.get(), nullptr, NoPassphrase, nullptr));
  if (key == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "TLS private key: ", path, " holds no unencrypted PEM private key (", OpenSslError(), ")"));
  }
  return key;
}

}  // namespace

absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> MakeServerCredentials(
    const TlsOptions& options) {
  if (!options.enabled()) return grpc::InsecureServerCredentials();
  if (options.certificate_file.empty() || options.private_key_file.empty()) {
    return absl::InvalidArgumentError(
        "TLS needs both the server certificate (--tls_certificate) and its private key "
        "(--tls_private_key); a client CA (--tls_client_ca) only adds client verification");
  }

  absl::StatusOr<std::string> certificate_pem =
      ReadPemFile("TLS certificate", options.certificate_file);
  if (!certificate_pem.ok()) return certificate_pem.status();
  absl::StatusOr<std::string> key_pem = ReadPemFile("TLS private key", options.private_key_file);
  if (!key_pem.ok()) return key_pem.status();
  absl::StatusOr<Certificate> leaf =
      FirstCertificate("TLS certificate", options.certificate_file, *certificate_pem);
  if (!leaf.ok()) return leaf.status();
  absl::StatusOr<PrivateKey> key = ReadPrivateKey(options.private_key_file, *key_pem);
  if (!key.ok()) return key.status();
  if (X509_check_private_key(leaf->get(), key->get()) != 1) {
    ERR_clear_error();
    return absl::InvalidArgumentError(absl::StrCat("TLS private key ", options.private_key_file,
                                                   " does not belong to the certificate ",
                                                   options.certificate_file));
  }

  if (!options.client_ca_file.empty()) {
    absl::StatusOr<std::string> client_ca_pem =
        ReadPemFile("TLS client CA", options.client_ca_file);
    if (!client_ca_pem.ok()) return client_ca_pem.status();
    absl::StatusOr<Certificate> ca =
        FirstCertificate("TLS client CA", options.client_ca_file, *client_ca_pem);
    if (!ca.ok()) return ca.status();
  }
  if (options.refresh_seconds < kMinTlsRefreshSeconds ||
      options.refresh_seconds > kMaxTlsRefreshSeconds) {
    return absl::InvalidArgumentError(
        absl::StrCat("--tls_refresh_seconds must be ", kMinTlsRefreshSeconds, "..",
                     kMaxTlsRefreshSeconds, ", not ", options.refresh_seconds));
  }

  // The files as gRPC watches them: read now, and again every refresh
  // (rotation, tls.h). The client CA, when given, is the root of trust for
  // client certificates, which are then required and verified.
  const bool mutual = !options.client_ca_file.empty();
  auto provider = std::make_shared<grpc::experimental::FileWatcherCertificateProvider>(
      options.private_key_file, options.certificate_file, options.client_ca_file,
      static_cast<unsigned int>(options.refresh_seconds));
  grpc::experimental::TlsServerCredentialsOptions tls(provider);
  tls.watch_identity_key_cert_pairs();
  if (mutual) {
    tls.watch_root_certs();
    tls.set_cert_request_type(GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY);
  } else {
    tls.set_cert_request_type(GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
  }
  return grpc::experimental::TlsServerCredentials(tls);
}

std::string DescribeTls(const TlsOptions& options) {
  if (!options.enabled()) return "gRPC in plaintext (no TLS)";
  std::string text = absl::StrCat("gRPC over TLS (certificate ", options.certificate_file, ")");
  if (!options.client_ca_file.empty()) {
    absl::StrAppend(&text, "; client certificates required, signed by ", options.client_ca_file);
  }
  absl::StrAppend(&text, "; the files are read again every ", options.refresh_seconds,
                  " s (rotation without a restart)");
  return text;
}

}  // namespace carcassonne::service

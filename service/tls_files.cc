// The HTTP port's TLS files under rotation (see tls_files.h), with OpenSSL.
#include "service/tls_files.h"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <utility>

namespace carcassonne::service {
namespace {

struct BioFree {
  void operator()(BIO* bio) const { BIO_free(bio); }
};
struct X509Free {
  void operator()(X509* certificate) const { X509_free(certificate); }
};
struct KeyFree {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
struct ChainFree {
  void operator()(STACK_OF(X509) * chain) const { sk_X509_pop_free(chain, X509_free); }
};
struct StoreFree {
  void operator()(X509_STORE* store) const { X509_STORE_free(store); }
};
struct NamesFree {
  void operator()(STACK_OF(X509_NAME) * names) const {
    sk_X509_NAME_pop_free(names, X509_NAME_free);
  }
};

// Never asks for a passphrase: an encrypted key fails to load.
int NoPassphrase(char* /*buffer*/, int /*size*/, int /*rwflag*/, void* /*user*/) { return -1; }

}  // namespace

// One usable set of files.
struct RotatingTlsFiles::Files {
  std::unique_ptr<X509, X509Free> leaf;
  std::unique_ptr<STACK_OF(X509), ChainFree> chain;  // the certificates after the leaf
  std::unique_ptr<EVP_PKEY, KeyFree> key;
  std::unique_ptr<X509_STORE, StoreFree> client_ca;                 // mTLS only
  std::unique_ptr<STACK_OF(X509_NAME), NamesFree> client_ca_names;  // mTLS only

  // The files of `options`, or null when they cannot be used.
  static std::shared_ptr<const Files> Read(const TlsOptions& options) {
    auto files = std::make_shared<Files>();
    std::unique_ptr<BIO, BioFree> certificates(BIO_new_file(options.certificate_file.c_str(), "r"));
    if (certificates == nullptr) return Failed();
    files->leaf.reset(PEM_read_bio_X509(certificates.get(), nullptr, NoPassphrase, nullptr));
    if (files->leaf == nullptr) return Failed();
    files->chain.reset(sk_X509_new_null());
    while (X509* next = PEM_read_bio_X509(certificates.get(), nullptr, NoPassphrase, nullptr)) {
      sk_X509_push(files->chain.get(), next);
    }
    ERR_clear_error();  // the end of the file
    std::unique_ptr<BIO, BioFree> key(BIO_new_file(options.private_key_file.c_str(), "r"));
    if (key == nullptr) return Failed();
    files->key.reset(PEM_read_bio_PrivateKey(key.get(), nullptr, NoPassphrase, nullptr));
    if (files->key == nullptr || X509_check_private_key(files->leaf.get(), files->key.get()) != 1) {
      return Failed();
    }
    if (!options.client_ca_file.empty()) {
      files->client_ca.reset(X509_STORE_new());
      if (files->client_ca == nullptr ||
          X509_STORE_load_locations(files->client_ca.get(), options.client_ca_file.c_str(),
                                    nullptr) != 1) {
        return Failed();
      }
      files->client_ca_names.reset(SSL_load_client_CA_file(options.client_ca_file.c_str()));
      if (files->client_ca_names == nullptr) return Failed();
    }
    return files;
  }

 private:
  static std::shared_ptr<const Files> Failed() {
    ERR_clear_error();
    return nullptr;
  }
};

RotatingTlsFiles::RotatingTlsFiles(const TlsOptions& options) : options_(options) {}

RotatingTlsFiles::~RotatingTlsFiles() = default;

bool RotatingTlsFiles::Configure(SSL_CTX& context) {
  if (Current() == nullptr) return false;
  SSL_CTX_set_min_proto_version(&context, TLS1_2_VERSION);
  SSL_CTX_set_cert_cb(&context, &RotatingTlsFiles::OnCertificate, this);
  if (!options_.client_ca_file.empty()) {
    SSL_CTX_set_verify(&context, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, nullptr);
    // No session resumption under mTLS: a resumed session skips the client's
    // certificate, so a client admitted by a client CA since rotated away
    // could come back on its old session. Every connection is verified
    // against the client CA read last.
    SSL_CTX_set_session_cache_mode(&context, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_options(&context, SSL_OP_NO_TICKET);
    SSL_CTX_set_num_tickets(&context, 0);
  }
  return true;
}

std::shared_ptr<const RotatingTlsFiles::Files> RotatingTlsFiles::Current() {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (files_ == nullptr || now >= next_read_) {
    next_read_ = now + std::chrono::seconds(options_.refresh_seconds);
    if (std::shared_ptr<const Files> read = Files::Read(options_)) files_ = std::move(read);
  }
  return files_;
}

// OpenSSL's certificate callback, at each handshake before the server's
// certificate is chosen: 1 to go on, 0 to fail the handshake.
int RotatingTlsFiles::OnCertificate(SSL* ssl, void* self) {
  const std::shared_ptr<const Files> files = static_cast<RotatingTlsFiles*>(self)->Current();
  if (files == nullptr) return 0;
  // Each call takes its own references (or copies): the connection does not
  // depend on `files` living on.
  if (SSL_use_certificate(ssl, files->leaf.get()) != 1 ||
      SSL_use_PrivateKey(ssl, files->key.get()) != 1 ||
      SSL_set1_chain(ssl, files->chain.get()) != 1) {
    return 0;
  }
  if (files->client_ca != nullptr) {
    if (SSL_set1_verify_cert_store(ssl, files->client_ca.get()) != 1) return 0;
    SSL_set_client_CA_list(ssl, SSL_dup_CA_list(files->client_ca_names.get()));
  }
  return 1;
}

}  // namespace carcassonne::service

// Certificate rotation without a restart (issue 31): the server is started
// with --tls_* files laid out as Kubernetes mounts a Secret (each file a
// symlink through "..data", itself a symlink to a directory of the current
// generation), and with --tls_refresh_seconds=1. The test then rotates the
// files under the running server, as the kubelet does (a new generation's
// directory, then one atomic rename of "..data"), and waits, polling with a
// generous deadline, until a new connection sees the new files:
//   * TLS: the new server certificate (signed by another CA) is presented,
//     and the old one no longer is; a connection opened before the rotation
//     keeps serving;
//   * mTLS: the new client CA decides who gets in;
//   * the HTTP port under TLS (cpp-httplib) reloads the same way (curl).
// No verdict depends on timing: each wait is a poll until a condition holds,
// failed only when it never does within kRotationDeadline.
#include <grpcpp/grpcpp.h>
#include <stdio.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "gtest/gtest.h"
#include "server_process.h"

namespace carcassonne::service {
namespace {

namespace v1 = ::carcassonne::v1;
using test_server::Clock;
using test_server::ReadFile;
using test_server::RunCommand;
using test_server::ServerProcess;

// How long a rotation may take to be seen: the files are read every second
// (--tls_refresh_seconds=1); this leaves a loaded machine ample time.
constexpr std::chrono::seconds kRotationDeadline{60};
constexpr std::chrono::seconds kCallTimeout{5};

// ---------------------------------------------------------------------------
// Two throwaway CAs, each with a server certificate (localhost, 127.0.0.1)
// and a client certificate: EC P-256 keys, valid for a day.

std::string MakePki(const std::string& dir) {
  const std::string new_key =
      "openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1";
  std::ofstream(dir + "/server.ext") << "subjectAltName=DNS:localhost,IP:127.0.0.1\n"
                                     << "extendedKeyUsage=serverAuth\n";
  std::ofstream(dir + "/client.ext") << "extendedKeyUsage=clientAuth\n";
  const std::string ca_extensions =
      " -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign";
  auto file = [&](const std::string& name) { return dir + "/" + name; };
  auto make_ca = [&](const std::string& name, const std::string& subject) {
    return new_key + " -x509 -keyout " + file(name + ".key") + " -out " + file(name + ".pem") +
           " -subj '" + subject + "'" + ca_extensions;
  };
  auto sign = [&](const std::string& name, const std::string& subject, const std::string& ca,
                  const std::string& extensions, int serial) {
    return new_key + " -keyout " + file(name + ".key") + " -out " + file(name + ".csr") +
           " -subj '" + subject + "' && openssl x509 -req -days 1 -in " + file(name + ".csr") +
           " -CA " + file(ca + ".pem") + " -CAkey " + file(ca + ".key") + " -set_serial " +
           std::to_string(serial) + " -extfile " + file(extensions) + " -out " +
           file(name + ".pem");
  };
  const std::vector<std::string> commands = {
      make_ca("old_ca", "/CN=Referee test CA before rotation"),
      make_ca("new_ca", "/CN=Referee test CA after rotation"),
      sign("old_server", "/CN=localhost", "old_ca", "server.ext", 1),
      sign("new_server", "/CN=localhost", "new_ca", "server.ext", 2),
      sign("old_client", "/CN=game site", "old_ca", "client.ext", 3),
      sign("new_client", "/CN=game site", "new_ca", "client.ext", 4),
  };
  for (const std::string& command : commands) {
    const auto [status, output] = RunCommand(command);
    if (status != 0) return command + ":\n" + output;
  }
  return "";
}

// The mounted Secret: dir/mount/{tls.crt,tls.key,ca.crt} -> ..data/<file>,
// ..data -> ..<generation>/ (a directory of real files).
class MountedSecret {
 public:
  explicit MountedSecret(std::string pki) : pki_(std::move(pki)), mount_(pki_ + "/mount") {}

  std::string certificate() const { return mount_ + "/tls.crt"; }
  std::string private_key() const { return mount_ + "/tls.key"; }
  std::string client_ca() const { return mount_ + "/ca.crt"; }

  // Generation 1: the files are created, with their symlinks.
  void Mount(const std::string& server, const std::string& client_ca) {
    std::filesystem::create_directories(mount_);
    WriteGeneration(1, server, client_ca);
    std::filesystem::create_directory_symlink("..1", mount_ + "/..data");
    for (const char* name : {"tls.crt", "tls.key", "ca.crt"}) {
      std::filesystem::create_symlink(std::string("..data/") + name, mount_ + "/" + name);
    }
  }

  // The next generation, swapped in by one atomic rename (as the kubelet does).
  void Rotate(const std::string& server, const std::string& client_ca) {
    ++generation_;
    WriteGeneration(generation_, server, client_ca);
    const std::string staged = mount_ + "/..data_tmp";
    std::filesystem::create_directory_symlink(".." + std::to_string(generation_), staged);
    ASSERT_EQ(std::rename(staged.c_str(), (mount_ + "/..data").c_str()), 0);
  }

 private:
  void WriteGeneration(int generation, const std::string& server, const std::string& client_ca) {
    const std::string dir = mount_ + "/.." + std::to_string(generation);
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(pki_ + "/" + server + ".pem", dir + "/tls.crt");
    std::filesystem::copy_file(pki_ + "/" + server + ".key", dir + "/tls.key");
    std::filesystem::copy_file(pki_ + "/" + client_ca + ".pem", dir + "/ca.crt");
  }

  std::string pki_;
  std::string mount_;
  int generation_ = 1;
};

// ---------------------------------------------------------------------------
// Clients.

// A channel of its own (a new connection) trusting `ca`, presenting
// `client` (its .pem and .key) when given.
std::shared_ptr<grpc::Channel> Dial(const std::string& pki, const std::string& target,
                                    const std::string& ca, const std::string& client = "") {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  grpc::SslCredentialsOptions ssl;
  ssl.pem_root_certs = ReadFile(pki + "/" + ca + ".pem");
  if (!client.empty()) {
    ssl.pem_cert_chain = ReadFile(pki + "/" + client + ".pem");
    ssl.pem_private_key = ReadFile(pki + "/" + client + ".key");
  }
  return grpc::CreateCustomChannel(target, grpc::SslCredentials(ssl), args);
}

// A RefereeService call on `channel`: its status.
grpc::Status CallCatalog(const std::shared_ptr<grpc::Channel>& channel) {
  auto stub = v1::RefereeService::NewStub(channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  v1::GetCatalogResponse response;
  return stub->GetCatalog(&context, v1::GetCatalogRequest(), &response);
}

// Whether a new connection trusting `ca` (presenting `client`) is served.
bool Served(const std::string& pki, const ServerProcess& server, const std::string& ca,
            const std::string& client = "") {
  return CallCatalog(Dial(pki, server.target(), ca, client)).ok();
}

// A TCP port that was free a moment ago (the HTTP port's 0 means "off").
int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  close(fd);
  return port;
}

// Polls until `condition` holds (true), or kRotationDeadline passes (false).
template <typename Condition>
bool Eventually(Condition condition) {
  const auto deadline = Clock::now() + kRotationDeadline;
  while (Clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return false;
}

class TlsRotationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char directory[] = "/tmp/carcassonne_tls_rotation_XXXXXX";
    ASSERT_NE(mkdtemp(directory), nullptr);
    pki_ = directory;
    const std::string error = MakePki(pki_);
    ASSERT_EQ(error, "") << "the test PKI could not be made (is openssl installed?)";
  }
  void TearDown() override {
    if (!pki_.empty()) std::filesystem::remove_all(pki_);
  }

  std::string pki_;
};

TEST_F(TlsRotationTest, NewConnectionsGetTheRotatedCertificateWithoutARestart) {
  MountedSecret secret(pki_);
  secret.Mount("old_server", "old_ca");
  ServerProcess server;
  ASSERT_EQ(server.Start({"--tls_certificate=" + secret.certificate(),
                          "--tls_private_key=" + secret.private_key(), "--tls_refresh_seconds=1"}),
            "");
  EXPECT_TRUE(Served(pki_, server, "old_ca"));
  EXPECT_FALSE(Served(pki_, server, "new_ca"));
  // A connection opened before the rotation (kept open by a call now).
  const auto before = Dial(pki_, server.target(), "old_ca");
  ASSERT_TRUE(CallCatalog(before).ok());

  secret.Rotate("new_server", "old_ca");
  EXPECT_TRUE(Eventually([&] { return Served(pki_, server, "new_ca"); }))
      << "the rotated certificate was never presented:\n"
      << server.Log();
  // From then on, the old certificate is presented to no new connection.
  EXPECT_FALSE(Served(pki_, server, "old_ca"));
  // The connection already open keeps its session.
  EXPECT_TRUE(CallCatalog(before).ok());
  EXPECT_EQ(before->GetState(false), GRPC_CHANNEL_READY);
}

TEST_F(TlsRotationTest, MutualTlsTakesTheRotatedClientCaWithoutARestart) {
  MountedSecret secret(pki_);
  secret.Mount("old_server", "old_ca");
  ServerProcess server;
  ASSERT_EQ(server.Start({"--tls_certificate=" + secret.certificate(),
                          "--tls_private_key=" + secret.private_key(),
                          "--tls_client_ca=" + secret.client_ca(), "--tls_refresh_seconds=1"}),
            "");
  EXPECT_TRUE(Served(pki_, server, "old_ca", "old_client"));
  EXPECT_FALSE(Served(pki_, server, "old_ca", "new_client"));  // not signed by the client CA
  EXPECT_FALSE(Served(pki_, server, "old_ca"));                // no client certificate

  // Everything rotates: the server's certificate and the client CA.
  secret.Rotate("new_server", "new_ca");
  EXPECT_TRUE(Eventually([&] { return Served(pki_, server, "new_ca", "new_client"); }))
      << "the rotated files were never used:\n"
      << server.Log();
  EXPECT_FALSE(Served(pki_, server, "new_ca", "old_client"));  // the old client CA is gone
  EXPECT_FALSE(Served(pki_, server, "new_ca"));                // still mTLS
}

// The HTTP port under TLS (cpp-httplib) takes the rotated files too: curl
// trusting the new CA is eventually answered, and then the old CA's is not.
TEST_F(TlsRotationTest, HttpPortUnderTlsTakesTheRotatedFilesWithoutARestart) {
  MountedSecret secret(pki_);
  secret.Mount("old_server", "old_ca");
  const int http_port = FreePort();
  ASSERT_GT(http_port, 0);
  ServerProcess server;
  ASSERT_EQ(server.Start({"--http_port=" + std::to_string(http_port),
                          "--tls_certificate=" + secret.certificate(),
                          "--tls_private_key=" + secret.private_key(),
                          "--tls_client_ca=" + secret.client_ca(), "--tls_refresh_seconds=1"}),
            "");
  const std::string url = "https://localhost:" + std::to_string(http_port) +
                          "/carcassonne.v1.RefereeService/GetCatalog"
                          "?connect=v1&encoding=json&message=%7B%7D";
  auto curl = [&](const std::string& ca, const std::string& client) {
    const auto [status, output] =
        RunCommand("curl -sS --max-time 10 -o /dev/null -w '%{http_code}' --cacert " + pki_ + "/" +
                   ca + ".pem --cert " + pki_ + "/" + client + ".pem --key " + pki_ + "/" + client +
                   ".key '" + url + "'");
    return status == 0 && output == "200";
  };
  EXPECT_TRUE(curl("old_ca", "old_client"));
  EXPECT_FALSE(curl("new_ca", "new_client"));

  secret.Rotate("new_server", "new_ca");
  EXPECT_TRUE(Eventually([&] { return curl("new_ca", "new_client"); }))
      << "the HTTP port never used the rotated files:\n"
      << server.Log();
  EXPECT_FALSE(curl("new_ca", "old_client"));  // the old client CA is gone
  EXPECT_FALSE(curl("old_ca", "new_client"));  // the old certificate is gone
}

}  // namespace
}  // namespace carcassonne::service

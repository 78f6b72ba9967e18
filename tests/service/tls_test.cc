// The referee's gRPC port under TLS and mutual TLS, end to end: this test
// makes a throwaway public key infrastructure with the `openssl` command (a
// CA, a server certificate for localhost / 127.0.0.1, a client certificate,
// and a second CA with a client certificate of its own), starts the built
// carcassonne_referee binary with the --tls_* flags (--port=0: the port is
// read from its start-up line), and checks who gets in:
//   * TLS: a plaintext client is refused; a client trusting the CA is served
//     (health, RefereeService); one trusting another CA, or expecting another
//     server name, refuses the server;
//   * mTLS: a client without a certificate is refused, as is one whose
//     certificate another CA signed; one with a certificate of the client CA
//     is served;
//   * health and reflection under mTLS with `buf curl` (--cacert, --cert, --key);
//   * the server refuses incomplete or mismatched TLS files with exit status 2
//     before it listens;
//   * the load generator and the scenario runner connect under mTLS with their
//     --tls_* flags (short runs), and not without a client certificate.
// Every wait has a deadline, so a broken server fails the test instead of
// hanging it.
#include <grpcpp/grpcpp.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "gtest/gtest.h"

#ifndef CARCASSONNE_REFEREE_BINARY
#error "CARCASSONNE_REFEREE_BINARY must name the carcassonne_referee executable"
#endif
#ifndef CARCASSONNE_SCENARIO_BINARY
#error "CARCASSONNE_SCENARIO_BINARY must name the carcassonne_scenario executable"
#endif
#ifndef CARCASSONNE_LOADGEN_BINARY
#error "CARCASSONNE_LOADGEN_BINARY must name carcassonne_loadgen, or be empty when it is not built"
#endif
#ifndef CARCASSONNE_SOURCE_DIR
#error "CARCASSONNE_SOURCE_DIR must name the repository root"
#endif

namespace carcassonne::service {
namespace {

namespace v1 = ::carcassonne::v1;
using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = std::chrono::steady_clock;

constexpr seconds kStartTimeout{20};
constexpr seconds kCallTimeout{5};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs a shell command (killed after `timeout_seconds`): its exit status (124
// on the timeout, -1 when it did not exit) and its stdout and stderr.
std::pair<int, std::string> RunCommand(const std::string& command, int timeout_seconds = 60) {
  std::string output;
  FILE* pipe =
      popen(("timeout " + std::to_string(timeout_seconds) + " " + command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return {-1, ""};
  std::array<char, 4096> buffer;
  size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
    output.append(buffer.data(), n);
  }
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// ---------------------------------------------------------------------------
// The throwaway PKI: EC P-256 keys, certificates valid for a day.

struct Pki {
  std::string directory;
  std::string File(const std::string& name) const { return directory + "/" + name; }
};

// "" on success, else the failing command and its output.
std::string MakePki(const Pki& pki) {
  const std::string new_key =
      "openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1";
  std::ofstream(pki.File("server.ext")) << "subjectAltName=DNS:localhost,IP:127.0.0.1\n"
                                        << "extendedKeyUsage=serverAuth\n";
  std::ofstream(pki.File("client.ext")) << "extendedKeyUsage=clientAuth\n";
  const std::string ca_extensions =
      " -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign";
  // A certificate `name` (key name.key) for `subject`, signed by `ca`.
  auto sign = [&](const std::string& name, const std::string& subject, const std::string& ca,
                  const std::string& extensions, int serial) {
    return new_key + " -keyout " + pki.File(name + ".key") + " -out " + pki.File(name + ".csr") +
           " -subj '" + subject + "' && openssl x509 -req -days 1 -in " + pki.File(name + ".csr") +
           " -CA " + pki.File(ca + ".pem") + " -CAkey " + pki.File(ca + ".key") + " -set_serial " +
           std::to_string(serial) + " -extfile " + pki.File(extensions) + " -out " +
           pki.File(name + ".pem");
  };
  const std::vector<std::string> commands = {
      new_key + " -x509 -keyout " + pki.File("ca.key") + " -out " + pki.File("ca.pem") +
          " -subj '/CN=Referee test CA'" + ca_extensions,
      new_key + " -x509 -keyout " + pki.File("other_ca.key") + " -out " + pki.File("other_ca.pem") +
          " -subj '/CN=Another test CA'" + ca_extensions,
      sign("server", "/CN=localhost", "ca", "server.ext", 1),
      sign("client", "/CN=game site", "ca", "client.ext", 2),
      sign("other_client", "/CN=game site", "other_ca", "client.ext", 3),
  };
  for (const std::string& command : commands) {
    const auto [status, output] = RunCommand(command);
    if (status != 0) return command + ":\n" + output;
  }
  return "";
}

// ---------------------------------------------------------------------------
// The server as a child process (as in service_test.cc, reduced).

class ServerProcess {
 public:
  ServerProcess() = default;
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;
  ~ServerProcess() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (!log_path_.empty()) unlink(log_path_.c_str());
  }

  // Starts the server on 127.0.0.1 with `flags` and waits for its start-up
  // line; "" on success, else what went wrong.
  std::string Start(const std::vector<std::string>& flags) {
    char log_template[] = "/tmp/carcassonne_tls_test_XXXXXX";
    const int log_fd = mkstemp(log_template);
    if (log_fd < 0) return "cannot create a log file";
    log_path_ = log_template;
    std::vector<std::string> args = {CARCASSONNE_REFEREE_BINARY, "--address=127.0.0.1", "--port=0",
                                     "--metrics_port=0", "--http_port=0"};
    args.insert(args.end(), flags.begin(), flags.end());
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    const pid_t parent = getpid();

    pid_ = fork();
    if (pid_ < 0) return "fork failed";
    if (pid_ == 0) {  // only async-signal-safe calls from here
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(127);
      dup2(log_fd, STDOUT_FILENO);
      dup2(log_fd, STDERR_FILENO);
      close(log_fd);
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(log_fd);

    const auto deadline = Clock::now() + kStartTimeout;
    while (Clock::now() < deadline) {
      const std::string log = ReadFile(log_path_);
      const size_t at = log.find("(port=");
      if (at != std::string::npos && log.find('\n', at) != std::string::npos) {
        port_ = std::atoi(log.c_str() + at + 6);
        return port_ > 0 ? "" : "no port in the start-up line: " + log;
      }
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return "the server exited at start-up: " + log;
      }
      std::this_thread::sleep_for(milliseconds(20));
    }
    return "no start-up line within the timeout: " + ReadFile(log_path_);
  }

  std::string target() const { return "127.0.0.1:" + std::to_string(port_); }
  int port() const { return port_; }

 private:
  pid_t pid_ = -1;
  std::string log_path_;
  int port_ = 0;
};

// ---------------------------------------------------------------------------
// Clients.

// How a test client dials: plaintext, or TLS trusting `ca` (a PKI file name),
// presenting `certificate` (name.pem + name.key) when given, and expecting
// `server_name` in the server's certificate when given.
struct Dial {
  bool tls = true;
  std::string ca = "ca";
  std::string certificate;
  std::string server_name;
};

Dial Plaintext() {
  Dial dial;
  dial.tls = false;
  return dial;
}
Dial Tls(const std::string& ca, const std::string& certificate = "",
         const std::string& server_name = "") {
  Dial dial;
  dial.ca = ca;
  dial.certificate = certificate;
  dial.server_name = server_name;
  return dial;
}

std::shared_ptr<grpc::Channel> MakeChannel(const Pki& pki, const std::string& target,
                                           const Dial& dial) {
  grpc::ChannelArguments args;
  // Its own connection: never one that another channel of the test opened.
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  if (!dial.tls) return grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args);
  grpc::SslCredentialsOptions ssl;
  ssl.pem_root_certs = ReadFile(pki.File(dial.ca + ".pem"));
  if (!dial.certificate.empty()) {
    ssl.pem_cert_chain = ReadFile(pki.File(dial.certificate + ".pem"));
    ssl.pem_private_key = ReadFile(pki.File(dial.certificate + ".key"));
  }
  if (!dial.server_name.empty()) args.SetSslTargetNameOverride(dial.server_name);
  return grpc::CreateCustomChannel(target, grpc::SslCredentials(ssl), args);
}

// grpc.health.v1.Health/Check of the whole server: the status, and SERVING.
std::pair<grpc::Status, bool> CheckHealth(const std::shared_ptr<grpc::Channel>& channel) {
  auto health = grpc::health::v1::Health::NewStub(channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  grpc::health::v1::HealthCheckRequest request;
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = health->Check(&context, request, &response);
  return {status, response.status() == grpc::health::v1::HealthCheckResponse::SERVING};
}

grpc::Status GetCatalog(const std::shared_ptr<grpc::Channel>& channel,
                        v1::GetCatalogResponse* response) {
  auto stub = v1::RefereeService::NewStub(channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  return stub->GetCatalog(&context, v1::GetCatalogRequest(), response);
}

// ---------------------------------------------------------------------------
// The fixture: one PKI for every test of a process.

class TlsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char directory[] = "/tmp/carcassonne_tls_pki_XXXXXX";
    if (mkdtemp(directory) == nullptr) {
      pki_error_ = new std::string("cannot create a temporary directory");
      return;
    }
    pki_ = new Pki{directory};
    pki_error_ = new std::string(MakePki(*pki_));
  }
  static void TearDownTestSuite() {
    if (pki_ != nullptr) std::filesystem::remove_all(pki_->directory);
    delete pki_;
    delete pki_error_;
    pki_ = nullptr;
    pki_error_ = nullptr;
  }
  void SetUp() override {
    ASSERT_TRUE(pki_error_ != nullptr && pki_error_->empty())
        << "the test PKI could not be made (is openssl installed? scripts/install-deps.sh): "
        << (pki_error_ != nullptr ? *pki_error_ : "");
  }

  const Pki& pki() const { return *pki_; }
  std::string File(const std::string& name) const { return pki_->File(name); }

  // Flags of a TLS server; with `client_ca`, of an mTLS server.
  std::vector<std::string> ServerFlags(bool client_ca) const {
    std::vector<std::string> flags = {"--tls_certificate=" + File("server.pem"),
                                      "--tls_private_key=" + File("server.key")};
    if (client_ca) flags.push_back("--tls_client_ca=" + File("ca.pem"));
    return flags;
  }

  // Starts `server` (TLS; mTLS with `client_ca`), or fails the test.
  void StartServer(ServerProcess& server, bool client_ca) {
    const std::string error = server.Start(ServerFlags(client_ca));
    ASSERT_EQ(error, "");
  }

  // A client dialling `server` as `dial` gets health SERVING and a
  // RefereeService answer.
  void ExpectServed(const ServerProcess& server, const Dial& dial) {
    const auto channel = MakeChannel(pki(), server.target(), dial);
    const auto [status, serving] = CheckHealth(channel);
    EXPECT_TRUE(status.ok()) << status.error_code() << ": " << status.error_message();
    EXPECT_TRUE(serving);
    v1::GetCatalogResponse catalog;
    const grpc::Status catalog_status = GetCatalog(channel, &catalog);
    EXPECT_TRUE(catalog_status.ok()) << catalog_status.error_message();
    EXPECT_GT(catalog.tile_sets_size(), 0);
  }
  // A client dialling `server` as `dial` gets UNAVAILABLE (no connection).
  void ExpectRefused(const ServerProcess& server, const Dial& dial) {
    const auto channel = MakeChannel(pki(), server.target(), dial);
    const auto [status, serving] = CheckHealth(channel);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE) << status.error_message();
    EXPECT_FALSE(serving);
    v1::GetCatalogResponse catalog;
    EXPECT_EQ(GetCatalog(channel, &catalog).error_code(), grpc::StatusCode::UNAVAILABLE);
  }

 private:
  static Pki* pki_;
  static std::string* pki_error_;
};

Pki* TlsTest::pki_ = nullptr;
std::string* TlsTest::pki_error_ = nullptr;

// ---------------------------------------------------------------------------
// TLS

TEST_F(TlsTest, TlsServerRefusesPlaintextAndServesClientsTrustingItsCa) {
  ServerProcess server;
  StartServer(server, /*client_ca=*/false);
  ExpectRefused(server, Plaintext());
  ExpectServed(server, Tls("ca"));  // the certificate names IP 127.0.0.1
  // Without a client CA, a client certificate is neither needed nor harmful.
  ExpectServed(server, Tls("ca", "other_client"));
}

TEST_F(TlsTest, ClientRefusesAServerCertificateOfAnotherCaOrAnotherName) {
  ServerProcess server;
  StartServer(server, /*client_ca=*/false);
  ExpectRefused(server, Tls("other_ca"));
  ExpectRefused(server, Tls("ca", "", "referee.example.org"));
  ExpectServed(server, Tls("ca", "", "localhost"));
}

// ---------------------------------------------------------------------------
// mTLS

TEST_F(TlsTest, MutualTlsServesOnlyClientsWithACertificateOfTheClientCa) {
  ServerProcess server;
  StartServer(server, /*client_ca=*/true);
  ExpectRefused(server, Plaintext());
  ExpectRefused(server, Tls("ca"));                  // no client certificate
  ExpectRefused(server, Tls("ca", "other_client"));  // signed by another CA
  ExpectRefused(server, Tls("other_ca", "client"));  // server untrusted
  ExpectServed(server, Tls("ca", "client"));
}

std::string BufCurl(const std::string& arguments) {
  return std::string(CARCASSONNE_SOURCE_DIR) +
         "/node_modules/.bin/buf curl --protocol grpc --reflect-protocol grpc-v1alpha "
         "--timeout 30s " +
         arguments;
}

TEST_F(TlsTest, HealthAndReflectionWorkUnderMutualTls) {
  const std::string buf = std::string(CARCASSONNE_SOURCE_DIR) + "/node_modules/.bin/buf";
  ASSERT_EQ(access(buf.c_str(), X_OK), 0)
      << buf << " is missing: run scripts/install-deps.sh (npm ci)";
  ServerProcess server;
  StartServer(server, /*client_ca=*/true);
  const std::string url = "https://localhost:" + std::to_string(server.port());
  const std::string trust = "--cacert " + File("ca.pem") + " ";
  const std::string identity =
      trust + "--cert " + File("client.pem") + " --key " + File("client.key") + " ";

  const auto [services_status, services] = RunCommand(BufCurl(identity + "--list-services " + url));
  ASSERT_EQ(services_status, 0) << services;
  EXPECT_TRUE(Contains(services, "carcassonne.v1.RefereeService\n")) << services;
  EXPECT_TRUE(Contains(services, "grpc.health.v1.Health\n")) << services;
  EXPECT_TRUE(Contains(services, "grpc.reflection.v1alpha.ServerReflection\n")) << services;

  // Request and response schemas from reflection alone.
  const auto [health_status, health] =
      RunCommand(BufCurl(identity + "-d '{\"service\":\"carcassonne.v1.RefereeService\"}' " + url +
                         "/grpc.health.v1.Health/Check"));
  ASSERT_EQ(health_status, 0) << health;
  EXPECT_TRUE(Contains(health, "\"SERVING\"")) << health;

  // Dialled at 127.0.0.1 with the certificate's name for the handshake.
  const auto [named_status, named] =
      RunCommand(BufCurl(identity + "--servername localhost --list-services https://127.0.0.1:" +
                         std::to_string(server.port())));
  EXPECT_EQ(named_status, 0) << named;

  // Without a client certificate, or in plaintext: refused.
  const auto [anonymous_status, anonymous] = RunCommand(BufCurl(trust + "--list-services " + url));
  EXPECT_NE(anonymous_status, 0) << anonymous;
  EXPECT_FALSE(Contains(anonymous, "carcassonne.v1.RefereeService")) << anonymous;
  const auto [plaintext_status, plaintext] = RunCommand(BufCurl(
      "--http2-prior-knowledge --list-services http://localhost:" + std::to_string(server.port())));
  EXPECT_NE(plaintext_status, 0) << plaintext;
  EXPECT_FALSE(Contains(plaintext, "carcassonne.v1.RefereeService")) << plaintext;
}

// ---------------------------------------------------------------------------
// Start-up errors: exit status 2, a message naming the problem, no listening.

TEST_F(TlsTest, ServerRefusesIncompleteOrMismatchedTlsFiles) {
  struct Case {
    std::string flags;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"--tls_private_key=" + File("server.key"), "needs both the server certificate"},
      {"--tls_certificate=" + File("server.pem"), "needs both the server certificate"},
      {"--tls_client_ca=" + File("ca.pem"), "needs both the server certificate"},
      {"--tls_certificate=" + File("server.pem") + " --tls_private_key=" + File("client.key"),
       "does not belong to the certificate"},
      {"--tls_certificate=" + File("server.key") + " --tls_private_key=" + File("server.key"),
       "holds no PEM certificate"},
      {"--tls_certificate=" + File("server.pem") + " --tls_private_key=" + File("server.pem"),
       "holds no unencrypted PEM private key"},
      {"--tls_certificate=" + File("missing.pem") + " --tls_private_key=" + File("server.key"),
       "cannot read " + File("missing.pem")},
      {"--tls_certificate=" + File("server.pem") + " --tls_private_key=" + File("server.key") +
           " --tls_client_ca=" + File("client.key"),
       "TLS client CA: " + File("client.key") + " holds no PEM certificate"},
  };
  for (const Case& c : cases) {
    const auto [status, output] =
        RunCommand(std::string(CARCASSONNE_REFEREE_BINARY) +
                       " --address=127.0.0.1 --port=0 --metrics_port=0 --http_port=0 " + c.flags,
                   /*timeout_seconds=*/10);
    EXPECT_EQ(status, 2) << c.flags << "\n" << output;
    EXPECT_TRUE(Contains(output, c.message)) << c.flags << "\n" << output;
    EXPECT_FALSE(Contains(output, "serving gRPC")) << c.flags << "\n" << output;
  }
}

// ---------------------------------------------------------------------------
// The clients' --tls_* flags.

TEST_F(TlsTest, LoadGeneratorRunsUnderMutualTls) {
  const std::string loadgen = CARCASSONNE_LOADGEN_BINARY;
  if (loadgen.empty()) GTEST_SKIP() << "carcassonne_loadgen is not built (no Google Benchmark)";
  ServerProcess server;
  StartServer(server, /*client_ca=*/true);
  const std::string run = loadgen + " --target=" + server.target() +
                          " --rpc=ValidateAction --pool=2 --mode=closed --in_flight=2 "
                          "--warmup=0s --duration=0.5s --tls_ca=" +
                          File("ca.pem") + " --tls_server_name=localhost";
  const std::string identity =
      " --tls_certificate=" + File("client.pem") + " --tls_private_key=" + File("client.key");

  const auto [status, output] = RunCommand(run + identity);
  ASSERT_EQ(status, 0) << output;
  EXPECT_TRUE(Contains(output, "check: 2/2 answers")) << output;
  EXPECT_TRUE(Contains(output, " 0 errors,")) << output;

  const auto [anonymous_status, anonymous] = RunCommand(run);
  EXPECT_EQ(anonymous_status, 1) << anonymous;
  EXPECT_TRUE(Contains(anonymous, "cannot connect")) << anonymous;

  const auto [half_status, half] = RunCommand(run + " --tls_certificate=" + File("client.pem"));
  EXPECT_EQ(half_status, 2) << half;
  EXPECT_TRUE(Contains(half, "--tls_private_key")) << half;
}

TEST_F(TlsTest, ScenarioRunnerRunsAgainstAServerUnderMutualTls) {
  ServerProcess server;
  StartServer(server, /*client_ca=*/true);
  const std::string scenarios =
      std::string(" ") + CARCASSONNE_SOURCE_DIR + "/tests/scenarios/am_mayor_occupancy.json " +
      CARCASSONNE_SOURCE_DIR + "/tests/scenarios/am_barn_corner_rules.json";
  const std::string run = std::string(CARCASSONNE_SCENARIO_BINARY) +
                          " --target=" + server.target() + " --tls_ca=" + File("ca.pem");
  const std::string identity =
      " --tls_certificate=" + File("client.pem") + " --tls_private_key=" + File("client.key");

  const auto [status, output] =
      RunCommand(run + identity + " --tls_server_name=localhost" + scenarios);
  ASSERT_EQ(status, 0) << output;
  EXPECT_TRUE(Contains(output, "referee: " + server.target() + " (TLS")) << output;
  EXPECT_TRUE(Contains(output, " passed, 0 failed\n")) << output;
  EXPECT_FALSE(Contains(output, "\n0 passed")) << output;

  const auto [anonymous_status, anonymous] = RunCommand(run + scenarios);
  EXPECT_EQ(anonymous_status, 1) << anonymous;
  EXPECT_TRUE(Contains(anonymous, "cannot connect")) << anonymous;

  // --tls_server_name (not the target's 127.0.0.1, which the certificate also
  // names) is what the server's certificate is checked against.
  const auto [misnamed_status, misnamed] =
      RunCommand(run + identity + " --tls_server_name=referee.example.org" + scenarios);
  EXPECT_EQ(misnamed_status, 1) << misnamed;
  EXPECT_TRUE(Contains(misnamed, "cannot connect")) << misnamed;
}

}  // namespace
}  // namespace carcassonne::service

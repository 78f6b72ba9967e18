// The HTTP probes of the metrics port (service/probes.h), on the real binary
// (server_process.h): GET /healthz (liveness) and GET /readyz (readiness, the
// gRPC health status), answered in plain HTTP whether the gRPC port is
// plaintext, TLS or mutual TLS, as the Kubernetes `httpGet` probes of
// deploy/kubernetes/base/deployment.yaml ask them.
//   * plaintext: both 200; HEAD has the status without the body; POST is 405;
//     /metrics is still served on the same port;
//   * lame duck (SIGTERM): /readyz turns 503 NOT_SERVING, exactly when the
//     gRPC health Check says NOT_SERVING, while /healthz stays 200 and
//     RefereeService still answers; a second SIGTERM ends the lame duck (so
//     the test waits for no clock: the lame duck is a minute long unless
//     cut short);
//   * TLS and mTLS (a self-signed certificate made with the `openssl`
//     command): the gRPC port refuses a plaintext client, the probes answer
//     plain HTTP, and /readyz follows the lame duck as above.
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "gtest/gtest.h"
#include "server_process.h"

namespace carcassonne::service {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using test_server::Clock;
using test_server::kCallTimeout;
using test_server::kServiceName;
using test_server::kStartTimeout;
using test_server::ServerProcess;

// A lame duck no test waits out: each test ends it with a second signal.
constexpr char kLongLameDuck[] = "--lame_duck_seconds=60";

struct HttpAnswer {
  int status = 0;  // 0: no answer
  std::string headers;
  std::string body;
};

// One HTTP/1.1 request (Connection: close) to 127.0.0.1:port, as a kubelet
// sends it; the status line's code, the headers and the body.
HttpAnswer Http(int port, const std::string& method, const std::string& path) {
  HttpAnswer answer;
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return answer;
  timeval timeout{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string response;
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
    const std::string request = method + " " + path +
                                " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: kube-probe/1.29\r\n"
                                "Connection: close\r\n\r\n";
    if (send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
        static_cast<ssize_t>(request.size())) {
      std::array<char, 8192> buffer;
      ssize_t n = 0;
      while ((n = recv(fd, buffer.data(), buffer.size(), 0)) > 0) response.append(buffer.data(), n);
    }
  }
  close(fd);
  const size_t end_of_headers = response.find("\r\n\r\n");
  if (response.rfind("HTTP/1.", 0) != 0 || end_of_headers == std::string::npos) return answer;
  answer.status = std::atoi(response.c_str() + response.find(' ') + 1);
  answer.headers = response.substr(0, end_of_headers);
  answer.body = response.substr(end_of_headers + 4);
  return answer;
}

// The gRPC health status of the server as a whole, or the call's error.
std::pair<grpc::Status, grpc::health::v1::HealthCheckResponse::ServingStatus> HealthCheck(
    const std::shared_ptr<grpc::Channel>& channel) {
  auto health = grpc::health::v1::Health::NewStub(channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  grpc::health::v1::HealthCheckRequest request;
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = health->Check(&context, request, &response);
  return {status, response.status()};
}

// Polls /readyz until it answers `status` (the lame duck starts on the
// server's signal thread, a moment after the signal); false after a generous
// deadline.
bool WaitForReadyz(int metrics_port, int status) {
  const auto deadline = Clock::now() + kStartTimeout;
  while (Clock::now() < deadline) {
    if (Http(metrics_port, "GET", "/readyz").status == status) return true;
    std::this_thread::sleep_for(milliseconds(20));
  }
  return false;
}

// Signals SIGTERM, checks the lame duck through the probes and the gRPC
// health service (over `channel`), then ends it with a second SIGTERM and
// expects a clean exit.
void ExpectLameDuckSeenByProbes(ServerProcess& server,
                                const std::shared_ptr<grpc::Channel>& channel) {
  ASSERT_EQ(Http(server.metrics_port(), "GET", "/readyz").status, 200) << server.Log();
  server.Signal(SIGTERM);
  ASSERT_TRUE(WaitForReadyz(server.metrics_port(), 503)) << server.Log();
  const HttpAnswer readyz = Http(server.metrics_port(), "GET", "/readyz");
  EXPECT_EQ(readyz.status, 503);
  EXPECT_EQ(readyz.body, "NOT_SERVING\n");
  // Liveness holds: a pod that is shutting down is not to be restarted.
  const HttpAnswer healthz = Http(server.metrics_port(), "GET", "/healthz");
  EXPECT_EQ(healthz.status, 200);
  EXPECT_EQ(healthz.body, "ok\n");
  // The probe says what the gRPC health service says, and the server still
  // serves (the lame duck only asks clients to go elsewhere).
  const auto [status, serving] = HealthCheck(channel);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(serving, grpc::health::v1::HealthCheckResponse::NOT_SERVING);
  auto stub = v1::RefereeService::NewStub(channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  v1::GetCatalogResponse catalog;
  EXPECT_TRUE(stub->GetCatalog(&context, v1::GetCatalogRequest(), &catalog).ok());

  server.Signal(SIGTERM);  // the second signal cuts the lame duck short
  EXPECT_EQ(server.WaitForExit(std::chrono::duration_cast<milliseconds>(seconds(30))), 0)
      << server.Log();
}

TEST(ProbesTest, PlaintextServerAnswersBothProbes) {
  ServerProcess server;
  ASSERT_EQ(server.Start(), "");
  const HttpAnswer healthz = Http(server.metrics_port(), "GET", "/healthz");
  EXPECT_EQ(healthz.status, 200) << healthz.headers;
  EXPECT_EQ(healthz.body, "ok\n");
  EXPECT_NE(healthz.headers.find("Content-Type: text/plain"), std::string::npos);
  const HttpAnswer readyz = Http(server.metrics_port(), "GET", "/readyz");
  EXPECT_EQ(readyz.status, 200) << readyz.headers;
  EXPECT_EQ(readyz.body, "SERVING\n");

  const HttpAnswer head = Http(server.metrics_port(), "HEAD", "/readyz");
  EXPECT_EQ(head.status, 200);
  EXPECT_NE(head.headers.find("Content-Length: 8"), std::string::npos) << head.headers;
  EXPECT_EQ(head.body, "");
  const HttpAnswer post = Http(server.metrics_port(), "POST", "/healthz");
  EXPECT_EQ(post.status, 405);
  EXPECT_NE(post.headers.find("Allow: GET, HEAD"), std::string::npos) << post.headers;

  // The metrics endpoint still serves its own path, and nothing else.
  const HttpAnswer metrics = Http(server.metrics_port(), "GET", "/metrics");
  EXPECT_EQ(metrics.status, 200);
  EXPECT_NE(metrics.body.find("grpc_server_started_total"), std::string::npos);
  EXPECT_EQ(Http(server.metrics_port(), "GET", "/healthz/extra").status, 404);
}

TEST(ProbesTest, ReadinessFailsDuringTheLameDuckWhileLivenessHolds) {
  ServerProcess server;
  ASSERT_EQ(server.Start({kLongLameDuck}), "");
  auto channel = grpc::CreateChannel(server.target(), grpc::InsecureChannelCredentials());
  ASSERT_TRUE(test_server::WaitForServing(channel, ""));
  ExpectLameDuckSeenByProbes(server, channel);
}

// A self-signed certificate for localhost / 127.0.0.1 in a fresh directory,
// removed with it.
class SelfSignedCertificate {
 public:
  SelfSignedCertificate() {
    char directory[] = "/tmp/carcassonne_probes_test_XXXXXX";
    if (mkdtemp(directory) == nullptr) return;
    directory_ = directory;
    const auto [status, output] = test_server::RunCommand(
        "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 "
        "-subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout " +
        key() + " -out " + certificate());
    error_ = status == 0 ? "" : "openssl failed (scripts/install-deps.sh installs it): " + output;
  }
  ~SelfSignedCertificate() {
    if (!directory_.empty()) std::filesystem::remove_all(directory_);
  }
  const std::string& error() const { return error_; }
  std::string certificate() const { return directory_ + "/server.pem"; }
  std::string key() const { return directory_ + "/server.key"; }

 private:
  std::string directory_;
  std::string error_ = "no directory";
};

std::shared_ptr<grpc::Channel> TlsChannel(const ServerProcess& server, const std::string& ca) {
  grpc::SslCredentialsOptions tls;
  tls.pem_root_certs = test_server::ReadFile(ca);
  return grpc::CreateChannel("localhost:" + std::to_string(server.port()),
                             grpc::SslCredentials(tls));
}

TEST(ProbesTest, TlsServerAnswersProbesInPlainHttp) {
  const SelfSignedCertificate pem;
  ASSERT_EQ(pem.error(), "");
  ServerProcess server;
  ASSERT_EQ(server.Start({"--tls_certificate=" + pem.certificate(),
                          "--tls_private_key=" + pem.key(), kLongLameDuck}),
            "");
  // The gRPC port is TLS: a plaintext client gets nowhere ...
  const auto [plain_status, plain_serving] =
      HealthCheck(grpc::CreateChannel(server.target(), grpc::InsecureChannelCredentials()));
  EXPECT_EQ(plain_status.error_code(), grpc::StatusCode::UNAVAILABLE);
  // ... a TLS client is served, and the probes answer plain HTTP.
  auto channel = TlsChannel(server, pem.certificate());
  ASSERT_TRUE(test_server::WaitForServing(channel, ""));
  EXPECT_EQ(Http(server.metrics_port(), "GET", "/healthz").status, 200);
  ExpectLameDuckSeenByProbes(server, channel);
}

TEST(ProbesTest, MutualTlsServerAnswersProbesWithoutAClientCertificate) {
  const SelfSignedCertificate pem;
  ASSERT_EQ(pem.error(), "");
  ServerProcess server;
  ASSERT_EQ(
      server.Start({"--tls_certificate=" + pem.certificate(), "--tls_private_key=" + pem.key(),
                    "--tls_client_ca=" + pem.certificate(), kLongLameDuck}),
      "");
  // Without a client certificate the gRPC port refuses the call; the probes,
  // which kubelets send without one, answer.
  const auto [status, serving] = HealthCheck(TlsChannel(server, pem.certificate()));
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE);
  const HttpAnswer healthz = Http(server.metrics_port(), "GET", "/healthz");
  EXPECT_EQ(healthz.status, 200);
  const HttpAnswer readyz = Http(server.metrics_port(), "GET", "/readyz");
  EXPECT_EQ(readyz.status, 200);
  EXPECT_EQ(readyz.body, "SERVING\n");
  server.Signal(SIGTERM);
  EXPECT_TRUE(WaitForReadyz(server.metrics_port(), 503)) << server.Log();
  EXPECT_EQ(Http(server.metrics_port(), "GET", "/healthz").status, 200);
  server.Signal(SIGTERM);
  EXPECT_EQ(server.WaitForExit(std::chrono::duration_cast<milliseconds>(seconds(30))), 0)
      << server.Log();
}

}  // namespace
}  // namespace carcassonne::service

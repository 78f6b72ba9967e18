// The server under test as a child process, and the helpers the service
// tests share (service_test.cc, resilience_test.cc): the built
// carcassonne_referee binary is started with --port=0 --metrics_port=0 (the
// OS picks free ports, which the server prints in its start-up line), and
// every wait has a deadline, so a broken server fails a test instead of
// hanging it.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <grpcpp/grpcpp.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "grpc/health/v1/health.grpc.pb.h"

#ifndef CARCASSONNE_REFEREE_BINARY
#error "CARCASSONNE_REFEREE_BINARY must name the carcassonne_referee executable"
#endif
#ifndef CARCASSONNE_SOURCE_DIR
#error "CARCASSONNE_SOURCE_DIR must name the repository root"
#endif

namespace carcassonne::service::test_server {

using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = std::chrono::steady_clock;

inline constexpr char kServiceName[] = "carcassonne.v1.RefereeService";
inline constexpr seconds kStartTimeout{20};
inline constexpr seconds kCallTimeout{10};
inline constexpr seconds kStopTimeout{10};

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The value of `key=` (digits) in `text`, or nothing.
inline std::optional<int> NumberAfter(const std::string& text, const std::string& key) {
  const size_t at = text.find(key);
  if (at == std::string::npos) return std::nullopt;
  size_t end = at + key.size();
  while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
  if (end == at + key.size()) return std::nullopt;
  return std::atoi(text.substr(at + key.size(), end - at - key.size()).c_str());
}

// ---------------------------------------------------------------------------
// The server as a child process.

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

  // Starts the server (with `extra_flags` after the address and ports) and
  // waits for its start-up line; "" on success, else what went wrong.
  std::string Start(const std::vector<std::string>& extra_flags = {}) {
    char log_template[] = "/tmp/carcassonne_service_test_XXXXXX";
    const int log_fd = mkstemp(log_template);
    if (log_fd < 0) return "cannot create a log file";
    log_path_ = log_template;

    // Everything the child needs is prepared before fork(): after it, only
    // async-signal-safe calls.
    const std::string binary = CARCASSONNE_REFEREE_BINARY;
    // The HTTP port is off unless a test turns it on (--http_port=N after
    // these): port 0 means off, and 8080 may be taken.
    std::vector<std::string> args = {binary, "--address=127.0.0.1", "--port=0", "--metrics_port=0",
                                     "--http_port=0"};
    // Unless a test sets its own budget, the latency budget is the largest
    // the server takes (10 s): admission control then refuses no call of a
    // test that does not set out to overload the server, however busy the
    // machine (a 20 ms budget let 8 clients on one serving thread be refused
    // on a loaded 2-core machine). Tests of overload set the budget
    // themselves (resilience_test.cc).
    if (std::none_of(extra_flags.begin(), extra_flags.end(), [](const std::string& flag) {
          return flag.rfind("--queue_budget_ms", 0) == 0;
        })) {
      args.push_back("--queue_budget_ms=10000");
    }
    args.insert(args.end(), extra_flags.begin(), extra_flags.end());
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    const pid_t parent = getpid();

    pid_ = fork();
    if (pid_ < 0) return "fork failed";
    if (pid_ == 0) {
      // The server dies with the test, whatever happens to the test.
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(127);
      dup2(log_fd, STDOUT_FILENO);
      dup2(log_fd, STDERR_FILENO);
      close(log_fd);
      // The child starts with no signal blocked (the server blocks its own).
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(log_fd);

    const auto deadline = Clock::now() + kStartTimeout;
    while (Clock::now() < deadline) {
      const std::string log = Log();
      const std::optional<int> port = NumberAfter(log, "(port=");
      const std::optional<int> metrics_port = NumberAfter(log, "metrics_port=");
      if (port && metrics_port) {
        port_ = *port;
        metrics_port_ = *metrics_port;
        return "";
      }
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return "the server exited at start-up: " + log;
      }
      std::this_thread::sleep_for(milliseconds(20));
    }
    return "no start-up line within the timeout: " + Log();
  }

  // Sends `signal` and waits up to `timeout` for the exit. Returns the exit
  // status, or nothing if the process did not exit normally in time (then it
  // is killed).
  std::optional<int> Stop(int signal, std::chrono::milliseconds timeout) {
    if (pid_ <= 0) return std::nullopt;
    Signal(signal);
    return WaitForExit(timeout);
  }

  // Sends `signal` to the server.
  void Signal(int signal) {
    if (pid_ > 0) kill(pid_, signal);
  }

  // Waits up to `timeout` for the server to exit: its exit status, or
  // nothing if it did not exit normally in time (then it is killed).
  std::optional<int> WaitForExit(std::chrono::milliseconds timeout) {
    if (pid_ <= 0) return std::nullopt;
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        if (WIFEXITED(status)) return WEXITSTATUS(status);
        return std::nullopt;
      }
      std::this_thread::sleep_for(milliseconds(20));
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
    return std::nullopt;
  }

  // The server's resident memory (VmRSS), in KiB; 0 when unreadable.
  long ResidentKib() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(status, line)) {
      if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    }
    return 0;
  }

  std::string Log() const { return ReadFile(log_path_); }
  int port() const { return port_; }
  int metrics_port() const { return metrics_port_; }
  std::string target() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  pid_t pid_ = -1;
  std::string log_path_;
  int port_ = 0;
  int metrics_port_ = 0;
};

// Waits until the health service says SERVING for `service`; false on timeout.
inline bool WaitForServing(const std::shared_ptr<grpc::Channel>& channel,
                           const std::string& service) {
  auto health = grpc::health::v1::Health::NewStub(channel);
  const auto deadline = Clock::now() + kStartTimeout;
  while (Clock::now() < deadline) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + seconds(1));
    grpc::health::v1::HealthCheckRequest request;
    request.set_service(service);
    grpc::health::v1::HealthCheckResponse response;
    if (health->Check(&context, request, &response).ok() &&
        response.status() == grpc::health::v1::HealthCheckResponse::SERVING) {
      return true;
    }
    std::this_thread::sleep_for(milliseconds(50));
  }
  return false;
}

// An HTTP/1.0 GET of http://127.0.0.1:port/path; the body, or "" on failure.
inline std::string HttpGet(int port, const std::string& path) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  timeval timeout{5, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string response;
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
    const std::string request = "GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
    if (send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
        static_cast<ssize_t>(request.size())) {
      std::array<char, 8192> buffer;
      ssize_t n = 0;
      while ((n = recv(fd, buffer.data(), buffer.size(), 0)) > 0) response.append(buffer.data(), n);
    }
  }
  close(fd);
  const size_t body = response.find("\r\n\r\n");
  return body == std::string::npos ? "" : response.substr(body + 4);
}

// The value of the sample line that starts with `series` ("name{labels}").
inline std::optional<double> MetricValue(const std::string& metrics, const std::string& series) {
  std::istringstream lines(metrics);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(series + " ", 0) == 0) return std::atof(line.c_str() + series.size() + 1);
  }
  return std::nullopt;
}

// Runs a shell command (with a time limit), returning its exit status and
// its stdout + stderr.
inline std::pair<int, std::string> RunCommand(const std::string& command) {
  std::string output;
  FILE* pipe = popen(("timeout 60 " + command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return {-1, ""};
  std::array<char, 4096> buffer;
  size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    output.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

// The fields named by the google.rpc.BadRequest in a rich error.
inline std::vector<std::string> BadRequestFields(const grpc::Status& status) {
  std::vector<std::string> fields;
  google::rpc::Status details;
  if (!details.ParseFromString(status.error_details())) return fields;
  for (const google::protobuf::Any& any : details.details()) {
    google::rpc::BadRequest bad_request;
    if (!any.UnpackTo(&bad_request)) continue;
    for (const auto& violation : bad_request.field_violations())
      fields.push_back(violation.field());
  }
  return fields;
}

}  // namespace carcassonne::service::test_server

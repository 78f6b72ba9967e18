// The closed loop over HTTP/1.1 (see http_load.h).
#include "clients/loadgen/http_load.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace carcassonne::loadgen {
namespace {

using Clock = std::chrono::steady_clock;

// The Connect codes (docs/http.md) by gRPC status code number.
constexpr std::array<const char*, kStatusCodeCount> kConnectCodes = {
    "ok",        "canceled",       "unknown",           "invalid_argument",   "deadline_exceeded",
    "not_found", "already_exists", "permission_denied", "resource_exhausted", "failed_precondition",
    "aborted",   "out_of_range",   "unimplemented",     "internal",           "unavailable",
    "data_loss", "unauthenticated"};

// One keep-alive connection to host:port; -1 on failure.
int Connect(const std::string& target) {
  const size_t colon = target.rfind(':');
  if (colon == std::string::npos) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(std::atoi(target.c_str() + colon + 1)));
  std::string host = target.substr(0, colon);
  if (host == "localhost") host = "127.0.0.1";
  if (inet_pton(AF_INET, host.c_str(), &address.sin_addr) != 1) return -1;
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  const int on = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// Sends `request` and reads one answer on `fd`: the gRPC code of the answer
// (0 for 200; the Connect error body's code otherwise), or -1 when the
// connection broke.
int Exchange(int fd, const std::string& request, std::string& buffer) {
  size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return -1;
    sent += static_cast<size_t>(n);
  }
  buffer.clear();
  size_t header_end = std::string::npos;
  size_t body_length = 0;
  char chunk[16384];
  while (true) {
    if (header_end == std::string::npos) {
      header_end = buffer.find("\r\n\r\n");
      if (header_end != std::string::npos) {
        const size_t at = buffer.find("Content-Length: ");
        if (at == std::string::npos || at > header_end) return -1;
        body_length = static_cast<size_t>(std::atol(buffer.c_str() + at + 16));
      }
    }
    if (header_end != std::string::npos && buffer.size() >= header_end + 4 + body_length) break;
    const ssize_t n = recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) return -1;
    buffer.append(chunk, static_cast<size_t>(n));
  }
  if (buffer.compare(0, 12, "HTTP/1.1 200") == 0) return 0;
  const size_t code_at = buffer.find("\"code\":\"", header_end);
  if (code_at == std::string::npos) return 2;  // UNKNOWN
  const size_t start = code_at + 8;
  const std::string code = buffer.substr(start, buffer.find('"', start) - start);
  for (size_t i = 0; i < kConnectCodes.size(); ++i) {
    if (code == kConnectCodes[i]) return static_cast<int>(i);
  }
  return 2;
}

}  // namespace

LoadResult RunHttpJsonLoad(const LoadOptions& options, const std::string& path,
                           const std::vector<std::string>& json_requests) {
  if (json_requests.empty()) throw std::runtime_error("no requests");
  const std::string host = options.target.substr(0, options.target.rfind(':'));
  const long long timeout_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(options.deadline).count();
  std::vector<std::string> requests;
  for (const std::string& json : json_requests) {
    requests.push_back("POST " + path + " HTTP/1.1\r\nHost: " + host +
                       "\r\nContent-Type: application/json\r\nConnect-Protocol-Version: 1\r\n"
                       "Connect-Timeout-Ms: " +
                       std::to_string(timeout_ms) +
                       "\r\nContent-Length: " + std::to_string(json.size()) + "\r\n\r\n" + json);
  }
  std::vector<int> connections;
  for (int i = 0; i < options.in_flight; ++i) {
    const int fd = Connect(options.target);
    if (fd < 0) {
      for (const int open : connections) close(open);
      throw std::runtime_error("cannot connect to " + options.target);
    }
    connections.push_back(fd);
  }

  LoadResult result;
  result.latency = std::make_unique<LatencyHistogram>();
  for (auto& histogram : result.latency_by_code) histogram = std::make_unique<LatencyHistogram>();
  result.send_lag = std::make_unique<LatencyHistogram>();
  std::array<std::atomic<uint64_t>, kStatusCodeCount> by_code{};
  std::atomic<uint64_t> within_deadline{0};
  std::atomic<uint64_t> broken{0};

  const Clock::time_point start = Clock::now();
  const Clock::time_point window_start = start + options.warmup;
  const Clock::time_point window_end = window_start + options.duration;
  double client_before = 0;
  double server_before = -1;
  double machine_before = -1;
  std::vector<std::thread> threads;
  for (int t = 0; t < options.in_flight; ++t) {
    threads.emplace_back([&, t] {
      std::string buffer;
      size_t next = static_cast<size_t>(t);
      while (true) {
        const Clock::time_point sent = Clock::now();
        if (sent >= window_end) return;
        const int code =
            Exchange(connections[static_cast<size_t>(t)], requests[next % requests.size()], buffer);
        next += static_cast<size_t>(options.in_flight);
        const Clock::time_point done = Clock::now();
        if (code < 0) {
          broken.fetch_add(1, std::memory_order_relaxed);
          return;
        }
        if (done < window_start || done >= window_end) continue;
        const int64_t nanoseconds =
            std::chrono::duration_cast<std::chrono::nanoseconds>(done - sent).count();
        result.latency->Record(nanoseconds);
        result.latency_by_code[static_cast<size_t>(code)]->Record(nanoseconds);
        result.send_lag->Record(0);
        by_code[static_cast<size_t>(code)].fetch_add(1, std::memory_order_relaxed);
        if (code == 0 && done - sent <= options.deadline) {
          within_deadline.fetch_add(1, std::memory_order_relaxed);
        }
      }
    });
  }
  std::this_thread::sleep_until(window_start);
  client_before = ProcessCpuSeconds();
  server_before = options.server_pid > 0 ? PidCpuSeconds(options.server_pid) : -1;
  machine_before = MachineBusySeconds();
  std::this_thread::sleep_until(window_end);
  result.client_cpu_seconds = ProcessCpuSeconds() - client_before;
  const double server_after = options.server_pid > 0 ? PidCpuSeconds(options.server_pid) : -1;
  result.server_cpu_seconds =
      server_before >= 0 && server_after >= 0 ? server_after - server_before : -1;
  const double machine_after = MachineBusySeconds();
  result.machine_cpu_seconds =
      machine_before >= 0 && machine_after >= 0 ? machine_after - machine_before : -1;
  for (std::thread& thread : threads) thread.join();
  for (const int fd : connections) close(fd);
  if (broken.load() > 0) {
    throw std::runtime_error(std::to_string(broken.load()) +
                             " connections broke during the run (server gone?)");
  }
  result.measured_seconds = std::chrono::duration<double>(window_end - window_start).count();
  for (size_t code = 0; code < by_code.size(); ++code) {
    result.by_code[code] = by_code[code].load();
    result.calls += result.by_code[code];
  }
  result.ok = result.by_code[0];
  result.ok_within_deadline = within_deadline.load();
  return result;
}

}  // namespace carcassonne::loadgen

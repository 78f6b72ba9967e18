// The load runs: a closed loop (a fixed number of calls in flight; each
// completion starts the next call) or an open loop (calls sent on a fixed
// schedule at a given rate, whatever the answers), with pre-serialized
// requests (grpc::GenericStub), so that the client spends as little CPU per
// call as it can and the same bytes go to any server. One thread drives every
// call through one completion queue: it sends, and gRPC's work for the
// connections (reading the answers) runs inside its AsyncNext, so a call
// costs no hand-off between client threads. (The callback API's own threads
// would pass each completion from thread to thread: a few context switches
// per call, which on the 2-core development machine cost the server CPU.)
//
// Timing: a run lasts warmup + duration. Nothing of the warm-up is counted.
//   closed loop: a call counts when it completes inside the measured window;
//                its latency runs from its send to its completion.
//   open loop:   a call counts when it is scheduled inside the measured window;
//                its latency runs from its *scheduled* send time (not from
//                when it was actually sent), so that a slow server, or a
//                client that falls behind its schedule, shows up in the
//                latency instead of lowering the offered load (no coordinated
//                omission). At most max_in_flight calls are outstanding; the
//                schedule waits beyond that (and that wait counts as latency).
//                The thread wakes for sending at most once per send_tick and
//                then sends every call that is due (a call waits at most one tick
//                before it is sent, and that wait counts as latency): calls
//                close together leave in one write, as they would from a
//                busy game site, instead of one wake-up and one write each.
//                With ramp_up (the default) the rate rises linearly from 0 to
//                its value over the warm-up, as traffic reaches a server in
//                service, instead of starting at full rate on a cold server
//                (a step that builds a backlog the server then drains for a
//                while: see the bench report).
// Every completed call's latency is recorded, whatever its status, and by
// status; every status other than OK counts as an error, by code. Goodput:
// the calls answered OK within their deadline, which runs from each call's
// actual send (so a load generator that falls behind its schedule does not
// count against the server; its lag is reported apart).
// Each call has a deadline, so a run ends at most `deadline` after its
// duration.
//
// SIGTERM under load (closed loop, with server_pid): at signal_at into the
// measured window the load generator sends SIGTERM to the server, goes on
// sending for send_after_signal (the server's lame duck), then stops; every
// call of the run (warm-up included) is counted by status, apart for those
// sent before the signal and after it.
#pragma once

#include <array>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "clients/common/channel_security.h"
#include "clients/loadgen/histogram.h"

namespace carcassonne::loadgen {

enum class LoopMode { kClosed, kOpen };

struct LoadOptions {
  std::string target;
  clients::ChannelSecurity security;                   // plaintext or TLS (channel_security.h)
  std::string method;                                  // "/package.Service/Method"
  const std::vector<std::string>* requests = nullptr;  // serialized, non-empty
  LoopMode mode = LoopMode::kClosed;
  int in_flight = 16;         // closed loop
  double rate = 1000;         // open loop, calls per second
  int max_in_flight = 10000;  // open loop
  std::chrono::nanoseconds send_tick = std::chrono::microseconds(200);  // open loop
  bool ramp_up = true;  // open loop: the rate rises linearly from 0 over the warm-up
  int channels = 1;
  std::chrono::nanoseconds duration = std::chrono::seconds(10);
  std::chrono::nanoseconds warmup = std::chrono::seconds(2);
  std::chrono::nanoseconds deadline = std::chrono::seconds(10);
  int server_pid = 0;  // > 0: also measure that (local) process's CPU time in the window
  // Closed loop with server_pid: SIGTERM to the server at this time into the
  // measured window (negative: never), then calls go on for send_after_signal.
  std::chrono::nanoseconds signal_at{-1};
  std::chrono::nanoseconds send_after_signal{0};
};

inline constexpr int kStatusCodeCount = 17;  // OK = 0 .. UNAUTHENTICATED = 16

struct LoadResult {
  double measured_seconds = 0;  // the measured window
  uint64_t calls = 0;           // counted calls, OK or not
  uint64_t ok = 0;
  std::array<uint64_t, kStatusCodeCount> by_code{};  // counted calls by status code
  uint64_t scheduled = 0;                            // open loop: calls scheduled in the window
  uint64_t schedule_stalls = 0;  // open loop: sends that waited for max_in_flight
  // CPU time (user + system) in the measured window, in seconds: this process;
  // the server process (-1 without server_pid, or when unreadable); every core
  // of the machine (-1 when /proc/stat is unreadable).
  double client_cpu_seconds = 0;
  double server_cpu_seconds = -1;
  double machine_cpu_seconds = -1;
  std::unique_ptr<LatencyHistogram> latency;  // counted calls, nanoseconds
  std::array<std::unique_ptr<LatencyHistogram>, kStatusCodeCount> latency_by_code;
  uint64_t ok_within_deadline = 0;  // counted calls answered OK within their deadline
  // Counted calls: how late each was sent after its scheduled time (open
  // loop; 0 in a closed loop). A high lag says the load generator could not
  // keep to its schedule (the latencies then hold its own delay).
  std::unique_ptr<LatencyHistogram> send_lag;
  // SIGTERM under load: every call of the run by status, sent before the
  // signal and after it.
  bool signalled = false;
  double signal_unix_seconds = 0;  // when SIGTERM was sent (seconds since the epoch)
  std::array<uint64_t, kStatusCodeCount> before_signal{};
  std::array<uint64_t, kStatusCodeCount> after_signal{};
};

// CPU time (user + system) in seconds: of this process; of process `pid`
// (/proc, -1 when unreadable); busy time of every core of the machine (-1
// when unreadable). Shared by the gRPC and the HTTP runs (http_load.h).
double ProcessCpuSeconds();
double PidCpuSeconds(int pid);
double MachineBusySeconds();

// Connects every channel (fails with a message when one does not connect
// within 5 s) and runs the load. Throws std::runtime_error on failure.
LoadResult RunLoad(const LoadOptions& options);

// One call per request, sequentially, on a fresh channel: the status code and
// serialized response of each. Throws std::runtime_error when the target
// cannot be reached.
struct CheckedCall {
  int code = 0;
  std::string message;
  std::string response;
};
std::vector<CheckedCall> CallEachOnce(const std::string& target,
                                      const clients::ChannelSecurity& security,
                                      const std::string& method,
                                      const std::vector<std::string>& requests,
                                      std::chrono::nanoseconds deadline);

}  // namespace carcassonne::loadgen

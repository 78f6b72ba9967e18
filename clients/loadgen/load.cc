// The load runs (see load.h).
#include "clients/loadgen/load.h"

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <csignal>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>

namespace carcassonne::loadgen {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::chrono::seconds kConnectTimeout{5};

std::shared_ptr<grpc::Channel> MakeChannel(const std::string& target,
                                           const clients::ChannelSecurity& security, int index) {
  grpc::ChannelArguments args;
  // Distinct arguments and a local subchannel pool: each channel opens its
  // own connection (HTTP/2 transport) instead of sharing one.
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  args.SetInt("carcassonne.loadgen.channel", index);
  return security.CreateChannel(target, args);
}

void Connect(grpc::Channel& channel, const std::string& target,
             const clients::ChannelSecurity& security) {
  if (!channel.WaitForConnected(std::chrono::system_clock::now() + kConnectTimeout)) {
    throw std::runtime_error("cannot connect to " + target + " (" + security.description() +
                             ") within 5 s");
  }
}

grpc::ByteBuffer ToByteBuffer(const std::string& bytes) {
  grpc::Slice slice(bytes);
  return grpc::ByteBuffer(&slice, 1);
}

std::string ToString(const grpc::ByteBuffer& buffer) {
  std::vector<grpc::Slice> slices;
  std::string bytes;
  if (!buffer.Dump(&slices).ok()) return bytes;
  for (const grpc::Slice& slice : slices) {
    bytes.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  }
  return bytes;
}

}  // namespace

double ProcessCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// CPU time of process `pid` from /proc/PID/stat (utime + stime), or -1.
double PidCpuSeconds(int pid) {
  std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const size_t name_end = text.rfind(')');  // the command name may hold spaces
  if (name_end == std::string::npos) return -1;
  std::istringstream fields(text.substr(name_end + 1));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  // Fields 3 .. 13, then utime (14) and stime (15).
  for (int i = 3; i <= 13; ++i) fields >> field;
  if (!(fields >> utime >> stime)) return -1;
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// Busy CPU time of the whole machine from /proc/stat (every state but idle and
// iowait), or -1.
double MachineBusySeconds() {
  std::ifstream file("/proc/stat");
  std::string label;
  unsigned long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                     steal = 0;
  if (!(file >> label >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal) ||
      label != "cpu") {
    return -1;
  }
  return static_cast<double>(user + nice + system + irq + softirq + steal) /
         static_cast<double>(sysconf(_SC_CLK_TCK));
}

namespace {

int CodeIndex(const grpc::Status& status) {
  const int code = static_cast<int>(status.error_code());
  return code >= 0 && code < kStatusCodeCount ? code : static_cast<int>(grpc::StatusCode::UNKNOWN);
}

// A run: one thread (the caller's) drives every call through one completion
// queue. It sends the calls and takes their completions itself, so that a call
// costs no hand-off between threads on the client's side: gRPC's work for the
// connections happens inside AsyncNext on this thread.
class Run {
 public:
  explicit Run(const LoadOptions& options) : options_(options) {
    if (options.requests == nullptr || options.requests->empty()) {
      throw std::runtime_error("no requests to send");
    }
    for (const std::string& bytes : *options.requests) requests_.push_back(ToByteBuffer(bytes));
    for (int i = 0; i < std::max(1, options.channels); ++i) {
      std::shared_ptr<grpc::Channel> channel = MakeChannel(options.target, options.security, i);
      Connect(*channel, options.target, options.security);
      stubs_.push_back(std::make_unique<grpc::GenericStub>(channel));
    }
    result_.latency = std::make_unique<LatencyHistogram>();
    for (auto& histogram : result_.latency_by_code)
      histogram = std::make_unique<LatencyHistogram>();
    result_.send_lag = std::make_unique<LatencyHistogram>();
  }

  LoadResult Execute() {
    start_ = Clock::now();
    measure_start_ = start_ + options_.warmup;
    end_ = measure_start_ + options_.duration;
    if (options_.signal_at >= std::chrono::nanoseconds::zero() && options_.server_pid > 0) {
      signal_time_ = measure_start_ + options_.signal_at;
      stop_sending_ = std::min(end_, signal_time_ + options_.send_after_signal);
    } else {
      signal_time_ = Clock::time_point::max();
      stop_sending_ = end_;
    }
    // The CPU meter: CPU times over the measured window (it sleeps otherwise).
    std::thread meter([this] {
      const int server = options_.server_pid;
      std::this_thread::sleep_until(measure_start_);
      const double client_before = ProcessCpuSeconds();
      const double server_before = server > 0 ? PidCpuSeconds(server) : -1;
      const double machine_before = MachineBusySeconds();
      std::this_thread::sleep_until(end_);
      result_.client_cpu_seconds = ProcessCpuSeconds() - client_before;
      const double server_after = server > 0 ? PidCpuSeconds(server) : -1;
      const double machine_after = MachineBusySeconds();
      if (server_before >= 0 && server_after >= 0) {
        result_.server_cpu_seconds = server_after - server_before;
      }
      if (machine_before >= 0 && machine_after >= 0) {
        result_.machine_cpu_seconds = machine_after - machine_before;
      }
    });
    if (options_.mode == LoopMode::kClosed) {
      RunClosed();
    } else {
      RunOpen();
    }
    meter.join();
    queue_.Shutdown();
    void* tag = nullptr;
    bool ok = false;
    while (queue_.Next(&tag, &ok)) {
    }
    result_.measured_seconds = std::chrono::duration<double>(end_ - measure_start_).count();
    for (int code = 0; code < kStatusCodeCount; ++code) {
      result_.by_code[static_cast<size_t>(code)] = by_code_[static_cast<size_t>(code)];
      result_.calls += result_.by_code[static_cast<size_t>(code)];
    }
    result_.ok = result_.by_code[0];
    result_.scheduled = scheduled_;
    result_.schedule_stalls = stalls_;
    result_.signalled = signalled_;
    return std::move(result_);
  }

 private:
  // One call in flight; its address is the call's tag on the queue.
  struct Call {
    grpc::ClientContext context;
    std::unique_ptr<grpc::GenericClientAsyncResponseReader> reader;
    grpc::ByteBuffer response;
    grpc::Status status;
    Clock::time_point since;  // latency origin: send time (closed), scheduled time (open)
    Clock::time_point sent;   // when it was sent (its deadline runs from then)
    bool counted = false;     // open loop: scheduled inside the measured window
    bool after_signal = false;
  };

  const grpc::ByteBuffer& NextRequest() { return requests_[next_request_++ % requests_.size()]; }

  void Send(std::unique_ptr<Call> call) {
    call->sent = Clock::now();
    call->context.set_deadline(std::chrono::system_clock::now() + options_.deadline);
    grpc::GenericStub& stub = *stubs_[next_stub_++ % stubs_.size()];
    call->reader = stub.PrepareUnaryCall(&call->context, options_.method, NextRequest(), &queue_);
    call->reader->StartCall();
    Call* tag = call.release();
    tag->after_signal = signalled_;
    tag->reader->Finish(&tag->response, &tag->status, tag);
    ++outstanding_;
  }

  void Count(const Call& call, Clock::time_point now) {
    const grpc::Status& status = call.status;
    const Clock::duration latency = now - call.since;
    const int code = CodeIndex(status);
    ++by_code_[static_cast<size_t>(code)];
    const int64_t nanoseconds =
        std::chrono::duration_cast<std::chrono::nanoseconds>(latency).count();
    result_.latency->Record(nanoseconds);
    result_.latency_by_code[static_cast<size_t>(code)]->Record(nanoseconds);
    // In time: answered OK within the deadline, which runs from the send.
    if (code == 0 && now - call.sent <= options_.deadline) ++result_.ok_within_deadline;
    const int64_t lag =
        std::chrono::duration_cast<std::chrono::nanoseconds>(call.sent - call.since).count();
    result_.send_lag->Record(std::max<int64_t>(0, lag));
  }

  // Every completed call, counted or not: by status, before or after the
  // signal (SIGTERM under load).
  void Completed(const Call& call) {
    if (signal_time_ == Clock::time_point::max()) return;
    auto& by_code = call.after_signal ? result_.after_signal : result_.before_signal;
    ++by_code[static_cast<size_t>(CodeIndex(call.status))];
  }

  // Sends SIGTERM to the server once its time has come.
  void MaybeSignal(Clock::time_point now) {
    if (signalled_ || now < signal_time_) return;
    kill(options_.server_pid, SIGTERM);
    signalled_ = true;
    result_.signal_unix_seconds =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  }

  // Waits for the next completion until `until`; the completed call, or null
  // on time-out.
  std::unique_ptr<Call> NextCompletion(Clock::time_point until) {
    void* tag = nullptr;
    bool ok = false;
    const auto deadline =
        std::chrono::system_clock::now() +
        std::chrono::duration_cast<std::chrono::system_clock::duration>(until - Clock::now());
    if (queue_.AsyncNext(&tag, &ok, deadline) != grpc::CompletionQueue::GOT_EVENT) return nullptr;
    --outstanding_;
    std::unique_ptr<Call> call(static_cast<Call*>(tag));  // Finish always completes with ok
    Completed(*call);
    return call;
  }

  // ---- closed loop: in_flight calls outstanding; each completion sends the
  // next one (until the end of the window), then the last ones drain.
  void RunClosed() {
    for (int i = 0; i < std::max(1, options_.in_flight); ++i) {
      auto call = std::make_unique<Call>();
      call->since = Clock::now();
      Send(std::move(call));
    }
    while (outstanding_ > 0) {
      MaybeSignal(Clock::now());
      const Clock::time_point wake =
          signalled_ ? Clock::now() + std::chrono::seconds(1)
                     : std::min(Clock::now() + std::chrono::seconds(1), signal_time_);
      std::unique_ptr<Call> done = NextCompletion(wake);
      if (done == nullptr) continue;
      const Clock::time_point now = Clock::now();
      MaybeSignal(now);
      if (now >= measure_start_ && now < end_) Count(*done, now);
      if (now < stop_sending_) {
        auto call = std::make_unique<Call>();  // a fresh context for each call
        call->since = Clock::now();
        Send(std::move(call));
      }
    }
  }

  // ---- open loop: the calls of the schedule, sent when due (the thread
  // wakes for sending at most once per send tick and then sends every call
  // due), completions taken in between; then the last ones drain.
  void RunOpen() {
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);  // wake up on time (default slack: 50 us)
    const double interval_ns = 1e9 / std::max(options_.rate, 1e-3);
    const auto max_in_flight = static_cast<int64_t>(std::max(1, options_.max_in_flight));
    auto scheduled_time = [&](uint64_t k) {
      return start_ + std::chrono::nanoseconds(
                          static_cast<int64_t>(std::llround(static_cast<double>(k) * interval_ns)));
    };
    uint64_t k = 0;
    Clock::time_point next = scheduled_time(0);
    Clock::time_point last_send_wake = start_ - options_.send_tick;
    bool stalled = false;
    while (next < end_ || outstanding_ > 0) {
      const Clock::time_point now = Clock::now();
      if (next < end_ && next <= now && now >= last_send_wake + options_.send_tick) {
        last_send_wake = now;
        while (next < end_ && next <= now) {
          if (outstanding_ >= max_in_flight) {  // wait for a completion (counts as latency)
            if (!stalled) ++stalls_;
            stalled = true;
            break;
          }
          stalled = false;
          auto call = std::make_unique<Call>();
          call->since = next;
          call->counted = next >= measure_start_;
          if (call->counted) ++scheduled_;
          Send(std::move(call));
          next = scheduled_time(++k);
        }
      }
      Clock::time_point wake = end_ + options_.deadline + std::chrono::seconds(1);
      if (next < end_ && !stalled) wake = std::max(next, last_send_wake + options_.send_tick);
      if (outstanding_ == 0 && next < end_ && wake > Clock::now()) {
        std::this_thread::sleep_until(wake);  // nothing to take: no need to poll
        continue;
      }
      std::unique_ptr<Call> done = NextCompletion(wake);
      if (done != nullptr) {
        if (done->counted) Count(*done, Clock::now());
        stalled = false;
      }
    }
  }

  const LoadOptions& options_;
  std::vector<grpc::ByteBuffer> requests_;
  std::vector<std::unique_ptr<grpc::GenericStub>> stubs_;
  grpc::CompletionQueue queue_;
  Clock::time_point start_, measure_start_, end_;
  Clock::time_point signal_time_, stop_sending_;  // SIGTERM under load (closed loop)
  bool signalled_ = false;

  uint64_t next_request_ = 0;
  uint64_t next_stub_ = 0;
  std::array<uint64_t, kStatusCodeCount> by_code_{};
  uint64_t scheduled_ = 0;
  uint64_t stalls_ = 0;
  int64_t outstanding_ = 0;

  LoadResult result_;
};

}  // namespace

LoadResult RunLoad(const LoadOptions& options) {
  Run run(options);
  return run.Execute();
}

std::vector<CheckedCall> CallEachOnce(const std::string& target,
                                      const clients::ChannelSecurity& security,
                                      const std::string& method,
                                      const std::vector<std::string>& requests,
                                      std::chrono::nanoseconds deadline) {
  std::shared_ptr<grpc::Channel> channel = MakeChannel(target, security, -1);
  Connect(*channel, target, security);
  grpc::GenericStub stub(channel);
  std::vector<CheckedCall> calls;
  for (const std::string& bytes : requests) {
    const grpc::ByteBuffer request = ToByteBuffer(bytes);
    grpc::ByteBuffer response;
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + deadline);
    // A completion queue, as in the runs (the callback API would start gRPC's
    // callback threads, which would then also poll during the run).
    grpc::CompletionQueue queue;
    grpc::Status status;
    std::unique_ptr<grpc::GenericClientAsyncResponseReader> reader =
        stub.PrepareUnaryCall(&context, method, request, &queue);
    reader->StartCall();
    reader->Finish(&response, &status, &queue);
    void* tag = nullptr;
    bool ok = false;
    if (!queue.Next(&tag, &ok)) throw std::runtime_error("the completion queue shut down");
    queue.Shutdown();
    while (queue.Next(&tag, &ok)) {
    }
    calls.push_back({CodeIndex(status), status.error_message(), ToString(response)});
  }
  return calls;
}

}  // namespace carcassonne::loadgen

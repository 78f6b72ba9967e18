// The load runs (see load.h).
#include "clients/loadgen/load.h"

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <fstream>
#include <future>
#include <iterator>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>

namespace carcassonne::loadgen {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::chrono::seconds kConnectTimeout{5};

std::shared_ptr<grpc::Channel> MakeChannel(const std::string& target, int index) {
  grpc::ChannelArguments args;
  // Distinct arguments and a local subchannel pool: each channel opens its
  // own connection (HTTP/2 transport) instead of sharing one.
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  args.SetInt("carcassonne.loadgen.channel", index);
  return grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args);
}

void Connect(grpc::Channel& channel, const std::string& target) {
  if (!channel.WaitForConnected(std::chrono::system_clock::now() + kConnectTimeout)) {
    throw std::runtime_error("cannot connect to " + target + " within 5 s");
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

int CodeIndex(const grpc::Status& status) {
  const int code = static_cast<int>(status.error_code());
  return code >= 0 && code < kStatusCodeCount ? code : static_cast<int>(grpc::StatusCode::UNKNOWN);
}

// What every run shares: the channels, the requests, the window, the counts.
class Run {
 public:
  explicit Run(const LoadOptions& options) : options_(options) {
    if (options.requests == nullptr || options.requests->empty()) {
      throw std::runtime_error("no requests to send");
    }
    for (const std::string& bytes : *options.requests) requests_.push_back(ToByteBuffer(bytes));
    for (int i = 0; i < std::max(1, options.channels); ++i) {
      std::shared_ptr<grpc::Channel> channel = MakeChannel(options.target, i);
      Connect(*channel, options.target);
      stubs_.push_back(std::make_unique<grpc::GenericStub>(channel));
    }
    result_.latency = std::make_unique<LatencyHistogram>();
  }

  LoadResult Execute() {
    start_ = Clock::now();
    measure_start_ = start_ + options_.warmup;
    end_ = measure_start_ + options_.duration;
    // The CPU meter: this process's CPU time over the measured window.
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
    {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [this] { return outstanding_ == 0; });
    }
    result_.measured_seconds = std::chrono::duration<double>(end_ - measure_start_).count();
    for (int code = 0; code < kStatusCodeCount; ++code) {
      result_.by_code[static_cast<size_t>(code)] =
          by_code_[static_cast<size_t>(code)].load(std::memory_order_relaxed);
      result_.calls += result_.by_code[static_cast<size_t>(code)];
    }
    result_.ok = result_.by_code[0];
    result_.scheduled = scheduled_;
    result_.schedule_stalls = stalls_;
    return std::move(result_);
  }

 private:
  struct ClosedSlot {
    int index = 0;
    std::unique_ptr<grpc::ClientContext> context;
    grpc::ByteBuffer response;
    Clock::time_point sent;
  };
  struct OpenCall {
    grpc::ClientContext context;
    grpc::ByteBuffer response;
    Clock::time_point scheduled;
    bool counted = false;
  };

  const grpc::ByteBuffer& NextRequest() {
    const uint64_t n = next_request_.fetch_add(1, std::memory_order_relaxed);
    return requests_[n % requests_.size()];
  }

  void Count(const grpc::Status& status, Clock::duration latency) {
    by_code_[static_cast<size_t>(CodeIndex(status))].fetch_add(1, std::memory_order_relaxed);
    result_.latency->Record(std::chrono::duration_cast<std::chrono::nanoseconds>(latency).count());
  }

  void Finished() {
    std::lock_guard<std::mutex> lock(mutex_);
    --outstanding_;
    done_.notify_all();
  }

  // ---- closed loop: in_flight slots, each always has one call outstanding.
  void RunClosed() {
    const int slots = std::max(1, options_.in_flight);
    closed_slots_.resize(static_cast<size_t>(slots));
    {
      std::lock_guard<std::mutex> lock(mutex_);
      outstanding_ = slots;
    }
    for (int i = 0; i < slots; ++i) {
      closed_slots_[static_cast<size_t>(i)].index = i;
      StartClosed(closed_slots_[static_cast<size_t>(i)]);
    }
  }

  void StartClosed(ClosedSlot& slot) {
    slot.context = std::make_unique<grpc::ClientContext>();
    slot.context->set_deadline(std::chrono::system_clock::now() + options_.deadline);
    slot.response.Clear();
    grpc::GenericStub& stub = *stubs_[static_cast<size_t>(slot.index) % stubs_.size()];
    slot.sent = Clock::now();
    stub.UnaryCall(slot.context.get(), options_.method, grpc::StubOptions(), &NextRequest(),
                   &slot.response, [this, &slot](grpc::Status status) {
                     const Clock::time_point now = Clock::now();
                     if (now >= measure_start_ && now < end_) Count(status, now - slot.sent);
                     if (now < end_) {
                       StartClosed(slot);  // the old context goes; its call is complete
                     } else {
                       Finished();
                     }
                   });
  }

  // ---- open loop: calls sent on schedule from this thread, every call that
  // is due at each wake-up (at most one wake-up per send tick).
  void RunOpen() {
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);  // wake up on time (default slack: 50 us)
    const double interval_ns = 1e9 / std::max(options_.rate, 1e-3);
    const auto max_in_flight = static_cast<int64_t>(std::max(1, options_.max_in_flight));
    Clock::time_point last_wake = start_ - options_.send_tick;
    for (uint64_t k = 0;; ++k) {
      const Clock::time_point when =
          start_ + std::chrono::nanoseconds(
                       static_cast<int64_t>(std::llround(static_cast<double>(k) * interval_ns)));
      if (when >= end_) break;
      if (Clock::now() < when) {
        std::this_thread::sleep_until(std::max(when, last_wake + options_.send_tick));
        last_wake = Clock::now();
      }
      {
        std::unique_lock<std::mutex> lock(mutex_);
        if (outstanding_ >= max_in_flight) {
          ++stalls_;
          done_.wait(lock, [&] { return outstanding_ < max_in_flight; });
        }
        ++outstanding_;
      }
      auto* call = new OpenCall;
      call->scheduled = when;
      call->counted = when >= measure_start_;
      if (call->counted) ++scheduled_;
      call->context.set_deadline(std::chrono::system_clock::now() + options_.deadline);
      grpc::GenericStub& stub = *stubs_[k % stubs_.size()];
      stub.UnaryCall(&call->context, options_.method, grpc::StubOptions(), &NextRequest(),
                     &call->response, [this, call](grpc::Status status) {
                       if (call->counted) Count(status, Clock::now() - call->scheduled);
                       delete call;
                       Finished();
                     });
    }
  }

  const LoadOptions& options_;
  std::vector<grpc::ByteBuffer> requests_;
  std::vector<std::unique_ptr<grpc::GenericStub>> stubs_;
  Clock::time_point start_, measure_start_, end_;

  std::atomic<uint64_t> next_request_{0};
  std::array<std::atomic<uint64_t>, kStatusCodeCount> by_code_{};
  std::vector<ClosedSlot> closed_slots_;
  uint64_t scheduled_ = 0;  // the scheduling thread only
  uint64_t stalls_ = 0;     // under mutex_

  std::mutex mutex_;
  std::condition_variable done_;
  int64_t outstanding_ = 0;  // under mutex_

  LoadResult result_;
};

}  // namespace

LoadResult RunLoad(const LoadOptions& options) {
  Run run(options);
  return run.Execute();
}

std::vector<CheckedCall> CallEachOnce(const std::string& target, const std::string& method,
                                      const std::vector<std::string>& requests,
                                      std::chrono::nanoseconds deadline) {
  std::shared_ptr<grpc::Channel> channel = MakeChannel(target, -1);
  Connect(*channel, target);
  grpc::GenericStub stub(channel);
  std::vector<CheckedCall> calls;
  for (const std::string& bytes : requests) {
    const grpc::ByteBuffer request = ToByteBuffer(bytes);
    grpc::ByteBuffer response;
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + deadline);
    std::promise<grpc::Status> done;
    stub.UnaryCall(&context, method, grpc::StubOptions(), &request, &response,
                   [&done](grpc::Status status) { done.set_value(std::move(status)); });
    const grpc::Status status = done.get_future().get();
    calls.push_back({CodeIndex(status), status.error_message(), ToString(response)});
  }
  return calls;
}

}  // namespace carcassonne::loadgen

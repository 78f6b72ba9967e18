// A fixed-size, log-linear latency histogram (in the manner of HdrHistogram):
// values in nanoseconds, exact below 256 ns, then 128 buckets per power of two
// (every bucket at most 1/128 = 0.8% wide relative to its values), up to 2^45 ns
// (~9.8 hours; larger values are counted in the last bucket). About 40 KiB,
// whatever the number of samples: a run of any length stays memory-bounded.
//
// Record() is thread-safe and lock-free (relaxed atomics), so a load run may
// record from any number of threads (today it records from one).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace carcassonne::loadgen {

class LatencyHistogram {
 public:
  LatencyHistogram();

  void Record(int64_t nanoseconds);

  uint64_t count() const { return count_.load(std::memory_order_relaxed); }
  int64_t max() const { return max_.load(std::memory_order_relaxed); }
  double mean() const;

  // The value at `percentile` (0..100): the upper edge of the bucket holding
  // the sample of that rank (at most max()); 0 when empty. Percentile 100 is
  // max().
  int64_t Percentile(double percentile) const;

 private:
  static constexpr int kSubBucketBits = 7;                   // 128 per power of two
  static constexpr int kLinearLimit = 2 << kSubBucketBits;   // exact below 256 ns
  static constexpr int kMaxShift = 45 - 1 - kSubBucketBits;  // values below 2^45
  static constexpr size_t kBucketCount =
      kLinearLimit + static_cast<size_t>(kMaxShift) * (1u << kSubBucketBits);

  static size_t IndexOf(int64_t value);
  // The largest value counted in bucket `index`.
  static int64_t UpperEdge(size_t index);

  std::array<std::atomic<uint64_t>, kBucketCount> buckets_;
  std::atomic<uint64_t> count_{0};
  std::atomic<int64_t> max_{0};
  std::atomic<uint64_t> sum_{0};  // nanoseconds; overflows only after ~584 years of latency
};

}  // namespace carcassonne::loadgen

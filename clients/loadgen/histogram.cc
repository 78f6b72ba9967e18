// The latency histogram (see histogram.h).
#include "clients/loadgen/histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace carcassonne::loadgen {

LatencyHistogram::LatencyHistogram() {
  for (std::atomic<uint64_t>& bucket : buckets_) bucket.store(0, std::memory_order_relaxed);
}

size_t LatencyHistogram::IndexOf(int64_t value) {
  if (value < kLinearLimit) return static_cast<size_t>(std::max<int64_t>(value, 0));
  const auto unsigned_value = static_cast<uint64_t>(value);
  // The highest set bit is >= kSubBucketBits + 1; keep kSubBucketBits + 1 bits.
  const int shift = std::bit_width(unsigned_value) - 1 - kSubBucketBits;
  if (shift > kMaxShift) return kBucketCount - 1;
  const uint64_t sub = (unsigned_value >> shift) - (uint64_t{1} << kSubBucketBits);
  return kLinearLimit + static_cast<size_t>(shift - 1) * (size_t{1} << kSubBucketBits) +
         static_cast<size_t>(sub);
}

int64_t LatencyHistogram::UpperEdge(size_t index) {
  if (index < static_cast<size_t>(kLinearLimit)) return static_cast<int64_t>(index);
  const size_t offset = index - kLinearLimit;
  const int shift = static_cast<int>(offset >> kSubBucketBits) + 1;
  const uint64_t sub = offset & ((size_t{1} << kSubBucketBits) - 1);
  const uint64_t lower = ((uint64_t{1} << kSubBucketBits) + sub) << shift;
  return static_cast<int64_t>(lower + (uint64_t{1} << shift) - 1);
}

void LatencyHistogram::Record(int64_t nanoseconds) {
  nanoseconds = std::max<int64_t>(nanoseconds, 0);
  buckets_[IndexOf(nanoseconds)].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(static_cast<uint64_t>(nanoseconds), std::memory_order_relaxed);
  int64_t seen = max_.load(std::memory_order_relaxed);
  while (nanoseconds > seen &&
         !max_.compare_exchange_weak(seen, nanoseconds, std::memory_order_relaxed)) {
  }
}

double LatencyHistogram::mean() const {
  const uint64_t n = count();
  return n == 0
             ? 0.0
             : static_cast<double>(sum_.load(std::memory_order_relaxed)) / static_cast<double>(n);
}

int64_t LatencyHistogram::Percentile(double percentile) const {
  const uint64_t n = count();
  if (n == 0) return 0;
  if (percentile >= 100) return max();
  // The rank (1-based) of the sample at that percentile.
  const auto rank = std::max<uint64_t>(
      1, static_cast<uint64_t>(std::ceil(percentile / 100.0 * static_cast<double>(n))));
  uint64_t seen = 0;
  for (size_t index = 0; index < kBucketCount; ++index) {
    seen += buckets_[index].load(std::memory_order_relaxed);
    if (seen >= rank) return std::min(UpperEdge(index), max());
  }
  return max();
}

}  // namespace carcassonne::loadgen

// Request ids (see request_id.h).
#include "service/request_id.h"

#include <array>
#include <cstdint>
#include <random>
#include <utility>

namespace carcassonne::service {

bool UsableRequestId(std::string_view id) {
  if (id.empty() || id.size() > kMaxRequestIdLength) return false;
  for (const char c : id) {
    // Printable ASCII without space, '"' and '\\': safe in metadata, logs and JSON.
    if (c <= ' ' || c > '~' || c == '"' || c == '\\') return false;
  }
  return true;
}

std::string NewRequestId() {
  thread_local std::mt19937_64 generator = [] {
    std::random_device device;
    std::seed_seq seed{device(), device(), device(), device()};
    return std::mt19937_64(seed);
  }();
  static constexpr std::array<char, 16> kHex = {'0', '1', '2', '3', '4', '5', '6', '7',
                                                '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
  std::string id(32, '0');
  for (int half = 0; half < 2; ++half) {
    uint64_t bits = generator();
    for (int i = 0; i < 16; ++i, bits >>= 4) id[half * 16 + i] = kHex[bits & 15];
  }
  return id;
}

std::optional<std::string> ClientRequestId(const grpc::ServerContext& context) {
  const auto& metadata = context.client_metadata();
  const auto found = metadata.find(kRequestIdKey);
  if (found == metadata.end()) return std::nullopt;
  const std::string_view id(found->second.data(), found->second.size());
  if (!UsableRequestId(id)) return std::nullopt;
  return std::string(id);
}

std::string RequestIdOf(const grpc::ServerContext& context) {
  std::optional<std::string> sent = ClientRequestId(context);
  return sent ? std::move(*sent) : NewRequestId();
}

}  // namespace carcassonne::service

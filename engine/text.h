// Building the sentences of verdicts and score lines. (Debian's Abseil keeps
// absl::string_view apart from std::string_view, so the engine, which speaks
// std::string_view, concatenates with this instead of absl::StrCat.)
#pragma once

#include <concepts>
#include <string>
#include <string_view>

namespace carcassonne {

namespace text_internal {
inline void Append(std::string& out, std::string_view piece) { out.append(piece); }
inline void Append(std::string& out, const char* piece) { out.append(piece); }
inline void Append(std::string& out, const std::string& piece) { out.append(piece); }
template <std::integral T>
void Append(std::string& out, T number) {
  out.append(std::to_string(number));
}
}  // namespace text_internal

// Concatenates strings and integers: Cat("tile at (", x, ", ", y, ")").
template <typename... Pieces>
std::string Cat(const Pieces&... pieces) {
  std::string out;
  (text_internal::Append(out, pieces), ...);
  return out;
}

}  // namespace carcassonne

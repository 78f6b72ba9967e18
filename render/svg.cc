// SVG text helpers: numbers, coordinates, XML escaping (see svg.h).
#include "render/svg.h"

#include <cstdio>
#include <string>

namespace carcassonne::render {

std::string Number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);
  std::string text = buffer;
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

void Append(std::string& out, std::initializer_list<std::string_view> parts) {
  size_t size = out.size();
  for (std::string_view part : parts) size += part.size();
  out.reserve(size);
  for (std::string_view part : parts) out.append(part);
}

std::string Join(std::initializer_list<std::string_view> parts) {
  std::string joined;
  Append(joined, parts);
  return joined;
}

std::string Coordinates(Point point) { return Join({Number(point.x), ",", Number(point.y)}); }

namespace {

// The length of the UTF-8 sequence starting at text[at] when it is well
// formed (no overlong forms, no surrogates, at most U+10FFFF), else 0; its
// code point in `code_point`.
int Utf8Sequence(std::string_view text, size_t at, char32_t& code_point) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  int length = 0;
  char32_t value = 0;
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    value = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    value = lead & 0x07;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (int i = 1; i < length; ++i) {
    const unsigned char next = byte(at + i);
    if ((next & 0xC0) != 0x80) return 0;
    value = (value << 6) | (next & 0x3F);
  }
  const bool overlong = (length == 3 && value < 0x800) || (length == 4 && value < 0x10000);
  const bool surrogate = value >= 0xD800 && value <= 0xDFFF;
  if (overlong || surrogate || value > 0x10FFFF) return 0;
  code_point = value;
  return length;
}

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

}  // namespace

std::string Escape(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    char32_t code_point = 0;
    const int length = Utf8Sequence(text, at, code_point);
    if (length == 0) {
      escaped += kReplacementCharacter;
      ++at;
      continue;
    }
    switch (code_point) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&apos;";
        break;
      default: {
        const bool allowed_control = code_point == '\t' || code_point == '\n' || code_point == '\r';
        const bool forbidden =
            (code_point < 0x20 && !allowed_control) || code_point == 0xFFFE || code_point == 0xFFFF;
        if (forbidden) {
          escaped += kReplacementCharacter;
        } else {
          escaped.append(text.substr(at, length));
        }
      }
    }
    at += length;
  }
  return escaped;
}

std::string Shorten(std::string_view text, int max_characters) {
  int characters = 0;
  for (size_t at = 0; at < text.size();) {
    char32_t code_point = 0;
    const int length = Utf8Sequence(text, at, code_point);
    if (characters == max_characters) return std::string(text.substr(0, at)) + "...";
    ++characters;
    at += length == 0 ? 1 : length;
  }
  return std::string(text);
}

}  // namespace carcassonne::render

// Small helpers for writing SVG text by hand: a point on the drawing, numbers
// written the same way on every machine (so that golden files compare byte for
// byte), and text escaped for XML.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace carcassonne::render {

// A point in SVG user units. One tile is kTileSize units wide; inside a tile
// group, (0, 0) is the tile's north-west corner and y grows to the south.
struct Point {
  double x = 0;
  double y = 0;
};

inline constexpr double kTileSize = 100;

// `value` with at most two decimals, trailing zeros dropped ("12.5", "-3", "0").
std::string Number(double value);

// The parts one after the other. (Used instead of chains of std::string
// operator+, which GCC 12 at -O3 warns about wrongly, -Wrestrict.)
std::string Join(std::initializer_list<std::string_view> parts);
// Appends the parts to `out`.
void Append(std::string& out, std::initializer_list<std::string_view> parts);

// "x,y" with Number() for both.
std::string Coordinates(Point point);

// `text` escaped for an XML attribute value or text node. Characters that XML
// 1.0 forbids (control characters other than tab, newline and carriage return)
// become U+FFFD; invalid UTF-8 bytes too.
std::string Escape(std::string_view text);

// `text` cut to at most `max_characters` characters (UTF-8 code points),
// with "..." appended when cut.
std::string Shorten(std::string_view text, int max_characters);

}  // namespace carcassonne::render

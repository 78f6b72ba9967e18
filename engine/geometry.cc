// Board geometry: names of locations, rotations in degrees, surrounding cells.
#include "engine/geometry.h"

namespace carcassonne {
namespace {
constexpr std::array<std::string_view, kLocationCount> kLocationNames = {
    "N", "E", "S", "W", "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "CENTER"};
}  // namespace

std::string_view LocationName(Location location) {
  return kLocationNames[static_cast<int>(location)];
}

std::optional<Location> LocationFromName(std::string_view name) {
  for (int i = 0; i < kLocationCount; ++i) {
    if (kLocationNames[i] == name) return static_cast<Location>(i);
  }
  return std::nullopt;
}

std::array<Position, 8> Surrounding(Position p) {
  return {Position{p.x - 1, p.y - 1}, Position{p.x, p.y - 1},     Position{p.x + 1, p.y - 1},
          Position{p.x + 1, p.y},     Position{p.x + 1, p.y + 1}, Position{p.x, p.y + 1},
          Position{p.x - 1, p.y + 1}, Position{p.x - 1, p.y}};
}

std::string_view CornerName(Corner corner) {
  switch (corner) {
    case Corner::kNorthWest:
      return "NW";
    case Corner::kNorthEast:
      return "NE";
    case Corner::kSouthEast:
      return "SE";
    case Corner::kSouthWest:
      return "SW";
  }
  return "?";
}

}  // namespace carcassonne

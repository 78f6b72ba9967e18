// Board geometry (shared/design/geometry.md): cells, sides, rotations and the
// named locations on a tile (edges, half-edges, centre). A public contract.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

namespace carcassonne {

// Sides, numbered clockwise from north: N=0, E=1, S=2, W=3.
enum class Side : uint8_t { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };
inline constexpr std::array<Side, 4> kAllSides = {Side::kNorth, Side::kEast, Side::kSouth,
                                                  Side::kWest};

constexpr int SideIndex(Side side) { return static_cast<int>(side); }
constexpr Side SideFromIndex(int index) { return static_cast<Side>(((index % 4) + 4) % 4); }
constexpr Side Opposite(Side side) { return SideFromIndex(SideIndex(side) + 2); }

// A rotation is a number of clockwise quarter turns (0..3); the public API
// speaks degrees (0, 90, 180, 270).
struct Rotation {
  uint8_t quarter_turns = 0;

  static constexpr std::optional<Rotation> FromDegrees(int degrees) {
    // (Tested as a range and a remainder, not as four values: a chain of
    // comparisons would branch on which rotation a tile has, which the CPU
    // cannot predict.)
    if (degrees < 0 || degrees > 270 || degrees % 90 != 0) return std::nullopt;
    return Rotation{static_cast<uint8_t>(degrees / 90)};
  }
  constexpr int degrees() const { return quarter_turns * 90; }
  friend constexpr bool operator==(Rotation, Rotation) = default;
};
inline constexpr std::array<Rotation, 4> kAllRotations = {Rotation{0}, Rotation{1}, Rotation{2},
                                                          Rotation{3}};

// Named locations on a tile, in board orientation. The first four are edges,
// the next eight half-edges (clockwise from the north-west corner), then the
// centre. The order is the canonical order of geometry.md.
enum class Location : uint8_t {
  kN = 0,
  kE,
  kS,
  kW,
  kNNW,
  kNNE,
  kENE,
  kESE,
  kSSE,
  kSSW,
  kWSW,
  kWNW,
  kCenter,
};
inline constexpr int kLocationCount = 13;

std::string_view LocationName(Location location);
std::optional<Location> LocationFromName(std::string_view name);
constexpr bool IsEdge(Location location) { return static_cast<int>(location) < 4; }
constexpr bool IsHalfEdge(Location location) {
  return static_cast<int>(location) >= 4 && static_cast<int>(location) < 12;
}
constexpr Location EdgeLocation(Side side) { return static_cast<Location>(SideIndex(side)); }
constexpr Location HalfEdgeLocation(int half_edge_index) {
  return static_cast<Location>(4 + (((half_edge_index % 8) + 8) % 8));
}
constexpr int HalfEdgeIndex(Location location) { return static_cast<int>(location) - 4; }

// Bit sets over sides (bit = side index) and half-edges (bit = half-edge index
// in the order NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW).
using SideMask = uint8_t;
using HalfEdgeMask = uint8_t;

// Turning a tile clockwise by `rotation` moves side s to s + r and half-edge i
// to i + 2r (geometry.md, "Rotation").
constexpr SideMask RotateSides(SideMask mask, Rotation rotation) {
  const int r = rotation.quarter_turns % 4;
  return static_cast<SideMask>(((mask << r) | (mask >> (4 - r))) & 0x0F);
}
constexpr HalfEdgeMask RotateHalfEdges(HalfEdgeMask mask, Rotation rotation) {
  const int r = (rotation.quarter_turns % 4) * 2;
  return static_cast<HalfEdgeMask>(((mask << r) | (mask >> (8 - r))) & 0xFF);
}
constexpr Side RotateSide(Side side, Rotation rotation) {
  return SideFromIndex(SideIndex(side) + rotation.quarter_turns);
}
// The catalogue side that ends up on board side `board_side` after `rotation`.
constexpr Side CatalogueSide(Side board_side, Rotation rotation) {
  return SideFromIndex(SideIndex(board_side) - rotation.quarter_turns);
}

// The two half-edges of a side: side s holds half-edges 2s and 2s+1.
constexpr HalfEdgeMask HalfEdgesOfSide(Side side) {
  return static_cast<HalfEdgeMask>(0x3u << (2 * SideIndex(side)));
}
// Across a shared side, a half-edge faces the mirrored half-edge of the opposite
// side on the neighbour: NNW<->SSW, NNE<->SSE, ENE<->WNW, ESE<->WSW
// (geometry.md, "Adjacency").
constexpr int FacingHalfEdge(int half_edge_index) {
  const int side = half_edge_index / 2;
  return (2 * ((side + 2) % 4) + (1 - half_edge_index % 2)) % 8;
}

// A cell of the unbounded board. x grows east, y grows south.
struct Position {
  int32_t x = 0;
  int32_t y = 0;
  friend constexpr bool operator==(Position, Position) = default;
  template <typename H>
  friend H AbslHashValue(H h, Position p) {
    return H::combine(std::move(h), p.x, p.y);
  }
};

constexpr Position Neighbour(Position p, Side side) {
  switch (side) {
    case Side::kNorth:
      return {p.x, p.y - 1};
    case Side::kEast:
      return {p.x + 1, p.y};
    case Side::kSouth:
      return {p.x, p.y + 1};
    case Side::kWest:
      return {p.x - 1, p.y};
  }
  return p;
}

// The corners of a tile, clockwise from the north-west one (where a barn of
// Abbey & Mayor stands, AM-15).
enum class Corner : uint8_t { kNorthWest, kNorthEast, kSouthEast, kSouthWest };
inline constexpr std::array<Corner, 4> kAllCorners = {Corner::kNorthWest, Corner::kNorthEast,
                                                      Corner::kSouthEast, Corner::kSouthWest};
std::string_view CornerName(Corner corner);  // "NW", "NE", "SE", "SW"
// The two half-edges that meet at a corner, in board orientation: NW = WNW
// and NNW, NE = NNE and ENE, SE = ESE and SSE, SW = SSW and WSW.
constexpr std::array<Location, 2> CornerHalfEdges(Corner corner) {
  const int k = static_cast<int>(corner);
  return {HalfEdgeLocation(2 * k - 1), HalfEdgeLocation(2 * k)};
}
// The four cells that meet at the point `corner` of `cell`, each with its
// corner there: the cell itself first, then clockwise.
struct CellCorner {
  Position cell;
  Corner corner;
};
constexpr std::array<CellCorner, 4> CellsAtCorner(Position cell, Corner corner) {
  // The point, as the north-west corner of the cell south-east of it.
  int x = cell.x;
  int y = cell.y;
  if (corner == Corner::kNorthEast || corner == Corner::kSouthEast) x += 1;
  if (corner == Corner::kSouthEast || corner == Corner::kSouthWest) y += 1;
  std::array<CellCorner, 4> around = {
      CellCorner{{x, y}, Corner::kNorthWest}, CellCorner{{x - 1, y}, Corner::kNorthEast},
      CellCorner{{x - 1, y - 1}, Corner::kSouthEast}, CellCorner{{x, y - 1}, Corner::kSouthWest}};
  // The cell itself first.
  int first = 0;
  while (!(around[first].cell == cell)) ++first;
  std::array<CellCorner, 4> ordered = around;
  for (int i = 0; i < 4; ++i) ordered[i] = around[(first + i) % 4];
  return ordered;
}

// The eight cells around a cell (for monasteries, BG-12).
std::array<Position, 8> Surrounding(Position p);

}  // namespace carcassonne

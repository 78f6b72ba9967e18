// Board geometry (shared/design/geometry.md): rotations, half-edges, adjacency
// and location names, against hand-computed expectations.
#include "engine/geometry.h"

#include <cstdlib>
#include <limits>
#include <set>
#include <utility>

#include "gtest/gtest.h"

namespace carcassonne {
namespace {

constexpr SideMask Bit(Side side) { return static_cast<SideMask>(1u << SideIndex(side)); }
constexpr HalfEdgeMask Bit(Location half_edge) {
  return static_cast<HalfEdgeMask>(1u << HalfEdgeIndex(half_edge));
}

constexpr Rotation kR0{0};
constexpr Rotation kR90{1};
constexpr Rotation kR180{2};
constexpr Rotation kR270{3};

TEST(RotationTest, FromDegreesAcceptsQuarterTurnsOnly) {
  EXPECT_EQ(Rotation::FromDegrees(0), kR0);
  EXPECT_EQ(Rotation::FromDegrees(90), kR90);
  EXPECT_EQ(Rotation::FromDegrees(180), kR180);
  EXPECT_EQ(Rotation::FromDegrees(270), kR270);
  EXPECT_EQ(Rotation::FromDegrees(45), std::nullopt);
  EXPECT_EQ(Rotation::FromDegrees(360), std::nullopt);
  EXPECT_EQ(Rotation::FromDegrees(-90), std::nullopt);
  EXPECT_EQ(Rotation::FromDegrees(1), std::nullopt);
  EXPECT_EQ(kR270.degrees(), 270);
  // Exactly the four quarter turns, over a wide range and at the extremes.
  for (int degrees = -1000; degrees <= 1000; ++degrees) {
    const bool quarter_turn = degrees == 0 || degrees == 90 || degrees == 180 || degrees == 270;
    EXPECT_EQ(Rotation::FromDegrees(degrees).has_value(), quarter_turn) << degrees;
  }
  EXPECT_EQ(Rotation::FromDegrees(std::numeric_limits<int>::min()), std::nullopt);
  EXPECT_EQ(Rotation::FromDegrees(std::numeric_limits<int>::max()), std::nullopt);
}

TEST(RotationTest, RotateSides) {
  // A city on the north side lies on the east side after turning 90 degrees clockwise.
  EXPECT_EQ(RotateSides(Bit(Side::kNorth), kR90), Bit(Side::kEast));
  EXPECT_EQ(RotateSides(Bit(Side::kWest), kR90), Bit(Side::kNorth));
  // A city on N+W (base:N) ...
  const SideMask north_west = Bit(Side::kNorth) | Bit(Side::kWest);
  EXPECT_EQ(RotateSides(north_west, kR0), north_west);
  EXPECT_EQ(RotateSides(north_west, kR90), Bit(Side::kNorth) | Bit(Side::kEast));
  EXPECT_EQ(RotateSides(north_west, kR180), Bit(Side::kEast) | Bit(Side::kSouth));
  EXPECT_EQ(RotateSides(north_west, kR270), Bit(Side::kSouth) | Bit(Side::kWest));
  EXPECT_EQ(RotateSides(0x0F, kR90), 0x0F);
  EXPECT_EQ(RotateSides(0, kR270), 0);
}

TEST(RotationTest, RotateSideAndCatalogueSide) {
  EXPECT_EQ(RotateSide(Side::kNorth, kR90), Side::kEast);
  EXPECT_EQ(RotateSide(Side::kWest, kR90), Side::kNorth);
  EXPECT_EQ(RotateSide(Side::kEast, kR270), Side::kNorth);
  // After a 90 degree turn, the board's east side shows the catalogue's north side.
  EXPECT_EQ(CatalogueSide(Side::kEast, kR90), Side::kNorth);
  EXPECT_EQ(CatalogueSide(Side::kNorth, kR90), Side::kWest);
  for (Side side : kAllSides) {
    for (Rotation rotation : kAllRotations) {
      EXPECT_EQ(CatalogueSide(RotateSide(side, rotation), rotation), side);
    }
  }
  EXPECT_EQ(Opposite(Side::kNorth), Side::kSouth);
  EXPECT_EQ(Opposite(Side::kWest), Side::kEast);
}

TEST(RotationTest, RotateHalfEdges) {
  // The north half-edge next to the north-west corner ends up on the east side,
  // next to the north-east corner.
  EXPECT_EQ(RotateHalfEdges(Bit(Location::kNNW), kR90), Bit(Location::kENE));
  EXPECT_EQ(RotateHalfEdges(Bit(Location::kWNW), kR90), Bit(Location::kNNE));
  EXPECT_EQ(RotateHalfEdges(Bit(Location::kNNW), kR180), Bit(Location::kSSE));
  EXPECT_EQ(RotateHalfEdges(Bit(Location::kNNW), kR270), Bit(Location::kWSW));
  // base:V's small field (SSW, WSW) turned 90 degrees: WNW, NNW.
  EXPECT_EQ(RotateHalfEdges(Bit(Location::kSSW) | Bit(Location::kWSW), kR90),
            Bit(Location::kWNW) | Bit(Location::kNNW));
  EXPECT_EQ(RotateHalfEdges(0xFF, kR90), 0xFF);
  EXPECT_EQ(RotateHalfEdges(0x5A, kR0), 0x5A);
}

TEST(RotationTest, HalfEdgesFollowTheirSide) {
  EXPECT_EQ(HalfEdgesOfSide(Side::kNorth), Bit(Location::kNNW) | Bit(Location::kNNE));
  EXPECT_EQ(HalfEdgesOfSide(Side::kEast), Bit(Location::kENE) | Bit(Location::kESE));
  EXPECT_EQ(HalfEdgesOfSide(Side::kWest), Bit(Location::kWSW) | Bit(Location::kWNW));
  for (Side side : kAllSides) {
    for (Rotation rotation : kAllRotations) {
      EXPECT_EQ(RotateHalfEdges(HalfEdgesOfSide(side), rotation),
                HalfEdgesOfSide(RotateSide(side, rotation)));
    }
  }
}

TEST(AdjacencyTest, FacingHalfEdge) {
  // geometry.md: A.ENE<->B.WNW, A.ESE<->B.WSW (east); A.SSE<->B.NNE, A.SSW<->B.NNW (south).
  EXPECT_EQ(FacingHalfEdge(HalfEdgeIndex(Location::kENE)), HalfEdgeIndex(Location::kWNW));
  EXPECT_EQ(FacingHalfEdge(HalfEdgeIndex(Location::kESE)), HalfEdgeIndex(Location::kWSW));
  EXPECT_EQ(FacingHalfEdge(HalfEdgeIndex(Location::kSSE)), HalfEdgeIndex(Location::kNNE));
  EXPECT_EQ(FacingHalfEdge(HalfEdgeIndex(Location::kSSW)), HalfEdgeIndex(Location::kNNW));
  EXPECT_EQ(FacingHalfEdge(HalfEdgeIndex(Location::kNNW)), HalfEdgeIndex(Location::kSSW));
  EXPECT_EQ(FacingHalfEdge(HalfEdgeIndex(Location::kWNW)), HalfEdgeIndex(Location::kENE));
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(FacingHalfEdge(FacingHalfEdge(i)), i) << i;
    // The facing half-edge lies on the opposite side.
    EXPECT_EQ(FacingHalfEdge(i) / 2, SideIndex(Opposite(SideFromIndex(i / 2)))) << i;
  }
}

TEST(AdjacencyTest, Neighbour) {
  const Position p{3, -1};
  EXPECT_EQ(Neighbour(p, Side::kNorth), (Position{3, -2}));
  EXPECT_EQ(Neighbour(p, Side::kEast), (Position{4, -1}));
  EXPECT_EQ(Neighbour(p, Side::kSouth), (Position{3, 0}));
  EXPECT_EQ(Neighbour(p, Side::kWest), (Position{2, -1}));
  for (Side side : kAllSides) {
    EXPECT_EQ(Neighbour(Neighbour(p, side), Opposite(side)), p);
  }
}

TEST(AdjacencyTest, SurroundingIsTheEightCellsAround) {
  const Position p{-2, 5};
  std::set<std::pair<int, int>> cells;
  for (Position q : Surrounding(p)) {
    EXPECT_FALSE(q == p);
    EXPECT_LE(std::abs(q.x - p.x), 1);
    EXPECT_LE(std::abs(q.y - p.y), 1);
    cells.insert({q.x, q.y});
  }
  EXPECT_EQ(cells.size(), 8u);
}

TEST(LocationTest, Names) {
  EXPECT_EQ(LocationName(Location::kN), "N");
  EXPECT_EQ(LocationName(Location::kW), "W");
  EXPECT_EQ(LocationName(Location::kNNW), "NNW");
  EXPECT_EQ(LocationName(Location::kWNW), "WNW");
  EXPECT_EQ(LocationName(Location::kCenter), "CENTER");
  EXPECT_EQ(LocationFromName("N"), Location::kN);
  EXPECT_EQ(LocationFromName("ENE"), Location::kENE);
  EXPECT_EQ(LocationFromName("SSW"), Location::kSSW);
  EXPECT_EQ(LocationFromName("CENTER"), Location::kCenter);
  EXPECT_EQ(LocationFromName(""), std::nullopt);
  EXPECT_EQ(LocationFromName("NW"), std::nullopt);
  EXPECT_EQ(LocationFromName("CENTRE"), std::nullopt);
  for (int i = 0; i < kLocationCount; ++i) {
    const Location location = static_cast<Location>(i);
    EXPECT_EQ(LocationFromName(LocationName(location)), location) << i;
  }
}

TEST(LocationTest, Kinds) {
  EXPECT_TRUE(IsEdge(Location::kW));
  EXPECT_FALSE(IsEdge(Location::kNNW));
  EXPECT_TRUE(IsHalfEdge(Location::kNNW));
  EXPECT_TRUE(IsHalfEdge(Location::kWNW));
  EXPECT_FALSE(IsHalfEdge(Location::kCenter));
  EXPECT_FALSE(IsHalfEdge(Location::kS));
  EXPECT_EQ(EdgeLocation(Side::kSouth), Location::kS);
  EXPECT_EQ(HalfEdgeLocation(2), Location::kENE);
  EXPECT_EQ(HalfEdgeLocation(8), Location::kNNW);
  EXPECT_EQ(HalfEdgeIndex(Location::kWNW), 7);
}

TEST(GeometryTest, FourCellsMeetAtACorner) {
  // The NW corner of (0, 0) is the point shared with (-1, 0) (its NE corner),
  // (-1, -1) (SE) and (0, -1) (SW); the cell itself comes first.
  const std::array<CellCorner, 4> nw = CellsAtCorner({0, 0}, Corner::kNorthWest);
  EXPECT_EQ(nw[0].cell, (Position{0, 0}));
  EXPECT_EQ(nw[0].corner, Corner::kNorthWest);
  std::set<std::pair<int, int>> cells;
  for (const CellCorner& around : nw) cells.insert({around.cell.x, around.cell.y});
  EXPECT_EQ(cells, (std::set<std::pair<int, int>>{{0, 0}, {-1, 0}, {-1, -1}, {0, -1}}));
  // The SE corner of (0, 0): then clockwise (1, 0) SW, (1, 1) NW, (0, 1) NE.
  const std::array<CellCorner, 4> se = CellsAtCorner({0, 0}, Corner::kSouthEast);
  EXPECT_EQ(se[0].cell, (Position{0, 0}));
  EXPECT_EQ(se[1].cell, (Position{1, 0}));
  EXPECT_EQ(se[1].corner, Corner::kSouthWest);
  EXPECT_EQ(se[2].cell, (Position{1, 1}));
  EXPECT_EQ(se[2].corner, Corner::kNorthWest);
  EXPECT_EQ(se[3].cell, (Position{0, 1}));
  EXPECT_EQ(se[3].corner, Corner::kNorthEast);
  // The half-edges at each corner.
  EXPECT_EQ(CornerHalfEdges(Corner::kNorthWest),
            (std::array<Location, 2>{Location::kWNW, Location::kNNW}));
  EXPECT_EQ(CornerHalfEdges(Corner::kNorthEast),
            (std::array<Location, 2>{Location::kNNE, Location::kENE}));
  EXPECT_EQ(CornerHalfEdges(Corner::kSouthEast),
            (std::array<Location, 2>{Location::kESE, Location::kSSE}));
  EXPECT_EQ(CornerHalfEdges(Corner::kSouthWest),
            (std::array<Location, 2>{Location::kSSW, Location::kWSW}));
}

}  // namespace
}  // namespace carcassonne

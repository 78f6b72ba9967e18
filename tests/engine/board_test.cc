// Board and features: segments joined across sides, open edges, distinct tiles,
// completion (BG-10, BG-11, BG-12) and scoring values (BG-11, BG-21, BG-22, BG-23).
#include "engine/board.h"

#include <gtest/gtest.h>

#include "engine/rules/scoring.h"

namespace carcassonne {
namespace {

const TileType* Tile(std::string_view id) {
  const TileType* type = Catalogue::Get().Find(id);
  EXPECT_NE(type, nullptr) << id;
  return type;
}

PlacedTile At(std::string_view id, int x, int y, int degrees) {
  return {Tile(id), {x, y}, *Rotation::FromDegrees(degrees)};
}

int FeatureAt(const Board& board, int x, int y, Location location) {
  const int tile = board.TileIndexAt({x, y});
  return board.FeatureOf(board.SegmentId(tile, *board.SegmentAt(tile, location)));
}

// BG-10: four curves (base:V, road S-W) closing a loop. V turned 270 runs E-S,
// 0 runs S-W, 90 runs W-N, 180 runs N-E.
TEST(BoardTest, RoadLoopOfFourCurvesIsCompleteAndCountsEachTileOnce) {
  Board board;
  board.Place(At("base:V", 0, 0, 270));
  board.Place(At("base:V", 1, 0, 0));
  board.Place(At("base:V", 1, 1, 90));
  const int before = FeatureAt(board, 0, 0, Location::kE);
  EXPECT_EQ(board.Feature(before).open_edges, 2);  // the loop is open at (0,1)
  board.Place(At("base:V", 0, 1, 180));
  const int road = FeatureAt(board, 0, 0, Location::kE);
  EXPECT_EQ(road, FeatureAt(board, 0, 1, Location::kN));
  EXPECT_EQ(board.Feature(road).open_edges, 0);
  EXPECT_EQ(board.TilesOf(road).size(), 4u);
  EXPECT_TRUE(IsComplete(board, road));
  // The inner field (the four inner corners) is one field, apart from the outer one.
  EXPECT_NE(FeatureAt(board, 0, 0, Location::kSSE), FeatureAt(board, 0, 0, Location::kNNW));
  EXPECT_EQ(FeatureAt(board, 0, 0, Location::kSSE), FeatureAt(board, 1, 1, Location::kNNW));
}

// A base:I tile (city caps N and W, two segments) whose two caps end up in the
// same city through three base:N corners (city N+W): 4 distinct tiles, 5
// segments. base:N turned 270 covers W+S, turned 90 covers E+N, turned 180 S+E.
TEST(BoardTest, TileWithTwoSegmentsOfOneCityCountsOnce) {
  Board board;
  board.Place(At("base:I", 0, 0, 0));
  board.Place(At("base:N", 0, -1, 270));
  board.Place(At("base:N", -1, 0, 90));
  board.Place(At("base:N", -1, -1, 180));
  const int city = FeatureAt(board, 0, 0, Location::kN);
  EXPECT_EQ(city, FeatureAt(board, 0, 0, Location::kW));
  EXPECT_EQ(board.SegmentsOf(city).size(), 5u);
  EXPECT_EQ(board.TilesOf(city).size(), 4u);
  EXPECT_TRUE(IsComplete(board, city));

  // BG-11: 4 tiles × 2 = 8, no coat of arms.
  GameState state;
  state.players.resize(2);
  state.figures = {{FigureKind::kFollower, 0, {{-1, -1}, 0}}};
  const std::optional<ScoreEvent> event =
      ScoreFeature(board, state, city, ScoringTrigger::kCompleted);
  ASSERT_TRUE(event.has_value());
  EXPECT_EQ(event->Total(), 8);
  ASSERT_EQ(event->line_items.size(), 1u);
  EXPECT_EQ(event->line_items[0].rule_id, "BG-11");
  EXPECT_EQ(event->line_items[0].description, "4 tiles × 2");
}

// Start tile base:D (city N, road E-W) and base:E turned 180 (city S) above it
// close a 2-tile city: 4 points (BG-11), 2 under the first-edition option.
TEST(BoardTest, TwoTileCityScoresFourOrTwoInTheFirstEdition) {
  Board board;
  board.Place(At("base:D", 0, 0, 0));
  board.Place(At("base:E", 0, -1, 180));
  const int city = FeatureAt(board, 0, 0, Location::kN);
  ASSERT_TRUE(IsComplete(board, city));
  GameState state;
  state.players.resize(2);
  state.figures = {{FigureKind::kFollower, 0, {{0, 0}, 0}},
                   {FigureKind::kFollower, 1, {{0, -1}, 0}}};
  std::optional<ScoreEvent> event = ScoreFeature(board, state, city, ScoringTrigger::kCompleted);
  ASSERT_TRUE(event.has_value());
  // BG-23: 1-1 tie, both score the full 4.
  EXPECT_EQ(event->majority_players, (std::vector<int>{0, 1}));
  EXPECT_EQ(event->points, (std::vector<PlayerPoints>{{0, 4}, {1, 4}}));
  state.rules.tiny_city_points = TinyCityPoints::kTwoPoints;
  event = ScoreFeature(board, state, city, ScoringTrigger::kCompleted);
  EXPECT_EQ(event->points, (std::vector<PlayerPoints>{{0, 2}, {1, 2}}));
}

// BG-22: the start tile's field south of the road (f2) borders no city; the
// field north of the road (f1, ENE+WNW) borders the start tile's city. With
// the 2-tile city complete, a farmer in f1 scores 3; incomplete, 0.
TEST(BoardTest, FieldScoresThreePerCompletedCity) {
  Board board;
  board.Place(At("base:D", 0, 0, 0));
  GameState state;
  state.players.resize(2);
  state.figures = {{FigureKind::kFollower, 0, {{0, 0}, 2}}};  // f1
  const int field = FeatureAt(board, 0, 0, Location::kENE);
  EXPECT_EQ(ScoreFeature(board, state, field, ScoringTrigger::kEndOfGame)->Total(), 0);
  board.Place(At("base:E", 0, -1, 180));
  EXPECT_EQ(ScoreFeature(board, state, field, ScoringTrigger::kEndOfGame)->Total(), 3);
}

// BG-12 / BG-21: a monastery with k neighbours scores 1 + k at the end; with
// all 8 it is complete.
TEST(BoardTest, MonasteryCountsItsTileAndNeighbours) {
  Board board;
  board.Place(At("base:B", 0, 0, 0));
  board.Place(At("base:B", 1, 0, 0));
  board.Place(At("base:B", 1, 1, 0));
  GameState state;
  state.players.resize(2);
  state.figures = {{FigureKind::kFollower, 0, {{0, 0}, 0}}};
  const int monastery = board.SegmentId(0, 0);
  EXPECT_FALSE(IsComplete(board, monastery));
  EXPECT_EQ(ScoreFeature(board, state, monastery, ScoringTrigger::kEndOfGame)->Total(), 3);
  for (Position around : Surrounding({0, 0})) {
    if (!board.HasTile(around)) board.Place({Tile("base:B"), around, Rotation{0}});
  }
  EXPECT_TRUE(IsComplete(board, monastery));
  EXPECT_EQ(ScoreFeature(board, state, monastery, ScoringTrigger::kCompleted)->Total(), 9);
}

// The cell grid: a reserved area, tiles laid on its edge and beyond it (the
// grid grows), and the four neighbours of a cell read in one look-up inside
// the grid and one by one on its border give the same tiles.
TEST(BoardTest, GridGrowsPastTheReservedAreaAndNeighboursAgreeEverywhere) {
  Board board;
  board.Reserve(4);
  board.ReserveArea({0, 0}, {1, 0});
  const std::vector<PlacedTile> tiles = {At("base:D", 0, 0, 0), At("base:U", 1, 0, 0),
                                         At("base:U", 2, 0, 0), At("base:U", 9, 0, 0)};
  for (const PlacedTile& tile : tiles) board.Place(tile);
  for (int i = 0; i < static_cast<int>(tiles.size()); ++i) {
    EXPECT_EQ(board.TileIndexAt(tiles[i].cell), i);
  }
  for (int x = -3; x <= 12; ++x) {
    for (int y = -3; y <= 3; ++y) {
      const Position cell{x, y};
      const std::array<int, 5> around = board.TileAndNeighbourIndexes(cell);
      EXPECT_EQ(around[0], board.TileIndexAt(cell)) << "(" << x << ", " << y << ")";
      for (Side side : kAllSides) {
        EXPECT_EQ(around[1 + SideIndex(side)], board.TileIndexAt(Neighbour(cell, side)))
            << "(" << x << ", " << y << ") side " << SideIndex(side);
      }
    }
  }
  EXPECT_EQ(board.TileAndNeighbourIndexes({1, 0}), (std::array<int, 5>{1, -1, 2, -1, 0}));
  EXPECT_EQ(board.TileAndNeighbourIndexes({10, 0}), (std::array<int, 5>{-1, -1, -1, -1, 3}));
  EXPECT_EQ(board.TileAndNeighbourIndexes({1024, 1024}), (std::array<int, 5>{-1, -1, -1, -1, -1}));
}

TEST(MajorityTest, TiesShareAndZeroIsNoMajority) {
  EXPECT_TRUE(FindMajority({0, 0, 0}).players.empty());
  EXPECT_EQ(FindMajority({2, 1, 2}).players, (std::vector<int>{0, 2}));  // BG-23
  EXPECT_EQ(FindMajority({2, 1, 2}).strength, 2);
  EXPECT_EQ(FindMajority({0, 3, 1}).players, (std::vector<int>{1}));  // BG-06
}

}  // namespace
}  // namespace carcassonne

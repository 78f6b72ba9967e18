// DescribeBoard (engine/board_description.h) on hand-built boards: features,
// figures and strengths (BG-06, IC-10), majority and ties (BG-06, BG-23),
// values now and at the end (BG-10, BG-11, BG-12, BG-21, BG-22, IC-08,
// IC-11, IC-12), the mage (MW-16), supplies. Every expected number is worked
// out by hand below.
#include "engine/board_description.h"

#include <gtest/gtest.h>

#include "engine/figures.h"
#include "engine/referee.h"

namespace carcassonne {
namespace {

const TileType* Tile(std::string_view id) {
  const TileType* type = Catalogue::Get().Find(id);
  EXPECT_NE(type, nullptr) << id;
  return type;
}

// A game of `players` players with `rules`, the bag not tracked, the start
// tile base:D at (0, 0) and `tiles` laid after it.
GameState Board(const std::vector<PlacedTile>& tiles, const RuleSet& rules = RuleSet{},
                int players = 2) {
  const std::vector<std::string> names = {"Ann", "Bob", "Cid"};
  GameState state = std::get<GameState>(
      NewGame(std::vector<std::string>(names.begin(), names.begin() + players), rules));
  state.bag.reset();
  for (const PlacedTile& tile : tiles) state.tiles.push_back(tile);
  return state;
}

PlacedTile At(std::string_view id, int x, int y, int degrees) {
  return {Tile(id), {x, y}, *Rotation::FromDegrees(degrees)};
}

// Stands a figure of `owner` on the segment of the tile on (x, y) that
// touches `location`, taking it from the owner's supply.
void Stand(GameState& state, FigureKind kind, int owner, int x, int y, Location location) {
  const std::optional<int> segment = ResolveSegment(state, {x, y}, location);
  ASSERT_TRUE(segment.has_value());
  state.figures.push_back({kind, owner, {{x, y}, *segment}});
  SupplyOf(state.players[owner], kind) -= 1;
}

// The feature described that holds the segment of (x, y) at `location`.
const FeatureDescription& FeatureAt(const GameState& state, const BoardDescription& description,
                                    int x, int y, Location location) {
  const SegmentAddress address{{x, y}, *ResolveSegment(state, {x, y}, location)};
  for (const FeatureDescription& feature : description.features) {
    for (const SegmentAddress& segment : feature.segments) {
      if (segment == address) return feature;
    }
  }
  ADD_FAILURE() << "no feature at (" << x << ", " << y << ")";
  return description.features.front();
}

std::vector<PlayerPoints> Points(std::vector<PlayerPoints> points) { return points; }

// The points of `player` in `event` (0 when not in its majority).
int PointsOf(const ScoreEvent& event, int player) {
  for (const PlayerPoints& points : event.points) {
    if (points.player == player) return points.points;
  }
  return 0;
}

// Every player's end points over the features, plus the end bonuses, plus
// the current scores: the final scores.
std::vector<int> EndTotals(const GameState& state, const BoardDescription& description) {
  std::vector<int> totals;
  for (const Player& player : state.players) totals.push_back(player.score);
  for (const FeatureDescription& feature : description.features) {
    for (const PlayerPoints& points : feature.end_points) totals[points.player] += points.points;
  }
  for (const ScoreEvent& event : description.end_bonuses) {
    for (const PlayerPoints& points : event.points) totals[points.player] += points.points;
  }
  return totals;
}

// The city: base:D at (0, 0) (city N), base:M turned 180 at (0, -1) (city
// S+E, 1 coat of arms), base:E turned 270 at (1, -1) (city W): 3 tiles, no
// open edge. Ann has knights on D and M, Bob one on E. The road: D's road
// E-W and base:V at (1, 0) (road W-S): 2 tiles, open at D's W and V's S.
// The field above the road: D's north field, E's field and V's outer field
// joined (D.ENE-V.WNW, E.SSW/SSE-V.NNW/NNE); it borders the city. Ann's
// farmer on D's, Bob's on E's.
GameState CityAndFieldBoard() {
  GameState state =
      Board({At("base:M", 0, -1, 180), At("base:E", 1, -1, 270), At("base:V", 1, 0, 0)});
  Stand(state, FigureKind::kFollower, 0, 0, 0, Location::kN);
  Stand(state, FigureKind::kFollower, 0, 0, -1, Location::kS);
  Stand(state, FigureKind::kFollower, 1, 1, -1, Location::kW);
  Stand(state, FigureKind::kFollower, 0, 0, 0, Location::kENE);
  Stand(state, FigureKind::kFollower, 1, 1, -1, Location::kSSE);
  EXPECT_TRUE(CheckSnapshot(state).empty());
  return state;
}

TEST(BoardDescriptionTest, CompletedCityWithCoatOfArmsTwoKnightsAgainstOne) {
  const GameState state = CityAndFieldBoard();
  const BoardDescription description = DescribeBoard(Game(state));
  const FeatureDescription& city = FeatureAt(state, description, 0, 0, Location::kN);
  EXPECT_EQ(city.kind, SegmentKind::kCity);
  EXPECT_EQ(city.segments.size(), 3u);
  EXPECT_EQ(city.tiles, (std::vector<Position>{{0, 0}, {0, -1}, {1, -1}}));
  EXPECT_EQ(city.open_edges, 0);
  EXPECT_TRUE(city.complete);  // BG-11
  EXPECT_EQ(city.coats_of_arms, 1);
  ASSERT_EQ(city.figures.size(), 3u);
  for (const FigureInFeature& figure : city.figures) EXPECT_EQ(figure.strength, 1);  // BG-06
  EXPECT_EQ(city.strengths, Points({{0, 2}, {1, 1}}));
  // BG-06: Ann's 2 knights beat Bob's 1.
  EXPECT_EQ(city.majority.players, std::vector<int>{0});
  EXPECT_EQ(city.majority.strength, 2);
  // BG-11: 3 tiles x 2 + 1 coat of arms x 2 = 8, to Ann only.
  ASSERT_TRUE(city.value_now.has_value());
  EXPECT_TRUE(city.value_now->complete);
  EXPECT_EQ(city.value_now->Total(), 8);
  EXPECT_EQ(city.value_now->points, Points({{0, 8}}));
  EXPECT_EQ(city.end_points, Points({{0, 8}}));
}

TEST(BoardDescriptionTest, OpenRoadAndFieldWithFarmersOfTwoPlayers) {
  const GameState state = CityAndFieldBoard();
  const BoardDescription description = DescribeBoard(Game(state));
  const FeatureDescription& road = FeatureAt(state, description, 0, 0, Location::kE);
  EXPECT_EQ(road.kind, SegmentKind::kRoad);
  EXPECT_EQ(road.tiles.size(), 2u);
  EXPECT_EQ(road.open_edges, 2);
  EXPECT_FALSE(road.complete);
  EXPECT_TRUE(road.figures.empty());
  EXPECT_TRUE(road.majority.players.empty());
  // BG-21: nobody in it; worth 2 tiles x 1 = 2 as it stands, nothing at the end.
  ASSERT_TRUE(road.value_now.has_value());
  EXPECT_EQ(road.value_now->Total(), 2);
  EXPECT_TRUE(road.value_now->points.empty());
  EXPECT_TRUE(road.end_points.empty());

  const FeatureDescription& field = FeatureAt(state, description, 0, 0, Location::kENE);
  EXPECT_EQ(field.kind, SegmentKind::kField);
  EXPECT_EQ(&field, &FeatureAt(state, description, 1, -1, Location::kSSE));
  EXPECT_EQ(&field, &FeatureAt(state, description, 1, 0, Location::kNNE));
  EXPECT_EQ(field.tiles.size(), 3u);
  EXPECT_FALSE(field.complete);
  EXPECT_EQ(field.strengths, Points({{0, 1}, {1, 1}}));
  // BG-23: one farmer each, both in the majority; BG-22: 1 completed city x 3.
  EXPECT_EQ(field.majority.players, (std::vector<int>{0, 1}));
  EXPECT_EQ(field.majority.strength, 1);
  ASSERT_TRUE(field.value_now.has_value());
  EXPECT_EQ(field.value_now->points, Points({{0, 3}, {1, 3}}));
  EXPECT_EQ(field.end_points, Points({{0, 3}, {1, 3}}));

  // Supplies: Ann 7 - 3 = 4 followers, Bob 7 - 2 = 5.
  ASSERT_EQ(description.supplies.size(), 2u);
  EXPECT_EQ(description.supplies[0].figures[static_cast<int>(FigureKind::kFollower)], 4);
  EXPECT_EQ(description.supplies[1].figures[static_cast<int>(FigureKind::kFollower)], 5);
  // The end: Ann 8 (city) + 3 (field) = 11, Bob 3 (field), as ScoreGame.
  EXPECT_TRUE(description.end_bonuses.empty());
  EXPECT_EQ(EndTotals(state, description), (std::vector<int>{11, 3}));
  EXPECT_EQ(ScoreGame(state).final_scores, (std::vector<int>{11, 3}));
}

// Inns & Cathedrals: ic:15 (road E-W with an inn) at (1, 0) extends the start
// tile's road: 2 tiles, open at both ends. Bob's thief on it, Ann's big
// follower on the start tile's road too.
TEST(BoardDescriptionTest, OpenRoadWithAnInn) {
  RuleSet rules;
  rules.expansions = {Expansion::kInnsAndCathedrals};
  GameState state = Board({At("ic:15", 1, 0, 0)}, rules);
  Stand(state, FigureKind::kFollower, 1, 1, 0, Location::kE);
  Stand(state, FigureKind::kBigFollower, 0, 0, 0, Location::kW);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const BoardDescription description = DescribeBoard(Game(state));
  const FeatureDescription& road = FeatureAt(state, description, 1, 0, Location::kW);
  EXPECT_TRUE(road.inn);  // IC-08
  EXPECT_EQ(road.open_edges, 2);
  // IC-10: the big follower counts 2, the follower 1: Ann holds the majority.
  EXPECT_EQ(road.strengths, Points({{0, 2}, {1, 1}}));
  EXPECT_EQ(road.majority.players, std::vector<int>{0});
  EXPECT_EQ(road.majority.strength, 2);
  // IC-12: an incomplete road with an inn scores nothing: 2 tiles x 0.
  ASSERT_TRUE(road.value_now.has_value());
  EXPECT_EQ(road.value_now->Total(), 0);
  ASSERT_FALSE(road.value_now->line_items.empty());
  EXPECT_EQ(road.value_now->line_items[0].rule_id, "IC-12");
  EXPECT_TRUE(road.end_points.empty());
  ASSERT_EQ(road.end_scorings.size(), 1u);
  EXPECT_EQ(PointsOf(road.end_scorings[0], 0), 0);
  EXPECT_EQ(description.supplies[0].figures[static_cast<int>(FigureKind::kBigFollower)], 0);
  EXPECT_EQ(description.supplies[1].figures[static_cast<int>(FigureKind::kBigFollower)], 1);
  EXPECT_EQ(EndTotals(state, description), ScoreGame(state).final_scores);
}

// Two monasteries (base:B) at (0, 1) and (1, 1) below the start tile. Each
// has 2 neighbours on the board: (0, 1) has (0, 0) and (1, 1); (1, 1) has
// (0, 0) and (0, 1). Bob's monk in the first, nobody in the second.
TEST(BoardDescriptionTest, MonasteryAsItStands) {
  GameState state = Board({At("base:B", 0, 1, 0), At("base:B", 1, 1, 0)});
  Stand(state, FigureKind::kFollower, 1, 0, 1, Location::kCenter);
  state.players[1].score = 5;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const BoardDescription description = DescribeBoard(Game(state));
  const FeatureDescription& monastery = FeatureAt(state, description, 0, 1, Location::kCenter);
  EXPECT_EQ(monastery.kind, SegmentKind::kMonastery);
  EXPECT_EQ(monastery.tiles, (std::vector<Position>{{0, 1}}));
  EXPECT_FALSE(monastery.complete);  // BG-12: 2 of 8 neighbours
  // BG-21: its tile and 2 neighbours = 3, to Bob now and at the end.
  ASSERT_TRUE(monastery.value_now.has_value());
  EXPECT_EQ(monastery.value_now->tiles.size(), 3u);
  EXPECT_EQ(monastery.value_now->points, Points({{1, 3}}));
  EXPECT_EQ(monastery.end_points, Points({{1, 3}}));
  const FeatureDescription& empty = FeatureAt(state, description, 1, 1, Location::kCenter);
  EXPECT_EQ(empty.value_now->Total(), 3);
  EXPECT_TRUE(empty.value_now->points.empty());
  EXPECT_TRUE(empty.end_points.empty());
  // Bob: 5 now + 3 = 8 at the end.
  EXPECT_EQ(EndTotals(state, description), (std::vector<int>{0, 8}));
  EXPECT_EQ(ScoreGame(state).final_scores, (std::vector<int>{0, 8}));
}

// Mage & Witch: the mage on the start tile's road (1 tile, open at both
// ends) with Bob's thief; the witch set aside.
TEST(BoardDescriptionTest, MageStandsInItsFeature) {
  RuleSet rules;
  rules.expansions = {Expansion::kMageAndWitch};
  GameState state = Board({}, rules);
  Stand(state, FigureKind::kFollower, 1, 0, 0, Location::kE);
  state.mage = SegmentAddress{{0, 0}, *ResolveSegment(state, {0, 0}, Location::kE)};
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const BoardDescription description = DescribeBoard(Game(state));
  const FeatureDescription& road = FeatureAt(state, description, 0, 0, Location::kW);
  ASSERT_TRUE(description.mage_feature.has_value());
  EXPECT_EQ(&description.features[*description.mage_feature], &road);
  EXPECT_FALSE(description.witch_feature.has_value());
  // BG-21: 1 tile x 1; MW-16: the mage on an incomplete road at the end, +1
  // per tile: 2, to Bob now and at the end.
  ASSERT_TRUE(road.value_now.has_value());
  ASSERT_EQ(road.value_now->line_items.size(), 2u);
  EXPECT_EQ(road.value_now->line_items[1].rule_id, "MW-16");
  EXPECT_EQ(road.value_now->points, Points({{1, 2}}));
  EXPECT_EQ(road.end_points, Points({{1, 2}}));
  EXPECT_EQ(EndTotals(state, description), ScoreGame(state).final_scores);
}

}  // namespace
}  // namespace carcassonne

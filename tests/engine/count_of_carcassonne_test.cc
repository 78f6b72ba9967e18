// The Count of Carcassonne: set-up (CO-02..CO-04), the snapshot checks of the
// quarters and the pending decisions (CheckCountOfCarcassonne), malformed
// actions and rule sets. The turn's decisions and their scores are in the
// scenario files tests/scenarios/count_*.json.
#include <gtest/gtest.h>

#include <string>

#include "engine/referee.h"

namespace carcassonne {
namespace {

const TileType* Tile(std::string_view id) { return Catalogue::Get().Find(id); }

RuleSet CountRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kCountOfCarcassonne};
  return rules;
}

GameState NewCountGame() { return std::get<GameState>(NewGame({"Red", "Blue"}, CountRules())); }

bool HasProblem(const std::vector<Problem>& problems, std::string_view field) {
  for (const Problem& problem : problems) {
    if (problem.field == field) return true;
  }
  return false;
}

std::string Fields(const std::vector<Problem>& problems) {
  std::string fields;
  for (const Problem& problem : problems) fields += problem.field + " (" + problem.message + "); ";
  return fields;
}

TEST(CountOfCarcassonneTest, NewGameLaysTheCityInPlaceOfTheStartTile) {
  const GameState state = NewCountGame();
  // CO-02, geometry.md: count:1..count:12 as a 4x3 block, count:1 at (0, 0).
  ASSERT_EQ(state.tiles.size(), 12u);
  for (int i = 0; i < 12; ++i) {
    EXPECT_EQ(state.tiles[i].type->id, "count:" + std::to_string(i + 1));
    EXPECT_EQ(state.tiles[i].cell, (Position{i % 4, i / 4}));
    EXPECT_EQ(state.tiles[i].rotation.quarter_turns, 0);
  }
  // Every base tile (base:D included) is in the bag; no city tile is.
  EXPECT_EQ(state.bag->Total(), 72);
  EXPECT_EQ(state.bag->CountOf(Tile("base:D")), 4);
  EXPECT_EQ(state.bag->CountOf(Tile("count:1")), 0);
  // CO-04: the Count in the castle, the quarters empty.
  EXPECT_EQ(state.count.count, Quarter::kCastle);
  EXPECT_TRUE(state.count.followers.empty());
  EXPECT_TRUE(CheckSnapshot(state).empty()) << Fields(CheckSnapshot(state));
}

TEST(CountOfCarcassonneTest, TheRiverFirstHouseRuleIsNotBuilt) {
  RuleSet rules = CountRules();
  rules.expansions.push_back(Expansion::kRiver);
  rules.count_river_layout = CountRiverLayout::kRiverFirstHouseRule;
  const auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(result), "rules.count_river_layout"));
  // The default layout is built (AMB-13): the spring waits in the bag.
  rules.count_river_layout = CountRiverLayout::kSpringNextToCity;
  const GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  EXPECT_EQ(state.bag->CountOf(Tile("river:1-01")), 1);
  EXPECT_EQ(state.tiles.size(), 12u);
}

TEST(CountOfCarcassonneTest, TheCityMustLieWhereTheLayoutSays) {
  GameState state = NewCountGame();
  std::swap(state.tiles[0], state.tiles[1]);
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "tiles[0]"));
  // Without the Count the city tiles are not in the game.
  GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  base.count.followers.push_back({FigureKind::kFollower, 0, Quarter::kMarket});
  base.players[0].followers -= 1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(base), "count"));
}

TEST(CountOfCarcassonneTest, FollowersInTheQuartersAreCounted) {
  GameState state = NewCountGame();
  state.count.followers.push_back({FigureKind::kFollower, 1, Quarter::kCathedral});
  // Supply 7 + 1 in Carcassonne = 8: not conserved.
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "players[1].followers"));
  state.players[1].followers = 6;
  EXPECT_TRUE(CheckSnapshot(state).empty()) << Fields(CheckSnapshot(state));
  // Only followers and big followers go into Carcassonne (AMB-17).
  state.count.followers.push_back({FigureKind::kBuilder, 0, Quarter::kCastle});
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "count.followers[1].kind"));
}

TEST(CountOfCarcassonneTest, PendingDecisionsAreChecked) {
  GameState state = NewCountGame();
  // A deployment needs a tile of this turn.
  state.phase = Phase::kCountDeploy;
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "phase")) << Fields(CheckSnapshot(state));
  // A redeployment round needs the feature about to be scored (base:E below
  // count:9 closes its outer city).
  const Outcome outcome =
      ApplyAction(NewCountGame(), PlaceTileAction{Tile("base:E"), {0, 3}, Rotation{0}});
  ASSERT_TRUE(outcome.verdict.legal());
  GameState placed = *outcome.next;
  placed.phase = Phase::kCountRedeploy;
  EXPECT_TRUE(HasProblem(CheckSnapshot(placed), "count.pending_features"));
  // Who scored is kept only during the round.
  GameState scored = NewCountGame();
  scored.count.others_scored = true;
  EXPECT_TRUE(HasProblem(CheckSnapshot(scored), "count.turn_scoring"));
  // Only the Count's rounds let another player decide.
  GameState other = NewCountGame();
  other.deciding_player = 1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(other), "deciding_player"));
}

TEST(CountOfCarcassonneTest, ARedeploymentMovesAtLeastOneFollower) {
  const GameState state = NewCountGame();
  EXPECT_TRUE(HasProblem(CheckAction(state, RedeployFromQuarterAction{Quarter::kCastle, 0, 0, {}}),
                         "redeploy_from_quarter"));
  EXPECT_TRUE(HasProblem(CheckAction(state, RedeployFromQuarterAction{Quarter::kCastle, 1, 0,
                                                                      SegmentAddress{{9, 9}, 0}}),
                         "redeploy_from_quarter.target"));
  // The Count's decisions outside his phases are in the wrong phase.
  const Verdict verdict =
      ValidateAction(state, DeployToQuarterAction{FigureKind::kFollower, Quarter::kMarket, {}});
  ASSERT_FALSE(verdict.legal());
  EXPECT_EQ(verdict.violations[0].code, ViolationCode::kWrongPhase);
}

TEST(CountOfCarcassonneTest, ScoreGameDeclinesThePendingDecisions) {
  // Red closes count:9's outer city with base:E and has a castle follower
  // (the Count is in the market), so a round opens; the what-if scoring takes
  // it as declined: the empty city scores nothing, the castle follower never
  // scores (CO-48).
  GameState state = NewCountGame();
  state.count.followers.push_back({FigureKind::kFollower, 0, Quarter::kCastle});
  state.count.count = Quarter::kMarket;
  state.players[0].followers = 6;
  GameState placed = *ApplyAction(state, PlaceTileAction{Tile("base:E"), {0, 3}, Rotation{0}}).next;
  GameState round = *ApplyAction(placed, PassAction{}).next;
  ASSERT_EQ(round.phase, Phase::kCountRedeploy);
  EXPECT_EQ(round.deciding_player, 0);
  const FinalScoring what_if = ScoreGame(round);
  EXPECT_TRUE(what_if.events.empty());
  EXPECT_EQ(what_if.final_scores, (std::vector<int>{0, 0}));
}

}  // namespace
}  // namespace carcassonne

// Siege (shared/rules/expansions/siege.md): the rule set check (the barn is
// not built with Siege, SI-Q1), the snapshot check of a pending escape, the
// escape once per turn part in a builder's double turn (SI-13), and a
// besieged city's line items on the engine's events. The rules' cases
// SI-T01..SI-T08 and the other rules are scenario files
// tests/scenarios/si_*.json.
#include "engine/expansions/siege.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

// D at (0,0); siege:ca3 r180 at (0,-1) (besieged city S+E, open at E) with
// Red's knight; a cloister base:B at (-1,-1) beside it; Red to decide an
// escape. With Traders & Builders (the double turn).
GameState EscapePending() {
  RuleSet rules;
  rules.expansions = {Expansion::kSiege, Expansion::kTradersAndBuilders};
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.bag.reset();
  state.tiles.push_back({Tile("siege:ca3"), {0, -1}, Rotation{2}});
  state.tiles.push_back({Tile("base:B"), {-1, -1}, Rotation{0}});
  state.figures.push_back({FigureKind::kFollower, 0, {{0, -1}, 0}});
  state.players[0].followers = 6;
  state.phase = Phase::kSiegeEscape;
  return state;
}

TEST(SiegeTest, TheBarnIsNotBuiltWithSiege) {
  RuleSet rules;
  rules.expansions = {Expansion::kSiege, Expansion::kAbbeyAndMayor};
  rules.am_barn = true;
  const auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(result), "rules.am_barn"));
  rules.am_barn = false;
  rules.am_mayor = true;
  EXPECT_TRUE(std::holds_alternative<GameState>(NewGame({"Red", "Blue"}, rules)));
}

TEST(SiegeTest, TheBagHoldsBothParts) {
  // SI-01: 71 base tiles + 4 Cathars + 6 Besiegers.
  RuleSet rules;
  rules.expansions = {Expansion::kSiege};
  const GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  EXPECT_EQ(state.bag->Total(), 71 + 10);
  EXPECT_EQ(state.bag->CountOf(Tile("siege:ca1")), 1);
  EXPECT_EQ(state.bag->CountOf(Tile("siege:be6")), 1);
}

TEST(SiegeTest, APendingEscapeNeedsAFollowerWhoMayEscape) {
  GameState state = EscapePending();
  EXPECT_TRUE(CheckSnapshot(state).empty());
  // Without the cloister nobody may escape.
  GameState no_cloister = state;
  no_cloister.tiles.pop_back();
  EXPECT_TRUE(HasProblem(CheckSnapshot(no_cloister), "phase"));
  // Another player's knight does not count.
  GameState blue = state;
  blue.figures[0].owner = 1;
  blue.players[0].followers = 7;
  blue.players[1].followers = 6;
  EXPECT_TRUE(HasProblem(CheckSnapshot(blue), "phase"));
  // Without the expansion there is no such phase.
  GameState no_siege = state;
  no_siege.rules.expansions = {Expansion::kTradersAndBuilders};
  no_siege.tiles.erase(no_siege.tiles.begin() + 1);
  no_siege.tiles.pop_back();
  no_siege.figures.clear();
  no_siege.players[0].followers = 7;
  EXPECT_TRUE(HasProblem(CheckSnapshot(no_siege), "phase"));
}

TEST(SiegeTest, BadFiguresInAPendingEscapeAreProblemsNotCrashes) {
  GameState state = EscapePending();
  state.figures.push_back({FigureKind::kFollower, 9, {{0, -1}, 0}});
  state.figures.push_back({FigureKind::kFollower, 0, {{5, 5}, 0}});
  state.figures.push_back({FigureKind::kFollower, 0, {{0, -1}, 40}});
  state.active_player = 7;
  const std::vector<Problem> problems = CheckSnapshot(state);
  EXPECT_TRUE(HasProblem(problems, "figures[1].owner"));
  EXPECT_TRUE(HasProblem(problems, "figures[2].segment"));
  EXPECT_TRUE(HasProblem(problems, "figures[3].segment"));
  EXPECT_TRUE(HasProblem(problems, "active_player"));
}

TEST(SiegeTest, OneEscapeInEachPartOfADoubleTurn) {
  // SI-13 (3/2015): in a builder's double turn the player may escape in each
  // part. The first part earned a second tile; Red passes the escape.
  GameState state = EscapePending();
  state.extra_tile_earned = true;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  ASSERT_TRUE(game.Validate(PassAction{}).legal());
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 0);
  EXPECT_TRUE(game.state().second_part);
  // The second part: base:U east of D; at its end the knight may escape again.
  const PlaceTileAction second{Tile("base:U"), {1, 0}, Rotation{0}};
  ASSERT_TRUE(game.Validate(second).legal());
  game.Apply(second);
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kSiegeEscape);
  const EscapeSiegeAction escape{FigureKind::kFollower, {{0, -1}, 0}};
  ASSERT_TRUE(game.Validate(escape).legal());
  game.Apply(escape);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_FALSE(game.state().second_part);
  EXPECT_EQ(game.state().players[0].followers, 7);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(SiegeTest, ACityIsBesiegedWhenOneOfItsSegmentsIs) {
  // SI-02: the start tile's city joined to a siege tile is besieged, all of
  // it; the start tile's city alone is not.
  GameState state = EscapePending();
  const Game game(state);
  const Board& board = game.board();
  EXPECT_TRUE(IsBesieged(board, board.FeatureOf(board.SegmentId(0, 0))));
  GameState alone = std::get<GameState>(NewGame({"Red", "Blue"}, state.rules));
  const Game start(alone);
  EXPECT_FALSE(IsBesieged(start.board(), start.board().FeatureOf(start.board().SegmentId(0, 0))));
}

}  // namespace
}  // namespace carcassonne

// Property tests: seeded random complete games (2-5 players) through the
// engine, choosing among the listed legal actions, with invariants checked
// after every step (followers conserved, scores never decrease, listed actions
// are legal, unlisted ones are not, events add up to the score changes, and the
// final scores equal ScoreGame on the last position).
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <tuple>

#include "engine/referee.h"

namespace carcassonne {
namespace {

constexpr int kGamesPerShard = 100;
constexpr int kShards = 10;

const TileType* DrawTile(const TileBag& bag, std::mt19937& random) {
  std::uniform_int_distribution<int> pick(0, bag.Total() - 1);
  int index = pick(random);
  for (const TileCount& entry : bag.tiles) {
    if (index < entry.count) return entry.type;
    index -= entry.count;
  }
  return nullptr;
}

void ExpectFollowersConserved(const GameState& state) {
  std::vector<int> on_board(state.players.size(), 0);
  for (const Figure& figure : state.figures) on_board[figure.owner] += 1;
  for (size_t player = 0; player < state.players.size(); ++player) {
    EXPECT_EQ(state.players[player].followers + on_board[player], kFollowersPerPlayer)
        << "player " << player;
  }
}

// The score each player gains from a list of events.
std::vector<int> PointsOf(const std::vector<ScoreEvent>& events, size_t players) {
  std::vector<int> points(players, 0);
  for (const ScoreEvent& event : events) {
    int line_total = 0;
    for (const LineItem& item : event.line_items) {
      EXPECT_EQ(item.count * item.points_each, item.points);
      line_total += item.points;
    }
    for (const PlayerPoints& gained : event.points) {
      EXPECT_EQ(gained.points, line_total);
      points[gained.player] += gained.points;
    }
  }
  return points;
}

using PlacementKey = std::tuple<int, int, int>;

// Random placements that are not listed must be illegal; listed ones legal.
void CheckTilePhase(const Game& game, const TileType* tile, const LegalActions& legal,
                    std::mt19937& random) {
  std::set<PlacementKey> listed;
  for (const Action& action : legal.actions) {
    EXPECT_TRUE(game.Validate(action).legal());
    if (const auto* place = std::get_if<PlaceTileAction>(&action)) {
      listed.insert({place->cell.x, place->cell.y, place->rotation.quarter_turns});
    }
  }
  std::uniform_int_distribution<int> coordinate(-8, 8);
  std::uniform_int_distribution<int> quarter(0, 3);
  const std::vector<Position> frontier = game.board().FrontierCells();
  std::uniform_int_distribution<size_t> frontier_cell(0, frontier.size() - 1);
  for (int probe = 0; probe < 16; ++probe) {
    // Half the probes on the frontier (where most placements are near misses),
    // half anywhere nearby (occupied or isolated cells).
    const Position cell = probe % 2 == 0 ? frontier[frontier_cell(random)]
                                         : Position{coordinate(random), coordinate(random)};
    const PlaceTileAction action{tile, cell, Rotation{static_cast<uint8_t>(quarter(random))}};
    const bool is_listed =
        listed.contains({action.cell.x, action.cell.y, action.rotation.quarter_turns});
    EXPECT_EQ(game.Validate(action).legal(), is_listed)
        << tile->id << " at (" << action.cell.x << ", " << action.cell.y << ") turned "
        << action.rotation.degrees();
  }
  // Follower options listed with a placement are exactly those legal after it.
  if (!legal.placements.empty()) {
    std::uniform_int_distribution<size_t> pick(0, legal.placements.size() - 1);
    const LegalPlacement& placement = legal.placements[pick(random)];
    Game after = game;
    after.Apply(PlaceTileAction{tile, placement.cell, placement.rotation});
    for (int segment = 0; segment < static_cast<int>(tile->segments.size()); ++segment) {
      const bool is_listed =
          std::find(placement.follower_segments.begin(), placement.follower_segments.end(),
                    segment) != placement.follower_segments.end();
      EXPECT_EQ(after.Validate(PlaceFigureAction{FigureKind::kFollower, {placement.cell, segment}})
                    .legal(),
                is_listed)
          << tile->id << " segment " << segment;
    }
  }
}

void PlayRandomGame(uint32_t seed) {
  std::mt19937 random(seed);
  const int player_count = 2 + static_cast<int>(seed % 4);
  std::vector<std::string> names;
  for (int i = 0; i < player_count; ++i) names.push_back("player " + std::to_string(i));
  GameState state = std::get<GameState>(NewGame(names, RuleSet{}));
  ASSERT_TRUE(CheckSnapshot(state).empty());

  std::vector<int> scores_from_events(player_count, 0);
  const TileType* drawn = nullptr;
  for (int step = 0; step < 1000 && state.phase != Phase::kGameOver; ++step) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " step " + std::to_string(step));
    if (state.phase == Phase::kPlaceTile && drawn == nullptr) drawn = DrawTile(*state.bag, random);
    const Game game(state);
    const LegalActions legal = game.ListLegalActions(drawn);
    ASSERT_FALSE(legal.actions.empty());
    if (state.phase == Phase::kPlaceTile) {
      CheckTilePhase(game, drawn, legal, random);
    } else {
      for (const Action& action : legal.actions) EXPECT_TRUE(game.Validate(action).legal());
      // A segment of an earlier tile is never a legal follower spot (BG-04).
      EXPECT_FALSE(game.Validate(PlaceFigureAction{FigureKind::kFollower, {state.tiles[0].cell, 0}})
                       .legal());
    }
    if (::testing::Test::HasFailure()) return;

    std::uniform_int_distribution<size_t> pick(0, legal.actions.size() - 1);
    const Action action = legal.actions[pick(random)];
    const Outcome outcome = ApplyAction(state, action);
    ASSERT_TRUE(outcome.verdict.legal());
    const GameState& next = *outcome.next;

    // Scores never decrease, and they grow by exactly the events' points.
    const std::vector<int> gained = PointsOf(outcome.events, state.players.size());
    for (int player = 0; player < player_count; ++player) {
      EXPECT_GE(next.players[player].score, state.players[player].score);
      EXPECT_EQ(next.players[player].score - state.players[player].score, gained[player]);
      scores_from_events[player] += gained[player];
    }
    ExpectFollowersConserved(next);

    if (next.phase == Phase::kGameOver) {
      // The same last action on a snapshot whose bag is not tracked leaves the
      // game running; ScoreGame on it ("if the game ended now") must give the
      // final scores that the automatic end of game gave.
      GameState untracked = state;
      untracked.bag.reset();
      const Outcome running = ApplyAction(untracked, action);
      ASSERT_TRUE(running.next.has_value());
      EXPECT_NE(running.next->phase, Phase::kGameOver);
      const FinalScoring what_if = ScoreGame(*running.next);
      for (int player = 0; player < player_count; ++player) {
        EXPECT_EQ(what_if.final_scores[player], next.players[player].score) << player;
      }
      EXPECT_TRUE(next.figures.empty());
      EXPECT_TRUE(ScoreGame(next).events.empty());
    }
    if (!std::holds_alternative<PlaceTileAction>(action)) drawn = nullptr;
    if (std::holds_alternative<DiscardTileAction>(action)) drawn = nullptr;
    EXPECT_TRUE(CheckSnapshot(next).empty());
    state = next;
  }
  ASSERT_EQ(state.phase, Phase::kGameOver);
  EXPECT_EQ(state.bag->Total(), 0);
  for (int player = 0; player < player_count; ++player) {
    EXPECT_EQ(state.players[player].score, scores_from_events[player]);
  }
}

class RandomGames : public ::testing::TestWithParam<int> {};

TEST_P(RandomGames, InvariantsHoldInEveryStep) {
  for (int game = 0; game < kGamesPerShard; ++game) {
    PlayRandomGame(static_cast<uint32_t>(GetParam() * kGamesPerShard + game));
    if (HasFatalFailure() || HasFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Shards, RandomGames, ::testing::Range(0, kShards));

}  // namespace
}  // namespace carcassonne

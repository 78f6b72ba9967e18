// The Cult (shared/rules/expansions/cult.md): the set-up of the two tile sets
// (CU-01, option cult.tile_set), the snapshot check of the shrine set and of
// the shrine-monastery pairs (CU-03, CU-04), and a snapshot with bad indices
// next to shrines. The rules' cases CU-T01..CU-T06, CO-T02 and the others are
// scenario files tests/scenarios/cu_*.json and co_t02_*.json.
#include "engine/expansions/cult.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet CultRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kCult};
  return rules;
}

// D at (0,0), U r0 at (1,0) and (2,0), monasteries base:B at (0,1) and (2,1).
GameState TwoMonasteries() {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, CultRules()));
  state.bag.reset();
  state.tiles.push_back({Tile("base:U"), {1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:U"), {2, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {0, 1}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {2, 1}, Rotation{0}});
  return state;
}

TEST(CultTest, TheBagHoldsTheChosenShrineSet) {
  // CU-01: 71 base tiles + 6 (Rio Grande, the default) or 5 (HiG, no cult:6).
  const GameState six = std::get<GameState>(NewGame({"Red", "Blue"}, CultRules()));
  EXPECT_EQ(six.bag->Total(), 71 + 6);
  EXPECT_EQ(six.bag->CountOf(Tile("cult:6")), 1);
  RuleSet rules = CultRules();
  rules.cult_tiles = CultTiles::kHereticsAndShrinesFive;
  const GameState five = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  EXPECT_EQ(five.bag->Total(), 71 + 5);
  EXPECT_EQ(five.bag->CountOf(Tile("cult:6")), 0);
  EXPECT_EQ(five.bag->CountOf(Tile("cult:5")), 1);
  EXPECT_TRUE(CheckSnapshot(six).empty());
  EXPECT_TRUE(CheckSnapshot(five).empty());
}

TEST(CultTest, TheSnapshotRejectsCultSixInTheFiveTileSet) {
  // CU-01: cult:6 is not in Heretics and Shrines, neither placed nor in the bag.
  RuleSet rules = CultRules();
  rules.cult_tiles = CultTiles::kHereticsAndShrinesFive;
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.tiles.push_back({Tile("cult:6"), {1, 0}, Rotation{0}});
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "tiles[1].tile_type"));
  state.tiles.pop_back();
  state.bag->tiles.push_back({Tile("cult:6"), 1});
  const std::string field =
      "bag.tiles[" + std::to_string(state.bag->tiles.size() - 1) + "].tile_type";
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), field));
  // With Rio Grande's set the same bag is fine.
  state.rules.cult_tiles = CultTiles::kRioGrandeSix;
  state.bag->tiles.pop_back();
  state.bag->tiles.push_back({Tile("cult:6"), 1});
  EXPECT_FALSE(HasProblem(CheckSnapshot(state), field));
}

TEST(CultTest, TheSnapshotRejectsAShrineBetweenTwoMonasteries) {
  // CU-03, CU-04: no legal game has a shrine with two monastery neighbours.
  GameState state = TwoMonasteries();
  ASSERT_TRUE(CheckSnapshot(state).empty());
  state.tiles.push_back({Tile("cult:1"), {1, 1}, Rotation{0}});
  const std::vector<Problem> problems = CheckSnapshot(state);
  EXPECT_TRUE(HasProblem(problems, "tiles[5]")) << (problems.empty() ? "" : problems[0].field);
  // A shrine with one monastery neighbour is fine.
  state.tiles.back() = {Tile("cult:1"), {-1, 1}, Rotation{0}};
  state.tiles.insert(state.tiles.end() - 1, {Tile("base:U"), {-1, 0}, Rotation{0}});
  EXPECT_TRUE(CheckSnapshot(state).empty());
}

TEST(CultTest, AMonasteryNextToAPairedShrineIsRejected) {
  // CU-04: a monastery (the 6th tile) next to a shrine that already has one.
  GameState state = TwoMonasteries();
  state.tiles.push_back({Tile("base:U"), {-1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("cult:1"), {-1, 1}, Rotation{0}});
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const Game game(state);
  const Verdict verdict = game.Validate(PlaceTileAction{Tile("base:B"), {-2, 1}, Rotation{0}});
  ASSERT_EQ(verdict.violations.size(), 1u);
  EXPECT_EQ(verdict.violations[0].code, ViolationCode::kShrineMonasteryNeighbours);
  EXPECT_EQ(verdict.violations[0].rule_id, "CU-04");
  // Two rows from the shrine a monastery is legal.
  EXPECT_TRUE(game.Validate(PlaceTileAction{Tile("base:B"), {-1, -1}, Rotation{0}}).legal());
}

TEST(CultTest, FiguresWithBadIndicesNextToShrinesAreProblemsNotCrashes) {
  // A follower of a player who does not exist, or on a segment that does not
  // exist, beside a shrine: reported, never read.
  GameState state = TwoMonasteries();
  state.tiles.push_back({Tile("base:U"), {-1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("cult:1"), {-1, 1}, Rotation{0}});
  state.figures.push_back({FigureKind::kFollower, 7, {{-1, 1}, 0}});
  state.figures.push_back({FigureKind::kFollower, 0, {{-1, 1}, 9}});
  state.figures.push_back({FigureKind::kFollower, -1, {{0, 1}, 0}});
  const std::vector<Problem> problems = CheckSnapshot(state);
  EXPECT_TRUE(HasProblem(problems, "figures[0].owner"));
  EXPECT_TRUE(HasProblem(problems, "figures[1].segment"));
  EXPECT_TRUE(HasProblem(problems, "figures[2].owner"));
}

TEST(CultTest, ALostChallengeIsARemovalWorthNothing) {
  // CU-07, CU-13 on the engine's events: Red's heretic at (-1,1), Blue's monk
  // at (0,1); Blue completes its monastery: Blue 9, Red's heretic returns
  // with a LOST_CHALLENGE event without points.
  GameState state = TwoMonasteries();
  state.tiles.push_back({Tile("base:U"), {-1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("cult:1"), {-1, 1}, Rotation{0}});
  // The monastery (0,1) has (-1,0), (0,0), (1,0), (-1,1) and lacks (1,1),
  // (-1,2), (0,2), (1,2): base:E r180 (cap S) at the last three, then Blue
  // fills (1,1) with base:B (a monastery two columns from the shrine).
  state.tiles.push_back({Tile("base:E"), {-1, 2}, Rotation{2}});
  state.tiles.push_back({Tile("base:E"), {0, 2}, Rotation{2}});
  state.tiles.push_back({Tile("base:E"), {1, 2}, Rotation{2}});
  state.figures.push_back({FigureKind::kFollower, 0, {{-1, 1}, 0}});
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 1}, 0}});
  state.players[0].followers = 6;
  state.players[1].followers = 6;
  state.active_player = state.deciding_player = 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const TurnOutcome outcome = PlayTurn(
      state,
      std::vector<Action>{PlaceTileAction{Tile("base:B"), {1, 1}, Rotation{0}}, PassAction{}});
  ASSERT_TRUE(outcome.verdict.legal());
  // The monastery (0,1) scores 9 for Blue; (1,1) and (2,1) are unfinished.
  ASSERT_EQ(outcome.events.size(), 2u);
  EXPECT_EQ(outcome.events[0].trigger, ScoringTrigger::kCompleted);
  EXPECT_EQ(outcome.events[0].points, (std::vector<PlayerPoints>{{1, 9}}));
  const ScoreEvent& removal = outcome.events[1];
  EXPECT_EQ(removal.trigger, ScoringTrigger::kLostChallenge);
  EXPECT_EQ(removal.feature_kind, FeatureKind::kMonastery);
  EXPECT_FALSE(removal.complete);
  EXPECT_TRUE(removal.points.empty());
  EXPECT_TRUE(removal.majority_players.empty());
  ASSERT_EQ(removal.returned_figures.size(), 1u);
  EXPECT_EQ(removal.returned_figures[0].owner, 0);
  ASSERT_EQ(removal.line_items.size(), 1u);
  EXPECT_EQ(removal.line_items[0].rule_id, "CU-07");
  EXPECT_EQ(removal.line_items[0].points, 0);
  EXPECT_EQ(outcome.next->players[0].score, 0);
  EXPECT_EQ(outcome.next->players[0].followers, 7);
  EXPECT_EQ(outcome.next->players[1].score, 9);
  EXPECT_TRUE(outcome.next->figures.empty());
}

// Whether `tile` has a monastery (or shrine) segment.
bool HasBuilding(const TileType& tile) {
  return std::any_of(tile.segments.begin(), tile.segments.end(), [](const SegmentType& segment) {
    return segment.kind == SegmentKind::kMonastery;
  });
}

// Whether a tile with a building at `cell` would neighbour a building.
bool NextToBuilding(const Board& board, Position cell) {
  for (Position around : Surrounding(cell)) {
    const int tile = board.TileIndexAt(around);
    if (tile >= 0 && HasBuilding(board.tile(tile).type())) return true;
  }
  return false;
}

// Random games that seek the challenge out (in plain random play it is rare):
// a tile with a building goes next to a building when it can, and a follower
// goes on a building whenever one is listed. After every step the snapshot
// is valid, scores grow by the events' points, and a lost challenge scores
// nothing and empties its building (CU-07, CU-11, CU-13).
TEST(CultTest, GamesThatSeekChallengesKeepTheInvariants) {
  int lost = 0;
  int lost_with_the_count = 0;
  for (uint32_t seed = 0; seed < 60; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    RuleSet rules = CultRules();
    if (seed % 2 == 1) rules.expansions.push_back(Expansion::kCountOfCarcassonne);
    GameState state = std::get<GameState>(NewGame({"Red", "Blue", "Green"}, rules));
    for (int step = 0; step < 1000 && state.phase != Phase::kGameOver; ++step) {
      const Game game(state);
      std::vector<Action> choices;
      if (state.phase == Phase::kPlaceTile) {
        std::vector<const TileType*> bag;
        for (const TileCount& entry : state.bag->tiles) {
          for (int i = 0; i < entry.count; ++i) bag.push_back(entry.type);
        }
        const TileType* drawn =
            bag[std::uniform_int_distribution<size_t>(0, bag.size() - 1)(random)];
        choices = game.ListLegalActions(drawn).actions;
        std::vector<Action> near;
        for (const Action& action : choices) {
          const auto* place = std::get_if<PlaceTileAction>(&action);
          if (place != nullptr && HasBuilding(*place->tile) &&
              NextToBuilding(game.board(), place->cell)) {
            near.push_back(action);
          }
        }
        if (!near.empty()) choices = near;
      } else {
        choices = game.ListLegalActions(nullptr).actions;
        std::vector<Action> on_building;
        for (const Action& action : choices) {
          const auto* figure = std::get_if<PlaceFigureAction>(&action);
          if (figure != nullptr &&
              game.board().SegmentTypeOf(game.board().SegmentId(figure->segment)).kind ==
                  SegmentKind::kMonastery) {
            on_building.push_back(action);
          }
        }
        if (!on_building.empty()) choices = on_building;
      }
      ASSERT_FALSE(choices.empty());
      const Action action =
          choices[std::uniform_int_distribution<size_t>(0, choices.size() - 1)(random)];
      const Outcome outcome = ApplyAction(state, action);
      ASSERT_TRUE(outcome.verdict.legal());
      std::vector<int> gained(state.players.size(), 0);
      for (const ScoreEvent& event : outcome.events) {
        for (const PlayerPoints& points : event.points) gained[points.player] += points.points;
        if (event.trigger != ScoringTrigger::kLostChallenge) continue;
        ++lost;
        if (seed % 2 == 1) ++lost_with_the_count;
        EXPECT_TRUE(event.points.empty());
        EXPECT_FALSE(event.returned_figures.empty());
        ASSERT_EQ(event.segments.size(), 1u);
        for (const Figure& figure : outcome.next->figures) {
          EXPECT_FALSE(figure.segment == event.segments[0]) << "a loser's follower stayed";
        }
      }
      for (size_t player = 0; player < state.players.size(); ++player) {
        EXPECT_EQ(outcome.next->players[player].score - state.players[player].score,
                  gained[player]);
      }
      for (const Problem& problem : CheckSnapshot(*outcome.next)) {
        ADD_FAILURE() << problem.field << ": " << problem.message;
      }
      if (HasFailure()) return;
      state = *outcome.next;
    }
    ASSERT_EQ(state.phase, Phase::kGameOver);
  }
  EXPECT_GT(lost, 0);
  EXPECT_GT(lost_with_the_count, 0);
}

}  // namespace
}  // namespace carcassonne

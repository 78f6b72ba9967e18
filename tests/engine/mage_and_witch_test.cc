// Mage & Witch in the engine: the opening snapshot (MW-02), CheckSnapshot's
// checks of the magic figures and the magic step, and seeded random games with
// Mage & Witch (alone and with Inns & Cathedrals) in which the listed
// magic-figure actions are exactly the legal ones. The rules themselves are
// pinned by the scenario files tests/scenarios/mw_*.json.
#include <gtest/gtest.h>

#include <random>

#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet MageAndWitchRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kMageAndWitch};
  return rules;
}

GameState NewMageAndWitchGame() {
  return std::get<GameState>(NewGame({"Ann", "Bob"}, MageAndWitchRules()));
}

std::vector<std::string> Fields(const std::vector<Problem>& problems) {
  std::vector<std::string> fields;
  for (const Problem& problem : problems) fields.push_back(problem.field);
  return fields;
}

bool HasField(const std::vector<Problem>& problems, std::string_view field) {
  for (const Problem& problem : problems) {
    if (problem.field == field) return true;
  }
  return false;
}

TEST(MageAndWitchTest, NewGameSetsTheFiguresAsideAndBagsTheMagicTiles) {
  const GameState state = NewMageAndWitchGame();
  EXPECT_FALSE(state.mage.has_value());
  EXPECT_FALSE(state.witch.has_value());
  EXPECT_EQ(state.magic_step, MagicStep::kNone);
  EXPECT_EQ(state.bag->Total(), 71 + 8);
  for (int i = 1; i <= 8; ++i) {
    EXPECT_EQ(state.bag->CountOf(Tile("mw:" + std::to_string(i))), 1) << i;
  }
  EXPECT_TRUE(CheckSnapshot(state).empty());
}

TEST(MageAndWitchTest, SnapshotChecksTheMagicFigures) {
  const GameState start = NewMageAndWitchGame();
  const SegmentAddress road{{0, 0}, 1};   // base:D r1: road E-W
  const SegmentAddress city{{0, 0}, 0};   // base:D c1: cap N
  const SegmentAddress field{{0, 0}, 2};  // base:D: a field
  {
    GameState state = start;
    state.mage = road;
    state.witch = city;
    EXPECT_TRUE(CheckSnapshot(state).empty())
        << testing::PrintToString(Fields(CheckSnapshot(state)));
  }
  {
    GameState state = start;  // MW-05: only roads and cities
    state.witch = field;
    EXPECT_TRUE(HasField(CheckSnapshot(state), "magic_figures.witch"));
  }
  {
    GameState state = start;  // MW-05: never both on one feature
    state.mage = road;
    state.witch = road;
    EXPECT_TRUE(HasField(CheckSnapshot(state), "magic_figures.witch"));
  }
  {
    GameState state = start;  // only with Mage & Witch
    state.rules = RuleSet{};
    state.bag.reset();
    state.mage = road;
    EXPECT_TRUE(HasField(CheckSnapshot(state), "magic_figures"));
  }
  {
    GameState state = start;  // a magic step outside its phase
    state.magic_step = MagicStep::kMagicTile;
    EXPECT_TRUE(HasField(CheckSnapshot(state), "magic_step"));
  }
  // After base:E r180 at (0,-1) closes D's cap: the figure phase, the city
  // completed by the tile just placed: a magic figure may still stand on it
  // until the scoring (MW-15), not once the turn is over.
  Outcome placed = ApplyAction(start, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  ASSERT_TRUE(placed.verdict.legal());
  {
    GameState state = *placed.next;
    ASSERT_EQ(state.phase, Phase::kPlaceFigure);
    state.witch = city;
    EXPECT_TRUE(CheckSnapshot(state).empty())
        << testing::PrintToString(Fields(CheckSnapshot(state)));
    Outcome passed = ApplyAction(state, PassAction{});
    ASSERT_TRUE(passed.verdict.legal());
    EXPECT_FALSE(passed.next->witch.has_value());  // MW-15, AMB-21: nobody scored
    GameState stuck = *passed.next;
    stuck.witch = city;
    EXPECT_TRUE(HasField(CheckSnapshot(stuck), "magic_figures.witch"));
  }
  {
    GameState state = *placed.next;  // base:E has no magic symbol (MW-04)
    state.phase = Phase::kPlaceMagicFigure;
    state.magic_step = MagicStep::kMagicTile;
    EXPECT_TRUE(HasField(CheckSnapshot(state), "magic_step"));
    state.magic_step = MagicStep::kSeparate;  // nothing to separate (MW-09)
    EXPECT_TRUE(HasField(CheckSnapshot(state), "magic_step"));
  }
}

TEST(MageAndWitchTest, MoveToAMissingSegmentIsMalformed) {
  const GameState state = NewMageAndWitchGame();
  EXPECT_EQ(Fields(CheckAction(state, MoveMagicFigureAction{MagicFigure::kMage, {{3, 3}, 0}})),
            std::vector<std::string>{"move_magic_figure.segment"});
  EXPECT_EQ(Fields(CheckAction(state, MoveMagicFigureAction{MagicFigure::kMage, {{0, 0}, 9}})),
            std::vector<std::string>{"move_magic_figure.segment"});
}

const TileType* DrawTile(const TileBag& bag, std::mt19937& random) {
  std::uniform_int_distribution<int> pick(0, bag.Total() - 1);
  int index = pick(random);
  for (const TileCount& entry : bag.tiles) {
    if (index < entry.count) return entry.type;
    index -= entry.count;
  }
  return nullptr;
}

// Whether `figure` stands on the same feature as `other`.
bool SameFeature(const Game& game, const std::optional<SegmentAddress>& a,
                 const std::optional<SegmentAddress>& b) {
  if (!a || !b) return false;
  return game.board().FeatureOf(game.board().SegmentId(*a)) ==
         game.board().FeatureOf(game.board().SegmentId(*b));
}

// In the magic-figure phase, every (figure, segment) of the board is legal
// exactly when it is listed, and so is each set-aside.
void ExpectMagicListingExact(const Game& game, const LegalActions& legal) {
  auto listed = [&](const Action& action) {
    for (const Action& candidate : legal.actions) {
      if (const auto* move = std::get_if<MoveMagicFigureAction>(&candidate)) {
        const auto* probe = std::get_if<MoveMagicFigureAction>(&action);
        if (probe != nullptr && probe->figure == move->figure && probe->segment == move->segment) {
          return true;
        }
      }
      if (const auto* aside = std::get_if<SetAsideMagicFigureAction>(&candidate)) {
        const auto* probe = std::get_if<SetAsideMagicFigureAction>(&action);
        if (probe != nullptr && probe->figure == aside->figure) return true;
      }
    }
    return false;
  };
  for (MagicFigure figure : {MagicFigure::kMage, MagicFigure::kWitch}) {
    for (const PlacedTile& tile : game.state().tiles) {
      for (int i = 0; i < static_cast<int>(tile.type->segments.size()); ++i) {
        const Action move = MoveMagicFigureAction{figure, {tile.cell, i}};
        EXPECT_EQ(game.Validate(move).legal(), listed(move))
            << "segment " << i << " at (" << tile.cell.x << ", " << tile.cell.y << ")";
      }
    }
    const Action aside = SetAsideMagicFigureAction{figure};
    EXPECT_EQ(game.Validate(aside).legal(), listed(aside));
  }
}

// Plays one game; counts in `separations` the tiles that joined the magic
// figures' features.
void PlayRandomGame(uint32_t seed, const RuleSet& rules, int& separations) {
  std::mt19937 random(seed);
  GameState state = std::get<GameState>(NewGame({"Ann", "Bob", "Cy"}, rules));
  const TileType* drawn = nullptr;
  int magic_decisions = 0;
  for (int step = 0; step < 1000 && state.phase != Phase::kGameOver; ++step) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " step " + std::to_string(step));
    if (state.phase == Phase::kPlaceTile && drawn == nullptr) drawn = DrawTile(*state.bag, random);
    const Game game(state);
    const LegalActions legal = game.ListLegalActions(drawn);
    ASSERT_FALSE(legal.actions.empty());
    if (state.phase == Phase::kPlaceMagicFigure) {
      ++magic_decisions;
      ExpectMagicListingExact(game, legal);
      EXPECT_EQ(SameFeature(game, state.mage, state.witch),
                state.magic_step == MagicStep::kSeparate);
    } else {
      EXPECT_FALSE(SameFeature(game, state.mage, state.witch));
    }
    if (::testing::Test::HasFailure()) return;
    std::uniform_int_distribution<size_t> pick(0, legal.actions.size() - 1);
    Action action = legal.actions[pick(random)];
    if (state.phase == Phase::kPlaceTile) {
      // Prefer a placement that joins the mage's and the witch's features,
      // which uniform play almost never does (MW-09).
      for (const Action& candidate : legal.actions) {
        Game after = game;
        after.Apply(candidate);
        if (after.state().magic_step == MagicStep::kSeparate) {
          action = candidate;
          ++separations;
          break;
        }
      }
    }
    const Outcome outcome = ApplyAction(state, action);
    ASSERT_TRUE(outcome.verdict.legal());
    const GameState& next = *outcome.next;
    // Scores grow by exactly the events' points; every line adds up.
    std::vector<int> gained(next.players.size(), 0);
    for (const ScoreEvent& event : outcome.events) {
      int total = 0;
      for (const LineItem& item : event.line_items) {
        EXPECT_EQ(item.count * item.points_each, item.points) << item.description;
        total += item.points;
      }
      for (const PlayerPoints& points : event.points) {
        EXPECT_EQ(points.points, total);
        EXPECT_GE(points.points, 0);
        gained[points.player] += points.points;
      }
    }
    for (size_t player = 0; player < next.players.size(); ++player) {
      EXPECT_EQ(next.players[player].score - state.players[player].score, gained[player]);
    }
    EXPECT_TRUE(CheckSnapshot(next).empty()) << testing::PrintToString(Fields(CheckSnapshot(next)));
    if (next.phase == Phase::kGameOver) {
      EXPECT_FALSE(next.mage.has_value());
      EXPECT_FALSE(next.witch.has_value());
      EXPECT_EQ(next.magic_step, MagicStep::kNone);
    }
    if (!std::holds_alternative<PlaceTileAction>(action)) drawn = nullptr;
    state = next;
  }
  ASSERT_EQ(state.phase, Phase::kGameOver);
  EXPECT_GT(magic_decisions, 0);  // 8 magic tiles per game
}

TEST(MageAndWitchTest, RandomGamesListExactlyTheLegalMagicActions) {
  RuleSet with_inns = MageAndWitchRules();
  with_inns.expansions.push_back(Expansion::kInnsAndCathedrals);
  int separations = 0;
  for (uint32_t seed = 0; seed < 50; ++seed) {
    PlayRandomGame(seed, MageAndWitchRules(), separations);
    if (HasFailure()) return;
    PlayRandomGame(1000 + seed, with_inns, separations);
    if (HasFailure()) return;
  }
  EXPECT_GT(separations, 0);
}

}  // namespace
}  // namespace carcassonne

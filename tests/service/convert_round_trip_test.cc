// The snapshot is the whole game for a stateless service: every engine state a
// game reaches, written to the API's GameState and read back, must be accepted
// and must play on exactly as the original. Random games with every expansion
// built (and their modules on) check it at every step: the re-read state
// writes the same message, and the same random action applied to both gives
// the same events and the same next snapshot.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <variant>
#include <vector>

#include "engine/referee.h"
#include "service/convert.h"

namespace carcassonne::service {
namespace {

struct Config {
  std::string name;
  RuleSet rules;
};

std::vector<Config> Configs() {
  std::vector<Config> configs;
  auto add = [&](std::string name, std::vector<Expansion> expansions, auto&& options) {
    RuleSet rules;
    rules.expansions = std::move(expansions);
    options(rules);
    configs.push_back({std::move(name), rules});
  };
  auto none = [](RuleSet&) {};
  add("InnsTradersKing",
      {Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders,
       Expansion::kKingAndRobberBaron},
      none);
  add("RiverAndMageWitch", {Expansion::kRiver, Expansion::kMageAndWitch}, none);
  add("CountAndKing", {Expansion::kCountOfCarcassonne, Expansion::kKingAndRobberBaron}, none);
  add("AbbeyMayorModules", {Expansion::kAbbeyAndMayor}, [](RuleSet& rules) {
    rules.am_mayor = true;
    rules.am_wagon = true;
    rules.am_barn = true;
  });
  add("CastlesCountAndMageWitch",
      {Expansion::kBridgesCastlesAndBazaars, Expansion::kCountOfCarcassonne,
       Expansion::kMageAndWitch, Expansion::kKingAndRobberBaron},
      [](RuleSet& rules) { rules.bc_castles = true; });
  add("CastlesInnsTraders",
      {Expansion::kBridgesCastlesAndBazaars, Expansion::kInnsAndCathedrals,
       Expansion::kTradersAndBuilders},
      [](RuleSet& rules) { rules.bc_castles = true; });
  // The Cult (the challenge's removals) with the Count (CO-32) and Hans im
  // Glueck's 5-tile set.
  add("CultCountAndKing",
      {Expansion::kCult, Expansion::kCountOfCarcassonne, Expansion::kKingAndRobberBaron},
      [](RuleSet& rules) { rules.cult_tiles = CultTiles::kHereticsAndShrinesFive; });
  // Siege (its escape decision) with the pig, the castles and the Count.
  add("SiegeTradersCastlesAndCount",
      {Expansion::kSiege, Expansion::kTradersAndBuilders, Expansion::kBridgesCastlesAndBazaars,
       Expansion::kCountOfCarcassonne},
      [](RuleSet& rules) {
        rules.bc_castles = true;
        rules.siege_pig_besieged_value = SiegePigBesiegedValue::kPlusOne;
        rules.siege_escape_adjacency = SiegeEscapeAdjacency::kAnyCityTile;
      });
  return configs;
}

v1::GameState ToProto(const GameState& state) {
  v1::GameState proto;
  GameStateToProto(state, &proto);
  return proto;
}

std::string Describe(const FieldProblems& problems) {
  std::string text;
  for (const FieldProblem& problem : problems)
    text += problem.field + ": " + problem.description + "\n";
  return text;
}

// A tile of the bag that may be drawn now and its legal actions, or none.
const TileType* Draw(const Game& game, std::mt19937& random) {
  std::vector<const TileType*> types;
  for (const TileCount& entry : game.state().bag->tiles) {
    if (entry.count > 0) types.push_back(entry.type);
  }
  std::shuffle(types.begin(), types.end(), random);
  for (const TileType* type : types) {
    if (!game.ListLegalActions(type).actions.empty()) return type;
  }
  return nullptr;
}

class RoundTrip : public ::testing::TestWithParam<Config> {};

TEST_P(RoundTrip, EveryStateReadBackPlaysOnTheSame) {
  const Config& config = GetParam();
  int decisions_of_modules = 0;
  for (uint32_t seed = 0; seed < 12; ++seed) {
    std::mt19937 random(seed);
    const std::vector<std::string> all_names = {"A", "B", "C", "D"};
    const std::vector<std::string> names(all_names.begin(), all_names.begin() + 2 + seed % 3);
    GameState state = std::get<GameState>(NewGame(names, config.rules));
    const TileType* drawn = nullptr;
    for (int step = 0; step < 1000 && state.phase != Phase::kGameOver; ++step) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " step " + std::to_string(step));
      const v1::GameState proto = ToProto(state);
      FieldProblems problems;
      const std::optional<GameState> back = GameStateFromProto(proto, "state", problems);
      ASSERT_TRUE(back.has_value()) << Describe(problems);
      const v1::GameState again = ToProto(*back);
      ASSERT_TRUE(google::protobuf::util::MessageDifferencer::Equals(proto, again))
          << proto.DebugString() << "\n---\n"
          << again.DebugString();

      const Game game(state);
      if (state.phase == Phase::kPlaceTile && drawn == nullptr) {
        drawn = Draw(game, random);
        ASSERT_NE(drawn, nullptr);
      }
      const LegalActions legal = game.ListLegalActions(drawn);
      ASSERT_FALSE(legal.actions.empty());
      if (state.phase != Phase::kPlaceTile && state.phase != Phase::kPlaceFigure) {
        ++decisions_of_modules;
      }
      std::uniform_int_distribution<size_t> pick(0, legal.actions.size() - 1);
      const Action action = legal.actions[pick(random)];
      const Outcome original = ApplyAction(state, action);
      const Outcome read_back = ApplyAction(*back, action);
      ASSERT_TRUE(original.verdict.legal());
      ASSERT_TRUE(read_back.verdict.legal());
      ASSERT_EQ(original.events.size(), read_back.events.size());
      for (size_t i = 0; i < original.events.size(); ++i) {
        EXPECT_EQ(original.events[i].points, read_back.events[i].points);
      }
      ASSERT_TRUE(google::protobuf::util::MessageDifferencer::Equals(ToProto(*original.next),
                                                                     ToProto(*read_back.next)));
      if (!std::holds_alternative<PlaceTileAction>(action)) drawn = nullptr;
      state = *original.next;
    }
    ASSERT_EQ(state.phase, Phase::kGameOver);
  }
  // Every configuration has decisions of its modules' own phases.
  if (config.name != "InnsTradersKing") {
    EXPECT_GT(decisions_of_modules, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Configs, RoundTrip, ::testing::ValuesIn(Configs()),
                         [](const ::testing::TestParamInfo<Config>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace carcassonne::service

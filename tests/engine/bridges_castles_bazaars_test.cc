// Bridges, Castles & Bazaars: its 12 land tiles in the bag (BC-01), and its
// module not built yet (option bc.bridges): refused by NewGame and by the
// snapshot checks. Play with the tiles is in tests/scenarios/bcb_*.json; the
// castles (bc.castles) in castles_test.cc, the bazaars (bc.bazaars) in
// bazaars_test.cc, and both in tests/scenarios/bc_*.json.
#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "engine/referee.h"

namespace carcassonne {
namespace {

const TileType* Tile(std::string_view id) { return Catalogue::Get().Find(id); }

RuleSet BcbRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kBridgesCastlesAndBazaars};
  return rules;
}

bool HasProblem(const std::vector<Problem>& problems, std::string_view field) {
  for (const Problem& problem : problems) {
    if (problem.field == field) return true;
  }
  return false;
}

TEST(BridgesCastlesBazaarsTest, NewGamePutsTheTwelveLandTilesInTheBag) {
  const GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, BcbRules()));
  // BC-01: 71 base tiles (base:D lies at (0, 0)) + 12 land tiles.
  EXPECT_EQ(state.bag->Total(), 83);
  EXPECT_EQ(state.bag->CountOf(Tile("bcb:01")), 2);
  EXPECT_EQ(state.bag->CountOf(Tile("bcb:11")), 1);
  EXPECT_TRUE(CheckSnapshot(state).empty());
  // Without the expansion none of its tiles is in the bag.
  const GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  EXPECT_EQ(base.bag->Total(), 71);
  EXPECT_EQ(base.bag->CountOf(Tile("bcb:01")), 0);
  EXPECT_TRUE(TileSetInPlay(BcbRules(), "bcb"));
  EXPECT_FALSE(TileSetInPlay(RuleSet{}, "bcb"));
}

TEST(BridgesCastlesBazaarsTest, ModulesAreNotBuiltYet) {
  struct Module {
    bool RuleSet::*option;
    const char* field;
  };
  for (const Module module : {Module{&RuleSet::bc_bridges, "rules.bc_bridges"}}) {
    SCOPED_TRACE(module.field);
    RuleSet rules = BcbRules();
    rules.*module.option = true;
    const auto result = NewGame({"Red", "Blue"}, rules);
    ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
    EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(result), module.field));
    // A snapshot that claims the module is refused too.
    GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, BcbRules()));
    state.rules.*module.option = true;
    EXPECT_TRUE(HasProblem(CheckSnapshot(state), module.field));
  }
}

}  // namespace
}  // namespace carcassonne

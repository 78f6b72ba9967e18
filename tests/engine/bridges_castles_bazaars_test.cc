// Bridges, Castles & Bazaars: its 12 land tiles in the bag (BC-01). Play with
// the tiles is in tests/scenarios/bcb_*.json; the bridges (bc.bridges) in
// bridges_test.cc, the castles (bc.castles) in castles_test.cc, the bazaars
// (bc.bazaars) in bazaars_test.cc, and all three in tests/scenarios/bc_*.json.
#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet BcbRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kBridgesCastlesAndBazaars};
  return rules;
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

}  // namespace
}  // namespace carcassonne

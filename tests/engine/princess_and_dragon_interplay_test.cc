// The Princess & the Dragon with other modules (princess-dragon.md,
// "Interactions with older modules"): the Count's city under the dragon
// (CO-24, CO-50, CO-51) and the portal (CO-33), the mayor and the wagon
// eaten (PD-11, Abbey & Mayor), a builder and a pig on the dragon's tile
// (PD-11, PD-14), the magic figures (known gap PD-11: never eaten), the
// King's record after a portal tile (KR-09, PD-20); and the catalogue's
// monastery inside a city (PD-03). Every number is counted by hand in the
// comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/expansions/princess_and_dragon.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

// A game of Red and Blue with the expansion (and `more`), the bag not
// tracked.
GameState Start(std::vector<Expansion> more = {}, RuleSet rules = {}) {
  return UntrackedGame({"Red", "Blue"}, Expansion::kPrincessAndDragon, more, rules);
}

void ExpectValid(const GameState& state) {
  for (const Problem& problem : CheckSnapshot(state)) {
    ADD_FAILURE() << problem.field << ": " << problem.message;
  }
}

// The volcano pd:17 (road E-W) west of D at (-1, 0) holds the dragon; Red
// places the dragon tile pd:16 (road E-W) west of it at (-2, 0) and passes:
// the flight opens, Red's step first (PD-09, PD-10).
void FlyFromTheVolcano(Game& game) {
  const PlaceTileAction dragon_tile{Tile("pd:16"), {-2, 0}, Rotation{0}};
  ASSERT_TRUE(game.Validate(dragon_tile).legal());
  game.Apply(dragon_tile);
  ASSERT_TRUE(game.Validate(PassAction{}).legal());
  game.Apply(PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
}

GameState WithVolcano(GameState state) {
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  state.dragon = Position{-1, 0};
  return state;
}

TEST(PrincessAndDragonInterplayTest, Co50TheCountAndTheQuartersAreNeverEaten) {
  // CO-24, CO-51, CO-50 (AMB-09, default count.dragon_enters_city_tiles):
  // the volcano pd:01 north of count:1 at (0, -1) holds the dragon; Blue's
  // thief stands on count:1's outer road (segment 0), Blue's follower in the
  // market quarter, the Count in the cathedral quarter. Red's dragon tile
  // pd:04 at (1, -1); Red steps onto count:1 (the thief goes back), Blue
  // onto count:2 at (1, 0). Blue: 5 in supply + the thief = 6; the quarter
  // keeps its follower, the Count stays in the cathedral quarter.
  GameState state = Start({Expansion::kCountOfCarcassonne});
  state.tiles.push_back({Tile("pd:01"), {0, -1}, Rotation{0}});
  state.dragon = Position{0, -1};
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 0}});
  state.count.followers.push_back({FigureKind::kFollower, 1, Quarter::kMarket});
  state.count.count = Quarter::kCathedral;
  state.players[1].followers = 5;
  ExpectValid(state);
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:04"), {1, -1}, Rotation{0}});
  game.Apply(PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  ASSERT_TRUE(game.Validate(MoveDragonAction{{0, 0}}).legal());
  game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[1].followers, 6);
  EXPECT_EQ(game.state().deciding_player, 1);
  ASSERT_TRUE(game.Validate(MoveDragonAction{{1, 0}}).legal());
  game.Apply(MoveDragonAction{{1, 0}});
  EXPECT_EQ(game.state().count.count, Quarter::kCathedral);
  EXPECT_EQ(game.state().count.followers,
            (std::vector<QuarterFollower>{{FigureKind::kFollower, 1, Quarter::kMarket}}));
  EXPECT_EQ(game.state().players[1].followers, 6);
  ExpectValid(game.state());
}

TEST(PrincessAndDragonInterplayTest, Co33ThePortalNeverDeploysIntoCarcassonne) {
  // CO-33: Red's portal tile pd:08 turned 180° north of count:1 at (0, -1):
  // no deployment into a quarter is listed, and one is refused (not the
  // pending decision); every listed follower goes onto a segment of a tile
  // of the board (CO-53: the outer features).
  GameState state = Start({Expansion::kCountOfCarcassonne});
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:08"), {0, -1}, Rotation{2}});
  ASSERT_EQ(game.state().phase, Phase::kPlaceFigure);
  int portal_targets = 0;
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    EXPECT_FALSE(std::holds_alternative<DeployToQuarterAction>(action));
    if (const auto* figure = std::get_if<PlaceFigureAction>(&action)) {
      EXPECT_GE(game.board().TileIndexAt(figure->segment.cell), 0);
      if (!(figure->segment.cell == Position{0, -1})) ++portal_targets;
    }
  }
  EXPECT_GT(portal_targets, 0);
  EXPECT_FALSE(
      game.Validate(DeployToQuarterAction{FigureKind::kFollower, Quarter::kMarket, std::nullopt})
          .legal());
}

TEST(PrincessAndDragonInterplayTest, Pd11TheDragonEatsTheMayorAndTheWagon) {
  // PD-11 (Abbey & Mayor): Blue's mayor in D's city, Blue's wagon on D's
  // road. Red steps the dragon onto D: both go back (Blue: 1 mayor, 1
  // wagon in supply); the figures' board is empty.
  RuleSet rules;
  rules.am_mayor = true;
  rules.am_wagon = true;
  GameState state = WithVolcano(Start({Expansion::kAbbeyAndMayor}, rules));
  state.figures.push_back({FigureKind::kMayor, 1, {{0, 0}, 0}});
  state.figures.push_back({FigureKind::kWagon, 1, {{0, 0}, 1}});
  state.players[1].mayors = 0;
  state.players[1].wagons = 0;
  ExpectValid(state);
  Game game(state);
  FlyFromTheVolcano(game);
  ASSERT_TRUE(game.Validate(MoveDragonAction{{0, 0}}).legal());
  game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[1].mayors, 1);
  EXPECT_EQ(game.state().players[1].wagons, 1);
  ExpectValid(game.state());
}

TEST(PrincessAndDragonInterplayTest, Pd11TheBuilderAndThePigOnItsTileAreEaten) {
  // PD-11 (engine practice), PD-14: on base:U at (1, 0) Red's follower on
  // the road and Red's farmer in the south field; on D Red's builder on the
  // same road and Red's pig in the same field. The dragon enters D: the
  // builder and the pig go back (builders 1, pigs 1); the follower and the
  // farmer on (1, 0) stay (followers in supply still 5).
  GameState state = WithVolcano(Start({Expansion::kTradersAndBuilders}));
  state.tiles.push_back({Tile("base:U"), {1, 0}, Rotation{0}});
  const Figure red_robber{FigureKind::kFollower, 0, {{1, 0}, 0}};
  const Figure red_farmer{FigureKind::kFollower, 0, {{1, 0}, 2}};
  state.figures.push_back(red_robber);
  state.figures.push_back(red_farmer);
  state.figures.push_back({FigureKind::kBuilder, 0, {{0, 0}, 1}});
  state.figures.push_back({FigureKind::kPig, 0, {{0, 0}, 3}});
  state.players[0].followers = 5;
  state.players[0].builders = 0;
  state.players[0].pigs = 0;
  ExpectValid(state);
  Game game(state);
  FlyFromTheVolcano(game);
  game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_EQ(game.state().figures, (std::vector<Figure>{red_robber, red_farmer}));
  EXPECT_EQ(game.state().players[0].followers, 5);
  EXPECT_EQ(game.state().players[0].builders, 1);
  EXPECT_EQ(game.state().players[0].pigs, 1);
  ExpectValid(game.state());
}

TEST(PrincessAndDragonInterplayTest, Pd11TheMagicFiguresAreNeverEaten) {
  // Known gap PD-11 (no ruling): the mage in D's city stays when the dragon
  // enters D; Blue's knight there is eaten.
  GameState state = WithVolcano(Start({Expansion::kMageAndWitch}));
  state.mage = SegmentAddress{{0, 0}, 0};
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 0}});
  state.players[1].followers = 6;
  ExpectValid(state);
  Game game(state);
  FlyFromTheVolcano(game);
  game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_TRUE(game.state().figures.empty());
  ASSERT_TRUE(game.state().mage.has_value());
  EXPECT_EQ(*game.state().mage, (SegmentAddress{{0, 0}, 0}));
}

TEST(PrincessAndDragonInterplayTest, Kr09ThePortalTilesCompleterTakesTheKing) {
  // KR-09, PD-20: Red places the portal tile pd:27 (city N, road S-W)
  // turned 180° north of D: D's city of 2 tiles is complete, nobody in it.
  // Red puts the follower through the portal onto D's open road instead:
  // Red completed the city, so Red takes the King, record 2; the road holds
  // Red's follower and does not score.
  GameState state = Start({Expansion::kKingAndRobberBaron});
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:27"), {0, -1}, Rotation{2}});
  const PlaceFigureAction robber{FigureKind::kFollower, {{0, 0}, 1}};
  ASSERT_TRUE(game.Validate(robber).legal());
  game.Apply(robber);
  ASSERT_TRUE(game.state().king.holder.has_value());
  EXPECT_EQ(*game.state().king.holder, 0);
  EXPECT_EQ(game.state().king.record, 2);
  EXPECT_EQ(game.state().figures,
            (std::vector<Figure>{Figure{FigureKind::kFollower, 0, {{0, 0}, 1}}}));
  EXPECT_EQ(game.state().players[0].score, 0);
  ExpectValid(game.state());
}

TEST(PrincessAndDragonInterplayTest, Pd03AMonkJoinsTheMonasteryInAKnightsCity) {
  // PD-03: pd:13 (city N+E+W around a monastery; a dragon tile, so the
  // dragon stands on the volcano pd:17 west of D) turned 180° north of D:
  // its city (now S, W, E) joins D's, where Blue's knight stands. The
  // monastery is a feature of its own: Red's monk on it is legal, a knight
  // on the city is not (BG-04, occupied).
  GameState state = WithVolcano(Start());
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 0}});
  state.players[1].followers = 6;
  ExpectValid(state);
  Game game(state);
  const PlaceTileAction abbey_city{Tile("pd:13"), {0, -1}, Rotation{2}};
  ASSERT_TRUE(game.Validate(abbey_city).legal());
  game.Apply(abbey_city);
  const int city = game.board().FeatureOf(game.board().SegmentId(SegmentAddress{{0, -1}, 0}));
  const int monastery = game.board().FeatureOf(game.board().SegmentId(SegmentAddress{{0, -1}, 1}));
  EXPECT_NE(city, monastery);
  EXPECT_EQ(city, game.board().FeatureOf(game.board().SegmentId(SegmentAddress{{0, 0}, 0})));
  EXPECT_TRUE(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 1}}).legal());
  const Verdict knight = game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 0}});
  ASSERT_FALSE(knight.legal());
  EXPECT_EQ(knight.violations[0].code, ViolationCode::kFeatureOccupied);
}

}  // namespace
}  // namespace carcassonne

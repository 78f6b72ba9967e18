// The Princess & the Dragon (shared/rules/expansions/princess-dragon.md): the
// bag (PD-01, PD-02), the volcano (PD-04, PD-05, PD-T04), dragon tiles before
// the dragon is in play (PD-08, PD-T03), the dragon's flight step by step
// (PD-09, PD-10, PD-T01; a stuck flight; wrong steps), what it eats (PD-11,
// PD-13, PD-14, TB-15, TB-T07), option pd.dragon_move_time (PD-09), the magic
// portal (PD-20), the princess (PD-21, PD-22, PD-T06) and the snapshot check
// of the dragon and its flight; the fairy (PD-15, PD-16, PD-18, PD-19,
// PD-T02, PD-T05) and its snapshot check. Every number is counted by hand in
// the comments. (Over 600 lines: one expansion's tests, each short and on
// one board of its own.)
#include "engine/expansions/princess_and_dragon.h"

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

RuleSet PrincessAndDragonRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kPrincessAndDragon};
  return rules;
}

// A game of `names` with the expansion (and `more`), the bag not tracked.
GameState Start(std::vector<std::string> names, std::vector<Expansion> more = {}) {
  return UntrackedGame(names, Expansion::kPrincessAndDragon, more);
}

std::vector<Position> ListedSteps(const Game& game) {
  std::vector<Position> steps;
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    if (const auto* step = std::get_if<MoveDragonAction>(&action)) steps.push_back(step->to);
  }
  return steps;
}

TEST(PrincessAndDragonTest, TheBagHoldsThe30TilesAndTheDragonIsBesideTheBoard) {
  // PD-01, PD-02: 71 base tiles in the bag + 30; no dragon on the board.
  const GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, PrincessAndDragonRules()));
  EXPECT_EQ(state.bag->Total(), 71 + 30);
  EXPECT_EQ(state.bag->CountOf(Tile("pd:14")), 2);
  EXPECT_FALSE(state.dragon.has_value());
  EXPECT_TRUE(state.dragon_flight.empty());
}

TEST(PrincessAndDragonTest, ADragonTileBeforeTheFirstVolcanoIsSetAside) {
  // PD-08, PD-T03: pd:16 (road E-W) fits east of D, but the dragon is not in
  // play: it cannot be the drawn tile.
  GameState state = Start({"Red", "Blue"});
  Game game(state);
  const PlaceTileAction dragon_tile{Tile("pd:16"), {1, 0}, Rotation{0}};
  EXPECT_TRUE(HasCode(game.Validate(dragon_tile), ViolationCode::kDragonNotInPlay, "PD-08"));
  EXPECT_TRUE(game.ListLegalActions(Tile("pd:16")).actions.empty());
  // After the first volcano (pd:01 south of D) it may be placed.
  PlaceAndPass(game, {Tile("pd:01"), {0, 1}, Rotation{0}});
  ASSERT_TRUE(game.state().dragon.has_value());
  EXPECT_TRUE(game.Validate(dragon_tile).legal());
}

TEST(PrincessAndDragonTest, TheVolcanoTakesTheDragonAndNoFigure) {
  // PD-04, PD-05, PD-T04: Red places pd:01 (all field) south of D; the dragon
  // moves there; no follower on it: only the pass is listed.
  GameState state = Start({"Red", "Blue"});
  Game game(state);
  const LegalActions before = game.ListLegalActions(Tile("pd:01"));
  for (const LegalPlacement& placement : before.placements) {
    EXPECT_TRUE(placement.follower_segments.empty());  // PD-05
  }
  game.Apply(PlaceTileAction{Tile("pd:01"), {0, 1}, Rotation{0}});
  ASSERT_TRUE(game.state().dragon.has_value());
  EXPECT_EQ(*game.state().dragon, (Position{0, 1}));
  const PlaceFigureAction farmer{FigureKind::kFollower, {{0, 1}, 0}};
  EXPECT_TRUE(HasCode(game.Validate(farmer), ViolationCode::kFigureNotAllowed, "PD-05"));
  const std::vector<Action> listed = game.ListLegalActions(nullptr).actions;
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<PassAction>(listed[0]));
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// PD-T01's board: pd:17 (volcano, road E-W) at (-1, 0) with the dragon, D at
// (0, 0), base:U (road E-W) at (1, 0) .. (5, 0). Red's knight in D's city,
// Blue's follower on the road at (2, 0), Green's farmer north of it at
// (3, 0). Red to place pd:16 (dragon, road E-W) at (6, 0).
GameState SixStepBoard() {
  GameState state = Start({"Red", "Blue", "Green"});
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  for (int x = 1; x <= 5; ++x) state.tiles.push_back({Tile("base:U"), {x, 0}, Rotation{0}});
  state.dragon = Position{-1, 0};
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});  // Red, D's city
  state.figures.push_back({FigureKind::kFollower, 1, {{2, 0}, 0}});  // Blue, the road
  state.figures.push_back({FigureKind::kFollower, 2, {{3, 0}, 1}});  // Green, field f1
  for (Player& player : state.players) player.followers = 6;
  return state;
}

TEST(PrincessAndDragonTest, SixStepsEachByTheNextPlayer) {
  // PD-09, PD-10, PD-T01: Red passes the figure step; the dragon flies 6
  // steps decided by Red, Blue, Green, Red, Blue, Green.
  GameState state = SixStepBoard();
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceAndPass(game, {Tile("pd:16"), {6, 0}, Rotation{0}});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  const int expected_decider[] = {0, 1, 2, 0, 1, 2};
  for (int step = 0; step < 6; ++step) {
    SCOPED_TRACE(step);
    ASSERT_EQ(game.state().phase, Phase::kDragonMove);
    EXPECT_EQ(game.state().deciding_player, expected_decider[step]);
    EXPECT_EQ(game.state().active_player, 0);
    EXPECT_TRUE(CheckSnapshot(game.state()).empty());
    // The row: the only unvisited neighbour is the next cell east.
    const Position to{step, 0};
    EXPECT_EQ(ListedSteps(game), (std::vector<Position>{to}));
    ASSERT_TRUE(game.Validate(MoveDragonAction{to}).legal());
    game.Apply(MoveDragonAction{to});
  }
  // Six steps: the flight is over at (5, 0) (PD-13); nothing was completed;
  // Blue's turn.
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_EQ(*game.state().dragon, (Position{5, 0}));
  EXPECT_TRUE(game.state().dragon_flight.empty());
  // PD-11: the knight at (0, 0), the follower at (2, 0) and the farmer at
  // (3, 0) were eaten: all three players have 7 followers again, no points.
  EXPECT_TRUE(game.state().figures.empty());
  for (const Player& player : game.state().players) {
    EXPECT_EQ(player.followers, 7);
    EXPECT_EQ(player.score, 0);
  }
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, WrongStepsAreIllegalWithTheirCode) {
  GameState state = SixStepBoard();
  Game game(state);
  PlaceAndPass(game, {Tile("pd:16"), {6, 0}, Rotation{0}});
  // Not next to the dragon at (-1, 0); an empty cell next to it.
  EXPECT_TRUE(HasCode(game.Validate(MoveDragonAction{{1, 0}}), ViolationCode::kDragonStepNotAllowed,
                      "PD-10"));
  EXPECT_TRUE(HasCode(game.Validate(MoveDragonAction{{-1, -1}}),
                      ViolationCode::kDragonStepNotAllowed, "PD-10"));
  // A cell far away: illegal, and out of bounds malformed (no overflow).
  const Position far{2147483647, -2147483647 - 1};
  EXPECT_TRUE(
      HasCode(game.Validate(MoveDragonAction{far}), ViolationCode::kDragonStepNotAllowed, "PD-10"));
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), MoveDragonAction{far}), "move_dragon.to"));
  // Not Blue's step (AMB-49): Red decides the first.
  EXPECT_TRUE(HasCode(game.Validate(Action(MoveDragonAction{{0, 0}}, 1)),
                      ViolationCode::kNotYourDecision, "PD-10"));
  game.Apply(MoveDragonAction{{0, 0}});
  // Back to the start (visited in this flight).
  EXPECT_TRUE(HasCode(game.Validate(MoveDragonAction{{-1, 0}}),
                      ViolationCode::kDragonStepNotAllowed, "PD-10"));
  // Placing or passing is not the pending decision.
  EXPECT_FALSE(game.Validate(PassAction{}).legal());
}

TEST(PrincessAndDragonTest, AStuckFlightEndsEarly) {
  // PD-10: volcano at (-1, 0), D, and the dragon tile pd:16 at (1, 0): Red
  // steps onto D, Blue onto (1, 0); no unvisited tile is next to it: the
  // flight ends after 2 steps, and Blue's turn begins.
  GameState state = Start({"Red", "Blue"});
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  state.dragon = Position{-1, 0};
  Game game(state);
  PlaceAndPass(game, {Tile("pd:16"), {1, 0}, Rotation{0}});
  game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_EQ(game.state().deciding_player, 1);
  EXPECT_EQ(ListedSteps(game), (std::vector<Position>{Position{1, 0}}));
  game.Apply(MoveDragonAction{{1, 0}});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_EQ(*game.state().dragon, (Position{1, 0}));
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, TheBuilderOfAnEatenKnightGoesBack) {
  // PD-14, TB-15, TB-T07: D's city continues north into base:F (city N-S) at
  // (0, -1); Red's only knight is on D at (0, 0), Red's builder on base:F.
  // The dragon (volcano pd:17 at (-1, 0)) flies after Red's pd:16 south of D
  // at (0, 1): Red steps onto D and eats the knight: the builder goes back at
  // once. Blue then has (0, -1) and (0, 1) to choose from (N, E, S, W order).
  GameState state = Start({"Red", "Blue"}, {Expansion::kTradersAndBuilders});
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:F"), {0, -1}, Rotation{1}});
  state.dragon = Position{-1, 0};
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});
  state.figures.push_back({FigureKind::kBuilder, 0, {{0, -1}, 0}});
  state.players[0].followers = 6;
  state.players[0].builders = 0;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceAndPass(game, {Tile("pd:16"), {0, 1}, Rotation{0}});
  game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[0].followers, 7);
  EXPECT_EQ(game.state().players[0].builders, 1);
  EXPECT_EQ(ListedSteps(game), (std::vector<Position>{Position{0, -1}, Position{0, 1}}));
  game.Apply(MoveDragonAction{{0, 1}});
  // Stuck at (0, 1): the flight is over.
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// pd:03 (volcano, road ending on the tile) turned 270° at (-1, 0), its road
// east into D's road; Blue's follower on D's road. Red places pd:07 (dragon,
// roads ending on the tile) at (1, 0): the road of 3 tiles is complete.
GameState RoadCompletedByADragonTile(DragonMoveTime time) {
  GameState state = Start({"Red", "Blue"});
  state.rules.pd_dragon_move_time = time;
  state.tiles.push_back({Tile("pd:03"), {-1, 0}, Rotation{3}});
  state.dragon = Position{-1, 0};
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 1}});
  state.players[1].followers = 6;
  return state;
}

TEST(PrincessAndDragonTest, AfterMeepleTheDragonFliesBeforeTheScoring) {
  // PD-09 (after_meeple): Red's step onto D eats Blue's follower; the road is
  // then complete and empty: nobody scores.
  Game game(RoadCompletedByADragonTile(DragonMoveTime::kAfterMeeple));
  PlaceAndPass(game, {Tile("pd:07"), {1, 0}, Rotation{0}});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  EXPECT_TRUE(game.state().pending_scorings.empty());
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  std::vector<ScoreEvent> events = game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_EQ(game.state().players[1].followers, 7);
  events = game.Apply(MoveDragonAction{{1, 0}});  // Blue; then stuck
  EXPECT_TRUE(events.empty());
  EXPECT_EQ(game.state().players[1].score, 0);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
}

TEST(PrincessAndDragonTest, AfterScoringTheRoadScoresFirst) {
  // PD-09 (option pd.dragon_move_time = after_scoring): Red's pass scores the
  // road, 3 tiles x 1 = 3 points to Blue, whose follower goes back; then the
  // dragon flies (Red, then Blue) and eats nobody.
  Game game(RoadCompletedByADragonTile(DragonMoveTime::kAfterScoring));
  game.Apply(PlaceTileAction{Tile("pd:07"), {1, 0}, Rotation{0}});
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(game.state().players[1].score, 3);
  EXPECT_EQ(game.state().players[1].followers, 7);
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  EXPECT_EQ(game.state().deciding_player, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  game.Apply(MoveDragonAction{{0, 0}});
  game.Apply(MoveDragonAction{{1, 0}});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_EQ(game.state().players[1].score, 3);
}

TEST(PrincessAndDragonTest, NoFigureOnTheDragonsTile) {
  // PD-06: the dragon stands on D (after an earlier flight); Red places the
  // portal tile pd:08 east of D: D's city is not a target, though open and
  // empty.
  GameState state = Start({"Red", "Blue"});
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("pd:16"), {0, 1}, Rotation{2}});  // a dragon tile was placed
  state.dragon = Position{0, 0};
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:08"), {1, 0}, Rotation{0}});
  const PlaceFigureAction knight{FigureKind::kFollower, {{0, 0}, 0}};
  EXPECT_TRUE(HasCode(game.Validate(knight), ViolationCode::kFigureNotAllowed, "PD-06"));
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    const auto* figure = std::get_if<PlaceFigureAction>(&action);
    if (figure != nullptr) {
      EXPECT_FALSE(figure->segment.cell == (Position{0, 0}));
    }
  }
}

TEST(PrincessAndDragonTest, TheMagicPortalPlacesAFollowerAnywhere) {
  // PD-20: Red places the portal tile pd:08 (roads E, S, W ending on it)
  // east of D. Red may put the follower into D's open, empty city at (0, 0).
  GameState state = Start({"Red", "Blue"});
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:08"), {1, 0}, Rotation{0}});
  const PlaceFigureAction knight{FigureKind::kFollower, {{0, 0}, 0}};
  const std::vector<Action> listed = game.ListLegalActions(nullptr).actions;
  EXPECT_NE(std::find_if(listed.begin(), listed.end(),
                         [&](const Action& action) {
                           const auto* figure = std::get_if<PlaceFigureAction>(&action);
                           return figure != nullptr && figure->kind == knight.kind &&
                                  figure->segment == knight.segment;
                         }),
            listed.end());
  ASSERT_TRUE(game.Validate(knight).legal());
  game.Apply(knight);
  ASSERT_EQ(game.state().figures.size(), 1u);
  EXPECT_EQ(game.state().figures[0], (Figure{FigureKind::kFollower, 0, {{0, 0}, 0}}));
  EXPECT_EQ(game.state().players[0].followers, 6);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, ThePortalNeverReachesACompletedOrOccupiedFeature) {
  // PD-20: base:E turned 180° north of D closes D's city (2 tiles); Blue's
  // follower is on D's road. Red's portal tile pd:08 east of D: neither is
  // a target (PD-20: completed; BG-04: occupied).
  GameState state = Start({"Red", "Blue"});
  state.tiles.push_back({Tile("base:E"), {0, -1}, Rotation{2}});
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 1}});
  state.players[1].followers = 6;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:08"), {1, 0}, Rotation{0}});
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, 0}, 0}}),
                      ViolationCode::kFigureNotAllowed, "PD-20"));
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, 0}, 1}}),
                      ViolationCode::kFeatureOccupied, "BG-04"));
  // D's fields are still open targets; a tile without the portal has none.
  EXPECT_TRUE(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, 0}, 3}}).legal());
  Game plain(state);
  plain.Apply(PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  EXPECT_TRUE(HasCode(plain.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, 0}, 3}}),
                      ViolationCode::kNotOnPlacedTile, "BG-04"));
}

TEST(PrincessAndDragonTest, ThePrincessSendsAKnightHome) {
  // PD-21, PD-22, PD-T06: Blue's knight holds D's city. Red places the
  // princess tile pd:20 (city N+W) turned 180° north of D: its city (now S
  // and E) joins D's. Red removes Blue's knight instead of placing a figure:
  // Blue has 7 followers again, Red still 7, and it is Blue's turn (the city
  // is open to the east: nothing scores).
  GameState state = Start({"Red", "Blue"});
  const Figure blue_knight{FigureKind::kFollower, 1, {{0, 0}, 0}};
  state.figures.push_back(blue_knight);
  state.players[1].followers = 6;
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:20"), {0, -1}, Rotation{2}});
  const std::vector<Action> listed = game.ListLegalActions(nullptr).actions;
  EXPECT_EQ(std::count_if(listed.begin(), listed.end(),
                          [](const Action& action) {
                            return std::holds_alternative<RemoveKnightAction>(action);
                          }),
            1);
  const RemoveKnightAction remove{blue_knight};
  ASSERT_TRUE(game.Validate(remove).legal());
  game.Apply(remove);
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[1].followers, 7);
  EXPECT_EQ(game.state().players[0].followers, 7);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, ThePrincessOnlyInHerCityAndHerTurn) {
  // PD-21: a follower outside her city, or a tile without her, is no
  // removal; PD-22: outside the figure step it is not the pending decision.
  GameState state = Start({"Red", "Blue"});
  const Figure blue_farmer{FigureKind::kFollower, 1, {{0, 0}, 3}};
  state.figures.push_back(blue_farmer);
  state.players[1].followers = 6;
  Game game(state);
  EXPECT_FALSE(game.Validate(RemoveKnightAction{blue_farmer}).legal());  // tile phase
  game.Apply(PlaceTileAction{Tile("pd:20"), {0, -1}, Rotation{2}});
  EXPECT_TRUE(HasCode(game.Validate(RemoveKnightAction{blue_farmer}),
                      ViolationCode::kPrincessNotAllowed, "PD-21"));
  Game plain(state);
  plain.Apply(PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  EXPECT_TRUE(HasCode(plain.Validate(RemoveKnightAction{blue_farmer}),
                      ViolationCode::kPrincessNotAllowed, "PD-21"));
}

TEST(PrincessAndDragonTest, TheSnapshotCheckOfTheDragon) {
  GameState state = SixStepBoard();
  // PD-04: the dragon enters play on a volcano; PD-08: a dragon tile on the
  // board means it is in play.
  GameState no_volcano = Start({"Red", "Blue"});
  no_volcano.dragon = Position{0, 0};
  EXPECT_TRUE(HasProblem(CheckSnapshot(no_volcano), "dragon"));
  GameState off_board = state;
  off_board.dragon = Position{9, 9};
  EXPECT_TRUE(HasProblem(CheckSnapshot(off_board), "dragon"));
  GameState dragon_tile_without_dragon = Start({"Red", "Blue"});
  dragon_tile_without_dragon.tiles.push_back({Tile("pd:16"), {1, 0}, Rotation{0}});
  EXPECT_TRUE(HasProblem(CheckSnapshot(dragon_tile_without_dragon), "dragon"));
  // A flight only in its phase.
  GameState stray_flight = state;
  stray_flight.dragon_flight = {{-1, 0}};
  EXPECT_TRUE(HasProblem(CheckSnapshot(stray_flight), "dragon_flight"));
  // Mid-flight: the tiles visited must be distinct neighbours, the decider
  // the next in turn.
  Game game(state);
  PlaceAndPass(game, {Tile("pd:16"), {6, 0}, Rotation{0}});
  game.Apply(MoveDragonAction{{0, 0}});
  ASSERT_TRUE(CheckSnapshot(game.state()).empty());
  GameState wrong_decider = game.state();
  wrong_decider.deciding_player = 0;
  EXPECT_TRUE(HasProblem(CheckSnapshot(wrong_decider), "deciding_player"));
  GameState jump = game.state();
  jump.dragon_flight = {{-1, 0}, {1, 0}};
  jump.dragon = Position{1, 0};
  EXPECT_TRUE(HasProblem(CheckSnapshot(jump), "dragon_flight[1]"));
  // Without the expansion there is no dragon.
  GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  base.dragon = Position{0, 0};
  EXPECT_TRUE(HasProblem(CheckSnapshot(base), "dragon"));
}

// CO-T11 (AMB-09, CO-24, CO-15): with the Count, the volcano pd:01 north of
// count:1 at (0, -1) holds the dragon; Blue's thief (placed by a portal,
// CO-53) stands on count:1's outer road at (0, 0). Red places the dragon tile
// pd:04 (city N) at (1, -1), north of count:2, and passes.
GameState CountCityWithAThief(bool enters) {
  GameState state = Start({"Red", "Blue"}, {Expansion::kCountOfCarcassonne});
  state.rules.count_dragon_enters_city_tiles = enters;
  state.tiles.push_back({Tile("pd:01"), {0, -1}, Rotation{0}});
  state.dragon = Position{0, -1};
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 0}});
  state.players[1].followers = 6;
  return state;
}

TEST(PrincessAndDragonTest, TheDragonEatsOnTheOuterFeaturesOfTheCitysTiles) {
  // Default count.dragon_enters_city_tiles = true: Red may step east onto
  // pd:04 or south onto count:1; onto count:1 it eats the thief (followers
  // [7, 7]); the quarters are off the board, untouched.
  GameState state = CountCityWithAThief(true);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceAndPass(game, {Tile("pd:04"), {1, -1}, Rotation{0}});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  EXPECT_EQ(ListedSteps(game), (std::vector<Position>{Position{1, -1}, Position{0, 0}}));
  game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[1].followers, 7);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, WithTheOptionOffTheDragonStaysOutOfTheCity) {
  // count.dragon_enters_city_tiles = false (CO-15's text): only pd:04 is a
  // step; count:1 is DRAGON_STEP_NOT_ALLOWED under CO-15.
  GameState state = CountCityWithAThief(false);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceAndPass(game, {Tile("pd:04"), {1, -1}, Rotation{0}});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  EXPECT_EQ(ListedSteps(game), (std::vector<Position>{Position{1, -1}}));
  EXPECT_TRUE(HasCode(game.Validate(MoveDragonAction{{0, 0}}), ViolationCode::kDragonStepNotAllowed,
                      "CO-15"));
}

TEST(PrincessAndDragonTest, ThePortalReachesTheOuterFeaturesOfTheCitysTiles) {
  // CO-53: Red's portal tile pd:08 turned 180 (roads N, E, W, field S) north
  // of count:1: a follower may go onto count:1's outer road (W, open) at
  // (0, 0); CO-33: nothing reaches the quarters (they are no segments).
  GameState state = Start({"Red", "Blue"}, {Expansion::kCountOfCarcassonne});
  Game game(state);
  const PlaceTileAction portal{Tile("pd:08"), {0, -1}, Rotation{2}};
  ASSERT_TRUE(game.Validate(portal).legal());
  game.Apply(portal);
  EXPECT_TRUE(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, 0}, 0}}).legal());
}

TEST(PrincessAndDragonTest, TheOptionsNeedTheirExpansions) {
  RuleSet option_alone;
  option_alone.pd_dragon_move_time = DragonMoveTime::kAfterScoring;
  const auto alone = NewGame({"Red", "Blue"}, option_alone);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(alone));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(alone), "rules.pd_dragon_move_time"));
  RuleSet no_count = PrincessAndDragonRules();
  no_count.count_dragon_enters_city_tiles = false;
  const auto without = NewGame({"Red", "Blue"}, no_count);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(without));
  EXPECT_TRUE(
      HasProblem(std::get<std::vector<Problem>>(without), "rules.count_dragon_enters_city_tiles"));
}

TEST(PrincessAndDragonTest, TheRiverIIVolcanoLakeBringsTheDragon) {
  // RV-10, PD-04: River II's spring river:2-01 (river E) at (0, 0); Red
  // places the volcano lake river:2-03 (river W) east of it: the dragon moves
  // there, no figure on it (RV-10, PD-05), and Red plays a second tile.
  RuleSet rules = PrincessAndDragonRules();
  rules.expansions.push_back(Expansion::kRiver);
  rules.river_parts = RiverParts::kRiverTwo;
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.bag.reset();
  Game game(state);
  const PlaceTileAction lake{Tile("river:2-03"), {1, 0}, Rotation{0}};
  ASSERT_TRUE(game.Validate(lake).legal());
  game.Apply(lake);
  ASSERT_TRUE(game.state().dragon.has_value());
  EXPECT_EQ(*game.state().dragon, (Position{1, 0}));
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{1, 0}, 1}}),
                      ViolationCode::kFigureNotAllowed, "PD-05"));
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 0);
  EXPECT_TRUE(game.state().second_part);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, TheFarmerIsEatenTheBarnStays) {
  // PD-T07, PD-11: D with base:U east, base:B south and south-east; Red's
  // barn on D's south-east corner (the south field); Blue's farmer in D's
  // north field. The dragon (volcano pd:17 west of D) flies after Red's
  // pd:16 at (2, 0); Red steps onto D: the farmer goes back (Blue 7), the
  // barn stays (still 1 on the board, Red's supply 0).
  GameState state = Start({"Red", "Blue"}, {Expansion::kAbbeyAndMayor});
  state.rules.am_barn = true;
  state = std::get<GameState>(NewGame({"Red", "Blue"}, state.rules));
  state.bag.reset();
  state.tiles.push_back({Tile("base:U"), {1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {0, 1}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {1, 1}, Rotation{0}});
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  state.dragon = Position{-1, 0};
  state.barns.push_back({0, {0, 0}, Corner::kSouthEast});
  state.players[0].barns = 0;
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 2}});
  state.players[1].followers = 6;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceAndPass(game, {Tile("pd:16"), {2, 0}, Rotation{0}});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  game.Apply(MoveDragonAction{{0, 0}});
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[1].followers, 7);
  ASSERT_EQ(game.state().barns.size(), 1u);
  EXPECT_EQ(game.state().players[0].barns, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, ACastlesLordIsNotEaten) {
  // PD-12 (JCloisterZone): base:E turned 180 north of D closed D's city of
  // two segments, which Red's knight made a castle (BC-10). The dragon steps
  // onto D: the lord stays; Blue's farmer in D's south field is eaten.
  RuleSet rules = PrincessAndDragonRules();
  rules.expansions.push_back(Expansion::kBridgesCastlesAndBazaars);
  rules.bc_castles = true;
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.bag.reset();
  state.tiles.push_back({Tile("base:E"), {0, -1}, Rotation{2}});
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  state.dragon = Position{-1, 0};
  Castle castle;
  castle.segments = {{{0, 0}, 0}, {{0, -1}, 0}};
  castle.owner = 0;
  state.castles.push_back(castle);
  state.players[0].castles -= 1;
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 3}});
  state.players[0].followers = 6;
  state.players[1].followers = 6;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceAndPass(game, {Tile("pd:16"), {1, 0}, Rotation{0}});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  game.Apply(MoveDragonAction{{0, 0}});
  ASSERT_EQ(game.state().figures.size(), 1u);
  EXPECT_EQ(game.state().figures[0], (Figure{FigureKind::kFollower, 0, {{0, 0}, 0}}));
  EXPECT_EQ(game.state().players[1].followers, 7);
}

// The fairy (PD-15..PD-19). Red's knight on D's city, Blue's farmer on D's
// field south of the road.
GameState FairyBoard() {
  GameState state = Start({"Red", "Blue"});
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 0}, 3}});
  state.players[0].followers = 6;
  state.players[1].followers = 6;
  return state;
}

TEST(PrincessAndDragonTest, TheFairyMovesInsteadOfAFigure) {
  // PD-15: Red places base:U (road E-W) east of D and, instead of a figure,
  // moves the fairy next to Red's knight on D: the only fairy move listed
  // (Blue's farmer is not Red's). The figure step is over: Blue's turn, Red
  // still has 6 followers in supply.
  GameState state = FairyBoard();
  Game game(state);
  game.Apply(PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  const Figure red_knight{FigureKind::kFollower, 0, {{0, 0}, 0}};
  const Figure blue_farmer{FigureKind::kFollower, 1, {{0, 0}, 3}};
  std::vector<Figure> listed;
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    if (const auto* fairy = std::get_if<MoveFairyAction>(&action))
      listed.push_back(fairy->follower);
  }
  EXPECT_EQ(listed, (std::vector<Figure>{red_knight}));
  EXPECT_TRUE(HasCode(game.Validate(MoveFairyAction{blue_farmer}), ViolationCode::kFigureNotAllowed,
                      "PD-15"));
  ASSERT_TRUE(game.Validate(MoveFairyAction{red_knight}).legal());
  game.Apply(MoveFairyAction{red_knight});
  ASSERT_TRUE(game.state().fairy.has_value());
  EXPECT_EQ(*game.state().fairy, (Position{0, 0}));
  EXPECT_EQ(game.state().fairy_follower, red_knight);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_EQ(game.state().players[0].followers, 6);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // Not in the tile step; and not again next to the same follower.
  EXPECT_FALSE(game.Validate(MoveFairyAction{blue_farmer}).legal());
}

TEST(PrincessAndDragonTest, TheDragonNeverEntersTheFairysTile) {
  // PD-16, PD-10, PD-T02: the fairy stands by Red's knight on D; the dragon
  // on the volcano pd:17 (road E-W) at (-1, 0). Red places the dragon tile
  // pd:16 (road E-W) west of it at (-2, 0) and passes: the only step listed
  // is (-2, 0) (D is protected); from there no unvisited tile is left beside
  // it: the flight ends after 1 step and Red's knight is still on D.
  GameState state = FairyBoard();
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  state.dragon = Position{-1, 0};
  state.fairy = Position{0, 0};
  state.fairy_follower = Figure{FigureKind::kFollower, 0, {{0, 0}, 0}};
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceAndPass(game, {Tile("pd:16"), {-2, 0}, Rotation{0}});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  EXPECT_EQ(ListedSteps(game), (std::vector<Position>{Position{-2, 0}}));
  EXPECT_TRUE(HasCode(game.Validate(MoveDragonAction{{0, 0}}), ViolationCode::kDragonStepNotAllowed,
                      "PD-16"));
  game.Apply(MoveDragonAction{{-2, 0}});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(*game.state().dragon, (Position{-2, 0}));
  EXPECT_EQ(game.state().figures.size(), 2u);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, TheFairysFollowersOwnerScores3EvenWithoutTheMajority) {
  // PD-18, PD-19, PD-T05, BG-09: a city D (0, 0) - base:F (0, -1, 1 coat
  // of arms) - base:G (0, -2), both turned to N-S; Red's knights on D and
  // (0, -1), Blue's on (0, -2) with the fairy. Red closes it with base:E
  // (city turned S) at (0, -3) and passes: 4 tiles x 2 + 1 coat of arms x 2
  // = 10 points to Red (2 knights to 1);
  // Blue, without the majority, 3 for the fairy. Every knight goes back;
  // the fairy stays on (0, -2), attached to nobody (PD-19).
  GameState state = Start({"Red", "Blue"});
  state.tiles.push_back({Tile("base:F"), {0, -1}, Rotation{1}});
  state.tiles.push_back({Tile("base:G"), {0, -2}, Rotation{1}});
  const Figure blue_knight{FigureKind::kFollower, 1, {{0, -2}, 0}};
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});
  state.figures.push_back({FigureKind::kFollower, 0, {{0, -1}, 0}});
  state.figures.push_back(blue_knight);
  state.players[0].followers = 5;
  state.players[1].followers = 6;
  state.fairy = Position{0, -2};
  state.fairy_follower = blue_knight;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  game.Apply(PlaceTileAction{Tile("base:E"), {0, -3}, Rotation{2}});
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{PlayerPoints{0, 10}, PlayerPoints{1, 3}}));
  EXPECT_EQ(game.state().players[0].score, 10);
  EXPECT_EQ(game.state().players[1].score, 3);
  EXPECT_EQ(game.state().players[0].followers, 7);
  EXPECT_EQ(game.state().players[1].followers, 7);
  ASSERT_TRUE(game.state().fairy.has_value());
  EXPECT_EQ(*game.state().fairy, (Position{0, -2}));
  EXPECT_FALSE(game.state().fairy_follower.has_value());
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonTest, TheFairysBonusAlsoAtTheFinalScoring) {
  // PD-18 (engine practice, PD-Q3), BG-13: Red's follower on D's road with
  // the fairy; at the end the open road of 1 tile scores 1, + 3 = 4.
  GameState state = Start({"Red", "Blue"});
  const Figure red_robber{FigureKind::kFollower, 0, {{0, 0}, 1}};
  state.figures.push_back(red_robber);
  state.players[0].followers = 6;
  state.fairy = Position{0, 0};
  state.fairy_follower = red_robber;
  Game game(state);
  const std::vector<ScoreEvent> events = game.ScoreIfEndedNow();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{PlayerPoints{0, 4}}));
}

TEST(PrincessAndDragonTest, TheSnapshotCheckOfTheFairy) {
  // PD-15, PD-16, PD-19.
  const Figure red_knight{FigureKind::kFollower, 0, {{0, 0}, 0}};
  GameState off_board = FairyBoard();
  off_board.fairy = Position{5, 5};
  EXPECT_TRUE(HasProblem(CheckSnapshot(off_board), "fairy"));
  GameState elsewhere = FairyBoard();
  elsewhere.tiles.push_back({Tile("base:U"), {1, 0}, Rotation{0}});
  elsewhere.fairy = Position{1, 0};
  elsewhere.fairy_follower = red_knight;
  EXPECT_TRUE(HasProblem(CheckSnapshot(elsewhere), "fairy_follower"));
  GameState gone = FairyBoard();
  gone.fairy = Position{0, 0};
  gone.fairy_follower = Figure{FigureKind::kFollower, 1, {{0, 0}, 0}};
  EXPECT_TRUE(HasProblem(CheckSnapshot(gone), "fairy_follower"));
  GameState no_tile = FairyBoard();
  no_tile.fairy_follower = red_knight;
  EXPECT_TRUE(HasProblem(CheckSnapshot(no_tile), "fairy"));
  GameState alone = FairyBoard();
  alone.fairy = Position{0, 0};
  EXPECT_TRUE(CheckSnapshot(alone).empty());  // PD-19
  GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  base.fairy = Position{0, 0};
  EXPECT_TRUE(HasProblem(CheckSnapshot(base), "fairy"));
}

}  // namespace
}  // namespace carcassonne

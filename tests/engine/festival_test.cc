// The Festival (shared/rules/expansions/festival.md): the worked tests FV-T01..
// FV-T04 and the rules they rest on: the choice after a festival tile
// (FV-03), which figures may be taken back (FV-04, FV-05, option
// festival.return FV-09), the removal before the turn's scoring (FV-07) and
// the step it ends (FV-10). Every number is worked out in the comments.
//
// The board of every test starts with base:D at (0, 0) rotation 0 (city N,
// road E-W), as the file's section 4 says. y grows southwards; a rotation is
// a number of clockwise quarter turns. The file's tests are JCloisterZone
// scenarios of one player; a game here has two, so the other seat (Bob)
// plays a tile of its own in between, away from the figures the test reads.
#include "engine/expansions/festival.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/board.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

constexpr int kAlice = 0;
constexpr int kBob = 1;

RuleSet FestivalRules(std::vector<Expansion> more = {},
                      FestivalReturn returns = FestivalReturn::kFigure) {
  RuleSet rules;
  rules.expansions = {Expansion::kFestival};
  rules.expansions.insert(rules.expansions.end(), more.begin(), more.end());
  rules.festival_return = returns;
  return rules;
}

// A new game of Alice and Bob with `rules`, the tile bag not tracked (the
// tests lay the tiles they choose; a sheep bag stays tracked).
Game Start(const RuleSet& rules) {
  GameState state = std::get<GameState>(NewGame({"Alice", "Bob"}, rules));
  state.bag.reset();
  return Game(state);
}

// Applies a legal action and checks the snapshot it leaves.
std::vector<ScoreEvent> Do(Game& game, const Action& action) {
  const Verdict verdict = game.Validate(action);
  EXPECT_TRUE(verdict.legal()) << (verdict.violations.empty() ? "" : verdict.violations[0].message);
  std::vector<ScoreEvent> events = game.Apply(action);
  const std::vector<Problem> problems = CheckSnapshot(game.state());
  EXPECT_TRUE(problems.empty()) << problems[0].field << ": " << problems[0].message;
  return events;
}

void Place(Game& game, std::string_view tile, Position cell, int quarter_turns) {
  Do(game, PlaceTileAction{Tile(tile), cell, Rotation{static_cast<uint8_t>(quarter_turns)}});
}

// The figures the figure step offers to take back, in the order listed.
std::vector<Figure> OfferedFigures(const Game& game) {
  std::vector<Figure> offered;
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    const auto* take = std::get_if<TakeFigureBackAction>(&action);
    if (take == nullptr) continue;
    EXPECT_TRUE(take->figure.has_value() && !take->barn.has_value());
    if (take->figure) offered.push_back(*take->figure);
  }
  return offered;
}

bool PassListed(const Game& game) {
  const std::vector<Action> actions = game.ListLegalActions(nullptr).actions;
  return std::any_of(actions.begin(), actions.end(), [](const Action& action) {
    return std::holds_alternative<PassAction>(action);
  });
}

// base:U (road E-W): segment 0 is the road, 1 the north field (NNW, NNE, ENE,
// WNW), 2 the south field.
constexpr int kRoad = 0;
constexpr int kNorthField = 1;
constexpr int kSouthField = 2;

const Figure kAliceOnTheRoad{FigureKind::kFollower, kAlice, {{-1, 0}, kRoad}};

// FV-T01's first moves: Alice lays base:U at (-1, 0), west of D, and puts a
// follower on its road (D's road runs on west into it); Bob closes D's city
// with base:E turned 180 (city S) at (0, -1) and passes.
Game RoadFollowerBoard(const RuleSet& rules) {
  Game game = Start(rules);
  Place(game, "base:U", {-1, 0}, 0);
  Do(game, PlaceFigureAction{FigureKind::kFollower, {{-1, 0}, kRoad}});
  Place(game, "base:E", {0, -1}, 2);
  Do(game, PassAction{});
  return game;
}

// ----- FV-T01: the offer after a festival tile ------------------------------

TEST(FestivalTest, FV_T01_TheRoadFollowerIsOfferedAndPassIsAllowed) {
  Game game = RoadFollowerBoard(FestivalRules());
  ASSERT_EQ(game.state().active_player, kAlice);
  // fe:09 (city N, road S-W) turned 180: city S, road N-E; its east road
  // meets base:U's west end (FV-02: placed by the normal rules).
  Place(game, "fe:09", {-2, 0}, 2);
  ASSERT_EQ(game.state().phase, Phase::kPlaceFigure);
  // FV-03 (b): the only figure of Alice's on the board is the road follower.
  EXPECT_EQ(OfferedFigures(game), std::vector<Figure>{kAliceOnTheRoad});
  // FV-03 (c): she may do neither.
  EXPECT_TRUE(PassListed(game));
  // The road (fe:09 open north, D open east) is not complete, and D's city
  // (closed by Bob) holds nobody: 0 points.
  const std::vector<ScoreEvent> events = Do(game, PassAction{});
  for (const ScoreEvent& event : events) EXPECT_EQ(event.Total(), 0);
  EXPECT_EQ(game.state().players[kAlice].score, 0);
  EXPECT_EQ(game.state().players[kAlice].followers, 6);
}

TEST(FestivalTest, FV_03_TakingTheFigureBackEndsTheStep) {
  Game game = RoadFollowerBoard(FestivalRules());
  Place(game, "fe:09", {-2, 0}, 2);
  // FV-03 (b), FV-04: back into her supply, with no points; FV-10: it is the
  // step's action, so the turn is over: Bob's tile comes next.
  const std::vector<ScoreEvent> events =
      Do(game, TakeFigureBackAction{kAliceOnTheRoad, std::nullopt});
  for (const ScoreEvent& event : events) EXPECT_EQ(event.Total(), 0);
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[kAlice].followers, 7);
  EXPECT_EQ(game.state().players[kAlice].score, 0);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, kBob);
  // FV-10: no deployment follows in the same turn.
  const Verdict late = game.Validate(PlaceFigureAction{FigureKind::kFollower, {{-2, 0}, 1}});
  EXPECT_FALSE(late.legal());
}

TEST(FestivalTest, FV_03_OnlyAfterAFestivalTile) {
  Game game = RoadFollowerBoard(FestivalRules());
  // base:U at (-2, 0) is no festival tile: nothing is offered, and the
  // action is refused.
  Place(game, "base:U", {-2, 0}, 0);
  EXPECT_TRUE(OfferedFigures(game).empty());
  EXPECT_TRUE(HasCode(game.Validate(TakeFigureBackAction{kAliceOnTheRoad, std::nullopt}),
                      ViolationCode::kFigureTakeBackNotAllowed, "FV-03"));
  // In the tile phase the decision is not pending at all.
  Do(game, PassAction{});
  const Verdict verdict = game.Validate(TakeFigureBackAction{kAliceOnTheRoad, std::nullopt});
  ASSERT_FALSE(verdict.legal());
  EXPECT_EQ(verdict.violations[0].code, ViolationCode::kWrongPhase);
  EXPECT_EQ(verdict.violations[0].rule_id, "FV-03");
}

TEST(FestivalTest, FV_03_OnlyTheirOwnFiguresOnTheBoard) {
  Game game = RoadFollowerBoard(FestivalRules());
  Place(game, "fe:09", {-2, 0}, 2);
  // Not Bob's figure (there is none on that road: the named figure is his).
  const Figure bobs{FigureKind::kFollower, kBob, {{-1, 0}, kRoad}};
  EXPECT_TRUE(HasCode(game.Validate(TakeFigureBackAction{bobs, std::nullopt}),
                      ViolationCode::kFigureTakeBackNotAllowed, "FV-03"));
  // Not a figure that is not on the board (FV-05: nor a captured one).
  const Figure nowhere{FigureKind::kFollower, kAlice, {{0, 0}, 0}};
  EXPECT_TRUE(HasCode(game.Validate(TakeFigureBackAction{nowhere, std::nullopt}),
                      ViolationCode::kFigureTakeBackNotAllowed, "FV-05"));
}

// ----- FV-07: the figure leaves before the turn's scoring --------------------

TEST(FestivalTest, FV_07_AFigureTakenBackDoesNotScoreTheFeatureTheTileCompletes) {
  // Alice's follower on base:U's road at (-1, 0); Bob lays base:A turned 90
  // (monastery, road W ending on it) at (1, 0), closing D's road east.
  // fe:08 (city N, road W ending on the tile) turned 180: road E, ending on
  // it, at (-2, 0) closes the road at the west: fe:08, U, D, A = 4 tiles.
  auto board = [] {
    Game game = Start(FestivalRules());
    Place(game, "base:U", {-1, 0}, 0);
    Do(game, PlaceFigureAction{FigureKind::kFollower, {{-1, 0}, kRoad}});
    Place(game, "base:A", {1, 0}, 1);
    Do(game, PassAction{});
    Place(game, "fe:08", {-2, 0}, 2);
    return game;
  };
  // Passing (FV-03 (c)): the completed road of 4 tiles scores 4 for Alice
  // (BG-08: 1 per tile), and her follower comes back.
  Game passed = board();
  Do(passed, PassAction{});
  EXPECT_EQ(passed.state().players[kAlice].score, 4);
  EXPECT_EQ(passed.state().players[kAlice].followers, 7);
  // Taking it back (FV-03 (b)): it leaves before the scoring (FV-07), so the
  // road scores for nobody: 0 points, and the follower is in her supply.
  Game taken = board();
  Do(taken, TakeFigureBackAction{kAliceOnTheRoad, std::nullopt});
  EXPECT_EQ(taken.state().players[kAlice].score, 0);
  EXPECT_EQ(taken.state().players[kBob].score, 0);
  EXPECT_EQ(taken.state().players[kAlice].followers, 7);
}

// ----- FV-T02, FV-T03: the shepherd and option festival.return -------------

// FV-T02's board, with Hills & Sheep (each player has a shepherd, HS-01):
// 1. Alice: base:U at (-1, 0), follower on its road.
// 2. Bob: base:U at (1, 0) (the road is Alice's), a farmer on its south field.
// 3. Alice: base:U at (2, 0), her shepherd on its north field, drawing a
//    two-sheep token (HS-13, HS-14).
// 4. Bob: base:E turned 180 (city S) at (0, -1), closing D's city; his
//    shepherd on its field (north of the city, alone), one sheep.
// Then Alice lays fe:09 turned 270 (city W, field N, road E-S) at (-2, 0):
// its east road meets base:U's.
Game ShepherdBoard(FestivalReturn returns) {
  Game game = Start(FestivalRules({Expansion::kHillsAndSheep}, returns));
  Place(game, "base:U", {-1, 0}, 0);
  Do(game, PlaceFigureAction{FigureKind::kFollower, {{-1, 0}, kRoad}});
  Place(game, "base:U", {1, 0}, 0);
  Do(game, PlaceFigureAction{FigureKind::kFollower, {{1, 0}, kSouthField}});
  Place(game, "base:U", {2, 0}, 0);
  Do(game, PlaceShepherdAction{{{2, 0}, kNorthField}, SheepToken::kTwoSheep});
  Place(game, "base:E", {0, -1}, 2);
  Do(game, PlaceShepherdAction{{{0, -1}, 1}, SheepToken::kOneSheep});
  Place(game, "fe:09", {-2, 0}, 3);
  return game;
}

const Figure kAlicesShepherd{FigureKind::kShepherd, kAlice, {{2, 0}, kNorthField}};

TEST(FestivalTest, FV_T02_AnyOwnFigureIncludingTheShepherd) {
  Game game = ShepherdBoard(FestivalReturn::kFigure);
  ASSERT_EQ(game.state().phase, Phase::kPlaceFigure);
  ASSERT_EQ(game.state().active_player, kAlice);
  // FV-04, FV-09 (default figure): the road follower and the shepherd; not
  // Bob's farmer at (1, 0) nor Bob's shepherd at (0, -1).
  EXPECT_EQ(OfferedFigures(game), (std::vector<Figure>{kAliceOnTheRoad, kAlicesShepherd}));
  EXPECT_TRUE(PassListed(game));
}

TEST(FestivalTest, FV_04_TheShepherdGoesBackWithItsFlock) {
  Game game = ShepherdBoard(FestivalReturn::kFigure);
  const SheepBag before = *game.state().sheep_bag;
  Do(game, TakeFigureBackAction{kAlicesShepherd, std::nullopt});
  // FV-04: no points; the shepherd is in her supply, and its flock (the
  // two-sheep token) goes back into the bag (HS-15). fe:09's north field
  // joins base:U's at (-1, 0), her shepherd's field, but with the shepherd
  // gone there is no flock to tend (HS-16): Bob's turn comes.
  EXPECT_EQ(game.state().players[kAlice].shepherds, 1);
  EXPECT_EQ(game.state().players[kAlice].score, 0);
  ASSERT_EQ(game.state().flocks.size(), 1u);
  EXPECT_EQ(game.state().flocks[0].owner, kBob);
  EXPECT_EQ(game.state().sheep_bag->tokens[static_cast<int>(SheepToken::kTwoSheep)],
            before.tokens[static_cast<int>(SheepToken::kTwoSheep)] + 1);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, kBob);
}

TEST(FestivalTest, FV_T03_OnlyFollowersWithTheFollowerOption) {
  Game game = ShepherdBoard(FestivalReturn::kFollower);
  // FV-09 (festival.return = follower): the road follower only.
  EXPECT_EQ(OfferedFigures(game), std::vector<Figure>{kAliceOnTheRoad});
  EXPECT_TRUE(HasCode(game.Validate(TakeFigureBackAction{kAlicesShepherd, std::nullopt}),
                      ViolationCode::kFigureTakeBackNotAllowed, "FV-09"));
  Do(game, TakeFigureBackAction{kAliceOnTheRoad, std::nullopt});
  EXPECT_EQ(game.state().players[kAlice].followers, 7);
}

// ----- FV-04 with Traders & Builders: the lonely builder --------------------

TEST(FestivalTest, FV_04_TheBuilderGoesBackWithTheLastFollowerOfItsRoad) {
  Game game = Start(FestivalRules({Expansion::kTradersAndBuilders}));
  // Alice: base:U at (-1, 0), follower on its road; Bob: base:E turned 180
  // at (0, -1), pass; Alice: base:U at (-2, 0), extending her road, her
  // builder on it (TB-09); Bob: base:B (monastery) at (0, 1), pass.
  Place(game, "base:U", {-1, 0}, 0);
  Do(game, PlaceFigureAction{FigureKind::kFollower, {{-1, 0}, kRoad}});
  Place(game, "base:E", {0, -1}, 2);
  Do(game, PassAction{});
  Place(game, "base:U", {-2, 0}, 0);
  Do(game, PlaceFigureAction{FigureKind::kBuilder, {{-2, 0}, kRoad}});
  Place(game, "base:B", {0, 1}, 0);
  Do(game, PassAction{});
  // Alice: fe:09 turned 180 (road N-E) at (-3, 0) extends the road once more.
  Place(game, "fe:09", {-3, 0}, 2);
  const Figure builder{FigureKind::kBuilder, kAlice, {{-2, 0}, kRoad}};
  EXPECT_EQ(OfferedFigures(game), (std::vector<Figure>{kAliceOnTheRoad, builder}));
  // FV-04: she takes the follower back; TB-15: her builder has no follower
  // of hers left in its road, so it goes back to her supply as well.
  Do(game, TakeFigureBackAction{kAliceOnTheRoad, std::nullopt});
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[kAlice].followers, 7);
  EXPECT_EQ(game.state().players[kAlice].builders, 1);
}

// ----- FV-04 with Abbey & Mayor: the barn ----------------------------------

TEST(FestivalTest, FV_04_TheBarnMayBeTakenBack) {
  // The barn stands where four tiles meet in a field (AM-15): D's south-east
  // corner, with base:U (road E-W) at (1, 0) and base:B (monastery, all
  // field) at (0, 1) and (1, 1). Alice's barn is on the board, her supply
  // empty (AM-01: one barn each).
  RuleSet rules = FestivalRules({Expansion::kAbbeyAndMayor});
  rules.am_barn = true;
  GameState state = std::get<GameState>(NewGame({"Alice", "Bob"}, rules));
  state.bag.reset();
  state.tiles.push_back({Tile("base:U"), {1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {0, 1}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {1, 1}, Rotation{0}});
  const Barn barn{kAlice, {0, 0}, Corner::kSouthEast};
  state.barns.push_back(barn);
  state.players[kAlice].barns = 0;
  ASSERT_TRUE(CheckSnapshot(state).empty()) << CheckSnapshot(state)[0].message;
  Game game(state);
  // fe:09 turned 180 (road N-E) at (-1, 0): its east road meets D's.
  Place(game, "fe:09", {-1, 0}, 2);
  const std::vector<Action> actions = game.ListLegalActions(nullptr).actions;
  EXPECT_TRUE(std::any_of(actions.begin(), actions.end(), [&](const Action& action) {
    const auto* take = std::get_if<TakeFigureBackAction>(&action);
    return take != nullptr && take->barn == barn && !take->figure;
  }));
  // FV-04: the barn back in her supply, no points.
  Do(game, TakeFigureBackAction{std::nullopt, barn});
  EXPECT_TRUE(game.state().barns.empty());
  EXPECT_EQ(game.state().players[kAlice].barns, 1);
  EXPECT_EQ(game.state().players[kAlice].score, 0);
}

TEST(FestivalTest, FV_09_NoBarnWithTheFollowerOption) {
  RuleSet rules = FestivalRules({Expansion::kAbbeyAndMayor}, FestivalReturn::kFollower);
  rules.am_barn = true;
  GameState state = std::get<GameState>(NewGame({"Alice", "Bob"}, rules));
  state.bag.reset();
  state.tiles.push_back({Tile("base:U"), {1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {0, 1}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {1, 1}, Rotation{0}});
  const Barn barn{kAlice, {0, 0}, Corner::kSouthEast};
  state.barns.push_back(barn);
  state.players[kAlice].barns = 0;
  Game game(state);
  Place(game, "fe:09", {-1, 0}, 2);
  // FV-09: a barn is no follower: not offered, and refused.
  EXPECT_TRUE(OfferedFigures(game).empty());
  const std::vector<Action> actions = game.ListLegalActions(nullptr).actions;
  EXPECT_TRUE(std::none_of(actions.begin(), actions.end(), [](const Action& action) {
    return std::holds_alternative<TakeFigureBackAction>(action);
  }));
  EXPECT_TRUE(HasCode(game.Validate(TakeFigureBackAction{std::nullopt, barn}),
                      ViolationCode::kFigureTakeBackNotAllowed, "FV-09"));
}

// ----- FV-T04: the Festival off ---------------------------------------------

TEST(FestivalTest, FV_T04_NoFestivalNoReturn) {
  // In this build the festival tiles come with the expansion (TileSetInPlay):
  // with it off, fe:09 is not in the game at all, so the situation of
  // JCloisterZone's scenario (its tiles without the element) cannot arise;
  // a request that names it is malformed.
  RuleSet rules;
  Game game = RoadFollowerBoard(rules);
  const PlaceTileAction festival_tile{Tile("fe:09"), {-2, 0}, Rotation{2}};
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), festival_tile), "place_tile.tile_type"));
  // Nor is any figure taken back after a tile: no action is offered, and the
  // action is refused; the turn goes on to the scoring with a pass.
  Place(game, "base:U", {-2, 0}, 0);
  EXPECT_TRUE(OfferedFigures(game).empty());
  EXPECT_TRUE(HasCode(game.Validate(TakeFigureBackAction{kAliceOnTheRoad, std::nullopt}),
                      ViolationCode::kFigureTakeBackNotAllowed, "FV-03"));
  Do(game, PassAction{});
  EXPECT_EQ(game.state().active_player, kBob);
}

// ----- FV-09: the option's snapshot check and the action's shape ------------

TEST(FestivalTest, FV_09_TheOptionNeedsTheExpansion) {
  GameState state = std::get<GameState>(NewGame({"Alice", "Bob"}, FestivalRules()));
  state.rules.festival_return = FestivalReturn::kFollower;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  state.rules.expansions.clear();
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "rules.festival_return"));
}

TEST(FestivalTest, TheActionNamesExactlyOneFigure) {
  Game game = RoadFollowerBoard(FestivalRules());
  Place(game, "fe:09", {-2, 0}, 2);
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), TakeFigureBackAction{}), "take_figure_back"));
  const Barn barn{kAlice, {-1, 0}, Corner::kNorthWest};
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), TakeFigureBackAction{kAliceOnTheRoad, barn}),
                         "take_figure_back"));
  const MalformedFigures bad = MalformedFiguresOf(kAliceOnTheRoad, {5, 5}, 9);
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), TakeFigureBackAction{bad.no_owner, {}}),
                         "take_figure_back.figure.owner"));
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), TakeFigureBackAction{bad.no_tile, {}}),
                         "take_figure_back.figure.segment"));
  const Barn off_board{kAlice, {5, 5}, Corner::kNorthWest};
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), TakeFigureBackAction{{}, off_board}),
                         "take_figure_back.barn.cell"));
  // A barn Alice does not have (no barns in this game): refused by the rules.
  EXPECT_TRUE(CheckAction(game.state(), TakeFigureBackAction{{}, barn}).empty());
  EXPECT_TRUE(HasCode(game.Validate(TakeFigureBackAction{{}, barn}),
                      ViolationCode::kFigureTakeBackNotAllowed, "FV-04"));
}

}  // namespace
}  // namespace carcassonne

// Abbey & Mayor: set-up (AM-01: the 12 land tiles join the bag, one mayor
// each with am.mayor), the rule set checks of the four module options, and
// the board facts of am:11's
// three-way road (AM-02). Turns and scores are in the scenario files
// tests/scenarios/am_*.json.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"

namespace carcassonne {
namespace {

const TileType* Tile(std::string_view id) { return Catalogue::Get().Find(id); }

RuleSet AbbeyAndMayorRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kAbbeyAndMayor};
  return rules;
}

bool HasProblem(const std::vector<Problem>& problems, std::string_view field) {
  for (const Problem& problem : problems) {
    if (problem.field == field) return true;
  }
  return false;
}

TEST(AbbeyAndMayorTest, NewGameAddsTheTwelveLandTiles) {
  const auto result = NewGame({"Red", "Blue"}, AbbeyAndMayorRules());
  ASSERT_TRUE(std::holds_alternative<GameState>(result));
  const GameState& state = std::get<GameState>(result);
  // 71 base tiles (the start tile is on the board) + 12 (AM-01).
  EXPECT_EQ(state.bag->Total(), 71 + 12);
  EXPECT_EQ(state.bag->CountOf(Tile("am:11")), 1);
  EXPECT_EQ(state.bag->CountOf(Tile("am:12")), 1);
  // Without the expansion, none of them.
  const GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  EXPECT_EQ(base.bag->CountOf(Tile("am:11")), 0);
  EXPECT_EQ(base.bag->Total(), 71);
}

TEST(AbbeyAndMayorTest, TheMayorModuleGivesEachPlayerOneMayor) {
  RuleSet rules = AbbeyAndMayorRules();
  EXPECT_EQ(std::get<GameState>(NewGame({"Red", "Blue"}, rules)).players[0].mayors, 0);
  rules.am_mayor = true;
  const auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<GameState>(result));
  for (const Player& player : std::get<GameState>(result).players) EXPECT_EQ(player.mayors, 1);
  // Without the expansion the option is malformed.
  RuleSet without;
  without.am_mayor = true;
  const auto rejected = NewGame({"Red", "Blue"}, without);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(rejected));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(rejected), "rules.am_mayor"));
}

TEST(AbbeyAndMayorTest, ModulesNotBuiltAreRejected) {
  for (bool RuleSet::*module : {&RuleSet::am_abbey}) {
    RuleSet rules = AbbeyAndMayorRules();
    rules.*module = true;
    const auto result = NewGame({"Red", "Blue"}, rules);
    ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
    const std::vector<Problem>& problems = std::get<std::vector<Problem>>(result);
    EXPECT_TRUE(HasProblem(problems, "rules.am_abbey"));
    // A module without the expansion is malformed too.
    RuleSet without = RuleSet{};
    without.*module = true;
    EXPECT_TRUE(std::holds_alternative<std::vector<Problem>>(NewGame({"Red", "Blue"}, without)));
  }
}

TEST(AbbeyAndMayorTest, TheWagonIsBuiltExceptC1AndWithTheCount) {
  RuleSet rules = AbbeyAndMayorRules();
  rules.am_wagon = true;
  const auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<GameState>(result));
  for (const Player& player : std::get<GameState>(result).players) EXPECT_EQ(player.wagons, 1);
  // AM-13: the C1 move is not built.
  RuleSet c1 = rules;
  c1.am_wagon_move = WagonMove::kC1Connected;
  const auto c1_result = NewGame({"Red", "Blue"}, c1);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(c1_result));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(c1_result), "rules.am_wagon_move"));
  // CO-09: the wagon with the Count is not built.
  RuleSet count = rules;
  count.expansions.push_back(Expansion::kCountOfCarcassonne);
  const auto count_result = NewGame({"Red", "Blue"}, count);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(count_result));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(count_result), "rules.am_wagon"));
}

// AM-12: a scored wagon with nowhere to go goes back without a decision;
// with a target, its owner decides.
TEST(AbbeyAndMayorTest, AWagonWithNowhereToGoGoesBack) {
  RuleSet rules = AbbeyAndMayorRules();
  rules.am_wagon = true;
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.bag.reset();
  // D(0,0): its city closed by base:E(0,-1) turned 180; its road ends at W
  // on base:A(-1,0) turned 270, whose monastery holds Blue's monk. Red's
  // wagon on D's road (segment r1).
  state.tiles.push_back({Tile("base:A"), {-1, 0}, Rotation{3}});
  state.tiles.push_back({Tile("base:E"), {0, -1}, Rotation{2}});
  state.figures.push_back({FigureKind::kWagon, 0, {{0, 0}, 1}});
  state.players[0].wagons = 0;
  state.figures.push_back({FigureKind::kFollower, 1, {{-1, 0}, 1}});
  state.players[1].followers -= 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const PlaceTileAction close{Tile("base:A"), {1, 0}, Rotation{1}};
  const PlaceFigureAction monk{FigureKind::kFollower, {{1, 0}, 1}};

  // Red closes the road with base:A at (1,0) and puts a monk on it: around
  // D every road, city and monastery is finished or occupied.
  Game blocked(state);
  ASSERT_TRUE(blocked.Validate(close).legal());
  blocked.Apply(close);
  ASSERT_TRUE(blocked.Validate(monk).legal());
  blocked.Apply(monk);
  EXPECT_EQ(blocked.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(blocked.state().active_player, 1);
  EXPECT_TRUE(blocked.state().wagons_to_move.empty());
  EXPECT_EQ(blocked.state().players[0].wagons, 1);
  EXPECT_EQ(blocked.state().players[0].score, 3);

  // Without the monk, A(1,0)'s monastery is a target: Red decides.
  Game free(state);
  free.Apply(close);
  free.Apply(PassAction{});
  EXPECT_EQ(free.state().phase, Phase::kWagonMove);
  EXPECT_EQ(free.state().deciding_player, 0);
  ASSERT_EQ(free.state().wagons_to_move.size(), 1u);
  EXPECT_EQ(free.state().players[0].wagons, 0);
  EXPECT_TRUE(CheckSnapshot(free.state()).empty());
}

TEST(AbbeyAndMayorTest, TheWellRoadIsOneSegmentWithThreeSides) {
  const TileType* junction = Tile("am:11");
  ASSERT_NE(junction, nullptr);
  int roads = 0;
  for (const SegmentType& segment : junction->segments) {
    if (segment.kind != SegmentKind::kRoad) continue;
    ++roads;
    EXPECT_TRUE(segment.well);
    EXPECT_EQ(segment.edges, 0b1011);  // N, E, W
  }
  EXPECT_EQ(roads, 1);
  const TileType* tunnel = Tile("am:12");
  ASSERT_NE(tunnel, nullptr);
  EXPECT_TRUE(tunnel->segments[tunnel->SegmentIndex("r1")].tunnel);
}

// A board for the barn: base:D at (0, 0) (city N, road E-W); base:U turned 90
// (road E-W) at (-1, 0); base:E turned 180 (city S) at (0, 1), its city closed
// by base:E (city N) at (0, 2); Blue's farmer in E(0, 1)'s field. The field
// south of the road borders one completed city (E + E). Red to place base:B
// (a monastery in a field) at (-1, 1).
Game BarnBoard() {
  RuleSet rules = AbbeyAndMayorRules();
  rules.am_barn = true;
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.bag.reset();
  state.tiles.push_back({Tile("base:U"), {-1, 0}, Rotation{1}});
  state.tiles.push_back({Tile("base:E"), {0, 1}, Rotation{2}});
  state.tiles.push_back({Tile("base:E"), {0, 2}, Rotation{0}});
  state.figures.push_back({FigureKind::kFollower, 1, {{0, 1}, Tile("base:E")->SegmentIndex("f1")}});
  state.players[1].followers -= 1;
  Game game(state);
  game.Apply(PlaceTileAction{Tile("base:B"), {-1, 1}, Rotation{0}});
  return game;
}

TEST(AbbeyAndMayorTest, TheBarnGoesWhereFourTilesMeetInOneField) {
  Game game = BarnBoard();
  EXPECT_EQ(game.state().players[0].barns, 1);  // AM-01
  // AM-15: B(-1,1)'s NE corner is the point of D's SW corner, U's SE corner
  // and E(0,1)'s NW corner: four field corners of one field. Its other
  // corners have fewer than four tiles around them.
  EXPECT_TRUE(game.Validate(PlaceBarnAction{Corner::kNorthEast}).legal());
  for (Corner corner : {Corner::kNorthWest, Corner::kSouthEast, Corner::kSouthWest}) {
    const Verdict verdict = game.Validate(PlaceBarnAction{corner});
    ASSERT_FALSE(verdict.legal());
    EXPECT_EQ(verdict.violations[0].code, ViolationCode::kBarnCornerNotAllowed);
    EXPECT_EQ(verdict.violations[0].rule_id, "AM-15");
  }
  int barns_listed = 0;
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    barns_listed += std::holds_alternative<PlaceBarnAction>(action) ? 1 : 0;
  }
  EXPECT_EQ(barns_listed, 1);
}

TEST(AbbeyAndMayorTest, ThePlacedBarnScoresTheFarmersAndKeepsFollowersOut) {
  Game game = BarnBoard();
  // AM-17: Blue's farmer scores the field now, 1 completed city x 3 (BG-22),
  // and goes back; Red scores nothing now.
  const std::vector<ScoreEvent> events = game.Apply(PlaceBarnAction{Corner::kNorthEast});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kBarnPlaced);
  EXPECT_EQ(events[0].majority_players, std::vector<int>{1});
  EXPECT_EQ(events[0].Total(), 3);
  EXPECT_EQ(game.state().players[1].score, 3);
  EXPECT_EQ(game.state().players[1].followers, kFollowersPerPlayer);
  EXPECT_EQ(game.state().players[0].score, 0);
  EXPECT_EQ(game.state().players[0].barns, 0);
  ASSERT_EQ(game.state().barns.size(), 1u);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  // AM-18: Blue lays base:B at (-2, 1), its field joins the barn's field: no
  // farmer there; the monastery is free.
  game.Apply(PlaceTileAction{Tile("base:B"), {-2, 1}, Rotation{0}});
  const TileType* b = Tile("base:B");
  const Verdict farmer =
      game.Validate(PlaceFigureAction{FigureKind::kFollower, {{-2, 1}, b->SegmentIndex("f1")}});
  ASSERT_FALSE(farmer.legal());
  EXPECT_EQ(farmer.violations[0].rule_id, "AM-18");
  EXPECT_TRUE(
      game.Validate(PlaceFigureAction{FigureKind::kFollower, {{-2, 1}, b->SegmentIndex("m1")}})
          .legal());
  game.Apply(PassAction{});
  // AM-20: at the end Red's barn scores 1 completed city x 4; the two
  // monasteries are empty.
  const std::vector<ScoreEvent> end = game.ScoreEndOfGame();
  ASSERT_EQ(end.size(), 1u);
  EXPECT_EQ(end[0].majority_players, std::vector<int>{0});
  ASSERT_EQ(end[0].line_items.size(), 1u);
  EXPECT_EQ(end[0].line_items[0].rule_id, "AM-20");
  EXPECT_EQ(end[0].Total(), 4);
  EXPECT_EQ(game.state().players[0].score, 4);
}

}  // namespace
}  // namespace carcassonne

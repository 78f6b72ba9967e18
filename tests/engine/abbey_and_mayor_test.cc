// Abbey & Mayor: set-up (AM-01: the 12 land tiles join the bag, one mayor
// each with am.mayor, one abbey each with am.abbey), the rule set checks of
// the four module options, the board facts of am:11's three-way road
// (AM-02), the barn, and the abbey tile (AM-03..AM-06, AM-T07). Other turns
// and scores are in the scenario files tests/scenarios/am_*.json.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet AbbeyAndMayorRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kAbbeyAndMayor};
  return rules;
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

// AM-01: with am.abbey each player holds one abbey tile; the option needs
// the expansion.
TEST(AbbeyAndMayorTest, TheAbbeyModuleGivesEachPlayerOneAbbey) {
  RuleSet rules = AbbeyAndMayorRules();
  EXPECT_EQ(std::get<GameState>(NewGame({"Red", "Blue"}, rules)).players[0].abbeys, 0);
  rules.am_abbey = true;
  const auto result = NewGame({"Red", "Blue", "Green"}, rules);
  ASSERT_TRUE(std::holds_alternative<GameState>(result));
  const GameState& state = std::get<GameState>(result);
  for (const Player& player : state.players) EXPECT_EQ(player.abbeys, 1);
  // The abbey is not a land tile: never in the bag (71 + 12 land tiles).
  EXPECT_EQ(state.bag->CountOf(Tile("am:abbey")), 0);
  EXPECT_EQ(state.bag->Total(), 71 + 12);
  RuleSet without;
  without.am_abbey = true;
  const auto rejected = NewGame({"Red", "Blue"}, without);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(rejected));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(rejected), "rules.am_abbey"));
}

TEST(AbbeyAndMayorTest, TheWagonIsBuilt) {
  RuleSet rules = AbbeyAndMayorRules();
  rules.am_wagon = true;
  const auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<GameState>(result));
  for (const Player& player : std::get<GameState>(result).players) EXPECT_EQ(player.wagons, 1);
  // AM-13: the C1 move too (tests/engine/wagon_c1_test.cc).
  RuleSet c1 = rules;
  c1.am_wagon_move = WagonMove::kC1Connected;
  ASSERT_TRUE(std::holds_alternative<GameState>(NewGame({"Red", "Blue"}, c1)));
  // CO-09: the wagon (and the barn) with the Count are built.
  RuleSet count = rules;
  count.expansions.push_back(Expansion::kCountOfCarcassonne);
  count.am_barn = true;
  const auto count_result = NewGame({"Red", "Blue"}, count);
  ASSERT_TRUE(std::holds_alternative<GameState>(count_result));
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

// ---------------------------------------------------------------------------
// The abbey (AM-03..AM-06). A board with one hole, (1, 0):
//   road: base:A turned 270 (road E) at (-3, 0), base:U (road E-W) at (-2, 0)
//         and (-1, 0), the start tile base:D (city N, road E-W) at (0, 0):
//         its road runs east into the hole; Blue's follower on U(-1, 0).
//   city: base:F turned 90 (city N-S, 1 coat of arms) at (1, -1) and base:E
//         turned 180 (city S) at (1, -2): a city open towards the hole;
//         base:E turned 180 at (0, -1) closes D's city (no figure).
//   base:B (monastery, all field) at (2, -1), (2, 0), (0, 1) and (1, 1).
// Around the hole 7 of the 8 cells hold a tile; (2, 1) is empty.
GameState AbbeyBoard(bool with_builders, std::vector<std::string> names = {"Red", "Blue"}) {
  RuleSet rules = AbbeyAndMayorRules();
  if (with_builders) rules.expansions.push_back(Expansion::kTradersAndBuilders);
  rules.am_abbey = true;
  GameState state = std::get<GameState>(NewGame(names, rules));
  state.bag.reset();
  LayAbbeyHoleBoard(state, Tile("base:B"));
  state.figures.push_back({FigureKind::kFollower, 1, {{-1, 0}, 0}});
  state.players[1].followers -= 1;
  return state;
}

const PlaceTileAction kAbbeyInTheHole{Tile("am:abbey"), {1, 0}, Rotation{0}};

int ViolationCount(const Verdict& verdict, ViolationCode code, std::string_view rule_id) {
  int count = 0;
  for (const Violation& violation : verdict.violations) {
    count += violation.code == code && violation.rule_id == rule_id ? 1 : 0;
  }
  return count;
}

// AbbeyBoard with Red, Blue and Green (seats 0, 1, 2), no bag: Blue placed
// the last land tile, Green is next (AM-T08).
GameState ThreePlayersAfterBluesLastTile() {
  GameState state = AbbeyBoard(false, {"Red", "Blue", "Green"});
  state.active_player = 2;
  state.deciding_player = 2;
  return state;
}

// AM-03: the abbey goes into a hole only, matching whatever it meets, with
// any rotation; ListLegalActions lists it with or without a drawn tile.
TEST(AbbeyAndMayorTest, TheAbbeyGoesIntoAHoleAndMatchesAnything) {
  const GameState state = AbbeyBoard(false);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  for (uint8_t turns = 0; turns < 4; ++turns) {
    EXPECT_TRUE(game.Validate(PlaceTileAction{Tile("am:abbey"), {1, 0}, Rotation{turns}}).legal())
        << int{turns};
  }
  // (2, 1) touches two tiles: not a hole.
  const Verdict open = game.Validate(PlaceTileAction{Tile("am:abbey"), {2, 1}, Rotation{0}});
  ASSERT_EQ(open.violations.size(), 1u);
  EXPECT_EQ(open.violations[0].code, ViolationCode::kAbbeyNotInHole);
  EXPECT_EQ(open.violations[0].rule_id, "AM-03");
  // An occupied cell stays BG-02's.
  const Verdict occupied = game.Validate(PlaceTileAction{Tile("am:abbey"), {1, 1}, Rotation{0}});
  ASSERT_EQ(occupied.violations.size(), 1u);
  EXPECT_EQ(occupied.violations[0].code, ViolationCode::kCellOccupied);
  // Listed: the hole in its 4 rotations, each with its monastery (segment 0)
  // as the only follower spot; after the drawn tile's placements.
  // (The abbey given as the drawn tile is no draw: listed once, as the
  // player's own. The drawn tile is base:U, 2 of whose 8 copies are on the
  // board: all 4 base:B are, so no base:B can be drawn and none is listed,
  // BG-01, fuzz finding F6.)
  for (const TileType* drawn :
       {static_cast<const TileType*>(nullptr), Tile("base:U"), Tile("am:abbey")}) {
    const LegalActions legal = game.ListLegalActions(drawn);
    int abbeys = 0;
    for (size_t i = 0; i < legal.actions.size(); ++i) {
      const auto* place = std::get_if<PlaceTileAction>(&legal.actions[i]);
      if (place == nullptr || !place->tile->abbey) continue;
      ++abbeys;
      EXPECT_EQ(place->cell, (Position{1, 0}));
      ASSERT_EQ(legal.placements[i].follower_segments.size(), 1);
      EXPECT_EQ(legal.placements[i].follower_segments[0], 0);
    }
    EXPECT_EQ(abbeys, 4);
    EXPECT_EQ(legal.actions.size(), legal.placements.size());
    if (drawn == Tile("base:U")) {
      EXPECT_GT(legal.actions.size(), 4u);
    } else {
      EXPECT_EQ(legal.actions.size(), 4u);
    }
  }
}

// AM-01: without option am.abbey (or once placed) there is no abbey to place.
TEST(AbbeyAndMayorTest, NoAbbeyWithoutTheOptionOrAfterItWasPlaced) {
  GameState state = AbbeyBoard(false);
  state.rules.am_abbey = false;
  for (Player& player : state.players) player.abbeys = 0;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const Verdict off = Game(state).Validate(kAbbeyInTheHole);
  ASSERT_EQ(off.violations.size(), 1u);
  EXPECT_EQ(off.violations[0].code, ViolationCode::kAbbeyNotInGame);
  EXPECT_EQ(off.violations[0].rule_id, "AM-01");
  for (const Action& action : Game(state).ListLegalActions(nullptr).actions) {
    EXPECT_FALSE(std::holds_alternative<PlaceTileAction>(action));
  }

  Game game(AbbeyBoard(false));
  game.Apply(kAbbeyInTheHole);
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().players[0].abbeys, 0);
  EXPECT_EQ(game.state().players[1].abbeys, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // Blue fills (2, 1); Red has no abbey left for any cell.
  game.Apply(PlaceTileAction{Tile("base:B"), {2, 1}, Rotation{0}});
  game.Apply(PassAction{});
  ASSERT_EQ(game.state().active_player, 0);
  const Verdict again = game.Validate(PlaceTileAction{Tile("am:abbey"), {3, 0}, Rotation{0}});
  EXPECT_EQ(ViolationCount(again, ViolationCode::kNoAbbeyLeft, "AM-03"), 1);
}

// AM-T07 (AM-03, AM-06, TB-11, BG-10, BG-11): Red's abbey closes Blue's
// 4-tile road and Red's two-tile city (F + E) holding Red's knight and
// builder. Blue +4 (1 per road tile, BG-10: A, U, U, D); Red +6 (2 per city
// tile and 2 per coat of arms, BG-11: 2 x 2 + 2 x 1); the abbey extended
// nothing, so no second tile for Red (AM-06).
TEST(AbbeyAndMayorTest, AmT07TheAbbeyClosesARoadAndABuildersCityWithoutADoubleTurn) {
  GameState state = AbbeyBoard(true);
  state.figures.push_back({FigureKind::kFollower, 0, {{1, -2}, 0}});
  state.figures.push_back({FigureKind::kBuilder, 0, {{1, -1}, 0}});
  state.players[0].followers -= 1;
  state.players[0].builders -= 1;
  for (const Problem& problem : CheckSnapshot(state))
    ADD_FAILURE() << problem.field << ": " << problem.message;
  Game game(state);
  ASSERT_TRUE(game.Validate(kAbbeyInTheHole).legal());
  game.Apply(kAbbeyInTheHole);
  EXPECT_FALSE(game.state().extra_tile_earned);
  EXPECT_EQ(game.state().phase, Phase::kPlaceFigure);
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kCity);
  EXPECT_EQ(events[0].majority_players, std::vector<int>{0});
  EXPECT_EQ(events[0].Total(), 6);
  EXPECT_EQ(events[1].feature_kind, FeatureKind::kRoad);
  EXPECT_EQ(events[1].majority_players, std::vector<int>{1});
  EXPECT_EQ(events[1].Total(), 4);
  EXPECT_EQ(game.state().players[0].score, 6);
  EXPECT_EQ(game.state().players[1].score, 4);
  // AM-06: no double turn: Blue is next.
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_FALSE(game.state().second_part);
}

// AM-04, AM-05 (BG-12, BG-21): a monk on the abbey. Unfinished at the end:
// 1 for the abbey + 7 neighbours = 8. Completed by Blue's tile on (2, 1),
// the eighth neighbour: 9, at once.
TEST(AbbeyAndMayorTest, TheAbbeyScoresAsAMonastery) {
  Game game(AbbeyBoard(false));
  game.Apply(kAbbeyInTheHole);
  const PlaceFigureAction monk{FigureKind::kFollower, {{1, 0}, 0}};
  ASSERT_TRUE(game.Validate(monk).legal());
  const std::vector<ScoreEvent> closed = game.Apply(monk);
  ASSERT_EQ(closed.size(), 1u);  // Blue's road (+4); the abbey is not complete.
  EXPECT_EQ(closed[0].feature_kind, FeatureKind::kRoad);
  ASSERT_TRUE(CheckSnapshot(game.state()).empty());

  const std::vector<ScoreEvent> end = Game(game.state()).ScoreIfEndedNow();
  ASSERT_EQ(end.size(), 1u);
  EXPECT_EQ(end[0].feature_kind, FeatureKind::kMonastery);
  EXPECT_EQ(end[0].majority_players, std::vector<int>{0});
  EXPECT_EQ(end[0].Total(), 8);

  game.Apply(PlaceTileAction{Tile("base:B"), {2, 1}, Rotation{0}});
  const std::vector<ScoreEvent> completed = game.Apply(PassAction{});
  ASSERT_EQ(completed.size(), 1u);
  EXPECT_EQ(completed[0].feature_kind, FeatureKind::kMonastery);
  EXPECT_EQ(completed[0].trigger, ScoringTrigger::kCompleted);
  EXPECT_EQ(completed[0].majority_players, std::vector<int>{0});
  EXPECT_EQ(completed[0].Total(), 9);
  EXPECT_EQ(game.state().players[0].score, 9);
  EXPECT_EQ(game.state().players[0].followers, kFollowersPerPlayer);
}

// AM-03: with a tracked bag, the abbey takes nothing from it.
TEST(AbbeyAndMayorTest, TheAbbeyTakesNothingFromTheBag) {
  GameState state = AbbeyBoard(false);
  GameState fresh = std::get<GameState>(NewGame({"Red", "Blue"}, state.rules));
  state.bag = fresh.bag;
  for (size_t i = 1; i < state.tiles.size(); ++i) state.bag->Remove(state.tiles[i].type);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const int before = state.bag->Total();
  Game game(state);
  ASSERT_TRUE(game.Validate(kAbbeyInTheHole).legal());
  game.Apply(kAbbeyInTheHole);
  EXPECT_EQ(game.state().bag->Total(), before);
  game.Apply(PassAction{});
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// The snapshot check (AM-01, AM-03): abbeys held 0 to 1 with am.abbey and
// none without; an abbey on the board only with the option, into a hole,
// and one per player in all.
TEST(AbbeyAndMayorTest, TheSnapshotCheckRefusesBadAbbeys) {
  GameState two = AbbeyBoard(false);
  two.players[0].abbeys = 2;
  EXPECT_TRUE(HasProblem(CheckSnapshot(two), "players[0].abbeys"));
  GameState none = AbbeyBoard(false);
  none.players[1].abbeys = -1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(none), "players[1].abbeys"));

  Game game(AbbeyBoard(false));
  game.Apply(kAbbeyInTheHole);
  game.Apply(PassAction{});
  const GameState placed = game.state();
  ASSERT_TRUE(CheckSnapshot(placed).empty());
  const int abbey_index = static_cast<int>(placed.tiles.size()) - 1;
  // Placed without the option.
  GameState off = placed;
  off.rules.am_abbey = false;
  for (Player& player : off.players) player.abbeys = 0;
  EXPECT_TRUE(
      HasProblem(CheckSnapshot(off), "tiles[" + std::to_string(abbey_index) + "].tile_type"));
  // Held and placed: one too many.
  GameState extra = placed;
  extra.players[0].abbeys = 1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(extra), "players"));
  // Placed before one of its neighbours: it did not fill a hole.
  GameState early = placed;
  std::swap(early.tiles[abbey_index], early.tiles[abbey_index - 1]);
  EXPECT_TRUE(HasProblem(CheckSnapshot(early), "tiles[" + std::to_string(abbey_index - 1) + "]"));
}

// AM-T08 (AM-07, AMB-48, BG-10, BG-21): Blue placed the last land tile and
// ends the game; Green, then Red, may place an abbey before the final
// scoring. Green passes; Red fills the hole (1, 0) with a monk on the abbey:
// it closes Blue's road A, U, U, D (+4 to Blue, BG-10) and the empty city
// F + E (nobody scores it). No hole is left, so Blue (who still holds an
// abbey) is not asked. Final scoring: Red's abbey, 1 + 7 neighbours ((2, 1)
// is empty) = 8 (BG-21).
TEST(AbbeyAndMayorTest, AmT08TheFinalAbbeyRoundComesBeforeTheFinalScoring) {
  const GameState state = ThreePlayersAfterBluesLastTile();
  for (const Problem& problem : CheckSnapshot(state))
    ADD_FAILURE() << problem.field << ": " << problem.message;
  Game game(state);
  ASSERT_TRUE(game.Validate(EndGameAction{}).legal());
  EXPECT_TRUE(game.Apply(EndGameAction{}).empty());
  ASSERT_EQ(game.state().phase, Phase::kFinalAbbey);
  EXPECT_EQ(game.state().deciding_player, 2);
  EXPECT_EQ(game.state().active_player, 2);
  EXPECT_EQ(game.state().final_abbey_last_seat, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // Listed: the hole in 4 rotations, and the pass.
  const LegalActions legal = game.ListLegalActions(nullptr);
  ASSERT_EQ(legal.actions.size(), 5u);
  EXPECT_EQ(legal.placements.size(), 4u);
  EXPECT_TRUE(std::holds_alternative<PassAction>(legal.actions.back()));
  // Red may not act for Green; nothing but the abbey is placed.
  Action reds_pass = PassAction{};
  reds_pass.actor = 0;
  EXPECT_EQ(ViolationCount(game.Validate(reds_pass), ViolationCode::kNotYourDecision, "AM-07"), 1);
  EXPECT_EQ(ViolationCount(game.Validate(PlaceTileAction{Tile("base:B"), {2, 1}, Rotation{0}}),
                           ViolationCode::kTileNotInBag, "AM-07"),
            1);
  EXPECT_FALSE(game.Validate(EndGameAction{}).legal());

  ASSERT_TRUE(game.Validate(PassAction{}).legal());
  EXPECT_TRUE(game.Apply(PassAction{}).empty());
  ASSERT_EQ(game.state().phase, Phase::kFinalAbbey);
  EXPECT_EQ(game.state().deciding_player, 0);
  EXPECT_EQ(game.state().players[2].abbeys, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());

  ASSERT_TRUE(game.Validate(kAbbeyInTheHole).legal());
  game.Apply(kAbbeyInTheHole);
  ASSERT_EQ(game.state().phase, Phase::kPlaceFigure);
  EXPECT_EQ(game.state().players[0].abbeys, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  const PlaceFigureAction monk{FigureKind::kFollower, {{1, 0}, 0}};
  ASSERT_TRUE(game.Validate(monk).legal());
  const std::vector<ScoreEvent> events = game.Apply(monk);
  ASSERT_EQ(events.size(), 2u);
  ASSERT_EQ(game.FinalScoringBegin(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kRoad);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kCompleted);
  EXPECT_EQ(events[0].majority_players, std::vector<int>{1});
  EXPECT_EQ(events[0].Total(), 4);
  EXPECT_EQ(events[1].feature_kind, FeatureKind::kMonastery);
  EXPECT_EQ(events[1].trigger, ScoringTrigger::kEndOfGame);
  EXPECT_EQ(events[1].majority_players, std::vector<int>{0});
  EXPECT_EQ(events[1].Total(), 8);
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
  EXPECT_FALSE(game.state().final_abbey_last_seat.has_value());
  EXPECT_EQ(game.state().players[0].score, 8);
  EXPECT_EQ(game.state().players[1].score, 4);
  EXPECT_EQ(game.state().players[2].score, 0);
  EXPECT_EQ(game.state().players[1].abbeys, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// AM-07, AMB-48: the score "if the game ended now" asks the final abbey
// round first, each decision declined: Green, Red, Blue in turn order from
// the player after Blue, Blue last. Blue's open road A, U, U, D then scores
// 4 at the end (BG-20, BG-10).
TEST(AbbeyAndMayorTest, ScoreIfEndedNowListsTheFinalAbbeyDecisions) {
  Game game(ThreePlayersAfterBluesLastTile());
  const std::vector<ScoreEvent> events = game.ScoreEndOfGame();
  const std::vector<EndOfGameDecision> expected = {{Phase::kFinalAbbey, 2, "AM-07"},
                                                   {Phase::kFinalAbbey, 0, "AM-07"},
                                                   {Phase::kFinalAbbey, 1, "AM-07"}};
  EXPECT_EQ(game.EndOfGameDecisions(), expected);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(game.FinalScoringBegin(), 0u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kRoad);
  EXPECT_EQ(events[0].majority_players, std::vector<int>{1});
  EXPECT_EQ(events[0].Total(), 4);
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
  // Without a hole nobody is asked: the abbey in (1, 0) already.
  GameState filled = ThreePlayersAfterBluesLastTile();
  filled.tiles.push_back({Tile("am:abbey"), {1, 0}, Rotation{0}});
  filled.players[1].abbeys = 0;
  ASSERT_TRUE(CheckSnapshot(filled).empty());
  Game no_hole(filled);
  no_hole.ScoreEndOfGame();
  EXPECT_TRUE(no_hole.EndOfGameDecisions().empty());
}

// The snapshot check of the round (AM-07): PHASE_FINAL_ABBEY exactly with
// final_abbey_last_seat, the player asked holding an abbey, the option on.
TEST(AbbeyAndMayorTest, TheSnapshotCheckRefusesBadFinalAbbeyRounds) {
  GameState round = ThreePlayersAfterBluesLastTile();
  round.phase = Phase::kFinalAbbey;
  round.final_abbey_last_seat = 1;
  ASSERT_TRUE(CheckSnapshot(round).empty());
  GameState unmarked = round;
  unmarked.final_abbey_last_seat.reset();
  EXPECT_TRUE(HasProblem(CheckSnapshot(unmarked), "final_abbey_last_seat"));
  GameState between_turns = ThreePlayersAfterBluesLastTile();
  between_turns.final_abbey_last_seat = 1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(between_turns), "final_abbey_last_seat"));
  GameState no_seat = round;
  no_seat.final_abbey_last_seat = 3;
  EXPECT_TRUE(HasProblem(CheckSnapshot(no_seat), "final_abbey_last_seat"));
  GameState without_abbey = round;
  without_abbey.players[2].abbeys = 0;  // (one abbey short too: "players")
  EXPECT_TRUE(HasProblem(CheckSnapshot(without_abbey), "deciding_player"));
}

}  // namespace
}  // namespace carcassonne

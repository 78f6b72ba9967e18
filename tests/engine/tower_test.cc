// The Tower (shared/rules/expansions/tower.md): the tiles and floors (TW-01,
// TW-02), the figure step's tower choices (TW-03..TW-06, TW-T05), capturing
// (TW-07..TW-10, TW-T01, TW-T02, TW-T06 with TB-15), the exchange (TW-11,
// TW-T03), the ransom (TW-12, TW-T04, TW-Q2; CO-T09 with the Count), the end
// (TW-13, TW-14), the dragon's flight eating a tower top (PD-12), the abbot
// (AB-16), the Count's city tiles without foundations and the snapshot check.
// Every number is counted by hand in the comments. (Over 600 lines: one
// expansion's tests, each short and on the one board built below.)
#include "engine/expansions/tower.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

template <typename T>
std::vector<T> Listed(const Game& game, const TileType* drawn = nullptr) {
  std::vector<T> found;
  for (const Action& action : game.ListLegalActions(drawn).actions) {
    if (const auto* chosen = std::get_if<T>(&action)) found.push_back(*chosen);
  }
  return found;
}

// A game of `names` with the Tower (and `more`), the bag not tracked.
GameState Start(std::vector<std::string> names, std::vector<Expansion> more = {}) {
  return UntrackedGame(names, Expansion::kTower, more);
}

// The test board (y grows southwards):
//   (0,0) base:D  (1,0) tower:11  (2,0) base:U  (3,0) base:U      (road E-W)
//                 (1,1) base:B    (2,1) base:E turned 180 (city S)
//                 (1,2) base:B
//                 (1,3) base:B
// The road runs from D's west end through (1,0)..(3,0), open at both ends.
// The tower on tower:11 at (1,0) has `height` floors, all Red's (Red's supply
// 10 - height, Blue's 10: TW-02 with 2 players). Red (seat 0) is to place a
// tile; base:B at (0,1) fits (fields all round).
constexpr Position kTower{1, 0};
constexpr int kFoundation = 2;  // tower:11's t1
const PlaceTileAction kRedTile{nullptr, {0, 1}, Rotation{0}};

GameState TowerBoard(int height, std::vector<Expansion> more = {}) {
  GameState state = Start({"Red", "Blue"}, more);
  state.tiles.push_back({Tile("tower:11"), {1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:U"), {2, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:U"), {3, 0}, Rotation{0}});
  for (Position cell : {Position{1, 1}, Position{1, 2}, Position{1, 3}}) {
    state.tiles.push_back({Tile("base:B"), cell, Rotation{0}});
  }
  state.tiles.push_back({Tile("base:E"), {2, 1}, Rotation{2}});
  if (height > 0) state.towers.push_back({kTower, height, false, std::nullopt});
  state.players[0].tower_floors = 10 - height;
  return state;
}

void AddFigure(GameState& state, FigureKind kind, int owner, Position cell, int segment) {
  state.figures.push_back({kind, owner, {cell, segment}});
  SupplyOf(state.players[owner], kind) -= 1;
}

// Red places base:B at (0,1) and a floor on the tower at (1,0).
void PlaceTileAndFloor(Game& game) {
  PlaceTileAction tile = kRedTile;
  tile.tile = Tile("base:B");
  ASSERT_TRUE(game.Validate(tile).legal());
  game.Apply(tile);
  const PlaceTowerFloorAction floor{kTower};
  ASSERT_TRUE(game.Validate(floor).legal());
  game.Apply(floor);
}

TEST(TowerTest, TheTilesAndTheFloorsByPlayerCount) {
  // TW-01: 71 base tiles + 18 tower tiles; TW-02: floors 10, 9, 7, 6, 5 for
  // 2..6 players.
  // (Inns & Cathedrals for the 6th player, IC-07.)
  const GameState two = std::get<GameState>(NewGame({"Red", "Blue"}, Start({"A", "B"}).rules));
  EXPECT_EQ(two.bag->Total(), 71 + 18);
  EXPECT_EQ(two.bag->CountOf(Tile("tower:01")), 2);
  const std::vector<std::string> six = {"A", "B", "C", "D", "E", "F"};
  const int floors[] = {10, 9, 7, 6, 5};
  for (int players = 2; players <= 6; ++players) {
    RuleSet rules;
    rules.expansions = {Expansion::kTower, Expansion::kInnsAndCathedrals};
    const GameState state = std::get<GameState>(
        NewGame(std::vector<std::string>(six.begin(), six.begin() + players), rules));
    for (const Player& player : state.players) EXPECT_EQ(player.tower_floors, floors[players - 2]);
    EXPECT_TRUE(state.towers.empty());
  }
}

TEST(TowerTest, TheFigureStepListsFloorsAndTowerTops) {
  // TW-03: after placing base:B (no foundation on it) Red may put a floor on
  // the tower at (1,0) (height 1, open) or a follower or big follower on its
  // top; there is no other foundation on the board.
  GameState state = TowerBoard(1, {Expansion::kInnsAndCathedrals});
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceTileAction tile = kRedTile;
  tile.tile = Tile("base:B");
  game.Apply(tile);
  const auto floors = Listed<PlaceTowerFloorAction>(game);
  ASSERT_EQ(floors.size(), 1u);
  EXPECT_EQ(floors[0].tower, kTower);
  const auto tops = Listed<PlaceOnTowerAction>(game);
  ASSERT_EQ(tops.size(), 2u);
  EXPECT_EQ(tops[0].kind, FigureKind::kFollower);
  EXPECT_EQ(tops[1].kind, FigureKind::kBigFollower);
  // A floor on a tile without a foundation: refused (TW-03).
  EXPECT_TRUE(HasCode(game.Validate(PlaceTowerFloorAction{{2, 0}}),
                      ViolationCode::kTowerFloorNotAllowed, "TW-03"));
}

TEST(TowerTest, AFloorOnABareFoundationAndNoMeepleThere) {
  // TW-03 (b), TW-04: with no floor yet the foundation takes a floor but no
  // meeple; the floor starts the tower at height 1 and Red's supply drops
  // from 10 to 9.
  GameState state = TowerBoard(0);
  Game game(state);
  PlaceTileAction tile = kRedTile;
  tile.tile = Tile("base:B");
  game.Apply(tile);
  EXPECT_TRUE(Listed<PlaceOnTowerAction>(game).empty());
  EXPECT_TRUE(HasCode(game.Validate(PlaceOnTowerAction{FigureKind::kFollower, kTower}),
                      ViolationCode::kTowerTopNotAllowed, "TW-04"));
  game.Apply(PlaceTowerFloorAction{kTower});
  // No meeple anywhere: no capture; the turn is over.
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  ASSERT_EQ(game.state().towers.size(), 1u);
  EXPECT_EQ(game.state().towers[0].height, 1);
  EXPECT_EQ(game.state().players[0].tower_floors, 9);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, TW_T05_AClosedTowerTakesNoMoreFloors) {
  // TW-03 (d), TW-05, TW-T05: Red puts a follower on the height-1 tower; it
  // is closed: on Blue's turn no floor may go there.
  GameState state = TowerBoard(1);
  Game game(state);
  PlaceTileAction tile = kRedTile;
  tile.tile = Tile("base:B");
  game.Apply(tile);
  game.Apply(PlaceOnTowerAction{FigureKind::kFollower, kTower});
  EXPECT_EQ(game.state().players[0].followers, 6);  // 7 - 1 on the tower
  ASSERT_TRUE(game.state().towers[0].closed);
  EXPECT_EQ(game.state().towers[0].top_owner, 0);
  ASSERT_EQ(game.state().active_player, 1);
  // Blue places base:E turned 180 at (0,2) (fields north and east).
  game.Apply(PlaceTileAction{Tile("base:E"), {0, 2}, Rotation{2}});
  EXPECT_TRUE(Listed<PlaceTowerFloorAction>(game).empty());
  EXPECT_TRUE(Listed<PlaceOnTowerAction>(game).empty());
  EXPECT_TRUE(HasCode(game.Validate(PlaceTowerFloorAction{kTower}),
                      ViolationCode::kTowerFloorNotAllowed, "TW-05"));
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, NoMayorOnATower) {
  // TW-06: with Abbey & Mayor's mayor, only followers (not the mayor) go on
  // top.
  GameState state = TowerBoard(1, {Expansion::kAbbeyAndMayor});
  state.rules.am_mayor = true;
  state.players[0].mayors = 1;
  state.players[1].mayors = 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceTileAction tile = kRedTile;
  tile.tile = Tile("base:B");
  game.Apply(tile);
  for (const PlaceOnTowerAction& top : Listed<PlaceOnTowerAction>(game)) {
    EXPECT_NE(top.kind, FigureKind::kMayor);
  }
  EXPECT_TRUE(HasCode(game.Validate(PlaceOnTowerAction{FigureKind::kMayor, kTower}),
                      ViolationCode::kTowerTopNotAllowed, "TW-06"));
}

// AB-16 (engine practice), TW-06, TW-08, TW-09 with the Abbot: the abbot is
// a follower, so a tower captures it; only a follower or big follower goes on
// top of a tower, never the abbot.
TEST(TowerTest, AB_16_ATowerCapturesTheAbbotWhichNeverGoesOnTop) {
  // Blue's abbot on the monastery at (1,2): 2 south of the tower, in reach
  // once the 2nd floor is on (TW-07). Blue's abbots: 1 - 1 = 0 in supply.
  GameState state = TowerBoard(1, {Expansion::kAbbot});
  AddFigure(state, FigureKind::kAbbot, 1, {1, 2}, 0);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceTileAction tile = kRedTile;
  tile.tile = Tile("base:B");
  game.Apply(tile);
  for (const PlaceOnTowerAction& top : Listed<PlaceOnTowerAction>(game)) {
    EXPECT_NE(top.kind, FigureKind::kAbbot);
  }
  EXPECT_TRUE(HasCode(game.Validate(PlaceOnTowerAction{FigureKind::kAbbot, kTower}),
                      ViolationCode::kTowerTopNotAllowed, "TW-06"));
  game.Apply(PlaceTowerFloorAction{kTower});
  ASSERT_EQ(game.state().phase, Phase::kTowerCapture);
  const auto captures = Listed<CaptureMeepleAction>(game);
  ASSERT_EQ(captures.size(), 1u);
  ASSERT_TRUE(captures[0].figure.has_value());
  EXPECT_EQ(captures[0].figure->kind, FigureKind::kAbbot);
  EXPECT_EQ(captures[0].figure->segment.cell, (Position{1, 2}));
  // TW-08: Red holds Blue's abbot; Blue's supply stays 0.
  game.Apply(CaptureMeepleAction{Figure{FigureKind::kAbbot, 1, {{1, 2}, 0}}, std::nullopt});
  EXPECT_TRUE(game.state().figures.empty());
  ASSERT_EQ(game.state().prisoners.size(), 1u);
  EXPECT_EQ(game.state().prisoners[0], (Prisoner{0, 1, FigureKind::kAbbot}));
  EXPECT_EQ(game.state().players[1].abbots, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, TW_T01_TheReachIsTheHeightInStraightLines) {
  // TW-07, TW-T01: the 2nd floor on (1,0): reach (1,0), 2 tiles N/E/S/W:
  // (1,2) is in (2 south), (2,1) is not (diagonal), (1,3) is not (3 south).
  GameState state = TowerBoard(1);
  AddFigure(state, FigureKind::kFollower, 1, {1, 2}, 0);  // Blue's monk
  AddFigure(state, FigureKind::kFollower, 1, {2, 1}, 0);  // a knight
  AddFigure(state, FigureKind::kFollower, 1, {1, 3}, 0);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceTileAndFloor(game);
  ASSERT_EQ(game.state().phase, Phase::kTowerCapture);
  EXPECT_EQ(game.state().deciding_player, 0);
  EXPECT_EQ(game.state().towers[0].height, 2);
  const auto captures = Listed<CaptureMeepleAction>(game);
  ASSERT_EQ(captures.size(), 1u);
  ASSERT_TRUE(captures[0].figure.has_value());
  EXPECT_EQ(captures[0].figure->segment.cell, (Position{1, 2}));
  EXPECT_EQ(Listed<PassAction>(game).size(), 1u);  // "may"
  for (Position out : {Position{2, 1}, Position{1, 3}}) {
    const CaptureMeepleAction far{Figure{FigureKind::kFollower, 1, {out, 0}}, std::nullopt};
    EXPECT_TRUE(HasCode(game.Validate(far), ViolationCode::kCaptureNotAllowed, "TW-07"));
  }
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// TW-07, TW-10: a capture names one meeple, a figure on the board or the top
// of a tower. A figure no game could name, both or neither, or a cell beyond
// the coordinate limits is malformed (CheckAction, as the service refuses it);
// a figure the tower may not capture is illegal (Validate:
// CAPTURE_NOT_ALLOWED), also when an engine caller skips CheckAction, and
// nothing is applied.
TEST(TowerTest, TW_07_ACaptureNamesAMeepleTheTowerMayTake) {
  // The 2nd floor on (1,0) (reach 2): Blue's monk at (1,2) may be taken.
  GameState state = TowerBoard(1);
  AddFigure(state, FigureKind::kFollower, 1, {1, 2}, 0);
  Game game(state);
  PlaceTileAndFloor(game);
  ASSERT_EQ(game.state().phase, Phase::kTowerCapture);
  const Figure monk{FigureKind::kFollower, 1, {{1, 2}, 0}};
  const CaptureMeepleAction listed{monk, std::nullopt};
  EXPECT_TRUE(CheckAction(game.state(), listed).empty());
  EXPECT_TRUE(game.Validate(listed).legal());

  // Malformed. (2 players: seats 0 and 1; base:B has 2 segments, the
  // monastery and the field.)
  auto capture = [](Figure figure) { return CaptureMeepleAction{figure, std::nullopt}; };
  const auto [no_owner, no_kind, no_tile, no_segment] = MalformedFiguresOf(monk, {9, 9}, 7);
  EXPECT_TRUE(
      HasProblem(CheckAction(game.state(), capture(no_owner)), "capture_meeple.figure.owner"));
  EXPECT_TRUE(
      HasProblem(CheckAction(game.state(), capture(no_kind)), "capture_meeple.figure.kind"));
  EXPECT_TRUE(
      HasProblem(CheckAction(game.state(), capture(no_tile)), "capture_meeple.figure.segment"));
  EXPECT_TRUE(
      HasProblem(CheckAction(game.state(), capture(no_segment)), "capture_meeple.figure.segment"));
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), CaptureMeepleAction{}), "capture_meeple"));
  EXPECT_TRUE(
      HasProblem(CheckAction(game.state(), CaptureMeepleAction{monk, kTower}), "capture_meeple"));
  const Position far{kMaxCoordinate + 1, 0};
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), CaptureMeepleAction{std::nullopt, far}),
                         "capture_meeple.tower_top"));
  // Well formed but illegal: a follower of Red's at (1,2) that is not there
  // (TW-07: no such meeple), the top of a tower with nobody on it (TW-10).
  EXPECT_TRUE(HasCode(game.Validate(capture({FigureKind::kFollower, 0, {{1, 2}, 0}})),
                      ViolationCode::kCaptureNotAllowed, "TW-07"));
  EXPECT_TRUE(CheckAction(game.state(), CaptureMeepleAction{std::nullopt, kTower}).empty());
  EXPECT_FALSE(game.Validate(CaptureMeepleAction{std::nullopt, kTower}).legal());
  // An engine caller that skips CheckAction: refused (TW-07), never applied.
  for (const Action& bad :
       {Action(capture(no_owner)), Action(capture(no_kind)), Action(capture(no_tile)),
        Action(capture(no_segment)), Action(CaptureMeepleAction{}),
        Action(CaptureMeepleAction{monk, kTower}),
        Action(CaptureMeepleAction{std::nullopt, far})}) {
    const Outcome outcome = ApplyAction(game.state(), bad);
    EXPECT_TRUE(HasCode(outcome.verdict, ViolationCode::kCaptureNotAllowed, "TW-07"));
    EXPECT_FALSE(outcome.next.has_value());
  }
  EXPECT_EQ(game.state().figures.size(), 1u);
  EXPECT_TRUE(game.state().prisoners.empty());
}

TEST(TowerTest, TW_08_AnotherPlayersMeepleBecomesAPrisoner) {
  // TW-08: Red takes Blue's monk at (1,2): Red holds it; Blue's supply stays
  // 6 (7 - 1); then the turn's scoring and Blue's turn.
  GameState state = TowerBoard(1);
  AddFigure(state, FigureKind::kFollower, 1, {1, 2}, 0);
  Game game(state);
  PlaceTileAndFloor(game);
  game.Apply(CaptureMeepleAction{Figure{FigureKind::kFollower, 1, {{1, 2}, 0}}, std::nullopt});
  EXPECT_TRUE(game.state().figures.empty());
  ASSERT_EQ(game.state().prisoners.size(), 1u);
  EXPECT_EQ(game.state().prisoners[0], (Prisoner{0, 1, FigureKind::kFollower}));
  EXPECT_EQ(game.state().players[1].followers, 6);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_FALSE(game.state().tower_capture.has_value());
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, TW_T02_CapturingOnesOwnKnightReturnsIt) {
  // TW-08, TW-T02: Red's highwayman on the road at (3,0) (1 + 2 east of the
  // tower: in reach at height 2) goes back to Red: 6 + 1 = 7, no prisoner.
  GameState state = TowerBoard(1);
  AddFigure(state, FigureKind::kFollower, 0, {3, 0}, 0);
  Game game(state);
  PlaceTileAndFloor(game);
  ASSERT_EQ(game.state().phase, Phase::kTowerCapture);
  game.Apply(CaptureMeepleAction{Figure{FigureKind::kFollower, 0, {{3, 0}, 0}}, std::nullopt});
  EXPECT_EQ(game.state().players[0].followers, 7);
  EXPECT_TRUE(game.state().prisoners.empty());
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, PassingTheCaptureGoesOnWithTheTurn) {
  // TW-07 "may": Red passes; the monk stays; Blue's turn.
  GameState state = TowerBoard(1);
  AddFigure(state, FigureKind::kFollower, 1, {1, 2}, 0);
  Game game(state);
  PlaceTileAndFloor(game);
  ASSERT_TRUE(game.Validate(PassAction{}).legal());
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().figures.size(), 1u);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
}

TEST(TowerTest, TW_T06_TheBuilderLeavesWithItsOwnersLastFollower) {
  // TW-09, TB-15, TW-T06: Blue's highwayman at (3,0) and Blue's builder at
  // (2,0) on the same road. The builder is no target (TW-09); taking the
  // highwayman sends the builder home (builders 0 -> 1).
  GameState state = TowerBoard(1, {Expansion::kTradersAndBuilders});
  AddFigure(state, FigureKind::kFollower, 1, {3, 0}, 0);
  AddFigure(state, FigureKind::kBuilder, 1, {2, 0}, 0);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceTileAndFloor(game);
  const auto captures = Listed<CaptureMeepleAction>(game);
  ASSERT_EQ(captures.size(), 1u);
  EXPECT_EQ(captures[0].figure->kind, FigureKind::kFollower);
  EXPECT_TRUE(HasCode(game.Validate(CaptureMeepleAction{
                          Figure{FigureKind::kBuilder, 1, {{2, 0}, 0}}, std::nullopt}),
                      ViolationCode::kCaptureNotAllowed, "TW-09"));
  game.Apply(captures[0]);
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[1].builders, 1);
  EXPECT_EQ(game.state().prisoners.size(), 1u);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, TW_09_ACastlesLordCannotBeCaptured) {
  // TW-09, BC-13 (engine practice): base:E turned 180 at (0,-1) closes D's
  // city: a castle of 2 segments, Red's knight on D its lord (3 tokens - 1 =
  // 2 left). The 2nd floor on (1,0) reaches (0,0) (1 west), but the lord is
  // no target and nothing else stands in reach: no capture decision.
  GameState state = TowerBoard(1, {Expansion::kBridgesCastlesAndBazaars});
  state.rules.bc_castles = true;
  state.tiles.push_back({Tile("base:E"), {0, -1}, Rotation{2}});
  AddFigure(state, FigureKind::kFollower, 0, {0, 0}, 0);
  for (Player& player : state.players) player.castles = 3;
  state.players[0].castles = 2;
  state.castles.push_back({{{{0, 0}, 0}, {{0, -1}, 0}}, 0, false, false, 0});
  for (const Problem& problem : CheckSnapshot(state)) {
    ADD_FAILURE() << problem.field << ": " << problem.message;
  }
  Game game(state);
  PlaceTileAndFloor(game);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().figures.size(), 1u);
}

// Two towers: (1,0) with `height` floors and tower:15 at (4,0) (road E-W,
// after the two base:U), height 1, closed by Blue's follower on top.
GameState TwoTowers(int height) {
  GameState state = TowerBoard(height);
  state.tiles.push_back({Tile("tower:15"), {4, 0}, Rotation{0}});
  state.towers.push_back({{4, 0}, 1, true, 1, FigureKind::kFollower});
  state.players[1].followers = 6;
  state.players[0].tower_floors = 10 - height - 1;
  return state;
}

TEST(TowerTest, TW_10_AMeepleOnTopOfATowerInReachCanBeTaken) {
  // TW-10: the 3rd floor on (1,0) reaches (4,0) (3 east): Blue's tower top
  // is a target; the tower stays closed (TW-05).
  GameState state = TwoTowers(2);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceTileAndFloor(game);
  const auto captures = Listed<CaptureMeepleAction>(game);
  ASSERT_EQ(captures.size(), 1u);
  EXPECT_EQ(captures[0].tower_top, (Position{4, 0}));
  game.Apply(captures[0]);
  EXPECT_FALSE(game.state().towers[1].top_owner.has_value());
  EXPECT_TRUE(game.state().towers[1].closed);
  EXPECT_EQ(game.state().prisoners.size(), 1u);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, TW_10_OptionOffTowerTopsAreImmune) {
  // TW-10, TW-Q1, option tw.tower_top_capturable = false: no target, so no
  // capture phase at all.
  GameState state = TwoTowers(2);
  state.rules.tw_tower_top_capturable = false;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceTileAndFloor(game);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_TRUE(game.state().towers[1].top_owner.has_value());
}

TEST(TowerTest, TW_10_ATowerTopOutOfReachIsNoTarget) {
  // TW-07: the 2nd floor reaches (3,0), not (4,0): no capture phase.
  GameState state = TwoTowers(1);
  Game game(state);
  PlaceTileAndFloor(game);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
}

TEST(TowerTest, TW_T03_PrisonersOfEachOtherAreExchangedAtOnce) {
  // TW-11, TW-T03: Red holds Blue's farmer; on Blue's turn Blue takes Red's
  // knight at (3,0): both go back to their owners at once.
  GameState state = TowerBoard(1);
  AddFigure(state, FigureKind::kFollower, 0, {3, 0}, 0);
  state.prisoners.push_back({0, 1, FigureKind::kFollower});
  state.players[1].followers = 6;
  state.active_player = state.deciding_player = 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  game.Apply(PlaceTileAction{Tile("base:B"), {0, 1}, Rotation{0}});
  game.Apply(PlaceTowerFloorAction{kTower});
  ASSERT_EQ(game.state().phase, Phase::kTowerCapture);
  game.Apply(CaptureMeepleAction{Figure{FigureKind::kFollower, 0, {{3, 0}, 0}}, std::nullopt});
  EXPECT_TRUE(game.state().prisoners.empty());
  EXPECT_EQ(game.state().players[0].followers, 7);
  EXPECT_EQ(game.state().players[1].followers, 7);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, TW_11_TheCapturerChoosesAmongSeveralKinds) {
  // TW-11: Blue holds Red's follower and big follower; Red takes Blue's monk
  // at (1,2): Red chooses which comes back (the big follower); the monk goes
  // back to Blue; Blue still holds Red's follower.
  GameState state = TowerBoard(1, {Expansion::kInnsAndCathedrals});
  AddFigure(state, FigureKind::kFollower, 1, {1, 2}, 0);
  state.prisoners.push_back({1, 0, FigureKind::kFollower});
  state.prisoners.push_back({1, 0, FigureKind::kBigFollower});
  state.players[0].followers = 6;
  state.players[0].big_followers = 0;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  PlaceTileAndFloor(game);
  game.Apply(CaptureMeepleAction{Figure{FigureKind::kFollower, 1, {{1, 2}, 0}}, std::nullopt});
  ASSERT_EQ(game.state().phase, Phase::kTowerExchange);
  EXPECT_EQ(game.state().deciding_player, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  const auto kinds = Listed<ExchangePrisonerAction>(game);
  ASSERT_EQ(kinds.size(), 2u);
  EXPECT_TRUE(HasCode(game.Validate(PassAction{}), ViolationCode::kExchangeNotAllowed, "TW-11"));
  EXPECT_TRUE(HasCode(game.Validate(ExchangePrisonerAction{FigureKind::kMayor}),
                      ViolationCode::kExchangeNotAllowed, "TW-11"));
  game.Apply(ExchangePrisonerAction{FigureKind::kBigFollower});
  EXPECT_EQ(game.state().players[0].big_followers, 1);
  EXPECT_EQ(game.state().players[1].followers, 7);
  ASSERT_EQ(game.state().prisoners.size(), 1u);
  EXPECT_EQ(game.state().prisoners[0], (Prisoner{1, 0, FigureKind::kFollower}));
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// Blue's turn (tile phase); Red holds two of Blue's followers; Blue has
// `blue_score` points, Red 0.
GameState RansomBoard(int blue_score) {
  GameState state = TowerBoard(1);
  state.prisoners.push_back({0, 1, FigureKind::kFollower});
  state.prisoners.push_back({0, 1, FigureKind::kFollower});
  state.players[1].followers = 5;
  state.players[1].score = blue_score;
  state.active_player = state.deciding_player = 1;
  return state;
}

TEST(TowerTest, TW_T04_OneRansomATurn) {
  // TW-12, TW-T04: Blue pays 3 to Red before placing the tile: Blue 5 - 3 =
  // 2, Red 0 + 3 = 3, a follower back (5 + 1 = 6). The second payment in
  // the same turn is refused, and no longer listed.
  GameState state = RansomBoard(5);
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  const auto offered = Listed<PayRansomAction>(game, Tile("base:B"));
  ASSERT_EQ(offered.size(), 1u);  // two prisoners of one kind: one choice
  EXPECT_EQ(offered[0].jailer, 0);
  const std::vector<ScoreEvent> events = game.Apply(PayRansomAction{0, FigureKind::kFollower});
  EXPECT_EQ(game.state().players[1].score, 2);
  EXPECT_EQ(game.state().players[0].score, 3);
  EXPECT_EQ(game.state().players[1].followers, 6);
  EXPECT_EQ(game.state().prisoners.size(), 1u);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);  // the tile is still to place
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kRansom);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kRansom);
  ASSERT_EQ(events[0].points.size(), 2u);
  EXPECT_EQ(events[0].points[0], (PlayerPoints{1, -3}));
  EXPECT_EQ(events[0].points[1], (PlayerPoints{0, 3}));
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  EXPECT_TRUE(HasCode(game.Validate(PayRansomAction{0, FigureKind::kFollower}),
                      ViolationCode::kRansomNotAllowed, "TW-12"));
  EXPECT_TRUE(Listed<PayRansomAction>(game, Tile("base:B")).empty());
  // Blue's figure step: still refused (same turn).
  game.Apply(PlaceTileAction{Tile("base:B"), {0, 1}, Rotation{0}});
  EXPECT_TRUE(HasCode(game.Validate(PayRansomAction{0, FigureKind::kFollower}),
                      ViolationCode::kRansomNotAllowed, "TW-12"));
  game.Apply(PassAction{});
  // Red's turn: Blue cannot pay (AMB-49: not Blue's decision; TW-12: only
  // on one's own turn).
  EXPECT_FALSE(game.state().ransom_paid);
  Action blue_pays{PayRansomAction{0, FigureKind::kFollower}, 1};
  EXPECT_TRUE(HasCode(game.Validate(blue_pays), ViolationCode::kNotYourDecision, "BG-01"));
}

TEST(TowerTest, TW_12_TheRansomInTheFigureStep) {
  // TW-12: on one's own turn: after placing the tile too; the figure step
  // stays pending.
  GameState state = RansomBoard(3);
  Game game(state);
  game.Apply(PlaceTileAction{Tile("base:B"), {0, 1}, Rotation{0}});
  ASSERT_EQ(Listed<PayRansomAction>(game).size(), 1u);
  game.Apply(PayRansomAction{0, FigureKind::kFollower});
  EXPECT_EQ(game.state().phase, Phase::kPlaceFigure);
  EXPECT_EQ(game.state().players[1].score, 0);  // 3 - 3
  EXPECT_EQ(game.state().players[0].score, 3);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, TW_Q2_NoRansomWithFewerThan3Points) {
  // TW-12, TW-Q2 (JCloisterZone's reading): Blue has 2 points: refused, not
  // listed.
  GameState state = RansomBoard(2);
  Game game(state);
  EXPECT_TRUE(Listed<PayRansomAction>(game, Tile("base:B")).empty());
  EXPECT_TRUE(HasCode(game.Validate(PayRansomAction{0, FigureKind::kFollower}),
                      ViolationCode::kRansomNotAllowed, "TW-Q2"));
  // A prisoner the jailer does not hold: refused.
  EXPECT_TRUE(HasCode(game.Validate(PayRansomAction{0, FigureKind::kBigFollower}),
                      ViolationCode::kRansomNotAllowed, "TW-12"));
}

TEST(TowerTest, TW_13_TW_14_TowersPrisonersAndTopsScoreNothing) {
  // TW-13, TW-14: Red's follower on top of the tower, Red holds Blue's
  // follower; nothing else on the board: the end scores nothing at all.
  GameState state = TowerBoard(1);
  state.towers[0].closed = true;
  state.towers[0].top_owner = 0;
  state.players[0].followers = 6;
  state.prisoners.push_back({0, 1, FigureKind::kFollower});
  state.players[1].followers = 6;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  EXPECT_TRUE(game.ScoreIfEndedNow().empty());
  game.ScoreEndOfGame();
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
  EXPECT_EQ(game.state().players[0].score, 0);
  EXPECT_EQ(game.state().players[1].score, 0);
  EXPECT_EQ(game.state().prisoners.size(), 1u);  // TW-13: stays out of play
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, CO_T09_TheRansomEarnsNoDeploymentIntoCarcassonne) {
  // CO-T09, CO-29, CO-05, TW-14: Red holds Blue's follower; on Blue's turn
  // Blue pays Red 3 (Red 0 -> 3, Blue 5 -> 2) and places base:B completing
  // nothing. Red gained points and Blue none, but the ransom is no landscape
  // scoring: no PHASE_COUNT_DEPLOY, Red's turn follows.
  RuleSet rules;
  rules.expansions = {Expansion::kTower, Expansion::kCountOfCarcassonne};
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.bag.reset();
  state.prisoners.push_back({0, 1, FigureKind::kFollower});
  state.players[1].followers = 6;
  state.players[1].score = 5;
  state.active_player = state.deciding_player = 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  ASSERT_TRUE(game.Validate(PayRansomAction{0, FigureKind::kFollower}).legal());
  game.Apply(PayRansomAction{0, FigureKind::kFollower});
  EXPECT_EQ(game.state().players[0].score, 3);
  EXPECT_EQ(game.state().players[1].score, 2);
  const auto placements = Listed<PlaceTileAction>(game, Tile("base:B"));
  ASSERT_FALSE(placements.empty());
  game.Apply(placements.front());
  ASSERT_TRUE(game.CompletedByLastTile().empty());
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, PD_12_TheDragonEatsATowerTopAndLeavesTheTower) {
  // PD-12 (engine practice): the meeple on top goes back to its owner (6 ->
  // 7); the tower stays, closed (TW-05).
  GameState state = TowerBoard(1, {Expansion::kPrincessAndDragon});
  state.towers[0].closed = true;
  state.towers[0].top_owner = 1;
  state.players[1].followers = 6;
  EatTowerTop(state, kTower);
  EXPECT_EQ(state.players[1].followers, 7);
  EXPECT_FALSE(state.towers[0].top_owner.has_value());
  EXPECT_TRUE(state.towers[0].closed);
  EXPECT_EQ(state.towers[0].height, 1);
}

TEST(TowerTest, PD_12_TheDragonsFlightEatsATowerTop) {
  // PD-12, PD-11: pd:17 (volcano, road E-W) at (-1,0), the dragon on D at
  // (0,0); Blue's follower on top of the tower at (1,0). Red places pd:16
  // (dragon, road E-W) at (4,0) and passes; the dragon's first step, Red's,
  // goes to (1,0): Blue's follower goes back (6 -> 7), the tower stays, closed.
  GameState state = TowerBoard(1, {Expansion::kPrincessAndDragon});
  state.tiles.push_back({Tile("pd:17"), {-1, 0}, Rotation{0}});
  state.dragon = Position{0, 0};
  state.towers[0].closed = true;
  state.towers[0].top_owner = 1;
  state.players[1].followers = 6;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:16"), {4, 0}, Rotation{0}});
  game.Apply(PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  ASSERT_TRUE(game.Validate(MoveDragonAction{kTower}).legal());
  game.Apply(MoveDragonAction{kTower});
  EXPECT_EQ(game.state().players[1].followers, 7);
  EXPECT_FALSE(game.state().towers[0].top_owner.has_value());
  EXPECT_TRUE(game.state().towers[0].closed);
  EXPECT_EQ(game.state().towers[0].height, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(TowerTest, TheCountsCityTilesHaveNoFoundation) {
  // TW-01 with the Count: the 12 city tiles show no foundation, so after the
  // first tile no floor is listed anywhere (base:B shows none either).
  RuleSet rules;
  rules.expansions = {Expansion::kTower, Expansion::kCountOfCarcassonne};
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.bag.reset();
  Game game(state);
  const auto placements = Listed<PlaceTileAction>(game, Tile("base:B"));
  ASSERT_FALSE(placements.empty());
  game.Apply(placements.front());
  EXPECT_TRUE(Listed<PlaceTowerFloorAction>(game).empty());
  EXPECT_TRUE(HasCode(game.Validate(PlaceTowerFloorAction{{0, 0}}),
                      ViolationCode::kTowerFloorNotAllowed, "TW-03"));
}

TEST(TowerTest, TheSnapshotCheck) {
  // TW-02: the floors add up to 2 x 10 = 20.
  GameState floors = TowerBoard(1);
  floors.players[0].tower_floors = 10;  // 10 + 10 + 1 = 21
  EXPECT_TRUE(HasProblem(CheckSnapshot(floors), "towers"));
  // TW-01: a tower stands on a foundation.
  GameState off_foundation = TowerBoard(1);
  off_foundation.towers[0].cell = {2, 0};
  EXPECT_TRUE(HasProblem(CheckSnapshot(off_foundation), "towers[0].cell"));
  // TW-11: prisoners of each other are exchanged at once.
  GameState both = TowerBoard(1);
  both.prisoners = {{0, 1, FigureKind::kFollower}, {1, 0, FigureKind::kFollower}};
  both.players[0].followers = 6;
  both.players[1].followers = 6;
  EXPECT_TRUE(HasProblem(CheckSnapshot(both), "prisoners"));
  // Figures conserved: a prisoner is still its owner's.
  GameState lost = TowerBoard(1);
  lost.prisoners = {{0, 1, FigureKind::kFollower}};
  EXPECT_TRUE(HasProblem(CheckSnapshot(lost), "players[1].followers"));
  // TW-07: a capture phase names its tower.
  GameState capture = TowerBoard(1);
  capture.phase = Phase::kTowerCapture;
  EXPECT_TRUE(HasProblem(CheckSnapshot(capture), "tower_capture"));
  // Without the expansion: no towers.
  GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  base.prisoners = {{0, 1, FigureKind::kFollower}};
  base.players[1].followers = 6;
  EXPECT_TRUE(HasProblem(CheckSnapshot(base), "prisoners"));
  RuleSet option_alone;
  option_alone.tw_tower_top_capturable = false;
  EXPECT_TRUE(std::holds_alternative<std::vector<Problem>>(NewGame({"A", "B"}, option_alone)));
}

}  // namespace
}  // namespace carcassonne

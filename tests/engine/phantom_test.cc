// The Phantom (shared/rules/expansions/phantom.md): the worked tests PH-T01..
// PH-T04 and the rules they rest on: the phantom's own step after the figure
// step (PH-02, PH-04, PH-07), a different, unoccupied feature (PH-03), a
// tower's top (PH-06, PH-08), exactly one follower in a scoring (PH-05), no
// phantom after the princess (PH-10), and the snapshot check of the step.
// Every number is counted by hand in the comments.
#include "engine/expansions/phantom.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

constexpr int kRed = 0;
constexpr int kBlue = 1;

// The segment of the tile on `cell` of `state` touching `location`.
SegmentAddress At(const GameState& state, Position cell, Location location) {
  const std::optional<int> index = ResolveSegment(state, cell, location);
  EXPECT_TRUE(index.has_value()) << LocationName(location);
  return {cell, index.value_or(-1)};
}

bool SameAction(const Action& a, const Action& b) {
  if (a.index() != b.index()) return false;
  if (const auto* place = std::get_if<PlaceFigureAction>(&a)) {
    const auto& other = std::get<PlaceFigureAction>(b);
    return place->kind == other.kind && place->segment == other.segment;
  }
  if (const auto* top = std::get_if<PlaceOnTowerAction>(&a)) {
    const auto& other = std::get<PlaceOnTowerAction>(b);
    return top->kind == other.kind && top->tower == other.tower;
  }
  return true;
}

bool Listed(const Game& game, const Action& wanted) {
  const std::vector<Action> actions = game.ListLegalActions(nullptr).actions;
  return std::any_of(actions.begin(), actions.end(),
                     [&](const Action& action) { return SameAction(action, wanted); });
}

void Play(Game& game, const Action& action) {
  const Verdict verdict = game.Validate(action);
  ASSERT_TRUE(verdict.legal()) << verdict.violations.front().message;
  game.Apply(action);
}

// A game of Red and Blue with the Phantom (and `more`), the bag not tracked,
// Red to play; the start tile base:D (city N, road E-W) at (0, 0).
GameState Start(std::vector<Expansion> more = {}) {
  return UntrackedGame({"Red", "Blue"}, Expansion::kPhantom, more);
}

TEST(PhantomTest, PH_01_EachPlayerHasOnePhantom) {
  const GameState state = Start();
  for (const Player& player : state.players) EXPECT_EQ(player.phantoms, 1);
  // Without the expansion, none (FiguresOwned).
  const GameState plain = UntrackedGame({"Red", "Blue"}, Expansion::kTower);
  EXPECT_EQ(plain.players[kRed].phantoms, 0);
}

// ----- PH-T01, PH-T02: the tower's top is the phantom's only option -------

// The board of JCloisterZone's phantom/tileplacement.jcz, with Red in the
// one player's place (a game has two players here): tower:01 (JCZ TO/C)
// turned 180 at (0, -1), its city S closing D's city N, with one floor of
// Red's on its tower; base:B at (0, 1) with Red's farmer (its field runs
// into D's south field). Red is to place base:B at (0, 2).
GameState TowerBoard() {
  GameState state = Start({Expansion::kTower});
  state.tiles.push_back({Tile("tower:01"), {0, -1}, Rotation{2}});
  state.tiles.push_back({Tile("base:B"), {0, 1}, Rotation{0}});
  state.towers.push_back({{0, -1}, 1, false, std::nullopt});
  state.players[kRed].tower_floors -= 1;
  state.figures.push_back({FigureKind::kFollower, kRed, At(state, {0, 1}, Location::kNNW)});
  state.players[kRed].followers -= 1;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  return state;
}

// Red places base:B at (0, 2) and a monk on its monastery: the phantom's step.
void PlaceMonk(Game& game) {
  Play(game, PlaceTileAction{Tile("base:B"), {0, 2}, Rotation{0}});
  Play(game, PlaceFigureAction{FigureKind::kFollower, At(game.state(), {0, 2}, Location::kCenter)});
}

TEST(PhantomTest, PH_T02_OnlyTheTowerTopIsLeftForThePhantom) {
  Game game(TowerBoard());
  PlaceMonk(game);
  // PH-07: the phantom's step follows the figure step, Red's to decide.
  ASSERT_EQ(game.state().phase, Phase::kPlacePhantom);
  EXPECT_EQ(game.state().deciding_player, kRed);
  // PH-06, PH-08: the monastery holds the monk and the field the farmer of
  // (0, 1) (its field runs on): the tower's top at (0, -1) and the pass are
  // the only choices.
  const std::vector<Action> actions = game.ListLegalActions(nullptr).actions;
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_TRUE(SameAction(actions[0], PlaceOnTowerAction{FigureKind::kPhantom, {0, -1}}));
  EXPECT_TRUE(std::holds_alternative<PassAction>(actions[1]));
  // PH-03: the monk's monastery is occupied for the phantom.
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kPhantom,
                                                      At(game.state(), {0, 2}, Location::kCenter)}),
                      ViolationCode::kFeatureOccupied, "PH-03"));
  // PH-07: in the phantom's step, only the phantom.
  EXPECT_TRUE(HasCode(game.Validate(PlaceOnTowerAction{FigureKind::kFollower, {0, -1}}),
                      ViolationCode::kFigureNotAllowed, "PH-07"));
  // PH-08: the phantom on the top closes the tower (TW-03 (d)).
  Game on_top = game;
  Play(on_top, PlaceOnTowerAction{FigureKind::kPhantom, {0, -1}});
  ASSERT_EQ(on_top.state().towers.size(), 1u);
  EXPECT_EQ(on_top.state().towers[0].top_owner, kRed);
  EXPECT_EQ(on_top.state().towers[0].top_kind, FigureKind::kPhantom);
  EXPECT_TRUE(on_top.state().towers[0].closed);
  EXPECT_EQ(on_top.state().players[kRed].phantoms, 0);
  EXPECT_EQ(on_top.state().phase, Phase::kPlaceTile);
  EXPECT_TRUE(CheckSnapshot(on_top.state()).empty());
}

TEST(PhantomTest, PH_T01_PassingThePhantomScoresNothing) {
  Game game(TowerBoard());
  PlaceMonk(game);
  ASSERT_EQ(game.state().phase, Phase::kPlacePhantom);
  // PH-04: the phantom is optional. The monastery at (0, 2) has 1 of its 8
  // neighbours, (0, 1): it is not complete; the tile completes nothing
  // else: nothing scores, 0 points.
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  EXPECT_TRUE(events.empty());
  EXPECT_EQ(game.state().players[kRed].score, 0);
  EXPECT_EQ(game.state().players[kRed].phantoms, 1);  // still in supply
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);   // the next tile
  EXPECT_EQ(game.state().active_player, kBlue);
}

// ----- PH-T03: two figures, the phantom scores a completed city -----------

TEST(PhantomTest, PH_T03_PhantomKnightScoresTheCityTheFarmerStays) {
  Game game(Start());
  // base:E turned 180 at (0, -1): its city S closes D's city N (2 tiles);
  // its field (N, E, W sides) touches no other tile's field.
  Play(game, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  const SegmentAddress field = At(game.state(), {0, -1}, Location::kNNW);
  const SegmentAddress city = At(game.state(), {0, -1}, Location::kS);
  // The figure step: the normal follower as a farmer (PH-02).
  Play(game, PlaceFigureAction{FigureKind::kFollower, field});
  ASSERT_EQ(game.state().phase, Phase::kPlacePhantom);
  // PH-03: the farmer's field is occupied for the phantom; the city is not.
  EXPECT_FALSE(Listed(game, PlaceFigureAction{FigureKind::kPhantom, field}));
  EXPECT_TRUE(Listed(game, PlaceFigureAction{FigureKind::kPhantom, city}));
  // The phantom as a knight; the city of 2 tiles scores 2 x 2 = 4 (BG-08),
  // its only figure the phantom, strength 1 (PH-05): Red +4.
  const Verdict verdict = game.Validate(PlaceFigureAction{FigureKind::kPhantom, city});
  ASSERT_TRUE(verdict.legal());
  const std::vector<ScoreEvent> events = game.Apply(PlaceFigureAction{FigureKind::kPhantom, city});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].Total(), 4);
  EXPECT_EQ(game.state().players[kRed].score, 4);
  // PH-05: the phantom is back in supply; the farmer stays.
  EXPECT_EQ(game.state().players[kRed].phantoms, 1);
  ASSERT_EQ(game.state().figures.size(), 1u);
  EXPECT_EQ(game.state().figures[0], (Figure{FigureKind::kFollower, kRed, field}));
  EXPECT_EQ(game.state().players[kRed].followers, kFollowersPerPlayer - 1);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
}

// ----- PH-T04: not on the normal follower's feature ------------------------

TEST(PhantomTest, PH_T04_PhantomNotOnTheRoadTheFollowerTook) {
  Game game(Start());
  // base:U (road E-W) at (1, 0), east of D: one road, a field north and a
  // field south of it (each running into D's field on that side).
  Play(game, PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  const SegmentAddress road = At(game.state(), {1, 0}, Location::kE);
  const SegmentAddress north = At(game.state(), {1, 0}, Location::kNNE);
  const SegmentAddress south = At(game.state(), {1, 0}, Location::kSSE);
  Play(game, PlaceFigureAction{FigureKind::kFollower, road});
  ASSERT_EQ(game.state().phase, Phase::kPlacePhantom);
  // PH-03: the road is occupied: illegal.
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kPhantom, road}),
                      ViolationCode::kFeatureOccupied, "PH-03"));
  // Only a field is left to the phantom (either one), or the pass.
  const std::vector<Action> actions = game.ListLegalActions(nullptr).actions;
  ASSERT_EQ(actions.size(), 3u);
  EXPECT_TRUE(Listed(game, PlaceFigureAction{FigureKind::kPhantom, north}));
  EXPECT_TRUE(Listed(game, PlaceFigureAction{FigureKind::kPhantom, south}));
  EXPECT_TRUE(Listed(game, PassAction{}));
  EXPECT_FALSE(Listed(game, PlaceFigureAction{FigureKind::kPhantom, road}));
}

// ----- PH-04, PH-07: the phantom alone, and never in the figure step -------

TEST(PhantomTest, PH_07_ThePhantomWaitsForItsOwnStep) {
  Game game(Start());
  Play(game, PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  const SegmentAddress road = At(game.state(), {1, 0}, Location::kE);
  ASSERT_EQ(game.state().phase, Phase::kPlaceFigure);
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kPhantom, road}),
                      ViolationCode::kFigureNotAllowed, "PH-07"));
  EXPECT_FALSE(Listed(game, PlaceFigureAction{FigureKind::kPhantom, road}));
  // PH-04: the figure step passed, the phantom goes alone on the road.
  Play(game, PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kPlacePhantom);
  Play(game, PlaceFigureAction{FigureKind::kPhantom, road});
  EXPECT_EQ(game.state().figures.back(), (Figure{FigureKind::kPhantom, kRed, road}));
  EXPECT_EQ(game.state().players[kRed].phantoms, 0);
  EXPECT_EQ(game.state().players[kRed].followers, kFollowersPerPlayer);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PhantomTest, PH_07_NoStepWithoutThePhantomInSupply) {
  GameState state = Start();
  state.players[kRed].phantoms = 0;
  state.figures.push_back({FigureKind::kPhantom, kRed, At(state, {0, 0}, Location::kSSW)});
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  Play(game, PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  Play(game, PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, kBlue);
}

// ----- PH-05: strength 1 in a majority ------------------------------------

TEST(PhantomTest, PH_05_PhantomCountsAsOneFollowerInAMajority) {
  // base:F turned 90 (city N-S, 1 coat of arms) at (0, -1) holds Red's
  // phantom; its city runs into D's, which holds Blue's knight. Red closes it
  // with base:E turned 180 (city S) at (0, -2) and passes (the phantom is on
  // the board: no phantom's step, PH-07).
  GameState state = Start();
  state.tiles.push_back({Tile("base:F"), {0, -1}, Rotation{1}});
  state.figures.push_back({FigureKind::kPhantom, kRed, At(state, {0, -1}, Location::kN)});
  state.players[kRed].phantoms = 0;
  state.figures.push_back({FigureKind::kFollower, kBlue, At(state, {0, 0}, Location::kN)});
  state.players[kBlue].followers -= 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  Play(game, PlaceTileAction{Tile("base:E"), {0, -2}, Rotation{2}});
  const Verdict pass = game.Validate(PassAction{});
  ASSERT_TRUE(pass.legal());
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  // The city: 3 tiles and 1 coat of arms, 3 x 2 + 2 = 8 (BG-08); the
  // phantom (1, PH-05) and Blue's knight (1) tie: both score 8 (BG-06).
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].Total(), 8);
  EXPECT_EQ(game.state().players[kRed].score, 8);
  EXPECT_EQ(game.state().players[kBlue].score, 8);
  // PH-05: back to the supply.
  EXPECT_EQ(game.state().players[kRed].phantoms, 1);
  EXPECT_EQ(game.state().players[kBlue].followers, kFollowersPerPlayer);
  EXPECT_TRUE(game.state().figures.empty());
}

// ----- PH-10: the princess ------------------------------------------------

TEST(PhantomTest, PH_10_NoPhantomAfterThePrincess) {
  // Blue's knight holds D's city. Red places the princess tile pd:20 turned
  // 180 north of D (its city joins D's) and sends the knight home (PD-21):
  // no other figure this turn, so no phantom's step; Blue's turn.
  GameState state = Start({Expansion::kPrincessAndDragon});
  const Figure blue_knight{FigureKind::kFollower, kBlue, At(state, {0, 0}, Location::kN)};
  state.figures.push_back(blue_knight);
  state.players[kBlue].followers -= 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  Play(game, PlaceTileAction{Tile("pd:20"), {0, -1}, Rotation{2}});
  Play(game, RemoveKnightAction{blue_knight});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, kBlue);
  EXPECT_EQ(game.state().players[kRed].phantoms, 1);
  // The same tile with a pass instead: the phantom's step opens (the
  // knight's city is occupied; pd:20's other features are not).
  Game passed(state);
  Play(passed, PlaceTileAction{Tile("pd:20"), {0, -1}, Rotation{2}});
  Play(passed, PassAction{});
  EXPECT_EQ(passed.state().phase, Phase::kPlacePhantom);
}

// ----- The snapshot check ----------------------------------------------------

TEST(PhantomTest, PH_07_SnapshotOfThePhantomStep) {
  Game game(Start());
  Play(game, PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  Play(game, PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kPlacePhantom);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  GameState without = game.state();
  without.players[kRed].phantoms = 0;
  without.figures.push_back({FigureKind::kPhantom, kRed, At(without, {0, 0}, Location::kSSW)});
  EXPECT_TRUE(HasProblem(CheckSnapshot(without), "phase"));
  // AMB-40: the features waiting are those the tile completed (none here):
  // U's open road is not one.
  GameState not_completed = game.state();
  not_completed.pending_scorings = {At(not_completed, {1, 0}, Location::kE)};
  EXPECT_TRUE(HasProblem(CheckSnapshot(not_completed), "scoring_order"));
  GameState other_game = game.state();
  other_game.rules.expansions = {Expansion::kTower};
  other_game.players[kRed].phantoms = 0;
  other_game.players[kBlue].phantoms = 0;
  EXPECT_FALSE(CheckSnapshot(other_game).empty());
}

}  // namespace
}  // namespace carcassonne

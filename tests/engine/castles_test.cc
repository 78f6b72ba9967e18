// Bridges, Castles & Bazaars, the castles module (option bc.castles): castle
// tokens at set-up (BC-02), the option's rule set check, the shape of a
// castle city (BC-10), the fief (BC-12), and one castle decision through the
// engine's Game. The rules' test cases BC-T02..BC-T05, the chain (BC-14),
// the King (KR-15, KR-T04) and the Count (CO-42) are scenario files
// tests/scenarios/bc_*.json.
#include "engine/expansions/castles.h"

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

RuleSet CastleRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kBridgesCastlesAndBazaars};
  rules.bc_castles = true;
  return rules;
}

TEST(CastlesTest, EachPlayerHasThreeCastlesOrTwoWithFiveOrSixPlayers) {
  // BC-02: 2-4 players 3 castles each; 5-6 players 2.
  for (const std::vector<std::string>& names :
       {std::vector<std::string>{"Red", "Blue"}, std::vector<std::string>{"A", "B", "C", "D"}}) {
    const GameState state = std::get<GameState>(NewGame(names, CastleRules()));
    for (const Player& player : state.players) EXPECT_EQ(player.castles, 3);
    EXPECT_TRUE(CheckSnapshot(state).empty());
  }
  const GameState five = std::get<GameState>(NewGame({"A", "B", "C", "D", "E"}, CastleRules()));
  for (const Player& player : five.players) EXPECT_EQ(player.castles, 2);
  // Without the option, none.
  RuleSet tiles_only = CastleRules();
  tiles_only.bc_castles = false;
  EXPECT_EQ(std::get<GameState>(NewGame({"Red", "Blue"}, tiles_only)).players[0].castles, 0);
}

TEST(CastlesTest, TheOptionNeedsTheExpansion) {
  RuleSet rules;
  rules.bc_castles = true;
  const auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(result), "rules.bc_castles"));
}

TEST(CastlesTest, CastleTokensAreConservedInASnapshot) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, CastleRules()));
  state.players[1].castles = 2;  // one missing, and no castle on the board
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "players[1].castles"));
}

// A small city of D (city N) at (0,0) and E turned 180 (city S) at (0,-1).
Board TwoTileCity() {
  Board board;
  board.Place({Tile("base:D"), {0, 0}, Rotation{0}});
  board.Place({Tile("base:E"), {0, -1}, Rotation{2}});
  return board;
}

TEST(CastlesTest, ACastleIsACityOfTwoSegmentsEachWithOneSide) {
  // BC-10.
  const Board board = TwoTileCity();
  const int city = board.SegmentId({{0, 0}, Tile("base:D")->SegmentIndex("c1")});
  EXPECT_TRUE(HasCastleShape(board, city));
  // A road is not a castle.
  EXPECT_FALSE(
      HasCastleShape(board, board.SegmentId({{0, 0}, Tile("base:D")->SegmentIndex("r1")})));
  // bcb:04's city is marked castle_base: false.
  Board marked;
  marked.Place({Tile("bcb:04"), {0, 0}, Rotation{0}});   // city W
  marked.Place({Tile("base:E"), {-1, 0}, Rotation{1}});  // city E
  EXPECT_FALSE(HasCastleShape(marked, marked.SegmentId({{0, 0}, 0})));
  // A city segment with two sides (base:F, city E-W) is not a castle base,
  // even in a city of two segments... closed on both sides it has three
  // tiles; a city of three segments never is.
  Board three;
  three.Place({Tile("base:E"), {-1, 0}, Rotation{1}});  // city E
  three.Place({Tile("base:F"), {0, 0}, Rotation{0}});   // city W-E
  three.Place({Tile("base:E"), {1, 0}, Rotation{3}});   // city W
  EXPECT_FALSE(HasCastleShape(three, three.SegmentId({{0, 0}, 0})));
}

TEST(CastlesTest, TheFiefIsTwoCellsAlongTheCastleAndThreeAcross) {
  // BC-12: a vertical castle (0,-1)-(0,0): columns -1..1, rows -1..0.
  Castle vertical;
  vertical.segments = {{{0, -1}, 0}, {{0, 0}, 0}};
  std::vector<Position> fief = Fief(vertical);
  ASSERT_EQ(fief.size(), 6u);
  for (Position cell : {Position{-1, -1}, Position{0, -1}, Position{1, -1}, Position{-1, 0},
                        Position{0, 0}, Position{1, 0}}) {
    EXPECT_NE(std::find(fief.begin(), fief.end(), cell), fief.end()) << cell.x << "," << cell.y;
  }
  // A horizontal castle (3,5)-(2,5): columns 2..3, rows 4..6.
  Castle horizontal;
  horizontal.segments = {{{3, 5}, 0}, {{2, 5}, 0}};
  fief = Fief(horizontal);
  ASSERT_EQ(fief.size(), 6u);
  for (Position cell : {Position{2, 4}, Position{3, 4}, Position{2, 5}, Position{3, 5},
                        Position{2, 6}, Position{3, 6}}) {
    EXPECT_NE(std::find(fief.begin(), fief.end(), cell), fief.end()) << cell.x << "," << cell.y;
  }
}

TEST(CastlesTest, TheKnightsOwnerMayMakeTheCityACastleInsteadOfScoringIt) {
  // BC-10, BC-11: Red closes D's city with E and puts a knight in it; the
  // turn's scoring waits for Red's castle decision.
  Game game(std::get<GameState>(NewGame({"Red", "Blue"}, CastleRules())));
  const TileType* e = Tile("base:E");
  ASSERT_TRUE(game.Validate(PlaceTileAction{e, {0, -1}, Rotation{2}}).legal());
  game.Apply(PlaceTileAction{e, {0, -1}, Rotation{2}});
  const PlaceFigureAction knight{FigureKind::kFollower, {{0, -1}, e->SegmentIndex("c1")}};
  ASSERT_TRUE(game.Validate(knight).legal());
  EXPECT_TRUE(game.Apply(knight).empty());
  ASSERT_EQ(game.state().phase, Phase::kPlaceCastle);
  EXPECT_EQ(game.state().deciding_player, 0);
  ASSERT_EQ(game.state().castle_offers.size(), 1u);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  const LegalActions legal = game.ListLegalActions(nullptr);
  ASSERT_EQ(legal.actions.size(), 2u);  // build, pass
  // A tile cannot be placed now.
  EXPECT_FALSE(game.Validate(PlaceTileAction{e, {1, 0}, Rotation{0}}).legal());

  Game declined = game;
  // Pass: the city scores 2 tiles x 2 = 4 (BG-11) and the knight goes back.
  const std::vector<ScoreEvent> city = declined.Apply(PassAction{});
  ASSERT_EQ(city.size(), 1u);
  EXPECT_EQ(city[0].feature_kind, FeatureKind::kCity);
  EXPECT_EQ(declined.state().players[0].score, 4);
  EXPECT_TRUE(declined.state().castles.empty());
  EXPECT_EQ(declined.state().phase, Phase::kPlaceTile);

  // Build: no scoring; the knight stays as the lord; one token used.
  EXPECT_TRUE(game.Apply(BuildCastleAction{}).empty());
  EXPECT_EQ(game.state().players[0].score, 0);
  EXPECT_EQ(game.state().players[0].castles, 2);
  ASSERT_EQ(game.state().castles.size(), 1u);
  EXPECT_EQ(game.state().castles[0].owner, 0);
  EXPECT_TRUE(game.state().castles[0].built_this_turn);
  EXPECT_EQ(game.state().figures.size(), 1u);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // BC-15, AMB-47: ended now, the castle gives nothing, but the final
  // scoring lists it: one event, 0 points, nobody scores, the lord goes back.
  Game ended = game;
  const std::vector<ScoreEvent> events = ended.ScoreEndOfGame();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kCastle);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kEndOfGame);
  EXPECT_TRUE(events[0].majority_players.empty());
  EXPECT_EQ(events[0].Total(), 0);
  ASSERT_EQ(events[0].line_items.size(), 1u);
  EXPECT_EQ(events[0].line_items[0].rule_id, "BC-15");
  ASSERT_EQ(events[0].returned_figures.size(), 1u);
  EXPECT_EQ(events[0].returned_figures[0].owner, 0);
  EXPECT_EQ(ended.state().players[0].followers, kFollowersPerPlayer);
}

// AMB-40, BC-10: the board of bc_amb40_scoring_order_kept_through_castle_offer.
// Blue's base:J at (0,-1) turned 180 closes the 2-segment city D + J (Red's
// knight: a castle offer) and the road A(-1,-1) + J + A(0,-2) (Blue's thief);
// Blue orders the road first. In PHASE_PLACE_CASTLE the features waiting are
// exactly those two, each once, in any order.
TEST(CastlesTest, TheFeaturesWaitingForACastleDecisionAreThoseTheTileCompleted) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, CastleRules()));
  state.bag.reset();
  state.tiles.push_back({Tile("base:U"), {-1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:A"), {-1, -1}, Rotation{3}});
  state.tiles.push_back({Tile("base:B"), {-1, -2}, Rotation{0}});
  state.tiles.push_back({Tile("base:A"), {0, -2}, Rotation{0}});
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});    // D c1
  state.figures.push_back({FigureKind::kFollower, 1, {{-1, -1}, 0}});  // A r1
  state.players[0].followers = 6;
  state.players[1].followers = 6;
  state.active_player = state.deciding_player = 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const SegmentAddress road{{-1, -1}, 0};
  const SegmentAddress city{{0, 0}, 0};
  GameState placed =
      *ApplyAction(state, PlaceTileAction{Tile("base:J"), {0, -1}, Rotation{2}}).next;
  Action pass = PassAction{};
  pass.scoring_order = {road, city};
  const GameState offered = *ApplyAction(placed, pass).next;
  ASSERT_EQ(offered.phase, Phase::kPlaceCastle);
  ASSERT_EQ(offered.pending_scorings.size(), 2u);
  EXPECT_EQ(offered.pending_scorings[0], road);
  EXPECT_TRUE(CheckSnapshot(offered).empty());
  GameState twice = offered;
  twice.pending_scorings = {road, {{0, -2}, 0}};  // the same road through A(0,-2)
  EXPECT_TRUE(HasProblem(CheckSnapshot(twice), "scoring_order[1]"));
  GameState missing = offered;
  missing.pending_scorings = {road};
  EXPECT_TRUE(HasProblem(CheckSnapshot(missing), "scoring_order"));
  GameState open = offered;
  open.pending_scorings = {road, {{-1, 0}, 0}};  // base:U's road, unfinished
  EXPECT_TRUE(HasProblem(CheckSnapshot(open), "scoring_order[1]"));
}

TEST(CastlesTest, NoOfferWithoutAKnightOrWithTwo) {
  // Red closes the city without placing a follower: nobody may build.
  Game game(std::get<GameState>(NewGame({"Red", "Blue"}, CastleRules())));
  game.Apply(PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_TRUE(game.state().castle_offers.empty());
}

}  // namespace
}  // namespace carcassonne

// The Count of Carcassonne: set-up (CO-02..CO-04), the snapshot checks of the
// quarters and the pending decisions (CheckCountOfCarcassonne), malformed
// actions and rule sets; with Abbey & Mayor: the mayor and the wagon in the
// quarters (CO-09, CO-30, AMB-12), the barn's market round (CO-45, AMB-08).
// The turn's decisions and their scores are in the scenario files
// tests/scenarios/count_*.json.
#include <gtest/gtest.h>

#include <string>

#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet CountRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kCountOfCarcassonne};
  return rules;
}

GameState NewCountGame() { return std::get<GameState>(NewGame({"Red", "Blue"}, CountRules())); }

std::string Fields(const std::vector<Problem>& problems) {
  std::string fields;
  for (const Problem& problem : problems) fields += problem.field + " (" + problem.message + "); ";
  return fields;
}

TEST(CountOfCarcassonneTest, NewGameLaysTheCityInPlaceOfTheStartTile) {
  const GameState state = NewCountGame();
  // CO-02, geometry.md: count:1..count:12 as a 4x3 block, count:1 at (0, 0).
  ASSERT_EQ(state.tiles.size(), 12u);
  for (int i = 0; i < 12; ++i) {
    EXPECT_EQ(state.tiles[i].type->id, "count:" + std::to_string(i + 1));
    EXPECT_EQ(state.tiles[i].cell, (Position{i % 4, i / 4}));
    EXPECT_EQ(state.tiles[i].rotation.quarter_turns, 0);
  }
  // Every base tile (base:D included) is in the bag; no city tile is.
  EXPECT_EQ(state.bag->Total(), 72);
  EXPECT_EQ(state.bag->CountOf(Tile("base:D")), 4);
  EXPECT_EQ(state.bag->CountOf(Tile("count:1")), 0);
  // CO-04: the Count in the castle, the quarters empty.
  EXPECT_EQ(state.count.count, Quarter::kCastle);
  EXPECT_TRUE(state.count.followers.empty());
  EXPECT_TRUE(CheckSnapshot(state).empty()) << Fields(CheckSnapshot(state));
}

TEST(CountOfCarcassonneTest, TheRiverFirstHouseRuleIsNotBuilt) {
  RuleSet rules = CountRules();
  rules.expansions.push_back(Expansion::kRiver);
  rules.count_river_layout = CountRiverLayout::kRiverFirstHouseRule;
  const auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(result), "rules.count_river_layout"));
  // The default layout is built (AMB-13): the spring waits in the bag.
  rules.count_river_layout = CountRiverLayout::kSpringNextToCity;
  const GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  EXPECT_EQ(state.bag->CountOf(Tile("river:1-01")), 1);
  EXPECT_EQ(state.tiles.size(), 12u);
}

TEST(CountOfCarcassonneTest, TheCityMustLieWhereTheLayoutSays) {
  GameState state = NewCountGame();
  std::swap(state.tiles[0], state.tiles[1]);
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "tiles[0]"));
  // Without the Count the city tiles are not in the game.
  GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  base.count.followers.push_back({FigureKind::kFollower, 0, Quarter::kMarket});
  base.players[0].followers -= 1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(base), "count"));
}

TEST(CountOfCarcassonneTest, FollowersInTheQuartersAreCounted) {
  GameState state = NewCountGame();
  state.count.followers.push_back({FigureKind::kFollower, 1, Quarter::kCathedral});
  // Supply 7 + 1 in Carcassonne = 8: not conserved.
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "players[1].followers"));
  state.players[1].followers = 6;
  EXPECT_TRUE(CheckSnapshot(state).empty()) << Fields(CheckSnapshot(state));
  // Only followers and big followers go into Carcassonne (AMB-17).
  state.count.followers.push_back({FigureKind::kBuilder, 0, Quarter::kCastle});
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "count.followers[1].kind"));
}

TEST(CountOfCarcassonneTest, PendingDecisionsAreChecked) {
  GameState state = NewCountGame();
  // A deployment needs a tile of this turn.
  state.phase = Phase::kCountDeploy;
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "phase")) << Fields(CheckSnapshot(state));
  // A redeployment round needs the feature about to be scored (base:E below
  // count:9 closes its outer city).
  const Outcome outcome =
      ApplyAction(NewCountGame(), PlaceTileAction{Tile("base:E"), {0, 3}, Rotation{0}});
  ASSERT_TRUE(outcome.verdict.legal());
  GameState placed = *outcome.next;
  placed.phase = Phase::kCountRedeploy;
  EXPECT_TRUE(HasProblem(CheckSnapshot(placed), "count.pending_features"));
  // Who scored is kept only during the round.
  GameState scored = NewCountGame();
  scored.count.others_scored = true;
  EXPECT_TRUE(HasProblem(CheckSnapshot(scored), "count.turn_scoring"));
  // Only the Count's rounds let another player decide.
  GameState other = NewCountGame();
  other.deciding_player = 1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(other), "deciding_player"));
}

TEST(CountOfCarcassonneTest, ARedeploymentMovesAtLeastOneFollower) {
  const GameState state = NewCountGame();
  EXPECT_TRUE(HasProblem(CheckAction(state, RedeployFromQuarterAction{Quarter::kCastle, 0, 0, {}}),
                         "redeploy_from_quarter"));
  EXPECT_TRUE(HasProblem(CheckAction(state, RedeployFromQuarterAction{Quarter::kCastle, 1, 0,
                                                                      SegmentAddress{{9, 9}, 0}}),
                         "redeploy_from_quarter.target"));
  // Counts as large as the API carries (any int32): too many, and their sum
  // taken without overflowing (fuzz finding F8: INT32_MAX + 1 was undefined
  // behaviour, caught by UBSan in fuzz_engine_games).
  RedeployFromQuarterAction huge{Quarter::kCastle, 2147483647, 1, std::nullopt};
  EXPECT_TRUE(HasProblem(CheckAction(state, huge), "redeploy_from_quarter"));
  huge.followers = 1;
  huge.big_followers = 2147483647;
  huge.mayors = 2147483647;
  EXPECT_TRUE(HasProblem(CheckAction(state, huge), "redeploy_from_quarter"));
  // The Count's decisions outside his phases are in the wrong phase.
  const Verdict verdict =
      ValidateAction(state, DeployToQuarterAction{FigureKind::kFollower, Quarter::kMarket, {}});
  ASSERT_FALSE(verdict.legal());
  EXPECT_EQ(verdict.violations[0].code, ViolationCode::kWrongPhase);
}

TEST(CountOfCarcassonneTest, ScoreGameDeclinesThePendingDecisions) {
  // Red closes count:9's outer city with base:E and has a castle follower
  // (the Count is in the market), so a round opens; the what-if scoring takes
  // it as declined: the empty city scores nothing, the castle follower never
  // scores (CO-48).
  GameState state = NewCountGame();
  state.count.followers.push_back({FigureKind::kFollower, 0, Quarter::kCastle});
  state.count.count = Quarter::kMarket;
  state.players[0].followers = 6;
  GameState placed = *ApplyAction(state, PlaceTileAction{Tile("base:E"), {0, 3}, Rotation{0}}).next;
  GameState round = *ApplyAction(placed, PassAction{}).next;
  ASSERT_EQ(round.phase, Phase::kCountRedeploy);
  EXPECT_EQ(round.deciding_player, 0);
  const FinalScoring what_if = ScoreGame(round);
  EXPECT_TRUE(what_if.events.empty());
  EXPECT_EQ(what_if.final_scores, (std::vector<int>{0, 0}));
}

// ----- With Abbey & Mayor -----

RuleSet CountAbbeyMayorRules() {
  RuleSet rules = CountRules();
  rules.expansions.push_back(Expansion::kAbbeyAndMayor);
  rules.am_mayor = true;
  rules.am_wagon = true;
  rules.am_barn = true;
  return rules;
}

TEST(CountOfCarcassonneTest, TheMayorAndTheWagonStandOnlyInTheirQuarters) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, CountAbbeyMayorRules()));
  // CO-09, CO-30: the mayor in the castle, the wagon in the cathedral.
  state.count.followers.push_back({FigureKind::kMayor, 0, Quarter::kCastle});
  state.count.followers.push_back({FigureKind::kWagon, 1, Quarter::kCathedral});
  state.players[0].mayors = 0;
  state.players[1].wagons = 0;
  EXPECT_TRUE(CheckSnapshot(state).empty()) << Fields(CheckSnapshot(state));
  // The mayor never in the market (it stands only in cities), nor the wagon
  // (never on fields).
  GameState mayor = state;
  mayor.count.followers[0].quarter = Quarter::kBlacksmith;
  EXPECT_TRUE(HasProblem(CheckSnapshot(mayor), "count.followers[0].quarter"));
  GameState wagon = state;
  wagon.count.followers[1].quarter = Quarter::kMarket;
  EXPECT_TRUE(HasProblem(CheckSnapshot(wagon), "count.followers[1].quarter"));
  // Without am.mayor there is no mayor to put in.
  RuleSet no_mayor = CountAbbeyMayorRules();
  no_mayor.am_mayor = false;
  GameState without = std::get<GameState>(NewGame({"Red", "Blue"}, no_mayor));
  without.count.followers.push_back({FigureKind::kMayor, 0, Quarter::kCastle});
  EXPECT_TRUE(HasProblem(CheckSnapshot(without), "count.followers[0].kind"));
}

TEST(CountOfCarcassonneTest, TheAbbeyAndMayorOptionsNeedTheirPieces) {
  // AMB-12: count.mayor_wagon_count_as_two needs the mayor or the wagon.
  RuleSet rules = CountRules();
  rules.count_mayor_wagon_count_as_two = true;
  auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
  EXPECT_TRUE(
      HasProblem(std::get<std::vector<Problem>>(result), "rules.count_mayor_wagon_count_as_two"));
  // AMB-08: both market options need the barn.
  rules = CountRules();
  rules.count_market_redeploy_on_barn = false;
  rules.count_market_redeploy_on_farm_join = true;
  result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
  EXPECT_TRUE(
      HasProblem(std::get<std::vector<Problem>>(result), "rules.count_market_redeploy_on_barn"));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(result),
                         "rules.count_market_redeploy_on_farm_join"));
  // With the Count and the pieces they are fine.
  rules = CountAbbeyMayorRules();
  rules.count_mayor_wagon_count_as_two = true;
  rules.count_market_redeploy_on_barn = false;
  rules.count_market_redeploy_on_farm_join = true;
  EXPECT_TRUE(std::holds_alternative<GameState>(NewGame({"Red", "Blue"}, rules)));
}

// The board of count_t05b_market_round_before_barn_scores.json: seating Blue,
// Green, Red; Green's farmer on base:B r0 at (1,3), a field that borders the
// City of Carcassonne (CO-22); Red has a market follower; Blue places base:U
// turned 90 at (2,3) and the barn on its NW corner (four tiles meet there, all
// one field: AM-15).
GameState BarnRoundBoard(const RuleSet& rules) {
  GameState state = std::get<GameState>(NewGame({"Blue", "Green", "Red"}, rules));
  state.bag.reset();
  state.tiles.push_back({Tile("base:B"), {1, 3}, Rotation{0}});
  state.figures.push_back({FigureKind::kFollower, 1, {{1, 3}, 1}});  // base:B f1
  state.players[1].followers = 6;
  state.count.followers.push_back({FigureKind::kFollower, 2, Quarter::kMarket});
  state.players[2].followers = 6;
  return state;
}

TEST(CountOfCarcassonneTest, TheBarnOpensAMarketRoundThatScoreGameDeclines) {
  const GameState state = BarnRoundBoard(CountAbbeyMayorRules());
  ASSERT_TRUE(CheckSnapshot(state).empty()) << Fields(CheckSnapshot(state));
  const GameState placed =
      *ApplyAction(state, PlaceTileAction{Tile("base:U"), {2, 3}, Rotation{1}}).next;
  const Outcome barn = ApplyAction(placed, PlaceBarnAction{Corner::kNorthWest});
  ASSERT_TRUE(barn.verdict.legal());
  // CO-45: the round comes before the farmers score: nothing scored yet, Red
  // (the only market follower) decides, the field waits.
  EXPECT_TRUE(barn.events.empty());
  const GameState& round = *barn.next;
  EXPECT_EQ(round.phase, Phase::kCountRedeploy);
  EXPECT_EQ(round.deciding_player, 2);
  ASSERT_EQ(round.pending_scorings.size(), 1u);
  EXPECT_TRUE(CheckSnapshot(round).empty()) << Fields(CheckSnapshot(round));
  // A pending field without a barn is refused.
  GameState no_barn = round;
  no_barn.barns.clear();
  no_barn.players[0].barns = 1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(no_barn), "count.pending_features[0]"));
  // ScoreGame declines the round: the barn's field scores for Green alone,
  // 1 completed city x 3 = 3 (AM-17, CO-22); then the final scoring: the
  // barn 1 x 4 = 4 for Blue (AM-20); Red's market follower scores nothing
  // (CO-48). [4, 3, 0].
  const FinalScoring what_if = ScoreGame(round);
  EXPECT_EQ(what_if.final_scores, (std::vector<int>{4, 3, 0}));
  ASSERT_FALSE(what_if.events.empty());
  EXPECT_EQ(what_if.events[0].trigger, ScoringTrigger::kBarnPlaced);
  // With option count.market_redeploy_on_barn off there is no round: Green
  // scores 3 at once and Blue, who scored nothing, may deploy (CO-05, CO-31).
  RuleSet off = CountAbbeyMayorRules();
  off.count_market_redeploy_on_barn = false;
  const GameState placed_off =
      *ApplyAction(BarnRoundBoard(off), PlaceTileAction{Tile("base:U"), {2, 3}, Rotation{1}}).next;
  const Outcome barn_off = ApplyAction(placed_off, PlaceBarnAction{Corner::kNorthWest});
  ASSERT_TRUE(barn_off.verdict.legal());
  EXPECT_EQ(barn_off.next->phase, Phase::kCountDeploy);
  EXPECT_EQ(barn_off.next->players[1].score, 3);
  // With the Count in the market no round either (CO-17).
  GameState blocked = BarnRoundBoard(CountAbbeyMayorRules());
  blocked.count.count = Quarter::kMarket;
  const GameState placed_blocked =
      *ApplyAction(blocked, PlaceTileAction{Tile("base:U"), {2, 3}, Rotation{1}}).next;
  EXPECT_EQ(ApplyAction(placed_blocked, PlaceBarnAction{Corner::kNorthWest}).next->phase,
            Phase::kCountDeploy);
}

// CO-31 with Hills & Sheep (HS-16, HS-25; fuzz finding F9): the barn's field
// scores in the figure step and the Count records who scored; the flock's
// decision that follows keeps that record. On BarnRoundBoard with option
// count.market_redeploy_on_barn off (no market round), Blue's shepherd stands
// in the field of base:B at (1,3) beside Green's farmer, placed in an earlier
// turn with a one-sheep token. Blue's base:U turned 90 at (2,3) extends that
// field (its W field meets B's E side) and Blue puts the barn on its NW
// corner: Green's farmer scores 1 completed city x 3 = 3 (AM-17, CO-22) and
// goes back; Blue scored nothing. Then Blue tends the flock (HS-16) before
// the rest of the turn's scoring, and after it, since another player scored
// while Blue scored nothing, Blue may deploy (CO-05, CO-31).
TEST(CountOfCarcassonneTest, Co31TheBarnsScoringIsKeptThroughTheFlocksDecision) {
  RuleSet rules = CountAbbeyMayorRules();
  rules.expansions.push_back(Expansion::kHillsAndSheep);
  rules.count_market_redeploy_on_barn = false;
  GameState state = BarnRoundBoard(rules);
  state.figures.push_back({FigureKind::kShepherd, 0, {{1, 3}, 1}});  // base:B f1
  state.players[0].shepherds = 0;
  state.flocks.push_back({0, {SheepToken::kOneSheep}});
  ASSERT_TRUE(state.sheep_bag.has_value());
  state.sheep_bag->tokens[static_cast<int>(SheepToken::kOneSheep)] -= 1;
  ASSERT_TRUE(CheckSnapshot(state).empty()) << Fields(CheckSnapshot(state));
  const GameState placed =
      *ApplyAction(state, PlaceTileAction{Tile("base:U"), {2, 3}, Rotation{1}}).next;
  const Outcome barn = ApplyAction(placed, PlaceBarnAction{Corner::kNorthWest});
  ASSERT_TRUE(barn.verdict.legal());
  ASSERT_EQ(barn.events.size(), 1u);
  EXPECT_EQ(barn.events[0].trigger, ScoringTrigger::kBarnPlaced);
  EXPECT_EQ(barn.next->players[1].score, 3);
  EXPECT_EQ(barn.next->phase, Phase::kTendFlock);
  EXPECT_EQ(barn.next->deciding_player, 0);
  // The snapshot in the flock's decision passes its own check (it was
  // refused: count.turn_scoring outside the phases of the scoring).
  EXPECT_TRUE(CheckSnapshot(*barn.next).empty()) << Fields(CheckSnapshot(*barn.next));
  // Blue grows the flock by two sheep (HS-17): no points; then the Count's
  // deployment opens for Blue.
  const Outcome grown = ApplyAction(*barn.next, GrowFlockAction{SheepToken::kTwoSheep});
  ASSERT_TRUE(grown.verdict.legal());
  EXPECT_TRUE(grown.events.empty());
  EXPECT_EQ(grown.next->phase, Phase::kCountDeploy);
  EXPECT_EQ(grown.next->deciding_player, 0);
  EXPECT_TRUE(CheckSnapshot(*grown.next).empty()) << Fields(CheckSnapshot(*grown.next));
}

TEST(CountOfCarcassonneTest, MayorsAndWagonsFromCarcassonneAreTrackedOnlyWithTheOption) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, CountAbbeyMayorRules()));
  // AMB-12: without the option nothing is tracked.
  state.count.from_quarters.push_back({FigureKind::kMayor, 0, {{0, 2}, 0}});
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "count.from_quarters[0]"));
  // A redeployment with mayors and wagons is well formed; none at all is not.
  RedeployFromQuarterAction redeploy{Quarter::kCastle, 0, 0, std::nullopt};
  redeploy.mayors = 1;
  EXPECT_TRUE(CheckAction(state, redeploy).empty());
  redeploy.mayors = -1;
  redeploy.wagons = 1;
  EXPECT_TRUE(HasProblem(CheckAction(state, redeploy), "redeploy_from_quarter"));
}

}  // namespace
}  // namespace carcassonne

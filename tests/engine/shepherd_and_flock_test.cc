// Hills & Sheep, the shepherd and the flock (shared/rules/expansions/
// hills-sheep.md, HS-13..HS-26, HS-T01..HS-T05) on the engine's events.
// Tiles are laid from an untracked tile bag (any order); the sheep bag is
// tracked unless a test says otherwise, and every token drawn is the one the
// test names (HS-24). Every number is worked out in the comments. Seat 0
// plays first. Tile facts: base:U road W-E (fields N and S), base:V road
// S-W (an inner corner field SSW+WSW and the outer field), base:X four
// roads (four corner fields), base:E city N, base:A monastery with road S.
// (About 600 lines: one test per rule id HS-13..HS-26 and case HS-T01..HS-T05
// on shared helpers and layouts; splitting them would split the layouts.)
#include "engine/expansions/shepherd_and_flock.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet Rules(std::vector<Expansion> more = {}) {
  RuleSet rules;
  rules.expansions = {Expansion::kHillsAndSheep};
  rules.expansions.insert(rules.expansions.end(), more.begin(), more.end());
  return rules;
}

GameState Start(RuleSet rules = Rules()) {
  GameState state = std::get<GameState>(NewGame({"Alice", "Bob"}, rules));
  state.bag.reset();  // tiles in any order; the sheep bag stays tracked
  return state;
}

void Place(Game& game, std::string_view tile, Position cell, int quarter_turns) {
  const PlaceTileAction place{Tile(tile), cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
  ASSERT_TRUE(game.Validate(place).legal()) << tile << " at (" << cell.x << "," << cell.y << ")";
  game.Apply(place);
}

SegmentAddress At(const Game& game, Position cell, Location location) {
  const int tile = game.board().TileIndexAt(cell);
  EXPECT_GE(tile, 0);
  const std::optional<int> segment = game.board().SegmentAt(tile, location);
  EXPECT_TRUE(segment.has_value());
  return {cell, segment.value_or(0)};
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

std::vector<ScoreEvent> Shepherd(Game& game, Position cell, Location location, SheepToken token) {
  return Do(game, PlaceShepherdAction{At(game, cell, location), token});
}

int Sheep(const GameState& state, int owner) {
  for (const Flock& flock : state.flocks) {
    if (flock.owner != owner) continue;
    int sheep = 0;
    for (SheepToken token : flock.tokens) sheep += SheepOn(token);
    return sheep;
  }
  return 0;
}

const SheepBag kFullBag{kSheepTokensInSet};

// ----- HS-01, HS-02 ----------------------------------------------------------

TEST(ShepherdAndFlockTest, EachPlayerHasAShepherdAndTheBagHoldsTheEighteenTokens) {
  const GameState state = std::get<GameState>(NewGame({"Alice", "Bob"}, Rules()));
  for (const Player& player : state.players) EXPECT_EQ(player.shepherds, 1);
  // HS-01: 4 + 5 + 5 + 2 = 16 sheep tokens and 2 wolves, 18 tokens. (The
  // tokens carry 4×1 + 5×2 + 5×3 + 2×4 = 37 sheep; the rules file's "42
  // sheep in all" does not add up from its own counts, which are built.)
  ASSERT_TRUE(state.sheep_bag.has_value());
  EXPECT_EQ(state.sheep_bag->tokens, (std::array<int, 5>{4, 5, 5, 2, 2}));
  const GameState base = std::get<GameState>(NewGame({"Alice", "Bob"}, RuleSet{}));
  EXPECT_EQ(base.players[0].shepherds, 0);
  EXPECT_FALSE(base.sheep_bag.has_value());
}

// ----- HS-T01: two flocks grow turn by turn, each driven by its owner ---------

TEST(ShepherdAndFlockTest, HsT01FlockScoring) {
  Game game(Start());
  // Alice base:U at (1,0), shepherd on its south field (joins D's south
  // field), draws 1.
  Place(game, "base:U", {1, 0}, 0);
  Shepherd(game, {1, 0}, Location::kSSE, SheepToken::kOneSheep);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);  // HS-16: the draw is the only action
  // Bob base:U at (2,0), shepherd on its north field (D's field below the
  // city), draws 2. His tile extends Alice's field: nothing for her (HS-19).
  Place(game, "base:U", {2, 0}, 0);
  Shepherd(game, {2, 0}, Location::kNNW, SheepToken::kTwoSheep);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 0);
  // (3,0)..(8,0): each U extends both fields; the active player grows their
  // own flock: Alice 1, 4, 3; Bob 4, 3, 2.
  const SheepToken alice[] = {SheepToken::kOneSheep, SheepToken::kFourSheep,
                              SheepToken::kThreeSheep};
  const SheepToken bob[] = {SheepToken::kFourSheep, SheepToken::kThreeSheep, SheepToken::kTwoSheep};
  for (int i = 0; i < 6; ++i) {
    Place(game, "base:U", {3 + i, 0}, 0);
    Do(game, PassAction{});
    ASSERT_EQ(game.state().phase, Phase::kTendFlock);  // HS-16
    EXPECT_EQ(game.state().deciding_player, i % 2);
    Do(game, GrowFlockAction{i % 2 == 0 ? alice[i / 2] : bob[i / 2]});
  }
  EXPECT_EQ(Sheep(game.state(), 0), 1 + 1 + 4 + 3);  // 9
  EXPECT_EQ(Sheep(game.state(), 1), 2 + 4 + 3 + 2);  // 11
  // Alice base:V r270 at (1,1) extends only her field: she drives.
  Place(game, "base:V", {1, 1}, 3);
  Do(game, PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kTendFlock);
  std::vector<ScoreEvent> events = Do(game, DriveFlockAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kFlock);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kFlockDriven);
  EXPECT_EQ(events[0].majority_players, std::vector<int>{0});
  EXPECT_EQ(events[0].Total(), 9);
  EXPECT_EQ(events[0].line_items[0].rule_id, "HS-18");
  // Bob base:V r90 at (2,-1) extends only his field: he drives.
  Place(game, "base:V", {2, -1}, 1);
  Do(game, PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kTendFlock);
  events = Do(game, DriveFlockAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].Total(), 11);
  // Alice 9, Bob 11; both shepherds back, all 8 tokens back in the bag.
  EXPECT_EQ(game.state().players[0].score, 9);
  EXPECT_EQ(game.state().players[1].score, 11);
  EXPECT_EQ(game.state().players[0].shepherds, 1);
  EXPECT_EQ(game.state().players[1].shepherds, 1);
  EXPECT_TRUE(game.state().flocks.empty());
  EXPECT_EQ(game.state().sheep_bag, kFullBag);
}

// ----- HS-T02, HS-17: a merged field, one drive pays every shepherd ----------

// Alice's shepherd in D's south field (1 sheep), Bob's in D's north field (3
// sheep); Alice's base:A r90 at (1,0) joins both fields (its field runs round
// the monastery from WNW to WSW). Then the tending decision is Alice's.
Game TwoFlocksJoined() {
  Game game(Start());
  Place(game, "base:E", {0, 1}, 1);  // city E; its field joins D's south field
  Shepherd(game, {0, 1}, Location::kNNW, SheepToken::kOneSheep);
  Place(game, "base:U", {-1, 0}, 0);  // its north field joins D's north field
  Shepherd(game, {-1, 0}, Location::kNNW, SheepToken::kThreeSheep);
  Place(game, "base:A", {1, 0}, 1);  // road W
  Do(game, PassAction{});
  return game;
}

TEST(ShepherdAndFlockTest, HsT02FlockScoresAllPlayers) {
  Game game = TwoFlocksJoined();
  ASSERT_EQ(game.state().phase, Phase::kTendFlock);
  EXPECT_EQ(game.state().deciding_player, 0);
  const std::vector<ScoreEvent> events = Do(game, DriveFlockAction{});
  // HS-18: 1 + 3 = 4 sheep in the field: Alice 4, Bob 4, once each.
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].majority_players, (std::vector<int>{0, 1}));
  EXPECT_EQ(events[0].Total(), 1 + 3);
  EXPECT_EQ(events[0].returned_figures.size(), 2u);
  EXPECT_EQ(game.state().players[0].score, 4);
  EXPECT_EQ(game.state().players[1].score, 4);
  EXPECT_EQ(game.state().players[1].shepherds, 1);
  EXPECT_EQ(game.state().sheep_bag, kFullBag);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
}

TEST(ShepherdAndFlockTest, Hs17AWolfScattersEveryFlockOfTheField) {
  Game game = TwoFlocksJoined();
  const std::vector<ScoreEvent> events = Do(game, GrowFlockAction{SheepToken::kWolf});
  // No one scores; both shepherds back, the 1 and the 3 and the wolf back in
  // the bag (the bag is full again).
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kWolf);
  EXPECT_TRUE(events[0].majority_players.empty());
  EXPECT_EQ(events[0].Total(), 0);
  EXPECT_EQ(events[0].returned_figures.size(), 2u);
  EXPECT_EQ(events[0].line_items[0].rule_id, "HS-17");
  EXPECT_EQ(game.state().players[0].score, 0);
  EXPECT_EQ(game.state().players[1].score, 0);
  EXPECT_EQ(game.state().players[0].shepherds, 1);
  EXPECT_EQ(game.state().players[1].shepherds, 1);
  EXPECT_EQ(game.state().sheep_bag, kFullBag);
}

TEST(ShepherdAndFlockTest, Hs17ASheepJoinsOnlyTheOwnersFlock) {
  Game game = TwoFlocksJoined();
  Do(game, GrowFlockAction{SheepToken::kTwoSheep});
  EXPECT_EQ(Sheep(game.state(), 0), 1 + 2);
  EXPECT_EQ(Sheep(game.state(), 1), 3);
  // Bag: 4-1 ones, 5-1 twos, 5-1 threes, 2 fours, 2 wolves.
  EXPECT_EQ(game.state().sheep_bag->tokens, (std::array<int, 5>{3, 4, 4, 2, 2}));
}

TEST(ShepherdAndFlockTest, Hs16TheTendingDecisionIsListedAndHasNoPass) {
  Game game = TwoFlocksJoined();
  const LegalActions legal = game.ListLegalActions(nullptr);
  // Grow with each kind still in the bag (5 kinds) + drive.
  EXPECT_EQ(legal.actions.size(), 5u + 1u);
  EXPECT_TRUE(HasCode(game.Validate(PassAction{}), ViolationCode::kWrongPhase, "HS-16"));
  // Bob cannot take Alice's decision (AMB-49, HS-19).
  EXPECT_EQ(game.Validate(Action(DriveFlockAction{}, 1)).violations[0].code,
            ViolationCode::kNotYourDecision);
  // The ScoreGame view: the decision is not taken, flocks score nothing at
  // the end (HS-23).
  for (const ScoreEvent& event : game.ScoreIfEndedNow()) {
    EXPECT_NE(event.feature_kind, FeatureKind::kFlock);
  }
}

TEST(ShepherdAndFlockTest, Hs16NoDecisionOutsideThePhase) {
  Game game(Start());
  Place(game, "base:U", {1, 0}, 0);
  const Verdict verdict = game.Validate(GrowFlockAction{SheepToken::kOneSheep});
  EXPECT_TRUE(HasCode(verdict, ViolationCode::kWrongPhase, "HS-16"));
  EXPECT_TRUE(HasCode(game.Validate(DriveFlockAction{}), ViolationCode::kWrongPhase, "HS-16"));
}

// ----- HS-T03, HS-T04, HS-20..HS-22: the closed field ------------------------

// The four road tiles of HS-T03 around a small field: X at (1,0), V r0 at
// (2,0), V r90 at (2,1), V r180 at (1,1). The field: (1,0) ESE/SSE, (2,0)
// SSW/WSW, (2,1) NNW/WNW, (1,1) NNE/ENE.

TEST(ShepherdAndFlockTest, HsT03AnOpponentClosesTheFlocksField) {
  Game game(Start());
  Place(game, "base:X", {1, 0}, 0);  // Alice
  Do(game, PassAction{});
  Place(game, "base:V", {2, 0}, 0);  // Bob
  Do(game, PassAction{});
  Place(game, "base:V", {2, 1}, 1);  // Alice: shepherd on the inner corner, draws 1
  Shepherd(game, {2, 1}, Location::kNNW, SheepToken::kOneSheep);
  EXPECT_FALSE(FieldClosed(game.board(), game.board().SegmentId(At(game, {2, 1}, Location::kNNW))));
  // Bob closes the small field; his shepherd on the outer field draws a wolf.
  Place(game, "base:V", {1, 1}, 2);
  const std::vector<ScoreEvent> events = Shepherd(game, {1, 1}, Location::kSSW, SheepToken::kWolf);
  // HS-14: Bob's shepherd goes back (wolf, no points); HS-20: Alice's closed
  // field is driven at once in Bob's turn: Alice 1, Bob 0. The road loop is
  // completed with nobody on it: no other event.
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kWolf);
  EXPECT_EQ(events[0].line_items[0].rule_id, "HS-14");
  EXPECT_EQ(events[1].trigger, ScoringTrigger::kFieldClosed);
  EXPECT_TRUE(events[1].complete);
  EXPECT_EQ(events[1].majority_players, std::vector<int>{0});
  EXPECT_EQ(events[1].Total(), 1);
  EXPECT_EQ(events[1].line_items[0].rule_id, "HS-20");
  EXPECT_EQ(game.state().players[0].score, 1);
  EXPECT_EQ(game.state().players[1].score, 0);
  EXPECT_EQ(game.state().sheep_bag, kFullBag);
}

// HS-T04's tiles with Bob's shepherd on (2,0)'s inner corner (draws 2); Bob
// closes the field with his own tile at (1,1).
Game BobClosesHisOwnField(RuleSet rules = Rules()) {
  Game game(Start(rules));
  Place(game, "base:X", {1, 0}, 0);  // Alice
  Do(game, PassAction{});
  Place(game, "base:V", {2, 0}, 0);  // Bob
  Shepherd(game, {2, 0}, Location::kSSW, SheepToken::kTwoSheep);
  Place(game, "base:V", {2, 1}, 1);  // Alice: extends Bob's field, nothing (HS-19)
  Do(game, PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  Place(game, "base:V", {1, 1}, 2);  // Bob
  Do(game, PassAction{});
  return game;
}

TEST(ShepherdAndFlockTest, HsT04GrowBeforeTheClosedFieldIsDriven) {
  Game game = BobClosesHisOwnField();
  // HS-21 (option default true): Bob may grow first.
  ASSERT_EQ(game.state().phase, Phase::kTendFlock);
  const std::vector<ScoreEvent> events = Do(game, GrowFlockAction{SheepToken::kThreeSheep});
  // Flock 2 + 3 = 5, then the closed field is driven: Bob 5.
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kFieldClosed);
  EXPECT_EQ(events[0].Total(), 2 + 3);
  EXPECT_EQ(game.state().players[1].score, 5);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
}

TEST(ShepherdAndFlockTest, HsT04AWolfInsteadScoresNothing) {
  Game game = BobClosesHisOwnField();
  const std::vector<ScoreEvent> events = Do(game, GrowFlockAction{SheepToken::kWolf});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kWolf);
  EXPECT_EQ(game.state().players[1].score, 0);
}

TEST(ShepherdAndFlockTest, Hs21WithTheOptionOffTheClosedFieldIsDrivenAtOnce) {
  RuleSet rules = Rules();
  rules.hs_grow_before_closed_scoring = false;
  Game game(Start(rules));
  Place(game, "base:X", {1, 0}, 0);
  Do(game, PassAction{});
  Place(game, "base:V", {2, 0}, 0);
  Shepherd(game, {2, 0}, Location::kSSW, SheepToken::kTwoSheep);
  Place(game, "base:V", {2, 1}, 1);
  Do(game, PassAction{});
  Place(game, "base:V", {1, 1}, 2);
  // No decision: HS-20 drives the 2 sheep at once: Bob 2.
  const std::vector<ScoreEvent> events = Do(game, PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kFieldClosed);
  EXPECT_EQ(game.state().players[1].score, 2);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
}

TEST(ShepherdAndFlockTest, Hs22AShepherdPlacedInAClosedFieldIsDrivenAtOnce) {
  // JCZ flock-deploy-on-closed-farm: Bob closes the small field with his own
  // tile and puts his shepherd in it: draws 2, scored at once: Bob 2.
  Game game(Start());
  Place(game, "base:X", {1, 0}, 0);
  Do(game, PassAction{});
  Place(game, "base:V", {2, 0}, 0);
  Do(game, PassAction{});
  Place(game, "base:V", {2, 1}, 1);
  Do(game, PassAction{});
  Place(game, "base:V", {1, 1}, 2);
  const std::vector<ScoreEvent> events =
      Shepherd(game, {1, 1}, Location::kNNE, SheepToken::kTwoSheep);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kFieldClosed);
  EXPECT_EQ(events[0].Total(), 2);
  EXPECT_EQ(game.state().players[1].score, 2);
  EXPECT_EQ(game.state().players[1].shepherds, 1);
}

TEST(ShepherdAndFlockTest, HsT05TheInnerFieldOfIc03IsClosedAtOnce) {
  Game game(Start(Rules({Expansion::kInnsAndCathedrals})));
  // ic:03 r0 at (0,-1): its S cap completes a 2-tile city with D (nobody in
  // it: no event); its enclosed field (no half-edge) is closed from the
  // start. Alice's shepherd there draws 3 and is driven at once: Alice 3.
  Place(game, "ic:03", {0, -1}, 0);
  const auto& segments = Tile("ic:03")->segments;
  int field = -1;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (segments[i].kind == SegmentKind::kField) field = i;
  }
  ASSERT_GE(field, 0);
  const std::vector<ScoreEvent> events =
      Do(game, PlaceShepherdAction{{{0, -1}, field}, SheepToken::kThreeSheep});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kFieldClosed);
  EXPECT_EQ(events[0].Total(), 3);
  EXPECT_EQ(game.state().players[0].score, 3);
}

// ----- HS-13: where the shepherd goes ----------------------------------------

TEST(ShepherdAndFlockTest, Hs13TheShepherdGoesOnAFieldOfTheTileJustPlaced) {
  Game game = TwoFlocksJoined();
  Do(game, DriveFlockAction{});
  // Bob places base:U at (-2,0): its fields join D's fields through (-1,0).
  Place(game, "base:U", {-2, 0}, 0);
  // Not a field: the road.
  EXPECT_TRUE(HasCode(
      game.Validate(PlaceShepherdAction{At(game, {-2, 0}, Location::kW), SheepToken::kOneSheep}),
      ViolationCode::kFigureNotAllowed, "HS-13"));
  // Not the tile just placed.
  EXPECT_TRUE(HasCode(
      game.Validate(PlaceShepherdAction{At(game, {-1, 0}, Location::kNNW), SheepToken::kOneSheep}),
      ViolationCode::kNotOnPlacedTile, "HS-13"));
  // Both fields are free of shepherds again: 2 fields × 5 tokens listed.
  int listed = 0;
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    listed += std::holds_alternative<PlaceShepherdAction>(action) ? 1 : 0;
  }
  EXPECT_EQ(listed, 2 * 5);
}

TEST(ShepherdAndFlockTest, Hs13OneShepherdPerFieldAndFarmersBothWays) {
  Game game(Start());
  // Alice: base:U at (1,0), a farmer in its north field (D's north field).
  Place(game, "base:U", {1, 0}, 0);
  Do(game, PlaceFigureAction{FigureKind::kFollower, At(game, {1, 0}, Location::kNNW)});
  // Bob: base:U at (2,0): his shepherd may join Alice's farmer's field.
  Place(game, "base:U", {2, 0}, 0);
  Shepherd(game, {2, 0}, Location::kNNW, SheepToken::kOneSheep);
  // Alice: base:U at (3,0): no second shepherd in that field...
  Place(game, "base:U", {3, 0}, 0);
  EXPECT_TRUE(HasCode(
      game.Validate(PlaceShepherdAction{At(game, {3, 0}, Location::kNNW), SheepToken::kOneSheep}),
      ViolationCode::kFeatureOccupied, "HS-13"));
  // ... but a farmer may join a shepherd's field ("and vice versa"): the
  // field holds Alice's farmer already, so here the south field: free.
  EXPECT_TRUE(
      game.Validate(PlaceShepherdAction{At(game, {3, 0}, Location::kSSE), SheepToken::kOneSheep})
          .legal());
  // HS-15: the shepherd is no follower: Bob's field with only his shepherd
  // takes a farmer of Bob's.
  Do(game, PassAction{});
  Place(game, "base:U", {4, 0}, 0);  // Bob: extends his own field
  EXPECT_TRUE(
      game.Validate(PlaceFigureAction{FigureKind::kFollower, At(game, {4, 0}, Location::kSSE)})
          .legal());
  Do(game, PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kTendFlock);  // HS-16 after the figure step
}

TEST(ShepherdAndFlockTest, Hs13OneShepherdEach) {
  Game game(Start());
  Place(game, "base:U", {1, 0}, 0);
  Shepherd(game, {1, 0}, Location::kSSE, SheepToken::kOneSheep);
  Place(game, "base:U", {-1, 0}, 0);
  Do(game, PassAction{});
  Place(game, "base:U", {2, 0}, 0);
  EXPECT_TRUE(HasCode(
      game.Validate(PlaceShepherdAction{At(game, {2, 0}, Location::kNNW), SheepToken::kOneSheep}),
      ViolationCode::kNoFigureInSupply, "HS-13"));
}

// ----- HS-14, HS-24: the token drawn ----------------------------------------

// Alice's shepherd with a 4 in the south field, Bob's with the other 4 in
// the north field; Alice's next tile extends her field.
void BothFoursInFlocks(Game& game) {
  Place(game, "base:U", {1, 0}, 0);
  Shepherd(game, {1, 0}, Location::kSSE, SheepToken::kFourSheep);
  Place(game, "base:U", {-1, 0}, 0);
  Shepherd(game, {-1, 0}, Location::kNNW, SheepToken::kFourSheep);
  Place(game, "base:U", {2, 0}, 0);
  Do(game, PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kTendFlock);
}

TEST(ShepherdAndFlockTest, Hs24ATrackedBagHoldsTheTokenDrawn) {
  Game game(Start());
  BothFoursInFlocks(game);
  EXPECT_EQ(game.state().sheep_bag->tokens[3], 2 - 2);
  EXPECT_TRUE(HasCode(game.Validate(GrowFlockAction{SheepToken::kFourSheep}),
                      ViolationCode::kSheepTokenNotInBag, "HS-17"));
  EXPECT_TRUE(game.Validate(GrowFlockAction{SheepToken::kOneSheep}).legal());
  // Four kinds left to draw (no 4) + the drive.
  EXPECT_EQ(game.ListLegalActions(nullptr).actions.size(), 4u + 1u);
}

TEST(ShepherdAndFlockTest, Hs24WithoutATrackedBagTheSetBoundsTheDraw) {
  GameState state = Start();
  state.sheep_bag.reset();
  Game game(state);
  BothFoursInFlocks(game);
  // The set has 2 tokens of 4 sheep (HS-01), both in flocks.
  EXPECT_TRUE(HasCode(game.Validate(GrowFlockAction{SheepToken::kFourSheep}),
                      ViolationCode::kSheepTokenNotInBag, "HS-17"));
  // A wolf is always possible: it never stays on the board.
  EXPECT_TRUE(game.Validate(GrowFlockAction{SheepToken::kWolf}).legal());
  Do(game, GrowFlockAction{SheepToken::kOneSheep});
  EXPECT_EQ(Sheep(game.state(), 0), 4 + 1);
  EXPECT_FALSE(game.state().sheep_bag.has_value());
}

TEST(ShepherdAndFlockTest, Hs14AWolfSendsTheNewShepherdBack) {
  Game game(Start());
  Place(game, "base:U", {1, 0}, 0);
  const std::vector<ScoreEvent> events = Shepherd(game, {1, 0}, Location::kSSE, SheepToken::kWolf);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kWolf);
  EXPECT_EQ(events[0].line_items[0].rule_id, "HS-14");
  EXPECT_EQ(game.state().players[0].shepherds, 1);
  EXPECT_TRUE(game.state().flocks.empty());
  EXPECT_EQ(game.state().sheep_bag, kFullBag);  // the wolf is back in the bag
}

// ----- HS-15, HS-23: no follower, nothing at the end --------------------------

TEST(ShepherdAndFlockTest, Hs15Hs23TheShepherdNeverCountsInTheFieldAndFlocksScoreNothingAtTheEnd) {
  Game game(Start());
  // Alice's shepherd (3 sheep) and Bob's farmer in D's north field.
  Place(game, "base:U", {1, 0}, 0);
  Shepherd(game, {1, 0}, Location::kNNW, SheepToken::kThreeSheep);
  Place(game, "base:U", {-1, 0}, 0);
  Do(game, PlaceFigureAction{FigureKind::kFollower, At(game, {-1, 0}, Location::kNNW)});
  const std::vector<ScoreEvent> events = game.ScoreIfEndedNow();
  // The end: D's city (1 tile, nobody), the field: only Bob's farmer is in
  // the majority (the shepherd has no strength, HS-15); no flock event
  // (HS-23).
  int fields = 0;
  for (const ScoreEvent& event : events) {
    EXPECT_NE(event.feature_kind, FeatureKind::kFlock);
    if (event.feature_kind != FeatureKind::kField) continue;
    ++fields;
    EXPECT_EQ(event.majority_players, std::vector<int>{1});
    EXPECT_EQ(event.returned_figures.size(), 1u);
  }
  EXPECT_EQ(fields, 1);
  // Applied: every figure back, the 3 back in the bag.
  Game ended = game;
  ended.ScoreEndOfGame();
  EXPECT_EQ(ended.state().players[0].shepherds, 1);
  EXPECT_TRUE(ended.state().flocks.empty());
  EXPECT_EQ(ended.state().sheep_bag, kFullBag);
}

// ----- HS-25, PD-11: the flock's decision before the dragon, which eats ------

TEST(ShepherdAndFlockTest, Hs25TheFlockDecisionComesBeforeTheDragonWhichEatsTheShepherd) {
  Game game(Start(Rules({Expansion::kPrincessAndDragon})));
  // Alice: base:U at (1,0), shepherd in the south field, draws 2.
  Place(game, "base:U", {1, 0}, 0);
  Shepherd(game, {1, 0}, Location::kSSE, SheepToken::kTwoSheep);
  // Bob: the volcano pd:01 at (1,1) brings the dragon there (PD-04); no
  // figure on it (PD-05); his tile extends Alice's field: nothing (HS-19).
  Place(game, "pd:01", {1, 1}, 0);
  EXPECT_TRUE(HasCode(
      game.Validate(PlaceShepherdAction{At(game, {1, 1}, Location::kNNW), SheepToken::kOneSheep}),
      ViolationCode::kFigureNotAllowed, "PD-05"));
  Do(game, PassAction{});
  // Alice: pd:16 (road E-W, dragon symbol) at (2,0) extends her field: first
  // her flock's decision (HS-25), then the dragon flies (PD-09).
  Place(game, "pd:16", {2, 0}, 0);
  Do(game, PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kTendFlock);
  Do(game, GrowFlockAction{SheepToken::kOneSheep});  // flock 2 + 1 = 3
  EXPECT_EQ(Sheep(game.state(), 0), 3);
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  // The dragon's first step onto (1,0) eats the shepherd: it goes back, its
  // tokens (the 2 and the 1) into the bag (PD-11, engine practice).
  Do(game, MoveDragonAction{{1, 0}});
  EXPECT_EQ(game.state().players[0].shepherds, 1);
  EXPECT_TRUE(game.state().flocks.empty());
  EXPECT_EQ(game.state().sheep_bag, kFullBag);
}

// ----- HS-26: flock points never open the Count's deployment -----------------

TEST(ShepherdAndFlockTest, Hs26FlockPointsNeverTriggerTheCountsDeployment) {
  // The Count's city: count:1 at (0,0), its W side a road. HS-T03's ring
  // mirrored west of it: X at (-1,0) (its E road meets count:1's), V r270 at
  // (-2,0) (road E-S), V r180 at (-2,1) (road N-E), V r90 at (-1,1) (road
  // W-N; its E field meets count:5's W field). The small field inside:
  // (-1,0) SSW/WSW, (-2,0) ESE/SSE, (-2,1) NNE/ENE, (-1,1) WNW/NNW.
  Game game(Start(Rules({Expansion::kCountOfCarcassonne})));
  Place(game, "base:X", {-1, 0}, 0);  // Alice
  Do(game, PassAction{});
  Place(game, "base:V", {-2, 0}, 3);  // Bob
  Do(game, PassAction{});
  Place(game, "base:V", {-2, 1}, 2);  // Alice: shepherd inside, draws 1
  Shepherd(game, {-2, 1}, Location::kNNE, SheepToken::kOneSheep);
  Place(game, "base:V", {-1, 1}, 1);  // Bob closes the field and the road loop
  const std::vector<ScoreEvent> events = Do(game, PassAction{});
  // HS-20: Alice 1 in Bob's turn (the loop is empty: no other event). Bob
  // scored nothing while another player scored, which would open his
  // deployment (CO-05); flock points are no landscape feature's (HS-26): no
  // deployment, Alice's turn.
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kFieldClosed);
  EXPECT_EQ(game.state().players[0].score, 1);
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 0);
}

// ----- the snapshot check ---------------------------------------------------

TEST(ShepherdAndFlockTest, TheSnapshotCheckKeepsFlocksShepherdsAndTheBagTogether) {
  Game game = TwoFlocksJoined();
  GameState state = game.state();
  ASSERT_TRUE(CheckSnapshot(state).empty());
  GameState no_flock = state;
  no_flock.flocks.pop_back();  // Bob's shepherd without its flock; 3 lost
  EXPECT_FALSE(CheckSnapshot(no_flock).empty());
  GameState bag = state;
  bag.sheep_bag->tokens[0] += 1;  // one token too many
  EXPECT_FALSE(CheckSnapshot(bag).empty());
  GameState wolf = state;
  wolf.flocks[0].tokens.push_back(SheepToken::kWolf);
  EXPECT_FALSE(CheckSnapshot(wolf).empty());
  // PHASE_TEND_FLOCK with no flock to tend (HS-16): after the drive, Bob
  // (no shepherd on the board) to decide.
  Game driven = game;
  driven.Apply(DriveFlockAction{});
  GameState no_decision = driven.state();
  ASSERT_TRUE(CheckSnapshot(no_decision).empty());
  no_decision.phase = Phase::kTendFlock;
  EXPECT_FALSE(CheckSnapshot(no_decision).empty());
  GameState off = state;
  off.rules.hs_grow_before_closed_scoring = false;
  off.rules.expansions.clear();
  EXPECT_FALSE(CheckSnapshot(off).empty());
}

}  // namespace
}  // namespace carcassonne

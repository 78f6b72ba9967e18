// King & Robber Baron: the snapshot checks of the holders and record sizes
// (CheckKingAndRobberBaron), the exclusive options (AMB-06), and the record's
// timing around the pending scoring of a turn. The scoring itself is in the
// scenario files tests/scenarios/kr_*.json.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet KingAndRobberRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kKingAndRobberBaron};
  return rules;
}

GameState NewKingAndRobberGame() {
  return std::get<GameState>(NewGame({"Red", "Blue"}, KingAndRobberRules()));
}

std::string Fields(const std::vector<Problem>& problems) {
  std::string fields;
  for (const Problem& problem : problems) fields += problem.field + " (" + problem.message + "); ";
  return fields;
}

// base:E turned 180 (cap S) north of the start tile closes a 2-tile city.
GameState WithTwoTileCity() {
  GameState state = NewKingAndRobberGame();
  Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  Outcome passed = ApplyAction(*placed.next, PassAction{});
  return *passed.next;
}

TEST(KingAndRobberBaronTest, NewGameHasTheTilesAndNobodyHoldsTheTokens) {
  const GameState state = NewKingAndRobberGame();
  EXPECT_EQ(state.bag->Total(), 71 + 5);  // KR-01, KR-05: the 5 kr tiles join the bag
  EXPECT_EQ(state.bag->CountOf(Tile("kr:5")), 1);
  EXPECT_EQ(state.king, AwardToken{});  // KR-06
  EXPECT_EQ(state.robber_baron, AwardToken{});
  EXPECT_TRUE(CheckSnapshot(state).empty());
}

TEST(KingAndRobberBaronTest, RecordWaitsForThePendingScoring) {
  GameState state = NewKingAndRobberGame();
  Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  ASSERT_TRUE(placed.verdict.legal());
  // PHASE_PLACE_FIGURE: the city the tile closed is not scored yet, so nobody
  // holds the King and the record is 0.
  EXPECT_EQ(placed.next->king, AwardToken{});
  EXPECT_TRUE(CheckSnapshot(*placed.next).empty()) << Fields(CheckSnapshot(*placed.next));
  GameState early = *placed.next;
  early.king = {0, 2, false, std::nullopt};
  EXPECT_TRUE(HasProblem(CheckSnapshot(early), "king_and_robber_baron.king_record"));
  EXPECT_TRUE(HasProblem(CheckSnapshot(early), "king_and_robber_baron.king_holder"));

  const GameState after = WithTwoTileCity();
  EXPECT_EQ(after.king, (AwardToken{0, 2, false, std::nullopt}));  // KR-09: the completer, record 2
  EXPECT_TRUE(CheckSnapshot(after).empty()) << Fields(CheckSnapshot(after));
}

TEST(KingAndRobberBaronTest, SnapshotChecksHoldersAndRecords) {
  const GameState good = WithTwoTileCity();

  GameState wrong_record = good;
  wrong_record.king.record = 3;
  EXPECT_TRUE(HasProblem(CheckSnapshot(wrong_record), "king_and_robber_baron.king_record"));

  GameState nobody = good;
  nobody.king.holder.reset();
  EXPECT_TRUE(HasProblem(CheckSnapshot(nobody), "king_and_robber_baron.king_holder"));

  GameState no_such_player = good;
  no_such_player.king.holder = 2;
  EXPECT_TRUE(HasProblem(CheckSnapshot(no_such_player), "king_and_robber_baron.king_holder"));

  // No road is complete: nobody may hold the Robber Baron, its record is 0.
  GameState robber = good;
  robber.robber_baron = {1, 0, false, std::nullopt};
  EXPECT_TRUE(HasProblem(CheckSnapshot(robber), "king_and_robber_baron.robber_holder"));
  robber.robber_baron = {std::nullopt, 2, false, std::nullopt};
  EXPECT_TRUE(HasProblem(CheckSnapshot(robber), "king_and_robber_baron.robber_record"));
}

TEST(KingAndRobberBaronTest, TokensOnlyWithTheExpansion) {
  GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  EXPECT_TRUE(CheckSnapshot(base).empty());
  base.robber_baron.record = 2;
  EXPECT_TRUE(HasProblem(CheckSnapshot(base), "king_and_robber_baron"));
}

TEST(KingAndRobberBaronTest, FlatBonusAndLiveScoringExcludeEachOther) {
  RuleSet rules = KingAndRobberRules();
  rules.king_robber_flat_bonus = KingRobberFlatBonus::kTenEach;
  EXPECT_TRUE(std::holds_alternative<GameState>(NewGame({"Red", "Blue"}, rules)));
  rules.king_robber_live_scoring = KingRobberLiveScoring::kAfterTransfer;
  const auto refused = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(refused));
  EXPECT_TRUE(
      HasProblem(std::get<std::vector<Problem>>(refused), "rules.king_robber_live_scoring"));
  rules.king_robber_flat_bonus = KingRobberFlatBonus::kOff;
  EXPECT_TRUE(std::holds_alternative<GameState>(NewGame({"Red", "Blue"}, rules)));
}

// KR-T06 and the options on one position: Red holds both tokens over one
// completed city (2 tiles) and one completed road (3 tiles).
TEST(KingAndRobberBaronTest, EndBonusByOption) {
  GameState state = NewKingAndRobberGame();
  state.bag.reset();
  state.tiles.push_back({Tile("base:E"), {0, -1}, Rotation{2}});
  state.tiles.push_back({Tile("base:A"), {1, 0}, Rotation{1}});
  state.tiles.push_back({Tile("base:A"), {-1, 0}, Rotation{3}});
  state.king = {0, 2, false, std::nullopt};
  state.robber_baron = {0, 3, false, std::nullopt};
  ASSERT_TRUE(CheckSnapshot(state).empty()) << Fields(CheckSnapshot(state));
  struct Case {
    KingRobberFlatBonus flat;
    KingRobberLiveScoring live;
    int red;
  };
  for (const Case& test :
       {Case{KingRobberFlatBonus::kOff, KingRobberLiveScoring::kOff, 2},
        Case{KingRobberFlatBonus::kTenEach, KingRobberLiveScoring::kOff, 20},
        Case{KingRobberFlatBonus::kTenEachFortyBoth, KingRobberLiveScoring::kOff, 40},
        Case{KingRobberFlatBonus::kFifteenEachFortyBoth, KingRobberLiveScoring::kOff, 40},
        Case{KingRobberFlatBonus::kOff, KingRobberLiveScoring::kAfterTransfer, 0},
        Case{KingRobberFlatBonus::kOff, KingRobberLiveScoring::kBeforeTransfer, 0}}) {
    GameState variant = state;
    variant.rules.king_robber_flat_bonus = test.flat;
    variant.rules.king_robber_live_scoring = test.live;
    const FinalScoring scoring = ScoreGame(variant);
    EXPECT_EQ(scoring.final_scores[0], test.red)
        << static_cast<int>(test.flat) << " " << static_cast<int>(test.live);
    EXPECT_EQ(scoring.final_scores[1], 0);
  }
}

// KR-20, AMB-42: a road segment marked as a stub. Only ic:05 carries the mark
// in the catalogue, and it cannot make a road of stubs only, so the test marks
// the road of a copy of base:A (road S into a monastery).
TileType StubRoadTile() {
  TileType tile = *Tile("base:A");
  tile.id = "test:A-stub";
  tile.segments[tile.SegmentIndex("r1")].road_stub = true;
  return tile;
}

// Red completes a road; returns the game after Red passed.
Game CompleteRoad(bool ignore_stubs, const std::vector<PlacedTile>& before,
                  const PlacedTile& closing) {
  GameState state = NewKingAndRobberGame();
  state.bag.reset();
  state.rules.king_robber_ignore_road_stubs = ignore_stubs;
  for (const PlacedTile& tile : before) state.tiles.push_back(tile);
  Game game(state);
  game.Apply(PlaceTileAction{closing.type, closing.cell, closing.rotation});
  game.Apply(PassAction{});
  return game;
}

TEST(KingAndRobberBaronTest, RoadStubsDoNotCountForTheRobberBaron) {
  const TileType stub = StubRoadTile();
  // base:A (road E) + base:D + the stub tile (road W): 3 tiles, of which the
  // stub tile holds only a stub: length 2 for the Robber Baron (KR-20).
  const std::vector<PlacedTile> west = {{Tile("base:A"), {-1, 0}, Rotation{3}}};
  const PlacedTile east{&stub, {1, 0}, Rotation{1}};
  Game ignoring = CompleteRoad(true, west, east);
  EXPECT_EQ(ignoring.state().robber_baron.holder, std::optional<int>(0));  // KR-12
  EXPECT_EQ(ignoring.state().robber_baron.record, 2);
  // Option off: every road segment counts, 3 tiles.
  Game counting = CompleteRoad(false, west, east);
  EXPECT_EQ(counting.state().robber_baron.record, 3);

  // A road of two stubs only is no road: nobody takes the Robber Baron, and
  // the end bonus counts it only with the option off (KR-13, AMB-04).
  const std::vector<PlacedTile> stub_north = {{Tile("base:A"), {-1, 0}, Rotation{3}},
                                              {&stub, {-1, 1}, Rotation{0}}};
  const PlacedTile stub_south{&stub, {-1, 2}, Rotation{2}};
  Game stubs_only = CompleteRoad(true, stub_north, stub_south);
  EXPECT_EQ(stubs_only.state().robber_baron, AwardToken{});
  Game stubs_counted = CompleteRoad(false, stub_north, stub_south);
  EXPECT_EQ(stubs_counted.state().robber_baron.holder, std::optional<int>(0));
  EXPECT_EQ(stubs_counted.state().robber_baron.record, 2);

  // The end bonus (KR-13): a road of stubs already closed, then Red closes
  // the ordinary road A + D + A: 1 completed road with the option, 2 without.
  const std::vector<PlacedTile> both = {{Tile("base:A"), {-1, 0}, Rotation{3}},
                                        {&stub, {-1, 1}, Rotation{0}},
                                        {&stub, {-1, 2}, Rotation{2}}};
  const PlacedTile plain_east{Tile("base:A"), {1, 0}, Rotation{1}};
  for (const bool ignore : {true, false}) {
    Game game = CompleteRoad(ignore, both, plain_east);
    const std::vector<ScoreEvent> events = game.ScoreEndOfGame();
    const auto robber = std::find_if(events.begin(), events.end(), [](const ScoreEvent& event) {
      return event.feature_kind == FeatureKind::kRobberBaron;
    });
    ASSERT_NE(robber, events.end());
    EXPECT_EQ(robber->PointsFor(0), ignore ? 1 : 2) << "ignore_road_stubs " << ignore;
  }
}

TEST(KingAndRobberBaronTest, TheStubsOfIc05AddNothingForTheRobberBaron) {
  // KR-20, AMB-42: the catalogue marks both roads of ic:05 as stubs (the
  // reference facts' note on ic:05). Road base:A (-1,0) turned 270 (road E)
  // - base:D (0,0) - ic:05 (1,0) unturned (its stub r1 on W): 3 tiles, and
  // ic:05 holds only a stub of it, so 3 - 1 = 2 for the Robber Baron; with
  // the option off all 3 tiles count.
  const std::vector<PlacedTile> west = {{Tile("base:A"), {-1, 0}, Rotation{3}}};
  const PlacedTile ic05{Tile("ic:05"), {1, 0}, Rotation{0}};
  ASSERT_TRUE(Tile("ic:05")->segments[Tile("ic:05")->SegmentIndex("r1")].road_stub);
  Game ignoring = CompleteRoad(true, west, ic05);
  EXPECT_EQ(ignoring.state().robber_baron.holder, std::optional<int>(0));  // KR-12
  EXPECT_EQ(ignoring.state().robber_baron.record, 2);
  Game counting = CompleteRoad(false, west, ic05);
  EXPECT_EQ(counting.state().robber_baron.record, 3);
}

TEST(KingAndRobberBaronTest, NoFollowerStandsOnARoadStub) {
  // AMB-42: a stub is not occupiable.
  const TileType stub = StubRoadTile();
  GameState state = NewKingAndRobberGame();
  state.bag.reset();
  Game game(state);
  game.Apply(PlaceTileAction{&stub, {1, 0}, Rotation{1}});
  const Verdict verdict =
      game.Validate(PlaceFigureAction{FigureKind::kFollower, {{1, 0}, stub.SegmentIndex("r1")}});
  ASSERT_FALSE(verdict.legal());
  EXPECT_EQ(verdict.violations[0].rule_id, "AMB-42");
  // The monastery of the same tile may be occupied; the stub is not listed.
  EXPECT_TRUE(
      game.Validate(PlaceFigureAction{FigureKind::kFollower, {{1, 0}, stub.SegmentIndex("m1")}})
          .legal());
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    if (const auto* place = std::get_if<PlaceFigureAction>(&action)) {
      EXPECT_NE(place->segment.segment_index, stub.SegmentIndex("r1"));
    }
  }
}

}  // namespace
}  // namespace carcassonne

// King & Robber Baron: the snapshot checks of the holders and record sizes
// (CheckKingAndRobberBaron), the exclusive options (AMB-06), and the record's
// timing around the pending scoring of a turn. The scoring itself is in the
// scenario files tests/scenarios/kr_*.json.
#include <gtest/gtest.h>

#include <string>

#include "engine/referee.h"

namespace carcassonne {
namespace {

const TileType* Tile(std::string_view id) { return Catalogue::Get().Find(id); }

RuleSet KingAndRobberRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kKingAndRobberBaron};
  return rules;
}

GameState NewKingAndRobberGame() {
  return std::get<GameState>(NewGame({"Red", "Blue"}, KingAndRobberRules()));
}

bool HasProblem(const std::vector<Problem>& problems, std::string_view field) {
  for (const Problem& problem : problems) {
    if (problem.field == field) return true;
  }
  return false;
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

}  // namespace
}  // namespace carcassonne

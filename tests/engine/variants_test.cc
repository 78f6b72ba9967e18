// Variants as data (issue #30; engine/rule_variants.h): the game without
// farmers (option base.farmers, BG-05, BG-22), the figures each player owns
// (base.followers, ic.big_followers, am.barns), and the classic editions'
// end value of an incomplete inn road / cathedral city
// (ic.classic_incomplete_inn_cathedral, IC-12, BG-21). Every number is worked
// out in the comments; each test names the rules and the option it exercises.
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"
#include "engine/rule_set.h"
#include "engine/rule_variants.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

PlacedTile At(std::string_view id, Position cell, int quarter_turns = 0) {
  return {Tile(id), cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
}

// A new two-player game with `rules` whose bag the tests do not track (BG-01:
// any tile may then be drawn).
GameState Untracked(const RuleSet& rules) {
  auto made = NewGame({"Red", "Blue"}, rules);
  EXPECT_TRUE(std::holds_alternative<GameState>(made));
  GameState state = std::get<GameState>(std::move(made));
  state.bag.reset();
  return state;
}

std::vector<Problem> Refusal(const RuleSet& rules) {
  auto made = NewGame({"Red", "Blue"}, rules);
  if (std::holds_alternative<GameState>(made)) return {};
  return std::get<std::vector<Problem>>(made);
}

RuleSet WithoutFarmers() {
  RuleSet rules;
  rules.farmers = false;
  return rules;
}

// base:E (city N, one field around it) turned 180 south of the start tile
// base:D at (0, 0): its city faces south, its field meets D's south field.
// Its segments: 0 the city c1, 1 the field f1.
const PlaceTileAction kCityTileSouth{Tile("base:E"), {0, 1}, Rotation{2}};
constexpr int kCitySegment = 0;
constexpr int kFieldSegment = 1;

// BG-05 with option base.farmers = false: a follower placed in a field is
// refused (FIGURE_NOT_ALLOWED citing BG-05); the city of the same tile takes
// it. With the box's rules (true) the same field takes the farmer.
TEST(VariantsTest, WithoutFarmersNoFollowerGoesIntoAField) {
  for (const bool farmers : {true, false}) {
    RuleSet rules;
    rules.farmers = farmers;
    Game game(Untracked(rules));
    ASSERT_TRUE(game.Validate(kCityTileSouth).legal());
    game.Apply(kCityTileSouth);
    const Verdict field =
        game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, 1}, kFieldSegment}});
    EXPECT_EQ(field.legal(), farmers);
    EXPECT_EQ(HasCode(field, ViolationCode::kFigureNotAllowed, "BG-05"), !farmers);
    EXPECT_TRUE(
        game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, 1}, kCitySegment}}).legal());

    // The figure step lists the city, and the field only with farmers.
    const LegalActions legal = game.ListLegalActions(nullptr);
    const auto listed = [&](int segment) {
      return std::any_of(legal.actions.begin(), legal.actions.end(), [&](const Action& action) {
        const auto* figure = std::get_if<PlaceFigureAction>(&action);
        return figure != nullptr && figure->segment.segment_index == segment;
      });
    };
    EXPECT_TRUE(listed(kCitySegment));
    EXPECT_EQ(listed(kFieldSegment), farmers);
  }
}

// The tile phase's listing: each placement's follower spots leave the fields
// out without farmers. base:E south of D turned 180: spots {c1, f1} with
// farmers, {c1} without.
TEST(VariantsTest, WithoutFarmersThePlacementsListNoFieldSpot) {
  for (const bool farmers : {true, false}) {
    RuleSet rules;
    rules.farmers = farmers;
    const Game game(Untracked(rules));
    const LegalActions legal = game.ListLegalActions(Tile("base:E"));
    const auto placement =
        std::find_if(legal.placements.begin(), legal.placements.end(), [](const auto& entry) {
          return entry.cell == Position{0, 1} && entry.rotation == Rotation{2};
        });
    ASSERT_NE(placement, legal.placements.end());
    std::vector<int> spots(placement->follower_segments.begin(),
                           placement->follower_segments.end());
    const std::vector<int> expected =
        farmers ? std::vector<int>{kCitySegment, kFieldSegment} : std::vector<int>{kCitySegment};
    EXPECT_EQ(spots, expected);
  }
}

// BG-22: with farmers, Red's farmer on D's north field (f1, segment 2), which
// borders D's city closed by base:E turned 180 at (0, -1) (a completed city of
// 2 tiles), scores 3 at the end (1 completed city x 3). Without farmers the
// same snapshot is refused: no follower stands in a field, so no field is
// ever scored.
TEST(VariantsTest, WithoutFarmersNoFieldIsScored) {
  for (const bool farmers : {true, false}) {
    RuleSet rules;
    rules.farmers = farmers;
    GameState state = Untracked(rules);
    state.tiles.push_back(At("base:E", {0, -1}, 2));
    state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 2}});
    state.players[0].followers -= 1;
    const std::vector<Problem> problems = CheckSnapshot(state);
    if (farmers) {
      ASSERT_TRUE(problems.empty()) << problems.front().field << ": " << problems.front().message;
      EXPECT_EQ(ScoreGame(state).final_scores, (std::vector<int>{3, 0}));
    } else {
      EXPECT_TRUE(HasProblem(problems, "figures[0].segment"));
    }
  }
}

// The combinations a game without farmers cannot play are refused: the barn
// only scores fields (AM-15, AM-17), the Count's market quarter sends its
// followers only into fields (CO-11). Hills & Sheep (the shepherd is no
// farmer, HS-15) and Traders & Builders (the pig never finds a farmer of its
// owner, TB-19) are played.
TEST(VariantsTest, WithoutFarmersTheFieldOnlyPiecesAreRefused) {
  RuleSet barn = WithoutFarmers();
  barn.expansions = {Expansion::kAbbeyAndMayor};
  barn.am_barn = true;
  EXPECT_TRUE(HasProblem(Refusal(barn), "rules.farmers"));
  barn.am_barn = false;
  EXPECT_TRUE(Refusal(barn).empty());

  RuleSet count = WithoutFarmers();
  count.expansions = {Expansion::kCountOfCarcassonne};
  EXPECT_TRUE(HasProblem(Refusal(count), "rules.farmers"));

  RuleSet played = WithoutFarmers();
  played.expansions = {Expansion::kHillsAndSheep, Expansion::kTradersAndBuilders};
  EXPECT_TRUE(Refusal(played).empty());
}

// Option base.followers: each player starts with the chosen number (here 3
// and 12, the box's 7 by default); 0 and 16 are out of bounds (1 to 15).
TEST(VariantsTest, TheFollowersEachPlayerOwnsAreAnOption) {
  for (const int followers : {1, 3, 7, 12, 15}) {
    RuleSet rules;
    rules.followers = followers;
    const GameState state = Untracked(rules);
    EXPECT_EQ(state.players[0].followers, followers);
    EXPECT_EQ(state.players[1].followers, followers);
  }
  for (const int followers : {0, 16, -1}) {
    RuleSet rules;
    rules.followers = followers;
    EXPECT_TRUE(HasProblem(Refusal(rules), "rules.followers")) << followers;
  }
}

// BG-04 with base.followers = 1: Red places their one follower on the city
// of base:E, then has none left: on their next tile the figure step refuses
// another (NO_FIGURE_IN_SUPPLY).
TEST(VariantsTest, OneFollowerEachIsSpentAfterOnePlacement) {
  RuleSet rules;
  rules.followers = 1;
  Game game(Untracked(rules));
  game.Apply(kCityTileSouth);
  const PlaceFigureAction knight{FigureKind::kFollower, {{0, 1}, kCitySegment}};
  ASSERT_TRUE(game.Validate(knight).legal());
  game.Apply(knight);
  EXPECT_EQ(game.state().players[0].followers, 0);
  // Blue lays base:U (road E-W) east of D at (1, 0) and places nothing.
  PlaceAndPass(game, {Tile("base:U"), {1, 0}, Rotation{0}});
  // Red again: base:U west of D at (-1, 0); its road is segment 0.
  const PlaceTileAction road{Tile("base:U"), {-1, 0}, Rotation{0}};
  ASSERT_TRUE(game.Validate(road).legal());
  game.Apply(road);
  const Verdict verdict = game.Validate(PlaceFigureAction{FigureKind::kFollower, {{-1, 0}, 0}});
  EXPECT_TRUE(HasCode(verdict, ViolationCode::kNoFigureInSupply, "BG-04"));
}

// The snapshot check counts supplies against the option: 10 followers in a
// supply are accepted with base.followers = 10 (above the box's 7) and
// refused with the box's 7; 7 are refused with base.followers = 10 (7 in
// supply + 0 on the board must add up to 10).
TEST(VariantsTest, TheSnapshotCheckCountsTheChosenFollowers) {
  RuleSet rules;
  rules.followers = 10;
  GameState state = Untracked(rules);
  EXPECT_TRUE(CheckSnapshot(state).empty());
  GameState box = state;
  box.rules.followers = 7;
  EXPECT_TRUE(HasProblem(CheckSnapshot(box), "players[0].followers"));
  state.players[1].followers = 7;
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "players[1].followers"));
}

// Option ic.big_followers (IC-07): 0 to 3 big followers each with Inns &
// Cathedrals; any value but 1 needs the expansion.
TEST(VariantsTest, TheBigFollowersEachPlayerOwnsAreAnOption) {
  RuleSet rules;
  rules.expansions = {Expansion::kInnsAndCathedrals};
  for (const int big : {0, 2, 3}) {
    rules.ic_big_followers = big;
    EXPECT_EQ(Untracked(rules).players[0].big_followers, big);
  }
  rules.ic_big_followers = 4;
  EXPECT_TRUE(HasProblem(Refusal(rules), "rules.ic_big_followers"));
  RuleSet base;
  base.ic_big_followers = 2;
  EXPECT_TRUE(HasProblem(Refusal(base), "rules.ic_big_followers"));
}

// Option am.barns (AM-01, AM-15): 1 to 3 barns each with am.barn; any value
// but 1 needs am.barn. The snapshot check accepts 2 barns in a supply then.
TEST(VariantsTest, TheBarnsEachPlayerOwnsAreAnOption) {
  RuleSet rules;
  rules.expansions = {Expansion::kAbbeyAndMayor};
  rules.am_barn = true;
  rules.am_barns = 2;
  const GameState state = Untracked(rules);
  EXPECT_EQ(state.players[0].barns, 2);
  EXPECT_TRUE(CheckSnapshot(state).empty());
  GameState one_barn = state;
  one_barn.rules.am_barns = 1;
  EXPECT_TRUE(HasProblem(CheckSnapshot(one_barn), "players[0].barns"));
  for (const int barns : {0, 4}) {
    rules.am_barns = barns;
    EXPECT_TRUE(HasProblem(Refusal(rules), "rules.am_barns")) << barns;
  }
  rules.am_barns = 2;
  rules.am_barn = false;
  EXPECT_TRUE(HasProblem(Refusal(rules), "rules.am_barns"));
}

RuleSet ClassicInns(IncompleteInnCathedral end_value) {
  RuleSet rules;
  rules.expansions = {Expansion::kInnsAndCathedrals};
  rules.ic_classic_incomplete_inn_cathedral = end_value;
  return rules;
}

// IC-12 / BG-21 with option ic.classic_incomplete_inn_cathedral: Red's
// follower on an incomplete road with an inn: ic:15 (road E-W with an inn)
// east of D, open at D's west and ic:15's east end: 2 tiles. zero (IC-12):
// 0; ordinary (BG-21): 2 tiles x 1 = 2.
int EndValueOfAnOpenInnRoad(IncompleteInnCathedral end_value) {
  GameState state = Untracked(ClassicInns(end_value));
  state.tiles.push_back(At("ic:15", {1, 0}));
  state.figures.push_back({FigureKind::kFollower, 0, {{1, 0}, 0}});
  state.players[0].followers -= 1;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  return ScoreGame(state).final_scores[0];
}

// The same for a city with a cathedral: ic:01 (city on all four sides with a
// cathedral) north of D joins D's city: 2 tiles, no coat of arms, open on
// ic:01's N, E and W sides. zero (IC-12): 0; ordinary (BG-21): 2 x 1 + 0 = 2.
int EndValueOfAnOpenCathedralCity(IncompleteInnCathedral end_value) {
  GameState state = Untracked(ClassicInns(end_value));
  state.tiles.push_back(At("ic:01", {0, -1}));
  state.figures.push_back({FigureKind::kFollower, 0, {{0, -1}, 0}});
  state.players[0].followers -= 1;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  return ScoreGame(state).final_scores[0];
}

TEST(VariantsTest, TheClassicIncompleteInnAndCathedralScoreWhatTheOptionSays) {
  EXPECT_EQ(EndValueOfAnOpenInnRoad(IncompleteInnCathedral::kZero), 0);
  EXPECT_EQ(EndValueOfAnOpenInnRoad(IncompleteInnCathedral::kOrdinary), 2);
  EXPECT_EQ(EndValueOfAnOpenCathedralCity(IncompleteInnCathedral::kZero), 0);
  EXPECT_EQ(EndValueOfAnOpenCathedralCity(IncompleteInnCathedral::kOrdinary), 2);
}

// ordinary is the classic editions' option: refused without Inns &
// Cathedrals and with the current edition (whose own option is
// ic.c31_incomplete_inn_cathedral, IN-14).
TEST(VariantsTest, TheClassicEndValueNeedsTheClassicTiles) {
  RuleSet base;
  base.ic_classic_incomplete_inn_cathedral = IncompleteInnCathedral::kOrdinary;
  EXPECT_TRUE(HasProblem(Refusal(base), "rules.ic_classic_incomplete_inn_cathedral"));
  RuleSet current = ClassicInns(IncompleteInnCathedral::kOrdinary);
  current.ic_edition = InnsCathedralsEdition::kCurrent;
  current.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kZero;
  EXPECT_TRUE(HasProblem(Refusal(current), "rules.ic_classic_incomplete_inn_cathedral"));
  current.ic_classic_incomplete_inn_cathedral = IncompleteInnCathedral::kZero;
  EXPECT_TRUE(Refusal(current).empty());
}

}  // namespace
}  // namespace carcassonne

// Variants as data (issue #30; engine/rule_variants.h): an expansion's tiles
// without one of its elements, each tile played as if the element were not
// printed on it (options ic.inns, ic.cathedrals, hs.hills, hs.vineyards,
// pd.portal, pd.princess_symbol, siege.besieged, abbot.gardens), and the C3.1
// vineyards around gardens (hs.vineyards_around_gardens, AB-12, AT-14).
// Every number is worked out in the comments; each test names the rules and
// the option it exercises.
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"
#include "engine/rule_set.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

PlacedTile At(std::string_view id, Position cell, int quarter_turns = 0) {
  return {Tile(id), cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
}

PlaceTileAction Place(std::string_view id, Position cell, int quarter_turns = 0) {
  return {Tile(id), cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
}

std::vector<Problem> Refusal(const RuleSet& rules) {
  auto made = NewGame({"Red", "Blue"}, rules);
  if (std::holds_alternative<GameState>(made)) return {};
  return std::get<std::vector<Problem>>(made);
}

// The points player 0 (Red) scored in `events` for features of `kind`.
int RedPoints(const std::vector<ScoreEvent>& events, FeatureKind kind) {
  int points = 0;
  for (const ScoreEvent& event : events) {
    if (event.feature_kind != kind) continue;
    for (const PlayerPoints& scored : event.points) {
      if (scored.player == 0) points += scored.points;
    }
  }
  return points;
}

// ----- Inns & Cathedrals without inns or cathedrals (ic.inns, ic.cathedrals)

// IC-11 / BG-10: Red's thief on a road with an inn, completed by Red's tile:
// base:A turned 270 (road E) at (-1, 0), the start tile D, ic:15 (road E-W,
// inn) at (1, 0) with the thief, and base:A turned 90 (road W) placed at
// (2, 0): 4 tiles. With the inns: 4 x 2 = 8 (IC-11); without (ic.inns =
// false): 4 x 1 = 4 (BG-10).
int CompletedInnRoad(bool inns) {
  RuleSet rules;
  rules.ic_inns = inns;
  GameState state = UntrackedGame({"Red", "Blue"}, Expansion::kInnsAndCathedrals, {}, rules);
  state.tiles.push_back(At("base:A", {-1, 0}, 3));
  state.tiles.push_back(At("ic:15", {1, 0}));
  state.figures.push_back({FigureKind::kFollower, 0, {{1, 0}, 0}});
  state.players[0].followers -= 1;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  return RedPoints(PlaceAndPass(game, Place("base:A", {2, 0}, 1)), FeatureKind::kRoad);
}

TEST(VariantsElementsTest, WithoutInnsAnInnRoadScoresAsAnyRoad) {
  EXPECT_EQ(CompletedInnRoad(true), 8);
  EXPECT_EQ(CompletedInnRoad(false), 4);
}

// IC-12 / BG-21: at the end, Red's knight in the incomplete city of ic:01
// (city on four sides with a cathedral) north of D: 2 tiles, no coat of arms.
// With the cathedrals: 0 (IC-12); without (ic.cathedrals = false): 2 x 1 = 2
// (BG-21).
int OpenCathedralCity(bool cathedrals) {
  RuleSet rules;
  rules.ic_cathedrals = cathedrals;
  GameState state = UntrackedGame({"Red", "Blue"}, Expansion::kInnsAndCathedrals, {}, rules);
  state.tiles.push_back(At("ic:01", {0, -1}));
  state.figures.push_back({FigureKind::kFollower, 0, {{0, -1}, 0}});
  state.players[0].followers -= 1;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  return ScoreGame(state).final_scores[0];
}

TEST(VariantsElementsTest, WithoutCathedralsACathedralCityScoresAsAnyCity) {
  EXPECT_EQ(OpenCathedralCity(true), 0);
  EXPECT_EQ(OpenCathedralCity(false), 2);
}

// ----- Hills & Sheep without hills or vineyards (hs.hills, hs.vineyards) --

// HS-03 with a tracked bag: the hill tile hs:06 (city N, city S, hill)
// turned 0 north of D (its city S meets D's) must be laid on a tile drawn
// from the bag (base:B here); without the hills (hs.hills = false) it is a
// plain tile and nothing goes under it.
TEST(VariantsElementsTest, WithoutHillsNothingGoesUnderAHillTile) {
  for (const bool hills : {true, false}) {
    RuleSet rules;
    rules.expansions = {Expansion::kHillsAndSheep};
    rules.hs_hills = hills;
    auto made = NewGame({"Red", "Blue"}, rules);
    ASSERT_TRUE(std::holds_alternative<GameState>(made));
    const Game game(std::get<GameState>(made));
    PlaceTileAction bare = Place("hs:06", {0, -1});
    PlaceTileAction covering = bare;
    covering.hidden_tile = Tile("base:B");
    EXPECT_EQ(game.Validate(bare).legal(), !hills);
    EXPECT_EQ(game.Validate(covering).legal(), hills);
    EXPECT_TRUE(HasCode(game.Validate(hills ? bare : covering),
                        ViolationCode::kHillHiddenTileNotAllowed, "HS-03"));
  }
}

// ----- The gardens and their vineyards (abbot.gardens,
// hs.vineyards_around_gardens, hs.vineyards) ---------------------------------

// A board around the garden twin base:Eg turned 180 at (0, -1) (city S,
// closing D's city; its garden is segment 1), with Red's abbot on the
// garden: base:E at (-1, -2), (0, -2), (1, -2); base:B at (-1, -1); base:A
// turned 270 (road E) at (-1, 0); the vineyard tile hs:16 (road E-W, road S)
// at (1, 0). Of the garden's 8 neighbours 7 hold a tile, (1, -1) is empty;
// one of them, hs:16, is a vineyard.
GameState GardenBoard(bool around_gardens, bool vineyards = true) {
  RuleSet rules;
  rules.hs_vineyards_around_gardens = around_gardens;
  rules.hs_vineyards = vineyards;
  GameState state =
      UntrackedGame({"Red", "Blue"}, Expansion::kAbbot, {Expansion::kHillsAndSheep}, rules);
  state.tiles.push_back(At("base:Eg", {0, -1}, 2));
  state.tiles.push_back(At("base:E", {0, -2}));
  state.tiles.push_back(At("base:E", {-1, -2}));
  state.tiles.push_back(At("base:E", {1, -2}));
  state.tiles.push_back(At("base:B", {-1, -1}));
  state.tiles.push_back(At("base:A", {-1, 0}, 3));
  state.tiles.push_back(At("hs:16", {1, 0}));
  state.figures.push_back({FigureKind::kAbbot, 0, {{0, -1}, 1}});
  state.players[0].abbots = 0;
  const std::vector<Problem> problems = CheckSnapshot(state);
  EXPECT_TRUE(problems.empty()) << problems.front().field << ": " << problems.front().message;
  return state;
}

// AB-06 / AB-12: Red's base:B at (1, -1) completes the garden: 9 (AB-06);
// with hs.vineyards_around_gardens the vineyard at (1, 0) adds 3 (AB-12,
// AT-14, at HS-09's 3 each): 12.
TEST(VariantsElementsTest, ACompletedGardenCountsItsVineyardsWithTheC31Reading) {
  for (const bool around_gardens : {false, true}) {
    Game game(GardenBoard(around_gardens));
    const std::vector<ScoreEvent> events = PlaceAndPass(game, Place("base:B", {1, -1}));
    EXPECT_EQ(RedPoints(events, FeatureKind::kGarden), around_gardens ? 12 : 9);
  }
}

// AB-07 / AB-12: Red lays base:B at (-2, 0) (not next to the garden) and
// retreats the abbot: its tile and 7 neighbours, 8 x 1 = 8 (AB-07); with the
// C3.1 reading the vineyard adds 3: 11.
TEST(VariantsElementsTest, ARetreatCountsTheVineyardsWithTheC31Reading) {
  for (const bool around_gardens : {false, true}) {
    Game game(GardenBoard(around_gardens));
    const PlaceTileAction tile = Place("base:B", {-2, 0});
    ASSERT_TRUE(game.Validate(tile).legal());
    game.Apply(tile);
    const RetreatAbbotAction retreat{{{0, -1}, 1}};
    ASSERT_TRUE(game.Validate(retreat).legal());
    EXPECT_EQ(RedPoints(game.Apply(retreat), FeatureKind::kGarden), around_gardens ? 11 : 8);
  }
}

// hs.vineyards_around_gardens needs the vineyards and the gardens in play.
TEST(VariantsElementsTest, VineyardsAroundGardensNeedVineyardsAndGardens) {
  RuleSet rules;
  rules.hs_vineyards_around_gardens = true;
  rules.expansions = {Expansion::kHillsAndSheep};
  EXPECT_TRUE(HasProblem(Refusal(rules), "rules.hs_vineyards_around_gardens"));
  rules.expansions = {Expansion::kHillsAndSheep, Expansion::kAbbot};
  EXPECT_TRUE(Refusal(rules).empty());
  rules.hs_vineyards = false;
  EXPECT_TRUE(HasProblem(Refusal(rules), "rules.hs_vineyards_around_gardens"));
  rules.hs_vineyards = true;
  rules.abbot_gardens = false;
  EXPECT_TRUE(HasProblem(Refusal(rules), "rules.hs_vineyards_around_gardens"));
}

// HS-09 without the vineyards (hs.vineyards = false): Red's monk on base:B
// at (1, -1), with base:E turned 180 at (0, -1) (closing D's city), base:E at
// (0, -2), (1, -2), (2, -2), the vineyard tile hs:16 (road E-W, road S) at
// (1, 0) and base:B at (2, -1) around it; Red's base:A turned 90 (road W,
// meeting hs:16's road E) at (2, 0) completes it. With the vineyards: 9 + 1
// vineyard x 3 = 12 (HS-09); without: 9 (BG-12).
int MonasteryNextToAVineyard(bool vineyards) {
  RuleSet rules;
  rules.hs_vineyards = vineyards;
  GameState state = UntrackedGame({"Red", "Blue"}, Expansion::kHillsAndSheep, {}, rules);
  state.tiles.push_back(At("base:E", {0, -1}, 2));
  state.tiles.push_back(At("base:E", {0, -2}));
  state.tiles.push_back(At("base:E", {1, -2}));
  state.tiles.push_back(At("hs:16", {1, 0}));
  state.tiles.push_back(At("base:B", {1, -1}));
  state.tiles.push_back(At("base:E", {2, -2}));
  state.tiles.push_back(At("base:B", {2, -1}));
  state.figures.push_back({FigureKind::kFollower, 0, {{1, -1}, 0}});
  state.players[0].followers -= 1;
  const std::vector<Problem> problems = CheckSnapshot(state);
  EXPECT_TRUE(problems.empty()) << problems.front().field << ": " << problems.front().message;
  Game game(state);
  return RedPoints(PlaceAndPass(game, Place("base:A", {2, 0}, 1)), FeatureKind::kMonastery);
}

TEST(VariantsElementsTest, WithoutVineyardsAMonasteryGetsNoBonus) {
  EXPECT_EQ(MonasteryNextToAVineyard(true), 12);
  EXPECT_EQ(MonasteryNextToAVineyard(false), 9);
}

// AB-01 with abbot.gardens = false: the bag holds the classic edition's
// tiles: 5 base:E and no base:Eg (the garden edition: 4 and 1).
TEST(VariantsElementsTest, TheAbbotWithTheClassicTilesHasNoGardenTwins) {
  for (const bool gardens : {true, false}) {
    RuleSet rules;
    rules.expansions = {Expansion::kAbbot};
    rules.abbot_gardens = gardens;
    auto made = NewGame({"Red", "Blue"}, rules);
    ASSERT_TRUE(std::holds_alternative<GameState>(made));
    const TileBag& bag = *std::get<GameState>(made).bag;
    EXPECT_EQ(bag.CountOf(Tile("base:Eg")), gardens ? 1 : 0);
    EXPECT_EQ(bag.CountOf(Tile("base:E")), gardens ? 4 : 5);
  }
  RuleSet no_abbot;
  no_abbot.abbot_gardens = false;
  EXPECT_TRUE(HasProblem(Refusal(no_abbot), "rules.abbot_gardens"));
}

// AB-03 with abbot.gardens = false: the garden printed on ic31:B (road E-W
// with an inn, garden; segments r1, g1, f1, f2) east of D takes no abbot
// (FIGURE_NOT_ALLOWED citing AB-03); a monastery still does (base:B south of
// D).
TEST(VariantsElementsTest, WithoutGardensTheAbbotGoesOnMonasteriesOnly) {
  for (const bool gardens : {true, false}) {
    RuleSet rules;
    rules.abbot_gardens = gardens;
    rules.ic_edition = InnsCathedralsEdition::kCurrent;
    rules.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kZero;
    GameState state =
        UntrackedGame({"Red", "Blue"}, Expansion::kAbbot, {Expansion::kInnsAndCathedrals}, rules);
    Game game(state);
    game.Apply(Place("ic31:B", {1, 0}));
    const Verdict garden = game.Validate(PlaceFigureAction{FigureKind::kAbbot, {{1, 0}, 1}});
    EXPECT_EQ(garden.legal(), gardens);
    EXPECT_EQ(HasCode(garden, ViolationCode::kFigureNotAllowed, "AB-03"), !gardens);

    Game monastery(state);
    monastery.Apply(Place("base:B", {0, 1}));
    EXPECT_TRUE(monastery.Validate(PlaceFigureAction{FigureKind::kAbbot, {{0, 1}, 0}}).legal());
  }
}

// ----- The Princess & the Dragon without the portal or the princess -------

// PD-20: pd:29 (city N; road E-S; magic portal) turned 180 north of D (its
// city S closes D's city): with the portal a follower may go onto D's open
// road (segment 1); without it (pd.portal = false) only onto the tile just
// placed (BG-04).
TEST(VariantsElementsTest, WithoutThePortalAFollowerGoesOnlyOntoTheTileJustPlaced) {
  for (const bool portal : {true, false}) {
    RuleSet rules;
    rules.pd_portal = portal;
    Game game(UntrackedGame({"Red", "Blue"}, Expansion::kPrincessAndDragon, {}, rules));
    game.Apply(Place("pd:29", {0, -1}, 2));
    const Verdict far = game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, 0}, 1}});
    EXPECT_EQ(far.legal(), portal);
    EXPECT_EQ(HasCode(far, ViolationCode::kNotOnPlacedTile, "BG-04"), !portal);
  }
}

// PD-21: Blue's knight in D's city; Red places pd:09 (city N with the
// princess) turned 180 north of D, joining that city: with the princess Red
// may send Blue's knight home; without it (pd.princess_symbol = false) not.
TEST(VariantsElementsTest, WithoutThePrincessNoKnightIsSentHome) {
  for (const bool princess : {true, false}) {
    RuleSet rules;
    rules.pd_princess_symbol = princess;
    GameState state = UntrackedGame({"Red", "Blue"}, Expansion::kPrincessAndDragon, {}, rules);
    const Figure knight{FigureKind::kFollower, 1, {{0, 0}, 0}};
    state.figures.push_back(knight);
    state.players[1].followers -= 1;
    ASSERT_TRUE(CheckSnapshot(state).empty());
    Game game(state);
    game.Apply(Place("pd:09", {0, -1}, 2));
    const Verdict removal = game.Validate(RemoveKnightAction{knight});
    EXPECT_EQ(removal.legal(), princess);
    EXPECT_EQ(HasCode(removal, ViolationCode::kPrincessNotAllowed, "PD-21"), !princess);
  }
}

// ----- Siege without the besieged cities (siege.besieged) ------------------

// SI-03: Red places siege:ca1 (city N, besieged) turned 180 north of D, with
// a knight, completing a city of 2 tiles: besieged it scores 2 x (2 - 1) = 2
// (SI-03); without the siege symbols 2 x 2 = 4 (BG-11).
TEST(VariantsElementsTest, WithoutTheSiegeACityScoresItsFullValue) {
  for (const bool besieged : {true, false}) {
    RuleSet rules;
    rules.siege_besieged = besieged;
    Game game(UntrackedGame({"Red", "Blue"}, Expansion::kSiege, {}, rules));
    game.Apply(Place("siege:ca1", {0, -1}, 2));
    const PlaceFigureAction knight{FigureKind::kFollower, {{0, -1}, 0}};
    ASSERT_TRUE(game.Validate(knight).legal());
    EXPECT_EQ(RedPoints(game.Apply(knight), FeatureKind::kCity), besieged ? 2 : 4);
  }
}

// Each element option left out needs its expansion.
TEST(VariantsElementsTest, LeavingOutAnElementNeedsItsExpansion) {
  const std::vector<std::pair<bool RuleSet::*, std::string_view>> elements = {
      {&RuleSet::hs_hills, "rules.hs_hills"},
      {&RuleSet::hs_vineyards, "rules.hs_vineyards"},
      {&RuleSet::ic_inns, "rules.ic_inns"},
      {&RuleSet::ic_cathedrals, "rules.ic_cathedrals"},
      {&RuleSet::pd_portal, "rules.pd_portal"},
      {&RuleSet::pd_princess_symbol, "rules.pd_princess_symbol"},
      {&RuleSet::siege_besieged, "rules.siege_besieged"},
      {&RuleSet::abbot_gardens, "rules.abbot_gardens"},
  };
  for (const auto& [member, field] : elements) {
    RuleSet rules;
    rules.*member = false;
    EXPECT_TRUE(HasProblem(Refusal(rules), field)) << field;
  }
}

}  // namespace
}  // namespace carcassonne

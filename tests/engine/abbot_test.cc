// The Abbot and gardens (shared/rules/expansions/abbot.md, c31-abbot.md): the
// garden edition's tiles (AB-01), the garden (AB-02), placing the abbot
// (AB-03..AB-05), its scoring (AB-06, AB-10), the retreat (AB-07..AB-09,
// AB-T01..AB-T06), the bonuses a garden or a retreat does not get (AB-11,
// AB-14, AT-T07), the combinations not built (AB-15) and the abbot with the
// dragon and the portal (AB-16, AT-05). Every number is worked out in the
// comments. Seat 0 plays first; the bag is not tracked unless said.
//
// The boards: D at (0, 0) (city N, road E-W, field S); the monastery base:B
// or the garden tile base:Eg turned 180° (city S, garden; segment 1) at
// (0, 1), south of D. Its 8 neighbours: D, base:U (road E-W) at (-1, 0) and
// (1, 0), base:E turned so its city faces away at (-1, 1) (city W) and
// (1, 1) (city E), base:B at (-1, 2) and (1, 2), and at (0, 2) base:E with
// its city S (monastery) or N (garden: it closes base:Eg's city).
#include "engine/expansions/abbot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/board.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

constexpr Position kCentre{0, 1};     // the monastery or garden
constexpr int kMonasterySegment = 0;  // base:B m1
constexpr int kGardenSegment = 1;     // base:Eg g1 (c1, g1, f1)
constexpr int kBlue = 0;
constexpr int kRed = 1;

RuleSet AbbotRules(std::vector<Expansion> more = {}) {
  RuleSet rules;
  rules.expansions = {Expansion::kAbbot};
  rules.expansions.insert(rules.expansions.end(), more.begin(), more.end());
  return rules;
}

PlacedTile At(std::string_view id, Position cell, int quarter_turns = 0) {
  return {Tile(id), cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
}

// The centre (a monastery, or the garden tile) and its first `neighbours`
// neighbours besides D, in this order: U (-1, 0), U (1, 0), E (-1, 1),
// E (1, 1), B (-1, 2), E (0, 2), B (1, 2).
std::vector<PlacedTile> Layout(bool garden, int neighbours, std::string_view side_tile = "base:E") {
  std::vector<PlacedTile> tiles = {garden ? At("base:Eg", kCentre, 2) : At("base:B", kCentre)};
  const std::vector<PlacedTile> around = {
      At("base:U", {-1, 0}),    At("base:U", {1, 0}),  At(side_tile, {-1, 1}, 3),
      At(side_tile, {1, 1}, 1), At("base:B", {-1, 2}), At("base:E", {0, 2}, garden ? 0 : 2),
      At("base:B", {1, 2})};
  for (int i = 0; i < neighbours; ++i) tiles.push_back(around[i]);
  return tiles;
}

// A game of `names` with `rules`, the bag not tracked, `tiles` laid after
// D, `player`'s abbot on the centre (none if < 0), and `active` to play.
GameState Start(const RuleSet& rules, const std::vector<PlacedTile>& tiles, int abbot_owner,
                bool garden, int active, std::vector<std::string> names = {"Blue", "Red"}) {
  GameState state = std::get<GameState>(NewGame(names, rules));
  state.bag.reset();
  state.tiles.insert(state.tiles.end(), tiles.begin(), tiles.end());
  if (abbot_owner >= 0) {
    state.figures.push_back(
        {FigureKind::kAbbot, abbot_owner, {kCentre, garden ? kGardenSegment : kMonasterySegment}});
    state.players[abbot_owner].abbots = 0;
  }
  state.active_player = active;
  state.deciding_player = active;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  return state;
}

bool Listed(const Game& game, const Action& wanted) {
  const std::vector<Action> actions = game.ListLegalActions(nullptr).actions;
  return std::any_of(actions.begin(), actions.end(), [&](const Action& action) {
    if (action.index() != wanted.index()) return false;
    if (const auto* retreat = std::get_if<RetreatAbbotAction>(&action)) {
      return retreat->segment == std::get<RetreatAbbotAction>(wanted).segment;
    }
    if (const auto* figure = std::get_if<PlaceFigureAction>(&action)) {
      const auto& other = std::get<PlaceFigureAction>(wanted);
      return figure->kind == other.kind && figure->segment == other.segment;
    }
    return true;
  });
}

void Place(Game& game, const PlacedTile& tile) {
  const PlaceTileAction place{tile.type, tile.cell, tile.rotation};
  ASSERT_TRUE(game.Validate(place).legal()) << tile.type->id;
  game.Apply(place);
}

const RetreatAbbotAction kRetreatFromMonastery{{kCentre, kMonasterySegment}};
const RetreatAbbotAction kRetreatFromGarden{{kCentre, kGardenSegment}};

// ----- AB-01, AB-02: the garden edition and the garden ----------------------

TEST(AbbotTest, AB_01_EachPlayerHasAnAbbotAndTheBagIsTheGardenEdition) {
  // AB-01: one abbot each. The garden edition (facts counts.garden_edition):
  // base:E 5 - 1 = 4 and base:Eg 1; still 72 tiles, 71 in the bag.
  const GameState state = std::get<GameState>(NewGame({"Blue", "Red"}, AbbotRules()));
  for (const Player& player : state.players) EXPECT_EQ(player.abbots, 1);
  EXPECT_EQ(state.bag->Total(), 71);
  EXPECT_EQ(state.bag->CountOf(Tile("base:E")), 4);
  EXPECT_EQ(state.bag->CountOf(Tile("base:Eg")), 1);
  EXPECT_EQ(state.bag->CountOf(Tile("base:U")), 7);  // 8 - base:Ug
  // With the River: river:1-10 2 - 1, river:1-10g 1.
  const GameState river =
      std::get<GameState>(NewGame({"Blue", "Red"}, AbbotRules({Expansion::kRiver})));
  EXPECT_EQ(river.bag->CountOf(Tile("river:1-10")), 1);
  EXPECT_EQ(river.bag->CountOf(Tile("river:1-10g")), 1);
  EXPECT_EQ(CopiesInGame(AbbotRules(), *Tile("base:Eg")), 1);
  EXPECT_EQ(CopiesInGame(RuleSet{}, *Tile("base:Eg")), 0);
  EXPECT_EQ(CopiesInGame(AbbotRules(), *Tile("cult:1")), 1);  // no garden edition
}

TEST(AbbotTest, AB_01_WithoutTheAbbotNoGardenTile) {
  // The classic edition: no abbot, no base:Eg to draw (BG-01), and a
  // snapshot holding one is refused.
  GameState state = std::get<GameState>(NewGame({"Blue", "Red"}, RuleSet{}));
  EXPECT_EQ(state.players[0].abbots, 0);
  EXPECT_EQ(state.bag->CountOf(Tile("base:Eg")), 0);
  state.bag.reset();
  Game game(state);
  EXPECT_TRUE(HasCode(game.Validate(PlaceTileAction{Tile("base:Eg"), kCentre, Rotation{2}}),
                      ViolationCode::kTileNotInBag, "BG-01"));
  state.tiles.push_back(At("base:Eg", kCentre, 2));
  EXPECT_FALSE(CheckSnapshot(state).empty());
  // The Abbot's own pieces without the expansion: an abbot in a supply.
  GameState abbot = std::get<GameState>(NewGame({"Blue", "Red"}, RuleSet{}));
  abbot.players[0].abbots = 1;
  EXPECT_FALSE(CheckSnapshot(abbot).empty());
}

TEST(AbbotTest, AB_02_AGardenJoinsNothing) {
  // AB-02: base:Eg's garden is a feature of one segment; its field f1 (E, S,
  // W of the tile after the turn) still joins D's southern field across the
  // garden tile's north side.
  Game game(Start(AbbotRules(), {}, -1, true, kBlue));
  Place(game, At("base:Eg", kCentre, 2));
  const Board& board = game.board();
  const int garden = board.SegmentId({kCentre, kGardenSegment});
  EXPECT_EQ(board.SegmentsOf(board.FeatureOf(garden)).size(), 1u);
  EXPECT_EQ(board.FeatureOf(board.SegmentId({kCentre, 2})),
            board.FeatureOf(board.SegmentId({{0, 0}, 3})));  // D's f2
}

// ----- AB-03..AB-05: placing the abbot --------------------------------------

TEST(AbbotTest, AB_T03_OnlyTheAbbotOnAGarden) {
  // AB-04, AB-T03: Blue places base:Eg and tries a follower, the big
  // follower (Inns & Cathedrals) on its garden: refused; the abbot goes.
  Game game(Start(AbbotRules({Expansion::kInnsAndCathedrals}), {}, -1, true, kBlue));
  Place(game, At("base:Eg", kCentre, 2));
  const SegmentAddress garden{kCentre, kGardenSegment};
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kFollower, garden}),
                      ViolationCode::kFigureNotAllowed, "AB-04"));
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kBigFollower, garden}),
                      ViolationCode::kFigureNotAllowed, "AB-04"));
  EXPECT_FALSE(Listed(game, PlaceFigureAction{FigureKind::kFollower, garden}));
  EXPECT_TRUE(Listed(game, PlaceFigureAction{FigureKind::kAbbot, garden}));
  ASSERT_TRUE(game.Validate(PlaceFigureAction{FigureKind::kAbbot, garden}).legal());
  game.Apply(PlaceFigureAction{FigureKind::kAbbot, garden});
  EXPECT_EQ(game.state().players[kBlue].abbots, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(AbbotTest, AB_04_NoWagonOnAGarden) {
  // AB-04 (AM-11): the wagon is no abbot.
  RuleSet rules = AbbotRules({Expansion::kAbbeyAndMayor});
  rules.am_wagon = true;
  Game game(Start(rules, {}, -1, true, kBlue));
  Place(game, At("base:Eg", kCentre, 2));
  EXPECT_TRUE(
      HasCode(game.Validate(PlaceFigureAction{FigureKind::kWagon, {kCentre, kGardenSegment}}),
              ViolationCode::kFigureNotAllowed, "AB-04"));
}

TEST(AbbotTest, AB_03_TheAbbotOnlyOnAMonasteryOrAGarden) {
  // AB-03: not on the garden tile's city or field; on a monastery, yes.
  Game game(Start(AbbotRules(), {}, -1, true, kBlue));
  Place(game, At("base:Eg", kCentre, 2));
  for (int segment : {0, 2}) {  // c1, f1
    EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kAbbot, {kCentre, segment}}),
                        ViolationCode::kFigureNotAllowed, "AB-03"))
        << segment;
    EXPECT_FALSE(Listed(game, PlaceFigureAction{FigureKind::kAbbot, {kCentre, segment}}));
  }
  Game monastery(Start(AbbotRules(), {}, -1, false, kBlue));
  Place(monastery, At("base:B", kCentre));
  EXPECT_TRUE(
      Listed(monastery, PlaceFigureAction{FigureKind::kAbbot, {kCentre, kMonasterySegment}}));
  EXPECT_FALSE(Listed(monastery, PlaceFigureAction{FigureKind::kAbbot, {kCentre, 1}}));
}

TEST(AbbotTest, AB_05_TheAbbotOccupiesItsMonastery) {
  // AB-05, BG-04: Red's abbot on the monastery (0, 1); Blue places the portal
  // tile pd:29 turned 180° (city S) at (0, -1) against D's city: through the
  // portal (PD-20) no follower may join the abbot's monastery.
  Game game(
      Start(AbbotRules({Expansion::kPrincessAndDragon}), Layout(false, 0), kRed, false, kBlue));
  Place(game, At("pd:29", {0, -1}, 2));
  EXPECT_TRUE(
      HasCode(game.Validate(PlaceFigureAction{FigureKind::kFollower, {kCentre, kMonasterySegment}}),
              ViolationCode::kFeatureOccupied, "BG-04"));
}

// ----- AB-06, AB-10: the abbot's scoring --------------------------------------

TEST(AbbotTest, AB_T02_ACompletedGardenScoresNine) {
  // AB-06, AB-T02: Blue's abbot on the garden, 7 neighbours; Red places the
  // 8th, base:B at (1, 2), and passes: 1 + 8 = 9 to Blue; the abbot returns.
  Game game(Start(AbbotRules(), Layout(true, 6), kBlue, true, kRed));
  Place(game, At("base:B", {1, 2}));
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kGarden);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kCompleted);
  EXPECT_TRUE(events[0].complete);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kBlue, 9}}));
  ASSERT_EQ(events[0].line_items.size(), 1u);
  EXPECT_EQ(events[0].line_items[0].rule_id, "AB-06");
  EXPECT_EQ(game.state().players[kBlue].score, 9);
  EXPECT_EQ(game.state().players[kBlue].abbots, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(AbbotTest, AB_06_ACompletedMonasteryScoresNineForItsAbbot) {
  // AB-06, AB-05 (BG-12): the same with the monastery: 9 to Blue, strength 1.
  Game game(Start(AbbotRules(), Layout(false, 6), kBlue, false, kRed));
  Place(game, At("base:B", {1, 2}));
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kMonastery);
  EXPECT_EQ(events[0].majority_strength, 1);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kBlue, 9}}));
  EXPECT_EQ(game.state().players[kBlue].abbots, 1);
}

TEST(AbbotTest, AB_T05_AtTheEndAGardenScoresItsTileAndNeighbours) {
  // AB-10, AB-T05: Green's abbot on the garden with 3 neighbours (D and the
  // two base:U): 1 + 3 = 4 to Green.
  Game game(Start(AbbotRules(), Layout(true, 2), 2, true, kBlue, {"Blue", "Red", "Green"}));
  const std::vector<ScoreEvent> events = game.ScoreEndOfGame();
  const auto garden = std::find_if(events.begin(), events.end(), [](const ScoreEvent& event) {
    return event.feature_kind == FeatureKind::kGarden;
  });
  ASSERT_NE(garden, events.end());
  EXPECT_FALSE(garden->complete);
  EXPECT_EQ(garden->trigger, ScoringTrigger::kEndOfGame);
  EXPECT_EQ(garden->points, (std::vector<PlayerPoints>{{2, 4}}));
  ASSERT_EQ(garden->line_items.size(), 1u);
  EXPECT_EQ(garden->line_items[0].rule_id, "AB-10");
  EXPECT_EQ(game.state().players[2].score, 4);
}

// ----- AB-07..AB-09: the retreat -------------------------------------------------

TEST(AbbotTest, AB_T01_TheRetreatScoresAtOnce) {
  // AB-07, AB-T01: Red's abbot on the monastery with 5 neighbours (D, the two
  // base:U, the two base:E); Red places base:U at (2, 0), away from it, and
  // retreats instead of placing a figure: 1 + 5 = 6 at once; the abbot is
  // back in Red's supply; Blue plays next.
  Game game(Start(AbbotRules(), Layout(false, 4), kRed, false, kRed));
  Place(game, At("base:U", {2, 0}));
  EXPECT_TRUE(Listed(game, kRetreatFromMonastery));
  ASSERT_TRUE(game.Validate(kRetreatFromMonastery).legal());
  const std::vector<ScoreEvent> events = game.Apply(kRetreatFromMonastery);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kAbbotRetreat);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kMonastery);
  EXPECT_FALSE(events[0].complete);
  EXPECT_EQ(events[0].tiles.size(), 6u);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kRed, 6}}));
  ASSERT_EQ(events[0].line_items.size(), 1u);
  EXPECT_EQ(events[0].line_items[0].rule_id, "AB-07");
  EXPECT_EQ(events[0].returned_figures,
            (std::vector<Figure>{{FigureKind::kAbbot, kRed, {kCentre, kMonasterySegment}}}));
  EXPECT_EQ(game.state().players[kRed].score, 6);
  EXPECT_EQ(game.state().players[kRed].abbots, 1);
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, kBlue);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(AbbotTest, AB_07_TheRetreatFromAGarden) {
  // AB-07 (AT-T01, the page's example): Red's abbot on the garden with 5
  // neighbours; Red places base:U at (2, 0) and retreats: 6.
  Game game(Start(AbbotRules(), Layout(true, 4), kRed, true, kRed));
  Place(game, At("base:U", {2, 0}));
  const std::vector<ScoreEvent> events = game.Apply(kRetreatFromGarden);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kGarden);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kRed, 6}}));
}

TEST(AbbotTest, AB_07_OnlyOnesOwnAbbotFromWhereItStands) {
  // AB-07: Blue has no abbot on the board; Red's is not at (1, 0).
  Game blue(Start(AbbotRules(), Layout(false, 4), kRed, false, kBlue));
  Place(blue, At("base:U", {2, 0}));
  EXPECT_FALSE(Listed(blue, kRetreatFromMonastery));
  EXPECT_TRUE(HasCode(blue.Validate(kRetreatFromMonastery), ViolationCode::kAbbotRetreatNotAllowed,
                      "AB-07"));
  Game red(Start(AbbotRules(), Layout(false, 4), kRed, false, kRed));
  Place(red, At("base:U", {2, 0}));
  EXPECT_TRUE(HasCode(red.Validate(RetreatAbbotAction{{{1, 0}, 0}}),
                      ViolationCode::kAbbotRetreatNotAllowed, "AB-07"));
  // Malformed (INVALID_ARGUMENT at the service): a segment off the board.
  ASSERT_EQ(CheckAction(red.state(), RetreatAbbotAction{{{5, 5}, 0}}).size(), 1u);
  EXPECT_EQ(CheckAction(red.state(), RetreatAbbotAction{{{5, 5}, 0}})[0].field,
            "retreat_abbot.segment");
  EXPECT_EQ(CheckAction(red.state(), RetreatAbbotAction{{kCentre, 7}}).size(), 1u);
  EXPECT_TRUE(CheckAction(red.state(), kRetreatFromMonastery).empty());
  // Without the expansion there is no abbot at all.
  Game base(Start(RuleSet{}, {}, -1, false, kBlue));
  Place(base, At("base:B", kCentre));
  EXPECT_TRUE(
      HasCode(base.Validate(kRetreatFromMonastery), ViolationCode::kFigureNotAllowed, "AB-01"));
}

TEST(AbbotTest, AB_08_NoRetreatFromACompletedMonastery) {
  // AB-08: Red's abbot on the monastery with 7 neighbours; Red places the
  // 8th (base:B at (1, 2)): no retreat (not listed, refused); passing scores
  // the completed monastery: 9 to Red (AB-06).
  Game game(Start(AbbotRules(), Layout(false, 6), kRed, false, kRed));
  Place(game, At("base:B", {1, 2}));
  EXPECT_FALSE(Listed(game, kRetreatFromMonastery));
  EXPECT_TRUE(HasCode(game.Validate(kRetreatFromMonastery), ViolationCode::kAbbotRetreatNotAllowed,
                      "AB-08"));
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kRed, 9}}));
}

TEST(AbbotTest, AB_T04_NoRetreatAfterAFigure) {
  // AB-07, AB-09, AB-T04: both are listed in Red's figure step, as
  // alternatives; once Red placed a follower on base:U's road the step is
  // over and the retreat comes at the wrong time.
  Game game(Start(AbbotRules(), Layout(false, 4), kRed, false, kRed));
  Place(game, At("base:U", {2, 0}));
  const PlaceFigureAction thief{FigureKind::kFollower, {{2, 0}, 0}};
  EXPECT_TRUE(Listed(game, thief));
  EXPECT_TRUE(Listed(game, kRetreatFromMonastery));
  game.Apply(thief);
  const Verdict verdict = game.Validate(Action(kRetreatFromMonastery, kBlue));
  EXPECT_TRUE(HasCode(verdict, ViolationCode::kWrongPhase, "AB-07"));
  EXPECT_FALSE(Listed(game, kRetreatFromMonastery));
}

// ----- AB-11, AB-14: what a garden or a retreat does not get ---------------------

TEST(AbbotTest, AB_T06_NoVineyardBonusAtARetreat) {
  // AB-11, AB-T06 (C2): Hills & Sheep; Red's abbot on the monastery, the two
  // vineyard tiles hs:01 (city N; vineyard) at (-1, 1) and (1, 1); Red places
  // base:B at (-1, 2) (the 6th neighbour) and retreats: 1 + 6 = 7, no
  // vineyard bonus (that is for completed monasteries, HS-09).
  Game game(
      Start(AbbotRules({Expansion::kHillsAndSheep}), Layout(false, 4, "hs:01"), kRed, false, kRed));
  Place(game, At("base:B", {-1, 2}));
  const std::vector<ScoreEvent> events = game.Apply(kRetreatFromMonastery);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kRed, 7}}));
  EXPECT_EQ(events[0].line_items.size(), 1u);
}

TEST(AbbotTest, AB_11_NoVineyardBonusForAGarden) {
  // AB-11 (C2): the same two vineyards around a completed garden: 9, no
  // bonus; around the abbot's completed monastery the bonus comes (AB-05:
  // the abbot is a monk; HS-09): 9 + 2 × 3 = 15.
  Game garden(
      Start(AbbotRules({Expansion::kHillsAndSheep}), Layout(true, 6, "hs:01"), kBlue, true, kRed));
  Place(garden, At("base:B", {1, 2}));
  std::vector<ScoreEvent> events = garden.Apply(PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kBlue, 9}}));
  Game monastery(Start(AbbotRules({Expansion::kHillsAndSheep}), Layout(false, 6, "hs:01"), kBlue,
                       false, kRed));
  Place(monastery, At("base:B", {1, 2}));
  events = monastery.Apply(PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kBlue, 15}}));
}

TEST(AbbotTest, AB_14_ARetreatGivesNoFairyBonus) {
  // AB-14, AT-07, AT-T07 (its C2 part): the fairy stands by Red's abbot on
  // the monastery with 4 neighbours; Red places base:U at (2, 0) and
  // retreats: 1 + 4 = 5, no fairy bonus (PD-18 pays when a feature scores;
  // the retreat scores the abbot, AT-09). The fairy stays on its tile,
  // attached to nobody (PD-19).
  GameState state =
      Start(AbbotRules({Expansion::kPrincessAndDragon}), Layout(false, 3), kRed, false, kRed);
  state.fairy = kCentre;
  state.fairy_follower = Figure{FigureKind::kAbbot, kRed, {kCentre, kMonasterySegment}};
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  Place(game, At("base:U", {2, 0}));
  const std::vector<ScoreEvent> events = game.Apply(kRetreatFromMonastery);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{{kRed, 5}}));
  // Red's score: 1 for the fairy by Red's abbot at the start of Red's turn,
  // with the tile (PD-17), + 5 for the retreat = 6.
  EXPECT_EQ(game.state().players[kRed].score, 1 + 5);
  ASSERT_TRUE(game.state().fairy.has_value());
  EXPECT_EQ(*game.state().fairy, kCentre);
  EXPECT_FALSE(game.state().fairy_follower.has_value());
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// ----- AB-15, AB-16, AT-05: other expansions -------------------------------------

TEST(AbbotTest, AB_15_NotTogetherWithTheCountOrTheCult) {
  // AB-15 (open AB-Q2) and the Cult (cult.md: the abbot on a shrine is
  // [inferred], CU-Q2): not built, so the rule sets are refused.
  for (Expansion other : {Expansion::kCountOfCarcassonne, Expansion::kCult}) {
    const auto result = NewGame({"Blue", "Red"}, AbbotRules({other}));
    ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
    const auto& problems = std::get<std::vector<Problem>>(result);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].field, "rules.expansions[0]");
  }
}

TEST(AbbotTest, AT_05_TheAbbotThroughTheMagicPortal) {
  // AT-05, AB-16, PD-20: Red places the portal tile pd:29 turned 180° at
  // (0, -1); the abbot may go onto the empty monastery at (0, 1).
  Game game(Start(AbbotRules({Expansion::kPrincessAndDragon}), Layout(false, 0), -1, false, kRed));
  Place(game, At("pd:29", {0, -1}, 2));
  const PlaceFigureAction abbot{FigureKind::kAbbot, {kCentre, kMonasterySegment}};
  EXPECT_TRUE(Listed(game, abbot));
  ASSERT_TRUE(game.Validate(abbot).legal());
  game.Apply(abbot);
  EXPECT_EQ(game.state().figures.size(), 1u);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(AbbotTest, AB_16_TheDragonEatsTheAbbot) {
  // AB-16, PD-11: the dragon on the volcano pd:17 at (-1, 0) (in place of
  // base:U); Red places the dragon tile pd:16 at (-2, 0) and passes. Red
  // flies it to D (0, 0), Blue to (0, 1): Blue's abbot there goes back.
  std::vector<PlacedTile> tiles = Layout(false, 0);
  tiles.push_back(At("pd:17", {-1, 0}));
  GameState state = Start(AbbotRules({Expansion::kPrincessAndDragon}), tiles, kBlue, false, kRed);
  state.dragon = Position{-1, 0};
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  Place(game, At("pd:16", {-2, 0}));
  game.Apply(PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kDragonMove);
  game.Apply(MoveDragonAction{{0, 0}});
  ASSERT_TRUE(game.Validate(MoveDragonAction{kCentre}).legal());
  game.Apply(MoveDragonAction{kCentre});
  EXPECT_TRUE(game.state().figures.empty());
  EXPECT_EQ(game.state().players[kBlue].abbots, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

}  // namespace
}  // namespace carcassonne

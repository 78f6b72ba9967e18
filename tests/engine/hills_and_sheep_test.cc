// Hills & Sheep (shared/rules/expansions/hills-sheep.md): the tile put under
// a hill (HS-03, HS-04), the hill tie-break (HS-05..HS-07, HS-T10, option
// hs.hill_tiebreak), vineyards (HS-09..HS-11, HS-T06, HS-T07; beside an
// abbey, HS-12) and hs:02's shared city side (HS-27, HS-T08) on the engine's
// events. Every number is worked out in the comments. Seat 0 plays first.
#include "engine/expansions/hills_and_sheep.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet HillsAndSheepRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kHillsAndSheep};
  return rules;
}

// A new game with the expansion; without a tracked bag when `untracked`
// (then the tests lay tiles in any order).
GameState Start(RuleSet rules, bool untracked) {
  GameState state = std::get<GameState>(NewGame({"Blue", "Red"}, rules));
  if (untracked) state.bag.reset();
  return state;
}

// Places `tile` (must be legal) and then the follower `kind` on `segment` of
// it, or passes when `segment` < 0; returns the turn's events.
std::vector<ScoreEvent> Turn(Game& game, std::string_view tile, Position cell, int quarter_turns,
                             int segment = -1, FigureKind kind = FigureKind::kFollower) {
  const PlaceTileAction place{Tile(tile), cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
  const Verdict verdict = game.Validate(place);
  EXPECT_TRUE(verdict.legal()) << tile << " at (" << cell.x << "," << cell.y << ")";
  game.Apply(place);
  std::vector<ScoreEvent> events;
  if (segment < 0) {
    events = game.Apply(PassAction{});
  } else {
    const PlaceFigureAction figure{kind, {cell, segment}};
    EXPECT_TRUE(game.Validate(figure).legal()) << tile << " segment " << segment;
    events = game.Apply(figure);
  }
  return events;
}

int PointsOf(const ScoreEvent& event, int player) {
  for (const PlayerPoints& points : event.points) {
    if (points.player == player) return points.points;
  }
  return 0;
}

// ----- HS-03, HS-04: the tile under a hill -----------------------------------

TEST(HillsAndSheepTest, TheBagHoldsTheEighteenTiles) {
  // HS-01: 71 base tiles (the start tile is out) + 18.
  const GameState state = Start(HillsAndSheepRules(), false);
  EXPECT_EQ(state.bag->Total(), 71 + 18);
  EXPECT_EQ(state.bag->CountOf(Tile("hs:01")), 2);
  EXPECT_EQ(state.bag->CountOf(Tile("hs:08")), 1);
}

TEST(HillsAndSheepTest, AHillTileIsLaidOnATileDrawnFromTheBag) {
  // HS-03: hs:08 r180 at (0,-1) (its city S meets D's city). The caller drew
  // the hidden tile; it must name it, and it leaves the bag: 89 - 2 = 87.
  Game game(Start(HillsAndSheepRules(), false));
  PlaceTileAction hill{Tile("hs:08"), {0, -1}, Rotation{2}};
  EXPECT_TRUE(HasCode(game.Validate(hill), ViolationCode::kHillHiddenTileNotAllowed, "HS-03"));
  // A tile that is not in the bag (The Cult is not in the game).
  hill.hidden_tile = Tile("cult:1");
  EXPECT_TRUE(HasCode(game.Validate(hill), ViolationCode::kHillHiddenTileNotAllowed, "HS-03"));
  // hs:08 has one copy: the drawn tile cannot also be the hidden one.
  hill.hidden_tile = Tile("hs:08");
  EXPECT_TRUE(HasCode(game.Validate(hill), ViolationCode::kHillHiddenTileNotAllowed, "HS-03"));
  hill.hidden_tile = Tile("base:B");
  ASSERT_TRUE(game.Validate(hill).legal());
  game.Apply(hill);
  EXPECT_EQ(game.state().bag->Total(), 87);
  EXPECT_EQ(game.state().bag->CountOf(Tile("base:B")), 3);
  EXPECT_EQ(game.state().tiles.size(), 2u);  // the hidden tile is not on the board
  game.Apply(PassAction{});
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(HillsAndSheepTest, NoHiddenTileUnderANonHillTile) {
  Game game(Start(HillsAndSheepRules(), false));
  PlaceTileAction tile{Tile("hs:12"), {1, 0}, Rotation{1}};  // a vineyard, no hill
  ASSERT_TRUE(game.Validate(tile).legal());
  tile.hidden_tile = Tile("base:B");
  EXPECT_TRUE(HasCode(game.Validate(tile), ViolationCode::kHillHiddenTileNotAllowed, "HS-03"));
}

TEST(HillsAndSheepTest, TheLastTileIsAHillWithNothingUnderIt) {
  // HS-04: the bag holds only the hill tile: nothing goes under it, and the
  // game ends when it is placed (BG-20).
  GameState state = Start(HillsAndSheepRules(), false);
  state.bag->tiles = {{Tile("hs:08"), 1}};
  Game game(state);
  PlaceTileAction hill{Tile("hs:08"), {0, -1}, Rotation{2}};
  hill.hidden_tile = Tile("hs:08");
  EXPECT_TRUE(HasCode(game.Validate(hill), ViolationCode::kHillHiddenTileNotAllowed, "HS-04"));
  hill.hidden_tile = nullptr;
  ASSERT_TRUE(game.Validate(hill).legal());
  game.Apply(hill);
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
}

TEST(HillsAndSheepTest, TheListingOfAHillTileCarriesTheHiddenTile) {
  // HS-03 in ListLegalActions: the hidden tile is part of the draw. Without
  // one (while the bag holds other tiles) nothing is listed, as for a drawn
  // tile that is not in the bag; with one, every listed placement carries it
  // and is legal.
  const GameState state = Start(HillsAndSheepRules(), false);
  EXPECT_TRUE(ListLegalActions(state, Tile("hs:08")).actions.empty());
  const LegalActions legal = ListLegalActions(state, Tile("hs:08"), Tile("base:B"));
  ASSERT_FALSE(legal.actions.empty());
  for (const Action& action : legal.actions) {
    const auto* place = std::get_if<PlaceTileAction>(&action);
    ASSERT_NE(place, nullptr);
    EXPECT_EQ(place->hidden_tile, Tile("base:B"));
    EXPECT_TRUE(ValidateAction(state, action).legal());
  }
  // A tile that is no hill lists without a hidden tile, and not with one.
  EXPECT_FALSE(ListLegalActions(state, Tile("hs:12")).actions.empty());
  EXPECT_TRUE(ListLegalActions(state, Tile("hs:12"), Tile("base:B")).actions.empty());
}

TEST(HillsAndSheepTest, AHiddenTileNeedsTheExpansionAndASetInTheGame) {
  // Malformed (INVALID_ARGUMENT at the service): a hidden tile without the
  // expansion, or of a set not in the game.
  const GameState base = Start(RuleSet{}, false);
  PlaceTileAction place{Tile("base:E"), {0, -1}, Rotation{2}, Tile("base:B")};
  ASSERT_EQ(CheckAction(base, place).size(), 1u);
  EXPECT_EQ(CheckAction(base, place)[0].field, "place_tile.hidden_tile_type");
  EXPECT_EQ(CheckDrawnTile(base, Tile("base:E"), Tile("base:B")).size(), 1u);
  const GameState hills = Start(HillsAndSheepRules(), false);
  place = {Tile("hs:08"), {0, -1}, Rotation{2}, Tile("cult:1")};
  ASSERT_EQ(CheckAction(hills, place).size(), 1u);
  EXPECT_EQ(CheckDrawnTile(hills, Tile("hs:08"), Tile("cult:1")).size(), 1u);
  place.hidden_tile = Tile("base:B");
  EXPECT_TRUE(CheckAction(hills, place).empty());
  EXPECT_TRUE(CheckDrawnTile(hills, Tile("hs:08"), Tile("base:B")).empty());
}

// ----- HS-05..HS-07: hills break ties (HS-T10) -------------------------------

// HS-T10: Blue's first tile at (0,-1) (base:N, or the hill hs:03 in b), city
// S+E, with a knight; Red base:U (1,0); Blue base:U (2,0); Red the hill hs:08
// r270 at (2,-1) (city W) with a knight; Blue base:G at (1,-1) joins both and
// completes the 4-tile city D + (0,-1) + (1,-1) + (2,-1): 4 × 2 = 8, 1 - 1.
ScoreEvent HillTieCity(std::string_view blue_first_tile, HillTiebreak tiebreak) {
  RuleSet rules = HillsAndSheepRules();
  rules.hs_hill_tiebreak = tiebreak;
  Game game(Start(rules, true));
  Turn(game, blue_first_tile, {0, -1}, 2, 0);
  Turn(game, "base:U", {1, 0}, 0);
  Turn(game, "base:U", {2, 0}, 0);
  Turn(game, "hs:08", {2, -1}, 3, 0);
  const std::vector<ScoreEvent> events = Turn(game, "base:G", {1, -1}, 0);
  EXPECT_EQ(events.size(), 1u);
  return events.empty() ? ScoreEvent{} : events[0];
}

TEST(HillsAndSheepTest, HS_T10a_OnlyTheTiedPlayerOnAHillScores) {
  const ScoreEvent city = HillTieCity("base:N", HillTiebreak::kAnyFollowerOnHill);
  EXPECT_EQ(city.feature_kind, FeatureKind::kCity);
  EXPECT_EQ(city.tiles.size(), 4u);
  EXPECT_EQ(city.majority_strength, 1);
  EXPECT_EQ(city.majority_players, std::vector<int>{1});  // Red
  EXPECT_EQ(PointsOf(city, 1), 8);
  EXPECT_EQ(PointsOf(city, 0), 0);
  EXPECT_EQ(city.returned_figures.size(), 2u);  // both knights go back
}

TEST(HillsAndSheepTest, HS_T10b_BothOnHillsTheTieStands) {
  for (HillTiebreak tiebreak :
       {HillTiebreak::kAnyFollowerOnHill, HillTiebreak::kMostFollowersOnHills}) {
    const ScoreEvent city = HillTieCity("hs:03", tiebreak);
    EXPECT_EQ(city.majority_players, (std::vector<int>{0, 1}));
    EXPECT_EQ(PointsOf(city, 0), 8);
    EXPECT_EQ(PointsOf(city, 1), 8);
  }
}

// HS-06, HS-07 with a big follower (IC-10): D; the hill hs:06 at (0,-1)
// (its c1 N; its c2 S closes D's city at once, nobody in it); the hub base:C
// (4 city sides, 1 coat of arms) at (0,-2); the hill hs:08 r180 at (0,-3)
// (city S) and the hill hs:15 r270 at (1,-2) (city W). Blue has knights on
// hs:06 and hs:08 (strength 2, 2 on hills), Red her big follower on hs:15
// (strength 2, 1 on a hill). Red closes the city with base:E r90 at (-1,-2):
// 5 tiles × 2 + 1 coat of arms × 2 = 12.
ScoreEvent BigFollowerTie(HillTiebreak tiebreak) {
  RuleSet rules = HillsAndSheepRules();
  rules.expansions.push_back(Expansion::kInnsAndCathedrals);
  rules.hs_hill_tiebreak = tiebreak;
  GameState state = Start(rules, true);
  state.tiles.push_back({Tile("hs:06"), {0, -1}, Rotation{0}});
  state.tiles.push_back({Tile("base:C"), {0, -2}, Rotation{0}});
  state.tiles.push_back({Tile("hs:08"), {0, -3}, Rotation{2}});
  state.tiles.push_back({Tile("hs:15"), {1, -2}, Rotation{3}});
  state.figures.push_back({FigureKind::kFollower, 0, {{0, -1}, 0}});
  state.figures.push_back({FigureKind::kFollower, 0, {{0, -3}, 0}});
  state.figures.push_back({FigureKind::kBigFollower, 1, {{1, -2}, 0}});
  state.players[0].followers -= 2;
  state.players[1].big_followers -= 1;
  state.active_player = state.deciding_player = 1;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  const std::vector<ScoreEvent> events = Turn(game, "base:E", {-1, -2}, 1);
  EXPECT_EQ(events.size(), 1u);
  return events.empty() ? ScoreEvent{} : events[0];
}

TEST(HillsAndSheepTest, HS_06_AnyFollowerOnAHillKeepsBothTiedPlayers) {
  const ScoreEvent city = BigFollowerTie(HillTiebreak::kAnyFollowerOnHill);
  EXPECT_EQ(city.majority_strength, 2);
  EXPECT_EQ(city.majority_players, (std::vector<int>{0, 1}));
  EXPECT_EQ(PointsOf(city, 0), 12);
  EXPECT_EQ(PointsOf(city, 1), 12);
}

TEST(HillsAndSheepTest, HS_06_MostFollowersOnHillsKeepsOnlyBlue) {
  const ScoreEvent city = BigFollowerTie(HillTiebreak::kMostFollowersOnHills);
  EXPECT_EQ(city.majority_players, std::vector<int>{0});
  EXPECT_EQ(PointsOf(city, 0), 12);
  EXPECT_EQ(PointsOf(city, 1), 0);
}

TEST(HillsAndSheepTest, HS_07_AHillNeverBeatsMoreStrength) {
  // HS-T10a's city, but Blue's knight on (0,-1) is a big follower (IC-10):
  // Blue 2 against Red 1 on the hill: Blue alone scores 8.
  RuleSet rules = HillsAndSheepRules();
  rules.expansions.push_back(Expansion::kInnsAndCathedrals);
  Game game(Start(rules, true));
  Turn(game, "base:N", {0, -1}, 2, 0, FigureKind::kBigFollower);
  Turn(game, "base:U", {1, 0}, 0);
  Turn(game, "base:U", {2, 0}, 0);
  Turn(game, "hs:08", {2, -1}, 3, 0);
  const std::vector<ScoreEvent> events = Turn(game, "base:G", {1, -1}, 0);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].majority_players, std::vector<int>{0});
  EXPECT_EQ(PointsOf(events[0], 0), 8);
}

// ----- HS-09..HS-11: vineyards ----------------------------------------------

TEST(HillsAndSheepTest, HS_T06_FourVineyardsAroundACompletedMonastery) {
  // hs:12 r90 (1,0); base:B (0,1) with Red's monk; base:A r270 (1,1);
  // hs:01 r270 (1,2); hs:05 r180 (0,2); hs:01 r0 (-1,2); base:G r90 (-1,1);
  // base:D r180 (-1,0) completes it. Vineyards at (1,0), (1,2), (0,2),
  // (-1,2): 9 + 4 × 3 = 21.
  Game game(Start(HillsAndSheepRules(), true));
  Turn(game, "hs:12", {1, 0}, 1);
  Turn(game, "base:B", {0, 1}, 0, 0);
  Turn(game, "base:A", {1, 1}, 3);
  Turn(game, "hs:01", {1, 2}, 3);
  Turn(game, "hs:05", {0, 2}, 2);
  Turn(game, "hs:01", {-1, 2}, 0);
  Turn(game, "base:G", {-1, 1}, 1);
  const std::vector<ScoreEvent> events = Turn(game, "base:D", {-1, 0}, 2);
  const ScoreEvent* monastery = nullptr;
  for (const ScoreEvent& event : events) {
    if (event.feature_kind == FeatureKind::kMonastery) monastery = &event;
  }
  ASSERT_NE(monastery, nullptr);
  EXPECT_EQ(PointsOf(*monastery, 1), 21);
  ASSERT_EQ(monastery->line_items.size(), 2u);
  EXPECT_EQ(monastery->line_items[1].rule_id, "HS-09");
  EXPECT_EQ(monastery->line_items[1].count, 4);
  EXPECT_EQ(monastery->line_items[1].points, 12);
  EXPECT_EQ(game.state().players[1].score, 21);
}

TEST(HillsAndSheepTest, HS_T07_NoVineyardForAnIncompleteMonastery) {
  // hs:12 r90 (1,0); base:B (1,1) with Red's monk; the game ends: 1 + 2
  // neighbours ((0,0), (1,0)) = 3; the vineyard adds nothing (HS-11).
  Game game(Start(HillsAndSheepRules(), true));
  Turn(game, "hs:12", {1, 0}, 1);
  Turn(game, "base:B", {1, 1}, 0, 0);
  const FinalScoring final_scoring = ScoreGame(game.state());
  ASSERT_EQ(final_scoring.events.size(), 1u);
  EXPECT_EQ(final_scoring.events[0].feature_kind, FeatureKind::kMonastery);
  EXPECT_EQ(final_scoring.events[0].line_items.size(), 1u);
  EXPECT_EQ(final_scoring.final_scores, (std::vector<int>{0, 3}));
}

TEST(HillsAndSheepTest, HS_10_OneVineyardCountsForEachMonastery) {
  // Scoring only (the tiles' edges are not what is tested, so the snapshot
  // is not checked): Blue's monastery base:B at (0,1), Red's at (2,1), the
  // vineyard hs:07 at (1,1) between them, base:U on every other cell of
  // x = -1..3, y = 0..2 but (1,2); Blue's base:U at (1,2) completes both:
  // 9 + 1 vineyard × 3 = 12 each.
  GameState state = Start(HillsAndSheepRules(), true);
  for (int y = 0; y <= 2; ++y) {
    for (int x = -1; x <= 3; ++x) {
      const Position cell{x, y};
      if (cell == Position{0, 0} || cell == Position{1, 2}) continue;
      std::string_view id = "base:U";
      if (cell == Position{0, 1} || cell == Position{2, 1}) id = "base:B";
      if (cell == Position{1, 1}) id = "hs:07";
      state.tiles.push_back({Tile(id), cell, Rotation{0}});
    }
  }
  const int blue_monastery = Tile("base:B")->SegmentIndex("m1");
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 1}, blue_monastery}});
  state.figures.push_back({FigureKind::kFollower, 1, {{2, 1}, blue_monastery}});
  Game game(state);
  game.Apply(PlaceTileAction{Tile("base:U"), {1, 2}, Rotation{0}});
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  int monasteries = 0;
  for (const ScoreEvent& event : events) {
    if (event.feature_kind != FeatureKind::kMonastery) continue;
    ++monasteries;
    ASSERT_EQ(event.majority_players.size(), 1u);
    EXPECT_EQ(PointsOf(event, event.majority_players[0]), 12);
  }
  EXPECT_EQ(monasteries, 2);
}

// HS-12 (engine practice, as JCloisterZone pays it; open HS-Q4) with Abbey &
// Mayor: an abbey is a monastery (AM-05), so a vineyard beside it adds 3 when
// it is completed (HS-09), as for any monastery that is no shrine.
TEST(HillsAndSheepTest, HS_12_AVineyardBesideACompletedAbbey) {
  RuleSet rules = HillsAndSheepRules();
  rules.expansions.push_back(Expansion::kAbbeyAndMayor);
  rules.am_abbey = true;
  GameState state = Start(rules, true);
  // The hole (1, 0) of LayAbbeyHoleBoard, hs:07 (city W, city E, fields N
  // and S; a vineyard) east of it at (2, 0), and base:B at (2, 1): all 8
  // cells around the hole hold a tile.
  LayAbbeyHoleBoard(state, Tile("hs:07"));
  state.tiles.push_back({Tile("base:B"), {2, 1}, Rotation{0}});
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  const PlaceTileAction abbey{Tile("am:abbey"), {1, 0}, Rotation{0}};
  ASSERT_TRUE(game.Validate(abbey).legal());
  game.Apply(abbey);
  const PlaceFigureAction monk{FigureKind::kFollower, {{1, 0}, 0}};
  ASSERT_TRUE(game.Validate(monk).legal());
  const std::vector<ScoreEvent> events = game.Apply(monk);
  // Blue's monk on the completed abbey: 9 (its tile and 8 neighbours, BG-12,
  // AM-05) + 1 vineyard × 3 (hs:07, HS-09) = 12.
  const auto abbey_event = std::find_if(events.begin(), events.end(), [](const ScoreEvent& event) {
    return event.feature_kind == FeatureKind::kMonastery &&
           std::find(event.tiles.begin(), event.tiles.end(), Position{1, 0}) != event.tiles.end();
  });
  ASSERT_NE(abbey_event, events.end());
  EXPECT_TRUE(abbey_event->complete);
  ASSERT_EQ(abbey_event->line_items.size(), 2u);
  EXPECT_EQ(abbey_event->line_items[0].rule_id, "BG-12");
  EXPECT_EQ(abbey_event->line_items[0].points, 9);
  EXPECT_EQ(abbey_event->line_items[1].rule_id, "HS-09");
  EXPECT_EQ(abbey_event->line_items[1].points, 3);
  EXPECT_EQ(abbey_event->Total(), 12);
}

TEST(HillsAndSheepTest, HS_28_TheNarrowWedgeKeepsTwoFields) {
  // hs:01: the city reaches S only at a point: S is field, and the fields
  // west and east of the wedge are two on the tile.
  Board board;
  board.Place({Tile("hs:01"), {0, 0}, Rotation{0}});
  EXPECT_EQ(Tile("hs:01")->sides[SideIndex(Side::kSouth)], Terrain::kField);
  EXPECT_NE(board.FeatureOf(board.SegmentId(0, 1)), board.FeatureOf(board.SegmentId(0, 2)));
}

// ----- HS-27: hs:02's shared side -------------------------------------------

TEST(HillsAndSheepTest, HS_27_TwoCitiesWhileTheSharedSideIsOpen) {
  // hs:02 r0 alone on a board: c1 (N+W) and c2 (E, shares N) are two cities,
  // each with 2 open sides. A cap base:E r180 on N joins them and the cap:
  // open sides left W and E.
  Board board;
  board.Place({Tile("hs:02"), {0, 0}, Rotation{0}});
  EXPECT_NE(board.FeatureOf(board.SegmentId(0, 0)), board.FeatureOf(board.SegmentId(0, 1)));
  EXPECT_EQ(board.Feature(board.SegmentId(0, 0)).open_edges, 2);
  EXPECT_EQ(board.Feature(board.SegmentId(0, 1)).open_edges, 2);
  board.Place({Tile("base:E"), {0, -1}, Rotation{2}});
  EXPECT_EQ(board.FeatureOf(board.SegmentId(0, 0)), board.FeatureOf(board.SegmentId(0, 1)));
  EXPECT_EQ(board.FeatureOf(board.SegmentId(0, 0)), board.FeatureOf(board.SegmentId(1, 0)));
  EXPECT_EQ(board.Feature(board.SegmentId(0, 0)).open_edges, 2);
  // Caps on W (base:E r90) and E (base:E r270): complete, 4 tiles.
  board.Place({Tile("base:E"), {-1, 0}, Rotation{1}});
  board.Place({Tile("base:E"), {1, 0}, Rotation{3}});
  EXPECT_EQ(board.Feature(board.SegmentId(0, 0)).open_edges, 0);
  EXPECT_EQ(board.TilesOf(board.FeatureOf(board.SegmentId(0, 0))).size(), 4u);
}

TEST(HillsAndSheepTest, HS_27_TwoSharedSidesFacingEachOther) {
  // hs:02 r0 at (0,0) and hs:02 r180 at (0,-1): their shared sides face each
  // other; all four segments are one city, open on the four outer sides.
  Board board;
  board.Place({Tile("hs:02"), {0, 0}, Rotation{0}});
  board.Place({Tile("hs:02"), {0, -1}, Rotation{2}});
  const int city = board.FeatureOf(board.SegmentId(0, 0));
  for (int tile = 0; tile < 2; ++tile) {
    for (int segment = 0; segment < 2; ++segment) {
      EXPECT_EQ(board.FeatureOf(board.SegmentId(tile, segment)), city);
    }
  }
  EXPECT_EQ(board.Feature(city).open_edges, 4);
}

TEST(HillsAndSheepTest, HS_27_ACityAcrossTheSharedSideOccupiesBoth) {
  // Blue's knight in D's city; hs:02 r180 at (0,-1) shares its S side with
  // it: c1 and c2 both join that city, so neither takes a follower (BG-04);
  // the field does. Listed options and the placement check agree.
  GameState state = Start(HillsAndSheepRules(), true);
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});
  state.players[0].followers -= 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const LegalActions legal = ListLegalActions(state, Tile("hs:02"));
  const auto placement =
      std::find_if(legal.placements.begin(), legal.placements.end(), [](const auto& placement) {
        return placement.cell == Position{0, -1} && placement.rotation.quarter_turns == 2;
      });
  ASSERT_NE(placement, legal.placements.end());
  ASSERT_EQ(placement->follower_segments.size(), 1);
  EXPECT_EQ(placement->follower_segments[0], 2);  // f1
  Game game(state);
  game.Apply(PlaceTileAction{Tile("hs:02"), {0, -1}, Rotation{2}});
  EXPECT_FALSE(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 1}}).legal());
  EXPECT_FALSE(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 0}}).legal());
  EXPECT_TRUE(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 2}}).legal());
}

TEST(HillsAndSheepTest, HS_T08_TheSharedSideMergesTwoCities) {
  // base:U at (-1,0) and (1,0); Blue base:E r90 at (-1,-1) with a knight
  // (city E); Red base:E r270 at (1,-1) with a knight (city W); hs:02 r180
  // at (0,-1): c1 S+E, c2 W, sharing S with D's city. One completed city of
  // 4 tiles, no coat of arms: 8 each (tie 1-1).
  Game game(Start(HillsAndSheepRules(), true));
  Turn(game, "base:U", {-1, 0}, 0);
  Turn(game, "base:U", {1, 0}, 0);
  Turn(game, "base:E", {-1, -1}, 1, 0);
  Turn(game, "base:E", {1, -1}, 3, 0);
  const std::vector<ScoreEvent> events = Turn(game, "hs:02", {0, -1}, 2);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].tiles.size(), 4u);
  EXPECT_EQ(events[0].majority_players, (std::vector<int>{0, 1}));
  EXPECT_EQ(PointsOf(events[0], 0), 8);
  EXPECT_EQ(PointsOf(events[0], 1), 8);
}

}  // namespace
}  // namespace carcassonne

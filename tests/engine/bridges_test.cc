// Bridges, Castles & Bazaars, the bridges module (option bc.bridges): the
// supply (BC-02), placing a bridge on the tile placed or on a tile next to it
// (BC-03, BC-04, BC-T01), tiles that fit only thanks to a bridge (BC-05), the
// field under a bridge (BC-06), a highwayman on it (BC-07), the road's tiles
// (BC-08, BC-T08), the builder (BC-09) and the snapshot check. The rules'
// cases BC-T01 and BC-T08 are also scenario files tests/scenarios/bc_t0*.json.
//
// Coordinates: x grows to the east, y to the south. Rotation r: the
// catalogue's side s lies on board side (s + r) mod 4. Tiles used:
//   base:D (the start tile at (0,0), r0): city N, road E-W, field S.
//   base:B: a monastery, four field sides, one field.
//   base:U: road E-W, fields N and S (r0).
//   base:E: city N, three field sides (r0).
//   base:V: road S-W (r0), so r1 W-N, r2 N-E, r3 E-S.
//   base:A: a monastery with a road ending on it at S (r0), fields E, N, W.
#include "engine/expansions/bridges.h"

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

RuleSet BridgeRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kBridgesCastlesAndBazaars};
  rules.bc_bridges = true;
  return rules;
}

// A two-player game with these tiles after the start tile, an untracked bag,
// Red to place a tile.
GameState GameWith(RuleSet rules, const std::vector<PlacedTile>& tiles) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, rules));
  state.bag.reset();
  for (const PlacedTile& tile : tiles) state.tiles.push_back(tile);
  return state;
}

std::vector<ViolationCode> Codes(const Verdict& verdict) {
  std::vector<ViolationCode> codes;
  for (const Violation& violation : verdict.violations) codes.push_back(violation.code);
  return codes;
}

PlaceTileAction WithBridge(const TileType* tile, Position cell, int quarter_turns,
                           BridgePlacement bridge) {
  PlaceTileAction action{tile, cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
  action.bridge = bridge;
  return action;
}

TEST(BridgesTest, EachPlayerHasThreeBridgesOrTwoWithFiveOrSixPlayers) {
  // BC-02: 2-4 players 3 bridges each; 5-6 players 2.
  const GameState two = std::get<GameState>(NewGame({"Red", "Blue"}, BridgeRules()));
  for (const Player& player : two.players) EXPECT_EQ(player.bridges, 3);
  EXPECT_TRUE(CheckSnapshot(two).empty());
  const GameState five = std::get<GameState>(NewGame({"A", "B", "C", "D", "E"}, BridgeRules()));
  for (const Player& player : five.players) EXPECT_EQ(player.bridges, 2);
  // Without the option none; the option needs the expansion.
  RuleSet tiles_only = BridgeRules();
  tiles_only.bc_bridges = false;
  EXPECT_EQ(std::get<GameState>(NewGame({"Red", "Blue"}, tiles_only)).players[0].bridges, 0);
  RuleSet no_expansion;
  no_expansion.bc_bridges = true;
  const auto refused = NewGame({"Red", "Blue"}, no_expansion);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(refused));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(refused), "rules.bc_bridges"));
}

TEST(BridgesTest, BridgedTypesCrossTwoFieldSides) {
  // BC-04, BC-06: a bridge needs field sides at both ends; it is one more
  // road segment, last, touching both; the fields are unchanged.
  const Catalogue& catalogue = Catalogue::Get();
  const TileType& monastery = *Tile("base:B");
  const TileType* bridged = catalogue.WithBridge(monastery, Side::kNorth);
  ASSERT_NE(bridged, nullptr);
  EXPECT_EQ(bridged->id, "base:B");
  EXPECT_EQ(&bridged->WithoutBridge(), &monastery);
  ASSERT_EQ(bridged->segments.size(), monastery.segments.size() + 1);
  EXPECT_EQ(bridged->segments.back().kind, SegmentKind::kRoad);
  EXPECT_EQ(bridged->sides[SideIndex(Side::kNorth)], Terrain::kRoad);
  EXPECT_EQ(bridged->sides[SideIndex(Side::kSouth)], Terrain::kRoad);
  EXPECT_EQ(bridged->sides[SideIndex(Side::kEast)], Terrain::kField);
  EXPECT_EQ(catalogue.Rank(bridged), catalogue.Rank(&monastery));
  // A second bridge: never (BC-04), even across the two field sides left.
  EXPECT_EQ(catalogue.WithBridge(*bridged, Side::kEast), nullptr);
  // base:U: fields N and S, roads E and W.
  EXPECT_NE(catalogue.WithBridge(*Tile("base:U"), Side::kSouth), nullptr);
  EXPECT_EQ(catalogue.WithBridge(*Tile("base:U"), Side::kEast), nullptr);
  // base:E: city N.
  EXPECT_EQ(catalogue.WithBridge(*Tile("base:E"), Side::kNorth), nullptr);
  EXPECT_NE(catalogue.WithBridge(*Tile("base:E"), Side::kEast), nullptr);
  // Board orientation: base:U turned 90° has its fields E and W.
  EXPECT_NE(TypeWithBridge(*Tile("base:U"), Rotation{1}, BridgeAxis::kEastWest), nullptr);
  EXPECT_EQ(TypeWithBridge(*Tile("base:U"), Rotation{1}, BridgeAxis::kNorthSouth), nullptr);
  const PlacedTile turned{
      TypeWithBridge(*Tile("base:U"), Rotation{1}, BridgeAxis::kEastWest), {1, 0}, Rotation{1}};
  EXPECT_EQ(BridgeOn(turned), BridgeAxis::kEastWest);
}

// The loop of BC-T08: a road that crosses base:U at (2,0) twice, once on its
// printed road (W-E) and once on a bridge (N-S). Every tile but (2,0), in
// the order laid (each touching one laid before, BG-02):
//   (-1,0) A r3: road ends E (monastery); (1,0) U r0 road W-E;
//   (1,-1) B (fields); (2,-1) V r3 road E-S (fields W, N);
//   (3,-1) V r0 road S-W; (3,0) V r1 road W-N;
//   (1,1) B (fields); (2,1) A r2: road ends N (monastery), fields E, S, W.
std::vector<PlacedTile> LoopAroundTwoZero() {
  return {{Tile("base:A"), {-1, 0}, Rotation{3}}, {Tile("base:U"), {1, 0}, Rotation{0}},
          {Tile("base:B"), {1, -1}, Rotation{0}}, {Tile("base:V"), {2, -1}, Rotation{3}},
          {Tile("base:V"), {3, -1}, Rotation{0}}, {Tile("base:V"), {3, 0}, Rotation{1}},
          {Tile("base:B"), {1, 1}, Rotation{0}},  {Tile("base:A"), {2, 1}, Rotation{2}}};
}

TEST(BridgesTest, ATileFitsOnlyThanksToItsOwnBridgeAndTheRoadCountsItOnce) {
  const GameState state = GameWith(BridgeRules(), LoopAroundTwoZero());
  ASSERT_TRUE(CheckSnapshot(state).empty());
  // base:U r0 at (2,0): W road meets (1,0)'s road, E road meets (3,0)'s; but
  // its N and S fields face the roads of (2,-1) and (2,1): it does not fit
  // without a bridge (BG-02)...
  const PlaceTileAction plain{Tile("base:U"), {2, 0}, Rotation{0}};
  EXPECT_EQ(
      Codes(ValidateAction(state, plain)),
      (std::vector<ViolationCode>{ViolationCode::kEdgeMismatch, ViolationCode::kEdgeMismatch}));
  // ... and fits with its own bridge N-S, whose ends are road sides (BC-04,
  // BC-05).
  const PlaceTileAction bridged =
      WithBridge(Tile("base:U"), {2, 0}, 0, {{2, 0}, BridgeAxis::kNorthSouth});
  ASSERT_TRUE(ValidateAction(state, bridged).legal());
  // The listing has (2,0) with a bridge only (BC-05): r0 and r2 (road W-E)
  // with a bridge N-S; r1 and r3 (road N-S, meeting (2,-1) and (2,1)) with a
  // bridge E-W meeting (1,0) and (3,0). No neighbour takes a bridge towards
  // (2,0): (1,0) shows roads E-W, (3,0) a road W, (2,-1) a road S, (2,1) a
  // road N.
  const LegalActions legal = ListLegalActions(state, Tile("base:U"));
  int at_two_zero = 0;
  for (size_t i = 0; i < legal.actions.size(); ++i) {
    const auto* place = std::get_if<PlaceTileAction>(&legal.actions[i]);
    if (place == nullptr || !(place->cell == Position{2, 0})) continue;
    ++at_two_zero;
    ASSERT_TRUE(place->bridge.has_value());
    EXPECT_EQ(place->bridge->cell, (Position{2, 0}));
    EXPECT_EQ(place->bridge->axis, place->rotation.quarter_turns % 2 == 0 ? BridgeAxis::kNorthSouth
                                                                          : BridgeAxis::kEastWest);
    EXPECT_EQ(legal.placements[i].bridge, place->bridge);
  }
  EXPECT_EQ(at_two_zero, 4);

  Outcome placed = ApplyAction(state, bridged);
  ASSERT_TRUE(placed.next.has_value());
  const GameState& after = *placed.next;
  EXPECT_EQ(after.players[0].bridges, 2);  // BC-02: 3 - 1
  EXPECT_EQ(BridgeOn(after.tiles.back()), BridgeAxis::kNorthSouth);
  EXPECT_TRUE(CheckSnapshot(after).empty());
  // BC-07: Red's highwayman on the bridge (location N of (2,0)).
  const std::optional<int> bridge_segment = ResolveSegment(after, {2, 0}, Location::kN);
  ASSERT_TRUE(bridge_segment.has_value());
  EXPECT_EQ(*bridge_segment, static_cast<int>(Tile("base:U")->segments.size()));
  Outcome scored =
      ApplyAction(after, PlaceFigureAction{FigureKind::kFollower, {{2, 0}, *bridge_segment}});
  ASSERT_TRUE(scored.verdict.legal());
  // BC-08, BG-10: the road (-1,0) A - (0,0) D - (1,0) U - (2,0) U (printed
  // road) - (3,0) V - (3,-1) V - (2,-1) V - (2,0) U (bridge) - (2,1) A: both
  // ends on monasteries, complete; (2,0) counts once: 8 tiles, 8 points.
  const auto road =
      std::find_if(scored.events.begin(), scored.events.end(),
                   [](const ScoreEvent& e) { return e.feature_kind == FeatureKind::kRoad; });
  ASSERT_NE(road, scored.events.end());
  EXPECT_EQ(road->tiles.size(), 8u);
  EXPECT_EQ(road->PointsFor(0), 8);
  EXPECT_EQ(scored.next->players[0].score, 8);
}

// (0,1) base:B below the start tile's south field; Red places next to it.
GameState MonasteryBelowTheStart(RuleSet rules = BridgeRules()) {
  return GameWith(rules, {{Tile("base:B"), {0, 1}, Rotation{0}}});
}

TEST(BridgesTest, BridgeOnANeighbourMeetsARoadOfTheTilePlaced) {
  const GameState state = MonasteryBelowTheStart();
  ASSERT_TRUE(CheckSnapshot(state).empty());
  // base:U r0 at (1,1): its W road faces the monastery's E field: no fit
  // (BG-02) without a bridge...
  EXPECT_EQ(Codes(ValidateAction(state, PlaceTileAction{Tile("base:U"), {1, 1}, Rotation{0}})),
            std::vector<ViolationCode>{ViolationCode::kEdgeMismatch});
  // ... but a bridge E-W on the monastery (0,1) makes its E side a road
  // (BC-03, BC-04); its far end, W, faces the empty (-1,1).
  const PlaceTileAction action =
      WithBridge(Tile("base:U"), {1, 1}, 0, {{0, 1}, BridgeAxis::kEastWest});
  ASSERT_TRUE(ValidateAction(state, action).legal());
  Outcome placed = ApplyAction(state, action);
  ASSERT_TRUE(placed.next.has_value());
  EXPECT_EQ(placed.next->players[0].bridges, 2);
  EXPECT_EQ(BridgeOn(placed.next->tiles[1]), BridgeAxis::kEastWest);
  EXPECT_EQ(BridgeOn(placed.next->tiles[2]), std::nullopt);
  EXPECT_TRUE(CheckSnapshot(*placed.next).empty());
  // BC-07: a highwayman goes on the tile placed only: the bridge on (0,1) is
  // not among the figure places.
  const Game game(*placed.next);
  const Board& board = game.board();
  const int bridge = board.SegmentId(1, static_cast<int>(Tile("base:B")->segments.size()));
  const int road = board.SegmentId(2, 0);  // base:U's r1
  // The new tile's road and the bridge are one road (BC-06, BC-08).
  EXPECT_EQ(board.FeatureOf(bridge), board.FeatureOf(road));
  EXPECT_EQ(board.TilesOf(board.FeatureOf(road)).size(), 2u);
  // BC-06: the field under the bridge stays one: the fields N and S of
  // (1,1)'s road both meet the monastery's single field.
  const int north_field = board.SegmentId(2, 1);  // base:U f1
  const int south_field = board.SegmentId(2, 2);  // base:U f2
  EXPECT_EQ(board.FeatureOf(north_field), board.FeatureOf(south_field));
  const PlaceFigureAction on_neighbour_bridge{
      FigureKind::kFollower, {{0, 1}, static_cast<int>(Tile("base:B")->segments.size())}};
  EXPECT_FALSE(ValidateAction(*placed.next, on_neighbour_bridge).legal());
}

TEST(BridgesTest, BcT01BridgeEndMeetingAFieldOfTheTilePlacedIsIllegal) {
  // BC-T01: base:E r0 at (1,1) shows a field W; a bridge E-W on the
  // monastery (0,1) would end there: illegal (BC-04).
  const GameState state = MonasteryBelowTheStart();
  const Verdict verdict =
      ValidateAction(state, WithBridge(Tile("base:E"), {1, 1}, 0, {{0, 1}, BridgeAxis::kEastWest}));
  ASSERT_EQ(Codes(verdict), std::vector<ViolationCode>{ViolationCode::kBridgeMisplaced});
  EXPECT_EQ(verdict.violations[0].rule_id, "BC-04");
  EXPECT_EQ(verdict.violations[0].cell, (Position{0, 1}));
  // The same tile fits without the bridge (field to field).
  EXPECT_TRUE(ValidateAction(state, PlaceTileAction{Tile("base:E"), {1, 1}, Rotation{0}}).legal());
}

TEST(BridgesTest, WhereABridgeCannotGo) {
  // Each refused bridge below is named with its code; base:U r0 at (1,1)
  // also shows a road W against the monastery's field, so the placement
  // without a working bridge is refused for that too (BG-02).
  const GameState state = MonasteryBelowTheStart();
  const TileType* road = Tile("base:U");
  auto verdict_of = [&](const GameState& s, BridgePlacement bridge) {
    return ValidateAction(s, WithBridge(road, {1, 1}, 0, bridge));
  };
  // BC-03: the bridge must meet the tile placed: N-S on (0,1) does not.
  EXPECT_TRUE(HasCode(verdict_of(state, {{0, 1}, BridgeAxis::kNorthSouth}),
                      ViolationCode::kBridgeMisplaced, "BC-03"));
  // BC-03: not on a tile two cells away, nor on an empty cell.
  EXPECT_TRUE(HasCode(verdict_of(state, {{0, 0}, BridgeAxis::kEastWest}),
                      ViolationCode::kBridgeMisplaced, "BC-03"));
  EXPECT_TRUE(HasCode(verdict_of(state, {{2, 1}, BridgeAxis::kEastWest}),
                      ViolationCode::kBridgeMisplaced, "BC-03"));
  // BC-04: on the tile placed, the ends must be field sides: base:U r0 has
  // roads E and W.
  EXPECT_TRUE(HasCode(verdict_of(state, {{1, 1}, BridgeAxis::kEastWest}),
                      ViolationCode::kBridgeNotOverFields, "BC-04"));
  // BC-04 (JCloisterZone): the far end faces no placed tile: with base:B at
  // (-1,1), the bridge E-W on (0,1) would face it.
  GameState crowded = state;
  crowded.tiles.push_back({Tile("base:B"), {-1, 1}, Rotation{0}});
  ASSERT_TRUE(CheckSnapshot(crowded).empty());
  const Verdict far_end = verdict_of(crowded, {{0, 1}, BridgeAxis::kEastWest});
  ASSERT_TRUE(HasCode(far_end, ViolationCode::kBridgeMisplaced, "BC-04"));
  // BC-02: none left in supply.
  GameState spent = state;
  spent.players[0].bridges = 0;
  EXPECT_TRUE(HasCode(verdict_of(spent, {{0, 1}, BridgeAxis::kEastWest}),
                      ViolationCode::kNoBridgeLeft, "BC-02"));
  // ... and then the placement that needs one is not listed (BC-05).
  const LegalActions legal = ListLegalActions(spent, road);
  for (const Action& action : legal.actions) {
    const auto* place = std::get_if<PlaceTileAction>(&action);
    ASSERT_NE(place, nullptr);
    EXPECT_FALSE(place->bridge.has_value());
    EXPECT_FALSE(place->cell == (Position{1, 1}) && place->rotation.quarter_turns % 2 == 0);
  }
  // BC-01: no bridge in a game without the option (only that is said).
  RuleSet without = BridgeRules();
  without.bc_bridges = false;
  const GameState plain = MonasteryBelowTheStart(without);
  EXPECT_EQ(Codes(verdict_of(plain, {{0, 1}, BridgeAxis::kEastWest})),
            std::vector<ViolationCode>{ViolationCode::kBridgeNotInGame});
}

TEST(BridgesTest, NoSecondBridgeOnATile) {
  // BC-04: the monastery (0,1) carries a bridge E-W already (its ends face
  // the empty (-1,1) and (1,1)); a second bridge on it is refused, while
  // base:U r0 at (1,1) fits (road W to the bridge's road E).
  GameState state = MonasteryBelowTheStart();
  state.tiles[1].type = TypeWithBridge(*Tile("base:B"), Rotation{0}, BridgeAxis::kEastWest);
  state.players[1].bridges = 2;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  EXPECT_TRUE(ValidateAction(state, PlaceTileAction{Tile("base:U"), {1, 1}, Rotation{0}}).legal());
  EXPECT_EQ(Codes(ValidateAction(
                state, WithBridge(Tile("base:U"), {1, 1}, 0, {{0, 1}, BridgeAxis::kEastWest}))),
            std::vector<ViolationCode>{ViolationCode::kBridgeNotOverFields});
}

TEST(BridgesTest, BuilderTriggeredByABridgeAndOneBridgeATurn) {
  // BC-09, TB-11, TB-14: Red's follower on base:U r0 at (-1,0) and Red's
  // builder on the start tile, on one road W-E (a figure a segment). Red
  // places base:B at (1,0) with a bridge E-W: the bridge's W end meets the
  // road, which it lengthens: the builder gives a second tile. In that second
  // part no bridge may be placed (BC-03).
  RuleSet rules = BridgeRules();
  rules.expansions.push_back(Expansion::kTradersAndBuilders);
  GameState state = GameWith(rules, {{Tile("base:U"), {-1, 0}, Rotation{0}}});
  state.figures.push_back({FigureKind::kFollower, 0, {{-1, 0}, 0}});
  state.figures.push_back(
      {FigureKind::kBuilder, 0, {{0, 0}, *ResolveSegment(state, {0, 0}, Location::kE)}});
  state.players[0].followers -= 1;
  state.players[0].builders -= 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Outcome placed =
      ApplyAction(state, WithBridge(Tile("base:B"), {1, 0}, 0, {{1, 0}, BridgeAxis::kEastWest}));
  ASSERT_TRUE(placed.next.has_value());
  Outcome passed = ApplyAction(*placed.next, PassAction{});
  ASSERT_TRUE(passed.next.has_value());
  EXPECT_TRUE(passed.next->second_part);
  EXPECT_EQ(passed.next->active_player, 0);
  EXPECT_TRUE(passed.next->bridge_placed_this_turn);
  EXPECT_EQ(passed.next->players[0].bridges, 2);
  // Second part: base:B at (-2,0) would need a bridge E-W to meet the road W.
  EXPECT_EQ(Codes(ValidateAction(*passed.next, WithBridge(Tile("base:B"), {-2, 0}, 0,
                                                          {{-2, 0}, BridgeAxis::kEastWest}))),
            std::vector<ViolationCode>{ViolationCode::kBridgeAlreadyPlaced});
  // The flag is read in a second part only: in a first part the same bridge
  // is legal.
  GameState next_turn = *passed.next;
  next_turn.second_part = false;
  next_turn.extra_tile_earned = false;
  EXPECT_TRUE(ValidateAction(next_turn, WithBridge(Tile("base:B"), {-2, 0}, 0,
                                                   {{-2, 0}, BridgeAxis::kEastWest}))
                  .legal());
}

TEST(BridgesTest, TheSnapshotCheckCountsTheBridges) {
  GameState state = MonasteryBelowTheStart();
  state.tiles[1].type = TypeWithBridge(*Tile("base:B"), Rotation{0}, BridgeAxis::kEastWest);
  state.players[0].bridges = 2;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  // BC-02: 1 on the board + 3 + 3 in supply > 3 + 3.
  state.players[0].bridges = 3;
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "tiles"));
  // A supply above 3.
  state.players[0].bridges = 4;
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "players[0].bridges"));
  // A bridge without the option.
  RuleSet without = BridgeRules();
  without.bc_bridges = false;
  GameState plain = MonasteryBelowTheStart(without);
  plain.tiles[1].type = state.tiles[1].type;
  EXPECT_TRUE(HasProblem(CheckSnapshot(plain), "tiles[1].bridge"));
}

}  // namespace
}  // namespace carcassonne

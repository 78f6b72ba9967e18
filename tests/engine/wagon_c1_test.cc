// The first-edition wagon move (AM-13, option am.wagon_move = c1_connected):
// the catalogue's meeting points (what a road ending on a tile ends at), read
// against the rule the tiles follow and the tiles that differ from it, and
// the move across an abbey's side. The moves along roads, to a junction, a
// city gate and a monastery door are the scenarios
// tests/scenarios/am_t13_c1_*.json.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "engine/expansions/abbey_and_mayor.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

// A tile's meeting points, each as the sorted segment ids of the segments
// connected to one another; the set of them, for comparison.
using MeetingPoints = std::set<std::set<std::string>>;

// The meeting points of `type` as the catalogue gives them: the connected
// segments grouped (a segment with its connections, each group once).
MeetingPoints CatalogueMeetingPoints(const TileType& type) {
  MeetingPoints points;
  for (int i = 0; i < static_cast<int>(type.segments.size()); ++i) {
    const SegmentType& segment = type.segments[i];
    if (segment.connected == 0) continue;
    // A segment and its connections; for a segment at two meeting points (a
    // monastery with two roads at its door) each road forms its own pair.
    for (int j = 0; j < static_cast<int>(type.segments.size()); ++j) {
      if (((segment.connected >> j) & 1u) == 0) continue;
      std::set<std::string> point = {std::string(segment.id), std::string(type.segments[j].id)};
      // Everything connected to both is at the same point (a junction).
      for (int k = 0; k < static_cast<int>(type.segments.size()); ++k) {
        if (((segment.connected >> k) & 1u) && ((type.segments[j].connected >> k) & 1u)) {
          point.insert(std::string(type.segments[k].id));
        }
      }
      points.insert(point);
    }
  }
  return points;
}

// The reading most tiles follow (AM-13; the tile facts: a road touching one
// side "ends on this tile"): with a monastery, each road ending on the tile
// ends at its door; otherwise three or more such roads meet at a junction;
// otherwise, with one city on the tile, each ends at its gate.
MeetingPoints UsualMeetingPoints(const TileType& type) {
  std::vector<std::string> ends, monasteries, cities;
  for (const SegmentType& segment : type.segments) {
    if (segment.kind == SegmentKind::kRoad && std::popcount(segment.edges) == 1) {
      ends.emplace_back(segment.id);
    }
    if (segment.kind == SegmentKind::kMonastery) monasteries.emplace_back(segment.id);
    if (segment.kind == SegmentKind::kCity) cities.emplace_back(segment.id);
  }
  MeetingPoints points;
  if (ends.empty()) return points;
  if (!monasteries.empty()) {
    for (const std::string& road : ends) points.insert({road, monasteries[0]});
  } else if (ends.size() >= 3) {
    points.insert(std::set<std::string>(ends.begin(), ends.end()));
  } else if (cities.size() == 1) {
    for (const std::string& road : ends) points.insert({road, cities[0]});
  }
  return points;
}

// The tiles that differ from the usual reading, as drawn, each with why.
const std::map<std::string, MeetingPoints>& Exceptions() {
  static const auto* const exceptions = new std::map<std::string, MeetingPoints>{
      // Two or three cities: each road ends at the gate of one of them.
      {"am:04", {{"r1", "c1"}, {"r2", "c2"}}},
      {"bcb:02", {{"r1", "c3"}}},
      {"hs:12", {{"r1", "c1"}}},
      {"mw:3", {{"r1", "c3"}}},
      {"tb:09", {{"r1", "c1"}}},
      {"tb:10", {{"r1", "c1"}}},
      {"ic31:R", {{"r1", "c2"}}},  // "road from S bends to the E city's gate"
      {"ic31:S", {{"r1", "c2"}}},  // its mirror
      {"ic31:U", {{"r1", "c1"}, {"r2", "c2"}}},
      // ic:05: the two road stubs run in between the two cities' gates.
      {"ic:05", {{"r1", "r2", "c1", "c2"}}},
      // ic31:V: "roads from W, E and S end at its gate": one meeting point.
      {"ic31:V", {{"r1", "r2", "r3", "c1"}}},
      // A monastery standing in a city, without a road.
      {"bcb:07", {{"m1", "c1"}}},
      {"pd:13", {{"m1", "c1"}}},
      // The two roads meet on the hill.
      {"hs:13", {{"r1", "r2"}}},
      {"hs:14", {{"r1", "r2"}}},
      {"hs:14g", {{"r1", "r2"}}},
      // tb:23: the W road is a dead end; the S road ends at the city.
      {"tb:23", {{"r2", "c1"}}},
      // The roads end at the bazaar, the tower, the big top's ground or an
      // acrobats' space: none of them is a road, city or monastery. (Where
      // such roads are one or two with no city, the usual reading already
      // gives nothing: bcb:10, bcb:11, bt:03, bt:04, bt:07, bt:08, bt:15,
      // tower:04.)
      {"bcb:05", {}},
      {"tower:05", {}},
      {"tower:07", {}},
      {"tower:09", {}},
      {"bt:05", {}},
      {"bt:09", {}},
      {"bt:11", {}},
      {"bt:12", {}},
      {"bt:13", {}},
      {"bt:16", {}},
  };
  return *exceptions;
}

TEST(WagonC1Test, EveryTileConnectsWhatItsRoadsEndAt) {
  int tiles = 0;
  int with_meeting_points = 0;
  std::set<std::string> exceptions_seen;
  for (const TileSet* set : Catalogue::Get().sets()) {
    for (const TileType& type : set->tiles) {
      ++tiles;
      const MeetingPoints found = CatalogueMeetingPoints(type);
      with_meeting_points += found.empty() ? 0 : 1;
      const auto exception = Exceptions().find(std::string(type.id));
      if (exception != Exceptions().end()) {
        exceptions_seen.insert(exception->first);
        EXPECT_EQ(found, exception->second) << type.id;
        // The exception is one: the usual reading would say otherwise.
        EXPECT_NE(UsualMeetingPoints(type), exception->second) << type.id;
      } else {
        EXPECT_EQ(found, UsualMeetingPoints(type)) << type.id;
      }
      // Always both ways (SegmentType::connected).
      for (int i = 0; i < static_cast<int>(type.segments.size()); ++i) {
        for (int j = 0; j < static_cast<int>(type.segments.size()); ++j) {
          EXPECT_EQ((type.segments[i].connected >> j) & 1u, (type.segments[j].connected >> i) & 1u)
              << type.id << " " << type.segments[i].id << " " << type.segments[j].id;
        }
      }
    }
  }
  EXPECT_EQ(exceptions_seen.size(), Exceptions().size());
  EXPECT_GT(tiles, 250);
  // base:A, L, S, T, W, X and the other sets' tiles: 78 types meet something;
  // and the Festival's fe:03, fe:04, fe:08 (a road at the city) and fe:07
  // (two roads at the monastery): 82.
  EXPECT_EQ(with_meeting_points, 82);
}

// A garden twin (AB-01) and a bridged tile (BC-03) are drawn as their
// original: the same meeting points.
TEST(WagonC1Test, TwinsAndBridgesConnectAsTheirOriginal) {
  const Catalogue& catalogue = Catalogue::Get();
  int twins = 0;
  for (const TileSet* set : catalogue.sets()) {
    for (const TileType& type : set->tiles) {
      if (type.garden_twin_of.empty()) continue;
      ++twins;
      const TileType* original = catalogue.Find(type.garden_twin_of);
      ASSERT_NE(original, nullptr) << type.id;
      EXPECT_EQ(CatalogueMeetingPoints(type), CatalogueMeetingPoints(*original)) << type.id;
    }
  }
  EXPECT_GT(twins, 0);
  // base:A with a bridge across its west and east fields.
  const TileType* bridged = catalogue.WithBridge(*Tile("base:A"), Side::kWest);
  ASSERT_NE(bridged, nullptr);
  EXPECT_EQ(CatalogueMeetingPoints(*bridged), (MeetingPoints{{"r1", "m1"}}));
}

// The abbey board of abbey_and_mayor_test (LayAbbeyHoleBoard: a hole at
// (1, 0), the road A(-3,0) + U + U + D running east into it, F + E's city open
// towards it), with base:U (road E-W) east of the hole at (2, 0), its road
// open at both ends, and Red's wagon on U(-1, 0)'s road.
GameState AbbeyWagonBoard() {
  RuleSet rules;
  rules.expansions = {Expansion::kAbbeyAndMayor};
  rules.am_abbey = true;
  rules.am_wagon = true;
  rules.am_wagon_move = WagonMove::kC1Connected;
  auto result = NewGame({"Red", "Blue"}, rules);
  EXPECT_TRUE(std::holds_alternative<GameState>(result));
  GameState state = std::get<GameState>(result);
  state.bag.reset();
  LayAbbeyHoleBoard(state, Tile("base:U"));
  state.figures.push_back({FigureKind::kWagon, 0, {{-1, 0}, Tile("base:U")->SegmentIndex("r1")}});
  state.players[0].wagons = 0;
  return state;
}

// The wagon moves listed, as (x, y, segment index).
using Targets = std::set<std::tuple<int, int, int>>;
Targets TargetsOf(const Game& game) {
  Targets targets;
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    if (const auto* move = std::get_if<MoveWagonAction>(&action)) {
      targets.insert({move->segment.cell.x, move->segment.cell.y, move->segment.segment_index});
    }
  }
  return targets;
}

TEST(WagonC1Test, TheAbbeyConnectsWhatMeetsItsSides) {
  const GameState state = AbbeyWagonBoard();
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  const TileType* abbey = Tile("am:abbey");
  ASSERT_NE(abbey, nullptr);
  const int abbey_monastery = abbey->SegmentIndex("m1");
  ASSERT_GE(abbey_monastery, 0);

  // Red lays the abbey in the hole (AM-03) and passes: it closes the road
  // A(-3,0) + U + U + D (AM-03): 4 tiles x 1 = 4 for Red's wagon (BG-10,
  // AM-11); F + E's city is closed too, with nobody in it.
  ASSERT_TRUE(game.Validate(PlaceTileAction{abbey, {1, 0}, Rotation{0}}).legal());
  game.Apply(PlaceTileAction{abbey, {1, 0}, Rotation{0}});
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().players[0].score, 4);
  ASSERT_EQ(game.state().phase, Phase::kWagonMove);
  EXPECT_EQ(game.state().deciding_player, 0);
  // AM-13: connected to the road are the monastery of A(-3,0), at whose door
  // it ends, and the abbey's monastery, across the side the road meets
  // (both unfinished: 7 tiles around the abbey). U(2,0)'s road meets the
  // abbey too, but not this road: not a target, nor D's closed city.
  const int monastery_a = Tile("base:A")->SegmentIndex("m1");
  EXPECT_EQ(TargetsOf(game), (Targets{{-3, 0, monastery_a}, {1, 0, abbey_monastery}}));
  const Verdict refused = game.Validate(MoveWagonAction{{{2, 0}, 0}});
  ASSERT_FALSE(refused.legal());
  EXPECT_TRUE(HasCode(refused, ViolationCode::kWagonTargetNotAllowed, "AM-13"));
  game.Apply(MoveWagonAction{{{1, 0}, abbey_monastery}});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);

  // Blue lays base:B at (2, 1) and passes: the abbey has its 8 neighbours,
  // its monastery scores 9 for Red's wagon (AM-05, BG-12): 4 + 9 = 13.
  // Connected to the abbey: what meets its sides, D's road (finished), F's
  // city (finished), the fields of B(1,1) (no wagon there, AM-11) and
  // U(2,0)'s road, open at its east end: the one target. Red decides.
  game.Apply(PlaceTileAction{Tile("base:B"), {2, 1}, Rotation{0}});
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().players[0].score, 13);
  ASSERT_EQ(game.state().phase, Phase::kWagonMove);
  EXPECT_EQ(game.state().deciding_player, 0);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_EQ(TargetsOf(game), (Targets{{2, 0, Tile("base:U")->SegmentIndex("r1")}}));
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// AM-13 is a rule option of its own: a game with it is well formed, and the
// C2 default is unchanged.
TEST(WagonC1Test, TheC1MoveIsARuleOption) {
  RuleSet rules;
  rules.expansions = {Expansion::kAbbeyAndMayor};
  rules.am_wagon = true;
  EXPECT_EQ(rules.am_wagon_move, WagonMove::kC2NearbyTiles);
  rules.am_wagon_move = WagonMove::kC1Connected;
  EXPECT_TRUE(std::holds_alternative<GameState>(NewGame({"Red", "Blue"}, rules)));
}

}  // namespace
}  // namespace carcassonne

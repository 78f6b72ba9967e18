// Under the Big Top (shared/rules/expansions/under-the-big-top.md): the
// animal tokens drawn by the caller (BT-01, BT-02, BT-04, BT-05), the circus
// scoring under the big top (BT-05, BT-06, BT-07, BT-15, BT-T01, BT-T02), its
// last scoring at the end (BT-08, BT-T04), the Count (BT-10, BT-T07), the
// shepherd (BT-Q3), no figure on a circus space (BT-03, BT-T06a), the
// ringmaster (BT-16, BT-T05) and the snapshot checks, on the engine's
// events. Every number is worked out in the comments. Coordinates as in
// shared/design/geometry.md (north is y - 1); the start tile base:D (city N,
// road E-W) lies at (0, 0). Seat 0 plays first.
#include "engine/expansions/under_the_big_top.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

RuleSet BigTopRules(std::vector<Expansion> more = {}) {
  RuleSet rules;
  rules.expansions = {Expansion::kUnderTheBigTop};
  rules.expansions.insert(rules.expansions.end(), more.begin(), more.end());
  return rules;
}

// A new game without a tracked bag (the tests lay tiles in any order).
GameState Start(const RuleSet& rules, std::vector<std::string> names = {"Red", "Blue"}) {
  GameState state = std::get<GameState>(NewGame(names, rules));
  state.bag.reset();
  return state;
}

PlaceTileAction Place(std::string_view tile, Position cell, int quarter_turns,
                      std::optional<Animal> animal = std::nullopt) {
  PlaceTileAction place{Tile(tile), cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
  place.animal_token = animal;
  return place;
}

// Places `tile` with `animal` (must be legal) and then the figure `kind` on
// `segment` of it, or passes when `segment` < 0; returns the turn's events.
std::vector<ScoreEvent> Turn(Game& game, std::string_view tile, Position cell, int quarter_turns,
                             std::optional<Animal> animal, int segment = -1,
                             FigureKind kind = FigureKind::kFollower) {
  const PlaceTileAction place = Place(tile, cell, quarter_turns, animal);
  const Verdict verdict = game.Validate(place);
  EXPECT_TRUE(verdict.legal()) << tile << " at (" << cell.x << "," << cell.y << ")"
                               << (verdict.legal() ? "" : verdict.violations[0].message);
  game.Apply(place);
  if (segment < 0) return game.Apply(PassAction{});
  const PlaceFigureAction figure{kind, {cell, segment}};
  EXPECT_TRUE(game.Validate(figure).legal()) << tile << " segment " << segment;
  return game.Apply(figure);
}

int PointsOf(const ScoreEvent& event, int player) {
  for (const PlayerPoints& points : event.points) {
    if (points.player == player) return points.points;
  }
  return 0;
}

std::vector<const ScoreEvent*> Circuses(const std::vector<ScoreEvent>& events) {
  std::vector<const ScoreEvent*> found;
  for (const ScoreEvent& event : events) {
    if (event.feature_kind == FeatureKind::kCircus) found.push_back(&event);
  }
  return found;
}

// A problem at `field` or inside it.
bool HasProblemAt(const std::vector<Problem>& problems, std::string_view field) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const Problem& problem) { return problem.field.starts_with(field); });
}

int Supply(const GameState& state, Animal animal) {
  return state.big_top.supply[static_cast<int>(animal)];
}

// ----- BT-01, BT-02: contents and set-up --------------------------------------

TEST(UnderTheBigTopTest, SetUpTilesTokensAndRingmasters) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue"}, BigTopRules()));
  // BT-01: 71 base tiles (the start tile is out) + 20.
  EXPECT_EQ(state.bag->Total(), 71 + 20);
  EXPECT_EQ(state.bag->CountOf(Tile("bt:03")), 3);
  EXPECT_EQ(state.bag->CountOf(Tile("bt:12")), 2);
  // BT-01: 1 flea (1), 4 monkeys (3), 5 seals (4), 3 bears (5), 2 tigers (6),
  // 1 elephant (7): 16 tokens; the big top beside the board (BT-02).
  EXPECT_EQ(Supply(state, Animal::kFlea), 1);
  EXPECT_EQ(Supply(state, Animal::kMonkey), 4);
  EXPECT_EQ(Supply(state, Animal::kSeal), 5);
  EXPECT_EQ(Supply(state, Animal::kBear), 3);
  EXPECT_EQ(Supply(state, Animal::kTiger), 2);
  EXPECT_EQ(Supply(state, Animal::kElephant), 1);
  EXPECT_EQ(AnimalValue(Animal::kFlea), 1);
  EXPECT_EQ(AnimalValue(Animal::kMonkey), 3);
  EXPECT_EQ(AnimalValue(Animal::kSeal), 4);
  EXPECT_EQ(AnimalValue(Animal::kBear), 5);
  EXPECT_EQ(AnimalValue(Animal::kTiger), 6);
  EXPECT_EQ(AnimalValue(Animal::kElephant), 7);
  EXPECT_FALSE(state.big_top.cell);
  // BT-02: each player adds their ringmaster to their supply.
  for (const Player& player : state.players) {
    EXPECT_EQ(player.ringmasters, 1);
    EXPECT_EQ(player.followers, 7);
  }
  EXPECT_TRUE(CheckSnapshot(state).empty());
  // Without the expansion: no tokens, no ringmaster.
  const GameState base = std::get<GameState>(NewGame({"Red", "Blue"}, RuleSet{}));
  EXPECT_EQ(base.big_top, BigTopState{});
  EXPECT_EQ(base.players[0].ringmasters, 0);
}

// ----- BT-04, BT-05: the token drawn with a circus tile -------------------------

TEST(UnderTheBigTopTest, BT04_TheFirstCircusTileTakesTheBigTopAfterItsScoring) {
  Game game(Start(BigTopRules()));
  // Red: bt:10 r180 at (0, 1) (city S, field N against the start tile's
  // field), drawn with a seal.
  game.Apply(Place("bt:10", {0, 1}, 2, Animal::kSeal));
  // Step 2: the seal is out of the supply (5 - 1 = 4), face down, waiting.
  EXPECT_EQ(Supply(game.state(), Animal::kSeal), 4);
  EXPECT_EQ(game.state().big_top.drawn, Animal::kSeal);
  EXPECT_FALSE(game.state().big_top.cell);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  // BT-04: no circus scores (the big top was beside the board); then it goes
  // onto the tile, on the seal.
  EXPECT_TRUE(Circuses(events).empty());
  EXPECT_EQ(game.state().big_top.cell, (Position{0, 1}));
  EXPECT_EQ(game.state().big_top.token, Animal::kSeal);
  EXPECT_FALSE(game.state().big_top.drawn);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(UnderTheBigTopTest, BT05_TheTokenComesExactlyWithACircusTileFromTheSupply) {
  Game game(Start(BigTopRules()));
  // A circus tile without a token, a base tile with one.
  EXPECT_TRUE(HasCode(game.Validate(Place("bt:10", {0, 1}, 2)),
                      ViolationCode::kAnimalTokenNotAllowed, "BT-05"));
  EXPECT_TRUE(HasCode(game.Validate(Place("base:U", {1, 0}, 0, Animal::kSeal)),
                      ViolationCode::kAnimalTokenNotAllowed, "BT-04"));
  // An acrobat tile is no circus tile (BT-01).
  EXPECT_TRUE(HasCode(game.Validate(Place("bt:02", {1, 0}, 1, Animal::kSeal)),
                      ViolationCode::kAnimalTokenNotAllowed, "BT-04"));
  EXPECT_TRUE(game.Validate(Place("bt:02", {1, 0}, 1)).legal());
  // The only elephant (BT-01) is drawn; a second cannot be.
  Turn(game, "bt:10", {0, 1}, 2, Animal::kElephant);
  EXPECT_EQ(Supply(game.state(), Animal::kElephant), 0);
  EXPECT_TRUE(HasCode(game.Validate(Place("bt:06", {-1, 0}, 3, Animal::kElephant)),
                      ViolationCode::kAnimalTokenNotInSupply, "BT-05"));
  EXPECT_TRUE(game.Validate(Place("bt:06", {-1, 0}, 3, Animal::kTiger)).legal());
  // Without the expansion an animal token is malformed.
  const GameState base = Start(RuleSet{});
  EXPECT_FALSE(CheckAction(base, Action(Place("base:U", {1, 0}, 0, Animal::kSeal))).empty());
  EXPECT_FALSE(CheckDrawnTile(base, Tile("base:U"), nullptr, Animal::kSeal).empty());
}

TEST(UnderTheBigTopTest, BT05_ListedPlacementsCarryTheDrawnToken) {
  const GameState state = Start(BigTopRules());
  // The caller says which token it drew; every placement listed carries it.
  const LegalActions with = ListLegalActions(state, Tile("bt:10"), nullptr, Animal::kBear);
  ASSERT_FALSE(with.actions.empty());
  for (const Action& action : with.actions) {
    const auto* place = std::get_if<PlaceTileAction>(&action);
    ASSERT_NE(place, nullptr);
    EXPECT_EQ(place->animal_token, Animal::kBear);
    EXPECT_TRUE(ValidateAction(state, action).legal());
  }
  // No token named for a circus tile: the draw is incomplete, nothing listed
  // (as for a hill's hidden tile).
  EXPECT_TRUE(ListLegalActions(state, Tile("bt:10")).actions.empty());
  // A token with a base tile: nothing either.
  EXPECT_TRUE(ListLegalActions(state, Tile("base:U"), nullptr, Animal::kBear).actions.empty());
  EXPECT_FALSE(ListLegalActions(state, Tile("base:U")).actions.empty());
}

// ----- BT-05, BT-06: the circus scoring (BT-T01, BT-T02) -----------------------

TEST(UnderTheBigTopTest, BT_T01_CircusScoresValueTimesMeeplesAroundTheBigTop) {
  Game game(Start(BigTopRules()));
  // Red (seat 0): bt:10 r180 at (0, 1), farmer on its field f1 (segment 2),
  // drawn with a seal (4); the big top goes there (BT-04).
  Turn(game, "bt:10", {0, 1}, 2, Animal::kSeal, 2);
  // Blue: base:U at (1, 0), thief on its road (segment 0).
  Turn(game, "base:U", {1, 0}, 0, std::nullopt, 0);
  // Red: base:B at (-1, 1), monk (segment 0).
  Turn(game, "base:B", {-1, 1}, 0, std::nullopt, 0);
  // Blue: bt:06 r90 at (2, 0) (road W against base:U's road), a bear drawn;
  // (2, 0) lies outside the 3 × 3 square around (0, 1) (x from -1 to 1).
  const std::vector<ScoreEvent> events = Turn(game, "bt:06", {2, 0}, 1, Animal::kBear);
  // No feature completed; the circus at (0, 1): seal 4; Red has 2 meeples in
  // the square (farmer (0, 1), monk (-1, 1)): 2 × 4 = 8; Blue 1 (thief at
  // (1, 0)): 1 × 4 = 4 (BT-06).
  ASSERT_EQ(events.size(), 1u);
  ASSERT_EQ(events[0].feature_kind, FeatureKind::kCircus);
  EXPECT_EQ(PointsOf(events[0], 0), 8);
  EXPECT_EQ(PointsOf(events[0], 1), 4);
  EXPECT_EQ(events[0].line_items.size(), 2u);
  EXPECT_EQ(events[0].line_items[0].rule_id, "BT-06");
  EXPECT_EQ(game.state().players[0].score, 8);
  EXPECT_EQ(game.state().players[1].score, 4);
  // BT-05: the big top moves to (2, 0) onto the bear; the seal is out.
  EXPECT_EQ(game.state().big_top.cell, (Position{2, 0}));
  EXPECT_EQ(game.state().big_top.token, Animal::kBear);
  EXPECT_EQ(Supply(game.state(), Animal::kSeal), 4);  // 5 - 1, not put back
  EXPECT_EQ(Supply(game.state(), Animal::kBear), 2);  // 3 - 1
  // Every meeple stays where it was (the circus returns none).
  EXPECT_EQ(game.state().figures.size(), 3u);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(UnderTheBigTopTest, BT_T02_TheTilesFeaturesScoreFirstAndTheirMeeplesReturn) {
  Game game(Start(BigTopRules()));
  Turn(game, "bt:10", {0, 1}, 2, Animal::kSeal, 2);  // Red, farmer
  // Blue: base:A r90 at (1, 0) (road W ends at its monastery), thief on the
  // road (segment 0).
  Turn(game, "base:A", {1, 0}, 1, std::nullopt, 0);
  Turn(game, "base:B", {-1, 1}, 0, std::nullopt, 0);  // Red, monk
  // Blue: bt:06 r270 at (-1, 0) (road E): closes the road (-1,0)-(0,0)-(1,0).
  const std::vector<ScoreEvent> events = Turn(game, "bt:06", {-1, 0}, 3, Animal::kMonkey);
  ASSERT_EQ(events.size(), 2u);
  // Step 3 first: Blue's road, 3 tiles × 1 = 3 (BG-10); the thief returns.
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kRoad);
  EXPECT_EQ(PointsOf(events[0], 1), 3);
  // Then the circus at (0, 1): seal 4; Red 2 meeples (farmer, monk) = 8; Blue
  // has none left in the square: 0 and no line (BT-05, BT-06).
  EXPECT_EQ(events[1].feature_kind, FeatureKind::kCircus);
  EXPECT_EQ(PointsOf(events[1], 0), 8);
  EXPECT_EQ(events[1].majority_players, std::vector<int>{0});
  EXPECT_EQ(game.state().players[0].score, 8);
  EXPECT_EQ(game.state().players[1].score, 3);
  EXPECT_EQ(game.state().big_top.cell, (Position{-1, 0}));
  EXPECT_EQ(game.state().big_top.token, Animal::kMonkey);
}

// BT-06, BT-07 with Inns & Cathedrals and Traders & Builders: a big follower
// is one meeple, the builder none; meeples outside the square none.
TEST(UnderTheBigTopTest, BT07_BigFollowerCountsOnceBuilderNever) {
  Game game(Start(BigTopRules({Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders})));
  // Red: bt:11 at (1, 0) (city N; road W joins the start road), the big
  // follower in the city (segment 0), a tiger (6); the big top goes there.
  Turn(game, "bt:11", {1, 0}, 0, Animal::kTiger, 0, FigureKind::kBigFollower);
  // Blue: base:U at (-1, 0), thief on the road (segment 0): outside the
  // square around (1, 0) (x 0..2, y -1..1).
  Turn(game, "base:U", {-1, 0}, 0, std::nullopt, 0);
  // Red: base:G r90 at (1, -1) (city N-S continues Red's city), the builder
  // in it (segment 0, TB-09): inside the square.
  Turn(game, "base:G", {1, -1}, 1, std::nullopt, 0, FigureKind::kBuilder);
  // Blue: bt:06 at (2, 0) (road S; field W against bt:11's field E), a flea.
  const std::vector<ScoreEvent> events = Turn(game, "bt:06", {2, 0}, 0, Animal::kFlea);
  const auto circuses = Circuses(events);
  ASSERT_EQ(circuses.size(), 1u);
  // The circus at (1, 0): Red's big follower counts 1 (BT-07), the builder 0
  // (BT-06): 1 × 6 = 6; Blue's thief is outside: 0.
  EXPECT_EQ(PointsOf(*circuses[0], 0), 6);
  EXPECT_EQ(circuses[0]->line_items.at(0).count, 1);
  EXPECT_EQ(circuses[0]->majority_players, std::vector<int>{0});
}

// BT-06 with Bridges, Castles & Bazaars: a castle's follower counts at the
// big top when either of the castle's two tiles is among the 9.
TEST(UnderTheBigTopTest, BT06_CastleFollowerCountsFromEitherCastleTile) {
  RuleSet rules = BigTopRules({Expansion::kBridgesCastlesAndBazaars});
  rules.bc_castles = true;
  Game game(Start(rules));
  // Red: bt:10 r180 at (0, -1) (city S closes the start tile's city: two
  // segments), a knight in it (segment 0), a seal (4).
  game.Apply(Place("bt:10", {0, -1}, 2, Animal::kSeal));
  game.Apply(PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 0}});
  // BC-10: Red makes it a castle; its lord stands on (0, -1); the castle's
  // tiles are (0, 0) and (0, -1). The big top goes onto (0, -1) (BT-04).
  ASSERT_EQ(game.state().phase, Phase::kPlaceCastle);
  game.Apply(BuildCastleAction{});
  ASSERT_EQ(game.state().castles.size(), 1u);
  EXPECT_EQ(game.state().big_top.cell, (Position{0, -1}));
  // Blue: bt:06 at (0, 1) (road S; field N against the start tile's field),
  // a tiger (6). The circus at (0, -1) (seal 4): the lord on its own tile,
  // 1 × 4 = 4.
  std::vector<ScoreEvent> events = Turn(game, "bt:06", {0, 1}, 0, Animal::kTiger);
  ASSERT_EQ(Circuses(events).size(), 1u);
  EXPECT_EQ(PointsOf(*Circuses(events)[0], 0), 4);
  // Red: bt:08 at (1, 0) (road W meets the start road, which stays open
  // west), a monkey. The circus at (0, 1) (tiger 6): x -1..1, y 0..2 holds
  // the castle tile (0, 0) but not (0, -1) where the lord stands: it counts
  // (BT-06): 1 × 6 = 6.
  events = Turn(game, "bt:08", {1, 0}, 0, Animal::kMonkey);
  ASSERT_EQ(Circuses(events).size(), 1u);
  EXPECT_EQ(PointsOf(*Circuses(events)[0], 0), 6);
  EXPECT_EQ(game.state().players[0].score, 4 + 6);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// ----- BT-08: the last circus at the end (BT-T04's big-top part) -------------

TEST(UnderTheBigTopTest, BT_T04_TheBigTopScoresOnceMoreAtTheEnd) {
  Game game(Start(BigTopRules()));
  // Red: bt:11 at (1, 0) (city N, road W), knight on the city (segment 0),
  // drawn with the flea (1).
  Turn(game, "bt:11", {1, 0}, 0, Animal::kFlea, 0);
  const std::vector<ScoreEvent> events = game.ScoreEndOfGame();
  // The big top's circus: flea 1 × Red's 1 meeple on the same tile = 1
  // (BT-08), counted before the knight goes back; then the incomplete city,
  // 1 tile = 1 (BG-21).
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kCircus);
  EXPECT_EQ(events[0].trigger, ScoringTrigger::kEndOfGame);
  EXPECT_EQ(PointsOf(events[0], 0), 1);
  EXPECT_EQ(events[1].feature_kind, FeatureKind::kCity);
  EXPECT_EQ(PointsOf(events[1], 0), 1);
  EXPECT_EQ(game.state().players[0].score, 2);
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// The end comes during the figure step of a circus tile: its turn is
// finished first (the old circus scores and the big top moves, BT-05), then
// the new circus scores at the end (BT-08).
TEST(UnderTheBigTopTest, BT08_EndDuringACircusTilesTurn) {
  Game game(Start(BigTopRules()));
  Turn(game, "bt:11", {1, 0}, 0, Animal::kFlea, 0);  // Red, knight
  // Blue: bt:06 r270 at (-1, 0) (road E joins the start road), a tiger.
  game.Apply(Place("bt:06", {-1, 0}, 3, Animal::kTiger));
  const FinalScoring final_scoring = ScoreGame(game);
  const auto circuses = Circuses(final_scoring.events);
  ASSERT_EQ(circuses.size(), 2u);
  // The flea's circus at (1, 0): Red's knight, 1 × 1 = 1 (BT-05, BT-06).
  EXPECT_EQ(circuses[0]->trigger, ScoringTrigger::kCompleted);
  EXPECT_EQ(PointsOf(*circuses[0], 0), 1);
  // The tiger's at (-1, 0), at the end: x -2..0: no meeple there (Red's
  // knight is at (1, 0)): no points, nobody in it.
  EXPECT_EQ(circuses[1]->trigger, ScoringTrigger::kEndOfGame);
  EXPECT_TRUE(circuses[1]->majority_players.empty());
  // Red: circus 1 + the incomplete city 1 = 2.
  EXPECT_EQ(final_scoring.final_scores, (std::vector<int>{2, 0}));
}

// ----- BT-10 with the Count (BT-T07) -------------------------------------------

TEST(UnderTheBigTopTest, BT_T07_CircusPointsDoNotTriggerTheCount) {
  Game game(Start(BigTopRules({Expansion::kCountOfCarcassonne})));
  // The Count's city lies at (0..3, 0..2); its north sides at y = 0 are
  // fields (count:1..count:3). Red: bt:06 r180 at (0, -1) (road N), farmer
  // on its field (segment 2), a seal (4).
  Turn(game, "bt:06", {0, -1}, 2, Animal::kSeal, 2);
  // Blue: base:B at (1, -1), no figure.
  Turn(game, "base:B", {1, -1}, 0, std::nullopt);
  // Red: base:B at (-1, -1), monk.
  Turn(game, "base:B", {-1, -1}, 0, std::nullopt, 0);
  // Blue: bt:10 at (2, -1) (city N, fields W/E/S), a tiger; completes
  // nothing. The circus at (0, -1): Red's farmer and monk, 2 × 4 = 8; Blue 0.
  const std::vector<ScoreEvent> events = Turn(game, "bt:10", {2, -1}, 0, Animal::kTiger);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(PointsOf(events[0], 0), 8);
  EXPECT_EQ(PointsOf(events[0], 1), 0);
  // Another player scored, Blue (active) nothing: a landscape scoring would
  // open Blue's deployment (CO-05); circus points do not (BT-10, AMB-07).
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 0);
}

// ----- BT-Q3, BT-07 with Hills & Sheep -----------------------------------------

// Open question BT-Q3 (a shepherd at the big top), built as JCloisterZone
// counts (BT-07): the shepherd is no follower (HS-15) and never counts.
TEST(UnderTheBigTopTest, BT_Q3_AShepherdDoesNotCountAtTheBigTop) {
  Game game(Start(BigTopRules({Expansion::kHillsAndSheep})));
  // The turns of BT_T01, but Red puts a shepherd (one sheep drawn, HS-13)
  // on base:B's field (segment 1) instead of a monk.
  Turn(game, "bt:10", {0, 1}, 2, Animal::kSeal, 2);  // Red, farmer
  Turn(game, "base:U", {1, 0}, 0, std::nullopt, 0);  // Blue, thief
  game.Apply(Place("base:B", {-1, 1}, 0));           // Red
  const PlaceShepherdAction shepherd{{{-1, 1}, 1}, SheepToken::kOneSheep};
  ASSERT_TRUE(game.Validate(shepherd).legal());
  game.Apply(shepherd);
  ASSERT_EQ(game.state().phase, Phase::kPlaceTile);
  ASSERT_EQ(game.state().figures.size(), 3u);  // farmer, thief, shepherd
  // Blue: bt:06 r90 at (2, 0), a bear: a tile of Blue's does nothing to
  // Red's flock (HS-16: only its owner's tile tends it). The circus at (0, 1), seal 4: Red's
  // farmer at (0, 1) counts, the shepherd at (-1, 1) does not: 1 × 4 = 4
  // (8 with the monk in BT_T01); Blue's thief at (1, 0): 1 × 4 = 4 (BT-06).
  const std::vector<ScoreEvent> events = Turn(game, "bt:06", {2, 0}, 1, Animal::kBear);
  ASSERT_EQ(events.size(), 1u);
  ASSERT_EQ(events[0].feature_kind, FeatureKind::kCircus);
  EXPECT_EQ(PointsOf(events[0], 0), 4);
  EXPECT_EQ(PointsOf(events[0], 1), 4);
  EXPECT_EQ(game.state().players[0].score, 4);
  EXPECT_EQ(game.state().players[1].score, 4);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

// ----- BT-03, BT-11: the spaces (BT-T06 a, b) ----------------------------------

TEST(UnderTheBigTopTest, BT_T06a_NoFigureOnACircusSpace) {
  Game game(Start(BigTopRules()));
  game.Apply(Place("bt:10", {0, 1}, 2, Animal::kSeal));
  // bt:10's segment 1 is its circus space b1.
  ASSERT_EQ(Tile("bt:10")->segments[1].kind, SegmentKind::kCircusSpace);
  for (FigureKind kind : {FigureKind::kFollower, FigureKind::kRingmaster}) {
    EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{kind, {{0, 1}, 1}}),
                        ViolationCode::kFigureNotAllowed, "BT-03"));
  }
  // Not listed either: the follower options are the city and the field.
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    if (const auto* figure = std::get_if<PlaceFigureAction>(&action)) {
      EXPECT_NE(figure->segment.segment_index, 1);
    }
  }
}

TEST(UnderTheBigTopTest, BT_T06b_NoFigureOnAnAcrobatSpaceAcrobatsNotBuilt) {
  Game game(Start(BigTopRules()));
  // Red: bt:02 r90 at (1, 0) (road W joins the start road); a1 is segment 1.
  game.Apply(Place("bt:02", {1, 0}, 1));
  ASSERT_EQ(Tile("bt:02")->segments[1].kind, SegmentKind::kAcrobatSpace);
  // BT-12 would refuse the ringmaster; BT-11 (a normal meeple) is not built:
  // both refused (known gap BT-11).
  for (FigureKind kind : {FigureKind::kFollower, FigureKind::kRingmaster}) {
    EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{kind, {{1, 0}, 1}}),
                        ViolationCode::kFigureNotAllowed, "BT-11"));
  }
}

// ----- BT-16: the ringmaster (BT-T05 without the unbuilt bonus) ---------------

TEST(UnderTheBigTopTest, BT_T05_RingmasterIsAKnightOfStrengthOne) {
  Game game(Start(BigTopRules(), {"Blue", "Red"}));
  // Blue: bt:02 r90 at (1, 0) (acrobat tile; road W joins the start road).
  Turn(game, "bt:02", {1, 0}, 1, std::nullopt);
  // Red: bt:10 r180 at (0, -1) (city S meets the start tile's city N), the
  // ringmaster as knight (segment 0), an elephant: the city of 2 tiles is
  // complete.
  game.Apply(Place("bt:10", {0, -1}, 2, Animal::kElephant));
  // The ringmaster is listed as a follower kind on the city.
  const LegalActions legal = game.ListLegalActions(nullptr);
  EXPECT_TRUE(std::any_of(legal.actions.begin(), legal.actions.end(), [](const Action& action) {
    const auto* figure = std::get_if<PlaceFigureAction>(&action);
    return figure != nullptr && figure->kind == FigureKind::kRingmaster &&
           figure->segment.segment_index == 0;
  }));
  const std::vector<ScoreEvent> events =
      game.Apply(PlaceFigureAction{FigureKind::kRingmaster, {{0, -1}, 0}});
  // City 2 tiles × 2 = 4 (BG-11), to Red, strength 1 (BT-16); the ringmaster
  // returns to Red's supply. (BT-17's +2 +2 is not built: known gap.) No
  // circus scores: the first circus tile (BT-04).
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kCity);
  EXPECT_EQ(events[0].majority_players, std::vector<int>{1});
  EXPECT_EQ(events[0].majority_strength, 1);
  EXPECT_EQ(PointsOf(events[0], 1), 4);
  EXPECT_EQ(game.state().players[1].ringmasters, 1);
  EXPECT_EQ(game.state().big_top.cell, (Position{0, -1}));
  EXPECT_EQ(MajorityStrength(FigureKind::kRingmaster), 1);
  EXPECT_TRUE(IsFollower(FigureKind::kRingmaster));
}

// The ringmaster scores a road as a follower and goes back before the
// circus scores (BT-05, BT-16); as a monk it counts at the big top (BT-06).
TEST(UnderTheBigTopTest, BT16_RingmasterScoresReturnsAndCountsAtTheBigTop) {
  Game game(Start(BigTopRules()));
  // Red: bt:06 r270 at (-1, 0) (road E joins the start road), a follower on
  // the road (segment 0), a monkey (3); the big top goes to (-1, 0).
  Turn(game, "bt:06", {-1, 0}, 3, Animal::kMonkey, 0);
  // Blue: base:B at (0, 1), monk (segment 0): in the square around (-1, 0)
  // (x -2..0, y -1..1).
  Turn(game, "base:B", {0, 1}, 0, std::nullopt, 0);
  // Red: base:B at (-1, 1), the ringmaster as monk.
  Turn(game, "base:B", {-1, 1}, 0, std::nullopt, 0, FigureKind::kRingmaster);
  // Blue: bt:08 at (1, 0) (roads W and E end on it), a bear: closes Red's
  // road (-1,0)-(0,0)-(1,0).
  const std::vector<ScoreEvent> events = Turn(game, "bt:08", {1, 0}, 0, Animal::kBear);
  ASSERT_EQ(events.size(), 2u);
  // Road 3 tiles × 1 = 3 to Red (BG-10); the follower goes back first.
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kRoad);
  EXPECT_EQ(PointsOf(events[0], 0), 3);
  // Circus at (-1, 0), monkey 3: Red's ringmaster (-1, 1) 1 × 3 = 3, Blue's
  // monk (0, 1) 1 × 3 = 3 (BT-06).
  EXPECT_EQ(events[1].feature_kind, FeatureKind::kCircus);
  EXPECT_EQ(PointsOf(events[1], 0), 3);
  EXPECT_EQ(PointsOf(events[1], 1), 3);
  EXPECT_EQ(game.state().players[0].score, 6);
  EXPECT_EQ(game.state().players[1].score, 3);
  EXPECT_EQ(game.state().players[0].ringmasters, 0);
}

// ----- The snapshot checks -----------------------------------------------------

TEST(UnderTheBigTopTest, SnapshotChecksTheTokensAndTheBigTop) {
  Game game(Start(BigTopRules()));
  Turn(game, "bt:10", {0, 1}, 2, Animal::kSeal, 2);
  Turn(game, "base:U", {1, 0}, 0, std::nullopt, 0);
  const GameState good = game.state();
  ASSERT_TRUE(CheckSnapshot(good).empty());
  // The seal back in the supply although it lies under the big top (and no
  // token drawn for the one circus tile).
  GameState state = good;
  state.big_top.supply[static_cast<int>(Animal::kSeal)] = 5;
  EXPECT_TRUE(HasProblemAt(CheckSnapshot(state), "big_top.supply"));
  // More tokens drawn than circus tiles placed.
  state = good;
  state.big_top.supply[static_cast<int>(Animal::kBear)] = 2;
  EXPECT_TRUE(HasProblemAt(CheckSnapshot(state), "big_top.supply"));
  // More bears than the game has.
  state = good;
  state.big_top.supply[static_cast<int>(Animal::kBear)] = 4;
  EXPECT_TRUE(HasProblemAt(CheckSnapshot(state), "big_top.supply"));
  // The big top on a tile that is no circus tile, or off the latest one.
  state = good;
  state.big_top.cell = Position{1, 0};
  EXPECT_TRUE(HasProblemAt(CheckSnapshot(state), "big_top.cell"));
  state = good;
  state.big_top.cell.reset();
  EXPECT_FALSE(CheckSnapshot(state).empty());
  // A drawn token waiting outside a circus tile's turn.
  state = good;
  state.big_top.drawn = Animal::kBear;
  state.big_top.supply[static_cast<int>(Animal::kBear)] = 2;
  EXPECT_TRUE(HasProblemAt(CheckSnapshot(state), "big_top.drawn"));
  // A ringmaster on a circus space.
  state = good;
  state.figures.push_back({FigureKind::kRingmaster, 1, {{0, 1}, 1}});
  state.players[1].ringmasters = 0;
  EXPECT_FALSE(CheckSnapshot(state).empty());
  // Tokens or ringmasters without the expansion.
  GameState base = Start(RuleSet{});
  base.big_top.supply[0] = 1;
  EXPECT_TRUE(HasProblemAt(CheckSnapshot(base), "big_top"));
  base = Start(RuleSet{});
  base.players[0].ringmasters = 1;
  EXPECT_FALSE(CheckSnapshot(base).empty());
}

}  // namespace
}  // namespace carcassonne

// The Princess & the Dragon: the fairy's point at the start of its owner's
// turn (PD-17: when a turn begins, with its first tile or the discard that
// empties the bag, and when none does:
// the builder's second part, the end of the game with a bag tracked or not,
// the final abbey round), option
// pd.fairy_placement (PD-15, PD-17, PD-18 on the tile, C1) and option
// pd.princess = must (PD-23). Every number is counted by hand in the
// comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/expansions/princess_and_dragon.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

// A game of Red and Blue with the expansion (and `more`), the bag not
// tracked.
GameState Start(std::vector<Expansion> more = {}, RuleSet rules = {}) {
  return UntrackedGame({"Red", "Blue"}, Expansion::kPrincessAndDragon, more, rules);
}

int CountTrigger(const std::vector<ScoreEvent>& events, ScoringTrigger trigger) {
  return static_cast<int>(std::count_if(events.begin(), events.end(),
                                        [&](const ScoreEvent& e) { return e.trigger == trigger; }));
}

// Checks `event` is the fairy's point (PD-17) of `player`, the fairy on
// `cell` with `follower`.
void ExpectFairyPoint(const ScoreEvent& event, int player, Position cell, const Figure& follower) {
  EXPECT_EQ(event.feature_kind, FeatureKind::kFairy);
  EXPECT_EQ(event.trigger, ScoringTrigger::kStartOfTurn);
  EXPECT_EQ(event.majority_players, std::vector<int>{player});
  EXPECT_EQ(event.points, (std::vector<PlayerPoints>{PlayerPoints{player, 1}}));
  ASSERT_EQ(event.line_items.size(), 1u);
  EXPECT_EQ(event.line_items[0].points, 1);
  EXPECT_EQ(event.line_items[0].rule_id, "PD-17");
  EXPECT_EQ(event.tiles, std::vector<Position>{cell});
  EXPECT_EQ(event.segments, std::vector<SegmentAddress>{follower.segment});
}

// Red's knight on D's city (segment 0), Blue's farmer on D's south field
// (segment 3).
const Figure kRedKnight{FigureKind::kFollower, 0, {{0, 0}, 0}};
const Figure kBlueFarmer{FigureKind::kFollower, 1, {{0, 0}, 3}};

GameState FairyBoard(RuleSet rules = {}) {
  GameState state = Start({}, rules);
  state.figures.push_back(kRedKnight);
  state.figures.push_back(kBlueFarmer);
  state.players[0].followers = 6;
  state.players[1].followers = 6;
  return state;
}

TEST(PrincessAndDragonFairyTest, Pd17TheFairysOwnerScores1AtTheStartOfTheirTurn) {
  // PD-17: the fairy stands by Blue's farmer on D. Red's turn: base:U east
  // of D, pass: no point (the fairy is not Red's). Blue's turn begins with
  // Blue's tile, base:B south of D: Blue +1, reported with that tile. Blue
  // passes; Red's turn (base:B at (1, 1), pass): nothing. Blue's next tile,
  // base:B at (-1, 1): Blue +1 again, 2 in all.
  GameState state = FairyBoard();
  state.fairy = Position{0, 0};
  state.fairy_follower = kBlueFarmer;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  EXPECT_TRUE(PlaceAndPass(game, {Tile("base:U"), {1, 0}, Rotation{0}}).empty());
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_EQ(game.state().players[1].score, 0);
  std::vector<ScoreEvent> events = game.Apply(PlaceTileAction{Tile("base:B"), {0, 1}, Rotation{0}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 1, {0, 0}, kBlueFarmer);
  EXPECT_EQ(game.state().players[1].score, 1);
  EXPECT_EQ(game.state().players[0].score, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  EXPECT_TRUE(game.Apply(PassAction{}).empty());
  EXPECT_TRUE(PlaceAndPass(game, {Tile("base:B"), {1, 1}, Rotation{0}}).empty());
  events = game.Apply(PlaceTileAction{Tile("base:B"), {-1, 1}, Rotation{0}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 1, {0, 0}, kBlueFarmer);
  EXPECT_EQ(game.state().players[1].score, 2);
  EXPECT_EQ(game.state().players[0].score, 0);
}

TEST(PrincessAndDragonFairyTest, Pd17And19NoPointOnceTheFollowerLeft) {
  // PD-19: the fairy stays on D, attached to nobody: Blue's farmer beside it
  // does not make it Blue's: Blue's turn begins with no point.
  GameState state = FairyBoard();
  state.fairy = Position{0, 0};
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  EXPECT_TRUE(PlaceAndPass(game, {Tile("base:U"), {1, 0}, Rotation{0}}).empty());
  EXPECT_TRUE(game.Apply(PlaceTileAction{Tile("base:B"), {0, 1}, Rotation{0}}).empty());
  EXPECT_EQ(game.state().players[1].score, 0);
}

TEST(PrincessAndDragonFairyTest, Pd17TheFairyMovedThisTurnScoresAtTheOwnersNextTurn) {
  // PD-15, PD-17: Red moves the fairy next to Red's knight instead of a
  // figure: no point now. Blue's turn (base:B south of D, pass): nothing,
  // the fairy is Red's. Red's next turn begins with base:B at (1, 1):
  // Red +1.
  Game game(FairyBoard());
  game.Apply(PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  EXPECT_TRUE(game.Apply(MoveFairyAction{kRedKnight}).empty());
  EXPECT_TRUE(PlaceAndPass(game, {Tile("base:B"), {0, 1}, Rotation{0}}).empty());
  const std::vector<ScoreEvent> events =
      game.Apply(PlaceTileAction{Tile("base:B"), {1, 1}, Rotation{0}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 0, {0, 0}, kRedKnight);
  EXPECT_EQ(game.state().players[0].score, 1);
}

TEST(PrincessAndDragonFairyTest, Pd17NoPointForTheSecondPartOfABuildersTurn) {
  // PD-17, TB-11: Red's follower on D's road (segment 1) has the fairy;
  // Red's builder is on the same road on base:U at (-1, 0). Red's turn
  // begins with base:U at (1, 0), which extends the road: Red +1. Red passes:
  // the builder earns a second tile, the same turn: Red's second tile
  // (base:B south of D) brings no point. Blue's turn (base:B at (1, 1)):
  // nothing. Red's next turn begins with base:B at (-1, 1): Red +1, 2 in all.
  GameState state = Start({Expansion::kTradersAndBuilders});
  const Figure red_robber{FigureKind::kFollower, 0, {{0, 0}, 1}};
  state.tiles.push_back({Tile("base:U"), {-1, 0}, Rotation{0}});
  state.figures.push_back(red_robber);
  state.figures.push_back({FigureKind::kBuilder, 0, {{-1, 0}, 0}});
  state.players[0].followers = 6;
  state.players[0].builders = 0;
  state.fairy = Position{0, 0};
  state.fairy_follower = red_robber;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  std::vector<ScoreEvent> events = game.Apply(PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 0, {0, 0}, red_robber);
  EXPECT_TRUE(game.Apply(PassAction{}).empty());
  EXPECT_TRUE(game.state().second_part);
  EXPECT_EQ(game.state().active_player, 0);
  EXPECT_TRUE(PlaceAndPass(game, {Tile("base:B"), {0, 1}, Rotation{0}}).empty());
  EXPECT_EQ(game.state().players[0].score, 1);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_TRUE(PlaceAndPass(game, {Tile("base:B"), {1, 1}, Rotation{0}}).empty());
  events = game.Apply(PlaceTileAction{Tile("base:B"), {-1, 1}, Rotation{0}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 0, {0, 0}, red_robber);
  EXPECT_EQ(game.state().players[0].score, 2);
}

TEST(PrincessAndDragonFairyTest, Pd17NoPointWhenTheLastTileEndsTheGame) {
  // PD-17, BG-20, AMB-48: the fairy is by Blue's farmer. Red places the last
  // tile, base:U east of D, and passes: the game is over, no turn of Blue's
  // begins: no point. Final scoring: Red's knight in D's open city, 1 tile
  // = 1 (BG-21); Blue's farmer's field borders no completed city, 0, + 3 for
  // the fairy (PD-18, engine practice) = 3. The same with a bag the caller
  // does not track, ended by Action.end_game: scores [1, 3].
  GameState state = FairyBoard();
  state.fairy = Position{0, 0};
  state.fairy_follower = kBlueFarmer;
  GameState tracked = state;
  TileBag last;
  last.tiles = {TileCount{Tile("base:U"), 1}};
  tracked.bag = last;
  ASSERT_TRUE(CheckSnapshot(tracked).empty());
  Game game(tracked);
  const std::vector<ScoreEvent> events = PlaceAndPass(game, {Tile("base:U"), {1, 0}, Rotation{0}});
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
  EXPECT_EQ(CountTrigger(events, ScoringTrigger::kStartOfTurn), 0);
  EXPECT_EQ(game.state().players[0].score, 1);
  EXPECT_EQ(game.state().players[1].score, 3);

  Game untracked(state);
  EXPECT_TRUE(PlaceAndPass(untracked, {Tile("base:U"), {1, 0}, Rotation{0}}).empty());
  EXPECT_EQ(CountTrigger(untracked.ScoreIfEndedNow(), ScoringTrigger::kStartOfTurn), 0);
  ASSERT_TRUE(untracked.Validate(EndGameAction{}).legal());
  EXPECT_EQ(CountTrigger(untracked.Apply(EndGameAction{}), ScoringTrigger::kStartOfTurn), 0);
  EXPECT_EQ(untracked.state().players[0].score, 1);
  EXPECT_EQ(untracked.state().players[1].score, 3);
}

TEST(PrincessAndDragonFairyTest, Pd17TheTurnWhoseLastTileIsDiscardedBegan) {
  // PD-17, BG-03, BG-20: base:E turned 180° closed D's city; Red's follower
  // on D's road has the fairy. The tracked bag holds one base:C (city on 4
  // sides), which fits nowhere: Red's turn began (Red +1), the tile is
  // discarded and the bag is empty: the game ends. Final scoring: the open
  // road of 1 tile = 1 (BG-21) + 3 for the fairy (PD-18) = 4. Red 1 + 4 = 5.
  GameState state = Start();
  state.tiles.push_back({Tile("base:E"), {0, -1}, Rotation{2}});
  const Figure red_robber{FigureKind::kFollower, 0, {{0, 0}, 1}};
  state.figures.push_back(red_robber);
  state.players[0].followers = 6;
  state.fairy = Position{0, 0};
  state.fairy_follower = red_robber;
  TileBag last;
  last.tiles = {TileCount{Tile("base:C"), 1}};
  state.bag = last;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  ASSERT_TRUE(game.Validate(DiscardTileAction{Tile("base:C")}).legal());
  const std::vector<ScoreEvent> events = game.Apply(DiscardTileAction{Tile("base:C")});
  ASSERT_EQ(events.size(), 2u);
  ExpectFairyPoint(events[0], 0, {0, 0}, red_robber);
  EXPECT_EQ(events[1].feature_kind, FeatureKind::kRoad);
  EXPECT_EQ(events[1].points, (std::vector<PlayerPoints>{PlayerPoints{0, 4}}));
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
  EXPECT_EQ(game.state().players[0].score, 5);
}

TEST(PrincessAndDragonFairyTest, Pd17NoPointInTheFinalAbbeyRound) {
  // PD-17, AM-07 (known gap AM-07: our reading): the board of the abbey
  // tests (a hole at (1, 0) east of D; Red's follower on the road A-U-U-D
  // from (-3, 0), with the fairy); Blue placed the last land tile, Red ends
  // the game (AMB-48): the final abbey round asks Red, who fills the hole:
  // no point (the round is no turn of play). Red passes: the abbey closes
  // Red's road A, U, U, D (the abbey has no road segment, AM-03): 4 tiles =
  // 4 (BG-10) + 3 for the fairy (PD-18) = 7. The round is over (no hole for
  // Blue): final scoring, nobody is left on the board. Red 7, Blue 0.
  RuleSet rules;
  rules.am_abbey = true;
  GameState state = Start({Expansion::kAbbeyAndMayor}, rules);
  LayAbbeyHoleBoard(state, Tile("base:B"));
  const Figure red_robber{FigureKind::kFollower, 0, {{-1, 0}, 0}};
  state.figures.push_back(red_robber);
  state.players[0].followers -= 1;
  state.fairy = Position{-1, 0};
  state.fairy_follower = red_robber;
  for (const Problem& problem : CheckSnapshot(state)) {
    ADD_FAILURE() << problem.field << ": " << problem.message;
  }
  Game game(state);
  EXPECT_TRUE(game.Apply(EndGameAction{}).empty());
  ASSERT_EQ(game.state().phase, Phase::kFinalAbbey);
  ASSERT_EQ(game.state().deciding_player, 0);
  EXPECT_TRUE(game.Apply(PlaceTileAction{Tile("am:abbey"), {1, 0}, Rotation{0}}).empty());
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
  EXPECT_EQ(CountTrigger(events, ScoringTrigger::kStartOfTurn), 0);
  EXPECT_EQ(game.state().players[0].score, 7);
  EXPECT_EQ(game.state().players[1].score, 0);
}

// Option pd.fairy_placement = on_tile (PD-15, C1).
RuleSet OnTile() {
  RuleSet rules;
  rules.pd_fairy_placement = FairyPlacement::kOnTile;
  return rules;
}

TEST(PrincessAndDragonFairyTest, Pd15OnTileTheFairyStaysWithTheTile) {
  // PD-15 on_tile: Red places base:U east of D and moves the fairy onto D,
  // the tile of Red's knight: the fairy stands on D with no follower. Blue's
  // turn begins (base:B south of D) with Blue's farmer on the fairy's tile:
  // Blue +1 (PD-17, on_tile). Blue passes; Red's turn begins (base:B at
  // (1, 1)) with Red's knight on the fairy's tile: Red +1. Moving it onto D
  // again is refused (already there), and no move is listed.
  GameState state = FairyBoard(OnTile());
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  game.Apply(PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  ASSERT_TRUE(game.Validate(MoveFairyAction{kRedKnight}).legal());
  EXPECT_TRUE(game.Apply(MoveFairyAction{kRedKnight}).empty());
  ASSERT_TRUE(game.state().fairy.has_value());
  EXPECT_EQ(*game.state().fairy, (Position{0, 0}));
  EXPECT_FALSE(game.state().fairy_follower.has_value());
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());

  std::vector<ScoreEvent> events = game.Apply(PlaceTileAction{Tile("base:B"), {0, 1}, Rotation{0}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 1, {0, 0}, kBlueFarmer);
  EXPECT_TRUE(game.Apply(PassAction{}).empty());
  events = game.Apply(PlaceTileAction{Tile("base:B"), {1, 1}, Rotation{0}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 0, {0, 0}, kRedKnight);
  EXPECT_EQ(game.state().players[0].score, 1);
  EXPECT_EQ(game.state().players[1].score, 1);
  EXPECT_TRUE(HasCode(game.Validate(MoveFairyAction{kRedKnight}), ViolationCode::kFigureNotAllowed,
                      "PD-15"));
  for (const Action& action : game.ListLegalActions(nullptr).actions) {
    EXPECT_FALSE(std::holds_alternative<MoveFairyAction>(action));
  }
}

TEST(PrincessAndDragonFairyTest, Pd18OnTileTheBonusGoesToTheFollowersOnTheFairysTile) {
  // PD-18 on_tile: the fairy on D; Red's knight in D's city, Blue's farmer
  // in D's field. Red's turn begins with base:E turned 180° north of D: Red
  // +1 (PD-17, the knight on the fairy's tile). Red passes: the city of 2
  // tiles scores 2 x 2 = 4 (BG-11) + 3 for the fairy = 7 to Red; Blue's
  // farmer is not in the city: no bonus. Red 1 + 7 = 8. Blue's turn begins
  // (base:B south of D) with the farmer on the fairy's tile: Blue +1.
  GameState state = FairyBoard(OnTile());
  state.fairy = Position{0, 0};
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  std::vector<ScoreEvent> events =
      game.Apply(PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 0, {0, 0}, kRedKnight);
  events = game.Apply(PassAction{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kCity);
  EXPECT_EQ(events[0].points, (std::vector<PlayerPoints>{PlayerPoints{0, 7}}));
  EXPECT_EQ(game.state().players[0].score, 8);
  events = game.Apply(PlaceTileAction{Tile("base:B"), {0, 1}, Rotation{0}});
  ASSERT_EQ(events.size(), 1u);
  ExpectFairyPoint(events[0], 1, {0, 0}, kBlueFarmer);
  EXPECT_EQ(game.state().players[1].score, 1);
}

TEST(PrincessAndDragonFairyTest, Pd15OnTileSnapshotsAndOptionChecks) {
  // on_tile: the fairy never stands next to a follower; the options need the
  // expansion.
  GameState state = FairyBoard(OnTile());
  state.fairy = Position{0, 0};
  EXPECT_TRUE(CheckSnapshot(state).empty());
  state.fairy_follower = kRedKnight;
  EXPECT_TRUE(HasProblem(CheckSnapshot(state), "fairy_follower"));
  RuleSet alone;
  alone.pd_fairy_placement = FairyPlacement::kOnTile;
  alone.pd_princess = PrincessRemoval::kMust;
  const auto refused = NewGame({"Red", "Blue"}, alone);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(refused));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(refused), "rules.pd_fairy_placement"));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(refused), "rules.pd_princess"));
}

// Option pd.princess = must (PD-23).
TEST(PrincessAndDragonFairyTest, Pd23ThePrincessMustSendAKnightHome) {
  // PD-23, PD-21, PD-22: Blue's knight holds D's city, Red's farmer is on
  // D's south field. Red places the princess tile pd:20 turned 180° north of
  // D (its city joins D's): a pass, a farmer on pd:20's field, the fairy
  // next to Red's farmer are refused (PRINCESS_REMOVAL_REQUIRED); the only
  // listed actions are the removal of Blue's knight, which is legal.
  RuleSet rules;
  rules.pd_princess = PrincessRemoval::kMust;
  GameState state = Start({}, rules);
  const Figure blue_knight{FigureKind::kFollower, 1, {{0, 0}, 0}};
  const Figure red_farmer{FigureKind::kFollower, 0, {{0, 0}, 3}};
  state.figures.push_back(blue_knight);
  state.figures.push_back(red_farmer);
  state.players[0].followers = 6;
  state.players[1].followers = 6;
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:20"), {0, -1}, Rotation{2}});
  EXPECT_TRUE(
      HasCode(game.Validate(PassAction{}), ViolationCode::kPrincessRemovalRequired, "PD-23"));
  EXPECT_TRUE(HasCode(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 1}}),
                      ViolationCode::kPrincessRemovalRequired, "PD-23"));
  EXPECT_TRUE(HasCode(game.Validate(MoveFairyAction{red_farmer}),
                      ViolationCode::kPrincessRemovalRequired, "PD-23"));
  const std::vector<Action> listed = game.ListLegalActions(nullptr).actions;
  ASSERT_EQ(listed.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<RemoveKnightAction>(listed[0]));
  EXPECT_EQ(std::get<RemoveKnightAction>(listed[0]).knight, blue_knight);
  ASSERT_TRUE(game.Validate(RemoveKnightAction{blue_knight}).legal());
  game.Apply(RemoveKnightAction{blue_knight});
  EXPECT_EQ(game.state().players[1].followers, 7);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(PrincessAndDragonFairyTest, Pd23WithNoKnightThereIsNothingToRemove) {
  // PD-23: D's city is empty: the princess tile's step is a normal one (a
  // pass is legal; a knight on the joined city too).
  RuleSet rules;
  rules.pd_princess = PrincessRemoval::kMust;
  Game game(Start({}, rules));
  game.Apply(PlaceTileAction{Tile("pd:20"), {0, -1}, Rotation{2}});
  EXPECT_TRUE(game.Validate(PassAction{}).legal());
  EXPECT_TRUE(game.Validate(PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 0}}).legal());
}

TEST(PrincessAndDragonFairyTest, Pd23MayLeavesTheRemovalAChoice) {
  // PD-21 (default pd.princess = may): the same board as above, a pass is
  // legal and the removal is listed beside it.
  GameState state = Start();
  const Figure blue_knight{FigureKind::kFollower, 1, {{0, 0}, 0}};
  state.figures.push_back(blue_knight);
  state.players[1].followers = 6;
  Game game(state);
  game.Apply(PlaceTileAction{Tile("pd:20"), {0, -1}, Rotation{2}});
  EXPECT_TRUE(game.Validate(PassAction{}).legal());
  EXPECT_GT(game.ListLegalActions(nullptr).actions.size(), 1u);
}

// PD-15: the fairy moves next to one of the mover's own followers on the
// board. A figure that no game could name is malformed (CheckAction, as the
// service refuses it before the engine judges); a figure that exists but is
// not such a follower is illegal (Validate: FIGURE_NOT_ALLOWED, PD-15), also
// when an engine caller skips CheckAction, and nothing is applied.
TEST(PrincessAndDragonFairyTest, Pd15TheFairysFollowerMustBeTheMoversOwn) {
  // Red's knight on D's city (segment 0), Blue's farmer on D's south field
  // (segment 3); with Traders & Builders, base:U (road E-W) east of D, Red's
  // highwayman on D's road (segment 1) and Red's builder on U's (segment 0).
  GameState state = UntrackedGame({"Red", "Blue"}, Expansion::kPrincessAndDragon,
                                  {Expansion::kTradersAndBuilders});
  state.tiles.push_back({Tile("base:U"), {1, 0}, Rotation{0}});
  const Figure red_highwayman{FigureKind::kFollower, 0, {{0, 0}, 1}};
  const Figure red_builder{FigureKind::kBuilder, 0, {{1, 0}, 0}};
  state.figures = {kRedKnight, kBlueFarmer, red_highwayman, red_builder};
  state.players[0].followers = 5;
  state.players[1].followers = 6;
  SupplyOf(state.players[0], FigureKind::kBuilder) -= 1;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  // Red places base:B south of D (fields all round); the figure step is Red's.
  game.Apply(PlaceTileAction{Tile("base:B"), {0, 1}, Rotation{0}});
  ASSERT_EQ(game.state().phase, Phase::kPlaceFigure);

  // Malformed: an owner who is no player (2 players: seats 0 and 1), a kind
  // that does not exist, a cell with no tile, a segment D does not have (D
  // has 4: city, road, two fields).
  const auto [no_owner, no_kind, no_tile, no_segment] = MalformedFiguresOf(kRedKnight, {5, 5}, 9);
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), MoveFairyAction{no_owner}),
                         "move_fairy.follower.owner"));
  EXPECT_TRUE(
      HasProblem(CheckAction(game.state(), MoveFairyAction{no_kind}), "move_fairy.follower.kind"));
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), MoveFairyAction{no_tile}),
                         "move_fairy.follower.segment"));
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), MoveFairyAction{no_segment}),
                         "move_fairy.follower.segment"));
  // Well formed: Red's knight (legal), Blue's farmer and Red's builder (each
  // the rules' to judge).
  for (const Figure& figure : {kRedKnight, kBlueFarmer, red_builder}) {
    EXPECT_TRUE(CheckAction(game.state(), MoveFairyAction{figure}).empty());
  }
  EXPECT_TRUE(game.Validate(MoveFairyAction{kRedKnight}).legal());

  // Illegal (PD-15), each with its reason and the figure's place.
  auto refusal = [&](const Figure& figure) {
    const Verdict verdict = game.Validate(MoveFairyAction{figure});
    EXPECT_TRUE(HasCode(verdict, ViolationCode::kFigureNotAllowed, "PD-15"));
    EXPECT_EQ(verdict.violations.size(), 1u);
    return verdict.violations.empty() ? std::string() : verdict.violations[0].message;
  };
  EXPECT_NE(refusal(kBlueFarmer).find("player 1's"), std::string::npos);
  EXPECT_NE(refusal(red_builder).find("builder is none"), std::string::npos);
  // A follower of Red on D's north field (segment 2): no figure stands there.
  const Figure absent{FigureKind::kFollower, 0, {{0, 0}, 2}};
  EXPECT_NE(refusal(absent).find("no such follower stands there"), std::string::npos);
  // An engine caller that skips CheckAction: refused the same way, never
  // applied (the snapshot is unchanged).
  for (const Figure& figure : {no_owner, no_kind, no_tile, no_segment}) {
    refusal(figure);
    const Outcome outcome = ApplyAction(game.state(), MoveFairyAction{figure});
    EXPECT_FALSE(outcome.verdict.legal());
    EXPECT_FALSE(outcome.next.has_value());
  }
  EXPECT_FALSE(game.state().fairy.has_value());
}

}  // namespace
}  // namespace carcassonne

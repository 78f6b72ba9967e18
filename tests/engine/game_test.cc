// The turn state machine (BG-01), follower placement (BG-04, BG-07), the
// unplaceable tile (BG-03) and the end of the game (BG-20), through the
// engine's stateless entry points.
#include <gtest/gtest.h>

#include "engine/referee.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

GameState TwoPlayerGame() { return std::get<GameState>(NewGame({"Ann", "Bob"}, RuleSet{})); }

std::vector<ViolationCode> Codes(const Verdict& verdict) {
  std::vector<ViolationCode> codes;
  for (const Violation& violation : verdict.violations) codes.push_back(violation.code);
  return codes;
}

TEST(NewGameTest, StartTileSuppliesAndBag) {
  const GameState state = TwoPlayerGame();
  ASSERT_EQ(state.tiles.size(), 1u);
  EXPECT_EQ(state.tiles[0].type->id, "base:D");
  EXPECT_EQ(state.players[0].followers, 7);
  EXPECT_EQ(state.bag->Total(), 71);  // 72 tiles less the start tile
  EXPECT_EQ(state.bag->CountOf(Tile("base:D")), 3);
  EXPECT_EQ(state.phase, Phase::kPlaceTile);
  EXPECT_TRUE(CheckSnapshot(state).empty());
  EXPECT_FALSE(std::holds_alternative<GameState>(NewGame({"solo"}, RuleSet{})));
  EXPECT_FALSE(
      std::holds_alternative<GameState>(NewGame({"a", "b", "c", "d", "e", "f"}, RuleSet{})));
}

// BG-07: base:E turned 180 (city S) north of the start tile closes the 2-tile
// city; Ann's knight on it scores 4 (BG-11) and comes back in the same turn.
TEST(GameTest, FollowerOnTheFeatureItsTileCompletesScoresAtOnce) {
  GameState state = TwoPlayerGame();
  Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  ASSERT_TRUE(placed.verdict.legal());
  EXPECT_EQ(placed.next->phase, Phase::kPlaceFigure);
  EXPECT_TRUE(placed.events.empty());
  Outcome knight =
      ApplyAction(*placed.next, PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 0}});
  ASSERT_TRUE(knight.verdict.legal());
  ASSERT_EQ(knight.events.size(), 1u);
  EXPECT_EQ(knight.events[0].feature_kind, FeatureKind::kCity);
  EXPECT_TRUE(knight.events[0].complete);
  EXPECT_EQ(knight.events[0].Total(), 4);
  EXPECT_EQ(knight.next->players[0].score, 4);
  EXPECT_EQ(knight.next->players[0].followers, 7);
  EXPECT_TRUE(knight.next->figures.empty());
  EXPECT_EQ(knight.next->active_player, 1);
  EXPECT_EQ(knight.next->phase, Phase::kPlaceTile);
}

TEST(GameTest, WrongPhaseAndPlacementViolations) {
  GameState state = TwoPlayerGame();
  // BG-01: no follower before a tile is placed.
  EXPECT_EQ(Codes(ValidateAction(state, PassAction{})),
            std::vector<ViolationCode>{ViolationCode::kWrongPhase});
  // BG-02: base:E unturned north of the start tile puts field against city.
  EXPECT_EQ(Codes(ValidateAction(state, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{0}})),
            std::vector<ViolationCode>{ViolationCode::kEdgeMismatch});
  EXPECT_EQ(Codes(ValidateAction(state, PlaceTileAction{Tile("base:E"), {0, 0}, Rotation{0}})),
            std::vector<ViolationCode>{ViolationCode::kCellOccupied});
  EXPECT_EQ(Codes(ValidateAction(state, PlaceTileAction{Tile("base:E"), {5, 5}, Rotation{0}})),
            std::vector<ViolationCode>{ViolationCode::kNotAdjacent});
  const Verdict verdict =
      ValidateAction(state, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{0}});
  EXPECT_EQ(verdict.violations[0].rule_id, "BG-02");
  EXPECT_EQ(verdict.violations[0].cell, (Position{0, -1}));

  // BG-04: after placing, a follower only on the new tile, on a free feature.
  Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  ASSERT_TRUE(placed.verdict.legal());
  EXPECT_EQ(
      Codes(ValidateAction(*placed.next, PlaceFigureAction{FigureKind::kFollower, {{0, 0}, 1}})),
      std::vector<ViolationCode>{ViolationCode::kNotOnPlacedTile});
}

// BG-03: once base:E turned 180 closes the start tile's city to the north,
// every open side on the board is road or field, so base:C (city on all four
// sides) fits nowhere: the only legal action is to discard it, and the same
// player draws again. base:E still fits, so it cannot be discarded.
// BG-01 step 1, without a tracked bag: the base set has one base:C (the
// four-sided city). Once it lies on the board, another base:C cannot be drawn,
// even where it would fit; else the next snapshot would hold two, which the
// snapshot check refuses (found by the fuzz target fuzz_apply_action).
TEST(GameTest, WithoutABagATileWhoseCopiesAreAllPlacedCannotBeDrawn) {
  GameState state = TwoPlayerGame();
  state.bag.reset();  // the caller does not track the bag
  Outcome first = ApplyAction(state, PlaceTileAction{Tile("base:C"), {0, -1}, Rotation{0}});
  ASSERT_TRUE(first.verdict.legal());
  Outcome passed = ApplyAction(*first.next, PassAction{});
  ASSERT_TRUE(passed.verdict.legal());
  // base:C north of the first one fits (city against city on every side).
  const Verdict second =
      ValidateAction(*passed.next, PlaceTileAction{Tile("base:C"), {0, -2}, Rotation{0}});
  EXPECT_EQ(Codes(second), std::vector<ViolationCode>{ViolationCode::kTileNotInBag});
  ASSERT_FALSE(second.violations.empty());
  EXPECT_EQ(second.violations[0].rule_id, "BG-01");
  // A type with copies left (base:E: 5 in the set) can still be drawn.
  EXPECT_TRUE(
      ValidateAction(*passed.next, PlaceTileAction{Tile("base:E"), {0, -2}, Rotation{2}}).legal());
  // ... and ListLegalActions agrees: nothing is listed for a second base:C
  // (not even BG-03's discard: it cannot be the drawn tile), where it listed
  // every placement each refused (fuzz finding F6, fuzz_engine_games).
  EXPECT_TRUE(ListLegalActions(*passed.next, Tile("base:C")).actions.empty());
  EXPECT_FALSE(ListLegalActions(*passed.next, Tile("base:E")).actions.empty());
}

TEST(GameTest, TileThatFitsNowhereIsDiscarded) {
  GameState state = TwoPlayerGame();
  Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  Outcome passed = ApplyAction(*placed.next, PassAction{});
  ASSERT_TRUE(passed.verdict.legal());
  const GameState& board = *passed.next;
  // Open sides now: E and W road (0,0); S field (0,0); E, N, W field (0,-1).
  const LegalActions legal = ListLegalActions(board, Tile("base:C"));
  ASSERT_EQ(legal.actions.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<DiscardTileAction>(legal.actions[0]));
  Outcome discarded = ApplyAction(board, DiscardTileAction{Tile("base:C")});
  ASSERT_TRUE(discarded.verdict.legal());
  EXPECT_EQ(discarded.next->bag->CountOf(Tile("base:C")), 0);
  EXPECT_EQ(discarded.next->active_player, board.active_player);  // draws again
  EXPECT_EQ(Codes(ValidateAction(board, DiscardTileAction{Tile("base:E")})),
            std::vector<ViolationCode>{ViolationCode::kTileFitsSomewhere});
}

// BG-01: a tile action naming no tile (an engine caller that skipped
// CheckAction, which reports the field) is refused, never read; nothing is
// applied.
TEST(GameTest, ATileActionNamingNoTileIsRefused) {
  const GameState state = TwoPlayerGame();
  EXPECT_FALSE(CheckAction(state, PlaceTileAction{nullptr, {1, 0}, Rotation{0}}).empty());
  for (const Action& action :
       std::vector<Action>{PlaceTileAction{nullptr, {1, 0}, Rotation{0}}, DiscardTileAction{}}) {
    const Verdict verdict = ValidateAction(state, action);
    EXPECT_TRUE(HasCode(verdict, ViolationCode::kTileNotInBag, "BG-01"));
    const Outcome outcome = ApplyAction(state, action);
    EXPECT_FALSE(outcome.verdict.legal());
    EXPECT_FALSE(outcome.next.has_value());
  }
}

// BG-20: the turn that empties the bag ends the game: a knight alone in the
// incomplete city of the start tile scores 1 (BG-21: 1 tile × 1).
TEST(GameTest, EmptyingTheBagEndsTheGame) {
  GameState state = TwoPlayerGame();
  state.bag = TileBag{{{Tile("base:U"), 1}}};
  Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  state = *placed.next;
  // Put Ann's knight on the start tile's city through the snapshot.
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});
  state.players[0].followers = 6;
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Outcome passed = ApplyAction(state, PassAction{});
  ASSERT_TRUE(passed.verdict.legal());
  EXPECT_EQ(passed.next->phase, Phase::kGameOver);
  ASSERT_EQ(passed.events.size(), 1u);
  EXPECT_EQ(passed.events[0].trigger, ScoringTrigger::kEndOfGame);
  EXPECT_EQ(passed.events[0].Total(), 1);
  EXPECT_EQ(passed.next->players[0].score, 1);
  EXPECT_EQ(Codes(ValidateAction(*passed.next, PassAction{})),
            std::vector<ViolationCode>{ViolationCode::kGameOver});
}

// AMB-48, BG-20: without a tracked bag the caller ends the game explicitly,
// once the last tile's turn is over (PHASE_PLACE_TILE).
TEST(EndOfGameTest, AnExplicitEndFinishesAGameWhoseBagIsNotTracked) {
  GameState tracked = TwoPlayerGame();
  // A tracked bag ends the game by itself (BG-20).
  const Verdict with_bag = ValidateAction(tracked, EndGameAction{});
  ASSERT_EQ(Codes(with_bag), std::vector<ViolationCode>{ViolationCode::kGameEndNotAllowed});
  EXPECT_EQ(with_bag.violations[0].rule_id, "BG-20");

  GameState state = TwoPlayerGame();
  state.bag.reset();
  // Ann's knight on the start tile's city, through the snapshot.
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 0}});
  state.players[0].followers = 6;
  Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:U"), {1, 0}, Rotation{0}});
  ASSERT_TRUE(placed.verdict.legal());
  // The turn is not over: the figure step is pending (AMB-48).
  const Verdict mid_turn = ValidateAction(*placed.next, EndGameAction{});
  ASSERT_EQ(Codes(mid_turn), std::vector<ViolationCode>{ViolationCode::kGameEndNotAllowed});
  EXPECT_EQ(mid_turn.violations[0].rule_id, "AMB-48");
  Outcome passed = ApplyAction(*placed.next, PassAction{});
  ASSERT_EQ(passed.next->phase, Phase::kPlaceTile);
  EXPECT_FALSE(passed.final_scoring_begin.has_value());
  // AMB-49: only Bob, whose tile it would be, says so.
  EXPECT_EQ(Codes(ValidateAction(*passed.next, Action(EndGameAction{}, 0))),
            std::vector<ViolationCode>{ViolationCode::kNotYourDecision});
  Outcome ended = ApplyAction(*passed.next, Action(EndGameAction{}, 1));
  ASSERT_TRUE(ended.verdict.legal());
  EXPECT_EQ(ended.next->phase, Phase::kGameOver);
  // BG-21: Ann's unfinished one-tile city: 1 point; all of it final scoring.
  ASSERT_EQ(ended.events.size(), 1u);
  EXPECT_EQ(ended.events[0].trigger, ScoringTrigger::kEndOfGame);
  EXPECT_EQ(ended.events[0].Total(), 1);
  EXPECT_EQ(ended.final_scoring_begin, std::optional<int>(0));
  EXPECT_EQ(ended.next->players[0].score, 1);
  EXPECT_EQ(ended.next->players[0].followers, 7);
  EXPECT_EQ(Codes(ValidateAction(*ended.next, EndGameAction{})),
            std::vector<ViolationCode>{ViolationCode::kGameOver});
}

// BG-20, AMB-48: the action that empties the bag reports its turn's scoring
// and the final scoring apart: Ann's knight closes the 2-tile city (4, BG-11,
// the turn's), then her thief's unfinished 1-tile road scores 1 (BG-21, final).
TEST(EndOfGameTest, TheLastTurnsEventsComeBeforeTheFinalScoring) {
  GameState state = TwoPlayerGame();
  state.bag = TileBag{{{Tile("base:E"), 1}}};
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 1}});  // thief on r1
  state.players[0].followers = 6;
  const PlaceTileAction place{Tile("base:E"), {0, -1}, Rotation{2}};
  const PlaceFigureAction knight{FigureKind::kFollower, {{0, -1}, 0}};
  Outcome placed = ApplyAction(state, place);
  // ScoreGame in the figure step: the turn as if passed, then the end.
  const FinalScoring what_if = ScoreGame(*placed.next);
  ASSERT_EQ(what_if.events.size(), 1u);  // nobody on the city yet
  EXPECT_EQ(what_if.final_scoring_begin, std::optional<int>(0));
  EXPECT_TRUE(what_if.decisions_first.empty());
  Outcome last = ApplyAction(*placed.next, knight);
  ASSERT_TRUE(last.verdict.legal());
  EXPECT_EQ(last.next->phase, Phase::kGameOver);
  ASSERT_EQ(last.events.size(), 2u);
  EXPECT_EQ(last.events[0].trigger, ScoringTrigger::kCompleted);
  EXPECT_EQ(last.events[0].Total(), 4);
  EXPECT_EQ(last.events[1].trigger, ScoringTrigger::kEndOfGame);
  EXPECT_EQ(last.events[1].Total(), 1);
  EXPECT_EQ(last.final_scoring_begin, std::optional<int>(1));
  EXPECT_EQ(last.next->players[0].score, 5);
  const std::vector<Action> turn = {place, knight};
  const TurnOutcome played = PlayTurn(state, turn);
  EXPECT_EQ(played.events.size(), 2u);
  EXPECT_EQ(played.final_scoring_begin, std::optional<int>(1));
  // ScoreGame on the finished game: nothing left to score; the scores are
  // the snapshot's.
  const FinalScoring after = ScoreGame(*last.next);
  EXPECT_TRUE(after.events.empty());
  EXPECT_FALSE(after.final_scoring_begin.has_value());
  EXPECT_EQ(after.final_scores, (std::vector<int>{5, 0}));
}

// A board where base:L at (1,0) completes two features: the city of base:E
// (1,-1) and base:L (2 tiles, 4 points, BG-11) and the road base:A (-1,0) -
// base:D - base:L (3 tiles, 3 points, BG-10). Ann's thief is on the road
// (base:D r1), and she puts a knight on base:L's city.
GameState TwoFeaturesCompletedAtOnce() {
  GameState state = TwoPlayerGame();
  state.bag.reset();
  state.tiles.push_back({Tile("base:H"), {0, -1}, Rotation{0}});
  state.tiles.push_back({Tile("base:E"), {1, -1}, Rotation{2}});
  state.tiles.push_back({Tile("base:A"), {-1, 0}, Rotation{3}});
  state.figures.push_back({FigureKind::kFollower, 0, {{0, 0}, 1}});
  state.players[0].followers = 6;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  return *ApplyAction(state, PlaceTileAction{Tile("base:L"), {1, 0}, Rotation{0}}).next;
}

TEST(ScoringOrderTest, ThePlayerOrdersTheFeaturesTheTileCompleted) {
  const GameState state = TwoFeaturesCompletedAtOnce();
  const SegmentAddress city{{1, 0}, 0};         // base:L c1
  const SegmentAddress other_city{{1, -1}, 0};  // base:E c1, the same city
  const SegmentAddress road{{-1, 0}, 0};        // base:A r1
  const SegmentAddress open_road{{1, 0}, 1};    // base:L r1, unfinished
  auto knight_with = [&](std::vector<SegmentAddress> order) {
    Action action = PlaceFigureAction{FigureKind::kFollower, city};
    action.scoring_order = std::move(order);
    return action;
  };
  // AMB-40: canonical order without one: the city, then the road.
  Outcome canonical = ApplyAction(state, knight_with({}));
  ASSERT_EQ(canonical.events.size(), 2u);
  EXPECT_EQ(canonical.events[0].feature_kind, FeatureKind::kCity);
  EXPECT_EQ(canonical.events[0].Total(), 4);
  EXPECT_EQ(canonical.events[1].feature_kind, FeatureKind::kRoad);
  EXPECT_EQ(canonical.events[1].Total(), 3);
  // The road first, named by any of its segments.
  Outcome chosen = ApplyAction(state, knight_with({road, other_city}));
  ASSERT_TRUE(chosen.verdict.legal());
  ASSERT_EQ(chosen.events.size(), 2u);
  EXPECT_EQ(chosen.events[0].feature_kind, FeatureKind::kRoad);
  EXPECT_EQ(chosen.events[1].feature_kind, FeatureKind::kCity);
  EXPECT_EQ(chosen.next->players[0].score, 7);
  // Anything but each completed feature once is illegal (AMB-40).
  for (const std::vector<SegmentAddress>& wrong : std::vector<std::vector<SegmentAddress>>{
           {city}, {city, other_city}, {city, road, open_road}, {open_road, city}}) {
    const Verdict verdict = ValidateAction(state, knight_with(wrong));
    ASSERT_EQ(Codes(verdict), std::vector<ViolationCode>{ViolationCode::kScoringOrderInvalid})
        << wrong.size();
    EXPECT_EQ(verdict.violations[0].rule_id, "AMB-40");
  }
  Action pass = PassAction{};
  pass.scoring_order = {road, city};
  EXPECT_TRUE(ValidateAction(state, pass).legal());
  // Only the action that ends the figure step carries an order.
  Action tile = PlaceTileAction{Tile("base:U"), {2, 0}, Rotation{0}};
  tile.scoring_order = {road, city};
  EXPECT_EQ(Codes(ValidateAction(*chosen.next, tile)),
            std::vector<ViolationCode>{ViolationCode::kScoringOrderInvalid});
  // A segment that is not on the board is malformed.
  EXPECT_EQ(CheckAction(state, knight_with({{{5, 5}, 0}, city})).at(0).field, "scoring_order[0]");
}

TEST(SnapshotTest, InconsistentSnapshotsAreReported) {
  GameState state = TwoPlayerGame();
  state.tiles.push_back({Tile("base:E"), {0, 0}, Rotation{0}});
  std::vector<Problem> problems = CheckSnapshot(state);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0].field, "tiles[1]");

  state = TwoPlayerGame();
  state.players[1].followers = 5;  // two followers missing
  problems = CheckSnapshot(state);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].field, "players[1].followers");
}

// No more copies of a tile type than the set holds, placed and in the bag
// together: the base set has 4 base:D; the start tile is one, so a bag of
// 2147483647 more uses 2147483648 (counted without overflowing an int), and
// three more is exactly the set.
TEST(SnapshotTest, TilesPlacedAndInTheBagAreCountedAgainstTheSet) {
  GameState state = TwoPlayerGame();
  state.bag = TileBag{{{Tile("base:D"), 2147483647}}};
  std::vector<Problem> problems = CheckSnapshot(state);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].field, "bag.tiles[0].count");  // the bag's entry of the type
  EXPECT_EQ(problems[0].message,
            "the set has 4 base:D tiles; the snapshot uses 2147483648 (placed and in the bag)");
  state.bag = TileBag{{{Tile("base:D"), 3}}};
  EXPECT_TRUE(CheckSnapshot(state).empty());
  state.bag = TileBag{{{Tile("base:D"), 4}}};
  problems = CheckSnapshot(state);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].message,
            "the set has 4 base:D tiles; the snapshot uses 5 (placed and in the bag)");
}

// A snapshot is checked in stages (referee.h): once a part is invalid,
// nothing downstream reads it. A figure of no player in a castle decision
// (whose check reads the knight's owner's castle tokens, BC-10) is reported
// once, by the figures' check, and nothing else is.
TEST(SnapshotTest, NothingDownstreamReadsAnInvalidPart) {
  RuleSet rules;
  rules.expansions = {Expansion::kBridgesCastlesAndBazaars};
  rules.bc_castles = true;
  GameState state = std::get<GameState>(NewGame({"Ann", "Bob"}, rules));
  const Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  ASSERT_TRUE(placed.verdict.legal());
  const Outcome knight =
      ApplyAction(*placed.next, PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 0}});
  ASSERT_TRUE(knight.verdict.legal());
  ASSERT_EQ(knight.next->phase, Phase::kPlaceCastle);
  ASSERT_TRUE(CheckSnapshot(*knight.next).empty());
  for (int owner : {-1, 2, 1 << 28}) {
    GameState hostile = *knight.next;
    hostile.figures[0].owner = owner;
    const std::vector<Problem> problems = CheckSnapshot(hostile);
    ASSERT_EQ(problems.size(), 1u) << owner;
    EXPECT_EQ(problems[0].field, "figures[0].owner");
  }
  // The same with a deciding player of no player: the castle's check (whose
  // turn order counts from it) does not run.
  GameState hostile = *knight.next;
  hostile.deciding_player = 1 << 28;
  const std::vector<Problem> problems = CheckSnapshot(hostile);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].field, "deciding_player");
}

// BG-20: the game ends when the last tile is placed: a game over with tiles
// left in a tracked bag is no game's snapshot.
TEST(SnapshotTest, GameOverHasAnEmptyBag) {
  GameState state = TwoPlayerGame();
  state.phase = Phase::kGameOver;
  std::vector<Problem> problems = CheckSnapshot(state);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].field, "bag.tiles");
  state.bag = TileBag{};
  EXPECT_TRUE(CheckSnapshot(state).empty());
  state.bag.reset();
  EXPECT_TRUE(CheckSnapshot(state).empty());
}

// Scores are 0 to kMaxScore; a score that would pass it stops there (so the
// next snapshot passes the check too). base:E closes the start tile's city:
// Ann's knight scores 4 (BG-11).
TEST(SnapshotTest, ScoresAreBounded) {
  GameState state = TwoPlayerGame();
  for (int score : {-1, kMaxScore + 1, 2147483647}) {
    state.players[0].score = score;
    const std::vector<Problem> problems = CheckSnapshot(state);
    ASSERT_EQ(problems.size(), 1u) << score;
    EXPECT_EQ(problems[0].field, "players[0].score");
  }
  state.players[0].score = kMaxScore - 1;
  const Outcome placed = ApplyAction(state, PlaceTileAction{Tile("base:E"), {0, -1}, Rotation{2}});
  const Outcome scored =
      ApplyAction(*placed.next, PlaceFigureAction{FigureKind::kFollower, {{0, -1}, 0}});
  ASSERT_EQ(scored.events.size(), 1u);
  EXPECT_EQ(scored.events[0].Total(), 4);
  EXPECT_EQ(scored.next->players[0].score, kMaxScore);
  EXPECT_TRUE(CheckSnapshot(*scored.next).empty());
}

}  // namespace
}  // namespace carcassonne

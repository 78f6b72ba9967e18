// Bridges, Castles & Bazaars, the bazaars module (options bc.bazaars,
// bc.bazaar_bidding): the bazaar after a bazaar tile (BC-18), the auction
// (BC-19, BC-20; the rules' cases BC-T06 and BC-T07), the bought tiles placed
// instead of drawing (BC-21), the variant without bidding (BC-22), no bazaar
// while bazaar tiles are held (BC-23), the engine's bid limit (BC-Q2) and the
// snapshot checks. Scenario files: tests/scenarios/bc_t06_*.json,
// bc_t07_*.json, bc_18_*.json, bc_21_*.json.
#include "engine/expansions/bazaars.h"

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

RuleSet BazaarRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kBridgesCastlesAndBazaars};
  rules.bc_bazaars = true;
  return rules;
}

bool Refused(const Verdict& verdict, ViolationCode code, std::string_view rule_id) {
  return !verdict.legal() && verdict.violations.front().code == code &&
         verdict.violations.front().rule_id == rule_id;
}

// Red (0, active), Blue (1), Green (2), 10 points each. Red places bcb:06 (a
// field tile with the bazaar symbol, fields all round) south of the start
// tile base:D, whose south side is field, and places no figure.
Game RedPlacedABazaarTile(RuleSet rules = BazaarRules()) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue", "Green"}, rules));
  for (Player& player : state.players) player.score = 10;
  Game game(state);
  const PlaceTileAction bazaar{Tile("bcb:06"), {0, 1}, Rotation{0}};
  EXPECT_TRUE(game.Validate(bazaar).legal());
  game.Apply(bazaar);
  EXPECT_TRUE(game.Validate(PassAction{}).legal());
  EXPECT_TRUE(game.Apply(PassAction{}).empty());
  return game;
}

const DrawBazaarTilesAction kThreeTiles{{Tile("base:B"), Tile("base:E"), Tile("base:V")}};

void Apply(Game& game, const Action& action) {
  const Verdict verdict = game.Validate(action);
  ASSERT_TRUE(verdict.legal()) << verdict.violations.front().message;
  game.Apply(action);
  ASSERT_TRUE(CheckSnapshot(game.state()).empty());
}

TEST(BazaarsTest, TheOptionNeedsTheExpansion) {
  RuleSet rules;
  rules.bc_bazaars = true;
  const auto result = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(result));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(result), "rules.bc_bazaars"));
  EXPECT_TRUE(std::holds_alternative<GameState>(NewGame({"Red", "Blue"}, BazaarRules())));
}

// BC-19 with the Abbot (AB-01): the garden edition's tiles are the set, so a
// garden twin (base:Eg: 0 copies in the classic edition, 1 in the garden
// edition) may be revealed in a bazaar, and the snapshot with it revealed
// passes its own check, which counted the classic edition's copies (fuzz
// finding F7, fuzz_engine_games). Red places bcb:06 (1 copy in either
// edition) and passes; the three tiles revealed each have a copy in the bag:
// base:Eg 1, base:E 4, base:V 8 (garden edition).
TEST(BazaarsTest, Bc19WithTheAbbotAGardenTwinMayBeRevealed) {
  RuleSet rules = BazaarRules();
  rules.expansions.push_back(Expansion::kAbbot);
  Game game = RedPlacedABazaarTile(rules);
  ASSERT_EQ(game.state().phase, Phase::kBazaarDraw);
  ASSERT_EQ(game.state().bag->CountOf(Tile("base:Eg")), 1);
  Apply(game, DrawBazaarTilesAction{{Tile("base:Eg"), Tile("base:E"), Tile("base:V")}});
  EXPECT_EQ(game.state().phase, Phase::kBazaarOffer);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // Without the Abbot base:Eg is not in the game: the draw is refused.
  Game classic = RedPlacedABazaarTile();
  EXPECT_TRUE(Refused(
      classic.Validate(DrawBazaarTilesAction{{Tile("base:Eg"), Tile("base:E"), Tile("base:V")}}),
      ViolationCode::kBazaarDrawInvalid, "BC-19"));
}

TEST(BazaarsTest, Bc18ABazaarTileOpensTheBazaarOnceTheTurnIsOver) {
  Game game = RedPlacedABazaarTile();
  // BC-18: the turn (tile, figure step, scoring) is over: the bazaar's tiles
  // are drawn, by the caller, in the active player's name.
  EXPECT_EQ(game.state().phase, Phase::kBazaarDraw);
  EXPECT_EQ(game.state().active_player, 0);
  EXPECT_EQ(game.state().deciding_player, 0);
  EXPECT_FALSE(game.state().bazaar_due);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // With a tracked bag the draw is the caller's: nothing listed, no pass.
  EXPECT_TRUE(game.ListLegalActions(nullptr).actions.empty());
  EXPECT_TRUE(Refused(game.Validate(PassAction{}), ViolationCode::kBazaarDrawInvalid, "BC-18"));
  // BC-19: one tile per player (3), each in the bag.
  EXPECT_TRUE(Refused(game.Validate(DrawBazaarTilesAction{{Tile("base:B"), Tile("base:E")}}),
                      ViolationCode::kBazaarDrawInvalid, "BC-19"));
  // base:C: 1 copy in the set, and it is in the bag once.
  EXPECT_TRUE(Refused(
      game.Validate(DrawBazaarTilesAction{{Tile("base:C"), Tile("base:C"), Tile("base:E")}}),
      ViolationCode::kBazaarDrawInvalid, "BC-19"));
  const int bag_before = game.state().bag->Total();
  Apply(game, kThreeTiles);
  EXPECT_EQ(game.state().bag->Total(), bag_before - 3);
  // BC-19: the player to the left of the active player picks first.
  EXPECT_EQ(game.state().phase, Phase::kBazaarOffer);
  EXPECT_EQ(game.state().deciding_player, 1);
  ASSERT_EQ(game.state().bazaar_lots.size(), 3u);
}

// BC-19: the caller's draw names one known tile per player, of a set in the
// game. A missing tile (an engine caller's null), a tile of a set not in the
// game or more tiles than seats are malformed (CheckAction, as the service
// refuses them); the null tile is also refused by Validate
// (BAZAAR_DRAW_INVALID, BC-19) when an engine caller skips CheckAction, and
// nothing is applied.
TEST(BazaarsTest, Bc19EachTileRevealedIsAKnownTileOfTheGame) {
  Game game = RedPlacedABazaarTile();
  ASSERT_EQ(game.state().phase, Phase::kBazaarDraw);
  EXPECT_TRUE(CheckAction(game.state(), kThreeTiles).empty());
  const DrawBazaarTilesAction missing{{Tile("base:B"), nullptr, Tile("base:V")}};
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), missing), "draw_bazaar_tiles.tile_types[1]"));
  // tower:11: the Tower is not in this game.
  const DrawBazaarTilesAction other_set{{Tile("tower:11"), Tile("base:E"), Tile("base:V")}};
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), other_set), "draw_bazaar_tiles.tile_types[0]"));
  // 7 tiles: more than the most seats of any game (6).
  const DrawBazaarTilesAction seven{std::vector<const TileType*>(7, Tile("base:E"))};
  EXPECT_TRUE(HasProblem(CheckAction(game.state(), seven), "draw_bazaar_tiles.tile_types"));
  // An engine caller that skips CheckAction: the null tile is refused, not
  // read; the bag and the phase are as they were.
  const int bag_before = game.state().bag->Total();
  for (const DrawBazaarTilesAction& draw :
       {missing, DrawBazaarTilesAction{{nullptr, nullptr, nullptr}}}) {
    EXPECT_TRUE(Refused(game.Validate(draw), ViolationCode::kBazaarDrawInvalid, "BC-19"));
    const Outcome outcome = ApplyAction(game.state(), draw);
    EXPECT_FALSE(outcome.verdict.legal());
    EXPECT_FALSE(outcome.next.has_value());
  }
  EXPECT_TRUE(Refused(game.Validate(other_set), ViolationCode::kBazaarDrawInvalid, "BC-19"));
  EXPECT_EQ(game.state().bag->Total(), bag_before);
  EXPECT_EQ(game.state().phase, Phase::kBazaarDraw);
}

TEST(BazaarsTest, Bc18NoBazaarWhenFewerTilesThanPlayersAreLeft) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue", "Green"}, BazaarRules()));
  // The bag: bcb:06 and one base:E. After bcb:06 is placed 1 tile is left,
  // fewer than the 3 players: no bazaar (BC-18).
  state.bag = TileBag{{{Tile("base:E"), 1}, {Tile("bcb:06"), 1}}};
  ASSERT_TRUE(CheckSnapshot(state).empty());
  Game game(state);
  game.Apply(PlaceTileAction{Tile("bcb:06"), {0, 1}, Rotation{0}});
  game.Apply(PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_FALSE(game.state().bazaar_due);
}

TEST(BazaarsTest, Bc18WithoutATrackedBagTheCallerMaySayTooFewAreLeft) {
  GameState state = std::get<GameState>(NewGame({"Red", "Blue", "Green"}, BazaarRules()));
  state.bag.reset();
  Game game(state);
  game.Apply(PlaceTileAction{Tile("bcb:06"), {0, 1}, Rotation{0}});
  game.Apply(PassAction{});
  ASSERT_EQ(game.state().phase, Phase::kBazaarDraw);
  const LegalActions legal = game.ListLegalActions(nullptr);
  ASSERT_EQ(legal.actions.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<PassAction>(legal.actions[0]));
  // base:C: the set's only copy may be drawn once, not twice.
  EXPECT_TRUE(Refused(
      game.Validate(DrawBazaarTilesAction{{Tile("base:C"), Tile("base:C"), Tile("base:E")}}),
      ViolationCode::kBazaarDrawInvalid, "BC-19"));
  Game drawn = game;
  Apply(drawn, DrawBazaarTilesAction{{Tile("base:C"), Tile("base:E"), Tile("base:V")}});
  EXPECT_EQ(drawn.state().phase, Phase::kBazaarOffer);
  Apply(game, PassAction{});
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  EXPECT_TRUE(game.state().bazaar_lots.empty());
}

// BC-T06: Blue picks tile A (base:B) and bids 2, Green bids 4, Red bids 5;
// Blue sells: Red takes A and pays Blue 5.
TEST(BazaarsTest, BcT06ThePickerSellsToTheHighestBidder) {
  Game game = RedPlacedABazaarTile();
  Apply(game, kThreeTiles);
  Apply(game, OfferBazaarTileAction{0, 2});
  EXPECT_EQ(game.state().phase, Phase::kBazaarBid);
  EXPECT_EQ(game.state().deciding_player, 2);  // clockwise from the picker
  // A bid must beat 2 and stay within Green's score of 10 (BC-Q2).
  EXPECT_TRUE(Refused(game.Validate(BidForBazaarTileAction{2}), ViolationCode::kBazaarBidNotAllowed,
                      "BC-19"));
  EXPECT_TRUE(Refused(game.Validate(BidForBazaarTileAction{11}),
                      ViolationCode::kBazaarBidNotAllowed, "BC-Q2"));
  // Listed: the lowest (3) and the highest (10) legal bid, and the pass.
  const LegalActions legal = game.ListLegalActions(nullptr);
  ASSERT_EQ(legal.actions.size(), 3u);
  EXPECT_EQ(std::get<BidForBazaarTileAction>(legal.actions[0]).bid, 3);
  EXPECT_EQ(std::get<BidForBazaarTileAction>(legal.actions[1]).bid, 10);
  Apply(game, BidForBazaarTileAction{4});
  EXPECT_EQ(game.state().deciding_player, 0);
  Apply(game, BidForBazaarTileAction{5});
  // Everyone else has bid once: the picker decides.
  EXPECT_EQ(game.state().phase, Phase::kBazaarSettle);
  EXPECT_EQ(game.state().deciding_player, 1);
  EXPECT_EQ(game.ListLegalActions(nullptr).actions.size(), 2u);  // buy, sell
  const Verdict sell = game.Validate(SettleBazaarAuctionAction{false});
  ASSERT_TRUE(sell.legal());
  const std::vector<ScoreEvent> events = game.Apply(SettleBazaarAuctionAction{false});
  // BC-20: Red pays the bid, 5, to Blue: Red 10 - 5 = 5, Blue 10 + 5 = 15.
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kBazaar);
  EXPECT_EQ(events[0].PointsFor(0), -5);
  EXPECT_EQ(events[0].PointsFor(1), 5);
  EXPECT_EQ(game.state().players[0].score, 5);
  EXPECT_EQ(game.state().players[1].score, 15);
  EXPECT_EQ(game.state().players[2].score, 10);
  EXPECT_EQ(game.state().bazaar_lots[0].owner, 0);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // The next picker: the next player without a tile after Blue, Green.
  EXPECT_EQ(game.state().phase, Phase::kBazaarOffer);
  EXPECT_EQ(game.state().deciding_player, 2);
  // Red's tile is no longer on offer.
  EXPECT_TRUE(Refused(game.Validate(OfferBazaarTileAction{0, 0}),
                      ViolationCode::kBazaarLotNotAvailable, "BC-19"));
  // Green takes base:E at 0 when Blue passes: nothing is paid.
  Apply(game, OfferBazaarTileAction{1, 0});
  EXPECT_EQ(game.state().deciding_player, 1);
  EXPECT_TRUE(game.Apply(PassAction{}).empty());
  // BC-20: Blue, the last without a tile, takes base:V for free; BC-21: the
  // bazaar is over and Blue's turn begins with base:V instead of a draw.
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 1);
  ASSERT_EQ(game.state().bazaar_lots.size(), 3u);
  EXPECT_EQ(game.state().bazaar_lots[1].owner, 2);
  EXPECT_EQ(game.state().bazaar_lots[2].owner, 1);
  EXPECT_EQ(
      game.state().players[0].score + game.state().players[1].score + game.state().players[2].score,
      30);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // A tile other than Blue's is refused, with BC-21.
  EXPECT_TRUE(Refused(game.Validate(PlaceTileAction{Tile("base:B"), {1, 1}, Rotation{0}}),
                      ViolationCode::kBazaarTileExpected, "BC-21"));
  const int bag = game.state().bag->Total();
  const LegalActions placements = game.ListLegalActions(Tile("base:V"));
  ASSERT_FALSE(placements.actions.empty());
  EXPECT_TRUE(game.ListLegalActions(Tile("base:B")).actions.empty());
  Apply(game, placements.actions.front());
  // BC-21: the bazaar tile comes from no bag.
  EXPECT_EQ(game.state().bag->Total(), bag);
  EXPECT_EQ(game.state().bazaar_lots.size(), 2u);
}

// BC-T07: nobody outbids Blue's 2 and Blue buys: Blue -2, nobody gains.
TEST(BazaarsTest, BcT07ThePickerBuysAtTheirOwnBidAndThePointsAreLost) {
  Game game = RedPlacedABazaarTile();
  Apply(game, kThreeTiles);
  Apply(game, OfferBazaarTileAction{0, 2});
  Apply(game, PassAction{});                                        // Green
  const std::vector<ScoreEvent> events = game.Apply(PassAction{});  // Red
  // No decision: selling needs a higher bidder (BC-20); Blue buys.
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].feature_kind, FeatureKind::kBazaar);
  EXPECT_EQ(events[0].majority_players, std::vector<int>{1});
  EXPECT_EQ(events[0].PointsFor(1), -2);
  EXPECT_EQ(game.state().players[0].score, 10);
  EXPECT_EQ(game.state().players[1].score, 8);
  EXPECT_EQ(game.state().players[2].score, 10);
  EXPECT_EQ(game.state().bazaar_lots[0].owner, 1);
  EXPECT_EQ(game.state().phase, Phase::kBazaarOffer);
  EXPECT_EQ(game.state().deciding_player, 2);
  EXPECT_TRUE(CheckSnapshot(game.state()).empty());
  // Ended now (AMB-48), mid-bazaar: nothing on the board scores (no figure),
  // the payment stays, the tiles of the bazaar leave with the game.
  const FinalScoring ended = ScoreGame(game.state());
  EXPECT_TRUE(ended.events.empty());
  EXPECT_EQ(ended.final_scores, (std::vector<int>{10, 8, 10}));
}

TEST(BazaarsTest, BcQ2APickerBuysOnlyWhenTheirScoreCoversTheBid) {
  Game game = RedPlacedABazaarTile();
  game.mutable_state().players[1].score = 3;
  Apply(game, kThreeTiles);
  EXPECT_TRUE(Refused(game.Validate(OfferBazaarTileAction{0, -1}),
                      ViolationCode::kBazaarBidNotAllowed, "BC-19"));
  EXPECT_TRUE(Refused(game.Validate(OfferBazaarTileAction{0, 4}),
                      ViolationCode::kBazaarBidNotAllowed, "BC-Q2"));
  EXPECT_TRUE(Refused(game.Validate(OfferBazaarTileAction{3, 0}),
                      ViolationCode::kBazaarLotNotAvailable, "BC-19"));
  // Offers: three tiles, each with bids 0 and 3 (Blue's score).
  EXPECT_EQ(game.ListLegalActions(nullptr).actions.size(), 6u);
  Apply(game, OfferBazaarTileAction{0, 0});
  Apply(game, PassAction{});               // Green
  Apply(game, BidForBazaarTileAction{8});  // Red
  ASSERT_EQ(game.state().phase, Phase::kBazaarSettle);
  EXPECT_TRUE(Refused(game.Validate(SettleBazaarAuctionAction{true}),
                      ViolationCode::kBazaarSettleNotAllowed, "BC-Q2"));
  const LegalActions legal = game.ListLegalActions(nullptr);
  ASSERT_EQ(legal.actions.size(), 1u);
  EXPECT_FALSE(std::get<SettleBazaarAuctionAction>(legal.actions[0]).buy);
  game.Apply(SettleBazaarAuctionAction{false});
  // Red pays 8 to Blue: Red 10 - 8 = 2, Blue 3 + 8 = 11.
  EXPECT_EQ(game.state().players[0].score, 2);
  EXPECT_EQ(game.state().players[1].score, 11);
}

TEST(BazaarsTest, Bc22WithoutBiddingEachPlayerSimplyTakesATile) {
  RuleSet rules = BazaarRules();
  rules.bc_bazaar_bidding = false;
  Game game = RedPlacedABazaarTile(rules);
  Apply(game, kThreeTiles);
  EXPECT_TRUE(Refused(game.Validate(OfferBazaarTileAction{0, 1}),
                      ViolationCode::kBazaarBidNotAllowed, "BC-22"));
  // One offer per tile, bid 0.
  EXPECT_EQ(game.ListLegalActions(nullptr).actions.size(), 3u);
  EXPECT_TRUE(game.Apply(OfferBazaarTileAction{2, 0}).empty());
  EXPECT_EQ(game.state().bazaar_lots[2].owner, 1);
  EXPECT_EQ(game.state().phase, Phase::kBazaarOffer);
  EXPECT_EQ(game.state().deciding_player, 2);
  Apply(game, OfferBazaarTileAction{0, 0});
  // Red is left with base:E; nothing was paid.
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().bazaar_lots[1].owner, 0);
  for (const Player& player : game.state().players) EXPECT_EQ(player.score, 10);
}

// The bazaar with three tiles where Blue obtains bcb:05 (a tile with the
// bazaar symbol: city N, road S), Green base:E and Red base:V, nothing paid.
Game BazaarWhereBlueGetsABazaarTile(GameState start) {
  Game game(start);
  game.Apply(PlaceTileAction{Tile("bcb:06"), {0, 1}, Rotation{0}});
  game.Apply(PassAction{});
  game.Apply(DrawBazaarTilesAction{{Tile("bcb:05"), Tile("base:E"), Tile("base:V")}});
  game.Apply(OfferBazaarTileAction{0, 0});  // Blue picks bcb:05
  game.Apply(PassAction{});                 // Green
  game.Apply(PassAction{});                 // Red: Blue buys at 0
  game.Apply(OfferBazaarTileAction{1, 0});  // Green picks base:E
  game.Apply(PassAction{});                 // Blue has a tile; Red passes: Green buys
  return game;
}

TEST(BazaarsTest, Bc23NoBazaarWhileBazaarTilesAreHeld) {
  GameState start = std::get<GameState>(NewGame({"Red", "Blue", "Green"}, BazaarRules()));
  Game game = BazaarWhereBlueGetsABazaarTile(start);
  ASSERT_EQ(game.state().phase, Phase::kPlaceTile);
  ASSERT_EQ(game.state().active_player, 1);
  ASSERT_EQ(game.state().bazaar_lots[2].owner, 0);
  // Blue places the bazaar tile bought, somewhere it fits.
  const LegalActions legal = game.ListLegalActions(Tile("bcb:05"));
  ASSERT_FALSE(legal.actions.empty());
  Apply(game, legal.actions.front());
  Apply(game, PassAction{});
  // BC-23: Green and Red still hold their tiles: no bazaar.
  EXPECT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_EQ(game.state().active_player, 2);
  EXPECT_FALSE(game.state().bazaar_due);
  EXPECT_EQ(game.state().bazaar_lots.size(), 2u);
}

TEST(BazaarsTest, Bc21AHeldBazaarTileIsPlacedNotTheAbbey) {
  // Known gap BC-21 (engine practice): with the abbey (AM-03), a player who
  // holds a bazaar tile draws nothing and places that tile.
  RuleSet rules = BazaarRules();
  rules.expansions.push_back(Expansion::kAbbeyAndMayor);
  rules.am_abbey = true;
  GameState start = std::get<GameState>(NewGame({"Red", "Blue", "Green"}, rules));
  Game game = BazaarWhereBlueGetsABazaarTile(start);
  ASSERT_EQ(game.state().phase, Phase::kPlaceTile);
  ASSERT_EQ(game.state().active_player, 1);
  ASSERT_EQ(game.state().players[1].abbeys, 1);
  EXPECT_TRUE(Refused(game.Validate(PlaceTileAction{Tile("am:abbey"), {1, 0}, Rotation{0}}),
                      ViolationCode::kBazaarTileExpected, "BC-21"));
  for (const Action& action : game.ListLegalActions(Tile("bcb:05")).actions) {
    EXPECT_FALSE(std::get<PlaceTileAction>(action).tile->abbey);
  }
}

TEST(BazaarsTest, Bc21TheGameGoesOnUntilTheBazaarTilesArePlaced) {
  GameState start = std::get<GameState>(NewGame({"Red", "Blue", "Green"}, BazaarRules()));
  // The bag: bcb:06, then base:E, base:V, bcb:05: the bazaar empties it.
  start.bag =
      TileBag{{{Tile("base:E"), 1}, {Tile("base:V"), 1}, {Tile("bcb:05"), 1}, {Tile("bcb:06"), 1}}};
  ASSERT_TRUE(CheckSnapshot(start).empty());
  Game game = BazaarWhereBlueGetsABazaarTile(start);
  EXPECT_EQ(game.state().bag->Total(), 0);
  // BG-20 waits: three bazaar tiles are held (BC-21).
  ASSERT_EQ(game.state().phase, Phase::kPlaceTile);
  EXPECT_TRUE(Refused(game.Validate(EndGameAction{}), ViolationCode::kGameEndNotAllowed, "BG-20"));
  for (const char* id : {"bcb:05", "base:E", "base:V"}) {
    SCOPED_TRACE(id);
    const LegalActions legal = game.ListLegalActions(Tile(id));
    ASSERT_FALSE(legal.actions.empty());
    Apply(game, legal.actions.front());
    Apply(game, PassAction{});
  }
  // Red placed the last bazaar tile: the game is over.
  EXPECT_EQ(game.state().phase, Phase::kGameOver);
  EXPECT_TRUE(game.state().bazaar_lots.empty());
}

TEST(BazaarsTest, SnapshotChecks) {
  Game game = RedPlacedABazaarTile();
  Apply(game, kThreeTiles);
  Apply(game, OfferBazaarTileAction{0, 2});
  ASSERT_TRUE(CheckSnapshot(game.state()).empty());
  GameState no_auction = game.state();
  no_auction.bazaar_auction.reset();
  EXPECT_TRUE(HasProblem(CheckSnapshot(no_auction), "bazaar_auction"));
  GameState two_each = game.state();
  two_each.phase = Phase::kPlaceTile;
  two_each.bazaar_auction.reset();
  two_each.deciding_player = two_each.active_player;
  two_each.bazaar_lots[0].owner = 1;
  two_each.bazaar_lots[1].owner = 1;
  two_each.bazaar_lots[2].owner = 0;
  EXPECT_TRUE(HasProblem(CheckSnapshot(two_each), "bazaar_lots"));
  GameState high_bid = game.state();
  high_bid.bazaar_auction->bid = 11;  // Blue has 10 (BC-Q2)
  EXPECT_TRUE(HasProblem(CheckSnapshot(high_bid), "bazaar_auction"));
  GameState off = game.state();
  off.rules.bc_bazaars = false;
  EXPECT_FALSE(CheckSnapshot(off).empty());
  // An action of the bazaar outside it: WRONG_PHASE with the reason.
  Game placing(std::get<GameState>(NewGame({"Red", "Blue"}, BazaarRules())));
  const Verdict verdict = placing.Validate(OfferBazaarTileAction{0, 0});
  ASSERT_FALSE(verdict.legal());
  EXPECT_EQ(verdict.violations.front().code, ViolationCode::kWrongPhase);
  EXPECT_EQ(verdict.violations.front().rule_id, "BC-18");
}

}  // namespace
}  // namespace carcassonne

// Hostile snapshots through the real handlers (service/handlers.h), without a
// server process: a snapshot whose fields name players, segments or cells
// that do not exist, or carry counts no game reaches, must get
// INVALID_ARGUMENT naming the field, never a crash (the snapshot check reads
// nothing it has found invalid, referee.h) nor an answer. A snapshot the
// service accepts gets an answer whose snapshot the service accepts too.
//
// The fuzz table: for each kind of index or count field of a snapshot, on a
// real position of a game where the field is in use (a castle decision, a
// wagon's move, the Count's rounds, ...), the values -1, the number of
// players, 2^28, INT32_MIN and INT32_MAX (or the field's own hostile values)
// through ScoreGame, ValidateAction and ListLegalActions.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "engine/referee.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "service/convert.h"
#include "service/handlers.h"
#include "tests/engine/random_play.h"

namespace carcassonne::service {
namespace {

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
constexpr int32_t kHuge = 1 << 28;

v1::GameState FromJson(const std::string& json) {
  v1::GameState state;
  const auto status = google::protobuf::util::JsonStringToMessage(json, &state);
  EXPECT_TRUE(status.ok()) << status.ToString();
  return state;
}

// The fields a BadRequest detail names.
std::vector<std::string> BadFields(const grpc::Status& status) {
  std::vector<std::string> fields;
  google::rpc::Status details;
  if (!details.ParseFromString(status.error_details())) return fields;
  for (const google::protobuf::Any& any : details.details()) {
    google::rpc::BadRequest bad_request;
    if (!any.UnpackTo(&bad_request)) continue;
    for (const auto& violation : bad_request.field_violations()) {
      fields.push_back(violation.field());
    }
  }
  return fields;
}

std::string Join(const std::vector<std::string>& fields) {
  std::string joined;
  for (const std::string& field : fields) joined += (joined.empty() ? "" : ", ") + field;
  return "[" + joined + "]";
}

// INVALID_ARGUMENT whose BadRequest names `field` or a field inside it.
::testing::AssertionResult RejectedAt(const grpc::Status& status, const std::string& field) {
  if (status.error_code() != grpc::StatusCode::INVALID_ARGUMENT) {
    return ::testing::AssertionFailure()
           << "status " << status.error_code() << " (" << status.error_message()
           << "), not INVALID_ARGUMENT naming " << field;
  }
  const std::vector<std::string> fields = BadFields(status);
  for (const std::string& named : fields) {
    if (named == field || named.starts_with(field + ".") || named.starts_with(field + "[")) {
      return ::testing::AssertionSuccess();
    }
  }
  return ::testing::AssertionFailure() << "INVALID_ARGUMENT names " << Join(fields) << ", not "
                                       << field << " (" << status.error_message() << ")";
}

grpc::Status ScoreGame(const v1::GameState& state) {
  v1::ScoreGameRequest request;
  *request.mutable_state() = state;
  v1::ScoreGameResponse response;
  return HandleScoreGame(request, &response);
}

grpc::Status ValidatePass(const v1::GameState& state) {
  v1::ValidateActionRequest request;
  *request.mutable_state() = state;
  request.mutable_action()->mutable_pass();
  v1::ValidateActionResponse response;
  return HandleValidateAction(request, &response);
}

grpc::Status ListLegalActions(const v1::GameState& state) {
  v1::ListLegalActionsRequest request;
  *request.mutable_state() = state;
  request.set_tile_type("base:D");
  v1::ListLegalActionsResponse response;
  return HandleListLegalActions(request, &response);
}

// A castle decision: base:E closes base:D's city, two segments with a knight
// (BC-10); the knight's owner is `owner`.
std::string CastleOffer(int64_t owner) {
  return R"({
    "rules": {"expansions": ["EXPANSION_BRIDGES_CASTLES_AND_BAZAARS"], "bcCastles": true},
    "players": [{"name": "Ann", "followers": 6, "castles": 3},
                {"name": "Bob", "followers": 7, "castles": 3}],
    "tiles": [{"tileType": "base:D"}, {"tileType": "base:E", "y": -1, "rotation": 180}],
    "figures": [{"kind": "FIGURE_KIND_FOLLOWER", "owner": )" +
         std::to_string(owner) + R"(,
                 "segment": {"x": 0, "y": -1, "location": "LOCATION_S"}}],
    "phase": "PHASE_PLACE_CASTLE",
    "castleOffers": [{"x": 0, "y": -1, "location": "LOCATION_S"}]
  })";
}

// The request of issue #19 (SIGSEGV before the snapshot check went in stages),
// and the owners that read out of bounds (ASan).
TEST(HostileSnapshotTest, CastleDecisionWithAFigureOfNoPlayerIsMalformed) {
  for (int64_t owner :
       {int64_t{268435456}, int64_t{2}, int64_t{-1}, int64_t{kMin}, int64_t{kMax}}) {
    SCOPED_TRACE("owner " + std::to_string(owner));
    const v1::GameState state = FromJson(CastleOffer(owner));
    EXPECT_TRUE(RejectedAt(ScoreGame(state), "state.figures[0].owner"));
    EXPECT_TRUE(RejectedAt(ValidatePass(state), "state.figures[0].owner"));
    EXPECT_TRUE(RejectedAt(ListLegalActions(state), "state.figures[0].owner"));
  }
  // The same snapshot with Ann's knight is a castle decision.
  EXPECT_TRUE(ScoreGame(FromJson(CastleOffer(0))).ok());
}

// BC-10: each city once among the offers. (Offered twice, building the castle
// left the second offer on a castle: an answer the service then refused.)
TEST(HostileSnapshotTest, CastleOfferListedTwiceIsMalformed) {
  v1::ApplyActionRequest request;
  *request.mutable_state() = FromJson(CastleOffer(0));
  // The same city by its other segment, then by the same one.
  v1::SegmentRef* other = request.mutable_state()->add_castle_offers();
  other->set_x(0);
  other->set_location(v1::LOCATION_N);
  request.mutable_action()->mutable_build_castle();
  v1::ApplyActionResponse response;
  EXPECT_TRUE(RejectedAt(HandleApplyAction(request, &response), "state.castle_offers[1]"));
  request.mutable_state()->mutable_castle_offers(1)->CopyFrom(request.state().castle_offers(0));
  EXPECT_TRUE(RejectedAt(HandleApplyAction(request, &response), "state.castle_offers[1]"));
}

// ---------------------------------------------------------------------------
// The fuzz table.

// Real positions: seeded random games through the engine, the first position
// that `wanted` accepts.
v1::GameState FindPosition(const RuleSet& rules, int players,
                           const std::function<bool(const GameState&)>& wanted) {
  const std::vector<std::string> names = {"A", "B", "C", "D", "E"};
  for (uint32_t seed = 0; seed < 200; ++seed) {
    RandomPlay play(seed);
    GameState state = std::get<GameState>(
        NewGame(std::vector<std::string>(names.begin(), names.begin() + players), rules));
    while (state.phase != Phase::kGameOver) {
      if (wanted(state)) {
        v1::GameState proto;
        GameStateToProto(state, &proto);
        return proto;
      }
      const Game game(state);
      play.Draw(game);
      const Action action = play.Choose(play.List(game));
      play.Played(action);
      state = *ApplyAction(state, action).next;
    }
    if (wanted(state)) {
      v1::GameState proto;
      GameStateToProto(state, &proto);
      return proto;
    }
  }
  ADD_FAILURE() << "no position found";
  return v1::GameState();
}

RuleSet Rules(std::vector<Expansion> expansions, const std::function<void(RuleSet&)>& options) {
  RuleSet rules;
  rules.expansions = std::move(expansions);
  options(rules);
  return rules;
}

void NoOptions(RuleSet&) {}

// The positions the table starts from, found once.
struct Positions {
  v1::GameState castle_offer;    // PHASE_PLACE_CASTLE (BC-10), King & Robber Baron
  v1::GameState castle_built;    // a castle on the board
  v1::GameState wagon_move;      // PHASE_WAGON_MOVE (AM-12)
  v1::GameState barn_placed;     // a barn on the board (AM-15)
  v1::GameState count_redeploy;  // PHASE_COUNT_REDEPLOY (CO-13), followers in Carcassonne
  v1::GameState count_final;     // PHASE_COUNT_FINAL_REDEPLOY (CO-46)
  v1::GameState king_held;       // the King and the Robber Baron held (KR-09, KR-12)
  v1::GameState magic_figures;   // both magic figures on the board (MW-02)
  v1::GameState goods;           // Traders & Builders, a player with goods (TB-04)
  v1::GameState bazaar_bid;      // PHASE_BAZAAR_BID (BC-19), a lot on offer, 3 players
};

// BC-18, BC-19: Red places bcb:06 (a bazaar tile), the bazaar reveals base:B,
// base:E, base:V, and Blue offers base:B at 2; Green is to bid. Players have
// 10 points each.
v1::GameState BazaarBidPosition() {
  RuleSet rules;
  rules.expansions = {Expansion::kBridgesCastlesAndBazaars};
  rules.bc_bazaars = true;
  GameState state = std::get<GameState>(NewGame({"Red", "Blue", "Green"}, rules));
  for (Player& player : state.players) player.score = 10;
  const Catalogue& tiles = Catalogue::Get();
  for (const Action& action :
       std::vector<Action>{PlaceTileAction{tiles.Find("bcb:06"), {0, 1}, Rotation{0}}, PassAction{},
                           DrawBazaarTilesAction{
                               {tiles.Find("base:B"), tiles.Find("base:E"), tiles.Find("base:V")}},
                           OfferBazaarTileAction{0, 2}}) {
    state = *ApplyAction(state, action).next;
  }
  v1::GameState proto;
  GameStateToProto(state, &proto);
  return proto;
}

const Positions& TablePositions() {
  static const Positions* const positions = [] {
    auto* found = new Positions;
    const RuleSet castles_and_king =
        Rules({Expansion::kBridgesCastlesAndBazaars, Expansion::kKingAndRobberBaron},
              [](RuleSet& rules) { rules.bc_castles = true; });
    found->castle_offer = FindPosition(castles_and_king, 3, [](const GameState& state) {
      return state.phase == Phase::kPlaceCastle;
    });
    found->castle_built = FindPosition(castles_and_king, 3, [](const GameState& state) {
      return !state.castles.empty() && state.phase == Phase::kPlaceTile;
    });
    const RuleSet abbey_mayor = Rules({Expansion::kAbbeyAndMayor}, [](RuleSet& rules) {
      rules.am_mayor = true;
      rules.am_wagon = true;
      rules.am_barn = true;
    });
    found->wagon_move = FindPosition(
        abbey_mayor, 3, [](const GameState& state) { return state.phase == Phase::kWagonMove; });
    found->barn_placed = FindPosition(abbey_mayor, 3, [](const GameState& state) {
      return !state.barns.empty() && state.phase == Phase::kPlaceTile;
    });
    const RuleSet count = Rules({Expansion::kCountOfCarcassonne}, NoOptions);
    found->count_redeploy = FindPosition(count, 3, [](const GameState& state) {
      return state.phase == Phase::kCountRedeploy && !state.count.followers.empty();
    });
    found->count_final = FindPosition(
        count, 3, [](const GameState& state) { return state.phase == Phase::kCountFinalRedeploy; });
    found->king_held = FindPosition(
        Rules({Expansion::kKingAndRobberBaron}, NoOptions), 3, [](const GameState& state) {
          return state.king.holder && state.robber_baron.holder && state.phase == Phase::kPlaceTile;
        });
    found->magic_figures =
        FindPosition(Rules({Expansion::kMageAndWitch}, NoOptions), 3, [](const GameState& state) {
          return state.mage && state.witch && state.phase == Phase::kPlaceTile;
        });
    found->goods = FindPosition(
        Rules({Expansion::kTradersAndBuilders}, NoOptions), 3, [](const GameState& state) {
          return !(state.players[0].goods == TradeGoods{}) && state.phase == Phase::kPlaceTile;
        });
    found->bazaar_bid = BazaarBidPosition();
    return found;
  }();
  return *positions;
}

// One row: a field of a position, set to each hostile value in turn.
struct Row {
  std::string field;  // its path in a request ("state. ...")
  const v1::GameState* position;
  std::function<void(v1::GameState&, int32_t)> set;
  std::vector<int32_t> values;  // empty: the index values (-1, players, 2^28, INT32_MIN/MAX)
};

std::vector<Row> Table() {
  const Positions& at = TablePositions();
  std::vector<Row> rows;
  auto add = [&](std::string field, const v1::GameState& position,
                 std::function<void(v1::GameState&, int32_t)> set,
                 std::vector<int32_t> values = {}) {
    rows.push_back({std::move(field), &position, std::move(set), std::move(values)});
  };
  using S = v1::GameState;
  const std::vector<int32_t> kCells = {-1025, 1025, kHuge, kMin, kMax};
  // Players: whose figure, whose turn, whose decision.
  for (const v1::GameState* position :
       {&at.castle_offer, &at.wagon_move, &at.count_redeploy, &at.count_final, &at.king_held,
        &at.magic_figures, &at.barn_placed}) {
    if (position->figures_size() > 0) {
      add("state.figures[0].owner", *position,
          [](S& s, int32_t v) { s.mutable_figures(0)->set_owner(v); });
      add(
          "state.figures[0]", *position,
          [](S& s, int32_t v) { s.mutable_figures(0)->mutable_segment()->set_x(v); }, kCells);
    }
    add("state.active_player", *position, [](S& s, int32_t v) { s.set_active_player(v); });
    add("state.deciding_player", *position, [](S& s, int32_t v) { s.set_deciding_player(v); });
  }
  add(
      "state.tiles[1]", at.castle_offer, [](S& s, int32_t v) { s.mutable_tiles(1)->set_y(v); },
      kCells);
  // Scores and supplies (referee.h's bounds).
  add("state.players[0].score", at.castle_offer,
      [](S& s, int32_t v) { s.mutable_players(0)->set_score(v); },
      {-1, kMaxScore + 1, kHuge, kMin, kMax});
  for (auto [name, set] : std::vector<std::pair<std::string, void (v1::Player::*)(int32_t)>>{
           {"followers", &v1::Player::set_followers},
           {"mayors", &v1::Player::set_mayors},
           {"wagons", &v1::Player::set_wagons},
           {"barns", &v1::Player::set_barns}}) {
    add("state.players[1]." + name, at.wagon_move,
        [set](S& s, int32_t v) { (s.mutable_players(1)->*set)(v); }, {-1, 8, kHuge, kMin, kMax});
  }
  add("state.players[1].castles", at.castle_offer,
      [](S& s, int32_t v) { s.mutable_players(1)->set_castles(v); }, {-1, 4, kHuge, kMin, kMax});
  add("state.players[0].goods", at.goods,
      [](S& s, int32_t v) { s.mutable_players(0)->mutable_goods()->set_wine(v); },
      {-1, 10, kHuge, kMin, kMax});
  add("state.players[0].goods", at.goods,
      [](S& s, int32_t v) { s.mutable_players(0)->mutable_goods()->set_grain(v); },
      {-1, 7, kHuge, kMin, kMax});
  add("state.players[0].goods", at.goods,
      [](S& s, int32_t v) { s.mutable_players(0)->mutable_goods()->set_cloth(v); },
      {-1, 6, kHuge, kMin, kMax});
  add("state.bag.tiles[0].count", at.castle_offer,
      [](S& s, int32_t v) { s.mutable_bag()->mutable_tiles(0)->set_count(v); },
      {-1, 0, kHuge, kMin, kMax});
  // Bridges, Castles & Bazaars.
  add(
      "state.castle_offers[0]", at.castle_offer,
      [](S& s, int32_t v) { s.mutable_castle_offers(0)->set_y(v); }, kCells);
  add("state.castles[0].owner", at.castle_built,
      [](S& s, int32_t v) { s.mutable_castles(0)->set_owner(v); });
  add(
      "state.castles[0].segments[1]", at.castle_built,
      [](S& s, int32_t v) { s.mutable_castles(0)->mutable_segments(1)->set_x(v); }, kCells);
  add("state.castles[0].pending_points", at.castle_built,
      [](S& s, int32_t v) { s.mutable_castles(0)->set_pending_points(v); },
      {-1, kMaxScore + 1, kHuge, kMin, kMax});
  // Abbey & Mayor.
  add("state.wagons_to_move[0].owner", at.wagon_move,
      [](S& s, int32_t v) { s.mutable_wagons_to_move(0)->set_owner(v); });
  add(
      "state.wagons_to_move[0].segment", at.wagon_move,
      [](S& s, int32_t v) { s.mutable_wagons_to_move(0)->mutable_segment()->set_y(v); }, kCells);
  add("state.barns[0].owner", at.barn_placed,
      [](S& s, int32_t v) { s.mutable_barns(0)->set_owner(v); });
  add(
      "state.barns[0]", at.barn_placed, [](S& s, int32_t v) { s.mutable_barns(0)->set_x(v); },
      kCells);
  // The Count of Carcassonne.
  add("state.count.count_quarter", at.count_redeploy,
      [](S& s, int32_t v) { s.mutable_count()->set_count_quarter(static_cast<v1::Quarter>(v)); },
      {-1, 5, kHuge, kMin, kMax});
  add("state.count.followers[0].owner", at.count_redeploy,
      [](S& s, int32_t v) { s.mutable_count()->mutable_followers(0)->set_owner(v); });
  add("state.count.followers[0].quarter", at.count_redeploy,
      [](S& s, int32_t v) {
        s.mutable_count()->mutable_followers(0)->set_quarter(static_cast<v1::Quarter>(v));
      },
      {-1, 5, kHuge, kMin, kMax});
  add("state.count.followers[0].kind", at.count_redeploy,
      [](S& s, int32_t v) {
        s.mutable_count()->mutable_followers(0)->set_kind(static_cast<v1::FigureKind>(v));
      },
      {-1, 7, kHuge, kMin, kMax});
  add(
      "state.count.pending_features[0]", at.count_redeploy,
      [](S& s, int32_t v) { s.mutable_count()->mutable_pending_features(0)->set_x(v); }, kCells);
  add("state.count.final_passed[0]", at.count_final,
      [](S& s, int32_t v) { s.mutable_count()->add_final_passed(v); });
  // King & Robber Baron.
  add("state.king_and_robber_baron.king_holder", at.king_held,
      [](S& s, int32_t v) { s.mutable_king_and_robber_baron()->set_king_holder(v); });
  add("state.king_and_robber_baron.robber_holder", at.king_held,
      [](S& s, int32_t v) { s.mutable_king_and_robber_baron()->set_robber_holder(v); });
  add("state.king_and_robber_baron.king_holder_before_turn", at.king_held,
      [](S& s, int32_t v) { s.mutable_king_and_robber_baron()->set_king_holder_before_turn(v); });
  add("state.king_and_robber_baron.robber_holder_before_turn", at.king_held,
      [](S& s, int32_t v) { s.mutable_king_and_robber_baron()->set_robber_holder_before_turn(v); });
  add("state.king_and_robber_baron.king_record", at.king_held,
      [](S& s, int32_t v) { s.mutable_king_and_robber_baron()->set_king_record(v); });
  // Bridges, Castles & Bazaars, the bazaar (BC-19; bids within kMaxScore).
  add("state.bazaar_lots[0].owner", at.bazaar_bid,
      [](S& s, int32_t v) { s.mutable_bazaar_lots(0)->set_owner(v); });
  add("state.bazaar_auction", at.bazaar_bid,
      [](S& s, int32_t v) { s.mutable_bazaar_auction()->set_lot(v); });
  add("state.bazaar_auction", at.bazaar_bid,
      [](S& s, int32_t v) { s.mutable_bazaar_auction()->set_picker(v); });
  add("state.bazaar_auction", at.bazaar_bid,
      [](S& s, int32_t v) { s.mutable_bazaar_auction()->set_high_bidder(v); });
  add("state.bazaar_auction", at.bazaar_bid,
      [](S& s, int32_t v) { s.mutable_bazaar_auction()->set_bid(v); },
      {-1, kMaxScore + 1, kHuge, kMin, kMax});
  // Mage & Witch.
  add(
      "state.magic_figures.mage", at.magic_figures,
      [](S& s, int32_t v) { s.mutable_magic_figures()->mutable_mage()->set_x(v); }, kCells);
  add(
      "state.magic_figures.witch", at.magic_figures,
      [](S& s, int32_t v) { s.mutable_magic_figures()->mutable_witch()->set_y(v); }, kCells);
  return rows;
}

TEST(HostileSnapshotTest, EveryIndexAndCountFieldOutOfRangeIsMalformed) {
  const std::vector<Row> rows = Table();
  for (const Row& row : rows) {
    // The position itself is well-formed.
    ASSERT_TRUE(ScoreGame(*row.position).ok()) << row.field;
    const int32_t players = row.position->players_size();
    const std::vector<int32_t> values =
        row.values.empty() ? std::vector<int32_t>{-1, players, kHuge, kMin, kMax} : row.values;
    for (int32_t value : values) {
      SCOPED_TRACE(row.field + " = " + std::to_string(value) + " in phase " +
                   v1::Phase_Name(row.position->phase()));
      v1::GameState state = *row.position;
      row.set(state, value);
      EXPECT_TRUE(RejectedAt(ScoreGame(state), row.field));
      EXPECT_TRUE(RejectedAt(ValidatePass(state), row.field));
      EXPECT_TRUE(RejectedAt(ListLegalActions(state), row.field));
    }
  }
}

// ---------------------------------------------------------------------------
// Bounds that keep every sum within an int (referee.h), and a snapshot the
// service accepts gets an answer whose snapshot it accepts.

// Ann passes on the castle: her city of two tiles scores 4 (BG-09, BG-11,
// BC-10 declined) on top of `score`, which stops at kMaxScore. A score past
// the bound is malformed (before, INT32_MAX wrapped round to a negative score
// in an OK answer, which the service then refused).
TEST(HostileSnapshotTest, ScoresStayWithinTheirBound) {
  for (int32_t score : {kMaxScore - 1, kMaxScore, kMaxScore + 1, kMax - 1, kMax}) {
    SCOPED_TRACE("score " + std::to_string(score));
    v1::ApplyActionRequest request;
    *request.mutable_state() = FromJson(CastleOffer(0));
    request.mutable_state()->mutable_players(0)->set_score(score);
    request.mutable_action()->mutable_pass();
    v1::ApplyActionResponse response;
    const grpc::Status status = HandleApplyAction(request, &response);
    if (score > kMaxScore) {
      EXPECT_TRUE(RejectedAt(status, "state.players[0].score"));
      continue;
    }
    ASSERT_TRUE(status.ok()) << status.error_message();
    ASSERT_EQ(response.events_size(), 1);
    EXPECT_EQ(response.events(0).points(0).points(), 4);
    // A score stops at kMaxScore.
    EXPECT_EQ(response.state().players(0).score(), kMaxScore);
    EXPECT_TRUE(ScoreGame(response.state()).ok());
  }
}

// TB-04: Green completes a city with 1 wine and 2 grain (the position of
// tests/scenarios/tb_t02_goods_to_completer.json): a hand stops at the
// symbols on the tiles (9 wine, 6 grain), so the answer passes the check; a
// hand past them is malformed (before, INT32_MAX wine wrapped round).
TEST(HostileSnapshotTest, GoodsStayWithinTheirBound) {
  const std::string json = R"({
    "rules": {"expansions": ["EXPANSION_TRADERS_AND_BUILDERS"]},
    "players": [{"name": "Red", "score": 4, "followers": 7, "builders": 1, "pigs": 1},
                {"name": "Blue", "score": 6, "followers": 6, "builders": 1, "pigs": 1},
                {"name": "Green", "score": 2, "followers": 7, "builders": 1, "pigs": 1,
                 "goods": {"grain": 5}}],
    "tiles": [{"tileType": "base:D"}, {"tileType": "tb:13", "y": -1, "rotation": 180},
              {"tileType": "tb:17", "x": -1, "y": -1}, {"tileType": "tb:01", "x": 1, "y": -1},
              {"tileType": "base:K", "x": 1, "y": -2, "rotation": 180}],
    "figures": [{"kind": "FIGURE_KIND_FOLLOWER", "owner": 1,
                 "segment": {"x": 0, "y": -1, "location": "LOCATION_S"}}],
    "phase": "PHASE_PLACE_TILE", "activePlayer": 2, "decidingPlayer": 2
  })";
  for (int32_t wine : {8, 9, 10, kMax}) {
    SCOPED_TRACE("wine " + std::to_string(wine));
    v1::PlayTurnRequest request;
    *request.mutable_state() = FromJson(json);
    request.mutable_state()->mutable_players(2)->mutable_goods()->set_wine(wine);
    v1::PlaceTile* place = request.add_actions()->mutable_place_tile();
    place->set_tile_type("base:E");
    place->set_x(-2);
    place->set_y(-1);
    place->set_rotation(90);
    request.add_actions()->mutable_pass();
    v1::PlayTurnResponse response;
    const grpc::Status status = HandlePlayTurn(request, &response);
    if (wine > kMaxGoods.wine) {
      EXPECT_TRUE(RejectedAt(status, "state.players[2].goods.wine"));
      continue;
    }
    ASSERT_TRUE(status.ok()) << status.error_message();
    ASSERT_TRUE(response.verdict().legal()) << response.verdict().DebugString();
    EXPECT_EQ(response.state().players(2).goods().wine(), 9);
    EXPECT_EQ(response.state().players(2).goods().grain(), 6);
    EXPECT_TRUE(ScoreGame(response.state()).ok());
  }
}

// A bag entry is named by its place in the request, whatever order the
// engine keeps the bag in (the catalogue's): base:D, listed first, is the one
// whose count passes the set's 4 (the start tile is one of them).
TEST(HostileSnapshotTest, BagEntriesAreNamedAsTheRequestListsThem) {
  v1::GameState state = FromJson(R"({
    "players": [{"name": "Ann", "followers": 7}, {"name": "Bob", "followers": 7}],
    "tiles": [{"tileType": "base:D"}],
    "phase": "PHASE_PLACE_TILE",
    "bag": {"tiles": [{"tileType": "base:D", "count": 4}, {"tileType": "base:A", "count": 1}]}
  })");
  const grpc::Status status = ScoreGame(state);
  EXPECT_TRUE(RejectedAt(status, "state.bag.tiles[0].count"));
  EXPECT_EQ(BadFields(status).size(), 1u) << Join(BadFields(status));
  state.mutable_bag()->mutable_tiles(0)->set_count(3);
  EXPECT_TRUE(ScoreGame(state).ok());
}

// BG-20: the game ends when the last tile is placed: a game that is over has
// an empty bag (when the bag is tracked).
TEST(HostileSnapshotTest, GameOverWithTilesInTheBagIsMalformed) {
  v1::GameState over = FromJson(R"({
    "players": [{"name": "Ann", "followers": 7}, {"name": "Bob", "followers": 7}],
    "tiles": [{"tileType": "base:D"}],
    "phase": "PHASE_GAME_OVER",
    "bag": {}
  })");
  EXPECT_TRUE(ScoreGame(over).ok());
  v1::TileCount* entry = over.mutable_bag()->add_tiles();
  entry->set_tile_type("base:A");
  entry->set_count(2);
  EXPECT_TRUE(RejectedAt(ScoreGame(over), "state.bag.tiles"));
  EXPECT_TRUE(RejectedAt(ValidatePass(over), "state.bag.tiles"));
  // Untracked, the bag says nothing.
  over.clear_bag();
  EXPECT_TRUE(ScoreGame(over).ok());
}

}  // namespace
}  // namespace carcassonne::service

// The referee over a real loopback server: this test starts the built
// carcassonne_referee binary as a child process (--port=0 --metrics_port=0: the
// OS picks free ports, which the server prints in its start-up line), waits for
// health SERVING, then exercises every RPC over a gRPC channel, the rich
// INVALID_ARGUMENT errors, health, reflection (via `buf curl`), the Prometheus
// endpoint, one full game, and the clean SIGTERM shutdown. (The server as a
// child process: server_process.h. Overload, memory, the lame duck and the
// streams that must not starve health: resilience_test.cc.)
//
// Every wait has a deadline, so a broken server fails the test instead of
// hanging it.
// (Over 600 lines: one fixture over one server process for every RPC; a split per RPC family is a
// debt.)
// Why one file: the end-to-end tests of every RPC share one in-process server fixture.
#include <arpa/inet.h>
#include <fcntl.h>
#include <grpcpp/grpcpp.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "gtest/gtest.h"
#include "server_process.h"

namespace carcassonne::service {
namespace {

namespace v1 = ::carcassonne::v1;
using namespace test_server;  // NOLINT: the shared test helpers (server_process.h)

std::string Join(const std::vector<std::string>& items) {
  std::string joined;
  for (const std::string& item : items) joined += (joined.empty() ? "" : ", ") + item;
  return "[" + joined + "]";
}

// ---------------------------------------------------------------------------
// Request builders.

v1::Action PlaceTile(const std::string& tile, int x, int y, int rotation) {
  v1::Action action;
  v1::PlaceTile* place = action.mutable_place_tile();
  place->set_tile_type(tile);
  place->set_x(x);
  place->set_y(y);
  place->set_rotation(rotation);
  return action;
}

v1::Action PlaceFollower(int x, int y, v1::Location location) {
  v1::Action action;
  v1::PlaceFigure* place = action.mutable_place_figure();
  place->set_kind(v1::FIGURE_KIND_FOLLOWER);
  place->mutable_segment()->set_x(x);
  place->mutable_segment()->set_y(y);
  place->mutable_segment()->set_location(location);
  return action;
}

v1::Action Pass() {
  v1::Action action;
  action.mutable_pass();
  return action;
}

// Opens a health Watch of `service` with `health`, ending at `timeout` at the latest.
std::unique_ptr<grpc::ClientReader<grpc::health::v1::HealthCheckResponse>> StartWatch(
    grpc::health::v1::Health::Stub& health, grpc::ClientContext& context,
    const std::string& service, std::chrono::seconds timeout) {
  context.set_deadline(std::chrono::system_clock::now() + timeout);
  grpc::health::v1::HealthCheckRequest request;
  request.set_service(service);
  return health.Watch(&context, request);
}

int BagCount(const v1::GameState& state, const std::string& tile) {
  for (const v1::TileCount& entry : state.bag().tiles()) {
    if (entry.tile_type() == tile) return entry.count();
  }
  return 0;
}

int BagTotal(const v1::GameState& state) {
  int total = 0;
  for (const v1::TileCount& entry : state.bag().tiles()) total += entry.count();
  return total;
}

// ---------------------------------------------------------------------------
// The fixture: one server per test suite run (gtest_discover_tests runs each
// test in its own process, so each test gets a fresh server).

class ServiceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess();
    // No lame duck: each test has its server, stopped at its end (the lame
    // duck itself is tested in resilience_test.cc).
    start_error_ = server_->Start({"--lame_duck_seconds=0"});
    if (!start_error_.empty()) return;
    channel_ = new std::shared_ptr<grpc::Channel>(
        grpc::CreateChannel(server_->target(), grpc::InsecureChannelCredentials()));
    if (!WaitForServing(*channel_, ""))
      start_error_ = "health never said SERVING: " + server_->Log();
  }

  static void TearDownTestSuite() {
    delete channel_;
    channel_ = nullptr;
    // The server that answered every test still stops cleanly (a crash, or a
    // sanitizer report at exit, shows here).
    if (server_ != nullptr && start_error_.empty()) {
      const std::optional<int> status = server_->Stop(SIGTERM, kStopTimeout);
      if (status != 0) {
        ADD_FAILURE() << "the server did not exit with status 0 after SIGTERM: "
                      << (status ? std::to_string(*status) : "no clean exit") << "\n"
                      << server_->Log();
      }
    }
    delete server_;
    server_ = nullptr;
  }

  void SetUp() override {
    ASSERT_EQ(start_error_, "");
    stub_ = v1::RefereeService::NewStub(*channel_);
  }

  template <typename Request, typename Response>
  grpc::Status Call(grpc::Status (v1::RefereeService::Stub::*method)(grpc::ClientContext*,
                                                                     const Request&, Response*),
                    const Request& request, Response* response) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    return (stub_.get()->*method)(&context, request, response);
  }

  v1::GameState NewGameState(int players = 2) {
    v1::NewGameRequest request;
    for (int i = 0; i < players; ++i) request.add_player_names("player " + std::to_string(i));
    v1::NewGameResponse response;
    const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.state();
  }

  // The snapshot after player 0 laid base:U at (1, 0): the figure phase.
  v1::GameState AfterPlacingRoad() {
    v1::ApplyActionRequest request;
    *request.mutable_state() = NewGameState();
    *request.mutable_action() = PlaceTile("base:U", 1, 0, 0);
    v1::ApplyActionResponse response;
    const grpc::Status status = Call(&v1::RefereeService::Stub::ApplyAction, request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    EXPECT_TRUE(response.verdict().legal());
    return response.state();
  }

  // Expects INVALID_ARGUMENT whose BadRequest names `field` (first).
  static void ExpectBadField(const grpc::Status& status, const std::string& field) {
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << status.error_message();
    const std::vector<std::string> fields = BadRequestFields(status);
    ASSERT_FALSE(fields.empty()) << "no BadRequest detail; message: " << status.error_message();
    EXPECT_EQ(fields.front(), field)
        << "all fields: " << Join(fields) << "; message: " << status.error_message();
    // The message summarises the first problem.
    EXPECT_EQ(status.error_message().rfind(fields.front(), 0), 0u) << status.error_message();
    google::rpc::Status details;
    ASSERT_TRUE(details.ParseFromString(status.error_details()));
    EXPECT_EQ(details.code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(details.message(), status.error_message());
  }

  void PlayFullGame(v1::GameState state);

  static ServerProcess* server_;
  static std::shared_ptr<grpc::Channel>* channel_;
  static std::string start_error_;
  std::unique_ptr<v1::RefereeService::Stub> stub_;
};

ServerProcess* ServiceTest::server_ = nullptr;
std::shared_ptr<grpc::Channel>* ServiceTest::channel_ = nullptr;
std::string ServiceTest::start_error_;

// ---------------------------------------------------------------------------
// Health and reflection.

TEST_F(ServiceTest, HealthReportsServingForTheServerAndTheRefereeService) {
  auto health = grpc::health::v1::Health::NewStub(*channel_);
  for (const std::string service : {"", kServiceName}) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    grpc::health::v1::HealthCheckRequest request;
    request.set_service(service);
    grpc::health::v1::HealthCheckResponse response;
    const grpc::Status status = health->Check(&context, request, &response);
    ASSERT_TRUE(status.ok()) << "service '" << service << "': " << status.error_message();
    EXPECT_EQ(response.status(), grpc::health::v1::HealthCheckResponse::SERVING) << service;
  }
}

TEST_F(ServiceTest, HealthCheckOfAnUnknownServiceIsNotFound) {
  auto health = grpc::health::v1::Health::NewStub(*channel_);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  grpc::health::v1::HealthCheckRequest request;
  request.set_service("no.such.Service");
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = health->Check(&context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND) << status.error_message();
}

// Watch: the current status at once; an unknown service is SERVICE_UNKNOWN and
// the call stays open (the client ends it).
TEST_F(ServiceTest, HealthWatchSendsTheCurrentStatusAndStaysOpen) {
  auto health = grpc::health::v1::Health::NewStub(*channel_);
  for (const std::string& service : {std::string(kServiceName), std::string("no.such.Service")}) {
    grpc::ClientContext context;
    auto reader = StartWatch(*health, context, service, kCallTimeout);
    grpc::health::v1::HealthCheckResponse response;
    ASSERT_TRUE(reader->Read(&response)) << service;
    EXPECT_EQ(response.status(), service == kServiceName
                                     ? grpc::health::v1::HealthCheckResponse::SERVING
                                     : grpc::health::v1::HealthCheckResponse::SERVICE_UNKNOWN)
        << service;
    context.TryCancel();
    while (reader->Read(&response)) {
    }
    EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::CANCELLED) << service;
  }
}

std::string BufCurl(const std::string& arguments) {
  return std::string(CARCASSONNE_SOURCE_DIR) +
         "/node_modules/.bin/buf curl --protocol grpc --http2-prior-knowledge "
         "--reflect-protocol grpc-v1alpha --timeout 30s " +
         arguments;
}

TEST_F(ServiceTest, ReflectionListsAndDescribesTheServices) {
  const std::string buf = std::string(CARCASSONNE_SOURCE_DIR) + "/node_modules/.bin/buf";
  ASSERT_EQ(access(buf.c_str(), X_OK), 0)
      << buf << " is missing: run scripts/install-deps.sh (npm ci)";
  const std::string url = "http://" + server_->target();

  const auto [services_status, services] = RunCommand(BufCurl("--list-services " + url));
  ASSERT_EQ(services_status, 0) << services;
  EXPECT_NE(services.find("carcassonne.v1.RefereeService\n"), std::string::npos) << services;
  EXPECT_NE(services.find("grpc.health.v1.Health\n"), std::string::npos) << services;
  EXPECT_NE(services.find("grpc.reflection.v1alpha.ServerReflection\n"), std::string::npos)
      << services;

  // Listing the methods makes buf fetch (describe) every service's descriptors.
  const auto [methods_status, methods] = RunCommand(BufCurl("--list-methods " + url));
  ASSERT_EQ(methods_status, 0) << methods;
  for (const char* method : {"NewGame", "ValidateAction", "ApplyAction", "PlayTurn",
                             "ListLegalActions", "ScoreGame", "GetCatalog"}) {
    EXPECT_NE(methods.find(std::string(kServiceName) + "/" + method + "\n"), std::string::npos)
        << method << " missing in:\n"
        << methods;
  }
  EXPECT_NE(methods.find("grpc.health.v1.Health/Check\n"), std::string::npos) << methods;
  EXPECT_NE(methods.find("grpc.health.v1.Health/Watch\n"), std::string::npos) << methods;

  // Calls whose request and response schemas come from reflection alone.
  const auto [health_status, health] =
      RunCommand(BufCurl("-d '{\"service\":\"carcassonne.v1.RefereeService\"}' " + url +
                         "/grpc.health.v1.Health/Check"));
  ASSERT_EQ(health_status, 0) << health;
  EXPECT_NE(health.find("\"SERVING\""), std::string::npos) << health;

  const auto [game_status, game] = RunCommand(
      BufCurl("-d '{\"playerNames\":[\"Ada\",\"Bo\"]}' " + url + "/" + kServiceName + "/NewGame"));
  ASSERT_EQ(game_status, 0) << game;
  EXPECT_NE(game.find("\"base:D\""), std::string::npos) << game;
  EXPECT_NE(game.find("\"PHASE_PLACE_TILE\""), std::string::npos) << game;
}

// ---------------------------------------------------------------------------
// The RPCs.

TEST_F(ServiceTest, NewGameLaysTheStartTileAndFillsTheBag) {
  const v1::GameState state = NewGameState(3);
  ASSERT_EQ(state.players_size(), 3);
  for (const v1::Player& player : state.players()) {
    EXPECT_EQ(player.score(), 0);
    EXPECT_EQ(player.followers(), 7);
  }
  ASSERT_EQ(state.tiles_size(), 1);
  EXPECT_EQ(state.tiles(0).tile_type(), "base:D");
  EXPECT_EQ(state.tiles(0).x(), 0);
  EXPECT_EQ(state.tiles(0).y(), 0);
  EXPECT_EQ(state.tiles(0).rotation(), 0);
  EXPECT_TRUE(state.has_bag());
  EXPECT_EQ(BagTotal(state), 71);
  EXPECT_EQ(BagCount(state, "base:D"), 3);
  EXPECT_EQ(state.phase(), v1::PHASE_PLACE_TILE);
  EXPECT_EQ(state.active_player(), 0);
  EXPECT_EQ(state.deciding_player(), 0);
}

TEST_F(ServiceTest, NewGameRejectsOnePlayer) {
  v1::NewGameRequest request;
  request.add_player_names("alone");
  v1::NewGameResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, request, &response), "player_names");
}

// Abbey & Mayor: options missing what they need are malformed rule sets
// that name their fields; the C1 wagon move is accepted; the built modules
// give the figures to every player.
TEST_F(ServiceTest, AbbeyAndMayorOptionsAreCheckedWithTheirPaths) {
  auto new_game = [](auto set_option) {
    v1::NewGameRequest request;
    request.add_player_names("Ann");
    request.add_player_names("Bob");
    request.mutable_rules()->add_expansions(v1::EXPANSION_ABBEY_AND_MAYOR);
    set_option(*request.mutable_rules());
    return request;
  };
  v1::NewGameResponse response;
  // The abbey needs the expansion (AM-01).
  v1::NewGameRequest abbey_alone = new_game([](v1::RuleSet& rules) { rules.set_am_abbey(true); });
  abbey_alone.mutable_rules()->clear_expansions();
  ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, abbey_alone, &response),
                 "rules.am_abbey");
  // The Count's market round on a farm join (CO-44, AMB-08) needs the
  // Count and the barn.
  ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, new_game([](v1::RuleSet& rules) {
                   rules.set_am_barn(true);
                   rules.set_count_market_redeploy_on_farm_join(true);
                 }),
                      &response),
                 "rules.count_market_redeploy_on_farm_join");
  // The first-edition wagon move (AM-13) is a rule option like the second's;
  // the rule set comes back with it.
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::NewGame, new_game([](v1::RuleSet& rules) {
                rules.set_am_wagon(true);
                rules.set_am_wagon_move(v1::AM_WAGON_MOVE_C1_CONNECTED);
              }),
                   &response)
                  .ok());
  EXPECT_EQ(response.state().rules().am_wagon_move(), v1::AM_WAGON_MOVE_C1_CONNECTED);
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::NewGame, new_game([](v1::RuleSet& rules) {
                rules.set_am_mayor(true);
                rules.set_am_wagon(true);
                rules.set_am_barn(true);
                rules.set_am_abbey(true);
              }),
                   &response)
                  .ok());
  for (const v1::Player& player : response.state().players()) {
    EXPECT_EQ(player.abbeys(), 1);  // AM-01
    EXPECT_EQ(player.mayors(), 1);
    EXPECT_EQ(player.wagons(), 1);
    EXPECT_EQ(player.barns(), 1);
  }
  EXPECT_TRUE(response.state().rules().am_mayor());
  EXPECT_TRUE(response.state().rules().am_wagon());
  // A wagon waiting to move outside PHASE_WAGON_MOVE is malformed (AM-12).
  v1::ValidateActionRequest validate;
  *validate.mutable_state() = response.state();
  v1::Figure* wagon = validate.mutable_state()->add_wagons_to_move();
  wagon->set_kind(v1::FIGURE_KIND_WAGON);
  wagon->set_owner(0);
  wagon->mutable_segment()->set_x(0);
  wagon->mutable_segment()->set_y(0);
  wagon->mutable_segment()->set_location(v1::LOCATION_E);
  validate.mutable_state()->mutable_players(0)->set_wagons(0);
  validate.mutable_action()->mutable_pass();
  v1::ValidateActionResponse validated;
  ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, validate, &validated),
                 "state.wagons_to_move");
}

TEST_F(ServiceTest, GetCatalogListsTheBaseSet) {
  v1::GetCatalogResponse catalog;
  const grpc::Status status =
      Call(&v1::RefereeService::Stub::GetCatalog, v1::GetCatalogRequest(), &catalog);
  ASSERT_TRUE(status.ok()) << status.error_message();
  // The base game first, then the expansions' tile sets.
  ASSERT_GE(catalog.tile_sets_size(), 1);
  const v1::TileSetInfo& base = catalog.tile_sets(0);
  ASSERT_EQ(base.name(), "base");
  // 24 types and the 8 garden twins of the garden edition (AB-01, count 0).
  EXPECT_EQ(base.tile_types_size(), 24 + 8);
  int tiles = 0;
  int start_tiles = 0;
  for (const v1::TileTypeInfo& type : base.tile_types()) {
    tiles += type.count();
    EXPECT_EQ(type.sides_size(), 4) << type.id();
    EXPECT_GT(type.segments_size(), 0) << type.id();
    if (type.start_tile()) {
      ++start_tiles;
      EXPECT_EQ(type.id(), "base:D");
    }
  }
  EXPECT_EQ(tiles, 72);
  EXPECT_EQ(start_tiles, 1);
  // AB-01: the garden edition: base:Eg (count 0) has 1 copy there, in place
  // of one of base:E's 5.
  for (const v1::TileTypeInfo& type : base.tile_types()) {
    if (type.id() == "base:Eg") {
      EXPECT_EQ(type.count(), 0);
      EXPECT_EQ(type.garden_edition_count(), 1);
      EXPECT_EQ(type.garden_twin_of(), "base:E");
    }
    if (type.id() == "base:E") {
      EXPECT_EQ(type.count(), 5);
      EXPECT_EQ(type.garden_edition_count(), 4);
      EXPECT_EQ(type.garden_twin_of(), "");
    }
  }
  for (int expansion : catalog.supported_expansions()) {
    EXPECT_TRUE(v1::Expansion_IsValid(expansion) && expansion != v1::EXPANSION_UNSPECIFIED)
        << expansion;
  }

  // base:D: city N; road E-W; fields (geometry.md): locations at rotation 0 in
  // canonical order, and the bordered city.
  const v1::TileTypeInfo* start = nullptr;
  for (const v1::TileTypeInfo& type : base.tile_types()) {
    if (type.id() == "base:D") start = &type;
  }
  ASSERT_NE(start, nullptr);
  ASSERT_EQ(start->segments_size(), 4);
  EXPECT_EQ(start->segments(0).id(), "c1");
  EXPECT_EQ(start->segments(0).kind(), v1::SEGMENT_KIND_CITY);
  ASSERT_EQ(start->segments(0).locations_size(), 1);
  EXPECT_EQ(start->segments(0).locations(0), v1::LOCATION_N);
  EXPECT_EQ(start->segments(1).kind(), v1::SEGMENT_KIND_ROAD);
  ASSERT_EQ(start->segments(1).locations_size(), 2);
  EXPECT_EQ(start->segments(1).locations(0), v1::LOCATION_E);
  EXPECT_EQ(start->segments(1).locations(1), v1::LOCATION_W);
  EXPECT_EQ(start->segments(2).kind(), v1::SEGMENT_KIND_FIELD);
  ASSERT_EQ(start->segments(2).bordered_cities_size(), 1);
  EXPECT_EQ(start->segments(2).bordered_cities(0), "c1");
  EXPECT_EQ(start->sides(0), v1::TERRAIN_CITY);
  EXPECT_EQ(start->sides(1), v1::TERRAIN_ROAD);

  // Every option of engine/rule_options.cc, the base game's first.
  ASSERT_EQ(catalog.rule_options_size(), 57);
  EXPECT_EQ(catalog.rule_options(25).name(), "bc.bazaar_bidding");
  EXPECT_EQ(catalog.rule_options(26).name(), "cult.tile_set");
  EXPECT_EQ(catalog.rule_options(27).name(), "siege.pig_besieged_value");
  EXPECT_EQ(catalog.rule_options(29).name(), "hs.hill_tiebreak");
  EXPECT_EQ(catalog.rule_options(30).name(), "hs.grow_before_closed_scoring");
  EXPECT_EQ(catalog.rule_options(31).name(), "mage_witch.magic_tile_choice");
  EXPECT_EQ(catalog.rule_options(32).name(), "count.dragon_enters_city_tiles");
  EXPECT_EQ(catalog.rule_options(33).name(), "pd.dragon_move_time");
  EXPECT_EQ(catalog.rule_options(34).name(), "count.mayor_wagon_count_as_two");
  EXPECT_EQ(catalog.rule_options(35).name(), "count.market_redeploy_on_barn");
  EXPECT_EQ(catalog.rule_options(36).name(), "count.market_redeploy_on_farm_join");
  EXPECT_EQ(catalog.rule_options(37).name(), "pd.fairy_placement");
  EXPECT_EQ(catalog.rule_options(38).name(), "pd.princess");
  EXPECT_EQ(catalog.rule_options(39).name(), "tw.tower_top_capturable");
  EXPECT_EQ(catalog.rule_options(40).name(), "ic.edition");
  EXPECT_EQ(catalog.rule_options(41).name(), "ic.c31_incomplete_inn_cathedral");
  EXPECT_EQ(catalog.rule_options(42).name(), "festival.return");
  EXPECT_EQ(catalog.rule_options(43).name(), "base.farmers");  // issue #30's variants
  EXPECT_EQ(catalog.rule_options(47).name(), "ic.classic_incomplete_inn_cathedral");
  EXPECT_EQ(catalog.rule_options(56).name(), "hs.vineyards_around_gardens");
  EXPECT_EQ(catalog.rule_options(16).name(), "am.abbey");
  EXPECT_EQ(catalog.rule_options(19).name(), "am.wagon_move");
  EXPECT_EQ(catalog.rule_options(20).name(), "am.barn");
  EXPECT_EQ(catalog.rule_options(21).name(), "am.barn_multi");
  EXPECT_EQ(catalog.rule_options(23).name(), "bc.castles");
  EXPECT_EQ(catalog.rule_options(1).name(), "tb.goods");
  EXPECT_EQ(catalog.rule_options(11).name(), "count.trigger");
  EXPECT_EQ(catalog.rule_options(4).name(), "river.parts");
  EXPECT_EQ(catalog.rule_options(7).name(), "king_robber.flat_bonus");
  ASSERT_GE(catalog.known_gaps_size(), 1);
  EXPECT_EQ(catalog.known_gaps(0).rule_id(), "IC-13");
  const v1::RuleOptionInfo& option = catalog.rule_options(0);
  EXPECT_EQ(option.name(), "base.tiny_city_points");
  ASSERT_EQ(option.values_size(), 2);
  EXPECT_EQ(option.values(0), "4_points");
  EXPECT_EQ(option.values(1), "2_points");
  EXPECT_EQ(option.default_value(), "4_points");
  ASSERT_EQ(option.rule_ids_size(), 1);
  EXPECT_EQ(option.rule_ids(0), "BG-11");
}

TEST_F(ServiceTest, ValidateActionAcceptsAFittingTile) {
  v1::ValidateActionRequest request;
  *request.mutable_state() = NewGameState();
  // base:U (road E-W) east of the start tile: road meets road.
  *request.mutable_action() = PlaceTile("base:U", 1, 0, 0);
  v1::ValidateActionResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::ValidateAction, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_TRUE(response.verdict().legal());
  EXPECT_EQ(response.verdict().violations_size(), 0);
}

TEST_F(ServiceTest, ValidateActionReportsAnEdgeMismatch) {
  v1::ValidateActionRequest request;
  *request.mutable_state() = NewGameState();
  // base:U north of the start tile: its south side is field, base:D's north
  // side is city (BG-02).
  *request.mutable_action() = PlaceTile("base:U", 0, -1, 0);
  v1::ValidateActionResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::ValidateAction, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_FALSE(response.verdict().legal());
  ASSERT_EQ(response.verdict().violations_size(), 1);
  const v1::Violation& violation = response.verdict().violations(0);
  EXPECT_EQ(violation.code(), v1::VIOLATION_CODE_EDGE_MISMATCH);
  EXPECT_EQ(violation.rule_id(), "BG-02");
  EXPECT_FALSE(violation.message().empty());
  ASSERT_TRUE(violation.has_location());
  EXPECT_EQ(violation.location().x(), 0);
  EXPECT_EQ(violation.location().y(), -1);
}

TEST_F(ServiceTest, ApplyActionPlacesATileThenAFollower) {
  const v1::GameState placed = AfterPlacingRoad();
  EXPECT_EQ(placed.tiles_size(), 2);
  EXPECT_EQ(placed.phase(), v1::PHASE_PLACE_FIGURE);
  EXPECT_EQ(BagCount(placed, "base:U"), 7);
  EXPECT_EQ(BagTotal(placed), 70);

  v1::ApplyActionRequest request;
  *request.mutable_state() = placed;
  *request.mutable_action() = PlaceFollower(1, 0, v1::LOCATION_W);  // the road
  v1::ApplyActionResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::ApplyAction, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_TRUE(response.verdict().legal());
  const v1::GameState& next = response.state();
  EXPECT_EQ(next.phase(), v1::PHASE_PLACE_TILE);
  EXPECT_EQ(next.active_player(), 1);
  EXPECT_EQ(next.players(0).followers(), 6);
  ASSERT_EQ(next.figures_size(), 1);
  EXPECT_EQ(next.figures(0).owner(), 0);
  EXPECT_EQ(next.figures(0).kind(), v1::FIGURE_KIND_FOLLOWER);
  // Answers name a segment canonically: the road touches E and W; E comes first.
  EXPECT_EQ(next.figures(0).segment().x(), 1);
  EXPECT_EQ(next.figures(0).segment().y(), 0);
  EXPECT_EQ(next.figures(0).segment().location(), v1::LOCATION_E);
}

TEST_F(ServiceTest, ApplyActionOfAnIllegalMoveChangesNothing) {
  v1::ApplyActionRequest request;
  *request.mutable_state() = NewGameState();
  *request.mutable_action() = PlaceFollower(0, 0, v1::LOCATION_N);  // wrong phase
  v1::ApplyActionResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::ApplyAction, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_FALSE(response.verdict().legal());
  ASSERT_GT(response.verdict().violations_size(), 0);
  EXPECT_EQ(response.verdict().violations(0).code(), v1::VIOLATION_CODE_WRONG_PHASE);
  EXPECT_FALSE(response.has_state());
  EXPECT_EQ(response.events_size(), 0);
}

TEST_F(ServiceTest, PlayTurnAppliesAWholeTurn) {
  v1::PlayTurnRequest request;
  *request.mutable_state() = NewGameState();
  *request.add_actions() = PlaceTile("base:U", 1, 0, 0);
  // Names a segment of the tile laid by the previous step.
  *request.add_actions() = PlaceFollower(1, 0, v1::LOCATION_W);
  v1::PlayTurnResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::PlayTurn, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_TRUE(response.verdict().legal());
  EXPECT_EQ(response.failed_action_index(), -1);
  ASSERT_TRUE(response.has_state());
  EXPECT_EQ(response.state().tiles_size(), 2);
  EXPECT_EQ(response.state().figures_size(), 1);
  EXPECT_EQ(response.state().active_player(), 1);
}

TEST_F(ServiceTest, PlayTurnNamesTheFirstIllegalStep) {
  v1::PlayTurnRequest request;
  *request.mutable_state() = NewGameState();
  *request.add_actions() = PlaceTile("base:U", 1, 0, 0);
  *request.add_actions() = PlaceTile("base:U", 2, 0, 0);  // a second tile: wrong phase
  v1::PlayTurnResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::PlayTurn, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_FALSE(response.verdict().legal());
  EXPECT_EQ(response.failed_action_index(), 1);
  ASSERT_GT(response.verdict().violations_size(), 0);
  EXPECT_EQ(response.verdict().violations(0).code(), v1::VIOLATION_CODE_WRONG_PHASE);
  EXPECT_FALSE(response.has_state());
  EXPECT_EQ(response.events_size(), 0);
}

TEST_F(ServiceTest, ListLegalActionsListsPlacementsWithFollowerSegments) {
  v1::ListLegalActionsRequest request;
  *request.mutable_state() = NewGameState();
  request.set_tile_type("base:U");
  v1::ListLegalActionsResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::ListLegalActions, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_GT(response.placements_size(), 0);
  ASSERT_EQ(response.actions_size(), response.placements_size());
  bool found_east = false;
  for (int i = 0; i < response.actions_size(); ++i) {
    const v1::Action& action = response.actions(i);
    const v1::LegalPlacement& placement = response.placements(i);
    ASSERT_TRUE(action.has_place_tile());
    EXPECT_EQ(action.place_tile().tile_type(), "base:U");
    EXPECT_EQ(action.place_tile().x(), placement.x());
    EXPECT_EQ(action.place_tile().y(), placement.y());
    EXPECT_EQ(action.place_tile().rotation(), placement.rotation());
    if (placement.x() == 1 && placement.y() == 0 && placement.rotation() == 0) {
      found_east = true;
      // base:U: the road and its two fields.
      EXPECT_EQ(placement.figure_segments_size(), 3);
    }
  }
  EXPECT_TRUE(found_east);

  // The figure phase: each follower option, then Pass.
  v1::ListLegalActionsRequest figure_request;
  *figure_request.mutable_state() = AfterPlacingRoad();
  v1::ListLegalActionsResponse figure_response;
  ASSERT_TRUE(
      Call(&v1::RefereeService::Stub::ListLegalActions, figure_request, &figure_response).ok());
  ASSERT_GT(figure_response.actions_size(), 1);
  EXPECT_TRUE(figure_response.actions(figure_response.actions_size() - 1).has_pass());
  EXPECT_TRUE(figure_response.actions(0).has_place_figure());
  EXPECT_EQ(figure_response.placements_size(), 0);
}

TEST_F(ServiceTest, ScoreGameScoresAnIncompleteRoad) {
  v1::ApplyActionRequest apply;
  *apply.mutable_state() = AfterPlacingRoad();
  *apply.mutable_action() = PlaceFollower(1, 0, v1::LOCATION_E);
  v1::ApplyActionResponse applied;
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::ApplyAction, apply, &applied).ok());
  ASSERT_TRUE(applied.verdict().legal());

  v1::ScoreGameRequest request;
  *request.mutable_state() = applied.state();
  v1::ScoreGameResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::ScoreGame, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(response.final_scores_size(), 2);
  ASSERT_EQ(response.events_size(), 1);
  const v1::ScoreEvent& event = response.events(0);
  EXPECT_EQ(event.feature_kind(), v1::FEATURE_KIND_ROAD);
  EXPECT_EQ(event.trigger(), v1::SCORING_TRIGGER_END_OF_GAME);
  EXPECT_FALSE(event.complete());
  EXPECT_EQ(event.tiles_size(), 2);
  EXPECT_EQ(event.segments_size(), 2);
  ASSERT_EQ(event.majority_players_size(), 1);
  EXPECT_EQ(event.majority_players(0), 0);
  EXPECT_EQ(event.majority_strength(), 1);
  ASSERT_EQ(event.points_size(), 1);
  EXPECT_EQ(event.points(0).player(), 0);
  EXPECT_EQ(event.points(0).points(), 2);  // 2 tiles x 1 (BG-21)
  int line_total = 0;
  for (const v1::LineItem& item : event.line_items()) {
    line_total += item.points();
    EXPECT_FALSE(item.rule_id().empty());
  }
  EXPECT_EQ(line_total, 2);
  ASSERT_EQ(event.returned_figures_size(), 1);
  EXPECT_EQ(event.returned_figures(0).owner(), 0);
  EXPECT_EQ(response.final_scores(0), 2);
  EXPECT_EQ(response.final_scores(1), 0);
}

TEST_F(ServiceTest, AnswersAreDeterministic) {
  std::string first;
  for (int i = 0; i < 3; ++i) {
    v1::ListLegalActionsRequest tile_request;
    *tile_request.mutable_state() = NewGameState();
    tile_request.set_tile_type("base:V");
    v1::ListLegalActionsResponse response;
    ASSERT_TRUE(Call(&v1::RefereeService::Stub::ListLegalActions, tile_request, &response).ok());
    std::string bytes;
    ASSERT_TRUE(response.SerializeToString(&bytes));
    if (i == 0) first = bytes;
    EXPECT_EQ(bytes, first);
  }
}

// ---------------------------------------------------------------------------
// Malformed requests: INVALID_ARGUMENT with a BadRequest naming the field.

TEST_F(ServiceTest, RotationOtherThanQuarterTurnsIsMalformed) {
  v1::ValidateActionRequest request;
  *request.mutable_state() = NewGameState();
  *request.mutable_action() = PlaceTile("base:U", 1, 0, 45);
  v1::ValidateActionResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                 "action.place_tile.rotation");
}

// AMB-40: each entry of Action.scoring_order names a segment on the board
// (else INVALID_ARGUMENT at its index); at most 16 entries.
TEST_F(ServiceTest, ScoringOrderEntriesAreCheckedWithTheirPaths) {
  {
    v1::ValidateActionRequest request;
    *request.mutable_state() = AfterPlacingRoad();
    *request.mutable_action() = Pass();
    v1::SegmentRef* on_board = request.mutable_action()->add_scoring_order();
    on_board->set_x(1);
    on_board->set_y(0);
    on_board->set_location(v1::LOCATION_W);
    v1::SegmentRef* off_board = request.mutable_action()->add_scoring_order();
    off_board->set_x(7);
    off_board->set_y(7);
    off_board->set_location(v1::LOCATION_N);
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.scoring_order[1]");
  }
  {
    v1::ValidateActionRequest request;
    *request.mutable_state() = AfterPlacingRoad();
    *request.mutable_action() = Pass();
    for (int i = 0; i < 17; ++i) {
      v1::SegmentRef* entry = request.mutable_action()->add_scoring_order();
      entry->set_x(1);
      entry->set_y(0);
      entry->set_location(v1::LOCATION_W);
    }
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.scoring_order");
  }
}

// IN-14, IN-Q1: the current edition of Inns & Cathedrals needs the caller's
// reading of the end-game value; the answer names the option's field. With
// it, the game starts with the 21 tiles of ic31 in the bag (IN-01).
TEST_F(ServiceTest, TheCurrentInnsEditionNeedsItsEndGameReading) {
  v1::NewGameRequest new_game;
  new_game.add_player_names("Ann");
  new_game.add_player_names("Bob");
  new_game.mutable_rules()->add_expansions(v1::EXPANSION_INNS_AND_CATHEDRALS);
  new_game.mutable_rules()->set_ic_edition(v1::IC_EDITION_C31);
  v1::NewGameResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, new_game, &response),
                 "rules.ic_c31_incomplete_inn_cathedral");

  new_game.mutable_rules()->set_ic_c31_incomplete_inn_cathedral(
      v1::IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY);
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::NewGame, new_game, &response).ok());
  int current = 0;
  for (const v1::TileCount& entry : response.state().bag().tiles()) {
    EXPECT_FALSE(entry.tile_type().starts_with("ic:")) << entry.tile_type();
    if (entry.tile_type().starts_with("ic31:")) current += entry.count();
  }
  EXPECT_EQ(current, 21);
}

TEST_F(ServiceTest, MalformedCountActionsAndStateNameTheirFields) {
  v1::NewGameRequest new_game;
  new_game.add_player_names("Ann");
  new_game.add_player_names("Bob");
  new_game.mutable_rules()->add_expansions(v1::EXPANSION_COUNT_OF_CARCASSONNE);
  v1::NewGameResponse started;
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::NewGame, new_game, &started).ok());
  {
    // A deployment needs a quarter.
    v1::ValidateActionRequest request;
    *request.mutable_state() = started.state();
    request.mutable_action()->mutable_deploy_to_quarter()->set_kind(v1::FIGURE_KIND_FOLLOWER);
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.deploy_to_quarter.quarter");
  }
  {
    // A redeployment of nobody.
    v1::ValidateActionRequest request;
    *request.mutable_state() = started.state();
    request.mutable_action()->mutable_redeploy_from_quarter()->set_quarter(v1::QUARTER_CASTLE);
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.redeploy_from_quarter");
  }
  {
    // A follower in a quarter that does not exist.
    v1::ValidateActionRequest request;
    *request.mutable_state() = started.state();
    v1::QuarterFollower* follower = request.mutable_state()->mutable_count()->add_followers();
    follower->set_kind(v1::FIGURE_KIND_FOLLOWER);
    follower->set_quarter(static_cast<v1::Quarter>(9));
    *request.mutable_action() = Pass();
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "state.count.followers[0].quarter");
  }
  {
    // The river-first house rule is not built (CO-21).
    v1::NewGameRequest river_first = new_game;
    river_first.mutable_rules()->add_expansions(v1::EXPANSION_RIVER);
    river_first.mutable_rules()->set_count_river_layout(
        v1::COUNT_RIVER_LAYOUT_RIVER_FIRST_HOUSE_RULE);
    v1::NewGameResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, river_first, &response),
                   "rules.count_river_layout");
  }
}

// Bridges, Castles & Bazaars: the expansion brings its 12 land tiles; none of
// its three modules is built, so switching one on is malformed (named field).
TEST_F(ServiceTest, BridgesCastlesBazaarsModulesNeedTheExpansion) {
  v1::NewGameRequest new_game;
  new_game.add_player_names("Ada");
  new_game.add_player_names("Bo");
  new_game.mutable_rules()->add_expansions(v1::EXPANSION_BRIDGES_CASTLES_AND_BAZAARS);
  {
    v1::NewGameRequest modules_off = new_game;
    modules_off.mutable_rules()->set_bc_bridges(false);
    modules_off.mutable_rules()->set_bc_castles(false);
    modules_off.mutable_rules()->set_bc_bazaars(false);
    v1::NewGameResponse response;
    const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, modules_off, &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
    // BC-01: 71 base tiles (the start tile is on the board) + 12 land tiles.
    int in_bag = 0;
    int bcb_in_bag = 0;
    for (const v1::TileCount& entry : response.state().bag().tiles()) {
      in_bag += entry.count();
      if (entry.tile_type().starts_with("bcb:")) bcb_in_bag += entry.count();
    }
    EXPECT_EQ(in_bag, 83);
    EXPECT_EQ(bcb_in_bag, 12);
  }
  {
    // The bridges are built: each player gets 3 bridges (BC-02), and they
    // need the expansion.
    v1::NewGameRequest bridges = new_game;
    bridges.mutable_rules()->set_bc_bridges(true);
    v1::NewGameResponse response;
    const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, bridges, &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
    ASSERT_EQ(response.state().players_size(), 2);
    EXPECT_EQ(response.state().players(0).bridges(), 3);
    EXPECT_EQ(response.state().players(1).bridges(), 3);
    v1::NewGameRequest without_expansion;
    without_expansion.add_player_names("Ada");
    without_expansion.add_player_names("Bo");
    without_expansion.mutable_rules()->set_bc_bridges(true);
    ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, without_expansion, &response),
                   "rules.bc_bridges");
  }
  {
    // The castles are built: each player gets 3 castle tokens (BC-02).
    v1::NewGameRequest castles = new_game;
    castles.mutable_rules()->set_bc_castles(true);
    v1::NewGameResponse response;
    const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, castles, &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
    ASSERT_EQ(response.state().players_size(), 2);
    EXPECT_EQ(response.state().players(0).castles(), 3);
    EXPECT_EQ(response.state().players(1).castles(), 3);
    // ... and need the expansion.
    v1::NewGameRequest without_expansion;
    without_expansion.add_player_names("Ada");
    without_expansion.add_player_names("Bo");
    without_expansion.mutable_rules()->set_bc_castles(true);
    ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, without_expansion, &response),
                   "rules.bc_castles");
  }
  {
    // The bazaars are built (BC-18..BC-23), and need the expansion.
    v1::NewGameRequest bazaars = new_game;
    bazaars.mutable_rules()->set_bc_bazaars(true);
    bazaars.mutable_rules()->set_bc_bazaar_bidding(false);
    v1::NewGameResponse response;
    const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, bazaars, &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_TRUE(response.state().rules().bc_bazaars());
    EXPECT_FALSE(response.state().rules().bc_bazaar_bidding());
    v1::NewGameRequest without_expansion;
    without_expansion.add_player_names("Ada");
    without_expansion.add_player_names("Bo");
    without_expansion.mutable_rules()->set_bc_bazaars(true);
    ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, without_expansion, &response),
                   "rules.bc_bazaars");
  }

  // The catalogue shows the bazaar symbol and the city that may not become a
  // castle (bcb:04, BC-10).
  v1::GetCatalogResponse catalog;
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::GetCatalog, v1::GetCatalogRequest(), &catalog).ok());
  const v1::TileSetInfo* bcb = nullptr;
  for (const v1::TileSetInfo& set : catalog.tile_sets()) {
    if (set.name() == "bcb") bcb = &set;
  }
  ASSERT_NE(bcb, nullptr);
  int bazaars = 0;
  for (const v1::TileTypeInfo& type : bcb->tile_types()) {
    if (type.bazaar()) bazaars += type.count();
    if (type.id() == "bcb:04") {
      ASSERT_GT(type.segments_size(), 0);
      EXPECT_TRUE(type.segments(0).no_castle_base());
    }
  }
  EXPECT_EQ(bazaars, 8);
  bool supported = false;
  for (int expansion : catalog.supported_expansions()) {
    supported = supported || expansion == v1::EXPANSION_BRIDGES_CASTLES_AND_BAZAARS;
  }
  EXPECT_TRUE(supported);
}

// AMB-49: Action.actor names a seat; a seat that is no player is malformed,
// another player's seat is illegal, the deciding seat (or none) acts.
TEST_F(ServiceTest, ActorSeatIsCheckedAndConverted) {
  for (const int seat : {-1, 2, 1000}) {
    v1::ValidateActionRequest request;
    *request.mutable_state() = NewGameState();
    *request.mutable_action() = PlaceTile("base:U", 1, 0, 0);
    request.mutable_action()->set_actor(seat);
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.actor");
  }
  {
    // Seat 1 (Bob) acts in Ann's turn: NOT_YOUR_DECISION, rule BG-01.
    v1::ValidateActionRequest request;
    *request.mutable_state() = NewGameState();
    *request.mutable_action() = PlaceTile("base:U", 1, 0, 0);
    request.mutable_action()->set_actor(1);
    v1::ValidateActionResponse response;
    ASSERT_TRUE(Call(&v1::RefereeService::Stub::ValidateAction, request, &response).ok());
    EXPECT_FALSE(response.verdict().legal());
    ASSERT_EQ(response.verdict().violations_size(), 1);
    EXPECT_EQ(response.verdict().violations(0).code(), v1::VIOLATION_CODE_NOT_YOUR_DECISION);
    EXPECT_EQ(response.verdict().violations(0).rule_id(), "BG-01");
  }
  for (const bool with_seat : {true, false}) {
    // Seat 0 (Ann), or no seat: the deciding player's action, legal.
    v1::ValidateActionRequest request;
    *request.mutable_state() = NewGameState();
    *request.mutable_action() = PlaceTile("base:U", 1, 0, 0);
    if (with_seat) request.mutable_action()->set_actor(0);
    v1::ValidateActionResponse response;
    ASSERT_TRUE(Call(&v1::RefereeService::Stub::ValidateAction, request, &response).ok());
    EXPECT_TRUE(response.verdict().legal());
  }
}

TEST_F(ServiceTest, UnknownTileTypeIsMalformed) {
  v1::ValidateActionRequest request;
  *request.mutable_state() = NewGameState();
  *request.mutable_action() = PlaceTile("base:Z", 1, 0, 0);
  v1::ValidateActionResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                 "action.place_tile.tile_type");
}

TEST_F(ServiceTest, FigureOnASegmentThatDoesNotExistIsMalformed) {
  const v1::GameState placed = AfterPlacingRoad();
  {
    // base:U at rotation 0 has field on its north side: no segment touches N.
    v1::ValidateActionRequest request;
    *request.mutable_state() = placed;
    *request.mutable_action() = PlaceFollower(1, 0, v1::LOCATION_N);
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.place_figure.segment");
  }
  {
    v1::ValidateActionRequest request;
    *request.mutable_state() = placed;
    v1::Action action = PlaceFollower(1, 0, v1::LOCATION_W);
    action.mutable_place_figure()->mutable_segment()->set_segment_id("c9");
    *request.mutable_action() = action;
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.place_figure.segment");
  }
  {
    // No tile on that cell at all.
    v1::ValidateActionRequest request;
    *request.mutable_state() = placed;
    *request.mutable_action() = PlaceFollower(5, 5, v1::LOCATION_N);
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.place_figure.segment");
  }
  {
    // A segment named by neither location nor id.
    v1::ValidateActionRequest request;
    *request.mutable_state() = placed;
    v1::Action action = PlaceFollower(1, 0, v1::LOCATION_W);
    action.mutable_place_figure()->mutable_segment()->clear_segment();
    *request.mutable_action() = action;
    v1::ValidateActionResponse response;
    ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                   "action.place_figure.segment.location");
  }
}

TEST_F(ServiceTest, TwoTilesOnOneCellAreMalformed) {
  v1::ScoreGameRequest request;
  v1::GameState* state = request.mutable_state();
  for (int i = 0; i < 2; ++i) state->add_players()->set_followers(7);
  v1::PlacedTile* start = state->add_tiles();
  start->set_tile_type("base:D");
  v1::PlacedTile* again = state->add_tiles();
  again->set_tile_type("base:U");  // also on (0, 0)
  state->set_phase(v1::PHASE_PLACE_TILE);
  v1::ScoreGameResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::ScoreGame, request, &response), "state.tiles[1]");
}

TEST_F(ServiceTest, SnapshotFieldsAreCheckedWithTheirPaths) {
  v1::ScoreGameRequest request;
  *request.mutable_state() = AfterPlacingRoad();
  request.mutable_state()->mutable_tiles(1)->set_rotation(100);
  request.mutable_state()->set_phase(v1::PHASE_UNSPECIFIED);
  v1::ScoreGameResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::ScoreGame, request, &response);
  ExpectBadField(status, "state.tiles[1].rotation");
  const std::vector<std::string> fields = BadRequestFields(status);
  ASSERT_EQ(fields.size(), 2u) << Join(fields);
  EXPECT_EQ(fields[1], "state.phase");
}

// Mage & Witch: the magic figures and the magic-figure actions are read with
// their own field paths.
TEST_F(ServiceTest, MagicFiguresAreCheckedWithTheirPaths) {
  v1::NewGameRequest new_game;
  new_game.add_player_names("Ann");
  new_game.add_player_names("Bob");
  new_game.mutable_rules()->add_expansions(v1::EXPANSION_MAGE_AND_WITCH);
  v1::NewGameResponse started;
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::NewGame, new_game, &started).ok());
  const v1::GameState game = started.state();
  EXPECT_FALSE(game.has_magic_figures());  // MW-02: both beside the board
  EXPECT_EQ(game.magic_step(), v1::MAGIC_STEP_UNSPECIFIED);
  auto segment = [](int x, int y, v1::Location location) {
    v1::SegmentRef ref;
    ref.set_x(x);
    ref.set_y(y);
    ref.set_location(location);
    return ref;
  };
  auto score = [&](const v1::GameState& state) {
    v1::ScoreGameRequest request;
    *request.mutable_state() = state;
    v1::ScoreGameResponse response;
    return Call(&v1::RefereeService::Stub::ScoreGame, request, &response);
  };
  {
    v1::GameState state = game;  // no tile on (5, 5)
    *state.mutable_magic_figures()->mutable_mage() = segment(5, 5, v1::LOCATION_N);
    ExpectBadField(score(state), "state.magic_figures.mage");
  }
  {
    v1::GameState state = game;  // D's field: only roads and cities (MW-05)
    *state.mutable_magic_figures()->mutable_witch() = segment(0, 0, v1::LOCATION_SSW);
    ExpectBadField(score(state), "state.magic_figures.witch");
  }
  {
    v1::GameState state = game;  // both on D's road
    *state.mutable_magic_figures()->mutable_mage() = segment(0, 0, v1::LOCATION_E);
    *state.mutable_magic_figures()->mutable_witch() = segment(0, 0, v1::LOCATION_W);
    ExpectBadField(score(state), "state.magic_figures.witch");
  }
  {
    v1::GameState state = NewGameState();  // the base game has no magic figures
    *state.mutable_magic_figures()->mutable_mage() = segment(0, 0, v1::LOCATION_E);
    ExpectBadField(score(state), "state.magic_figures");
  }
  {
    v1::GameState state = game;
    state.set_magic_step(static_cast<v1::MagicStep>(9));
    ExpectBadField(score(state), "state.magic_step");
  }
  {
    v1::GameState state = game;  // the magic phase needs a placed tile and its step
    state.set_phase(v1::PHASE_PLACE_MAGIC_FIGURE);
    ExpectBadField(score(state), "state.phase");
  }
  v1::ValidateActionRequest request;
  *request.mutable_state() = game;
  v1::ValidateActionResponse response;
  request.mutable_action()->mutable_move_magic_figure();
  ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                 "action.move_magic_figure.figure");
  request.mutable_action()->mutable_move_magic_figure()->set_figure(v1::MAGIC_FIGURE_WITCH);
  ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                 "action.move_magic_figure.segment");
  *request.mutable_action()->mutable_move_magic_figure()->mutable_segment() =
      segment(0, 0, v1::LOCATION_SSE);  // D has a field there, but the board has no tile (7, 7)
  request.mutable_action()->mutable_move_magic_figure()->mutable_segment()->set_x(7);
  ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                 "action.move_magic_figure.segment");
  request.mutable_action()->mutable_set_aside_magic_figure()->set_figure(
      static_cast<v1::MagicFigure>(7));
  ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response),
                 "action.set_aside_magic_figure.figure");
  // Well formed but illegal: a verdict, not an error (PHASE_PLACE_TILE).
  request.mutable_action()->mutable_set_aside_magic_figure()->set_figure(v1::MAGIC_FIGURE_MAGE);
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::ValidateAction, request, &response).ok());
  EXPECT_FALSE(response.verdict().legal());
  ASSERT_EQ(response.verdict().violations_size(), 1);
  EXPECT_EQ(response.verdict().violations(0).code(), v1::VIOLATION_CODE_WRONG_PHASE);
}

TEST_F(ServiceTest, MissingStateIsMalformed) {
  v1::ValidateActionRequest request;
  *request.mutable_action() = Pass();
  v1::ValidateActionResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::ValidateAction, request, &response), "state");

  v1::ApplyActionRequest apply;
  *apply.mutable_state() = NewGameState();
  v1::ApplyActionResponse applied;
  ExpectBadField(Call(&v1::RefereeService::Stub::ApplyAction, apply, &applied), "action");
}

TEST_F(ServiceTest, ListLegalActionsNeedsTheDrawnTileInTheTilePhase) {
  v1::ListLegalActionsRequest request;
  *request.mutable_state() = NewGameState();
  v1::ListLegalActionsResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::ListLegalActions, request, &response),
                 "tile_type");
}

TEST_F(ServiceTest, PlayTurnNeedsOneToSixteenActions) {
  v1::PlayTurnRequest request;
  *request.mutable_state() = NewGameState();
  v1::PlayTurnResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::PlayTurn, request, &response), "actions");
  for (int i = 0; i < 17; ++i) *request.add_actions() = Pass();
  ExpectBadField(Call(&v1::RefereeService::Stub::PlayTurn, request, &response), "actions");
}

TEST_F(ServiceTest, OversizedRequestIsRejected) {
  v1::NewGameRequest request;
  request.add_player_names(std::string(1024 * 1024 + 1024, 'x'));  // over the 1 MiB limit
  request.add_player_names("b");
  v1::NewGameResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << status.error_message();
}

TEST_F(ServiceTest, OverlongListsAreRejectedAsAWhole) {
  const v1::GameState base = NewGameState();
  struct Case {
    std::string field;
    v1::GameState state;
  };
  std::vector<Case> cases;
  {
    v1::GameState state = base;
    for (int i = 0; i < 100000; ++i) state.add_players()->set_followers(7);
    cases.push_back({"state.players", state});
  }
  {
    v1::GameState state = base;
    for (int i = 0; i < 500000; ++i) state.mutable_bag()->add_tiles();
    cases.push_back({"state.bag.tiles", state});
  }
  {
    v1::GameState state = base;
    for (int i = 0; i < 500000; ++i) state.mutable_rules()->add_expansions(v1::EXPANSION_RIVER);
    cases.push_back({"state.rules.expansions", state});
  }
  {
    v1::GameState state = base;
    for (int i = 0; i < 1025; ++i) state.add_tiles()->set_tile_type("base:B");
    cases.push_back({"state.tiles", state});
  }
  {
    v1::GameState state = base;
    for (int i = 0; i < 1025; ++i) state.add_figures()->set_kind(v1::FIGURE_KIND_FOLLOWER);
    cases.push_back({"state.figures", state});
  }
  for (const Case& test_case : cases) {
    SCOPED_TRACE(test_case.field);
    v1::ScoreGameRequest request;
    *request.mutable_state() = test_case.state;
    v1::ScoreGameResponse response;
    const grpc::Status status = Call(&v1::RefereeService::Stub::ScoreGame, request, &response);
    ExpectBadField(status, test_case.field);
    EXPECT_EQ(BadRequestFields(status).size(), 1u) << Join(BadRequestFields(status));
  }
  v1::NewGameRequest many;
  for (int i = 0; i < 100000; ++i) many.add_player_names()->assign(1, 'p');
  v1::NewGameResponse response;
  ExpectBadField(Call(&v1::RefereeService::Stub::NewGame, many, &response), "player_names");
}

TEST_F(ServiceTest, HostileSnapshotsNeverTakeTheServerDown) {
  std::vector<v1::GameState> states;
  v1::GameState base = AfterPlacingRoad();
  {
    v1::GameState state = base;
    state.set_active_player(-5);
    state.set_deciding_player(99);
    states.push_back(state);
  }
  {
    v1::GameState state = base;
    state.mutable_tiles(1)->set_x(2000000000);
    states.push_back(state);
  }
  {
    v1::GameState state = base;
    v1::Figure* figure = state.add_figures();
    figure->set_kind(v1::FIGURE_KIND_FOLLOWER);
    figure->set_owner(7);
    figure->mutable_segment()->set_segment_id("zz");
    states.push_back(state);
  }
  {
    v1::GameState state = base;
    state.clear_players();
    states.push_back(state);
  }
  {
    v1::GameState state = base;
    state.clear_tiles();
    states.push_back(state);
  }
  {
    v1::GameState state = base;
    state.mutable_bag()->mutable_tiles(0)->set_count(-3);
    state.mutable_bag()->add_tiles()->set_tile_type("base:A");
    states.push_back(state);
  }
  {
    v1::GameState state = base;
    for (int i = 0; i < 2000; ++i) {
      v1::PlacedTile* tile = state.add_tiles();
      tile->set_tile_type("base:B");
      tile->set_x(i);
    }
    states.push_back(state);
  }
  {
    v1::GameState state = base;
    state.mutable_rules()->add_expansions(v1::EXPANSION_RIVER);
    state.mutable_rules()->add_expansions(static_cast<v1::Expansion>(42));
    state.set_phase(static_cast<v1::Phase>(17));
    states.push_back(state);
  }
  for (size_t i = 0; i < states.size(); ++i) {
    SCOPED_TRACE("state " + std::to_string(i));
    v1::ListLegalActionsRequest list;
    *list.mutable_state() = states[i];
    list.set_tile_type("base:U");
    v1::ListLegalActionsResponse listed;
    const grpc::Status status = Call(&v1::RefereeService::Stub::ListLegalActions, list, &listed);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << status.error_message();
    EXPECT_FALSE(BadRequestFields(status).empty());

    v1::ScoreGameRequest score;
    *score.mutable_state() = states[i];
    v1::ScoreGameResponse scored;
    EXPECT_EQ(Call(&v1::RefereeService::Stub::ScoreGame, score, &scored).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
  }
  v1::GetCatalogResponse catalog;
  EXPECT_TRUE(Call(&v1::RefereeService::Stub::GetCatalog, v1::GetCatalogRequest(), &catalog).ok());
}

// ---------------------------------------------------------------------------
// Metrics.

TEST_F(ServiceTest, MetricsCountHandledCallsAndVerdicts) {
  NewGameState();
  v1::ValidateActionRequest request;
  *request.mutable_state() = NewGameState();
  *request.mutable_action() = PlaceTile("base:U", 0, -1, 0);  // EDGE_MISMATCH
  v1::ValidateActionResponse response;
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::ValidateAction, request, &response).ok());

  const std::string metrics = HttpGet(server_->metrics_port(), "/metrics");
  ASSERT_FALSE(metrics.empty()) << "no answer from the metrics port " << server_->metrics_port();
  const std::optional<double> handled =
      MetricValue(metrics,
                  "grpc_server_handled_total{grpc_code=\"OK\",grpc_method=\"NewGame\","
                  "grpc_service=\"carcassonne.v1.RefereeService\",grpc_type=\"unary\"}");
  ASSERT_TRUE(handled.has_value()) << metrics;
  EXPECT_GE(*handled, 2);
  const std::optional<double> started =
      MetricValue(metrics,
                  "grpc_server_started_total{grpc_method=\"ValidateAction\","
                  "grpc_service=\"carcassonne.v1.RefereeService\",grpc_type=\"unary\"}");
  ASSERT_TRUE(started.has_value()) << metrics;
  EXPECT_GE(*started, 1);
  const std::optional<double> mismatches =
      MetricValue(metrics,
                  "carcassonne_verdicts_total{grpc_method=\"ValidateAction\","
                  "violation_code=\"VIOLATION_CODE_EDGE_MISMATCH\"}");
  ASSERT_TRUE(mismatches.has_value()) << metrics;
  EXPECT_GE(*mismatches, 1);
  // Pre-created label sets are exported before any such call.
  EXPECT_TRUE(MetricValue(metrics,
                          "grpc_server_handled_total{grpc_code=\"InvalidArgument\","
                          "grpc_method=\"PlayTurn\",grpc_service=\"carcassonne.v1."
                          "RefereeService\",grpc_type=\"unary\"}")
                  .has_value());
  EXPECT_TRUE(
      MetricValue(metrics, "carcassonne_score_events_total{feature_kind=\"FEATURE_KIND_FIELD\"}")
          .has_value());
  EXPECT_NE(metrics.find("carcassonne_build_info{revision=\""), std::string::npos);
  EXPECT_NE(metrics.find("grpc_server_handling_seconds_bucket{grpc_method=\"NewGame\""),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// A whole game over RPC.

// Plays a whole game from `state` over RPC: each turn takes the first tile type
// left in the bag (deterministic: the bag order), lists its legal actions,
// plays the first one (or the discard), then places a follower on the first
// segment offered (so that features score) or passes. Checks that every
// player's final score is the sum of the points of the returned score events
// and that the bag is empty.
void ServiceTest::PlayFullGame(v1::GameState state) {
  std::map<int, int> points_from_events;
  int turns = 0;
  int placed = 0;
  int discards = 0;
  const int tiles_at_start = state.tiles_size() + BagTotal(state);
  while (state.phase() != v1::PHASE_GAME_OVER) {
    ASSERT_LT(++turns, 2000) << "the game does not end";
    // The Count of Carcassonne: decisions between turns (the redeployment
    // rounds, the deployment, the final redeployment); Siege: the escape;
    // The Princess & the Dragon: each step of the dragon; the Phantom: its
    // step after the figure step (PH-07);
    // each takes the first listed action.
    if (state.phase() == v1::PHASE_COUNT_REDEPLOY || state.phase() == v1::PHASE_COUNT_DEPLOY ||
        state.phase() == v1::PHASE_COUNT_FINAL_REDEPLOY ||
        state.phase() == v1::PHASE_SIEGE_ESCAPE || state.phase() == v1::PHASE_DRAGON_MOVE ||
        state.phase() == v1::PHASE_PLACE_PHANTOM) {
      v1::ListLegalActionsRequest count_list;
      *count_list.mutable_state() = state;
      v1::ListLegalActionsResponse count_legal;
      grpc::Status status =
          Call(&v1::RefereeService::Stub::ListLegalActions, count_list, &count_legal);
      ASSERT_TRUE(status.ok()) << status.error_message();
      ASSERT_GT(count_legal.actions_size(), 0);
      v1::ApplyActionRequest apply;
      *apply.mutable_state() = state;
      *apply.mutable_action() = count_legal.actions(0);
      v1::ApplyActionResponse applied;
      status = Call(&v1::RefereeService::Stub::ApplyAction, apply, &applied);
      ASSERT_TRUE(status.ok()) << status.error_message();
      ASSERT_TRUE(applied.verdict().legal()) << applied.verdict().DebugString();
      for (const v1::ScoreEvent& event : applied.events()) {
        for (const v1::PlayerPoints& points : event.points()) {
          points_from_events[points.player()] += points.points();
        }
      }
      state = applied.state();
      continue;
    }
    ASSERT_EQ(state.phase(), v1::PHASE_PLACE_TILE);
    ASSERT_GT(state.bag().tiles_size(), 0);
    // The first tile of the bag that may be drawn now: with the River, river
    // tiles come first (RV-02), and a tile that may not be drawn yet has no
    // legal action.
    std::string tile;
    v1::ListLegalActionsResponse legal;
    grpc::Status status;
    for (const v1::TileCount& entry : state.bag().tiles()) {
      v1::ListLegalActionsRequest list;
      *list.mutable_state() = state;
      list.set_tile_type(entry.tile_type());
      legal.Clear();
      status = Call(&v1::RefereeService::Stub::ListLegalActions, list, &legal);
      ASSERT_TRUE(status.ok()) << status.error_message();
      // Hills & Sheep (HS-03): a hill tile is listed with the tile drawn to
      // go under it; the bag's first other tile.
      for (const v1::TileCount& other : state.bag().tiles()) {
        if (legal.actions_size() > 0) break;
        if (other.tile_type() == entry.tile_type() && other.count() < 2) continue;
        list.set_hidden_tile_type(other.tile_type());
        status = Call(&v1::RefereeService::Stub::ListLegalActions, list, &legal);
        if (!status.ok() || legal.actions_size() == 0) {
          legal.Clear();
          break;  // not a hill, or no such draw
        }
      }
      // Under the Big Top (BT-04): a circus tile is listed with the animal
      // token drawn with it; the supply's first.
      if (legal.actions_size() == 0 && state.has_big_top()) {
        const v1::AnimalTokens& supply = state.big_top().supply();
        const int counts[] = {supply.flea(), supply.monkey(), supply.seal(),
                              supply.bear(), supply.tiger(),  supply.elephant()};
        for (int i = 0; i < 6; ++i) {
          if (counts[i] <= 0) continue;
          list.clear_hidden_tile_type();
          list.set_animal_token(static_cast<v1::AnimalToken>(v1::ANIMAL_TOKEN_FLEA + i));
          status = Call(&v1::RefereeService::Stub::ListLegalActions, list, &legal);
          if (!status.ok()) legal.Clear();
          break;
        }
      }
      if (legal.actions_size() > 0) {
        tile = entry.tile_type();
        break;
      }
    }
    ASSERT_FALSE(tile.empty()) << "no tile of the bag may be drawn";

    const v1::Action& first = legal.actions(0);
    google::protobuf::RepeatedPtrField<v1::ScoreEvent> events;
    if (first.has_discard_tile()) {
      v1::ApplyActionRequest apply;
      *apply.mutable_state() = state;
      *apply.mutable_action() = first;
      v1::ApplyActionResponse applied;
      status = Call(&v1::RefereeService::Stub::ApplyAction, apply, &applied);
      ASSERT_TRUE(status.ok()) << status.error_message();
      ASSERT_TRUE(applied.verdict().legal()) << applied.verdict().DebugString();
      events = applied.events();
      state = applied.state();
      ++discards;
    } else {
      ASSERT_TRUE(first.has_place_tile());
      ASSERT_GT(legal.placements_size(), 0);
      // HS-03: the tile under a hill leaves the game too.
      if (!first.place_tile().hidden_tile_type().empty()) ++discards;
      v1::PlayTurnRequest turn;
      *turn.mutable_state() = state;
      *turn.add_actions() = first;
      // Mage & Witch: the magic-figure decisions come between the tile and
      // the figure (MW-04, MW-09); each takes the first listed action.
      v1::ApplyActionRequest step;
      *step.mutable_state() = state;
      *step.mutable_action() = first;
      for (int decisions = 0; decisions < 3; ++decisions) {
        v1::ApplyActionResponse stepped;
        status = Call(&v1::RefereeService::Stub::ApplyAction, step, &stepped);
        ASSERT_TRUE(status.ok()) << status.error_message();
        ASSERT_TRUE(stepped.verdict().legal()) << stepped.verdict().DebugString();
        if (stepped.state().phase() != v1::PHASE_PLACE_MAGIC_FIGURE) break;
        ASSERT_LT(decisions, 2) << "at most two magic-figure decisions per tile";
        v1::ListLegalActionsRequest magic_list;
        *magic_list.mutable_state() = stepped.state();
        v1::ListLegalActionsResponse magic_legal;
        status = Call(&v1::RefereeService::Stub::ListLegalActions, magic_list, &magic_legal);
        ASSERT_TRUE(status.ok()) << status.error_message();
        ASSERT_GT(magic_legal.actions_size(), 0);
        *turn.add_actions() = magic_legal.actions(0);
        *step.mutable_state() = stepped.state();
        *step.mutable_action() = magic_legal.actions(0);
      }
      const v1::LegalPlacement& placement = legal.placements(0);
      if (placement.figure_segments_size() > 0) {
        v1::Action* figure = turn.add_actions();
        // The offered segments are for any follower kind in supply; a garden
        // (at the tile's centre) only for the abbot (AB-04), which may also
        // take a monastery there (AB-03).
        const v1::Player& player = state.players(state.deciding_player());
        const bool centre = placement.figure_segments(0).location() == v1::LOCATION_CENTER;
        figure->mutable_place_figure()->set_kind(
            centre && player.abbots() > 0 ? v1::FIGURE_KIND_ABBOT
            : player.followers() > 0      ? v1::FIGURE_KIND_FOLLOWER
            : player.big_followers() > 0  ? v1::FIGURE_KIND_BIG_FOLLOWER
                                          : v1::FIGURE_KIND_RINGMASTER);
        *figure->mutable_place_figure()->mutable_segment() = placement.figure_segments(0);
      } else {
        *turn.add_actions() = Pass();
      }
      v1::PlayTurnResponse played;
      status = Call(&v1::RefereeService::Stub::PlayTurn, turn, &played);
      ASSERT_TRUE(status.ok()) << status.error_message();
      ASSERT_TRUE(played.verdict().legal())
          << "turn " << turns << ": " << played.verdict().DebugString();
      events = played.events();
      state = played.state();
      ++placed;
    }
    for (const v1::ScoreEvent& event : events) {
      for (const v1::PlayerPoints& points : event.points()) {
        points_from_events[points.player()] += points.points();
      }
    }
  }
  EXPECT_TRUE(state.has_bag());
  EXPECT_EQ(state.bag().tiles_size(), 0);
  EXPECT_EQ(state.tiles_size(), tiles_at_start - discards);
  EXPECT_GT(placed, 0);
  int total = 0;
  for (int player = 0; player < state.players_size(); ++player) {
    EXPECT_EQ(state.players(player).score(), points_from_events[player]) << "player " << player;
    total += state.players(player).score();
  }
  EXPECT_GT(total, 0);

  // The finished game has nothing left to score.
  v1::ScoreGameRequest score;
  *score.mutable_state() = state;
  v1::ScoreGameResponse scored;
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::ScoreGame, score, &scored).ok());
  EXPECT_EQ(scored.events_size(), 0);
  ASSERT_EQ(scored.final_scores_size(), state.players_size());
  for (int player = 0; player < state.players_size(); ++player) {
    EXPECT_EQ(scored.final_scores(player), state.players(player).score());
  }
}

TEST_F(ServiceTest, FullGameScoresAddUp) { PlayFullGame(NewGameState(2)); }

TEST_F(ServiceTest, FullGameWithEverySupportedExpansionScoresAddUp) {
  v1::GetCatalogResponse catalog;
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::GetCatalog, v1::GetCatalogRequest(), &catalog).ok());
  if (catalog.supported_expansions_size() == 0) GTEST_SKIP() << "no expansion supported yet";
  v1::NewGameRequest request;
  request.add_player_names("Ada");
  request.add_player_names("Bo");
  request.add_player_names("Cy");
  // (The Abbot is not built together with the Count or the Cult, AB-15:
  // it has a game of its own below.)
  for (int expansion : catalog.supported_expansions()) {
    if (expansion == v1::EXPANSION_ABBOT) continue;
    request.mutable_rules()->add_expansions(static_cast<v1::Expansion>(expansion));
  }
  v1::NewGameResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  PlayFullGame(response.state());
}

TEST_F(ServiceTest, FullGameWithTheAbbotAndEveryExpansionItGoesWithScoresAddUp) {
  // The Abbot with every supported expansion but the Count and the Cult
  // (refused together, AB-15): the garden edition's tiles, the abbot.
  v1::GetCatalogResponse catalog;
  ASSERT_TRUE(Call(&v1::RefereeService::Stub::GetCatalog, v1::GetCatalogRequest(), &catalog).ok());
  v1::NewGameRequest request;
  request.add_player_names("Ada");
  request.add_player_names("Bo");
  for (int expansion : catalog.supported_expansions()) {
    if (expansion == v1::EXPANSION_COUNT_OF_CARCASSONNE || expansion == v1::EXPANSION_CULT) {
      continue;
    }
    request.mutable_rules()->add_expansions(static_cast<v1::Expansion>(expansion));
  }
  v1::NewGameResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.state().players(0).abbots(), 1);
  PlayFullGame(response.state());
  // A Count game with the Abbot is refused (INVALID_ARGUMENT).
  request.mutable_rules()->add_expansions(v1::EXPANSION_COUNT_OF_CARCASSONNE);
  EXPECT_EQ(Call(&v1::RefereeService::Stub::NewGame, request, &response).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(ServiceTest, FullGameWithTheCountScoresAddUp) {
  v1::NewGameRequest request;
  request.add_player_names("Ada");
  request.add_player_names("Bo");
  request.add_player_names("Cy");
  request.mutable_rules()->add_expansions(v1::EXPANSION_COUNT_OF_CARCASSONNE);
  request.mutable_rules()->add_expansions(v1::EXPANSION_INNS_AND_CATHEDRALS);
  v1::NewGameResponse response;
  const grpc::Status status = Call(&v1::RefereeService::Stub::NewGame, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  // CO-02: the 12 city tiles, count:1 at (0, 0); none of them in the bag.
  ASSERT_EQ(response.state().tiles_size(), 12);
  EXPECT_EQ(response.state().tiles(0).tile_type(), "count:1");
  EXPECT_EQ(response.state().tiles(11).tile_type(), "count:12");
  EXPECT_EQ(response.state().tiles(11).x(), 3);
  EXPECT_EQ(response.state().tiles(11).y(), 2);
  for (const v1::TileCount& entry : response.state().bag().tiles()) {
    EXPECT_FALSE(entry.tile_type().starts_with("count:")) << entry.tile_type();
  }
  // CO-04: the Count in the castle quarter, the quarters empty.
  EXPECT_EQ(response.state().count().count_quarter(), v1::QUARTER_CASTLE);
  EXPECT_EQ(response.state().count().followers_size(), 0);
  PlayFullGame(response.state());
}

// ---------------------------------------------------------------------------
// Shutdown.

TEST(ServerLifecycleTest, SigtermStopsTheServerWithExitStatusZero) {
  ServerProcess server;
  ASSERT_EQ(server.Start(), "");
  auto channel = grpc::CreateChannel(server.target(), grpc::InsecureChannelCredentials());
  ASSERT_TRUE(WaitForServing(channel, kServiceName)) << server.Log();
  const auto start = Clock::now();
  const std::optional<int> status = server.Stop(SIGTERM, kStopTimeout);
  ASSERT_TRUE(status.has_value()) << "no clean exit within 10 s: " << server.Log();
  EXPECT_EQ(*status, 0) << server.Log();
  EXPECT_LT(Clock::now() - start, kStopTimeout);
}

// A watch sees SERVING, then NOT_SERVING when the server is told to stop, and
// then its call ends with OK.
TEST(ServerLifecycleTest, HealthWatchSeesNotServingOnSigterm) {
  ServerProcess server;
  ASSERT_EQ(server.Start(), "");
  auto channel = grpc::CreateChannel(server.target(), grpc::InsecureChannelCredentials());
  ASSERT_TRUE(WaitForServing(channel, kServiceName)) << server.Log();
  auto health = grpc::health::v1::Health::NewStub(channel);
  grpc::ClientContext context;
  auto reader = StartWatch(*health, context, kServiceName, kStopTimeout);
  grpc::health::v1::HealthCheckResponse response;
  ASSERT_TRUE(reader->Read(&response));
  EXPECT_EQ(response.status(), grpc::health::v1::HealthCheckResponse::SERVING);

  std::optional<int> exit_status;
  std::thread stopper([&] { exit_status = server.Stop(SIGTERM, kStopTimeout); });
  ASSERT_TRUE(reader->Read(&response));
  EXPECT_EQ(response.status(), grpc::health::v1::HealthCheckResponse::NOT_SERVING);
  EXPECT_FALSE(reader->Read(&response));
  EXPECT_TRUE(reader->Finish().ok());
  stopper.join();
  EXPECT_EQ(exit_status, std::optional<int>(0)) << server.Log();
}

// --serving_threads: one thread serves every call (calls from many client
// threads at once all get the same answers as one at a time); a value out of
// range stops the server at start-up with exit status 2.
TEST(ServerLifecycleTest, ServingThreadsFlag) {
  ServerProcess one_thread;
  ASSERT_EQ(one_thread.Start({"--serving_threads=1"}), "");
  EXPECT_NE(one_thread.Log().find("serving_threads=1 "), std::string::npos) << one_thread.Log();
  auto channel = grpc::CreateChannel(one_thread.target(), grpc::InsecureChannelCredentials());
  ASSERT_TRUE(WaitForServing(channel, kServiceName)) << one_thread.Log();
  auto stub = v1::RefereeService::NewStub(channel);
  v1::GetCatalogResponse expected;
  {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    ASSERT_TRUE(stub->GetCatalog(&context, v1::GetCatalogRequest(), &expected).ok());
  }
  constexpr int kClients = 8;
  constexpr int kCallsEach = 10;
  std::array<int, kClients> same{};
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      for (int i = 0; i < kCallsEach; ++i) {
        grpc::ClientContext context;
        context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
        v1::GetCatalogResponse response;
        if (stub->GetCatalog(&context, v1::GetCatalogRequest(), &response).ok() &&
            response.SerializeAsString() == expected.SerializeAsString()) {
          ++same[static_cast<size_t>(c)];
        }
      }
    });
  }
  for (std::thread& client : clients) client.join();
  for (int c = 0; c < kClients; ++c) EXPECT_EQ(same[static_cast<size_t>(c)], kCallsEach) << c;
  EXPECT_EQ(one_thread.Stop(SIGTERM, kStopTimeout), std::optional<int>(0)) << one_thread.Log();

  ServerProcess bad;
  const std::string error = bad.Start({"--serving_threads=-1"});
  EXPECT_NE(error.find("--serving_threads must be 0..256"), std::string::npos) << error;
}

}  // namespace
}  // namespace carcassonne::service

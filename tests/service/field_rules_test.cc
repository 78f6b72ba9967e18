// One rule for every coordinate and every seat of every request (issue 29,
// docs/errors-reference.md), over the real server: the test walks the
// descriptors of the request of every RefereeService method (so a method or a
// field added later is walked too). Every int32 field it meets is either
//   * a coordinate: `x` or `y` of a message that has both;
//   * a seat: one of kSeatFields (service/convert.h);
//   * one of kNotSeats below (counts, scores, indices into other lists);
// and a field that is none of them fails the test until it is classified.
// For each coordinate and seat, at any depth (in lists: element 0; in a
// oneof: that choice), it sends an otherwise valid request (a new two-player
// base game, the action `pass`, the drawn tile base:D) with the field out of
// range and expects INVALID_ARGUMENT with a violation naming exactly the
// field's path, whose ErrorInfo reason (metadata "reason<i>") is
// COORDINATE_OUT_OF_RANGE or SEAT_OUT_OF_RANGE; with the field at its bound,
// no such violation. Also here: bazaar_due named as itself, the size limit
// counted in the metrics, and the ErrorInfo of health's refusal.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/message.h>
#include <google/protobuf/util/json_util.h>
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "engine/snapshot_limits.h"
#include "service/convert.h"
#include "tests/service/server_process.h"

namespace carcassonne::service {
namespace {

namespace v1 = ::carcassonne::v1;
namespace pb = ::google::protobuf;
using namespace test_server;  // NOLINT: the shared test helpers (server_process.h)

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
constexpr int kPlayers = 2;  // of the base game every request is built on

// The int32 fields of requests that are neither coordinates nor seats.
const std::set<std::string> kNotSeats = {
    "carcassonne.v1.Player.score",
    "carcassonne.v1.Player.followers",
    "carcassonne.v1.Player.big_followers",
    "carcassonne.v1.Player.builders",
    "carcassonne.v1.Player.pigs",
    "carcassonne.v1.Player.mayors",
    "carcassonne.v1.Player.wagons",
    "carcassonne.v1.Player.castles",
    "carcassonne.v1.Player.barns",
    "carcassonne.v1.Player.abbeys",
    "carcassonne.v1.Player.ringmasters",
    "carcassonne.v1.Player.tower_floors",
    "carcassonne.v1.Player.shepherds",
    "carcassonne.v1.Player.abbots",
    "carcassonne.v1.Player.bridges",
    "carcassonne.v1.Player.phantoms",
    // The figures each player owns (variants, issue #30): counts bounded by
    // the engine's CheckVariantOptions, not seats.
    "carcassonne.v1.RuleSet.followers",
    "carcassonne.v1.RuleSet.ic_big_followers",
    "carcassonne.v1.RuleSet.am_barns",
    "carcassonne.v1.TradeGoods.wine",
    "carcassonne.v1.TradeGoods.grain",
    "carcassonne.v1.TradeGoods.cloth",
    "carcassonne.v1.PlacedTile.rotation",
    "carcassonne.v1.PlaceTile.rotation",
    "carcassonne.v1.TileCount.count",
    "carcassonne.v1.SheepBag.one_sheep",
    "carcassonne.v1.SheepBag.two_sheep",
    "carcassonne.v1.SheepBag.three_sheep",
    "carcassonne.v1.SheepBag.four_sheep",
    "carcassonne.v1.SheepBag.wolves",
    "carcassonne.v1.AnimalTokens.flea",
    "carcassonne.v1.AnimalTokens.monkey",
    "carcassonne.v1.AnimalTokens.seal",
    "carcassonne.v1.AnimalTokens.bear",
    "carcassonne.v1.AnimalTokens.tiger",
    "carcassonne.v1.AnimalTokens.elephant",
    "carcassonne.v1.Tower.height",
    "carcassonne.v1.BazaarAuction.lot",  // an index into GameState.bazaar_lots
    "carcassonne.v1.BazaarAuction.bid",
    "carcassonne.v1.Castle.pending_points",
    "carcassonne.v1.KingAndRobberBaron.king_record",
    "carcassonne.v1.KingAndRobberBaron.robber_record",
    "carcassonne.v1.OfferBazaarTile.lot",  // an index into GameState.bazaar_lots
    "carcassonne.v1.OfferBazaarTile.bid",
    "carcassonne.v1.BidForBazaarTile.bid",
    "carcassonne.v1.RedeployFromQuarter.followers",
    "carcassonne.v1.RedeployFromQuarter.big_followers",
    "carcassonne.v1.RedeployFromQuarter.mayors",
    "carcassonne.v1.RedeployFromQuarter.wagons",
};

bool IsSeat(const pb::FieldDescriptor* field) {
  for (std::string_view seat : kSeatFields) {
    if (seat == field->full_name()) return true;
  }
  return false;
}

bool IsCoordinate(const pb::FieldDescriptor* field) {
  if (field->name() != "x" && field->name() != "y") return false;
  const pb::Descriptor* message = field->containing_type();
  const pb::FieldDescriptor* x = message->FindFieldByName("x");
  const pb::FieldDescriptor* y = message->FindFieldByName("y");
  return x != nullptr && y != nullptr && x->type() == pb::FieldDescriptor::TYPE_INT32 &&
         y->type() == pb::FieldDescriptor::TYPE_INT32;
}

bool IsInteger(const pb::FieldDescriptor* field) {
  switch (field->cpp_type()) {
    case pb::FieldDescriptor::CPPTYPE_INT32:
    case pb::FieldDescriptor::CPPTYPE_INT64:
    case pb::FieldDescriptor::CPPTYPE_UINT32:
    case pb::FieldDescriptor::CPPTYPE_UINT64:
      return true;
    default:
      return false;
  }
}

enum class Kind { kCoordinate, kSeat };

// A field to put out of range: the chain of fields from the request's root.
struct Target {
  std::vector<const pb::FieldDescriptor*> chain;
  Kind kind;

  // "state.tiles[0].x": list elements are element 0.
  std::string Path(bool json = false) const {
    std::string path;
    for (const pb::FieldDescriptor* field : chain) {
      if (!path.empty()) path += ".";
      path += json ? field->json_name() : field->name();
      if (field->is_repeated()) path += "[0]";
    }
    return path;
  }
};

// Every coordinate and seat under `message` (messages already on the chain
// are not entered again); integer fields that are neither go to
// `unclassified`.
void Walk(const pb::Descriptor* message, std::vector<const pb::FieldDescriptor*>& chain,
          std::vector<Target>& targets, std::set<std::string>& unclassified) {
  for (int i = 0; i < message->field_count(); ++i) {
    const pb::FieldDescriptor* field = message->field(i);
    if (field->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) {
      bool on_chain = field->message_type() == message;
      for (const pb::FieldDescriptor* outer : chain) {
        on_chain = on_chain || outer->containing_type() == field->message_type();
      }
      if (on_chain) continue;
      chain.push_back(field);
      Walk(field->message_type(), chain, targets, unclassified);
      chain.pop_back();
      continue;
    }
    if (!IsInteger(field)) continue;
    chain.push_back(field);
    if (IsCoordinate(field)) {
      targets.push_back({chain, Kind::kCoordinate});
    } else if (IsSeat(field)) {
      targets.push_back({chain, Kind::kSeat});
    } else if (!kNotSeats.contains(field->full_name())) {
      unclassified.insert(field->full_name());
    }
    chain.pop_back();
  }
}

// `request` with the target's field set to `value` (messages on the way
// created; in a list, element 0, created if the list is empty).
void SetTarget(pb::Message& request, const Target& target, int32_t value) {
  pb::Message* message = &request;
  for (size_t i = 0; i + 1 < target.chain.size(); ++i) {
    const pb::FieldDescriptor* field = target.chain[i];
    const pb::Reflection* reflection = message->GetReflection();
    if (field->is_repeated()) {
      if (reflection->FieldSize(*message, field) == 0) reflection->AddMessage(message, field);
      message = reflection->MutableRepeatedMessage(message, field, 0);
    } else {
      message = reflection->MutableMessage(message, field);
    }
  }
  const pb::FieldDescriptor* leaf = target.chain.back();
  const pb::Reflection* reflection = message->GetReflection();
  if (!leaf->is_repeated()) {
    reflection->SetInt32(message, leaf, value);
  } else if (reflection->FieldSize(*message, leaf) == 0) {
    reflection->AddInt32(message, leaf, value);
  } else {
    reflection->SetRepeatedInt32(message, leaf, 0, value);
  }
}

// What a rich error says.
struct Details {
  std::vector<std::string> fields;  // BadRequest, in order
  std::string reason;
  std::string domain;
  std::map<std::string, std::string> metadata;
  bool has_info = false;
};

Details ReadDetails(const grpc::Status& status) {
  Details read;
  google::rpc::Status details;
  if (!details.ParseFromString(status.error_details())) return read;
  for (const pb::Any& any : details.details()) {
    google::rpc::BadRequest bad_request;
    google::rpc::ErrorInfo info;
    if (any.UnpackTo(&bad_request)) {
      for (const auto& violation : bad_request.field_violations())
        read.fields.push_back(violation.field());
    } else if (any.UnpackTo(&info)) {
      read.has_info = true;
      read.reason = info.reason();
      read.domain = info.domain();
      read.metadata.insert(info.metadata().begin(), info.metadata().end());
    }
  }
  return read;
}

// The index of the violation at `path` whose reason is `reason`, or -1.
int ViolationAt(const Details& details, const std::string& path, const std::string& reason) {
  for (int i = 0; i < static_cast<int>(details.fields.size()); ++i) {
    auto found = details.metadata.find("reason" + std::to_string(i));
    if (details.fields[i] == path && found != details.metadata.end() && found->second == reason) {
      return i;
    }
  }
  return -1;
}

// The issue's paths in the JSON spelling, written by hand.
std::string JsonPathOf(const std::string& path) {
  static const std::map<std::string, std::string> kJson = {
      {"action.place_on_tower.tower.x", "action.placeOnTower.tower.x"},
      {"action.place_tower_floor.tower.y", "action.placeTowerFloor.tower.y"},
      {"action.place_tile.bridge.x", "action.placeTile.bridge.x"},
      {"action.pay_ransom.jailer", "action.payRansom.jailer"},
  };
  return kJson.at(path);
}

std::string Join(const std::vector<std::string>& items) {
  std::string joined;
  for (const std::string& item : items) joined += (joined.empty() ? "" : ", ") + item;
  return "[" + joined + "]";
}

// ---------------------------------------------------------------------------

class FieldRulesTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess();
    start_error_ = server_->Start({"--lame_duck_seconds=0", "--queue_budget_ms=10000"});
    if (!start_error_.empty()) return;
    channel_ = new std::shared_ptr<grpc::Channel>(
        grpc::CreateChannel(server_->target(), grpc::InsecureChannelCredentials()));
    if (!WaitForServing(*channel_, "")) start_error_ = "health never said SERVING";
  }
  static void TearDownTestSuite() {
    delete channel_;
    channel_ = nullptr;
    if (server_ != nullptr && start_error_.empty()) server_->Stop(SIGTERM, kStopTimeout);
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { ASSERT_EQ(start_error_, "") << (server_ ? server_->Log() : ""); }

  // A unary call of `method` ("/carcassonne.v1.RefereeService/NewGame") with
  // the serialized `request`; the answer's bytes go to `response`.
  grpc::Status Call(const std::string& method, const std::string& request,
                    std::string* response = nullptr) {
    grpc::GenericStub stub(*channel_);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    grpc::CompletionQueue queue;
    grpc::Slice slice(request);
    grpc::ByteBuffer bytes(&slice, 1);
    grpc::ByteBuffer reply;
    grpc::Status status;
    auto call = stub.PrepareUnaryCall(&context, method, bytes, &queue);
    call->StartCall();
    call->Finish(&reply, &status, nullptr);
    void* tag = nullptr;
    bool ok = false;
    EXPECT_TRUE(queue.Next(&tag, &ok));
    queue.Shutdown();
    while (queue.Next(&tag, &ok)) {
    }
    if (response != nullptr && status.ok()) {
      std::vector<grpc::Slice> slices;
      (void)reply.Dump(&slices);
      response->clear();
      for (const grpc::Slice& part : slices) {
        response->append(reinterpret_cast<const char*>(part.begin()), part.size());
      }
    }
    return status;
  }

  // A new two-player base game's snapshot (NewGame).
  v1::GameState BaseState() {
    v1::NewGameRequest request;
    request.add_player_names("Ada");
    request.add_player_names("Bo");
    std::string bytes;
    const grpc::Status status =
        Call("/carcassonne.v1.RefereeService/NewGame", request.SerializeAsString(), &bytes);
    EXPECT_TRUE(status.ok()) << status.error_message();
    v1::NewGameResponse response;
    EXPECT_TRUE(response.ParseFromString(bytes));
    EXPECT_EQ(response.state().players_size(), kPlayers);
    return response.state();
  }

  static ServerProcess* server_;
  static std::shared_ptr<grpc::Channel>* channel_;
  static std::string start_error_;
};

ServerProcess* FieldRulesTest::server_ = nullptr;
std::shared_ptr<grpc::Channel>* FieldRulesTest::channel_ = nullptr;
std::string FieldRulesTest::start_error_;

TEST_F(FieldRulesTest, EveryCoordinateAndSeatOfEveryRequestIsCheckedByOneRule) {
  const pb::ServiceDescriptor* service =
      pb::DescriptorPool::generated_pool()->FindServiceByName(kServiceName);
  ASSERT_NE(service, nullptr);
  const v1::GameState base_state = BaseState();
  v1::Action pass;
  pass.mutable_pass();

  std::set<std::string> unclassified;
  std::set<std::string> walked;  // every path, to check the issue's cases are among them
  int requests = 0;
  for (int m = 0; m < service->method_count(); ++m) {
    const pb::MethodDescriptor* method = service->method(m);
    const pb::Descriptor* input = method->input_type();
    std::vector<const pb::FieldDescriptor*> chain;
    std::vector<Target> targets;
    Walk(input, chain, targets, unclassified);
    // The base request: a valid snapshot, action(s) and drawn tile where the
    // request has them.
    std::unique_ptr<pb::Message> base(
        pb::MessageFactory::generated_factory()->GetPrototype(input)->New());
    const pb::Reflection* reflection = base->GetReflection();
    if (const auto* state = input->FindFieldByName("state")) {
      reflection->MutableMessage(base.get(), state)->CopyFrom(base_state);
    }
    if (const auto* action = input->FindFieldByName("action")) {
      reflection->MutableMessage(base.get(), action)->CopyFrom(pass);
    }
    if (const auto* actions = input->FindFieldByName("actions")) {
      reflection->AddMessage(base.get(), actions)->CopyFrom(pass);
    }
    if (const auto* tile = input->FindFieldByName("tile_type")) {
      reflection->SetString(base.get(), tile, "base:D");
    }
    const std::string method_path = "/" + service->full_name() + "/" + method->name();
    for (const Target& target : targets) {
      const std::string path = target.Path();
      walked.insert(path);
      const bool coordinate = target.kind == Kind::kCoordinate;
      const std::string reason = coordinate ? "COORDINATE_OUT_OF_RANGE" : "SEAT_OUT_OF_RANGE";
      // Out of range: beyond the extent (both ways) and the int32 ends; a
      // seat below 0, the first past the players, and INT32_MIN.
      const std::vector<int32_t> bad =
          coordinate ? std::vector<int32_t>{kMaxCoordinate + 1, -kMaxCoordinate - 1, kMin, kMax}
                     : std::vector<int32_t>{-1, kPlayers, kMin};
      // At the bounds: not this violation (the request may be wrong for
      // other reasons: a cell there holds no tile).
      const std::vector<int32_t> good = coordinate
                                            ? std::vector<int32_t>{kMaxCoordinate, -kMaxCoordinate}
                                            : std::vector<int32_t>{0, kPlayers - 1};
      for (const int32_t value : bad) {
        std::unique_ptr<pb::Message> request(base->New());
        request->CopyFrom(*base);
        SetTarget(*request, target, value);
        const grpc::Status status = Call(method_path, request->SerializeAsString());
        ++requests;
        Details details = ReadDetails(status);
        ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT)
            << method->name() << " " << path << " = " << value << ": " << status.error_message();
        const int index = ViolationAt(details, path, reason);
        EXPECT_GE(index, 0) << method->name() << " " << path << " = " << value << ": no " << reason
                            << " violation there; violations " << Join(details.fields) << " ("
                            << status.error_message() << ")";
        EXPECT_EQ(details.domain, "carcassonne.referee");
        if (index == 0) {
          EXPECT_EQ(details.reason, reason) << path;
          EXPECT_EQ(details.metadata["field"], path);
          EXPECT_EQ(details.metadata["jsonField"], target.Path(/*json=*/true));
        }
      }
      for (const int32_t value : good) {
        std::unique_ptr<pb::Message> request(base->New());
        request->CopyFrom(*base);
        SetTarget(*request, target, value);
        const grpc::Status status = Call(method_path, request->SerializeAsString());
        ++requests;
        EXPECT_LT(ViolationAt(ReadDetails(status), path, reason), 0)
            << method->name() << " " << path << " = " << value << " is within range";
      }
    }
  }
  EXPECT_TRUE(unclassified.empty())
      << "integer fields of requests that are neither coordinates (x, y), seats (kSeatFields, "
         "service/convert.h) nor listed in kNotSeats: classify them: "
      << Join(std::vector<std::string>(unclassified.begin(), unclassified.end()));
  // The hostile requests of issue 29 are among those walked.
  for (const char* path :
       {"action.place_on_tower.tower.x", "action.place_on_tower.tower.y",
        "action.place_tower_floor.tower.x", "action.place_tile.bridge.x",
        "action.place_tile.bridge.y", "action.pay_ransom.jailer", "action.actor",
        "state.prisoners[0].jailer", "action.move_dragon.to.x", "state.tiles[0].x"}) {
    EXPECT_TRUE(walked.contains(path)) << path;
  }
  // Every seat field was met (a seat listed but not reachable is a stale list).
  for (std::string_view seat : kSeatFields) {
    const pb::FieldDescriptor* field =
        pb::DescriptorPool::generated_pool()->FindFieldByName(std::string(seat));
    EXPECT_NE(field, nullptr) << seat << " is no field";
  }
  std::printf("field rules: %zu paths, %d requests\n", walked.size(), requests);
}

// Issue 29's hostile actions, each otherwise well formed (a known kind, a
// tile that fits, a bridge with its axis), were answered with a verdict
// (TOWER_TOP_NOT_ALLOWED, TOWER_FLOOR_NOT_ALLOWED, BRIDGE_MISPLACED,
// RANSOM_NOT_ALLOWED); now INVALID_ARGUMENT naming the field.
TEST_F(FieldRulesTest, IssueCasesAreMalformedNotIllegal) {
  const v1::GameState state = BaseState();
  struct Case {
    std::string json;  // the action
    std::string field;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {R"({"placeOnTower": {"kind": "FIGURE_KIND_FOLLOWER", "tower": {"x": -2147483648}}})",
       "action.place_on_tower.tower.x", "COORDINATE_OUT_OF_RANGE"},
      {R"({"placeTowerFloor": {"tower": {"y": -2147483648}}})", "action.place_tower_floor.tower.y",
       "COORDINATE_OUT_OF_RANGE"},
      {R"({"placeTile": {"tileType": "base:D", "y": -1, "bridge":
           {"x": -2147483648, "axis": "BRIDGE_AXIS_NORTH_SOUTH"}}})",
       "action.place_tile.bridge.x", "COORDINATE_OUT_OF_RANGE"},
      {R"({"payRansom": {"jailer": 99, "kind": "FIGURE_KIND_FOLLOWER"}})",
       "action.pay_ransom.jailer", "SEAT_OUT_OF_RANGE"},
      {R"({"payRansom": {"jailer": -2147483648, "kind": "FIGURE_KIND_FOLLOWER"}})",
       "action.pay_ransom.jailer", "SEAT_OUT_OF_RANGE"},
  };
  for (const Case& test : cases) {
    v1::ValidateActionRequest request;
    *request.mutable_state() = state;
    ASSERT_TRUE(pb::util::JsonStringToMessage(test.json, request.mutable_action()).ok())
        << test.json;
    const grpc::Status status =
        Call("/carcassonne.v1.RefereeService/ValidateAction", request.SerializeAsString());
    ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << test.json;
    Details details = ReadDetails(status);
    EXPECT_EQ(details.fields, std::vector<std::string>{test.field}) << status.error_message();
    EXPECT_EQ(details.reason, test.reason) << test.json;
    EXPECT_EQ(details.metadata["reason0"], test.reason);
    EXPECT_EQ(details.metadata["jsonField"], JsonPathOf(test.field)) << test.json;
  }
}

// Issue 29: a game without bazaars that says a bazaar is due is refused
// naming state.bazaar_due (it named state.bazaar_lots).
TEST_F(FieldRulesTest, BazaarDueWithoutBazaarsIsNamedAsItself) {
  v1::ScoreGameRequest request;
  *request.mutable_state() = BaseState();
  request.mutable_state()->set_bazaar_due(true);
  const grpc::Status status =
      Call("/carcassonne.v1.RefereeService/ScoreGame", request.SerializeAsString());
  ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << status.error_message();
  Details details = ReadDetails(status);
  EXPECT_EQ(details.fields, std::vector<std::string>{"state.bazaar_due"});
  EXPECT_EQ(details.reason, "SNAPSHOT_INCONSISTENT");
  EXPECT_EQ(details.metadata["jsonField"], "state.bazaarDue");
}

// A request over the 1 MiB limit (but under gRPC's own 4 MiB) is refused
// with REQUEST_TOO_LARGE and counted like every call: started, handled
// ResourceExhausted, shed request_too_large; one at the limit is served.
TEST_F(FieldRulesTest, ARequestRefusedForItsSizeIsReadableAndCounted) {
  const std::string started =
      "grpc_server_started_total{grpc_method=\"NewGame\",grpc_service=\"carcassonne.v1."
      "RefereeService\",grpc_type=\"unary\"}";
  const std::string refused =
      "grpc_server_handled_total{grpc_code=\"ResourceExhausted\",grpc_method=\"NewGame\","
      "grpc_service=\"carcassonne.v1.RefereeService\",grpc_type=\"unary\"}";
  const std::string shed =
      "carcassonne_calls_shed_total{grpc_method=\"NewGame\",reason=\"request_too_large\"}";
  auto metric = [&](const std::string& series) {
    return MetricValue(HttpGet(server_->metrics_port(), "/metrics"), series).value_or(-1);
  };
  const double started_before = metric(started);
  const double refused_before = metric(refused);
  const double shed_before = metric(shed);
  ASSERT_GE(started_before, 0);

  v1::NewGameRequest request;
  request.add_player_names("Bo");
  request.add_player_names(std::string(1024 * 1024, 'x'));  // the request is just over 1 MiB
  const std::string bytes = request.SerializeAsString();
  ASSERT_GT(bytes.size(), size_t{1024 * 1024});
  const grpc::Status status = Call("/carcassonne.v1.RefereeService/NewGame", bytes);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << status.error_message();
  Details details = ReadDetails(status);
  EXPECT_EQ(details.reason, "REQUEST_TOO_LARGE");
  EXPECT_EQ(details.domain, "carcassonne.referee");
  EXPECT_EQ(details.metadata["maxRequestBytes"], std::to_string(1024 * 1024));
  EXPECT_EQ(details.metadata["requestBytes"], std::to_string(bytes.size()));
  EXPECT_EQ(metric(started), started_before + 1);
  EXPECT_EQ(metric(refused), refused_before + 1);
  EXPECT_EQ(metric(shed), shed_before + 1);

  // Exactly 1 MiB is not over the limit: the call is served (and its player
  // name makes it malformed, not refused: a name this long is no game's).
  v1::NewGameRequest at_limit;
  at_limit.add_player_names("Bo");
  at_limit.add_player_names("");
  const size_t overhead = at_limit.SerializeAsString().size();
  // The second name's length prefix grows from 1 to 3 bytes past 16383.
  at_limit.set_player_names(1, std::string(1024 * 1024 - overhead - 2, 'x'));
  ASSERT_EQ(at_limit.SerializeAsString().size(), size_t{1024 * 1024});
  const grpc::Status served =
      Call("/carcassonne.v1.RefereeService/NewGame", at_limit.SerializeAsString());
  EXPECT_NE(ReadDetails(served).reason, "REQUEST_TOO_LARGE") << served.error_message();
  EXPECT_EQ(metric(shed), shed_before + 1);
}

// Health's refusal of an unknown service carries its ErrorInfo too.
TEST_F(FieldRulesTest, HealthOfAnUnknownServiceIsReadable) {
  auto health = grpc::health::v1::Health::NewStub(*channel_);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  grpc::health::v1::HealthCheckRequest request;
  request.set_service("no.such.Service");
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = health->Check(&context, request, &response);
  ASSERT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  Details details = ReadDetails(status);
  EXPECT_EQ(details.reason, "HEALTH_SERVICE_UNKNOWN");
  EXPECT_EQ(details.metadata["service"], "no.such.Service");
}

}  // namespace
}  // namespace carcassonne::service

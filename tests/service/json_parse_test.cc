// The fast JSON reader of request bodies (service/json_parse.h) against
// protobuf's JsonStringToMessage, the reference it must equal (issue 28): for
// every input of a corpus, the same status (and error text) and the same
// message (deterministic wire bytes). The corpus: requests built from random
// games' snapshots and their legal actions, printed by protobuf in each of its
// forms (JSON or proto field names, defaults printed or not, enums as names or
// numbers, with whitespace or not); the HTTP fuzz seeds' JSON bodies; hand-made
// edge cases of every JSON and proto3 JSON point (with whether the fast path
// itself takes them); seeded byte mutations of these; and, on a type built at
// run time, every integer type's limits and random values, and the float,
// double and bytes fields the fast path leaves to protobuf.
#include "service/json_parse.h"

#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "carcassonne/v1/referee.pb.h"
#include "engine/referee.h"
#include "service/convert.h"
#include "tests/engine/random_play.h"

namespace carcassonne::service {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::Message;

std::unique_ptr<Message> NewMessage(const Descriptor* type) {
  static google::protobuf::DynamicMessageFactory* dynamic =
      new google::protobuf::DynamicMessageFactory();
  google::protobuf::MessageFactory* factory =
      type->file()->pool() == google::protobuf::DescriptorPool::generated_pool()
          ? google::protobuf::MessageFactory::generated_factory()
          : dynamic;
  return std::unique_ptr<Message>(factory->GetPrototype(type)->New());
}

std::string DeterministicBytes(const Message& message) {
  std::string bytes;
  google::protobuf::io::StringOutputStream stream(&bytes);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  message.SerializeToCodedStream(&coded);
  coded.Trim();
  return bytes;
}

// What the fast reader did with one input.
struct Compared {
  bool fast = false;  // the fast path took it
  bool ok = false;    // protobuf accepted it
};

// ParseJsonMessage equals JsonStringToMessage (the options connect.cc uses:
// unknown fields rejected) on `json` as `type`; and when the fast path takes
// the input, protobuf accepts it with the same message.
Compared ExpectSameAsProtobuf(const Descriptor* type, const std::string& json) {
  SCOPED_TRACE(type->full_name() + " " + json.substr(0, 400));
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto reference = NewMessage(type);
  const auto status = google::protobuf::util::JsonStringToMessage(json, reference.get(), options);
  const auto ours = NewMessage(type);
  const auto our_status = ParseJsonMessage(json, ours.get(), options);
  EXPECT_EQ(our_status.ok(), status.ok());
  EXPECT_EQ(std::string(our_status.message()), std::string(status.message()));
  if (status.ok() && our_status.ok()) {
    EXPECT_EQ(DeterministicBytes(*ours), DeterministicBytes(*reference));
  }
  const auto fast = NewMessage(type);
  // A message that holds something first: the fast path clears it.
  fast->ParseFromString(DeterministicBytes(*reference));
  const bool taken = FastParseJsonMessage(json, fast.get());
  if (taken) {
    EXPECT_TRUE(status.ok()) << "the fast path took what protobuf rejects: " << status.message();
    EXPECT_EQ(DeterministicBytes(*fast), DeterministicBytes(*reference));
  } else {
    EXPECT_EQ(DeterministicBytes(*fast), "");
  }
  return {taken, status.ok()};
}

// Every way protobuf prints `message`.
std::vector<std::string> PrintedForms(const Message& message) {
  std::vector<std::string> forms;
  for (int variant = 0; variant < 16; ++variant) {
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = (variant & 1) != 0;
    options.always_print_primitive_fields = (variant & 2) != 0;
    options.always_print_enums_as_ints = (variant & 4) != 0;
    options.preserve_proto_field_names = (variant & 8) != 0;
    std::string json;
    EXPECT_TRUE(google::protobuf::util::MessageToJsonString(message, &json, options).ok());
    forms.push_back(std::move(json));
  }
  return forms;
}

// `json` with a few seeded byte edits (deletions, insertions of JSON-ish
// bytes, replacements).
std::string Mutated(std::string json, std::mt19937& random) {
  static const std::string kBytes = "{}[]\":,0-1e.9\\ untfalsx\x01\xc3\xa9\x80/";
  const int edits = 1 + static_cast<int>(random() % 3);
  for (int i = 0; i < edits && !json.empty(); ++i) {
    const size_t at = random() % json.size();
    const char byte = kBytes[random() % kBytes.size()];
    switch (random() % 3) {
      case 0:
        json.erase(at, 1);
        break;
      case 1:
        json.insert(json.begin() + static_cast<std::ptrdiff_t>(at), byte);
        break;
      default:
        json[at] = byte;
        break;
    }
  }
  return json;
}

// The requests of random games: at every few steps, the snapshot with the
// action the game then plays (ValidateAction), and its players and rules
// (NewGame). Two configurations with many of the snapshot's parts.
std::vector<std::unique_ptr<Message>> RandomGameRequests() {
  std::vector<RuleSet> configs(2);
  configs[0].expansions = {Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders,
                           Expansion::kKingAndRobberBaron, Expansion::kPrincessAndDragon};
  configs[1].expansions = {Expansion::kBridgesCastlesAndBazaars, Expansion::kCountOfCarcassonne,
                           Expansion::kMageAndWitch, Expansion::kTower};
  configs[1].bc_castles = true;
  configs[1].bc_bazaars = true;
  std::vector<std::unique_ptr<Message>> requests;
  for (size_t c = 0; c < configs.size(); ++c) {
    for (uint32_t seed = 0; seed < 2; ++seed) {
      RandomPlay play(seed);
      const std::vector<std::string> names = {"Ada", "Bérénice \"B\"", "\xe7\x8e\x8b"};
      GameState state = std::get<GameState>(NewGame(names, configs[c]));
      auto new_game = std::make_unique<v1::NewGameRequest>();
      for (const std::string& name : names) new_game->add_player_names(name);
      v1::GameState start;
      GameStateToProto(state, &start);
      *new_game->mutable_rules() = start.rules();
      requests.push_back(std::move(new_game));
      for (int step = 0; step < 400 && state.phase != Phase::kGameOver; ++step) {
        const Game game(state);
        if (state.phase == Phase::kPlaceTile) {
          if (play.Draw(game) == nullptr) break;
        }
        const LegalActions legal = play.List(game);
        if (legal.actions.empty()) break;
        const Action action = play.Choose(legal);
        if (step % 9 == 0) {
          auto request = std::make_unique<v1::ValidateActionRequest>();
          GameStateToProto(state, request->mutable_state());
          ActionToProto(action, state, request->mutable_action());
          requests.push_back(std::move(request));
        }
        const Outcome outcome = ApplyAction(state, action);
        if (!outcome.verdict.legal() || !outcome.next) break;
        play.Played(action);
        state = *outcome.next;
      }
    }
  }
  return requests;
}

TEST(JsonParse, RandomGamesRequestsInEveryPrintedFormReadFastAndEqual) {
  std::mt19937 random(28);
  int compared = 0;
  int mutated_fast = 0;
  for (const auto& request : RandomGameRequests()) {
    for (const std::string& json : PrintedForms(*request)) {
      const Compared result = ExpectSameAsProtobuf(request->GetDescriptor(), json);
      // What protobuf prints, the fast path reads itself.
      EXPECT_TRUE(result.fast) << json.substr(0, 300);
      ++compared;
      for (int i = 0; i < 3; ++i) {
        if (ExpectSameAsProtobuf(request->GetDescriptor(), Mutated(json, random)).fast) {
          ++mutated_fast;
        }
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(compared, 100);
  // Some edits keep the JSON valid (a digit for a digit, a space): the fast
  // path read some mutated inputs too.
  EXPECT_GT(mutated_fast, 0);
}

TEST(JsonParse, HttpFuzzSeedsBodiesEqual) {
  int bodies = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(CARCASSONNE_SOURCE_DIR "/tests/fuzz/http_seeds")) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::string seed = text.str();
    size_t body = seed.find("\r\n\r\n");
    body = body == std::string::npos ? seed.find("\n\n") : body;
    if (body == std::string::npos || seed.find("application/json") == std::string::npos) continue;
    const std::string json = seed.substr(seed.find_first_not_of("\r\n", body));
    for (const Descriptor* type :
         {v1::ValidateActionRequest::descriptor(), v1::NewGameRequest::descriptor(),
          v1::GetCatalogRequest::descriptor()}) {
      ExpectSameAsProtobuf(type, json);
    }
    ++bodies;
  }
  EXPECT_GE(bodies, 2);
}

struct EdgeCase {
  std::string json;
  bool fast;  // whether the fast path takes it (else protobuf answers)
};

void ExpectEdgeCases(const Descriptor* type, const std::vector<EdgeCase>& cases) {
  for (const EdgeCase& edge : cases) {
    SCOPED_TRACE(edge.json);
    EXPECT_EQ(ExpectSameAsProtobuf(type, edge.json).fast, edge.fast);
  }
}

TEST(JsonParse, JsonSyntaxEdgeCases) {
  ExpectEdgeCases(
      v1::ValidateActionRequest::descriptor(),
      {
          {"{}", true},
          {" \t\r\n{ \t\r\n} \t\r\n", true},
          {"", false},
          {"   ", false},
          {"[]", false},
          {"null", false},
          {"{} {}", false},
          {"{}x", false},
          {"{", false},
          {"{\"state\":{}", false},
          {"{\"state\":{},}", false},
          {"{,}", false},
          {"{state:{}}", false},                   // an unquoted key
          {"{'state':{}}", false},                 // single quotes
          {"\xef\xbb\xbf{}", false},               // a byte order mark
          {"{\f}", false},                         // form feed: not JSON whitespace
          {"{\v}", false},                         // vertical tab
          {"{\"st\\u0061te\":{}}", true},          // an escaped key
          {"{\"state\":{},\"state\":{}}", false},  // a duplicate key
          {"{\"state\":{\"activePlayer\":1,\"active_player\":2}}", false},
          {"{\"state\":{\"activePlayer\":1,\"activePlayer\":1}}", false},
          {"{\"unknown\":1}", false},
          {"{\"State\":{}}", false},
          {"{\"state\":[]}", false},                // an array for a message
          {"{\"state\":{\"players\":{}}}", false},  // an object for a repeated field
          {"{\"state\":{\"players\":[[]]}}", false},
          {"{\"state\":{\"players\":[{},]}}", false},
          {"{\"state\":{\"players\":[,]}}", false},
          {"{\"state\":{\"players\":[]}}", true},
          {"{\"state\":{\"players\":[{},{\"name\":\"x\"}]}}", true},
          {"{\"state\":{\"players\":[null]}}", false},
          {"{\"state\":null}", true},
          {"{\"state\":{\"players\":null,\"phase\":null,\"activePlayer\":null}}", true},
          {"{\"state\":{\"rules\":{\"tbGoods\":null}}}", false},  // proto3 optional: protobuf's
          {"{\"state\":nul}", false},
          {"{\"state\":{\"extraTileEarned\":true,\"second_part\":false}}", true},
          {"{\"state\":{\"extraTileEarned\":\"true\"}}", false},
          {"{\"state\":{\"extraTileEarned\":1}}", false},
          {"{\"state\":{\"extraTileEarned\":True}}", false},
      });
}

TEST(JsonParse, Int32EdgeCases) {
  ExpectEdgeCases(v1::ValidateActionRequest::descriptor(),
                  {
                      {"{\"state\":{\"activePlayer\":0}}", true},
                      {"{\"state\":{\"activePlayer\":-3}}", true},
                      {"{\"state\":{\"activePlayer\":2147483647}}", true},
                      {"{\"state\":{\"activePlayer\":-2147483648}}", true},
                      {"{\"state\":{\"activePlayer\":2147483648}}", false},
                      {"{\"state\":{\"activePlayer\":-2147483649}}", false},
                      {"{\"state\":{\"activePlayer\":99999999999999999999}}", false},
                      {"{\"state\":{\"activePlayer\":\"7\"}}", true},
                      {"{\"state\":{\"activePlayer\":\"-7\"}}", true},
                      {"{\"state\":{\"activePlayer\":\"2147483648\"}}", false},
                      {"{\"state\":{\"activePlayer\":\" 7\"}}", false},
                      {"{\"state\":{\"activePlayer\":\"7 \"}}", false},
                      {"{\"state\":{\"activePlayer\":\"\"}}", false},
                      {"{\"state\":{\"activePlayer\":\"07\"}}", false},
                      {"{\"state\":{\"activePlayer\":\"+7\"}}", false},
                      {"{\"state\":{\"activePlayer\":-0}}", false},
                      {"{\"state\":{\"activePlayer\":07}}", false},
                      {"{\"state\":{\"activePlayer\":+7}}", false},
                      {"{\"state\":{\"activePlayer\":1.0}}", false},
                      {"{\"state\":{\"activePlayer\":1.5}}", false},
                      {"{\"state\":{\"activePlayer\":1e2}}", false},
                      {"{\"state\":{\"activePlayer\":1E2}}", false},
                      {"{\"state\":{\"activePlayer\":0x10}}", false},
                      {"{\"state\":{\"activePlayer\":-}}", false},
                      {"{\"state\":{\"activePlayer\":true}}", false},
                      {"{\"state\":{\"activePlayer\":[1]}}", false},
                      {"{\"state\":{\"count\":{\"finalPassed\":[1,-2,\"3\",2147483647]}}}", true},
                      {"{\"state\":{\"count\":{\"finalPassed\":[1,2.5]}}}", false},
                      // proto3 optional: an explicit 0 is present.
                      {"{\"state\":{\"finalAbbeyLastSeat\":0}}", true},
                      {"{\"action\":{\"actor\":0,\"pass\":{}}}", true},
                  });
}

TEST(JsonParse, StringEdgeCases) {
  ExpectEdgeCases(
      v1::NewGameRequest::descriptor(),
      {
          {"{\"playerNames\":[\"\",\"a b\"]}", true},
          {"{\"playerNames\":[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]}", true},
          {"{\"playerNames\":[\"\\u0041\\u00e9\\u00E9\\u4e2d\\uFFFF\"]}", true},
          {"{\"playerNames\":[\"\\u0000\"]}", true},
          {"{\"playerNames\":[\"\\ud83d\\ude00\"]}", true},  // a surrogate pair: U+1F600
          {"{\"playerNames\":[\"\\uD834\\uDD1E\"]}", true},  // U+1D11E
          {"{\"playerNames\":[\"\\ud83d\"]}", false},        // a lone high surrogate
          {"{\"playerNames\":[\"\\ude00\"]}", false},        // a lone low surrogate
          {"{\"playerNames\":[\"\\ud83dx\"]}", false},
          {"{\"playerNames\":[\"\\ud83d\\u0041\"]}", false},
          {"{\"playerNames\":[\"\\u12\"]}", false},
          {"{\"playerNames\":[\"\\u12g4\"]}", false},
          {"{\"playerNames\":[\"\\x41\"]}", false},
          {"{\"playerNames\":[\"\\'\"]}", false},
          {"{\"playerNames\":[\"\\\"]}", false},
          {"{\"playerNames\":[\"\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\"]}", true},  // raw UTF-8
          {"{\"playerNames\":[\"\xc3\x28\"]}", false},                             // invalid UTF-8
          {"{\"playerNames\":[\"\xc0\xaf\"]}", false},                             // overlong
          {"{\"playerNames\":[\"\xed\xa0\x80\"]}", false},      // an encoded surrogate
          {"{\"playerNames\":[\"\xf4\x90\x80\x80\"]}", false},  // above U+10FFFF
          {"{\"playerNames\":[\"\xe4\xb8\"]}", false},          // truncated
          {"{\"playerNames\":[\"\x80\"]}", false},
          {"{\"playerNames\":[\"a\x01\"]}", false},  // a raw control character
          {"{\"playerNames\":[\"a\tb\"]}", false},
          {"{\"playerNames\":[\"abc]}", false},
          {"{\"playerNames\":[1]}", false},
          {"{\"playerNames\":[true]}", false},
          {"{\"playerNames\":\"a\"}", false},
          {"{\"player_names\":[\"a\"],\"rules\":{}}", true},
      });
}

TEST(JsonParse, EnumAndOneofEdgeCases) {
  ExpectEdgeCases(
      v1::ValidateActionRequest::descriptor(),
      {
          {"{\"state\":{\"phase\":\"PHASE_PLACE_FIGURE\"}}", true},
          {"{\"state\":{\"phase\":\"PHASE_UNSPECIFIED\"}}", true},
          {"{\"state\":{\"phase\":2}}", true},
          {"{\"state\":{\"phase\":0}}", true},
          {"{\"state\":{\"phase\":292}}", true},
          {"{\"state\":{\"phase\":\"2\"}}", false},
          {"{\"state\":{\"phase\":999}}", false},  // an unknown number: protobuf's
          {"{\"state\":{\"phase\":-1}}", false},
          {"{\"state\":{\"phase\":\"phase_place_figure\"}}", false},
          {"{\"state\":{\"phase\":\"PHASE_NOPE\"}}", false},
          {"{\"state\":{\"phase\":\"\"}}", false},
          {"{\"state\":{\"phase\":2.0}}", false},
          {"{\"state\":{\"phase\":true}}", false},
          {"{\"state\":{\"rules\":{\"expansions\":[\"EXPANSION_RIVER\",1,\"EXPANSION_TOWER\"]}}}",
           true},
          {"{\"action\":{\"pass\":{}}}", true},
          {"{\"action\":{\"placeTile\":{\"tileType\":\"base:U\",\"x\":1,\"y\":-1,\"rotation\":90,"
           "\"bridge\":{\"axis\":\"BRIDGE_AXIS_EAST_WEST\"}}}}",
           true},
          {"{\"action\":{\"place_figure\":{\"kind\":\"FIGURE_KIND_FOLLOWER\",\"segment\":{\"x\":0,"
           "\"y\":0,\"location\":\"LOCATION_N\"}}}}",
           true},
          {"{\"action\":{\"placeFigure\":{\"segment\":{\"location\":\"LOCATION_N\","
           "\"segmentId\":\"c1\"}}}}",
           false},  // two members of a oneof
          {"{\"action\":{\"pass\":{},\"endGame\":{}}}", false},
          {"{\"action\":{\"pass\":{},\"endGame\":null}}", false},
          {"{\"action\":{\"pass\":null}}", false},
          {"{\"action\":{\"pass\":{},\"scoringOrder\":[{\"x\":1},{\"segmentId\":\"r\"}]}}", true},
      });
}

// A proto3 type with a field of every integer type, singular and repeated
// (the request types have int32 only), and one with float, double and bytes
// fields (left to protobuf); built at run time in a pool of their own.
const google::protobuf::FileDescriptor* NumbersFile() {
  static const google::protobuf::FileDescriptor* file = [] {
    google::protobuf::FileDescriptorProto proto;
    proto.set_name("json_parse_test_numbers.proto");
    proto.set_package("jsontest");
    proto.set_syntax("proto3");
    auto* numbers = proto.add_message_type();
    numbers->set_name("Numbers");
    const std::vector<std::pair<std::string, google::protobuf::FieldDescriptorProto::Type>> types =
        {{"int32", google::protobuf::FieldDescriptorProto::TYPE_INT32},
         {"int64", google::protobuf::FieldDescriptorProto::TYPE_INT64},
         {"uint32", google::protobuf::FieldDescriptorProto::TYPE_UINT32},
         {"uint64", google::protobuf::FieldDescriptorProto::TYPE_UINT64},
         {"sint32", google::protobuf::FieldDescriptorProto::TYPE_SINT32},
         {"sint64", google::protobuf::FieldDescriptorProto::TYPE_SINT64},
         {"fixed32", google::protobuf::FieldDescriptorProto::TYPE_FIXED32},
         {"fixed64", google::protobuf::FieldDescriptorProto::TYPE_FIXED64},
         {"sfixed32", google::protobuf::FieldDescriptorProto::TYPE_SFIXED32},
         {"sfixed64", google::protobuf::FieldDescriptorProto::TYPE_SFIXED64}};
    int number = 1;
    for (const auto& [name, type] : types) {
      for (const bool repeated : {false, true}) {
        auto* field = numbers->add_field();
        field->set_name((repeated ? "r_" : "v_") + name);
        field->set_number(number++);
        field->set_type(type);
        field->set_label(repeated ? google::protobuf::FieldDescriptorProto::LABEL_REPEATED
                                  : google::protobuf::FieldDescriptorProto::LABEL_OPTIONAL);
      }
    }
    auto* others = proto.add_message_type();
    others->set_name("Others");
    const std::vector<std::pair<std::string, google::protobuf::FieldDescriptorProto::Type>>
        other_types = {{"f", google::protobuf::FieldDescriptorProto::TYPE_FLOAT},
                       {"d", google::protobuf::FieldDescriptorProto::TYPE_DOUBLE},
                       {"b", google::protobuf::FieldDescriptorProto::TYPE_BYTES}};
    for (const auto& [name, type] : other_types) {
      auto* field = others->add_field();
      field->set_name(name);
      field->set_number(number++);
      field->set_type(type);
      field->set_label(google::protobuf::FieldDescriptorProto::LABEL_OPTIONAL);
    }
    static google::protobuf::DescriptorPool* pool = new google::protobuf::DescriptorPool();
    return pool->BuildFile(proto);
  }();
  return file;
}

TEST(JsonParse, IntegerTypesEdgeCases) {
  const Descriptor* numbers = NumbersFile()->FindMessageTypeByName("Numbers");
  ASSERT_NE(numbers, nullptr);
  struct Values {
    std::string type;
    std::vector<std::string> in_range;
    std::vector<std::string> out_of_range;
  };
  const std::vector<std::string> signed32 = {"0", "1", "-1", "2147483647", "-2147483648"};
  const std::vector<std::string> signed32_out = {"2147483648", "-2147483649"};
  const std::vector<std::string> signed64 = {"0", "-1", "2147483648", "9223372036854775807",
                                             "-9223372036854775808"};
  const std::vector<std::string> signed64_out = {"9223372036854775808", "-9223372036854775809",
                                                 "18446744073709551616"};
  const std::vector<std::string> unsigned32 = {"0", "1", "4294967295"};
  const std::vector<std::string> unsigned32_out = {"4294967296", "-1"};
  const std::vector<std::string> unsigned64 = {"0", "4294967296", "18446744073709551615"};
  const std::vector<std::string> unsigned64_out = {"18446744073709551616", "-1",
                                                   "99999999999999999999999"};
  const std::vector<Values> all = {
      {"int32", signed32, signed32_out},      {"sint32", signed32, signed32_out},
      {"sfixed32", signed32, signed32_out},   {"int64", signed64, signed64_out},
      {"sint64", signed64, signed64_out},     {"sfixed64", signed64, signed64_out},
      {"uint32", unsigned32, unsigned32_out}, {"fixed32", unsigned32, unsigned32_out},
      {"uint64", unsigned64, unsigned64_out}, {"fixed64", unsigned64, unsigned64_out}};
  int fast = 0;
  for (const Values& values : all) {
    for (const char* prefix : {"v_", "r_"}) {
      const bool repeated = prefix[0] == 'r';
      auto json = [&](const std::string& value) {
        std::string text = "{\"";
        text.append(prefix).append(values.type).append("\":");
        if (repeated) {
          text.append("[").append(value).append(",").append(value).append("]");
        } else {
          text.append(value);
        }
        return text.append("}");
      };
      auto quoted = [](const std::string& value) {
        std::string text = "\"";
        return text.append(value).append("\"");
      };
      for (const std::string& value : values.in_range) {
        SCOPED_TRACE(values.type + " " + value);
        EXPECT_TRUE(ExpectSameAsProtobuf(numbers, json(value)).fast);
        EXPECT_TRUE(ExpectSameAsProtobuf(numbers, json(quoted(value))).fast);
        fast += 2;
      }
      for (const std::string& value : values.out_of_range) {
        SCOPED_TRACE(values.type + " " + value);
        EXPECT_FALSE(ExpectSameAsProtobuf(numbers, json(value)).fast);
        EXPECT_FALSE(ExpectSameAsProtobuf(numbers, json(quoted(value))).fast);
      }
      for (const std::string value :
           {"-0", "01", "1.0", "1e3", "0.5", "\"1e3\"", "\" 1\"", "true", "\"\"", "+1", "-"}) {
        SCOPED_TRACE(values.type + " " + value);
        EXPECT_FALSE(ExpectSameAsProtobuf(numbers, json(value)).fast);
      }
    }
  }
  EXPECT_GT(fast, 100);
}

TEST(JsonParse, RandomIntegersInEveryPrintedFormReadFastAndEqual) {
  const Descriptor* numbers = NumbersFile()->FindMessageTypeByName("Numbers");
  ASSERT_NE(numbers, nullptr);
  std::mt19937_64 random(64);
  for (int round = 0; round < 40; ++round) {
    const auto message = NewMessage(numbers);
    const google::protobuf::Reflection* reflection = message->GetReflection();
    for (int i = 0; i < numbers->field_count(); ++i) {
      const google::protobuf::FieldDescriptor* field = numbers->field(i);
      const int count = field->is_repeated() ? static_cast<int>(random() % 4) : 1;
      for (int n = 0; n < count; ++n) {
        // Values of every magnitude: a random number of random bits.
        const uint64_t bits = random() >> (random() % 64);
        switch (field->cpp_type()) {
          case google::protobuf::FieldDescriptor::CPPTYPE_INT32:
            field->is_repeated()
                ? reflection->AddInt32(message.get(), field, static_cast<int32_t>(bits))
                : reflection->SetInt32(message.get(), field, static_cast<int32_t>(bits));
            break;
          case google::protobuf::FieldDescriptor::CPPTYPE_INT64:
            field->is_repeated()
                ? reflection->AddInt64(message.get(), field, static_cast<int64_t>(bits))
                : reflection->SetInt64(message.get(), field, static_cast<int64_t>(bits));
            break;
          case google::protobuf::FieldDescriptor::CPPTYPE_UINT32:
            field->is_repeated()
                ? reflection->AddUInt32(message.get(), field, static_cast<uint32_t>(bits))
                : reflection->SetUInt32(message.get(), field, static_cast<uint32_t>(bits));
            break;
          default:
            field->is_repeated() ? reflection->AddUInt64(message.get(), field, bits)
                                 : reflection->SetUInt64(message.get(), field, bits);
            break;
        }
      }
    }
    for (const std::string& json : PrintedForms(*message)) {
      EXPECT_TRUE(ExpectSameAsProtobuf(numbers, json).fast) << json;
    }
  }
}

TEST(JsonParse, FloatDoubleAndBytesGoToProtobuf) {
  const Descriptor* others = NumbersFile()->FindMessageTypeByName("Others");
  ASSERT_NE(others, nullptr);
  for (const std::string json :
       {"{\"f\":1.5}", "{\"d\":\"NaN\"}", "{\"d\":\"-Infinity\"}", "{\"f\":1e39}",
        "{\"b\":\"aGk=\"}", "{\"b\":\"aGk\"}", "{\"b\":\"a-_w\"}", "{\"f\":null}"}) {
    EXPECT_FALSE(ExpectSameAsProtobuf(others, json).fast);
  }
  EXPECT_TRUE(ExpectSameAsProtobuf(others, "{}").fast);
}

TEST(JsonParse, OptionsOtherThanConnectsGoToProtobuf) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  const std::string json = "{\"state\":{\"activePlayer\":2},\"unknown\":1}";
  v1::ValidateActionRequest ours;
  v1::ValidateActionRequest reference;
  ASSERT_TRUE(ParseJsonMessage(json, &ours, options).ok());
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &reference, options).ok());
  EXPECT_EQ(ours.state().active_player(), 2);
  EXPECT_EQ(DeterministicBytes(ours), DeterministicBytes(reference));
}

}  // namespace
}  // namespace carcassonne::service

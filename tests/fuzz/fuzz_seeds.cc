// fuzz_seeds: the seed corpora of the fuzz targets, made from the scenario
// files (tests/scenarios/*.json), and the fuzzing dictionary.
//
//   fuzz_seeds --out=DIR tests/scenarios/*.json
//       plays each scenario through the service's handlers (as the scenario
//       runner does) and writes, for the position before every step and the
//       last one, the requests the RPC targets take (protobuf binary) into
//       DIR/fuzz_<rpc>/, the snapshot into DIR/fuzz_snapshot/, and a few
//       seeded random byte strings into DIR/fuzz_engine_games/ (that target
//       reads choices, not messages). Identical seeds are written once.
//   fuzz_seeds --dictionary
//       prints the libFuzzer dictionary (tests/fuzz/referee.dict): the tag
//       bytes of every field of the API's messages, the tile type ids and
//       segment ids of the catalogue, and a few boundary values.
//
// Generated at test time by scripts/fuzz.sh, so that the repository keeps the
// scenario files only (the corpora change with them).
#include <google/protobuf/descriptor.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "carcassonne/v1/referee.pb.h"
#include "clients/scenario/scenario_runner.h"
#include "engine/tile_type.h"
#include "service/handlers.h"

namespace carcassonne::fuzz {
namespace {

namespace v1 = ::carcassonne::v1;
namespace fs = std::filesystem;

// Seeds per target, deduplicated by content.
class Corpora {
 public:
  explicit Corpora(fs::path root) : root_(std::move(root)) {}

  void Add(const std::string& target, const std::string& name,
           const google::protobuf::Message& message) {
    std::string bytes;
    message.SerializeToString(&bytes);
    AddBytes(target, name, bytes);
  }

  void AddBytes(const std::string& target, const std::string& name, const std::string& bytes) {
    if (!seen_[target].insert(bytes).second) return;
    const fs::path dir = root_ / target;
    fs::create_directories(dir);
    std::ofstream out(dir / name, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
      std::cerr << "fuzz_seeds: cannot write " << (dir / name) << "\n";
      std::exit(1);
    }
  }

  void PrintCounts() const {
    for (const auto& [target, seeds] : seen_) {
      std::cout << "fuzz_seeds: " << target << ": " << seeds.size() << " seeds\n";
    }
  }

 private:
  fs::path root_;
  std::map<std::string, std::set<std::string>> seen_;
};

// The requests of every RPC target on one position (and the action played
// from it, with the one after it for a two-step PlayTurn).
void AddPosition(Corpora& corpora, const std::string& name, const v1::GameState& state,
                 const v1::Action* action, const v1::Action* next_action) {
  corpora.Add("fuzz_snapshot", name, state);
  {
    v1::ScoreGameRequest request;
    *request.mutable_state() = state;
    corpora.Add("fuzz_score_game", name, request);
  }
  {
    v1::ListLegalActionsRequest request;
    *request.mutable_state() = state;
    if (action != nullptr && action->has_place_tile()) {
      request.set_tile_type(action->place_tile().tile_type());
    } else if (action != nullptr && action->has_discard_tile()) {
      request.set_tile_type(action->discard_tile().tile_type());
    }
    corpora.Add("fuzz_list_legal_actions", name, request);
  }
  if (action == nullptr) return;
  {
    v1::ValidateActionRequest request;
    *request.mutable_state() = state;
    *request.mutable_action() = *action;
    corpora.Add("fuzz_validate_action", name, request);
  }
  {
    v1::ApplyActionRequest request;
    *request.mutable_state() = state;
    *request.mutable_action() = *action;
    corpora.Add("fuzz_apply_action", name, request);
  }
  {
    v1::PlayTurnRequest request;
    *request.mutable_state() = state;
    *request.add_actions() = *action;
    if (next_action != nullptr) *request.add_actions() = *next_action;
    corpora.Add("fuzz_play_turn", name, request);
  }
}

// Plays one scenario through the handlers; false when it cannot be read.
bool AddScenario(Corpora& corpora, const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  scenario::v1::Scenario scenario;
  if (!in || !scenario::ParseScenarioJson(text.str(), &scenario).empty()) {
    std::cerr << "fuzz_seeds: cannot read scenario " << path << "\n";
    return false;
  }
  const std::string stem = path.stem().string();
  v1::GameState state;
  if (scenario.has_new_game()) {
    corpora.Add("fuzz_new_game", stem, scenario.new_game());
    v1::NewGameResponse response;
    if (!service::HandleNewGame(scenario.new_game(), &response).ok()) return true;
    state = response.state();
  } else {
    state = scenario.state();
  }
  const int steps = scenario.steps_size();
  for (int i = 0; i < steps; ++i) {
    const v1::Action& action = scenario.steps(i).action();
    const v1::Action* next = i + 1 < steps ? &scenario.steps(i + 1).action() : nullptr;
    AddPosition(corpora, stem + "-" + std::to_string(i), state, &action, next);
    v1::ApplyActionRequest request;
    *request.mutable_state() = state;
    *request.mutable_action() = action;
    v1::ApplyActionResponse response;
    if (!service::HandleApplyAction(request, &response).ok()) break;
    if (response.verdict().legal()) state = response.state();
  }
  AddPosition(corpora, stem + "-end", state, nullptr, nullptr);
  return true;
}

// The engine target reads choices: seeded random strings of a few lengths.
void AddEngineSeeds(Corpora& corpora) {
  std::mt19937 random(20240601);
  for (int length : {16, 64, 256, 1024, 4096}) {
    for (int copy = 0; copy < 4; ++copy) {
      std::string bytes(static_cast<size_t>(length), '\0');
      for (char& byte : bytes) byte = static_cast<char>(random() & 0xff);
      corpora.AddBytes("fuzz_engine_games",
                       "random-" + std::to_string(length) + "-" + std::to_string(copy), bytes);
    }
  }
}

// ---------------------------------------------------------------------------
// The dictionary.

std::string Varint(uint64_t value) {
  std::string bytes;
  do {
    uint8_t byte = value & 0x7f;
    value >>= 7;
    if (value != 0) byte |= 0x80;
    bytes.push_back(static_cast<char>(byte));
  } while (value != 0);
  return bytes;
}

// A dictionary value: printable ASCII as is, the rest as \xNN.
std::string Quoted(const std::string& bytes) {
  std::string text = "\"";
  for (unsigned char byte : bytes) {
    if (byte >= 0x20 && byte < 0x7f && byte != '"' && byte != '\\') {
      text.push_back(static_cast<char>(byte));
    } else {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      text += escaped;
    }
  }
  return text + "\"";
}

// The tag bytes of a field: its number and wire type (a length-delimited
// record for messages, strings and packed repeated scalars; a varint
// otherwise, every scalar of the API being an integer, an enum or a bool).
void AddFieldTags(const google::protobuf::Descriptor& message,
                  std::map<std::string, std::string>& tags) {
  for (int i = 0; i < message.field_count(); ++i) {
    const google::protobuf::FieldDescriptor& field = *message.field(i);
    const bool length_delimited = field.type() == google::protobuf::FieldDescriptor::TYPE_MESSAGE ||
                                  field.type() == google::protobuf::FieldDescriptor::TYPE_STRING ||
                                  field.type() == google::protobuf::FieldDescriptor::TYPE_BYTES ||
                                  field.is_packed();
    const uint64_t tag = (static_cast<uint64_t>(field.number()) << 3) | (length_delimited ? 2 : 0);
    tags.emplace(Varint(tag),
                 "tag_" + std::to_string(field.number()) + (length_delimited ? "_len" : "_varint"));
    if (field.is_packed()) {  // the unpacked form is accepted too
      tags.emplace(Varint(static_cast<uint64_t>(field.number()) << 3),
                   "tag_" + std::to_string(field.number()) + "_varint");
    }
  }
}

void PrintDictionary() {
  std::cout << "# libFuzzer dictionary of the RPC and snapshot fuzz targets (tests/fuzz/).\n"
               "# Generated by `fuzz_seeds --dictionary` (build-fuzz/tests/fuzz/fuzz_seeds);\n"
               "# scripts/fuzz.sh warns when it is out of date. Field tags of every message\n"
               "# of carcassonne.v1, boundary values, tile type ids and segment ids.\n";
  std::map<std::string, std::string> tags;
  const google::protobuf::FileDescriptor& file = *v1::GameState::descriptor()->file();
  for (int i = 0; i < file.message_type_count(); ++i) {
    std::vector<const google::protobuf::Descriptor*> pending = {file.message_type(i)};
    while (!pending.empty()) {
      const google::protobuf::Descriptor* message = pending.back();
      pending.pop_back();
      AddFieldTags(*message, tags);
      for (int j = 0; j < message->nested_type_count(); ++j) {
        pending.push_back(message->nested_type(j));
      }
    }
  }
  for (const auto& [bytes, name] : tags) std::cout << name << "=" << Quoted(bytes) << "\n";
  // Rotations, the snapshot limits (1024 tiles, figures, coordinates) and
  // their neighbours, negative numbers (10-byte varints), int32 extremes.
  const std::vector<std::pair<std::string, int64_t>> values = {
      {"rotation_90", 90},   {"rotation_180", 180},     {"rotation_270", 270},
      {"limit_1024", 1024},  {"limit_1025", 1025},      {"minus_1", -1},
      {"minus_1025", -1025}, {"int32_max", 2147483647}, {"int32_min", -2147483648LL},
      {"score_big", 1 << 30}};
  for (const auto& [name, value] : values) {
    std::cout << "value_" << name << "=" << Quoted(Varint(static_cast<uint64_t>(value))) << "\n";
  }
  const Catalogue& catalogue = Catalogue::Get();
  std::set<std::string> segment_ids;
  for (int rank = 0; rank < catalogue.type_count(); ++rank) {
    const TileType& type = catalogue.TypeAt(rank);
    std::cout << "tile=" << Quoted(std::string(type.id)) << "\n";
    for (const SegmentType& segment : type.segments) segment_ids.insert(std::string(segment.id));
  }
  for (const std::string& id : segment_ids) std::cout << "segment=" << Quoted(id) << "\n";
}

int Main(int argc, char** argv) {
  std::string out;
  std::vector<fs::path> scenarios;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--dictionary") {
      PrintDictionary();
      return 0;
    }
    if (arg.rfind("--out=", 0) == 0) {
      out = arg.substr(6);
    } else if (arg.rfind("--", 0) == 0) {
      std::cerr << "fuzz_seeds: unknown flag " << arg << "\n";
      return 2;
    } else {
      scenarios.emplace_back(arg);
    }
  }
  if (out.empty() || scenarios.empty()) {
    std::cerr << "usage: fuzz_seeds --out=DIR SCENARIO.json...\n       fuzz_seeds --dictionary\n";
    return 2;
  }
  Corpora corpora{fs::path(out)};
  bool ok = true;
  for (const fs::path& path : scenarios) ok = AddScenario(corpora, path) && ok;
  v1::GetCatalogRequest catalog;
  corpora.Add("fuzz_get_catalog", "empty", catalog);
  AddEngineSeeds(corpora);
  corpora.PrintCounts();
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace carcassonne::fuzz

int main(int argc, char** argv) { return carcassonne::fuzz::Main(argc, argv); }

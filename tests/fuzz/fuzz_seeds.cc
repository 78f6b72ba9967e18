// fuzz_seeds: the seed corpora of the fuzz targets, made from the scenario
// files (tests/scenarios/*.json), and the fuzzing dictionary.
//
//   fuzz_seeds --out=DIR tests/scenarios/*.json
//       plays each scenario through the service's handlers (as the scenario
//       runner does) and writes, for the position before every step and the
//       last one, the requests the RPC targets take (protobuf binary) into
//       DIR/fuzz_<rpc>/, the snapshot into DIR/fuzz_snapshot/, and a few
//       seeded random byte strings into DIR/fuzz_engine_games/ (that target
//       reads choices, not messages), some behind a rule block choosing a
//       family of expansions (engine_fuzz_rules.h). Identical seeds are
//       written once.
//   fuzz_seeds --dictionary
//       prints the libFuzzer dictionary (tests/fuzz/referee.dict): the tag
//       bytes of every field of the API's messages, the tile type ids and
//       segment ids of the catalogue, and a few boundary values.
//
// Generated at test time by scripts/fuzz.sh, so that the repository keeps the
// scenario files only (the corpora change with them).
#include <google/protobuf/descriptor.h>

#include <algorithm>
#include <array>
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
#include "tests/fuzz/engine_fuzz_rules.h"

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

// A family of engine seeds: the rule set its first bytes choose
// (engine_fuzz_rules.h).
struct EngineFamily {
  std::string name;
  fuzz::FuzzRules rules;
  // Seeds of each length. (The steer towards the magic figures set aside
  // reaches it in about one game in ten: engine_fuzz_steer.h.)
  int copies = 2;
};

fuzz::FuzzRules Rules(std::vector<Expansion> expansions, int players, bool tracked = true) {
  fuzz::FuzzRules fuzz;
  fuzz.rules.expansions = std::move(expansions);
  fuzz.players = players;
  fuzz.tracked_bag = tracked;
  return fuzz;
}

// Every expansion and each decision of the newest ones in some family: the
// shepherd and the flock, the Tower's floors, captures, exchanges and
// ransoms, the bazaars with and without bidding, the Abbot, the fairy, the
// dragon and the princess, the Count with the mayor, the wagon and the barn;
// and games whose caller does not track the bag (AMB-48, BC-18).
std::vector<EngineFamily> EngineFamilies() {
  using E = Expansion;
  std::vector<EngineFamily> families;
  {
    fuzz::FuzzRules all =
        Rules({E::kInnsAndCathedrals, E::kTradersAndBuilders, E::kRiver, E::kKingAndRobberBaron,
               E::kCountOfCarcassonne, E::kMageAndWitch, E::kAbbeyAndMayor,
               E::kBridgesCastlesAndBazaars, E::kCult, E::kSiege, E::kHillsAndSheep,
               E::kPrincessAndDragon, E::kUnderTheBigTop, E::kTower},
              4);
    all.rules.am_abbey = all.rules.am_mayor = all.rules.am_wagon = true;  // no barn with Siege
    all.rules.bc_bridges = all.rules.bc_castles = all.rules.bc_bazaars = true;
    families.push_back({"all-but-the-abbot", all});
  }
  {
    fuzz::FuzzRules all =
        Rules({E::kInnsAndCathedrals, E::kTradersAndBuilders, E::kRiver, E::kKingAndRobberBaron,
               E::kMageAndWitch, E::kAbbeyAndMayor, E::kBridgesCastlesAndBazaars, E::kHillsAndSheep,
               E::kPrincessAndDragon, E::kUnderTheBigTop, E::kTower, E::kAbbot},
              3);
    all.rules.am_abbey = all.rules.am_mayor = all.rules.am_wagon = all.rules.am_barn = true;
    all.rules.bc_bridges = all.rules.bc_castles = all.rules.bc_bazaars = true;
    families.push_back({"all-but-the-count-and-the-cult", all});
  }
  {
    fuzz::FuzzRules tower = Rules(
        {E::kTower, E::kInnsAndCathedrals, E::kTradersAndBuilders, E::kBridgesCastlesAndBazaars},
        3);
    tower.rules.bc_castles = true;
    families.push_back({"tower-inns-traders-castles", tower});
    fuzz::FuzzRules immune =
        Rules({E::kTower, E::kPrincessAndDragon, E::kCountOfCarcassonne, E::kAbbeyAndMayor}, 2);
    immune.rules.am_abbey = true;
    immune.rules.tw_tower_top_capturable = false;
    families.push_back({"tower-dragon-count-abbey", immune});
  }
  {
    fuzz::FuzzRules flock = Rules(
        {E::kHillsAndSheep, E::kPrincessAndDragon, E::kTradersAndBuilders, E::kAbbeyAndMayor}, 2);
    flock.rules.am_abbey = flock.rules.am_barn = true;
    families.push_back({"shepherd-dragon-traders-abbey", flock});
    fuzz::FuzzRules untracked = Rules({E::kHillsAndSheep, E::kCountOfCarcassonne}, 3, false);
    untracked.rules.hs_grow_before_closed_scoring = false;
    families.push_back({"shepherd-count-untracked", untracked});
  }
  {
    fuzz::FuzzRules bidding =
        Rules({E::kBridgesCastlesAndBazaars, E::kInnsAndCathedrals, E::kTradersAndBuilders}, 4);
    bidding.rules.bc_castles = bidding.rules.bc_bazaars = true;
    families.push_back({"bazaars-bidding", bidding});
    fuzz::FuzzRules picking = Rules({E::kBridgesCastlesAndBazaars}, 3, false);
    picking.rules.bc_bazaars = true;
    picking.rules.bc_bazaar_bidding = false;
    families.push_back({"bazaars-no-bidding-untracked", picking});
    fuzz::FuzzRules gardens = Rules({E::kBridgesCastlesAndBazaars, E::kAbbot}, 3);
    gardens.rules.bc_bazaars = true;
    families.push_back({"bazaars-abbot", gardens});
  }
  {
    // The current Inns & Cathedrals (IN-01, IN-14): its tiles with the
    // abbot on their gardens, the builder and the bridges.
    fuzz::FuzzRules current = Rules(
        {E::kInnsAndCathedrals, E::kAbbot, E::kTradersAndBuilders, E::kBridgesCastlesAndBazaars},
        4);
    current.rules.ic_edition = InnsCathedralsEdition::kCurrent;
    current.rules.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kOrdinary;
    current.rules.bc_bridges = true;
    families.push_back({"inns-current-edition-abbot", current});
  }
  {
    fuzz::FuzzRules abbot =
        Rules({E::kAbbot, E::kPrincessAndDragon, E::kHillsAndSheep, E::kAbbeyAndMayor}, 2);
    abbot.rules.am_mayor = abbot.rules.am_wagon = abbot.rules.am_barn = true;
    families.push_back({"abbot-dragon-hills-abbey", abbot});
  }
  {
    fuzz::FuzzRules princess = Rules(
        {E::kPrincessAndDragon, E::kMageAndWitch, E::kKingAndRobberBaron, E::kInnsAndCathedrals},
        3);
    princess.rules.pd_fairy_placement = FairyPlacement::kOnTile;
    princess.rules.pd_princess = PrincessRemoval::kMust;
    families.push_back({"princess-mage-king-inns", princess});
    fuzz::FuzzRules later = Rules({E::kPrincessAndDragon, E::kCountOfCarcassonne, E::kCult}, 4);
    later.rules.pd_dragon_move_time = DragonMoveTime::kAfterScoring;
    families.push_back({"dragon-after-scoring-count-cult", later});
  }
  {
    fuzz::FuzzRules count =
        Rules({E::kCountOfCarcassonne, E::kAbbeyAndMayor, E::kTradersAndBuilders}, 3);
    count.rules.am_mayor = count.rules.am_wagon = count.rules.am_barn = true;
    count.rules.count_market_redeploy_on_farm_join = true;
    count.rules.count_mayor_wagon_count_as_two = true;
    families.push_back({"count-mayor-wagon-barn", count});
  }
  families.push_back(
      {"big-top-dragon-abbey-hills",
       Rules({E::kUnderTheBigTop, E::kPrincessAndDragon, E::kAbbeyAndMayor, E::kHillsAndSheep},
             2)});
  families.push_back({"siege-cult-count-mage",
                      Rules({E::kSiege, E::kCult, E::kCountOfCarcassonne, E::kMageAndWitch}, 3)});
  {
    fuzz::FuzzRules river = Rules(
        {E::kRiver, E::kKingAndRobberBaron, E::kInnsAndCathedrals, E::kTradersAndBuilders}, 2);
    river.rules.river_parts = RiverParts::kBoth;
    river.rules.king_robber_live_scoring = KingRobberLiveScoring::kAfterTransfer;
    families.push_back({"river-king-inns-traders", river});
  }
  {
    // Games short enough to end within a seed, steered (engine_fuzz_steer.h):
    // the final abbey round (AM-07) with the abbeys held, the bag tracked or
    // not, and the magic figures set aside (MW-08).
    fuzz::FuzzRules abbey = Rules({E::kAbbeyAndMayor}, 2);
    abbey.rules.am_abbey = abbey.rules.am_mayor = abbey.rules.am_wagon = abbey.rules.am_barn = true;
    abbey.hold_abbeys = true;
    families.push_back({"abbey-and-mayor", abbey});
    // The first-edition wagon move (AM-13) with the barn majority (they
    // share a bit of the block, engine_fuzz_rules.h).
    fuzz::FuzzRules first_edition_wagon = abbey;
    first_edition_wagon.rules.am_wagon_move = WagonMove::kC1Connected;
    first_edition_wagon.rules.am_barn_multi = BarnMulti::kMajority;
    families.push_back({"abbey-and-mayor-c1-wagon", first_edition_wagon});
    fuzz::FuzzRules untracked_abbey = Rules({E::kAbbeyAndMayor}, 3, false);
    untracked_abbey.rules.am_abbey = true;
    untracked_abbey.hold_abbeys = true;
    families.push_back({"abbey-untracked", untracked_abbey});
    fuzz::FuzzRules magic = Rules({E::kMageAndWitch}, 2);
    magic.steer_magic = true;
    families.push_back({"mage-and-witch", magic, 8});
  }
  families.push_back({"base-untracked", Rules({}, 2, false)});
  return families;
}

// The engine target reads choices: seeded random strings of a few lengths,
// and for each family the same behind its rule block.
bool AddEngineSeeds(Corpora& corpora) {
  std::mt19937 random(20240601);
  auto random_bytes = [&](int length) {
    std::string bytes(static_cast<size_t>(length), '\0');
    for (char& byte : bytes) byte = static_cast<char>(random() & 0xff);
    return bytes;
  };
  for (int length : {16, 64, 256, 1024, 4096}) {
    for (int copy = 0; copy < 4; ++copy) {
      corpora.AddBytes("fuzz_engine_games",
                       "random-" + std::to_string(length) + "-" + std::to_string(copy),
                       random_bytes(length));
    }
  }
  bool ok = true;
  for (const EngineFamily& family : EngineFamilies()) {
    const std::array<uint8_t, fuzz::kRulesBytes> block = fuzz::EncodeRules(family.rules);
    // The block must read back as the family (else the seeds test something else).
    const fuzz::FuzzRules read = fuzz::DecodeRules(block);
    std::vector<Expansion> wanted = family.rules.rules.expansions;
    std::vector<Expansion> got = read.rules.expansions;
    std::sort(wanted.begin(), wanted.end());
    std::sort(got.begin(), got.end());
    if (wanted != got || read.players != family.rules.players ||
        read.tracked_bag != family.rules.tracked_bag ||
        read.rules.am_barn != family.rules.rules.am_barn ||
        read.rules.bc_bazaars != family.rules.rules.bc_bazaars ||
        read.steer_magic != family.rules.steer_magic ||
        read.hold_abbeys != family.rules.hold_abbeys ||
        read.rules.ic_edition != family.rules.rules.ic_edition) {
      std::cerr << "fuzz_seeds: the rule block of engine family " << family.name
                << " does not read back as that family\n";
      ok = false;
      continue;
    }
    const std::string prefix(block.begin(), block.end());
    for (int length : {512, 2048, 4096}) {
      for (int copy = 0; copy < family.copies; ++copy) {
        corpora.AddBytes("fuzz_engine_games",
                         family.name + "-" + std::to_string(length) + "-" + std::to_string(copy),
                         prefix + random_bytes(length - static_cast<int>(prefix.size())));
      }
    }
  }
  return ok;
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
  // The API's files: referee.proto (the requests) and every file of the
  // package it imports, transitively (the snapshot, actions, ... by concern).
  std::vector<const google::protobuf::FileDescriptor*> files = {
      v1::NewGameRequest::descriptor()->file()};
  for (size_t f = 0; f < files.size(); ++f) {
    for (int d = 0; d < files[f]->dependency_count(); ++d) {
      const google::protobuf::FileDescriptor* dependency = files[f]->dependency(d);
      if (dependency->package() == files.front()->package() &&
          std::find(files.begin(), files.end(), dependency) == files.end()) {
        files.push_back(dependency);
      }
    }
  }
  for (const google::protobuf::FileDescriptor* file : files) {
    for (int i = 0; i < file->message_type_count(); ++i) {
      std::vector<const google::protobuf::Descriptor*> pending = {file->message_type(i)};
      while (!pending.empty()) {
        const google::protobuf::Descriptor* message = pending.back();
        pending.pop_back();
        AddFieldTags(*message, tags);
        for (int j = 0; j < message->nested_type_count(); ++j) {
          pending.push_back(message->nested_type(j));
        }
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
  ok = AddEngineSeeds(corpora) && ok;
  corpora.PrintCounts();
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace carcassonne::fuzz

int main(int argc, char** argv) { return carcassonne::fuzz::Main(argc, argv); }

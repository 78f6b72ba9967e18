// Fuzz target for the snapshot conversion alone (service/convert.h): the input
// bytes are a carcassonne.v1.GameState (protobuf binary), read into the engine
// by GameStateFromProto and by GameFromProto (what the handlers use), which
// run the engine's CheckSnapshot / LoadGame.
//
// Promises checked:
//   * both readers agree: a snapshot one accepts the other accepts;
//   * a rejected snapshot names at least one problem, each with a field path
//     under "state";
//   * an accepted snapshot written back (GameStateToProto) is accepted again,
//     and writing that one gives the same bytes (the conversion reaches a
//     fixed point after one round: the snapshot is the whole game).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "service/convert.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/proto_support.h"

namespace carcassonne::fuzz {
namespace {

namespace v1 = ::carcassonne::v1;

std::string ListProblems(const service::FieldProblems& problems) {
  std::string text;
  for (const service::FieldProblem& problem : problems) {
    text += "\n  " + problem.field + ": " + problem.description;
  }
  return text.empty() ? std::string(" (none)") : text;
}

// Reads `proto` both ways; the state when accepted.
std::optional<GameState> ReadBothWays(const v1::GameState& proto, const char* round) {
  service::FieldProblems state_problems;
  std::optional<GameState> state = service::GameStateFromProto(proto, "state", state_problems);
  service::FieldProblems game_problems;
  std::optional<Game> game = service::GameFromProto(proto, "state", game_problems);
  FUZZ_CHECK(state.has_value() == game.has_value(),
             std::string(round) + ": GameStateFromProto " + (state ? "accepts" : "rejects") +
                 " the snapshot, GameFromProto " + (game ? "accepts" : "rejects") +
                 " it; problems:" + ListProblems(state_problems) + ListProblems(game_problems));
  if (!state) {
    FUZZ_CHECK(!state_problems.empty() && !game_problems.empty(),
               std::string(round) + ": a snapshot rejected without a problem");
    for (const service::FieldProblems* problems : {&state_problems, &game_problems}) {
      for (const service::FieldProblem& problem : *problems) {
        FUZZ_CHECK(problem.field.rfind("state", 0) == 0,
                   std::string(round) + ": a problem outside 'state':" + ListProblems(*problems));
      }
    }
  }
  return state;
}

int FuzzOneSnapshot(const uint8_t* data, size_t size) {
  v1::GameState proto;
  if (!proto.ParseFromArray(data, static_cast<int>(size))) return -1;
  const std::optional<GameState> state = ReadBothWays(proto, "the input");
  if (!state) return 0;

  v1::GameState written;
  service::GameStateToProto(*state, &written);
  const std::optional<GameState> reread = ReadBothWays(written, "the snapshot written back");
  service::FieldProblems problems;
  service::GameStateFromProto(written, "state", problems);
  FUZZ_CHECK(reread.has_value(),
             "an accepted snapshot, written back, is rejected:" + ListProblems(problems));
  v1::GameState rewritten;
  service::GameStateToProto(*reread, &rewritten);
  FUZZ_CHECK(DeterministicBytes(written) == DeterministicBytes(rewritten),
             "written, read and written again, the snapshot changed:\n" + written.DebugString() +
                 "-- became --\n" + rewritten.DebugString());
  return 0;
}

}  // namespace
}  // namespace carcassonne::fuzz

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  carcassonne::fuzz::SilenceProtobufLog();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return carcassonne::fuzz::FuzzOneSnapshot(data, size);
}

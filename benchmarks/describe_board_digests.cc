// describe_board_digests: a digest of every DescribeBoard answer over seeded
// random games, to show that a change made for speed leaves the answers' bytes
// as they were (issue #34): run it before and after the change and compare.
//
//   build/benchmarks/describe_board_digests > before.txt   (old build)
//   build/benchmarks/describe_board_digests > after.txt    (new build)
//   cmp before.txt after.txt
//
// Each game (the base game, every expansion, the Abbot's; several seeds) is
// played by the benchmarks' seeded random play (boards.h) to its end; after
// every action, the snapshot goes through the DescribeBoard handler (the
// service's reading, the engine's description, the response) and the
// response's deterministic serialization is hashed (64-bit FNV-1a). One line
// per game: its family, seed, the number of answers and a digest of them all;
// with --each, one line per answer. Not a test: a tool for the one making the
// change (nothing here decides what the answers should be).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "benchmarks/boards.h"
#include "carcassonne/v1/referee.pb.h"
#include "engine/referee.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "service/convert.h"
#include "service/handlers.h"

namespace carcassonne::bench {
namespace {

namespace v1 = ::carcassonne::v1;

uint64_t Fnv1a(const std::string& bytes, uint64_t hash = 14695981039346656037ull) {
  for (unsigned char byte : bytes) {
    hash ^= byte;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string DeterministicBytes(const google::protobuf::Message& message) {
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    message.SerializeToCodedStream(&coded);
  }
  return bytes;
}

// The DescribeBoard answer to `state`, hashed (the status code too).
uint64_t DescribeDigest(const GameState& state) {
  v1::DescribeBoardRequest request;
  service::GameStateToProto(state, request.mutable_state());
  v1::DescribeBoardResponse response;
  const grpc::Status status = service::HandleDescribeBoard(request, &response);
  const uint64_t hash = Fnv1a(DeterministicBytes(response));
  return Fnv1a(std::to_string(static_cast<int>(status.error_code())), hash);
}

struct Family {
  const char* name;
  RuleSet rules;
};

// One game played to its end as boards.cc plays it, described after every action.
void PlayAndDigest(const Family& family, uint32_t seed, bool each) {
  std::mt19937 random(seed);
  Game game(std::get<GameState>(NewGame({"Player 1", "Player 2"}, family.rules)));
  uint64_t digest = 14695981039346656037ull;
  int answers = 0;
  auto describe = [&]() {
    const uint64_t one = DescribeDigest(game.state());
    if (each)
      std::printf("%s seed=%u step=%d %016llx\n", family.name, seed, answers,
                  static_cast<unsigned long long>(one));
    digest = Fnv1a(std::to_string(one), digest);
    ++answers;
  };
  describe();
  while (game.state().phase == Phase::kPlaceTile) {
    const TurnDraw draw = DrawForTurn(game, random);
    if (draw.drawn == nullptr) break;
    const LegalActions placements = game.ListLegalActions(draw.drawn, draw.hidden, draw.animal);
    const bool fits =
        std::any_of(placements.placements.begin(), placements.placements.end(),
                    [&](const LegalPlacement& placement) { return placement.tile == draw.drawn; });
    if (!fits) {
      game.Apply(DiscardTileAction{draw.drawn});
      continue;
    }
    game.Apply(ChooseRandomAction(placements, random));
    describe();
    while (game.state().phase != Phase::kPlaceTile && game.state().phase != Phase::kGameOver) {
      const Player& decider = game.state().players[game.state().deciding_player];
      if (game.state().phase == Phase::kPlaceFigure && decider.followers <= 1) {
        game.Apply(PassAction{});
      } else if (game.state().phase == Phase::kBazaarDraw) {
        game.Apply(RevealBazaarTiles(game, random));
      } else {
        const LegalActions decisions = game.ListLegalActions(nullptr);
        game.Apply(ChooseRandomAction(decisions, random));
      }
      describe();
    }
  }
  std::printf("%s seed=%u answers=%d digest=%016llx\n", family.name, seed, answers,
              static_cast<unsigned long long>(digest));
  std::fflush(stdout);
}

}  // namespace
}  // namespace carcassonne::bench

int main(int argc, char** argv) {
  using namespace carcassonne;
  using namespace carcassonne::bench;
  const bool each = argc > 1 && std::strcmp(argv[1], "--each") == 0;
  const std::vector<Family> families = {
      {"base", RuleSet{}}, {"all", AllExpansionsRules()}, {"abbot", AbbotRules()}};
  for (const Family& family : families) {
    for (uint32_t seed = 1; seed <= 6; ++seed) PlayAndDigest(family, seed, each);
  }
  return 0;
}

// The request pool (see request_pool.h).
#include "clients/loadgen/request_pool.h"

#include <array>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "absl/container/flat_hash_set.h"
#include "benchmarks/boards.h"
#include "carcassonne/v1/referee.pb.h"
#include "engine/game.h"
#include "service/convert.h"

namespace carcassonne::loadgen {
namespace {

namespace v1 = ::carcassonne::v1;

constexpr std::array<std::pair<Rpc, std::string_view>, 4> kRpcNames = {{
    {Rpc::kValidateAction, "ValidateAction"},
    {Rpc::kApplyAction, "ApplyAction"},
    {Rpc::kListLegalActions, "ListLegalActions"},
    {Rpc::kScoreGame, "ScoreGame"},
}};

std::string Serialize(const google::protobuf::MessageLite& message) {
  std::string bytes;
  if (!message.SerializeToString(&bytes)) throw std::runtime_error("cannot serialize a request");
  return bytes;
}

// A legal placement of the drawn tile, chosen with `random`.
Action ChoosePlacement(const bench::RandomPosition& position, std::mt19937& random) {
  const Game game(position.state);
  const LegalActions legal = game.ListLegalActions(position.drawn);
  if (legal.placements.empty()) throw std::runtime_error("the drawn tile fits nowhere");
  const int choice = bench::RandomIndex(random, static_cast<int>(legal.placements.size()));
  return legal.actions[static_cast<size_t>(choice)];
}

// Whether the service accepts the snapshot (the same translation and checks,
// CheckSnapshot included, that a server runs on each request).
bool ValidSnapshot(const GameState& state) {
  v1::GameState proto;
  service::GameStateToProto(state, &proto);
  service::FieldProblems problems;
  return service::GameStateFromProto(proto, "state", problems).has_value();
}

// The request on `position`, the board of `seed`.
std::string BuildRequest(Rpc rpc, const bench::RandomPosition& position, uint32_t seed) {
  std::mt19937 random(seed);
  switch (rpc) {
    case Rpc::kValidateAction: {
      v1::ValidateActionRequest request;
      service::GameStateToProto(position.state, request.mutable_state());
      service::ActionToProto(ChoosePlacement(position, random), position.state,
                             request.mutable_action());
      return Serialize(request);
    }
    case Rpc::kApplyAction: {
      v1::ApplyActionRequest request;
      service::GameStateToProto(position.state, request.mutable_state());
      service::ActionToProto(ChoosePlacement(position, random), position.state,
                             request.mutable_action());
      return Serialize(request);
    }
    case Rpc::kListLegalActions: {
      v1::ListLegalActionsRequest request;
      service::GameStateToProto(position.state, request.mutable_state());
      request.set_tile_type(std::string(position.drawn->id));
      return Serialize(request);
    }
    case Rpc::kScoreGame: {
      v1::ScoreGameRequest request;
      service::GameStateToProto(position.state, request.mutable_state());
      return Serialize(request);
    }
  }
  throw std::logic_error("unknown rpc");
}

}  // namespace

std::optional<Rpc> ParseRpc(std::string_view name) {
  for (const auto& [rpc, rpc_name] : kRpcNames) {
    if (rpc_name == name) return rpc;
  }
  return std::nullopt;
}

std::string_view RpcName(Rpc rpc) {
  for (const auto& [known, name] : kRpcNames) {
    if (known == rpc) return name;
  }
  return "?";
}

std::string RpcPath(Rpc rpc) {
  return "/carcassonne.v1.RefereeService/" + std::string(RpcName(rpc));
}

RequestPool BuildRequestPool(Rpc rpc, int tiles, int size, uint32_t seed) {
  RequestPool pool;
  pool.rpc = rpc;
  pool.tiles = tiles;
  pool.seed = seed;
  pool.requests.reserve(static_cast<size_t>(size));
  const int64_t max_tries = 16 * static_cast<int64_t>(size) + 64;
  for (int64_t i = 0; static_cast<int>(pool.requests.size()) < size; ++i) {
    if (i >= max_tries) {
      throw std::runtime_error("too few boards of " + std::to_string(tiles) +
                               " tiles are valid snapshots");
    }
    const uint32_t board_seed = seed + static_cast<uint32_t>(i);
    const bench::RandomPosition position = bench::RandomBoardWithDraw(tiles, board_seed);
    if (!ValidSnapshot(position.state)) {
      pool.skipped_seeds.push_back(board_seed);
      continue;
    }
    pool.requests.push_back(BuildRequest(rpc, position, board_seed));
  }
  return pool;
}

void PadRequests(RequestPool& pool, size_t bytes) {
  if (bytes == 0) return;
  auto append_varint = [](std::string& out, uint64_t value) {
    while (value >= 0x80) {
      out.push_back(static_cast<char>((value & 0x7f) | 0x80));
      value >>= 7;
    }
    out.push_back(static_cast<char>(value));
  };
  for (std::string& request : pool.requests) {
    append_varint(request, (uint64_t{19999} << 3) | 2);  // length-delimited
    append_varint(request, bytes);
    request.append(bytes, 'p');
  }
}

bool ResponseAsExpected(Rpc rpc, const std::string& response) {
  switch (rpc) {
    case Rpc::kValidateAction: {
      v1::ValidateActionResponse message;
      return message.ParseFromString(response) && message.has_verdict() &&
             message.verdict().legal();
    }
    case Rpc::kApplyAction: {
      v1::ApplyActionResponse message;
      return message.ParseFromString(response) && message.has_verdict() &&
             message.verdict().legal() && message.has_state();
    }
    case Rpc::kListLegalActions: {
      v1::ListLegalActionsResponse message;
      return message.ParseFromString(response) && message.actions_size() > 0;
    }
    case Rpc::kScoreGame: {
      v1::ScoreGameResponse message;
      return message.ParseFromString(response) && message.final_scores_size() > 0;
    }
  }
  return false;
}

BoardStats DescribeBoard(int tiles, uint32_t seed) {
  const bench::RandomPosition position = bench::RandomBoardWithDraw(tiles, seed);
  BoardStats stats;
  stats.tiles = static_cast<int>(position.state.tiles.size());
  stats.figures = static_cast<int>(position.state.figures.size());
  absl::flat_hash_set<Position> occupied;
  for (const PlacedTile& tile : position.state.tiles) occupied.insert(tile.cell);
  absl::flat_hash_set<Position> open;
  for (const PlacedTile& tile : position.state.tiles) {
    const Position cell = tile.cell;
    for (const Position next : {Position{cell.x, cell.y - 1}, Position{cell.x + 1, cell.y},
                                Position{cell.x, cell.y + 1}, Position{cell.x - 1, cell.y}}) {
      if (!occupied.contains(next)) open.insert(next);
    }
  }
  stats.open_cells = static_cast<int>(open.size());
  v1::GameState proto;
  service::GameStateToProto(position.state, &proto);
  stats.snapshot_bytes = static_cast<int>(proto.ByteSizeLong());
  stats.legal_placements =
      static_cast<int>(Game(position.state).ListLegalActions(position.drawn).placements.size());
  return stats;
}

}  // namespace carcassonne::loadgen

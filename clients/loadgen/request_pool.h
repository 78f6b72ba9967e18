// The requests a load run sends: a pool of distinct, reproducible requests for
// one RPC, built from seeded random boards (benchmarks/boards.h) through the
// service's own engine -> proto conversion (service/convert.h), and serialized
// once, so that every run with the same (rpc, tiles, pool size, seed) sends the
// same bytes, whichever server it targets.
//
// The requests are built on RandomBoardWithDraw(tiles, s) (2 players, tile
// phase, the tile drawn next) for s = seed, seed + 1, ..., each a position a
// real game reaches (a board the service would refuse is skipped, as a guard),
// each request as follows:
//   ValidateAction, ApplyAction  the snapshot and a legal placement of the
//                                drawn tile (chosen with the same seed);
//   ListLegalActions             the snapshot and the drawn tile's type;
//   ScoreGame                    the snapshot.
// Asked for more than 72 tiles, the base game's board is that of its last turn
// (71 tiles, boards.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carcassonne::loadgen {

enum class Rpc { kValidateAction, kApplyAction, kListLegalActions, kScoreGame };

// "ValidateAction" -> Rpc::kValidateAction; nullopt for an unknown name.
std::optional<Rpc> ParseRpc(std::string_view name);
std::string_view RpcName(Rpc rpc);
// "/carcassonne.v1.RefereeService/ValidateAction".
std::string RpcPath(Rpc rpc);

struct RequestPool {
  Rpc rpc = Rpc::kValidateAction;
  int tiles = 0;
  uint32_t seed = 0;
  std::vector<std::string> requests;    // serialized request messages
  std::vector<uint32_t> skipped_seeds;  // boards that are not valid snapshots
};

RequestPool BuildRequestPool(Rpc rpc, int tiles, int size, uint32_t seed);

// Appends to each request of `pool` a field that no request message defines
// (number 19999: protobuf reserves 19000-19999, so no .proto may use it),
// `bytes` long: the requests stay valid (a parser skips or keeps unknown
// fields; the server answers them as without it) and become as large as
// wanted, for memory runs (scripts/bench). No-op for 0.
void PadRequests(RequestPool& pool, size_t bytes);

// Whether `response` (serialized) is the answer the real server gives to a
// pool request: a legal verdict (ValidateAction, ApplyAction), at least one
// legal action (ListLegalActions), a parsable message (ScoreGame). The no-op
// server's empty answers are not.
bool ResponseAsExpected(Rpc rpc, const std::string& response);

// Facts about the board RandomBoardWithDraw(tiles, seed) builds: what the
// engine's costs may grow with.
struct BoardStats {
  int tiles = 0;
  int open_cells = 0;  // empty cells next to a placed tile (the frontier)
  int figures = 0;
  int snapshot_bytes = 0;    // serialized carcassonne.v1.GameState
  int legal_placements = 0;  // of the drawn tile
};

BoardStats DescribeBoard(int tiles, uint32_t seed);

}  // namespace carcassonne::loadgen

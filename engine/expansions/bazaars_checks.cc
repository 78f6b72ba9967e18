// Bridges, Castles & Bazaars: the bazaar's snapshot checks (BC-18..BC-23,
// BC-Q2): the lots, their owners and the lot on offer, on their own and with
// the phase. See bazaars.h.
#include <algorithm>
#include <string>

#include "engine/board.h"
#include "engine/expansions/bazaars.h"
#include "engine/snapshot_limits.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

int PlayerCount(const GameState& state) { return static_cast<int>(state.players.size()); }

bool HasLot(const GameState& state, int player) {
  return std::any_of(state.bazaar_lots.begin(), state.bazaar_lots.end(),
                     [&](const BazaarLot& lot) { return lot.owner == player; });
}

}  // namespace

void Bazaars::CheckOwnPieces(const GameState& state, const Board& /*board*/,
                             std::vector<Problem>& problems) const {
  const int players = PlayerCount(state);
  if (!state.rules.bc_bazaars) {
    // The field that is set, named as the request has it.
    const char* field = state.bazaar_due             ? "bazaar_due"
                        : !state.bazaar_lots.empty() ? "bazaar_lots"
                        : state.bazaar_auction       ? "bazaar_auction"
                        : IsBazaarPhase(state.phase) ? "phase"
                                                     : nullptr;
    if (field != nullptr) {
      problems.push_back({field, "bazaars are only in games with option bc_bazaars"});
    }
    return;
  }
  if (static_cast<int>(state.bazaar_lots.size()) > players) {
    problems.push_back({"bazaar_lots", "a bazaar reveals one tile per player (BC-19)"});
    return;
  }
  for (int i = 0; i < static_cast<int>(state.bazaar_lots.size()); ++i) {
    const BazaarLot& lot = state.bazaar_lots[i];
    const std::string field = Cat("bazaar_lots[", i, "]");
    if (lot.tile == nullptr || lot.tile->abbey || !TileSetInPlay(state.rules, lot.tile->set)) {
      problems.push_back({field + ".tile", "a tile of a set in play"});
    }
    if (lot.owner && (*lot.owner < 0 || *lot.owner >= players)) {
      problems.push_back({field + ".owner", "no such player"});
    }
  }
  if (state.bazaar_auction) {
    const BazaarAuction& auction = *state.bazaar_auction;
    if (auction.lot < 0 || auction.lot >= static_cast<int>(state.bazaar_lots.size()) ||
        auction.picker < 0 || auction.picker >= players || auction.high_bidder < 0 ||
        auction.high_bidder >= players || auction.bid < 0 || auction.bid > kMaxScore) {
      problems.push_back({"bazaar_auction", "a revealed tile, two players and a bid of 0 or more"});
    }
  }
}

void Bazaars::CheckPiecesTogether(const GameState& state, const Board& /*board*/,
                                  std::vector<Problem>& problems) const {
  if (!state.rules.bc_bazaars) return;
  const int players = PlayerCount(state);
  const bool auction_phase = IsBazaarPhase(state.phase);
  const bool bidding = state.phase == Phase::kBazaarBid || state.phase == Phase::kBazaarSettle;
  if (bidding != state.bazaar_auction.has_value()) {
    problems.push_back({"bazaar_auction",
                        "the lot on offer is named exactly in "
                        "PHASE_BAZAAR_BID and PHASE_BAZAAR_SETTLE (BC-19)"});
    return;
  }
  if (state.phase == Phase::kBazaarDraw) {
    if (!state.bazaar_lots.empty() || state.deciding_player != state.active_player) {
      problems.push_back({"bazaar_lots",
                          "before the bazaar's tiles are revealed no tile is held "
                          "(BC-23) and the active player draws (BC-19)"});
    }
    return;
  }
  if (state.bazaar_due && (auction_phase || !state.bazaar_lots.empty())) {
    problems.push_back({"bazaar_due",
                        "a bazaar is due only while none runs and no bazaar tile "
                        "is held (BC-18, BC-23)"});
    return;
  }
  // BC-19, BG-01: a revealed tile is a copy of the set neither placed nor in
  // the bag; the set's copies are the garden edition's with the Abbot (AB-01;
  // fuzz finding F7).
  for (int i = 0; i < static_cast<int>(state.bazaar_lots.size()); ++i) {
    const TileType* tile = state.bazaar_lots[i].tile;
    const int copies = CopiesInGame(state.rules, *tile);
    int used = state.bag ? state.bag->CountOf(tile) : 0;
    for (const PlacedTile& placed : state.tiles) used += &placed.type->WithoutBridge() == tile;
    for (const BazaarLot& lot : state.bazaar_lots) used += lot.tile == tile;
    if (used > copies) {
      problems.push_back({Cat("bazaar_lots[", i, "].tile"),
                          Cat("the set has ", copies, " ", tile->id,
                              " tiles; the snapshot "
                              "uses ",
                              used, " (placed, in the bag and revealed in a bazaar)")});
      return;
    }
  }
  std::vector<int> held(players, 0);
  int unowned = 0;
  for (const BazaarLot& lot : state.bazaar_lots) {
    if (lot.owner) {
      held[*lot.owner] += 1;
    } else {
      unowned += 1;
    }
  }
  if (std::any_of(held.begin(), held.end(), [](int count) { return count > 1; })) {
    problems.push_back({"bazaar_lots", "a player obtains one tile per bazaar (BC-19)"});
    return;
  }
  if (auction_phase) {
    const int without = static_cast<int>(std::count(held.begin(), held.end(), 0));
    if (static_cast<int>(state.bazaar_lots.size()) != players || unowned != without ||
        without < 2 || HasLot(state, state.deciding_player)) {
      problems.push_back({"bazaar_lots",
                          "during the bazaar one tile per player is revealed, one unowned tile "
                          "per player still without one (at least two; the last takes the last "
                          "tile, BC-20), and the deciding player has none (BC-19)"});
      return;
    }
    if (state.bazaar_auction) {
      const BazaarAuction& auction = *state.bazaar_auction;
      if (state.bazaar_lots[auction.lot].owner || HasLot(state, auction.picker) ||
          HasLot(state, auction.high_bidder) ||
          (state.phase == Phase::kBazaarSettle &&
           (state.deciding_player != auction.picker || auction.high_bidder == auction.picker)) ||
          (state.phase == Phase::kBazaarBid && state.deciding_player == auction.picker) ||
          (!state.rules.bc_bazaar_bidding) ||
          auction.bid > state.players[auction.high_bidder].score) {
        problems.push_back({"bazaar_auction",
                            "the lot on offer is unowned, picked and bid for by players without a "
                            "tile, the highest bid within the bidder's score (BC-Q2); the "
                            "picker settles only a lot someone else outbid (BC-20), and never "
                            "bids on their own; no auction without bidding (BC-22)"});
      }
    }
    return;
  }
  if (unowned != 0) {
    problems.push_back({"bazaar_lots",
                        "after the bazaar every revealed tile has an owner "
                        "(BC-20)"});
  }
}

}  // namespace carcassonne

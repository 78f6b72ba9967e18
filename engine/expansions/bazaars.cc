// Bridges, Castles & Bazaars: the bazaar (BC-18..BC-23). See bazaars.h.
#include "engine/expansions/bazaars.h"

#include <algorithm>
#include <string>

#include "engine/game.h"
#include "engine/snapshot_limits.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

int PlayerCount(const GameState& state) { return static_cast<int>(state.players.size()); }

bool HasLot(const GameState& state, int player) {
  return std::any_of(state.bazaar_lots.begin(), state.bazaar_lots.end(),
                     [&](const BazaarLot& lot) { return lot.owner == player; });
}

int PlayersWithoutLot(const GameState& state) {
  int count = 0;
  for (int player = 0; player < PlayerCount(state); ++player) count += !HasLot(state, player);
  return count;
}

// BC-19: the first player without a tile clockwise from the seat after
// `after` (wrapping round to `after` itself last); -1 if every player has one.
int NextWithoutLot(const GameState& state, int after) {
  const int players = PlayerCount(state);
  for (int step = 1; step <= players; ++step) {
    const int seat = (after + step) % players;
    if (!HasLot(state, seat)) return seat;
  }
  return -1;
}

// BC-19: the next bidder after `after`: a player without a tile, clockwise,
// before the round comes back to the picker; -1 when the round is over.
int NextBidder(const GameState& state, int picker, int after) {
  const int players = PlayerCount(state);
  for (int seat = (after + 1) % players; seat != picker; seat = (seat + 1) % players) {
    if (!HasLot(state, seat)) return seat;
  }
  return -1;
}

// BC-20: `payer` pays `bid` points to `payee` (or loses them, payee ==
// payer), as one score event. A bid of 0 moves nothing and makes no event.
void Pay(Game& game, int payer, int payee, int bid, const TileType& tile, bool bought,
         std::vector<ScoreEvent>& events) {
  if (bid <= 0) return;
  GameState& state = game.mutable_state();
  ScoreEvent event;
  event.feature_kind = FeatureKind::kBazaar;
  event.trigger = ScoringTrigger::kCompleted;
  event.complete = true;
  event.majority_players = {std::min(payer, payee)};
  if (payee != payer) event.majority_players.push_back(std::max(payer, payee));
  event.majority_strength = 0;
  if (payee == payer) {
    event.line_items.push_back(
        {Cat("bought ", tile.id, " at their own bid of ", bid, ": the points are lost"), 1, -bid,
         -bid, "BC-20", payer});
  } else {
    event.line_items.push_back(
        {Cat(bought ? "bought " : "bought at auction ", tile.id, ", paying the bid of ", bid), 1,
         -bid, -bid, "BC-20", payer});
    event.line_items.push_back(
        {Cat(bought ? "the bid of " : "sold ", bought ? "" : tile.id,
             bought ? "" : " for the bid of ", bid, bought ? " paid by the buyer" : ""),
         1, bid, bid, "BC-20", payee});
  }
  event.SettlePoints();
  // (Never below 0: a bid is at most the payer's score, BC-Q2.)
  event.AddToScores(state.players);
  events.push_back(std::move(event));
}

// After a lot found its owner: the next round, or the end of the bazaar
// (BC-20: the last player without a tile takes the last one for free).
void NextRound(Game& game, int last_picker, std::vector<ScoreEvent>& events) {
  GameState& state = game.mutable_state();
  state.bazaar_auction.reset();
  if (PlayersWithoutLot(state) == 1) {
    const int last = NextWithoutLot(state, last_picker);
    for (BazaarLot& lot : state.bazaar_lots) {
      if (!lot.owner) lot.owner = last;
    }
  }
  if (PlayersWithoutLot(state) == 0) {
    // BC-21: the tiles wait for their owners' next turns; the turn ends.
    state.deciding_player = state.active_player;
    state.phase = Phase::kPlaceTile;
    game.EndTurnPart(events);
    return;
  }
  state.phase = Phase::kBazaarOffer;
  state.deciding_player = NextWithoutLot(state, last_picker);
}

void Settle(Game& game, bool buy, std::vector<ScoreEvent>& events) {
  GameState& state = game.mutable_state();
  const BazaarAuction auction = *state.bazaar_auction;
  BazaarLot& lot = state.bazaar_lots[auction.lot];
  if (buy) {
    lot.owner = auction.picker;
    Pay(game, auction.picker, auction.high_bidder, auction.bid, *lot.tile, true, events);
  } else {
    lot.owner = auction.high_bidder;
    Pay(game, auction.high_bidder, auction.picker, auction.bid, *lot.tile, false, events);
  }
  NextRound(game, auction.picker, events);
}

// After the picker's offer or a bid: the next bidder, else the picker's
// decision (none when nobody outbid them: they buy, BC-20).
void AfterBid(Game& game, int after, std::vector<ScoreEvent>& events) {
  GameState& state = game.mutable_state();
  const BazaarAuction& auction = *state.bazaar_auction;
  const int bidder = NextBidder(state, auction.picker, after);
  if (bidder >= 0) {
    state.phase = Phase::kBazaarBid;
    state.deciding_player = bidder;
    return;
  }
  if (auction.high_bidder == auction.picker) {
    Settle(game, true, events);
    return;
  }
  state.phase = Phase::kBazaarSettle;
  state.deciding_player = auction.picker;
}

Violation BidProblem(std::string message) {
  return {ViolationCode::kBazaarBidNotAllowed, std::move(message), std::nullopt, std::nullopt,
          "BC-19"};
}

// BC-19 (and BC-Q2, BC-22): whether `bid` may be made by `player` now.
void CheckBid(const GameState& state, int player, int bid, bool opening,
              std::vector<Violation>& violations) {
  if (!state.rules.bc_bazaar_bidding) {
    if (bid != 0) {
      Violation violation = BidProblem(
          "Without bidding (option bc.bazaar_bidding false) a player simply takes the tile "
          "they pick: the bid is 0.");
      violation.rule_id = "BC-22";
      violations.push_back(std::move(violation));
    }
    return;
  }
  if (bid < 0) {
    violations.push_back(BidProblem("A bid is 0 or more points."));
    return;
  }
  if (!opening && bid <= state.bazaar_auction->bid) {
    violations.push_back(BidProblem(Cat("A bid must be higher than the highest bid so far (",
                                        state.bazaar_auction->bid, ").")));
    return;
  }
  if (bid > state.players[player].score) {
    Violation violation =
        BidProblem(Cat("A bid is at most the bidder's score (", state.players[player].score,
                       "): this referee keeps scores at 0 or more (open question BC-Q2)."));
    violation.rule_id = "BC-Q2";
    violations.push_back(std::move(violation));
  }
}

// BG-01 and the expansions' drawing rules (the River's order, RV-02; dragon
// tiles before the volcano, PD-03): whether `tile` may be drawn now; a tile
// that may not is set aside and another drawn, so it is never revealed.
void CheckDrawable(const Game& game, const TileType& tile, std::vector<Violation>& violations) {
  for (const ExpansionModule* module : ModulesFor(game.state().rules)) {
    module->CheckTileDrawn(game, tile, violations);
  }
}

// BC-18: the tiles of the tracked bag that may be drawn now.
int DrawableInBag(const Game& game) {
  int total = 0;
  for (const TileCount& entry : game.state().bag->tiles) {
    std::vector<Violation> violations;
    if (entry.count > 0) CheckDrawable(game, *entry.type, violations);
    if (violations.empty()) total += entry.count;
  }
  return total;
}

// BC-18, BC-19: the tiles revealed, one per player, each drawable.
void CheckDraw(const Game& game, const DrawBazaarTilesAction& draw,
               std::vector<Violation>& violations) {
  const GameState& state = game.state();
  auto refuse = [&](std::string message) {
    violations.push_back({ViolationCode::kBazaarDrawInvalid, std::move(message), std::nullopt,
                          std::nullopt, "BC-19"});
  };
  if (static_cast<int>(draw.tiles.size()) != PlayerCount(state)) {
    refuse(Cat("A bazaar reveals as many tiles as there are players (", PlayerCount(state),
               "); the action names ", draw.tiles.size(), "."));
    return;
  }
  for (const TileType* tile : draw.tiles) {
    // BC-19: each lot is a tile; an engine caller that skips CheckAction may
    // name none (the service cannot).
    if (tile == nullptr) {
      refuse("A tile revealed for the bazaar names no tile of the catalogue.");
      return;
    }
    std::vector<Violation> not_drawable;
    CheckDrawable(game, *tile, not_drawable);
    if (!not_drawable.empty()) {
      refuse(Cat(tile->id, " cannot be drawn now: ", not_drawable.front().message, " (",
                 not_drawable.front().rule_id, ")"));
      return;
    }
    const int drawn = static_cast<int>(std::count(draw.tiles.begin(), draw.tiles.end(), tile));
    if (state.bag) {
      if (state.bag->CountOf(tile) < drawn) {
        refuse(Cat("The bag holds ", state.bag->CountOf(tile), " ", tile->id,
                   " tile(s); the "
                   "bazaar draws ",
                   drawn, "."));
        return;
      }
      continue;
    }
    // Without a tracked bag: a copy of the set not yet on the board nor held.
    int used = 0;
    for (int i = 0; i < game.board().tile_count(); ++i)
      used += &game.board().tile(i).type().WithoutBridge() == tile;  // BC-03
    for (const BazaarLot& lot : state.bazaar_lots) used += lot.tile == tile;
    // (AB-01: the garden edition's copies with the Abbot; fuzz finding F7.)
    if (!TileSetInPlay(state.rules, tile->set) || tile->abbey ||
        used + drawn > CopiesInGame(state.rules, *tile)) {
      refuse(Cat("No ", tile->id,
                 " tile can be drawn: every copy in play is on the board or "
                 "already drawn."));
      return;
    }
  }
}

}  // namespace

bool IsBazaarPhase(Phase phase) {
  return phase == Phase::kBazaarDraw || phase == Phase::kBazaarOffer ||
         phase == Phase::kBazaarBid || phase == Phase::kBazaarSettle;
}

int HeldBazaarLot(const GameState& state, int player) {
  if (IsBazaarPhase(state.phase)) return -1;
  for (int i = 0; i < static_cast<int>(state.bazaar_lots.size()); ++i) {
    if (state.bazaar_lots[i].owner == player) return i;
  }
  return -1;
}

const TileType* Bazaars::TileInsteadOfDraw(const Game& game) const {
  const GameState& state = game.state();
  // BC-21: on the player's next turn; a second part (TB-11) draws again.
  if (state.phase != Phase::kPlaceTile || state.second_part) return nullptr;
  const int lot = HeldBazaarLot(state, state.active_player);
  return lot < 0 ? nullptr : state.bazaar_lots[lot].tile;
}

void Bazaars::CheckTileDrawn(const Game& game, const TileType& tile,
                             std::vector<Violation>& violations) const {
  const TileType* held = TileInsteadOfDraw(game);
  if (held == nullptr || held == &tile) return;
  violations.push_back({ViolationCode::kBazaarTileExpected,
                        Cat("The player obtained ", held->id,
                            " in the bazaar and places it on this turn instead of drawing a "
                            "tile; ",
                            tile.id, " is not that tile."),
                        std::nullopt, std::nullopt, "BC-21"});
}

void Bazaars::CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                                 std::vector<Violation>& violations) const {
  // BC-21 (engine practice, known gap BC-21): the abbey replaces a draw
  // (AM-03), and a player holding a bazaar tile draws nothing: they place
  // the bazaar tile.
  const TileType* held = TileInsteadOfDraw(game);
  if (held == nullptr || !action.tile->abbey) return;
  violations.push_back({ViolationCode::kBazaarTileExpected,
                        Cat("The player obtained ", held->id,
                            " in the bazaar and places it on this turn: not the abbey."),
                        action.cell, std::nullopt, "BC-21"});
}

void Bazaars::AfterTileInsteadOfDrawUsed(Game& game) const {
  GameState& state = game.mutable_state();
  const int lot = HeldBazaarLot(state, state.active_player);
  if (lot >= 0) state.bazaar_lots.erase(state.bazaar_lots.begin() + lot);
}

bool Bazaars::HoldsTilesToPlace(const Game& game) const {
  return !game.state().bazaar_lots.empty();
}

void Bazaars::AfterTilePlaced(Game& game) const {
  GameState& state = game.mutable_state();
  // (The catalogue type, with a bridge on it or not, BC-03.)
  const TileType& placed = game.board().tile(game.board().tile_count() - 1).type().WithoutBridge();
  // BC-23: while bazaar tiles are held (this one included), no new bazaar.
  const bool held = !state.bazaar_lots.empty();
  // BC-21: the player's bazaar tile is placed (the first tile of their turn).
  if (!state.second_part && !placed.abbey) {
    const int lot = HeldBazaarLot(state, state.active_player);
    if (lot >= 0 && state.bazaar_lots[lot].tile == &placed) {
      state.bazaar_lots.erase(state.bazaar_lots.begin() + lot);
    }
  }
  // BC-18: a bazaar tile makes a bazaar due at the end of the turn.
  if (placed.bazaar && !held) state.bazaar_due = true;
}

bool Bazaars::OpenDecisionAtTurnEnd(Game& game) const {
  GameState& state = game.mutable_state();
  if (!state.bazaar_due) return false;
  state.bazaar_due = false;
  // BC-18: skipped when fewer tiles than players are left in the stack (the
  // tiles that may be drawn now: one that may not would be set aside).
  if (state.bag && DrawableInBag(game) < PlayerCount(state)) return false;
  state.phase = Phase::kBazaarDraw;
  state.deciding_player = state.active_player;
  return true;
}

bool Bazaars::CheckOwnAction(const Game& game, const Action& action,
                             std::vector<Violation>& violations) const {
  const GameState& state = game.state();
  switch (state.phase) {
    case Phase::kBazaarDraw:
      if (const auto* draw = std::get_if<DrawBazaarTilesAction>(&action)) {
        CheckDraw(game, *draw, violations);
        return true;
      }
      if (std::holds_alternative<PassAction>(action)) {
        // BC-18: only the caller knows how many tiles an untracked stack holds.
        if (state.bag) {
          violations.push_back(
              {ViolationCode::kBazaarDrawInvalid,
               Cat("The bag is tracked and holds ", state.bag->Total(),
                   " tiles, enough for the bazaar: the tiles revealed must be named."),
               std::nullopt, std::nullopt, "BC-18"});
        }
        return true;
      }
      return false;
    case Phase::kBazaarOffer:
      if (const auto* offer = std::get_if<OfferBazaarTileAction>(&action)) {
        if (offer->lot < 0 || offer->lot >= static_cast<int>(state.bazaar_lots.size()) ||
            state.bazaar_lots[offer->lot].owner) {
          violations.push_back({ViolationCode::kBazaarLotNotAvailable,
                                Cat("Revealed tile ", offer->lot,
                                    " is not on offer: pick one of the revealed tiles that "
                                    "nobody has obtained yet."),
                                std::nullopt, std::nullopt, "BC-19"});
          return true;
        }
        CheckBid(state, state.deciding_player, offer->bid, true, violations);
        return true;
      }
      return false;
    case Phase::kBazaarBid:
      if (const auto* bid = std::get_if<BidForBazaarTileAction>(&action)) {
        CheckBid(state, state.deciding_player, bid->bid, false, violations);
        return true;
      }
      return std::holds_alternative<PassAction>(action);
    case Phase::kBazaarSettle:
      if (const auto* settle = std::get_if<SettleBazaarAuctionAction>(&action)) {
        const BazaarAuction& auction = *state.bazaar_auction;
        if (settle->buy && state.players[auction.picker].score < auction.bid) {
          violations.push_back(
              {ViolationCode::kBazaarSettleNotAllowed,
               Cat("Buying costs the highest bid (", auction.bid,
                   "), more than the picker's "
                   "score (",
                   state.players[auction.picker].score,
                   "): this referee keeps scores at 0 or more (open question BC-Q2); sell."),
               std::nullopt, std::nullopt, "BC-Q2"});
        }
        if (!settle->buy && auction.high_bidder == auction.picker) {
          violations.push_back({ViolationCode::kBazaarSettleNotAllowed,
                                "Nobody bid more than the picker: there is nobody to sell to.",
                                std::nullopt, std::nullopt, "BC-20"});
        }
        return true;
      }
      return false;
    default:
      return false;
  }
}

bool Bazaars::ApplyOwnAction(Game& game, const Action& action,
                             std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (!IsBazaarPhase(state.phase)) return false;
  if (state.phase == Phase::kBazaarDraw) {
    if (const auto* draw = std::get_if<DrawBazaarTilesAction>(&action)) {
      state.bazaar_lots.clear();
      for (const TileType* tile : draw->tiles) {
        if (state.bag) state.bag->Remove(tile);
        state.bazaar_lots.push_back({tile, std::nullopt});
      }
      // BC-19: from the player to the left of the active player.
      state.phase = Phase::kBazaarOffer;
      state.deciding_player = NextWithoutLot(state, state.active_player);
      return true;
    }
    if (!std::holds_alternative<PassAction>(action)) return false;
    // BC-18: too few tiles left; no bazaar.
    state.deciding_player = state.active_player;
    state.phase = Phase::kPlaceTile;
    game.EndTurnPart(events);
    return true;
  }
  if (const auto* offer = std::get_if<OfferBazaarTileAction>(&action)) {
    const int picker = state.deciding_player;
    if (!state.rules.bc_bazaar_bidding) {
      // BC-22: the tile is simply theirs.
      state.bazaar_lots[offer->lot].owner = picker;
      NextRound(game, picker, events);
      return true;
    }
    state.bazaar_auction = BazaarAuction{offer->lot, picker, offer->bid, picker};
    AfterBid(game, picker, events);
    return true;
  }
  if (state.phase == Phase::kBazaarBid) {
    const int bidder = state.deciding_player;
    if (const auto* bid = std::get_if<BidForBazaarTileAction>(&action)) {
      state.bazaar_auction->bid = bid->bid;
      state.bazaar_auction->high_bidder = bidder;
    } else if (!std::holds_alternative<PassAction>(action)) {
      return false;
    }
    AfterBid(game, bidder, events);
    return true;
  }
  if (const auto* settle = std::get_if<SettleBazaarAuctionAction>(&action)) {
    Settle(game, settle->buy, events);
    return true;
  }
  return false;
}

void Bazaars::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  // A bid is any whole number in a range: the listing names the lowest and
  // the highest legal bid (each number between them is legal too).
  auto add_bids = [&](auto make, int low, int high) {
    if (low > high) return;
    actions.push_back(make(low));
    if (high > low) actions.push_back(make(high));
  };
  switch (state.phase) {
    case Phase::kBazaarDraw:
      // The draw is chance: the caller names the tiles (as the drawn tile of
      // Phase::kPlaceTile). Without a tracked bag it may say too few are left.
      if (!state.bag) actions.push_back(PassAction{});
      break;
    case Phase::kBazaarOffer: {
      const int score = state.players[state.deciding_player].score;
      for (int lot = 0; lot < static_cast<int>(state.bazaar_lots.size()); ++lot) {
        if (state.bazaar_lots[lot].owner) continue;
        add_bids(
            [lot](int bid) {
              return Action(OfferBazaarTileAction{lot, bid});
            },
            0, state.rules.bc_bazaar_bidding ? score : 0);
      }
      break;
    }
    case Phase::kBazaarBid:
      add_bids([](int bid) { return Action(BidForBazaarTileAction{bid}); },
               state.bazaar_auction->bid + 1, state.players[state.deciding_player].score);
      actions.push_back(PassAction{});
      break;
    case Phase::kBazaarSettle: {
      const BazaarAuction& auction = *state.bazaar_auction;
      if (state.players[auction.picker].score >= auction.bid) {
        actions.push_back(SettleBazaarAuctionAction{true});
      }
      actions.push_back(SettleBazaarAuctionAction{false});
      break;
    }
    default:
      break;
  }
}

bool Bazaars::ExplainMissingDecision(const Game& /*game*/, const Action& action,
                                     Violation& reason) const {
  if (!std::holds_alternative<DrawBazaarTilesAction>(action) &&
      !std::holds_alternative<OfferBazaarTileAction>(action) &&
      !std::holds_alternative<BidForBazaarTileAction>(action) &&
      !std::holds_alternative<SettleBazaarAuctionAction>(action)) {
    return false;
  }
  reason.message =
      "No bazaar decision is pending: a bazaar opens once the turn that placed a tile with "
      "the bazaar symbol is over (BC-18), and its steps come one at a time (BC-19, BC-20).";
  reason.rule_id = "BC-18";
  return true;
}

}  // namespace carcassonne

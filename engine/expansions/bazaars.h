// Bridges, Castles & Bazaars: the bazaars module (C1/C2; option bc.bazaars;
// shared/rules/expansions/bridges-castles-bazaars.md BC-18..BC-23).
//
// - BC-18: a tile with the bazaar symbol placed while no bazaar tile is held
//   (BC-23) makes a bazaar due (GameState.bazaar_due); it opens once the turn
//   is over (after a second turn part, the Count's deployment, ...), before
//   the next player. It is skipped when the tracked bag holds fewer tiles
//   than there are players; without a tracked bag the caller says so
//   (PassAction in Phase::kBazaarDraw).
// - BC-19: as many tiles as players are revealed (Phase::kBazaarDraw; chance:
//   the caller names them, DrawBazaarTilesAction). Then, starting with the
//   player to the left of the active player, the next player without a tile
//   clockwise picks an unowned revealed tile and opens with a bid
//   (Phase::kBazaarOffer); each other player without a tile, clockwise from
//   the picker, once bids higher or passes (Phase::kBazaarBid).
// - BC-20: the picker buys (pays the highest bid to its bidder; their own bid
//   is simply lost) or sells (the highest bidder takes the tile and pays the
//   picker) (Phase::kBazaarSettle; no decision when nobody outbid the picker:
//   they buy). The points move as a score event (FeatureKind::kBazaar). When
//   one player is left without a tile, they take the last one for free. The
//   next picker is the next player without a tile clockwise after the last
//   picker (a picker who sold picks again when their turn comes round).
// - BC-21: each player places the tile they obtained on their next turn
//   instead of drawing (GameState.bazaar_lots keeps them until placed); the
//   game does not end while such tiles are held. Engine practice (known gap
//   BC-21): the abbey (AM-03) is not placed instead of a bazaar tile, and
//   with the bag empty a builder earns no second tile.
// - BC-22: option bc.bazaar_bidding = false: no bidding, each player in turn
//   takes the tile they pick (their offer's bid must be 0).
// - BC-23: a bazaar tile placed while bazaar tiles are held (including the
//   held tile itself) opens no bazaar.
// - BC-Q2 (open; engine limit, known gap): scores never go below 0 here, so a
//   bid is at most the bidder's score and a picker buys only when their score
//   covers the highest bid.
#pragma once

#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Bazaars : public ExpansionModule {
 public:
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  void CheckTileDrawn(const Game& game, const TileType& tile,
                      std::vector<Violation>& violations) const override;
  const TileType* TileInsteadOfDraw(const Game& game) const override;
  void CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                          std::vector<Violation>& violations) const override;
  void AfterTileInsteadOfDrawUsed(Game& game) const override;
  bool HoldsTilesToPlace(const Game& game) const override;
  void AfterTilePlaced(Game& game) const override;
  bool OpenDecisionAtTurnEnd(Game& game) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
};

// Whether `phase` is one of the bazaar's auction phases.
bool IsBazaarPhase(Phase phase);

// BC-21: the index in GameState.bazaar_lots of the tile `player` obtained in
// a bazaar and has not placed yet, or -1 (always -1 during the auction).
int HeldBazaarLot(const GameState& state, int player);

}  // namespace carcassonne

// The decisions a player can take, one at a time (api-contract.md, "The action").
#pragma once

#include <optional>
#include <variant>
#include <vector>

#include "engine/game_state.h"

namespace carcassonne {

struct PlaceTileAction {
  const TileType* tile = nullptr;
  Position cell;
  Rotation rotation;
  // Hills & Sheep (HS-03): the tile the caller drew and put face down under a
  // hill tile; it leaves the game. nullptr: none.
  const TileType* hidden_tile = nullptr;
  // Under the Big Top (BT-04, BT-05): the animal token the caller drew at
  // random from GameState.big_top.supply for a circus tile; it goes face down
  // under the big top in step 3. Set exactly when the tile is a circus tile.
  std::optional<Animal> animal_token = std::nullopt;
  // Bridges, Castles & Bazaars (BC-03): a bridge from the player's supply
  // placed with the tile, on it or on a tile next to it.
  std::optional<BridgePlacement> bridge = std::nullopt;
};

struct PlaceFigureAction {
  FigureKind kind = FigureKind::kFollower;
  SegmentAddress segment;
};

// Decline an optional choice (e.g. not placing a follower).
struct PassAction {};

// BG-03: a drawn tile that fits nowhere is removed from the game.
struct DiscardTileAction {
  const TileType* tile = nullptr;
};

// Mage & Witch: the two neutral magic figures.
enum class MagicFigure { kMage, kWitch };

// Mage & Witch: places a set-aside magic figure on a segment, or moves one
// from the board to it (MW-04..MW-07, MW-09; AMB-18, AMB-19).
struct MoveMagicFigureAction {
  MagicFigure figure = MagicFigure::kMage;
  SegmentAddress segment;
};

// Mage & Witch: takes a magic figure off the board when no figure has a legal
// place to go (MW-08, AMB-43).
struct SetAsideMagicFigureAction {
  MagicFigure figure = MagicFigure::kMage;
};

// The Count of Carcassonne: put a follower (or big follower) from the supply
// into a quarter, and optionally move the Count to a quarter (CO-05, CO-06,
// CO-08, CO-16; variants CO-19, CO-20).
struct DeployToQuarterAction {
  FigureKind kind = FigureKind::kFollower;
  Quarter quarter = Quarter::kCastle;
  std::optional<Quarter> move_count_to;  // unset: the Count stays (or moves by the variant)
};

// The Count of Carcassonne: move followers of the deciding player from a
// quarter onto a feature. During play, any number onto the feature about to
// be scored (CO-10, CO-13; `target` unset or a segment of that feature); at
// the end of the game, exactly one onto `target` (CO-46).
struct RedeployFromQuarterAction {
  Quarter quarter = Quarter::kCastle;
  int followers = 0;
  int big_followers = 0;
  std::optional<SegmentAddress> target;
  // Abbey & Mayor's mayor (castle quarter) and wagon (castle, blacksmith or
  // cathedral quarter) in Carcassonne (CO-09, CO-30).
  int mayors = 0;
  int wagons = 0;
  int Total() const { return followers + big_followers + mayors + wagons; }
};

// Abbey & Mayor: move the wagon of GameState.wagons_to_move[0] onto a
// segment of a nearby unfinished, unoccupied road, city or monastery (AM-12);
// PassAction takes it back instead.
struct MoveWagonAction {
  SegmentAddress segment;
};

// Abbey & Mayor: instead of a follower, put the barn on a corner of the tile
// just placed (AM-15).
struct PlaceBarnAction {
  Corner corner = Corner::kNorthWest;
};

// Bridges, Castles & Bazaars: turn the city of GameState.castle_offers[0]
// into a castle (BC-10); PassAction lets it score as a city instead.
struct BuildCastleAction {};

// Siege: in Phase::kSiegeEscape, take the active player's follower of `kind`
// on `segment` (a city segment of a besieged city that a cloister borders)
// back to the supply, with no points (SI-10..SI-12); PassAction declines.
struct EscapeSiegeAction {
  FigureKind kind = FigureKind::kFollower;
  SegmentAddress segment;
};

// AMB-48: the caller, which does not track the bag, says the bag is empty:
// the game ends after the turn just over (BG-20). Legal in Phase::kPlaceTile
// only (every decision of the last tile's turn taken) and only without a
// tracked bag (a tracked bag ends the game itself when it empties). It opens
// the end-of-game decisions (the Count's final redeployment, CO-46) exactly
// as an emptied bag does, then the final scoring.
struct EndGameAction {};
// The Princess & the Dragon: in Phase::kDragonMove, one step of the dragon's
// flight onto the tile at `to`, next to the one it stands on (PD-10).
struct MoveDragonAction {
  Position to;
};

// The Princess & the Dragon: instead of a figure, the player who placed a
// tile with the princess sends `knight` (a follower of any player in the city
// the princess's segment is part of) back to its owner (PD-21, PD-22).
struct RemoveKnightAction {
  Figure knight;
};

// The Princess & the Dragon: instead of a figure, the player who placed the
// tile moves the fairy next to `follower`, one of their own followers
// anywhere on the board (PD-15).
struct MoveFairyAction {
  Figure follower;
};

// The Tower: instead of a follower on the tile just placed, put one of the
// player's floors on the foundation or open tower at `tower` (TW-03 (b), (c)).
// The canonical scoring order applies (AMB-40).
struct PlaceTowerFloorAction {
  Position tower;
};

// The Tower: instead of a follower on the tile just placed, put a follower of
// `kind` on top of the open tower at `tower` (height at least 1), closing it
// for good (TW-03 (d), TW-05, TW-06).
struct PlaceOnTowerAction {
  FigureKind kind = FigureKind::kFollower;
  Position tower;
};

// The Tower: in Phase::kTowerCapture, take one meeple within the reach of the
// tower just raised off the board (TW-07..TW-10): a figure on a feature
// (`figure`), or the meeple on top of the tower at `tower_top`. Exactly one
// of the two is set. PassAction declines.
struct CaptureMeepleAction {
  std::optional<Figure> figure;
  std::optional<Position> tower_top;
};

// The Tower: in Phase::kTowerExchange, the kind of the capturer's meeple that
// comes back in the exchange (TW-11).
struct ExchangePrisonerAction {
  FigureKind kind = FigureKind::kFollower;
};

// The Tower: on their own turn (Phase::kPlaceTile or Phase::kPlaceFigure,
// before the figure step ends) the active player frees their meeple of
// `kind` held by `jailer`, paying the jailer 3 points (TW-12), at most once a
// turn.
struct PayRansomAction {
  int jailer = 0;
  FigureKind kind = FigureKind::kFollower;
};
// Hills & Sheep: instead of a follower, put the shepherd on a field segment of
// the tile just placed (HS-13); `token` is the token the caller drew from the
// bag for it at once (HS-14; chance is the caller's, HS-24).
struct PlaceShepherdAction {
  SegmentAddress segment;
  SheepToken token = SheepToken::kOneSheep;
};

// Hills & Sheep, Phase::kTendFlock: grow the active player's flock with
// `token`, the token the caller drew from the bag (HS-17).
struct GrowFlockAction {
  SheepToken token = SheepToken::kOneSheep;
};

// Hills & Sheep, Phase::kTendFlock: drive every flock of the active player's
// shepherd's field to the stable (HS-18).
struct DriveFlockAction {};

// The Abbot: instead of a figure, the player takes their abbot back from
// `segment`, its incomplete monastery or garden, and scores it at once
// (AB-07, AB-08).
struct RetreatAbbotAction {
  SegmentAddress segment;
};

// The Festival: instead of deploying a figure on the festival tile just
// placed, the player takes one of their own figures on the board back into
// their supply, with no points (FV-03 (b), FV-04): a figure standing on a
// segment (`figure`), or a barn (`barn`, Abbey & Mayor). Exactly one of the
// two is set.
struct TakeFigureBackAction {
  std::optional<Figure> figure;
  std::optional<Barn> barn;
};

// Bridges, Castles & Bazaars, Phase::kBazaarDraw: the tiles revealed for the
// bazaar, one per player (BC-19). Chance: the caller draws them (from the
// tracked bag when there is one) and names them here. Without a tracked bag,
// PassAction instead says that fewer tiles than players are left (BC-18).
struct DrawBazaarTilesAction {
  std::vector<const TileType*> tiles;
};

// ... Phase::kBazaarOffer: the picker offers the revealed tile
// GameState.bazaar_lots[lot] (still unowned) with an opening bid of `bid`
// points (0 or more, BC-19; without bidding, BC-22, 0 and the tile is theirs).
struct OfferBazaarTileAction {
  int lot = 0;
  int bid = 0;
};

// ... Phase::kBazaarBid: the deciding player bids `bid` points, higher than
// the highest bid so far (BC-19); PassAction passes.
struct BidForBazaarTileAction {
  int bid = 0;
};

// ... Phase::kBazaarSettle: the picker buys the tile, paying the highest bid
// to its bidder (`buy`), or sells it to the highest bidder, who pays the
// picker (BC-20).
struct SettleBazaarAuctionAction {
  bool buy = true;
};

using ActionChoice =
    std::variant<PlaceTileAction, PlaceFigureAction, PassAction, DiscardTileAction,
                 MoveMagicFigureAction, SetAsideMagicFigureAction, DeployToQuarterAction,
                 RedeployFromQuarterAction, MoveWagonAction, BuildCastleAction, PlaceBarnAction,
                 EscapeSiegeAction, EndGameAction, MoveDragonAction, RemoveKnightAction,
                 MoveFairyAction, PlaceTowerFloorAction, PlaceOnTowerAction, CaptureMeepleAction,
                 ExchangePrisonerAction, PayRansomAction, PlaceShepherdAction, GrowFlockAction,
                 DriveFlockAction, RetreatAbbotAction, DrawBazaarTilesAction, OfferBazaarTileAction,
                 BidForBazaarTileAction, SettleBazaarAuctionAction, TakeFigureBackAction>;

// A decision (one of the choices above) and the seat that takes it (AMB-49).
// It is used like the variant it extends (std::get_if, std::visit).
struct Action : ActionChoice {
  using ActionChoice::ActionChoice;
  using ActionChoice::operator=;
  Action() = default;
  Action(const ActionChoice& choice, std::optional<int> seat) : ActionChoice(choice), actor(seat) {}
  // AMB-49: the seat (index into GameState.players) that takes the action;
  // only the seat whose decision is pending (GameState.deciding_player) may.
  // Unset: the action is taken as the deciding player's.
  std::optional<int> actor;
  // AMB-40: on the action that ends the figure step (PlaceFigureAction,
  // PassAction, PlaceBarnAction, PlaceShepherdAction, RetreatAbbotAction or
  // TakeFigureBackAction ... in
  // Phase::kPlaceFigure), the order in which the features the tile completed are scored, one
  // segment of each feature, each feature once. Empty: the canonical order
  // (Game::CompletedByLastTile). On any other action it must be empty.
  std::vector<SegmentAddress> scoring_order;
};

}  // namespace carcassonne

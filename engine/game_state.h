// The snapshot of a game: everything the rules need and nothing they can
// derive (shared/design/api-contract.md, "The snapshot"). The caller owns it;
// the engine reads one and returns the next.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/rule_set.h"
#include "engine/tile_type.h"

namespace carcassonne {

// Each player has 8 meeples: one scores, 7 are followers (base game, "Turn").
inline constexpr int kFollowersPerPlayer = 7;
inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;

// The figures a player can place. Followers, big followers (Inns &
// Cathedrals), the mayor (Abbey & Mayor, AM-10) and the wagon (AM-11) are
// followers: they occupy features and count for majority. The builder and the
// pig (Traders & Builders) are not (TB-10, TB-20), nor is the shepherd
// (Hills & Sheep, HS-15): it stands in a field with its flock (GameState.flocks).
// The ringmaster (Under the Big Top, BT-16) is a follower of strength 1, placed
// like a follower. The phantom (The Phantom, PH-01, PH-05) is a follower of
// strength 1, placed in a step of its own after the figure step (PH-07).
enum class FigureKind {
  kFollower,
  kBigFollower,
  kBuilder,
  kPig,
  kMayor,
  kWagon,
  kRingmaster,
  kShepherd,
  kAbbot,
  kPhantom
};
inline constexpr int kFigureKindCount = 10;

// A segment on the board: the tile at `cell`, and the index of the segment in
// that tile type's catalogue list.
struct SegmentAddress {
  Position cell;
  int segment_index = 0;
  friend bool operator==(const SegmentAddress&, const SegmentAddress&) = default;
};

struct Figure {
  FigureKind kind = FigureKind::kFollower;
  int owner = 0;  // player index in seating order
  SegmentAddress segment;
  friend bool operator==(const Figure&, const Figure&) = default;
};

// Goods tokens (Traders & Builders, TB-04).
struct TradeGoods {
  int wine = 0;
  int grain = 0;
  int cloth = 0;
  friend bool operator==(const TradeGoods&, const TradeGoods&) = default;
};

struct Player {
  std::string name;
  int score = 0;
  int followers = kFollowersPerPlayer;  // followers in the player's supply
  int big_followers = 0;                // Inns & Cathedrals: 1 at the start (IC-07)
  int builders = 0;                     // Traders & Builders: 1 at the start (TB-09)
  int pigs = 0;                         // Traders & Builders: 1 at the start (TB-19)
  int mayors = 0;                       // Abbey & Mayor: 1 at the start with am.mayor (AM-01)
  int wagons = 0;                       // Abbey & Mayor: 1 at the start with am.wagon (AM-01)
  int castles = 0;       // Bridges, Castles & Bazaars: castle tokens in supply (BC-02, bc.castles)
  int barns = 0;         // Abbey & Mayor: 1 at the start with am.barn (AM-01)
  int abbeys = 0;        // Abbey & Mayor: the abbey tile held, 1 at the start with am.abbey (AM-01)
  int ringmasters = 0;   // Under the Big Top: 1 at the start (BT-01, BT-02)
  int tower_floors = 0;  // The Tower: floors in the player's supply, by player count (TW-02)
  int shepherds = 0;     // Hills & Sheep: 1 at the start (HS-01, HS-02)
  int abbots = 0;        // the Abbot: 1 at the start (AB-01)
  int bridges = 0;       // Bridges, Castles & Bazaars: bridges in supply (BC-02, bc.bridges)
  int phantoms = 0;      // The Phantom: 1 at the start (PH-01)
  TradeGoods goods;      // Traders & Builders (TB-04)
};

// Bridges, Castles & Bazaars: the two ways a bridge can cross a tile, in board
// orientation (BC-03: from the middle of one side to the opposite one).
enum class BridgeAxis : uint8_t { kNorthSouth, kEastWest };

// BC-03: a bridge placed with a tile, on the tile at `cell` (the tile placed,
// or one next to it).
struct BridgePlacement {
  Position cell;
  BridgeAxis axis = BridgeAxis::kNorthSouth;
  friend bool operator==(const BridgePlacement&, const BridgePlacement&) = default;
};

struct PlacedTile {
  // The catalogue type, or with a bridge the bridged type
  // (TileType::bridge_base; Bridges, Castles & Bazaars, BC-03).
  const TileType* type = nullptr;
  Position cell;
  Rotation rotation;
};

struct TileCount {
  const TileType* type = nullptr;
  int count = 0;
};

// Tiles not yet drawn, in catalogue order.
struct TileBag {
  std::vector<TileCount> tiles;
  int Total() const;
  int CountOf(const TileType* type) const;
  // Takes one tile of `type` out; the type must be present.
  void Remove(const TileType* type);
};

// The Tower: a tower on the foundation of the tile at `cell` (TW-01): its
// floors, whether a meeple closed it (TW-03 (d), TW-05: for good, even once
// that meeple is captured, TW-10, or eaten, PD-12) and the meeple standing on
// top, if any (a follower of `top_kind` of `top_owner`; off every feature).
struct Tower {
  Position cell;
  int height = 0;
  bool closed = false;
  std::optional<int> top_owner;
  FigureKind top_kind = FigureKind::kFollower;
  friend bool operator==(const Tower&, const Tower&) = default;
};

// The Tower: a captured meeple held by `jailer` (TW-08); it is `owner`'s, out
// of play until exchanged (TW-11) or ransomed (TW-12); never freed, it stays
// out (TW-13).
struct Prisoner {
  int jailer = 0;
  int owner = 0;
  FigureKind kind = FigureKind::kFollower;
  friend bool operator==(const Prisoner&, const Prisoner&) = default;
};

// Whose decision is pending and of what kind.
enum class Phase {
  kPlaceTile,    // the active player places the tile they drew (BG-01 step 1)
  kPlaceFigure,  // ... may place a follower on it, or pass (BG-01 step 2)
  kGameOver,     // the bag is empty and the end-of-game scoring is done (BG-20)
  // Mage & Witch, between the tile and the follower: GameState.magic_step
  // says which magic-figure decision is pending.
  kPlaceMagicFigure,
  // The Count of Carcassonne (engine/expansions/count_of_carcassonne.h):
  // before a feature the tile completed is scored, the redeployment round
  // (CO-10, CO-13): GameState.deciding_player may move followers from the
  // matching quarter onto GameState.pending_scorings[0], or pass.
  kCountRedeploy,
  // ... after the turn's scoring, the active player may put a follower into a
  // quarter and move the Count, or pass (CO-05, CO-16, AMB-07).
  kCountDeploy,
  // ... before the final scoring, the rounds of single redeployments (CO-46,
  // AMB-16, AMB-45).
  kCountFinalRedeploy,
  // Abbey & Mayor (engine/expansions/abbey_and_mayor.h): after the turn's
  // scoring, the owner of GameState.wagons_to_move[0] may move that wagon to
  // a nearby unfinished, unoccupied road, city or monastery, or pass and take
  // it back (AM-12).
  kWagonMove,
  // Bridges, Castles & Bazaars (engine/expansions/castles.h): before the
  // turn's scoring, the owner of the only knight in GameState.castle_offers[0]
  // may turn that just-completed city of two segments into a castle instead
  // of letting it score (BC-10), or pass.
  kPlaceCastle,
  // Siege (engine/expansions/siege.h): at the end of the turn part, the
  // active player may take one of their followers out of a besieged city
  // bordered by a cloister back to the supply, or pass (SI-10, SI-13).
  kSiegeEscape,
  // The Princess & the Dragon (engine/expansions/princess_and_dragon.h): the
  // tile just placed shows a dragon; the dragon flies one step at a time
  // (PD-10): GameState.dragon_flight holds the cells of this flight so far,
  // and the deciding player (the placer, then each next player in turn)
  // moves it onto a neighbouring tile.
  kDragonMove,
  // Abbey & Mayor, the final abbey round (AM-07): the last land tile has been
  // placed; GameState.deciding_player (also the active player) may place
  // their abbey into a hole, with the figure step and scoring of a normal
  // turn, or pass. Then the next player after them who still holds an abbey,
  // up to GameState.final_abbey_last_seat; then the end-of-game decisions
  // (the Count's final redeployment, CO-46) and the final scoring.
  kFinalAbbey,
  // The Tower (engine/expansions/tower.h): the active player has just put a
  // floor on the tower at GameState.tower_capture; they may take one meeple
  // within its reach off the board, or pass (TW-07).
  kTowerCapture,
  // ... the capture made the capturer and another player hold prisoners of
  // each other, and that player holds the capturer's meeples of several
  // kinds: the capturer chooses which kind of theirs comes back (TW-11).
  kTowerExchange,
  // Hills & Sheep (engine/expansions/shepherd_and_flock.h): after the figure
  // step, the active player's tile extended the field of their own shepherd
  // (placed in an earlier turn): they grow the flock (draw a token) or drive
  // it to the stable (score it) (HS-16..HS-18, HS-21).
  kTendFlock,
  // Bridges, Castles & Bazaars, the bazaar (engine/expansions/bazaars.h),
  // once the turn that placed a bazaar tile is over (BC-18):
  // - kBazaarDraw: the tiles revealed for the bazaar, one per player, are
  //   drawn (chance: the caller draws them and names them in the action,
  //   which the active player takes);
  // - kBazaarOffer: the deciding player (the next without a tile, clockwise
  //   from the left of the active player) picks a revealed tile still unowned
  //   and opens with a bid (BC-19);
  // - kBazaarBid: each other player without a tile, clockwise from the
  //   picker, once bids higher or passes (BC-19; GameState.bazaar_auction);
  // - kBazaarSettle: the picker buys the tile or sells it to the highest
  //   bidder (BC-20).
  kBazaarDraw,
  kBazaarOffer,
  kBazaarBid,
  kBazaarSettle,
  // The Phantom (engine/expansions/phantom.h): the figure step is over (a
  // figure placed, or a pass, or another choice of the step); the active
  // player may now place their phantom on the tile just placed or on a
  // tower's top, or pass (PH-02, PH-04, PH-07, PH-08). The features the
  // tile completed wait in GameState.pending_scorings, in scoring order.
  kPlacePhantom,
};

// Hills & Sheep: a token of the cloth bag (HS-01): 1 to 4 sheep, or a wolf.
enum class SheepToken { kOneSheep, kTwoSheep, kThreeSheep, kFourSheep, kWolf };
inline constexpr int kSheepTokenKinds = 5;

// Hills & Sheep: the sheep tokens lying beside a shepherd on the board (HS-14,
// HS-17). One shepherd per player (HS-01), so a flock is named by its owner.
struct Flock {
  int owner = 0;
  std::vector<SheepToken> tokens;  // sheep tokens only, in the order drawn
  friend bool operator==(const Flock&, const Flock&) = default;
};

// Hills & Sheep: the tokens in the cloth bag, per kind (index: SheepToken).
// The caller draws (HS-24: chance is the caller's); a tracked bag lets the
// referee check that the token drawn was in it.
struct SheepBag {
  std::array<int, kSheepTokenKinds> tokens{};
  friend bool operator==(const SheepBag&, const SheepBag&) = default;
};

// The Count of Carcassonne: the four quarters of the city (CO-03), in the
// clockwise order of variant CO-19.
enum class Quarter { kCastle, kMarket, kBlacksmith, kCathedral };
inline constexpr int kQuarterCount = 4;

// A follower in a quarter of Carcassonne (off the board, CO-05, CO-14).
struct QuarterFollower {
  // a follower or a big follower (CO-08); the mayor (castle) or the wagon (not
  // the market) with Abbey & Mayor (CO-09, CO-30)
  FigureKind kind = FigureKind::kFollower;
  int owner = 0;
  Quarter quarter = Quarter::kCastle;
  friend bool operator==(const QuarterFollower&, const QuarterFollower&) = default;
};

// The Count of Carcassonne's pieces and the bookkeeping of the turn part in
// progress, which a stateless referee must carry in the snapshot.
struct CountState {
  Quarter count = Quarter::kCastle;  // where the Count stands (CO-04, CO-18)
  std::vector<QuarterFollower> followers;
  // The scorings of the current turn part so far (AMB-07): the active player
  // scored points; another player scored points; another player scored points
  // for a completed road, city or monastery (option count.trigger =
  // completion, CO-28). Only set while the part's scoring is under way
  // (PHASE_COUNT_REDEPLOY, PHASE_COUNT_DEPLOY).
  bool active_scored = false;
  bool others_scored = false;
  bool others_scored_on_completion = false;
  // PHASE_COUNT_FINAL_REDEPLOY: the players who passed, and so take no more
  // part in the final redeployment (AMB-45).
  std::vector<int> final_passed;
  // Option count.mayor_wagon_count_as_two (AMB-12): the mayors and wagons on
  // the board that were redeployed from Carcassonne and wait for the scoring
  // of their feature (PHASE_COUNT_REDEPLOY, PHASE_COUNT_FINAL_REDEPLOY); each
  // counts as two followers in it.
  std::vector<Figure> from_quarters;
  friend bool operator==(const CountState&, const CountState&) = default;
};

// Mage & Witch: the magic-figure decision pending in Phase::kPlaceMagicFigure.
enum class MagicStep {
  kNone,       // no magic-figure decision (every other phase)
  kMagicTile,  // MW-04, AMB-18/19: place or move one figure (the tile shows the magic symbol)
  kSeparate,   // MW-09, AMB-20: the tile put both figures on one feature; move one away
};

// King & Robber Baron: one of the two award tokens, the King or the Robber
// Baron. Both start beside the board, nobody's (KR-06).
struct AwardToken {
  std::optional<int> holder;  // player index; nullopt = nobody holds it yet
  // Distinct tiles of the largest completed city (longest completed road) of
  // the game so far, whoever completed it (KR-14, AMB-03); 0 before the first.
  int record = 0;
  // The token moved earlier in the turn being scored, and who held it before:
  // the holder "from before the turn's transfer" (king_robber.live_scoring =
  // before_transfer, AMB-06) when the Count's redeployment round splits the
  // turn's scoring over several requests. Only set in PHASE_COUNT_REDEPLOY.
  bool moved_this_turn = false;
  std::optional<int> holder_before_turn;
  friend bool operator==(const AwardToken&, const AwardToken&) = default;
};

// Abbey & Mayor: a barn, standing on the point where four tiles meet (AM-15),
// named by the tile it was placed with and that tile's corner. Its field is
// the field at that corner.
struct Barn {
  int owner = 0;
  Position cell;
  Corner corner = Corner::kNorthWest;
  friend bool operator==(const Barn&, const Barn&) = default;
};

// Bridges, Castles & Bazaars (C1/C2): a castle made from a completed city of
// two segments (BC-10). It is a feature of its own kind, not a city (BC-11).
struct Castle {
  // The city's two segments, in board order; the castle is their feature.
  std::vector<SegmentAddress> segments;
  int owner = 0;  // whose castle token it is; their knight there is the lord
  // Made in the current turn: features completed in this turn never make it
  // score (BC-13, BC-T04). Cleared when the next turn's tile is placed.
  bool built_this_turn = false;
  // The lord scored (BC-13, BC-14) and went back; the castle stays, empty.
  bool scored = false;
  // During the turn's scoring: the highest value of the features completed
  // this turn with a tile in the fief, which the lord scores once the turn's
  // scoring is over (BC-13); 0 = none yet.
  int pending_points = 0;
  friend bool operator==(const Castle&, const Castle&) = default;
};

// Under the Big Top: the animal tokens (BT-01), in the order of their values
// (AnimalValue in engine/expansions/under_the_big_top.h).
enum class Animal { kFlea, kMonkey, kSeal, kBear, kTiger, kElephant };
inline constexpr int kAnimalCount = 6;

// Under the Big Top: the big top and the animal tokens. Which token is drawn
// is chance: the caller draws it and names it in the action that places a
// circus tile (PlaceTileAction.animal_token); the referee checks that the
// supply still holds one.
struct BigTopState {
  // The face-down tokens not yet drawn, per animal (index: Animal). 16 at
  // the start (BT-01, BT-02); a revealed token leaves the game (BT-05).
  std::array<int, kAnimalCount> supply{};
  // The circus tile the big top stands on; nullopt = beside the board until
  // the first circus tile's turn is scored (BT-02, BT-04).
  std::optional<Position> cell;
  // The face-down token under the big top (set with `cell`).
  std::optional<Animal> token;
  // The token drawn for the circus tile placed in this turn part, out of the
  // supply, waiting for step 3 to go under the big top (BT-04, BT-05); nullopt
  // otherwise.
  std::optional<Animal> drawn;
  friend bool operator==(const BigTopState&, const BigTopState&) = default;
};

// Bridges, Castles & Bazaars (C1/C2): a tile revealed for a bazaar (BC-19)
// and who obtained it; after the auction each owner places it on their next
// turn instead of drawing (BC-21).
struct BazaarLot {
  const TileType* tile = nullptr;
  std::optional<int> owner;  // nullopt: not yet obtained (during the auction)
  friend bool operator==(const BazaarLot&, const BazaarLot&) = default;
};

// ... the lot on offer in Phase::kBazaarBid and kBazaarSettle (BC-19, BC-20):
// the picker, the highest bid so far and who made it (the picker's opening
// bid until someone bids higher).
struct BazaarAuction {
  int lot = 0;  // index into GameState.bazaar_lots
  int picker = 0;
  int bid = 0;
  int high_bidder = 0;
  friend bool operator==(const BazaarAuction&, const BazaarAuction&) = default;
};

struct GameState {
  RuleSet rules;
  std::vector<Player> players;
  std::vector<PlacedTile> tiles;  // placement order; tiles[0] is the start tile
  std::vector<Figure> figures;
  std::optional<TileBag> bag;  // empty optional: the caller does not track the bag
  Phase phase = Phase::kPlaceTile;
  int active_player = 0;
  int deciding_player = 0;  // who must decide now (the Count may ask others)
  // Traders & Builders, the builder's double turn (TB-11, TB-12): the tile of
  // this turn's first part extended a feature holding the active player's
  // builder, so a second tile follows; and whether the turn is in that second
  // part (which never earns another).
  bool extra_tile_earned = false;
  bool second_part = false;
  // Bridges, Castles & Bazaars (BC-03): a bridge was placed in this turn's
  // first part, so none goes with the second part's tile (read only then).
  bool bridge_placed_this_turn = false;
  // Mage & Witch: where the two neutral magic figures stand (never in
  // `figures`, owned by no player); nullopt = set aside, off the board (MW-02,
  // MW-08, MW-15). Only roads and cities of unfinished features (MW-05).
  std::optional<SegmentAddress> mage;
  std::optional<SegmentAddress> witch;
  MagicStep magic_step = MagicStep::kNone;
  // King & Robber Baron (engine/expansions/king_and_robber_baron.h): the King
  // goes with the largest completed city, the Robber Baron with the longest
  // completed road (KR-09, KR-10, KR-12, AMB-03).
  AwardToken king;
  AwardToken robber_baron;
  // The Count of Carcassonne.
  CountState count;
  // The features the tile of this turn part completed that are still to be
  // scored, in scoring order (AMB-40), each named by one of its segments.
  // Only non-empty while a decision interrupts the scoring (the Count's
  // redeployment round, PHASE_COUNT_REDEPLOY: the first is the one about to
  // be scored).
  std::vector<SegmentAddress> pending_scorings;
  // Abbey & Mayor: the wagons whose feature the turn scored, each with the
  // segment it stood on, in the order their owners decide (turn order from
  // the active player, AM-12). Off the board and out of the supply; only
  // non-empty in Phase::kWagonMove.
  std::vector<Figure> wagons_to_move;
  // Bridges, Castles & Bazaars: the castles on the board, in the order they
  // were made.
  std::vector<Castle> castles;
  // Abbey & Mayor: the barns on the board, in the order they were placed.
  std::vector<Barn> barns;
  // ... in Phase::kPlaceCastle: the cities of pending_scorings that may still
  // become castles (BC-10), each named by one of its segments, in the order
  // their knights' owners decide (turn order from the active player).
  std::vector<SegmentAddress> castle_offers;
  // The Princess & the Dragon: the cell of the tile the dragon stands on;
  // nullopt = beside the board, not yet in play (PD-02) until a volcano
  // brings it (PD-04).
  std::optional<Position> dragon;
  // ... in Phase::kDragonMove: the cells of the flight so far, the one it
  // started from first and the one it stands on (`dragon`) last (PD-10: a
  // cell visited in this flight is never entered again). Empty otherwise.
  std::vector<Position> dragon_flight;
  // Abbey & Mayor, while the final abbey round runs (AM-07; Phase::kFinalAbbey
  // and the turns of the abbeys placed in it): the seat of the player who
  // placed the last land tile; the round asks, in turn order, the players
  // after them up to this seat itself. nullopt otherwise.
  std::optional<int> final_abbey_last_seat;
  // The Princess & the Dragon: the cell of the tile the fairy stands on;
  // nullopt = beside the board, not yet moved (PD-02, PD-15).
  std::optional<Position> fairy;
  // ... the follower the fairy stands next to (PD-15), on `fairy`'s tile;
  // nullopt once that follower left the board: the fairy stays where it is,
  // attached to nobody (PD-19).
  std::optional<Figure> fairy_follower;
  // Under the Big Top (engine/expansions/under_the_big_top.h).
  BigTopState big_top;
  // The Tower: the towers with at least one floor or a meeple on top, in the
  // order they were begun (a bare foundation is not listed).
  std::vector<Tower> towers;
  // ... the prisoners, in the order they were taken (TW-08).
  std::vector<Prisoner> prisoners;
  // ... in Phase::kTowerCapture and Phase::kTowerExchange: the cell of the
  // tower that just got a floor (TW-07). nullopt otherwise.
  std::optional<Position> tower_capture;
  // ... the active player has paid a ransom in this turn (TW-12: at most
  // once a turn); cleared when the turn passes to the next player.
  bool ransom_paid = false;
  // Hills & Sheep: the flock of each shepherd on the board (a shepherd is a
  // Figure of kind kShepherd in `figures`), in the order placed.
  std::vector<Flock> flocks;
  // ... the cloth bag of tokens; empty optional: the caller does not track
  // it, and a draw is bounded only by the tokens of the set (HS-01).
  std::optional<SheepBag> sheep_bag;
  // Bridges, Castles & Bazaars, the bazaar (option bc.bazaars): a tile with
  // the bazaar symbol was placed this turn while no bazaar tile was held
  // (BC-18, BC-23); the bazaar opens once the turn is over.
  bool bazaar_due = false;
  // ... the revealed tiles of the bazaar, in the order drawn: during the
  // auction (Phase::kBazaarOffer..kBazaarSettle) with their owners so far;
  // afterwards the tiles still to be placed by their owners (BC-21), each
  // removed when placed. Empty otherwise.
  std::vector<BazaarLot> bazaar_lots;
  // ... Phase::kBazaarBid and kBazaarSettle only: the lot on offer.
  std::optional<BazaarAuction> bazaar_auction;
};

// How many seats after the active player `player` sits (0 for the active
// player): the order of decisions taken in turn from the active player (the
// wagons, AM-12; the castle offers, BC-10).
inline int TurnOrder(const GameState& state, int player) {
  const int players = static_cast<int>(state.players.size());
  return (player - state.active_player + players) % players;
}

}  // namespace carcassonne

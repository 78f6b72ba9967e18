// Reproducible boards for benchmarks (and load generators): seeded random play
// of a 2-player game through the engine until the board holds a given number
// of tiles, or until the game's last turn when the game's tiles run out first.
//
// Every board is a position a real game reaches (BG-01): its tiles come from
// the game's bag, tracked to the end, so that no tile type is drawn once the
// set's copies of it are all used (what the engine's CheckTileCanBeDrawn and
// the snapshot check refuse). A game holds one set of each expansion in play:
// the base game's 72 tiles, or the 298 of every expansion (AllExpansionsRules);
// asked for more, the board stops at the last turn with fewer tiles (tiles set
// aside, BG-03, and tiles laid under hills, HS-03, are on no board).
//
// Each tile goes on a random legal placement (a tile that fits nowhere is set
// aside, BG-03), and the player then places a follower on a random free
// segment of it half of the time (ChooseRandomAction), as long as that leaves
// a follower in their supply: so the player to move on the board always has
// one to place. Completed features score and give their followers back as
// usual.
//
// Only std::mt19937's raw output is used (no std::*_distribution, whose results
// differ between standard libraries), so a (tiles, seed) pair gives the same
// board everywhere.
#pragma once

#include <cstdint>
#include <optional>
#include <random>

#include "engine/game.h"

namespace carcassonne::bench {

// Tiles in one base set, the start tile included.
inline constexpr int kBaseSetTiles = 72;

struct RandomPosition {
  // Up to `tiles` tiles on the board, 2 players, the tile phase pending, the
  // bag tracked (`drawn` included): a snapshot that a real game reaches. (A
  // turn that places a bazaar tile, BC-21, where no other tile may be drawn,
  // only as the game's last: else the board grows by the tiles of those
  // turns.)
  GameState state;
  // The tile the active player drew next (or the bazaar tile they hold,
  // BC-21); it fits somewhere on the board.
  const TileType* drawn = nullptr;
  // What was drawn with it: the tile laid under a hill tile (HS-03; none when
  // the bag then holds no other, HS-04) and the animal token of a circus tile
  // (BT-04).
  const TileType* hidden = nullptr;
  std::optional<Animal> animal;
};

// The board of the base game after seeded random play (see above); `tiles` >=
// 1. From 72 on, the board of the game's last turn: 71 tiles (fewer after a
// tile set aside) and the set's last tile drawn (BG-01, BG-20).
RandomPosition RandomBoardWithDraw(int tiles, uint32_t seed);
GameState RandomBoard(int tiles, uint32_t seed);

// Every expansion this build plays together, with their modules on: Inns &
// Cathedrals, Traders & Builders, both Rivers, King & Robber Baron, Mage &
// Witch, the Count of Carcassonne, Abbey & Mayor (the abbey, the mayor and the
// wagon, counted as two from Carcassonne, CO-09), Bridges, Castles & Bazaars
// (the castles and the bazaars), The Cult, Siege, Hills & Sheep (hills,
// vineyards, the shepherd and the flock), The Princess & the Dragon (the
// fairy, the portal, the princess), Under the Big Top, the Tower and the
// Festival (its 10 tiles; figures taken back by the random decisions, FV-03).
// 286 tiles in the bag and the Count's 12 city tiles: 298 (and an abbey
// each); the boards go up to 288 of them. The Phantom (its step after the
// figure step, PH-07; no tiles).
// Not in: the Abbot (AB-15: this build refuses it with the Count and with the
// Cult, AB-Q2, CU-Q2) and the barn (refused with Siege, SI-Q1); both are in
// AbbotRules().
RuleSet AllExpansionsRules();

// The expansions that go with the Abbot (AB-01: the garden edition of the
// River, the Tower and Under the Big Top), with every module: all of
// AllExpansionsRules but the Count, the Cult and Siege, and with the barn.
RuleSet AbbotRules();

// The same seeded random play with `rules`: the tiles come from the game's
// bag, in an order its rules allow (the River's first, RV-02); a bazaar
// reveals tiles of the bag (BC-19); a hill tile goes on a tile of the bag
// (HS-03). Every decision of the expansions (magic figures, the Count's
// rounds, castles, bids, ...) is a random legal action; the figure step keeps
// a follower in supply as above. Asked for more tiles than the game's last
// turn has, the board of that turn.
RandomPosition RandomBoardWithDraw(int tiles, uint32_t seed, const RuleSet& rules);

// NOT a game position: a board of `tiles` base tiles laid by the same random
// play, the bag refilled with a new base set whenever it runs out and left
// untracked, so that it holds more copies of some types than the set has.
// Only for measuring how a snapshot past the limits is read and refused
// (BM_ConvertSnapshotAtTheLimits); the engine refuses to draw a tile on it.
GameState StackedSetsBoard(int tiles, uint32_t seed);

// The chance of a turn in `game` (the tile phase, the bag tracked), as the
// game site decides it: the tile drawn (one the rules let be drawn now, or the
// bazaar tile the player holds, BC-21; null if none may be), the tile under it
// if it is a hill (HS-03, HS-04) and the animal token (AnimalDrawnWith).
struct TurnDraw {
  const TileType* drawn = nullptr;
  bool from_bazaar = false;  // `drawn` is the bazaar tile held (BC-21)
  const TileType* hidden = nullptr;
  std::optional<Animal> animal;
};
TurnDraw DrawForTurn(const Game& game, std::mt19937& random);

// BC-18, BC-19: the tiles a bazaar reveals, one per player, drawn at random
// from the tracked bag among those that may be drawn now (the engine opens a
// bazaar only when the bag holds enough).
DrawBazaarTilesAction RevealBazaarTiles(const Game& game, std::mt19937& random);

// A tile of `bag` that the rules let be drawn now in `game` (the River's
// order, RV-02), weighted by the counts, or null if none may be.
const TileType* PeekDrawableTile(const Game& game, const TileBag& bag, std::mt19937& random);

// The bag of a whole base set (every tile of the set, the start tile included).
TileBag FullBaseSetBag();

// A uniformly random index in [0, n), n > 0, from the raw generator output.
int RandomIndex(std::mt19937& random, int n);

// A random action among `legal` (non-empty): any listed action with equal
// chances, except in the figure phase, where the player passes half of the time
// and otherwise places a follower on one of the listed segments. (Picking
// uniformly among the follower options and passing would place a follower on
// almost every tile: the supplies run dry early and most boards would leave no
// follower to place.)
const Action& ChooseRandomAction(const LegalActions& legal, std::mt19937& random);

// Under the Big Top (BT-04): the animal token the caller draws with `drawn`
// when it is a circus tile: the first left in the supply (the choice does not
// change the work measured); none for other tiles or when none is left.
std::optional<Animal> AnimalDrawnWith(const GameState& state, const TileType* drawn);

// A tile drawn at random from a non-empty bag, weighted by the counts; the bag
// is left as it is (the engine removes the tile when it is placed).
const TileType* PeekRandomTile(const TileBag& bag, std::mt19937& random);

}  // namespace carcassonne::bench

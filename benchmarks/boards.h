// Reproducible boards for benchmarks (and, later, load generators): seeded
// random play of a 2-player base game through the engine until the board holds
// a given number of tiles.
//
// Tiles are drawn at random from a bag with the base set's counts; when that bag
// runs out it is refilled with a whole new set, so boards larger than the 72
// tiles of one set can be built. Each tile goes on a random legal placement (a
// tile that fits nowhere is set aside, BG-03), and the player then places a
// follower on a random free segment of it half of the time (ChooseRandomAction),
// as long as that leaves a follower in their supply: so the player to move on
// the board always has one to place. Completed features score and give their
// followers back as usual.
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
  // `tiles` tiles on the board, 2 players, the tile phase pending.
  //
  // The bag is tracked (the tiles not drawn yet, `drawn` included) while the
  // first set lasts, so every board of up to 71 tiles is a snapshot that a real
  // game reaches. Asked for up to a whole set (72), the board stops at the
  // game's last turn: when the set's last tile is drawn (71 tiles placed, or
  // fewer after a discard), since no copy is left to draw after it (BG-01).
  // Past a set, the bag is untracked (absent) from the first refill on, and
  // the board holds more copies of some types than one set has, which
  // CheckSnapshot (and so the service) rejects; the engine's Game itself takes
  // it as it is.
  GameState state;
  // The tile the active player drew next; it fits somewhere on the board.
  const TileType* drawn = nullptr;
};

// The board after seeded random play (see above); `tiles` >= 1.
RandomPosition RandomBoardWithDraw(int tiles, uint32_t seed);
GameState RandomBoard(int tiles, uint32_t seed);

// Every expansion this build plays, with their modules on where they go
// together: Inns & Cathedrals, Traders & Builders, both Rivers, King & Robber
// Baron, Mage & Witch, the Count of Carcassonne, Abbey & Mayor (the mayor; the
// wagon and the barn are not built with the Count), Bridges, Castles &
// Bazaars (the castles), The Cult, Siege, Hills & Sheep and The Princess & the
// Dragon. (Not the Abbot: this build refuses it together with the Count and
// the Cult, AB-15; its boards would be another family of benchmarks.)
RuleSet AllExpansionsRules();

// The same seeded random play with `rules`: the tiles come from the game's
// bag, in an order its rules allow (the River's first); a refill is a new bag
// of the rules' sets without river tiles. Every decision of the expansions
// (magic figures, the Count's rounds, castles, ...) is a random legal action;
// the figure step keeps a follower in supply as above. Boards within the
// first bag (about 170 tiles) are valid snapshots.
RandomPosition RandomBoardWithDraw(int tiles, uint32_t seed, const RuleSet& rules);

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

// The random-game driver of the tests that play whole seeded games (the
// service's round trip, its returned snapshots, DescribeBoard's property, the
// hostile snapshots' positions): the caller's chance (the tile drawn, what
// goes with it, a bazaar's tiles) and a uniformly random choice among the
// listed actions, from one std::mt19937 seeded per game. The games are the
// caller's to play (through the engine or the service's handlers):
//
//   RandomPlay play(seed);
//   while (state.phase != Phase::kGameOver) {
//     const Game game(state);
//     play.Draw(game);
//     const Action action = play.Choose(play.List(game));
//     ... apply `action` ...
//     play.Played(action);
//   }
#pragma once

#include <cstdint>
#include <optional>
#include <random>

#include "engine/game.h"

namespace carcassonne {

class RandomPlay {
 public:
  explicit RandomPlay(uint32_t seed) : random_(seed) {}

  // In the tile phase, when no tile is in hand: the tile of the turn, which
  // is then in hand until an action other than a tile's placement. A tile
  // obtained in a bazaar (BC-21), or else a random type of the bag (each type
  // alike, whatever its count) that has a legal action, with the tile under
  // it if a hill (HS-03) and the animal token (BT-04); null when none has.
  // Returns the tile in hand (null outside the tile phase, if none).
  const TileType* Draw(const Game& game);

  // The actions listed for the decision now, with the tile in hand and what
  // goes with it; in a bazaar's draw (BC-19: the caller's chance, nothing is
  // listed with a tracked bag), the one draw of the bag's first tiles that
  // may be drawn now, one per player.
  LegalActions List(const Game& game) const;

  // A uniformly random one of `legal` (not empty).
  Action Choose(const LegalActions& legal);

  // After `action` was applied: the turn's tile leaves the hand.
  void Played(const Action& action);

 private:
  std::mt19937 random_;
  const TileType* drawn_ = nullptr;
};

// HS-03: the tile laid under a hill tile `drawn`: the bag's first other tile
// (null when `drawn` is no hill or none is left, HS-04).
const TileType* HiddenUnder(const Game& game, const TileType& drawn);

// BT-04: the animal token drawn with a circus tile: the supply's first (any
// token left will do); none for other tiles or none left.
std::optional<Animal> AnimalFor(const Game& game, const TileType* drawn);

}  // namespace carcassonne

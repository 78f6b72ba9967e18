// Where a follower may go: only on a segment of the tile just placed, only on a
// feature that holds no follower yet, and only from the supply (BG-04); roles
// by feature kind (BG-05).
#pragma once

#include <vector>

#include "engine/board.h"
#include "engine/verdict.h"

namespace carcassonne {

// BG-05: the segment kinds some follower can stand on (road, city, monastery,
// field; a garden for the abbot, AB-03).
bool FollowerMayStandOn(SegmentKind kind);

// Whether a segment of `kind` may take a follower in a game with `rules`: not
// a field with option base.farmers = false (BG-05), not a garden with option
// abbot.gardens = false (AB-03); any other kind, as FollowerMayStandOn says.
bool VariantTakesFollowers(const RuleSet& rules, SegmentKind kind);

// Whether the player has a follower of any kind (follower, big follower,
// mayor, wagon) left.
bool HasAnyFollower(const Player& player);

// BG-04 for a follower of kind `kind` (a follower, a big follower, IC-07, or
// the mayor, AM-08, only in a city) of
// `player` on `segment`, the last placed tile being `placed_tile_index`.
// With option base.farmers = false no follower goes into a field (BG-05).
// Returns the violations (none = legal).
std::vector<Violation> CheckFollowerPlacement(const Board& board, const GameState& state,
                                              int player, int placed_tile_index, FigureKind kind,
                                              const SegmentAddress& segment);

// The segments of the tile at `tile_index` (already on the board) on which a
// follower of `player` may be placed (BG-04, BG-05), if the player has one.
std::vector<int> FollowerSegments(const Board& board, const GameState& state, int player,
                                  int tile_index);

// The same, for tiles not yet placed: the segments a follower could take if
// `tile` were placed on `cell` turned by `rotation` (a legal placement). Used
// to list legal actions without copying the board; the occupied features are
// looked up once for all the placements of one listing.
class FollowerOptionsIfPlaced {
 public:
  FollowerOptionsIfPlaced(const Board& board, const GameState& state, int player);
  SegmentIndexes For(const TileType& tile, Position cell, Rotation rotation) const;

 private:
  const Board& board_;
  bool has_follower_;
  // The kinds left in the player's supply: a follower or big follower; the
  // mayor (cities only, AM-08); the wagon (no field, AM-11).
  bool has_plain_;
  bool has_mayor_;
  bool has_wagon_;
  bool has_abbot_;             // AB-03: a monastery or a garden
  const RuleSet& rules_;       // the variants (VariantTakesFollowers)
  std::vector<int> occupied_;  // features holding a figure, sorted
};

}  // namespace carcassonne

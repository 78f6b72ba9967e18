// The bounds a snapshot must keep (checked by CheckSnapshot, engine/referee.h,
// and by the expansion modules' snapshot hooks): one request cannot take the
// server down, and no sum the rules make can overflow an int.
#pragma once

#include "engine/game_state.h"

namespace carcassonne {

// Limits that keep one request from taking the server down.
inline constexpr int kMaxPlacedTiles = 1024;
inline constexpr int kMaxCoordinate = 1024;  // |x|, |y| of any cell
inline constexpr int kMaxFigures = 1024;

// Bounds on the numbers a snapshot carries, so that no sum the rules make can
// overflow an int (CheckSnapshot reports a value outside them):
// - a player's score is 0 to kMaxScore, far above any game (a whole game
//   scores a few hundred points); a score that would pass it stops there
//   (ScoreEvent::AddToScores), so that every snapshot the referee returns
//   passes its own check;
// - the points a castle's lord waits for (Castle::pending_points, BC-13) are
//   0 to kMaxScore;
// - each figure supply (followers, big followers, builders, pigs, mayors,
//   wagons) is 0 to what a player owns in the game (FiguresOwned: 7
//   followers, 1 of the others), castle tokens 0 to 3 (BC-02), barns 0 to 1
//   (AM-01): and the figures on the board are counted against the same;
// - each kind of goods token is 0 to the symbols of that kind on the tiles
//   (TB-04: kMaxGoods, 9 wine, 6 grain, 5 cloth);
// - a bag count is positive and, with the tiles of the type on the board, at
//   most the set's count of the type;
// - at most kMaxCastleOffers cities wait for a castle decision (BC-10: a
//   tile completes at most one city per side).
inline constexpr int kMaxScore = 1'000'000;
inline constexpr TradeGoods kMaxGoods = {9, 6, 5};
inline constexpr int kMaxCastleOffers = 4;

}  // namespace carcassonne

// The Cult / Heretics and Shrines (shared/rules/expansions/cult.md, CU-xx):
// shrine tiles (catalogue set "cult", SegmentType::shrine on the monastery).
//
// - CU-01: 6 tiles (Rio Grande), or the 5 of Hans im Glueck's Heretics and
//   Shrines without cult:6 (option cult.tile_set): the bag and the drawn tile.
// - CU-02: a shrine is a monastery segment, placed, occupied, completed and
//   scored as one (nothing to do here); a follower on it is a heretic.
// - CU-03, CU-04: a tile with a shrine may not go where it would neighbour (8
//   cells) more than one monastery, nor a monastery where it would neighbour
//   more than one shrine; nor may either give an existing building a second
//   neighbour of the other kind. So every shrine-monastery pair is
//   one-to-one (ViolationCode::kShrineMonasteryNeighbours).
// - CU-06, CU-07, CU-10, CU-11, CU-13: when a shrine (monastery) that holds
//   followers is completed and scored, the neighbouring monastery (shrine) is
//   challenged: if it is unfinished and holds followers, all of them go back
//   to their owners with no points (an event with trigger kLostChallenge, a
//   0-point line item CU-07), right after the winner's scoring. No challenge
//   when either building is empty (CU-10).
// - CU-08: one tile completing both: each is complete when the first is
//   scored, so nobody loses and both score.
// - CU-09: unfinished at the end, both score as monasteries (BG-21).
// - CU-12 (CO-32, CO-T02): the removal scores nothing for anyone, so the
//   Count's deployment trigger (CO-05) sees only the winner's points.
//
// Not built (rule_options.cc, known gaps): CU-05 (the abbey is not built),
// the open questions CU-Q1..CU-Q3, and the [inferred] items.
#pragma once

#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Board;

class Cult : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  // CU-01: the 5-tile set leaves cult:6 out of the bag.
  void SetUpGame(GameState& state) const override;
  void CheckTileDrawn(const Game& game, const TileType& tile,
                      std::vector<Violation>& violations) const override;
  // CU-03, CU-04.
  void CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                          std::vector<Violation>& violations) const override;
  // CU-06..CU-08, CU-10, CU-11, CU-13.
  void AfterFeatureCompleted(Game& game, int feature,
                             std::vector<ScoreEvent>& events) const override;
};

// Whether `tile` is in the game's set of shrine tiles (CU-01, cult.tile_set);
// true for the tiles of other sets.
bool InCultTileSet(const RuleSet& rules, const TileType& tile);

// CheckSnapshot's part for The Cult, on the board built from `state`: no tile
// outside the chosen shrine set (CU-01), and every shrine and monastery
// neighbours at most one building of the other kind (CU-03, CU-04).
void CheckCult(const GameState& state, const Board& board, std::vector<Problem>& problems);

}  // namespace carcassonne

// Hills & Sheep (shared/rules/expansions/hills-sheep.md, HS-xx): hill and
// vineyard tiles (catalogue set "hs", TileType::hill and ::vineyard) and
// hs:02's shared city side (HS-27, built in the board).
//
// - HS-03, HS-04: a hill tile is laid on a tile the caller drew face down
//   (PlaceTileAction::hidden_tile); with a tracked bag that tile must be in
//   it and leaves the game, and none goes under when the bag is empty once
//   the hill tile is drawn. Without a tracked bag the engine cannot check
//   the draw: a hidden tile is then optional and not recorded.
// - HS-05..HS-07 (ModifyScore): among the players tied for the most
//   strength in a scored feature, only those with a follower on a segment of
//   a hill tile of it score, if any has one (option hs.hill_tiebreak =
//   most_followers_on_hills: those with the most followers on hill tiles).
// - HS-09..HS-11 (ModifyScore): a monastery completed during the game scores
//   3 more per vineyard tile among its 8 neighbours; not at the end.
//
// The shepherd and the flock (HS-13..HS-26): shepherd_and_flock.h.
//
// Not built (rule_options.cc, known gaps): vineyards on shrines (HS-12,
// open HS-Q4), the abbey with hs:02 (HS-T09: no test yet), the open
// questions HS-Q1..HS-Q6 and the [inferred] HS-08.
//
// Variants (engine/rule_variants.h): option hs.hills = false plays the hill
// tiles as plain tiles (nothing goes under them, no tie-break); hs.vineyards
// = false plays the vineyard tiles as plain tiles; hs.vineyards_around_gardens
// (the C3.1 reading, AB-12, AT-14) adds the vineyards to a completed garden
// and to an abbot's retreat as well.
#pragma once

#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Board;

// HS-09: the points each vineyard tile next to a completed monastery adds.
inline constexpr int kVineyardPoints = 3;

// HS-09, HS-10: the vineyard tiles among the 8 cells around `cell` (0 when
// option hs.vineyards = false).
int VineyardsAround(const RuleSet& rules, const Board& board, Position cell);

class HillsAndSheep : public ExpansionModule {
 public:
  // HS-03, HS-04: the hidden tile of a hill tile.
  void CheckHiddenTile(const Game& game, const TileType& drawn, const TileType* hidden,
                       std::optional<Position> cell,
                       std::vector<Violation>& violations) const override;
  // HS-05..HS-07 (hill tie-break) and HS-09..HS-11 (vineyards).
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
};

}  // namespace carcassonne

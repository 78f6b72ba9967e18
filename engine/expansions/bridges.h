// Bridges, Castles & Bazaars: the bridges module (C2; option bc.bridges;
// shared/rules/expansions/bridges-castles-bazaars.md BC-02..BC-09).
//
// - BC-02: each player has 3 bridges (2 with 5 or 6 players).
// - BC-03: with the tile, the player may place one bridge from their supply,
//   at most one a turn (a builder's second tile takes none, TB-11), on the
//   tile placed or on a tile next to it (PlaceTileAction.bridge); on a tile
//   next to it, one end of the bridge meets the tile placed, whose side there
//   is a road (JCloisterZone).
// - BC-04: both ends of the bridge lie on field sides of its tile, which
//   become road sides that must match their neighbours; a tile already
//   bridged takes no second bridge; on a tile next to the one placed, the far
//   end faces no tile (JCloisterZone).
// - BC-05: a tile may fit only thanks to a bridge: the listing adds every
//   placement with each bridge that may go with it (after those without).
// - BC-06: the bridge is a road segment of its tile (the bridged type,
//   Catalogue::WithBridge): it passes over what the tile shows and the field
//   under it stays one field.
// - BC-07: a follower may stand on it as a highwayman when it is on the tile
//   just placed (the core's placement rule, with the bridged type).
// - BC-08: it adds its tile to the road like any road tile, once a road
//   (Board::TilesOf counts tiles); no bonus.
// - BC-09: a bridge that lengthens a road with the player's builder triggers
//   it (TB-14: the bridge is a segment of the tile placed, or joins the road
//   only through it).
//
// Not built: the current edition's bridges (C3.1, c31-castles-bridges.md
// CB-02..CB-05: 3 points a bridge in a scored road, CB-03; their placement
// rules are unconfirmed, CB-04), listed in the known gaps.
#pragma once

#include <optional>
#include <vector>

#include "engine/board.h"
#include "engine/expansion_module.h"
#include "engine/problem.h"

namespace carcassonne {

class Bridges : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void SetUpGame(GameState& state) const override;
  void CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                          std::vector<Violation>& violations) const override;
  bool CheckTileSidesWithPieces(const Game& game, const PlaceTileAction& action,
                                std::vector<Violation>& violations) const override;
  const TileType* TypeOnBoard(const Game& game, const PlaceTileAction& action) const override;
  void AddTilePlacements(const Game& game, const TileType& tile,
                         std::vector<TilePlacement>& placements) const override;
  void PlaceWithTile(Game& game, const PlaceTileAction& action) const override;
};

// BC-02: bridges per player.
int BridgesOwned(const RuleSet& rules, int player_count);

// BC-04, BC-06: `type` turned by `rotation` with a bridge along board axis
// `axis` (the bridged type), or nullptr when an end is no field side of the
// tile or the type has a bridge already.
const TileType* TypeWithBridge(const TileType& type, Rotation rotation, BridgeAxis axis);
// The bridge on a placed tile, in board orientation, if it has one.
std::optional<BridgeAxis> BridgeOn(const PlacedTile& tile);

// A bridge placed with a tile, where it lands: the tile it goes on (the tile
// placed, or a tile next to it) and that tile's type with the bridge.
struct BridgeSite {
  bool on_placed_tile = false;
  int tile_index = -1;  // the tile next to the placed one; -1 on the placed tile
  const TileType* bridged_type = nullptr;
  // On a tile next to the one placed: the side of the placed tile that the
  // bridge's near end meets.
  std::optional<Side> near_end;
};

// BC-03, BC-04: where the bridge of a placement of `tile` at `cell` turned by
// `rotation` lands, or nullopt when it cannot go there (the reason is added
// to `violations` when given).
std::optional<BridgeSite> FindBridgeSite(const Board& board, const TileType& tile, Position cell,
                                         Rotation rotation, const BridgePlacement& bridge,
                                         std::vector<Violation>* violations);

}  // namespace carcassonne

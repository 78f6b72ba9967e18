// The River and The River II (shared/rules/expansions/river.md, RV-xx): the
// spring as start tile (RV-01), river tiles first and the lake(s) last
// (RV-02), River II's fork right after the spring (RV-08), each river tile
// extending the river (RV-03) without joining branches (RV-09), no U-turn
// (RV-04) and the look-ahead block (RV-05), no figure on the volcano lake and
// a normal tile at once after it (RV-10). The river tiles are catalogue set
// "river": River I is river:1-.., River II river:2-.. (option river_parts).
//
// Readings where the rules text leaves room (RV-04, RV-05, RV-10, RV-11):
// - Flow: the river runs from the spring outwards. A placed river tile's
//   entry is the river side that met the river when it was placed; its other
//   river sides are its exits (open river ends until a tile covers them).
// - Bend (RV-04): only a tile with exactly two river sides bends. Seen along
//   the flow (heading = away from the entry side), the exit is straight on, a
//   right turn (clockwise) or a left turn. The spring, a lake, River II's
//   city end (river:2-02, one river side) and the fork (three river sides:
//   no single bend) have none, so a fork neither causes nor counts for a
//   U-turn, and each branch after it is judged on its own.
// - U-turn (RV-04): the new tile and the tile it attaches to both bend the
//   same way (left-left or right-right).
// - Look-ahead (RV-05): for each exit of the new tile, the cell ahead, the
//   two cells beside that one and the three cells one step further must be
//   empty (JCloisterZone's rule). A tile without exits (lake, city end) has
//   nothing to check.
// - Order (RV-01, RV-02, RV-08, RV-10, RV-11), judged on the tracked bag:
//   while the fork is in the bag only the fork may be drawn; the lakes only
//   when no other river tile (role "river" or the fork) remains; with both
//   parts (one spring, both lakes, RV-11) the volcano lake comes after the
//   River I lake, because RV-10 places it last and the same player then plays
//   a normal tile; a land tile only when no river tile remains. A river tile
//   the player cannot place is discarded as usual (BG-03, RV-12), which also
//   takes it out of the river stack. With an untracked bag the order cannot
//   be judged (the engine does not know what is left), so only the tiles
//   that are never drawn are refused: a spring (the start tile; one spring
//   only, RV-11) and the tiles of a river part not in the game.
// - Volcano (RV-10): no figure of any kind on the lake; the same player then
//   plays a second tile (GameState.extra_tile_earned). A turn has at most one
//   extra tile (the core never gives a third, TB-12): were the lake placed as
//   the second tile of a builder's double turn, no further tile follows. The
//   dragon part needs The Princess & the Dragon, which this build does not
//   have.
// - With the Count of Carcassonne (AMB-13, CO-26, CO-27, option
//   count.river_layout = spring_next_to_city): the city is the start; the
//   spring of the chosen part stays in the bag and is drawn before any other
//   tile. It goes next to the city, touching it on one side, with its river
//   side opposite that side (leading away, CO-27), RV-05 applying to its
//   exit. River tiles that cannot be placed are set aside as usual (CO-26).
#pragma once

#include "engine/expansion_module.h"

namespace carcassonne {

class River : public ExpansionModule {
 public:
  // RV-01: the spring of the chosen river part (River I's for both parts).
  const TileType* StartTile(const RuleSet& rules) const override;
  // RV-01, RV-11: the bag holds the river tiles of the chosen part(s) without
  // any spring, and every base tile (the base start tile included).
  void SetUpGame(GameState& state) const override;
  // RV-01, RV-02, RV-08, RV-10 (order, see above).
  void CheckTileDrawn(const Game& game, const TileType& tile,
                      std::vector<Violation>& violations) const override;
  // RV-03, RV-09, RV-04, RV-05.
  void CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                          std::vector<Violation>& violations) const override;
  // RV-10: the volcano lake gives the same player a normal tile at once.
  void AfterTilePlaced(Game& game) const override;
  // RV-10: no figure on the volcano lake.
  void CheckFigurePlacement(const Game& game, const PlaceFigureAction& action,
                            std::vector<Violation>& violations) const override;
  // The River has no figure of its own. The core lists the followers'
  // placements without asking the modules, so this takes the placements on
  // the volcano lake out of `actions` again (RV-10); the River is the last
  // module, after the ones that list figures.
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  bool ForbidsFiguresOn(const TileType& tile) const override { return tile.volcano; }
};

}  // namespace carcassonne

// Bridges, Castles & Bazaars: bridges (BC-02..BC-09). See bridges.h.
#include "engine/expansions/bridges.h"

#include "engine/game.h"
#include "engine/rules/tile_placement.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

std::string CellName(Position cell) { return Cat("(", cell.x, ", ", cell.y, ")"); }

// The board side where a bridge along `axis` starts (its other end is on the
// opposite side).
Side FirstEnd(BridgeAxis axis) {
  return axis == BridgeAxis::kNorthSouth ? Side::kNorth : Side::kEast;
}

BridgeAxis AxisOf(Side side) {
  return side == Side::kNorth || side == Side::kSouth ? BridgeAxis::kNorthSouth
                                                      : BridgeAxis::kEastWest;
}

std::string_view AxisName(BridgeAxis axis) {
  return axis == BridgeAxis::kNorthSouth ? "north-south" : "east-west";
}

bool MayPlaceBridge(const GameState& state) {
  // BC-02: one left; BC-03: none placed this turn (read in its second part).
  return state.players[state.deciding_player].bridges > 0 &&
         !(state.second_part && state.bridge_placed_this_turn);
}

}  // namespace

const TileType* TypeWithBridge(const TileType& type, Rotation rotation, BridgeAxis axis) {
  return Catalogue::Get().WithBridge(type, CatalogueSide(FirstEnd(axis), rotation));
}

std::optional<BridgeAxis> BridgeOn(const PlacedTile& tile) {
  if (tile.type->bridge_base == nullptr) return std::nullopt;
  // The catalogue side of its north end, where the bridge runs north-south.
  const Side north_in_catalogue = CatalogueSide(Side::kNorth, tile.rotation);
  return (tile.type->bridge_sides & (1u << SideIndex(north_in_catalogue))) != 0
             ? BridgeAxis::kNorthSouth
             : BridgeAxis::kEastWest;
}

int BridgesOwned(const RuleSet& rules, int player_count) {
  if (!rules.bc_bridges || !rules.Has(Expansion::kBridgesCastlesAndBazaars)) return 0;
  return player_count >= 5 ? 2 : 3;  // BC-02
}

std::optional<BridgeSite> FindBridgeSite(const Board& board, const TileType& tile, Position cell,
                                         Rotation rotation, const BridgePlacement& bridge,
                                         std::vector<Violation>* violations) {
  // The sentence is written only when asked for: the listing (BC-05) tries
  // every candidate bridge without one, and most candidates are refused.
  auto refuse = [&](ViolationCode code, auto message, std::string_view rule_id) {
    if (violations != nullptr) {
      violations->push_back({code, message(), bridge.cell, std::nullopt, rule_id});
    }
    return std::nullopt;
  };
  BridgeSite site;
  if (bridge.cell == cell) {
    // BC-03, BC-04: on the tile placed, across two of its field sides.
    site.on_placed_tile = true;
    site.bridged_type = TypeWithBridge(tile, rotation, bridge.axis);
    if (site.bridged_type == nullptr) {
      return refuse(
          ViolationCode::kBridgeNotOverFields,
          [&] {
            return Cat("A bridge ", AxisName(bridge.axis), " on ", tile.id, " at ", CellName(cell),
                       " would not have both ends on field sides of the tile.");
          },
          "BC-04");
    }
    return site;
  }
  // BC-03: on a tile next to the tile placed, one end meeting it.
  std::optional<Side> near_end;
  for (Side side : kAllSides) {
    if (Neighbour(cell, side) == bridge.cell) near_end = side;
  }
  site.tile_index = board.TileIndexAt(bridge.cell);
  if (!near_end || site.tile_index < 0) {
    return refuse(
        ViolationCode::kBridgeMisplaced,
        [&] {
          return Cat("A bridge goes on the tile placed or on a placed tile next to it; ",
                     CellName(bridge.cell), " is neither.");
        },
        "BC-03");
  }
  if (AxisOf(*near_end) != bridge.axis) {
    return refuse(
        ViolationCode::kBridgeMisplaced,
        [&] {
          return Cat("A bridge ", AxisName(bridge.axis), " on the tile at ", CellName(bridge.cell),
                     " would have no end meeting the tile placed at ", CellName(cell), ".");
        },
        "BC-03");
  }
  const BoardTile& neighbour = board.tile(site.tile_index);
  site.bridged_type = TypeWithBridge(neighbour.type(), neighbour.placed.rotation, bridge.axis);
  site.near_end = near_end;
  if (site.bridged_type == nullptr) {
    return refuse(
        ViolationCode::kBridgeNotOverFields,
        [&] {
          return Cat("A bridge ", AxisName(bridge.axis), " on ", neighbour.type().id, " at ",
                     CellName(bridge.cell),
                     neighbour.type().bridge_base != nullptr
                         ? " cannot go there: the tile has a bridge already."
                         : " would not have both ends on field sides of the tile.");
        },
        "BC-04");
  }
  // BC-04 (JCloisterZone): the near end meets a road of the tile placed...
  if (tile.layouts[rotation.quarter_turns % 4].terrain[SideIndex(*near_end)] != Terrain::kRoad) {
    return refuse(
        ViolationCode::kBridgeMisplaced,
        [&] {
          return Cat("The end of the bridge at ", CellName(bridge.cell), " meets the ",
                     LocationName(EdgeLocation(*near_end)), " side of ", tile.id, " at ",
                     CellName(cell), ", which is no road.");
        },
        "BC-04");
  }
  // ... and the far end faces no placed tile.
  const Position beyond = Neighbour(bridge.cell, *near_end);
  if (board.HasTile(beyond)) {
    return refuse(
        ViolationCode::kBridgeMisplaced,
        [&] {
          return Cat("The far end of the bridge at ", CellName(bridge.cell),
                     " faces the placed tile at ", CellName(beyond), ".");
        },
        "BC-04");
  }
  return site;
}

void Bridges::SetUpGame(GameState& state) const {
  const int owned = BridgesOwned(state.rules, static_cast<int>(state.players.size()));
  for (Player& player : state.players) player.bridges = owned;
}

void Bridges::CheckOwnPieces(const GameState& state, const Board& /*board*/,
                             std::vector<Problem>& problems) const {
  const int player_count = static_cast<int>(state.players.size());
  const int owned = BridgesOwned(state.rules, player_count);
  int on_board = 0;
  for (int i = 0; i < static_cast<int>(state.tiles.size()); ++i) {
    const TileType* type = state.tiles[i].type;
    if (type == nullptr || type->bridge_base == nullptr) continue;
    on_board += 1;
    if (owned == 0) {
      problems.push_back(
          {Cat("tiles[", i, "].bridge"), "bridges are only in games with option bc_bridges"});
      return;
    }
  }
  int in_supply = 0;
  for (int i = 0; i < player_count; ++i) {
    const int bridges = state.players[i].bridges;
    if (bridges < 0 || bridges > owned) {
      problems.push_back({Cat("players[", i, "].bridges"),
                          owned == 0 ? std::string("bridges are only in games with option "
                                                   "bc_bridges")
                                     : Cat("a player has 0 to ", owned, " bridges (BC-02)")});
      return;
    }
    in_supply += bridges;
  }
  if (on_board + in_supply > owned * player_count) {
    problems.push_back(
        {"tiles", Cat(on_board, " bridges on the board and ", in_supply,
                      " in the supplies: the players own ", owned * player_count, " (BC-02)")});
  }
  if (owned == 0 && state.bridge_placed_this_turn) {
    problems.push_back(
        {"bridge_placed_this_turn", "bridges are only in games with option bc_bridges"});
  }
}

void Bridges::CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                                 std::vector<Violation>& violations) const {
  if (!action.bridge) return;
  const GameState& state = game.state();
  if (state.players[state.deciding_player].bridges <= 0) {
    violations.push_back({ViolationCode::kNoBridgeLeft, "The player has no bridge left in supply.",
                          action.bridge->cell, std::nullopt, "BC-02"});
    return;
  }
  if (state.second_part && state.bridge_placed_this_turn) {
    violations.push_back({ViolationCode::kBridgeAlreadyPlaced,
                          "A bridge was placed in this turn already: one a turn.",
                          action.bridge->cell, std::nullopt, "BC-03"});
    return;
  }
  FindBridgeSite(game.board(), *action.tile, action.cell, action.rotation, *action.bridge,
                 &violations);
}

bool Bridges::CheckTileSidesWithPieces(const Game& game, const PlaceTileAction& action,
                                       std::vector<Violation>& violations) const {
  if (!action.bridge) return false;
  const std::optional<BridgeSite> site = FindBridgeSite(game.board(), *action.tile, action.cell,
                                                        action.rotation, *action.bridge, nullptr);
  if (!site) return false;  // CheckTilePlacement says why
  // BC-04: the bridge's ends are road sides, which must match.
  violations = site->on_placed_tile
                   ? carcassonne::CheckTilePlacement(game.board(), *site->bridged_type, action.cell,
                                                     action.rotation)
                   : carcassonne::CheckTilePlacement(game.board(), *action.tile, action.cell,
                                                     action.rotation, site->near_end);
  return true;
}

const TileType* Bridges::TypeOnBoard(const Game& game, const PlaceTileAction& action) const {
  if (!action.bridge || !(action.bridge->cell == action.cell)) return nullptr;
  const std::optional<BridgeSite> site = FindBridgeSite(game.board(), *action.tile, action.cell,
                                                        action.rotation, *action.bridge, nullptr);
  return site ? site->bridged_type : nullptr;
}

void Bridges::AddTilePlacements(const Game& game, const TileType& tile,
                                std::vector<TilePlacement>& placements) const {
  // BC-05: each placement with each bridge that may go with it, those legal
  // only thanks to a bridge included. (The abbey shows no field side, AM-03.)
  if (!MayPlaceBridge(game.state()) || tile.abbey) return;
  const Board& board = game.board();
  for (Position cell : board.FrontierCells()) {
    // The bridges that could go with a tile on `cell`: on it either way, or
    // on a tile next to it, crossing towards it.
    std::vector<BridgePlacement> bridges = {{cell, BridgeAxis::kNorthSouth},
                                            {cell, BridgeAxis::kEastWest}};
    for (Side side : kAllSides) {
      if (board.HasTile(Neighbour(cell, side))) {
        bridges.push_back({Neighbour(cell, side), AxisOf(side)});
      }
    }
    for (Rotation rotation : kAllRotations) {
      for (const BridgePlacement& bridge : bridges) {
        PlaceTileAction action{&tile, cell, rotation};
        action.bridge = bridge;
        std::vector<Violation> violations;
        if (CheckTileSidesWithPieces(game, action, violations) && violations.empty()) {
          placements.push_back({cell, rotation, bridge});
        }
      }
    }
  }
}

void Bridges::PlaceWithTile(Game& game, const PlaceTileAction& action) const {
  GameState& state = game.mutable_state();
  if (!state.second_part) state.bridge_placed_this_turn = false;
  if (!action.bridge) return;
  // BC-03, BC-06: the bridge becomes a road segment of its tile. On the tile
  // placed it already is (Game::PlaceTile lays the bridged type, TypeOnBoard);
  // on a tile next to it, that tile takes the bridged type. (The tile placed
  // is on the board now, on no cell the site depends on.)
  if (!(action.bridge->cell == action.cell)) {
    const std::optional<BridgeSite> site = FindBridgeSite(game.board(), *action.tile, action.cell,
                                                          action.rotation, *action.bridge, nullptr);
    if (!site) return;  // (validated: not reached)
    game.SetTileType(site->tile_index, site->bridged_type);
  }
  state.players[state.active_player].bridges -= 1;
  state.bridge_placed_this_turn = true;
}

}  // namespace carcassonne

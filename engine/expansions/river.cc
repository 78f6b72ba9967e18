// The River and The River II: set-up, drawing order, the river's course, the
// volcano lake (RV-01..RV-12; readings in river.h).
#include "engine/expansions/river.h"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include "engine/game.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// Which river box a tile comes from: 1 (river:1-..), 2 (river:2-..), or 0.
int RiverPart(const TileType& tile) {
  if (tile.id.starts_with("river:1-")) return 1;
  if (tile.id.starts_with("river:2-")) return 2;
  return 0;
}

bool PartInPlay(const RuleSet& rules, int part) {
  switch (rules.river_parts) {
    case RiverParts::kRiverOne:
      return part == 1;
    case RiverParts::kRiverTwo:
      return part == 2;
    case RiverParts::kBoth:
      return part == 1 || part == 2;
  }
  return false;
}

// A river tile that may come out of the river stack in this game: a river
// tile of a part in play, not a spring (RV-01, RV-11).
bool InRiverStack(const RuleSet& rules, const TileType& tile) {
  return tile.river_role != RiverRole::kNone && tile.river_role != RiverRole::kSpring &&
         PartInPlay(rules, RiverPart(tile));
}

// AMB-13, CO-27: with the Count the city is the start, and the spring of the
// chosen part (River I's for both parts, as RV-11) is drawn first.
bool SpringDrawnFirst(const RuleSet& rules) { return rules.Has(Expansion::kCountOfCarcassonne); }

const TileType* SpringOf(const RuleSet& rules) {
  return Catalogue::Get().Find(rules.river_parts == RiverParts::kRiverTwo ? "river:2-01"
                                                                          : "river:1-01");
}

bool SpringOnBoard(const Board& board) {
  for (int tile = 0; tile < board.tile_count(); ++tile) {
    if (board.tile(tile).type().river_role == RiverRole::kSpring) return true;
  }
  return false;
}

std::string_view PartName(int part) { return part == 1 ? "River I" : "River II"; }

std::string SideName(Side side) { return std::string(LocationName(EdgeLocation(side))); }

std::string CellName(Position cell) { return Cat("(", cell.x, ", ", cell.y, ")"); }

constexpr SideMask Bit(Side side) { return static_cast<SideMask>(1u << SideIndex(side)); }

// The board sides on which `tile` turned by `rotation` shows river.
SideMask RiverSides(const TileType& tile, Rotation rotation) {
  SideMask mask = 0;
  for (Side side : kAllSides) {
    if (tile.sides[SideIndex(CatalogueSide(side, rotation))] == Terrain::kRiver) mask |= Bit(side);
  }
  return mask;
}

SideMask RiverSides(const BoardTile& tile) {
  SideMask mask = 0;
  for (Side side : kAllSides) {
    if (tile.terrain[SideIndex(side)] == Terrain::kRiver) mask |= Bit(side);
  }
  return mask;
}

// The other side of a two-sided mask.
Side OtherSide(SideMask mask, Side side) {
  const SideMask rest = static_cast<SideMask>(mask & ~Bit(side));
  return SideFromIndex(std::countr_zero(static_cast<unsigned>(rest)));
}

enum class Bend { kStraight, kRight, kLeft };

std::string_view BendName(Bend bend) { return bend == Bend::kRight ? "right" : "left"; }

// RV-04: the bend of a tile the river enters through `entry` and leaves
// through `exit`, seen along the flow. Sides are numbered clockwise, so a
// heading one step clockwise further is a right turn.
Bend BendOf(Side entry, Side exit) {
  const Side heading = Opposite(entry);
  switch ((SideIndex(exit) - SideIndex(heading) + 4) % 4) {
    case 1:
      return Bend::kRight;
    case 3:
      return Bend::kLeft;
    default:
      return Bend::kStraight;
  }
}

// What is left of the river stack in a tracked bag (RV-02).
struct RiverStack {
  int forks = 0;
  int rivers = 0;       // role "river"
  int plain_lakes = 0;  // lakes without a volcano
  int all = 0;
};

RiverStack CountRiverStack(const RuleSet& rules, const TileBag& bag) {
  RiverStack stack;
  for (const TileCount& entry : bag.tiles) {
    if (!InRiverStack(rules, *entry.type)) continue;
    stack.all += entry.count;
    if (entry.type->river_role == RiverRole::kFork) stack.forks += entry.count;
    if (entry.type->river_role == RiverRole::kRiver) stack.rivers += entry.count;
    if (entry.type->river_role == RiverRole::kLake && !entry.type->volcano) {
      stack.plain_lakes += entry.count;
    }
  }
  return stack;
}

// RV-05: the cells ahead of each open river end of the new tile are empty.
void CheckLookahead(const Game& game, const TileType& tile, const PlaceTileAction& action,
                    SideMask exits, std::vector<Violation>& violations) {
  const Board& board = game.board();
  const Position cell = action.cell;
  if (game.state().rules.river_lookahead_block) {
    for (Side exit : kAllSides) {
      if ((exits & Bit(exit)) == 0) continue;
      const Side left = SideFromIndex(SideIndex(exit) - 1);
      const Side right = SideFromIndex(SideIndex(exit) + 1);
      const Position ahead = Neighbour(cell, exit);
      const Position further = Neighbour(ahead, exit);
      const std::array<Position, 6> watched = {
          ahead,   Neighbour(ahead, left),   Neighbour(ahead, right),
          further, Neighbour(further, left), Neighbour(further, right)};
      for (Position watched_cell : watched) {
        if (!board.HasTile(watched_cell)) continue;
        violations.push_back({ViolationCode::kRiverUTurn,
                              Cat("The river must have room ahead: the open river end on the ",
                                  SideName(exit), " side of ", tile.id, " at ", CellName(cell),
                                  " turned ", action.rotation.degrees(), "° points at the tile at ",
                                  CellName(watched_cell), "."),
                              cell, std::nullopt, "RV-05"});
        break;
      }
    }
  }
}

}  // namespace

const TileType* River::StartTile(const RuleSet& rules) const {
  // RV-01: the spring is the start tile; RV-11: one spring for both parts.
  return Catalogue::Get().Find(rules.river_parts == RiverParts::kRiverTwo ? "river:2-01"
                                                                          : "river:1-01");
}

void River::SetUpGame(GameState& state) const {
  // RV-01, RV-11: the river stack is the chosen part(s) without a spring (the
  // core took the start spring out; with both parts the second spring goes
  // too, both lakes stay). The base start tile goes into the normal stack:
  // the core kept every base:D since the spring is the start tile.
  if (!state.bag) return;
  // AMB-13, CO-27: with the Count the spring stays in the bag, drawn first.
  const TileType* spring = SpringDrawnFirst(state.rules) ? SpringOf(state.rules) : nullptr;
  std::erase_if(state.bag->tiles, [&](const TileCount& entry) {
    return entry.type->river_role != RiverRole::kNone && entry.type != spring &&
           !InRiverStack(state.rules, *entry.type);
  });
}

void River::CheckTileDrawn(const Game& game, const TileType& tile,
                           std::vector<Violation>& violations) const {
  const GameState& state = game.state();
  // A tile the tracked bag does not hold: the core says so (BG-01).
  if (state.bag && state.bag->CountOf(&tile) == 0) return;
  if (tile.river_role != RiverRole::kNone) {
    const int part = RiverPart(tile);
    if (!PartInPlay(state.rules, part)) {
      violations.push_back({ViolationCode::kTileNotInBag,
                            Cat("The tile ", tile.id, " belongs to ", PartName(part),
                                ", which is not laid in this game."),
                            std::nullopt, std::nullopt, "RV-01"});
      return;
    }
    if (tile.river_role == RiverRole::kSpring && SpringDrawnFirst(state.rules) &&
        &tile == SpringOf(state.rules)) {
      // AMB-13, CO-27: the spring is drawn first, once.
      if (SpringOnBoard(game.board())) {
        violations.push_back({ViolationCode::kRiverTilesFirst,
                              Cat("The spring ", tile.id, " is already on the board."),
                              std::nullopt, std::nullopt, "RV-11"});
      }
      return;
    }
    if (tile.river_role == RiverRole::kSpring) {
      violations.push_back(
          {ViolationCode::kRiverTilesFirst,
           Cat("The spring ", tile.id,
               " is the start tile and a game has one spring only; it is never drawn."),
           std::nullopt, std::nullopt,
           state.rules.river_parts == RiverParts::kBoth && part == 2 ? "RV-11" : "RV-01"});
      return;
    }
  }
  // Untracked bag: what is left of the river stack is unknown (see river.h).
  if (!state.bag) return;
  // AMB-13, CO-27: with the Count, the spring before any other tile.
  if (SpringDrawnFirst(state.rules) && state.bag->CountOf(SpringOf(state.rules)) > 0) {
    violations.push_back(
        {ViolationCode::kRiverTilesFirst,
         Cat("With the Count the spring ", SpringOf(state.rules)->id,
             " is placed first, next to the city: ", tile.id, " cannot be drawn yet."),
         std::nullopt, std::nullopt, "CO-27"});
    return;
  }
  const RiverStack stack = CountRiverStack(state.rules, *state.bag);
  switch (tile.river_role) {
    case RiverRole::kNone:
      if (stack.all > 0) {
        violations.push_back({ViolationCode::kRiverTilesFirst,
                              Cat("River tiles are drawn before the normal stack: ", stack.all,
                                  stack.all == 1 ? " river tile is" : " river tiles are",
                                  " still in the bag, so ", tile.id, " cannot be drawn yet."),
                              std::nullopt, std::nullopt, "RV-02"});
      }
      break;
    case RiverRole::kFork:
      break;
    case RiverRole::kRiver:
    case RiverRole::kLake:
    case RiverRole::kSpring:
      if (stack.forks > 0) {
        violations.push_back({ViolationCode::kRiverTilesFirst,
                              Cat("The fork is placed right after the spring: it is still in "
                                  "the bag, so ",
                                  tile.id, " cannot be drawn yet."),
                              std::nullopt, std::nullopt, "RV-08"});
      } else if (tile.river_role == RiverRole::kLake && stack.rivers > 0) {
        violations.push_back(
            {ViolationCode::kRiverTilesFirst,
             Cat("The lake ", tile.id, " is the last river tile: ", stack.rivers,
                 stack.rivers == 1 ? " other river tile is" : " other river tiles are",
                 " still in the bag."),
             std::nullopt, std::nullopt, "RV-01"});
      } else if (tile.volcano && stack.plain_lakes > 0) {
        violations.push_back({ViolationCode::kRiverTilesFirst,
                              Cat("The volcano lake ", tile.id,
                                  " is placed last: the other lake is still in the bag."),
                              std::nullopt, std::nullopt, "RV-10"});
      }
      break;
  }
}

void River::CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                               std::vector<Violation>& violations) const {
  const TileType& tile = *action.tile;
  if (tile.river_role == RiverRole::kNone) return;  // BG-02 keeps land off open river ends
  const Board& board = game.board();
  const Position cell = action.cell;
  if (board.HasTile(cell)) return;  // BG-02 says so
  const SideMask river = RiverSides(tile, action.rotation);

  if (tile.river_role == RiverRole::kSpring && SpringDrawnFirst(game.state().rules)) {
    // AMB-13, CO-27: the spring goes next to the City of Carcassonne, the
    // river leading away from it: its river side is opposite the side that
    // touches the city.
    int touching = 0;
    Side city_side = Side::kNorth;
    for (Side side : kAllSides) {
      const int neighbour = board.TileIndexAt(Neighbour(cell, side));
      if (neighbour >= 0 && board.tile(neighbour).type().city_layout) {
        ++touching;
        city_side = side;
      }
    }
    if (touching != 1 || river != Bit(Opposite(city_side))) {
      violations.push_back(
          {ViolationCode::kRiverNotExtended,
           Cat("The spring goes next to the City of Carcassonne with the river leading away from "
               "it: ",
               tile.id, " at ", CellName(cell), " turned ", action.rotation.degrees(),
               "° does not."),
           cell, std::nullopt, "CO-27"});
      return;
    }
    CheckLookahead(game, tile, action, river, violations);
    return;
  }

  // RV-03, RV-09: exactly one river side meets the river.
  int meeting = 0;
  Side entry = Side::kNorth;
  for (Side side : kAllSides) {
    if ((river & Bit(side)) == 0) continue;
    const int neighbour = board.TileIndexAt(Neighbour(cell, side));
    if (neighbour >= 0 &&
        board.tile(neighbour).terrain[SideIndex(Opposite(side))] == Terrain::kRiver) {
      ++meeting;
      entry = side;
    }
  }
  if (meeting == 0) {
    violations.push_back({ViolationCode::kRiverNotExtended,
                          Cat("A river tile must extend the river: no river side of ", tile.id,
                              " at ", CellName(cell), " meets an open end of the river."),
                          cell, std::nullopt, "RV-03"});
    return;
  }
  if (meeting > 1) {
    violations.push_back({ViolationCode::kRiverNotExtended,
                          Cat("The river may not join itself: ", tile.id, " at ", CellName(cell),
                              " would meet ", meeting, " open river ends."),
                          cell, std::nullopt, "RV-09"});
    return;
  }
  const SideMask exits = static_cast<SideMask>(river & ~Bit(entry));

  // RV-04: no two bends in a row in the same direction.
  if (game.state().rules.river_u_turn_rule && std::popcount(static_cast<unsigned>(river)) == 2) {
    const Side exit = OtherSide(river, entry);
    const Bend bend = BendOf(entry, exit);
    const Position before_cell = Neighbour(cell, entry);
    const BoardTile& before = board.tile(board.TileIndexAt(before_cell));
    const SideMask before_river = RiverSides(before);
    if (bend != Bend::kStraight && std::popcount(static_cast<unsigned>(before_river)) == 2) {
      // The tile before leaves the river towards the new tile; it entered
      // through its other river side.
      const Side before_exit = Opposite(entry);
      const Bend before_bend = BendOf(OtherSide(before_river, before_exit), before_exit);
      if (before_bend == bend) {
        violations.push_back(
            {ViolationCode::kRiverUTurn,
             Cat("No U-turn: the river bends ", BendName(bend), " on the tile at ",
                 CellName(before_cell), ", and ", tile.id, " at ", CellName(cell), " turned ",
                 action.rotation.degrees(), "° would bend ", BendName(bend), " again."),
             cell, std::nullopt, "RV-04"});
      }
    }
  }

  CheckLookahead(game, tile, action, exits, violations);
}

void River::AfterTilePlaced(Game& game) const {
  // RV-10: after the volcano lake the same player plays a normal tile at once
  // (never a third tile in one turn, see river.h).
  GameState& state = game.mutable_state();
  if (state.second_part) return;
  const Board& board = game.board();
  if (board.tile(board.tile_count() - 1).type().volcano) state.extra_tile_earned = true;
}

void River::CheckFigurePlacement(const Game& game, const PlaceFigureAction& action,
                                 std::vector<Violation>& violations) const {
  const Board& board = game.board();
  const BoardTile& placed = board.tile(board.tile_count() - 1);
  if (!placed.type().volcano || !(action.segment.cell == placed.cell())) return;
  violations.push_back({ViolationCode::kFigureNotAllowed,
                        Cat("No figure may be placed on the volcano lake ", placed.type().id,
                            " at ", CellName(placed.cell()), "."),
                        action.segment.cell, action.segment.segment_index, "RV-10"});
}

void River::ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const {
  const Board& board = game.board();
  const BoardTile& placed = board.tile(board.tile_count() - 1);
  if (!placed.type().volcano) return;
  std::erase_if(actions, [&](const Action& action) {
    const auto* figure = std::get_if<PlaceFigureAction>(&action);
    return figure != nullptr && figure->segment.cell == placed.cell();
  });
}

}  // namespace carcassonne

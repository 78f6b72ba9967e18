// The Cult: shrines, the placement limit and the challenge (see cult.h).
#include "engine/expansions/cult.h"

#include <algorithm>
#include <string>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/rules/scoring.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// A shrine or a monastery on the board (a monastery segment; CU-02).
struct Building {
  int tile_index = 0;
  int segment_index = 0;
};

std::string_view BuildingName(bool shrine) { return shrine ? "shrine" : "monastery"; }

std::string CellName(Position cell) { return Cat("(", cell.x, ", ", cell.y, ")"); }

// The shrines (`shrine`) or the monasteries (!`shrine`) on the 8 cells around
// `cell` (CU-03: "neighbours").
std::vector<Building> BuildingsAround(const Board& board, Position cell, bool shrine) {
  std::vector<Building> buildings;
  for (Position around : Surrounding(cell)) {
    const int tile_index = board.TileIndexAt(around);
    if (tile_index < 0) continue;
    const auto& segments = board.tile(tile_index).type().segments;
    for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
      if (segments[i].kind == SegmentKind::kMonastery && segments[i].shrine == shrine) {
        buildings.push_back({tile_index, i});
      }
    }
  }
  return buildings;
}

std::string Cells(const Board& board, const std::vector<Building>& buildings) {
  std::string cells;
  for (const Building& building : buildings) {
    if (!cells.empty()) cells += " and ";
    cells += CellName(board.tile(building.tile_index).cell());
  }
  return cells;
}

// CU-10: whether the completed building at `address` held followers, i.e.
// its completion was scored: the event Game::Score just added.
bool ScoredOnCompletion(const std::vector<ScoreEvent>& events, const SegmentAddress& address) {
  return std::any_of(events.rbegin(), events.rend(), [&](const ScoreEvent& event) {
    return event.trigger == ScoringTrigger::kCompleted &&
           event.feature_kind == FeatureKind::kMonastery && !event.segments.empty() &&
           event.segments.front() == address;
  });
}

}  // namespace

bool InCultTileSet(const RuleSet& rules, const TileType& tile) {
  return tile.set != "cult" || rules.cult_tiles == CultTiles::kRioGrandeSix ||
         tile.heretics_and_shrines_count > 0;
}

void Cult::SetUpGame(GameState& state) const {
  // CU-01: Heretics and Shrines has no cult:6.
  if (!state.bag) return;
  std::erase_if(state.bag->tiles, [&](const TileCount& entry) {
    return entry.type != nullptr && !InCultTileSet(state.rules, *entry.type);
  });
}

void Cult::CheckTileDrawn(const Game& game, const TileType& tile,
                          std::vector<Violation>& violations) const {
  if (InCultTileSet(game.state().rules, tile)) return;
  violations.push_back({ViolationCode::kTileNotInBag,
                        Cat("The tile ", tile.id,
                            " is not one of the 5 tiles of Heretics and Shrines (option "
                            "cult.tile_set)."),
                        std::nullopt, std::nullopt, "CU-01"});
}

void Cult::CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                              std::vector<Violation>& violations) const {
  const Board& board = game.board();
  for (const SegmentType& segment : action.tile->segments) {
    if (segment.kind != SegmentKind::kMonastery) continue;
    const bool shrine = segment.shrine;
    const std::vector<Building> others = BuildingsAround(board, action.cell, !shrine);
    // CU-03: a shrine next to at most one monastery, and the reverse.
    if (others.size() > 1) {
      violations.push_back(
          {ViolationCode::kShrineMonasteryNeighbours,
           Cat("A ", BuildingName(shrine), " may neighbour at most one ", BuildingName(!shrine),
               "; at ", CellName(action.cell), " it would neighbour ", others.size(), ": at ",
               Cells(board, others), "."),
           action.cell, std::nullopt, "CU-03"});
    }
    // CU-04: nor may it give one of them a second neighbour of its kind.
    for (const Building& other : others) {
      const Position other_cell = board.tile(other.tile_index).cell();
      const std::vector<Building> partners = BuildingsAround(board, other_cell, shrine);
      if (partners.empty()) continue;
      violations.push_back({ViolationCode::kShrineMonasteryNeighbours,
                            Cat("The ", BuildingName(!shrine), " at ", CellName(other_cell),
                                " already neighbours the ", BuildingName(shrine), " at ",
                                Cells(board, partners), "; a ", BuildingName(shrine), " at ",
                                CellName(action.cell), " would be its second."),
                            action.cell, std::nullopt, "CU-04"});
    }
  }
}

void Cult::AfterFeatureCompleted(Game& game, int feature, std::vector<ScoreEvent>& events) const {
  const Board& board = game.board();
  const int root = board.FeatureOf(feature);
  if (board.Feature(root).kind != SegmentKind::kMonastery) return;
  const SegmentAddress completed = board.AddressOf(root);
  const bool shrine = board.SegmentTypeOf(root).shrine;
  // CU-10: an empty building challenges nobody.
  if (!ScoredOnCompletion(events, completed)) return;
  for (const Building& other : BuildingsAround(board, completed.cell, !shrine)) {
    const int loser = board.FeatureOf(board.SegmentId(other.tile_index, other.segment_index));
    // CU-08: completed by the same tile, it scores too; completed earlier, it
    // was scored and emptied then.
    if (IsComplete(board, loser)) continue;
    // CU-07, CU-11: every follower on it goes back; CU-10: none, no challenge.
    std::vector<Figure> followers;
    for (const Figure& figure : game.state().figures) {
      if (!IsFollower(figure.kind)) continue;
      const int segment = board.SegmentId(figure.segment);
      if (segment >= 0 && board.FeatureOf(segment) == loser) followers.push_back(figure);
    }
    if (followers.empty()) continue;
    // CU-13: a removal worth 0 points, not a scoring.
    ScoreEvent event;
    event.feature_kind = FeatureKind::kMonastery;
    event.trigger = ScoringTrigger::kLostChallenge;
    event.complete = false;
    const Position cell = board.tile(other.tile_index).cell();
    event.tiles.push_back(cell);
    for (Position around : Surrounding(cell)) {
      if (board.HasTile(around)) event.tiles.push_back(around);
    }
    event.segments.push_back({cell, other.segment_index});
    const int count = static_cast<int>(followers.size());
    event.line_items.push_back(
        {Cat("the ", BuildingName(!shrine), " lost the challenge to the ", BuildingName(shrine),
             " completed at ", CellName(completed.cell), ": ", count,
             count == 1 ? " follower goes" : " followers go", " back with no points"),
         count, 0, 0, "CU-07"});
    event.returned_figures = followers;
    for (const Figure& figure : followers) game.ReturnFigure(figure);
    events.push_back(std::move(event));
  }
}

void CheckCult(const GameState& state, const Board& board, std::vector<Problem>& problems) {
  if (!state.rules.Has(Expansion::kCult)) return;
  for (int i = 0; i < static_cast<int>(state.tiles.size()); ++i) {
    const PlacedTile& tile = state.tiles[i];
    if (tile.type == nullptr) continue;
    if (!InCultTileSet(state.rules, *tile.type)) {
      problems.push_back({Cat("tiles[", i, "].tile_type"),
                          "this tile is not in Heretics and Shrines (cult.tile_set, CU-01)"});
      continue;
    }
    const int tile_index = board.TileIndexAt(tile.cell);
    if (tile_index < 0 || board.tile(tile_index).placed.type != tile.type) continue;
    for (const SegmentType& segment : tile.type->segments) {
      if (segment.kind != SegmentKind::kMonastery) continue;
      const std::vector<Building> others = BuildingsAround(board, tile.cell, !segment.shrine);
      if (others.size() > 1) {
        problems.push_back({Cat("tiles[", i, "]"),
                            Cat("this ", BuildingName(segment.shrine), " neighbours ",
                                others.size(), " ", BuildingName(!segment.shrine),
                                "s; each shrine-monastery pair is one-to-one (CU-03, CU-04)")});
      }
    }
  }
  if (!state.bag) return;
  for (int i = 0; i < static_cast<int>(state.bag->tiles.size()); ++i) {
    const TileCount& entry = state.bag->tiles[i];
    if (entry.type != nullptr && entry.count > 0 && !InCultTileSet(state.rules, *entry.type)) {
      problems.push_back({Cat("bag.tiles[", i, "].tile_type"),
                          "this tile is not in Heretics and Shrines (cult.tile_set, CU-01)"});
    }
  }
}

// ----- The snapshot check (expansion_module.h) -----

void Cult::CheckPiecesTogether(const GameState& state, const Board& board,
                               std::vector<Problem>& problems) const {
  CheckCult(state, board, problems);
}

}  // namespace carcassonne

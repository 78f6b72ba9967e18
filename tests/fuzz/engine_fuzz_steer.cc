// The steer of fuzz_engine_games towards the magic figures set aside (MW-08)
// and the final abbey round (AM-07); see engine_fuzz_steer.h.
#include "tests/fuzz/engine_fuzz_steer.h"

#include <algorithm>
#include <climits>
#include <set>
#include <variant>

#include "tests/fuzz/engine_fuzz_pick.h"

namespace carcassonne::fuzz {
namespace {

bool IsCircus(const TileType& tile) {
  return std::any_of(tile.segments.begin(), tile.segments.end(), [](const SegmentType& segment) {
    return segment.kind == SegmentKind::kCircusSpace;
  });
}

// The feature a magic figure stands in, or -1 (beside the board).
int MagicFeature(const Board& board, const std::optional<SegmentAddress>& where) {
  if (!where) return -1;
  const int segment = board.SegmentId(*where);
  return segment < 0 ? -1 : board.FeatureOf(segment);
}

// How far `game` is from a set-aside (lower is nearer): the unfinished roads
// and cities with no magic figure in them (MW-05: where a figure could go),
// and 2 for each magic figure beside the board (MW-08 needs one on it).
int Distance(const Game& game) {
  const Board& board = game.board();
  const GameState& state = game.state();
  const int mage = MagicFeature(board, state.mage);
  const int witch = MagicFeature(board, state.witch);
  std::set<int> open;
  for (int tile = 0; tile < board.tile_count(); ++tile) {
    const auto& segments = board.tile(tile).type().segments;
    for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
      if (segments[i].kind != SegmentKind::kRoad && segments[i].kind != SegmentKind::kCity) {
        continue;
      }
      const int feature = board.FeatureOf(board.SegmentId(tile, i));
      if (board.Feature(feature).open_edges == 0 || feature == mage || feature == witch) continue;
      open.insert(feature);
    }
  }
  return static_cast<int>(open.size()) + (state.mage ? 0 : 2) + (state.witch ? 0 : 2);
}

// Whether the engine lists a set-aside (MW-08) in `game`.
bool ListsSetAside(const Game& game) {
  if (game.state().phase != Phase::kPlaceMagicFigure) return false;
  const std::vector<Action> actions = game.ListLegalActions(nullptr).actions;
  return std::any_of(actions.begin(), actions.end(), [](const Action& action) {
    return std::holds_alternative<SetAsideMagicFigureAction>(action);
  });
}

}  // namespace

bool SteerTowardsMagicSetAside(const Game& game, const std::vector<const ExpansionModule*>& modules,
                               FuzzedDataProvider& input, int& budget, TileChance& chance) {
  const GameState& state = game.state();
  if (!state.rules.Has(Expansion::kMageAndWitch) || state.phase != Phase::kPlaceTile ||
      static_cast<int>(state.tiles.size()) >= kSteeredTiles ||
      game.TileInsteadOfDraw() != nullptr || budget <= 0) {
    return false;
  }
  std::vector<const TileType*> candidates;
  std::vector<const TileType*> magic;
  for (const TileType* type : DrawableTypes(game, modules)) {
    if (type->hill || IsCircus(*type)) continue;
    candidates.push_back(type);
    if (type->magic_symbol) magic.push_back(type);
  }
  // A magic figure beside the board: a magic tile brings it on (MW-04).
  if ((!state.mage || !state.witch) && !magic.empty()) candidates = magic;
  int best = INT_MAX;
  std::vector<PlaceTileAction> chosen;
  for (const TileType* type : candidates) {
    for (const Action& action : game.ListLegalActions(type).actions) {
      const auto* place = std::get_if<PlaceTileAction>(&action);
      if (place == nullptr || place->tile->abbey) continue;
      if (budget-- <= 0) break;
      Game after = game;
      after.Apply(action);
      const int distance = ListsSetAside(after) ? -1 : Distance(after);
      if (distance < best) {
        best = distance;
        chosen.clear();
      }
      if (distance == best) chosen.push_back(*place);
    }
  }
  if (chosen.empty()) return false;
  const PlaceTileAction& place = PickFrom(input, chosen);
  chance = TileChance{};
  chance.drawn = place.tile;
  chance.steered = place;
  return true;
}

void DrawACopyLeft(const Game& game, const std::vector<const ExpansionModule*>& modules,
                   FuzzedDataProvider& input, TileChance& chance) {
  const GameState& state = game.state();
  if (state.bag || state.phase != Phase::kPlaceTile || game.TileInsteadOfDraw() != nullptr) return;
  for (int tries = 0;
       tries < kCopyLeftTries && chance.drawn != nullptr && !chance.wrong &&
       game.ListLegalActions(chance.drawn, chance.hidden, chance.animal).actions.empty();
       ++tries) {
    chance = DrawForTilePhase(game, modules, input);
  }
}

bool HoldAbbeys(std::vector<Action>& actions) {
  auto is_abbey = [](const Action& action) {
    const auto* place = std::get_if<PlaceTileAction>(&action);
    return place != nullptr && place->tile->abbey;
  };
  const bool listed = std::any_of(actions.begin(), actions.end(), is_abbey);
  if (!std::all_of(actions.begin(), actions.end(), is_abbey)) std::erase_if(actions, is_abbey);
  return listed;
}

}  // namespace carcassonne::fuzz

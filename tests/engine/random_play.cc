// The tests' random-game driver (see random_play.h).
#include "tests/engine/random_play.h"

#include <algorithm>
#include <variant>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

const TileType* HiddenUnder(const Game& game, const TileType& drawn) {
  if (!drawn.hill) return nullptr;
  for (const TileCount& entry : game.state().bag->tiles) {
    if (entry.count > (entry.type == &drawn ? 1 : 0)) return entry.type;
  }
  return nullptr;
}

std::optional<Animal> AnimalFor(const Game& game, const TileType* drawn) {
  if (drawn == nullptr ||
      std::none_of(drawn->segments.begin(), drawn->segments.end(), [](const SegmentType& segment) {
        return segment.kind == SegmentKind::kCircusSpace;
      })) {
    return std::nullopt;
  }
  for (int animal = 0; animal < kAnimalCount; ++animal) {
    if (game.state().big_top.supply[animal] > 0) return static_cast<Animal>(animal);
  }
  return std::nullopt;
}

const TileType* RandomPlay::Draw(const Game& game) {
  if (game.state().phase != Phase::kPlaceTile || drawn_ != nullptr) return drawn_;
  // BC-21: a tile obtained in a bazaar instead of a draw.
  if (const TileType* held = game.TileInsteadOfDraw()) return drawn_ = held;
  std::vector<const TileType*> types;
  for (const TileCount& entry : game.state().bag->tiles) {
    if (entry.count > 0) types.push_back(entry.type);
  }
  std::shuffle(types.begin(), types.end(), random_);
  for (const TileType* type : types) {
    if (!game.ListLegalActions(type, HiddenUnder(game, *type), AnimalFor(game, type))
             .actions.empty()) {
      return drawn_ = type;
    }
  }
  return nullptr;
}

LegalActions RandomPlay::List(const Game& game) const {
  const TileType* hidden =
      drawn_ != nullptr && game.state().bag ? HiddenUnder(game, *drawn_) : nullptr;
  LegalActions legal = game.ListLegalActions(drawn_, hidden, AnimalFor(game, drawn_));
  if (game.state().phase != Phase::kBazaarDraw) return legal;
  // BC-19: the bag's first tiles that may be drawn now, one per player.
  DrawBazaarTilesAction draw;
  for (const TileCount& entry : game.state().bag->tiles) {
    std::vector<Violation> not_drawable;
    for (const ExpansionModule* module : ModulesFor(game.state().rules)) {
      module->CheckTileDrawn(game, *entry.type, not_drawable);
    }
    if (!not_drawable.empty()) continue;
    for (int i = 0; i < entry.count && draw.tiles.size() < game.state().players.size(); ++i) {
      draw.tiles.push_back(entry.type);
    }
  }
  legal.actions = {draw};
  return legal;
}

Action RandomPlay::Choose(const LegalActions& legal) {
  std::uniform_int_distribution<size_t> pick(0, legal.actions.size() - 1);
  return legal.actions[pick(random_)];
}

void RandomPlay::Played(const Action& action) {
  if (!std::holds_alternative<PlaceTileAction>(action)) drawn_ = nullptr;
}

}  // namespace carcassonne

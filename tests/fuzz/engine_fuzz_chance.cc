// The caller's chance in fuzz_engine_games (engine_fuzz_actions.h): the
// drawn tile, the tile under a hill, the animal token, the bazaar's tiles and
// the sheep tokens.
#include <utility>

#include "engine/referee.h"
#include "tests/fuzz/engine_fuzz_actions.h"
#include "tests/fuzz/engine_fuzz_pick.h"

namespace carcassonne::fuzz {
namespace {

// Out of 256: how often a chance of the tile phase is left out or wrong.
constexpr int kWrongChance = 12;

bool IsCircus(const TileType& tile) {
  for (const SegmentType& segment : tile.segments) {
    if (segment.kind == SegmentKind::kCircusSpace) return true;
  }
  return false;
}

// Every tile type of a set in play (abbeys aside: they are held, AM-01).
std::vector<const TileType*> TypesInPlay(const GameState& state) {
  std::vector<const TileType*> types;
  const Catalogue& catalogue = Catalogue::Get();
  for (int rank = 0; rank < catalogue.type_count(); ++rank) {
    const TileType& type = catalogue.TypeAt(rank);
    if (TileSetInPlay(state.rules, type.set) && !type.abbey &&
        CopiesInGame(state.rules, type) > 0) {
      types.push_back(&type);
    }
  }
  return types;
}

// A tile of the bag, each copy equally likely, one copy of `less_type` left
// out (the drawn tile's own); nullptr when none is left.
const TileType* FromBag(const TileBag& bag, FuzzedDataProvider& input,
                        const TileType* less_type = nullptr) {
  int total = 0;
  for (const TileCount& entry : bag.tiles) total += entry.count - (entry.type == less_type);
  if (total <= 0) return nullptr;
  int index = input.ConsumeIntegralInRange<int>(0, total - 1);
  for (const TileCount& entry : bag.tiles) {
    const int count = entry.count - (entry.type == less_type);
    if (index < count) return entry.type;
    index -= count;
  }
  return nullptr;
}

}  // namespace

bool Drawable(const Game& game, const std::vector<const ExpansionModule*>& modules,
              const TileType& tile) {
  std::vector<Violation> violations;
  for (const ExpansionModule* module : modules) module->CheckTileDrawn(game, tile, violations);
  return violations.empty();
}

std::vector<const TileType*> DrawableTypes(const Game& game,
                                           const std::vector<const ExpansionModule*>& modules) {
  const GameState& state = game.state();
  std::vector<const TileType*> drawable;
  if (state.bag) {
    for (const TileCount& entry : state.bag->tiles) {
      if (entry.count > 0 && Drawable(game, modules, *entry.type)) drawable.push_back(entry.type);
    }
  } else {
    for (const TileType* type : TypesInPlay(state)) {
      if (Drawable(game, modules, *type)) drawable.push_back(type);
    }
  }
  return drawable;
}

TileChance DrawForTilePhase(const Game& game, const std::vector<const ExpansionModule*>& modules,
                            FuzzedDataProvider& input) {
  const GameState& state = game.state();
  TileChance chance;
  // BC-21: a tile obtained in a bazaar is placed instead of a draw.
  chance.drawn = game.TileInsteadOfDraw();
  if (chance.drawn == nullptr) {
    const std::vector<const TileType*> drawable = DrawableTypes(game, modules);
    if (drawable.empty()) return chance;
    chance.drawn = PickFrom(input, drawable);
  }
  // HS-03, HS-04: a tile of the bag goes under a hill (none when the bag is
  // then empty; a bazaar tile held came from no bag); without a tracked bag,
  // a type of a set in play.
  if (chance.drawn->hill) {
    if (state.bag) {
      const bool from_bag = chance.drawn != game.TileInsteadOfDraw();
      chance.hidden = FromBag(*state.bag, input, from_bag ? chance.drawn : nullptr);
    } else {
      chance.hidden = PickFrom(input, TypesInPlay(state));
    }
  }
  // BT-04, BT-05: a token of the face-down supply with a circus tile.
  if (IsCircus(*chance.drawn)) {
    const auto& supply = state.big_top.supply;
    int total = 0;
    for (int count : supply) total += count;
    if (total > 0) {
      int index = input.ConsumeIntegralInRange<int>(0, total - 1);
      for (int animal = 0; animal < kAnimalCount; ++animal) {
        if (index < supply[animal]) {
          chance.animal = static_cast<Animal>(animal);
          break;
        }
        index -= supply[animal];
      }
    }
  }
  // Now and then a wrong chance (within what the service lets through,
  // CheckDrawnTile): the engine must refuse what it makes illegal.
  if (Rarely(input, kWrongChance)) {
    TileChance wrong = chance;
    if (input.ConsumeBool()) {
      wrong.hidden = input.ConsumeBool() ? nullptr : AnyTileType(input);
    } else {
      wrong.animal = SomeAnimal(input);
    }
    if (CheckDrawnTile(state, wrong.drawn, wrong.hidden, wrong.animal).empty()) {
      wrong.wrong = wrong.hidden != chance.hidden || wrong.animal != chance.animal;
      chance = wrong;
    }
  }
  return chance;
}

DrawBazaarTilesAction DrawBazaarTiles(const Game& game,
                                      const std::vector<const ExpansionModule*>& modules,
                                      FuzzedDataProvider& input) {
  const GameState& state = game.state();
  DrawBazaarTilesAction draw;
  if (state.bag) {
    TileBag bag = *state.bag;
    std::erase_if(bag.tiles,
                  [&](const TileCount& entry) { return !Drawable(game, modules, *entry.type); });
    for (size_t i = 0; i < state.players.size(); ++i) {
      const TileType* tile = FromBag(bag, input);
      if (tile == nullptr) break;
      draw.tiles.push_back(tile);
      bag.Remove(tile);
    }
    return draw;
  }
  std::vector<const TileType*> types = TypesInPlay(state);
  std::erase_if(types, [&](const TileType* type) { return !Drawable(game, modules, *type); });
  for (size_t i = 0; i < state.players.size() && !types.empty(); ++i) {
    draw.tiles.push_back(PickFrom(input, types));
  }
  return draw;
}

namespace {

SheepToken* TokenOf(Action& action) {
  if (auto* shepherd = std::get_if<PlaceShepherdAction>(&action)) return &shepherd->token;
  if (auto* grow = std::get_if<GrowFlockAction>(&action)) return &grow->token;
  return nullptr;
}

}  // namespace

void DrawSheepToken(const Game& game, Action& action, FuzzedDataProvider& input) {
  if (TokenOf(action) == nullptr) return;
  std::vector<SheepToken> in_bag;
  for (int kind = 0; kind < kSheepTokenKinds; ++kind) {
    const auto candidate = static_cast<SheepToken>(kind);
    if (game.state().sheep_bag) {
      if (game.state().sheep_bag->tokens[kind] > 0) in_bag.push_back(candidate);
      continue;
    }
    // Without a tracked bag the set bounds the draw (HS-01): ask the engine.
    Action trial = action;
    *TokenOf(trial) = candidate;
    if (game.Validate(trial).legal()) in_bag.push_back(candidate);
  }
  if (!in_bag.empty()) *TokenOf(action) = PickFrom(input, in_bag);
}

}  // namespace carcassonne::fuzz

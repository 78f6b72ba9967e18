// What fuzz_engine_games plays at each step, chosen by the input
// (engine_fuzzer.cc): the caller's chance (the drawn tile, the tile under a
// hill, the animal token, the sheep token, the bazaar's tiles), and the
// actions that are not the engine's listed ones: a listed action mutated
// into a near miss (another seat, segment, cell, kind, token, bid, lot ...),
// and an action of any of the 29 kinds with arbitrary fields. Either may be
// legal or not; the engine must judge it without crashing.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <optional>
#include <vector>

#include "engine/expansion_module.h"
#include "engine/game.h"

namespace carcassonne::fuzz {

// The chance of the tile phase: the tile drawn (or held from a bazaar,
// BC-21), the tile laid under it when it is a hill (HS-03), the animal token
// drawn with it when it is a circus tile (BT-04).
struct TileChance {
  const TileType* drawn = nullptr;
  const TileType* hidden = nullptr;
  std::optional<Animal> animal;
  // The hidden tile or the animal was made wrong on purpose: the engine may
  // list nothing for it (it is drawn again at the next step).
  bool wrong = false;
  // The listed placement of `drawn` the steer chose (engine_fuzz_steer.h),
  // taken when the step takes a listed action.
  std::optional<PlaceTileAction> steered;
};

// Whether the modules let `tile` be drawn now (the River's order, RV-02).
bool Drawable(const Game& game, const std::vector<const ExpansionModule*>& modules,
              const TileType& tile);

// The types the caller may draw now: those of the tracked bag, or without one
// of the sets in play, that the modules let be drawn (Drawable).
std::vector<const TileType*> DrawableTypes(const Game& game,
                                           const std::vector<const ExpansionModule*>& modules);

// The caller's draw for the tile phase: the bazaar tile held (BC-21), else a
// drawable tile of the tracked bag, or without one a drawable type of a set in
// play (its copies may be used up: the engine then lists nothing for it);
// then the hidden tile and the animal token that go with it, now and then
// left out or wrong (the engine must refuse those, HS-03, BT-04).
TileChance DrawForTilePhase(const Game& game, const std::vector<const ExpansionModule*>& modules,
                            FuzzedDataProvider& input);

// BC-19: the tiles revealed for a bazaar, one per player, drawable, from the
// tracked bag (without it, from the sets in play: possibly refused).
DrawBazaarTilesAction DrawBazaarTiles(const Game& game,
                                      const std::vector<const ExpansionModule*>& modules,
                                      FuzzedDataProvider& input);

// HS-24: the sheep token of a listed PlaceShepherdAction or GrowFlockAction is
// the caller's draw: one the tracked bag holds (without a bag, one the engine
// accepts, if any).
void DrawSheepToken(const Game& game, Action& action, FuzzedDataProvider& input);

// A near miss of `listed`: one field changed, another seat, or a scoring
// order (AMB-40). Sets `still_listed` when the change keeps it legal by the
// rules (a reordering of the features the tile completed).
Action Mutate(const Game& game, const Action& listed, const TileChance& chance,
              FuzzedDataProvider& input, bool& still_listed);

// An action of any kind with arbitrary fields, within what the service can
// produce (segments, figures and tiles that exist; any int32 where the API
// takes one).
Action ArbitraryAction(const Game& game, const TileChance& chance, FuzzedDataProvider& input);

}  // namespace carcassonne::fuzz

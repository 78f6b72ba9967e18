// The decisions a player can take, one at a time (api-contract.md, "The action").
#pragma once

#include <variant>

#include "engine/game_state.h"

namespace carcassonne {

struct PlaceTileAction {
  const TileType* tile = nullptr;
  Position cell;
  Rotation rotation;
};

struct PlaceFigureAction {
  FigureKind kind = FigureKind::kFollower;
  SegmentAddress segment;
};

// Decline an optional choice (e.g. not placing a follower).
struct PassAction {};

// BG-03: a drawn tile that fits nowhere is removed from the game.
struct DiscardTileAction {
  const TileType* tile = nullptr;
};

using Action = std::variant<PlaceTileAction, PlaceFigureAction, PassAction, DiscardTileAction>;

}  // namespace carcassonne

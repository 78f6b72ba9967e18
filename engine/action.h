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

// Mage & Witch: the two neutral magic figures.
enum class MagicFigure { kMage, kWitch };

// Mage & Witch: places a set-aside magic figure on a segment, or moves one
// from the board to it (MW-04..MW-07, MW-09; AMB-18, AMB-19).
struct MoveMagicFigureAction {
  MagicFigure figure = MagicFigure::kMage;
  SegmentAddress segment;
};

// Mage & Witch: takes a magic figure off the board when no figure has a legal
// place to go (MW-08, AMB-43).
struct SetAsideMagicFigureAction {
  MagicFigure figure = MagicFigure::kMage;
};

using Action = std::variant<PlaceTileAction, PlaceFigureAction, PassAction, DiscardTileAction,
                            MoveMagicFigureAction, SetAsideMagicFigureAction>;

}  // namespace carcassonne

// Figures: which kinds are followers, how strong each is in a majority, and
// how many of each a player starts with.
#pragma once

#include <string_view>

#include "engine/game_state.h"

namespace carcassonne {

std::string_view FigureKindName(FigureKind kind);

// Followers occupy features (BG-04) and count for majority (BG-06); the
// builder and the pig do neither (TB-10, TB-20). The mayor is a follower
// (AM-10).
constexpr bool IsFollower(FigureKind kind) {
  // AB-16: the abbot is a follower; PH-02: the phantom too.
  return kind == FigureKind::kFollower || kind == FigureKind::kBigFollower ||
         kind == FigureKind::kMayor || kind == FigureKind::kWagon ||
         kind == FigureKind::kRingmaster || kind == FigureKind::kAbbot ||
         kind == FigureKind::kPhantom;
}

// IC-10: a big follower counts 2 in every majority, a follower 1, the wagon 1
// (AM-11), the ringmaster 1 (BT-16), the abbot 1 (AB-05). The mayor's
// strength depends on its city (AM-09: engine/rules/scoring.cc,
// FigureStrength); it is 0 here.
constexpr int MajorityStrength(FigureKind kind) {
  switch (kind) {
    case FigureKind::kFollower:
    case FigureKind::kWagon:
    case FigureKind::kRingmaster:  // BT-16: strength 1
    case FigureKind::kAbbot:
    case FigureKind::kPhantom:  // PH-05: exactly one normal follower
      return 1;
    case FigureKind::kBigFollower:
      return 2;
    case FigureKind::kBuilder:
    case FigureKind::kPig:
    case FigureKind::kMayor:
    case FigureKind::kShepherd:  // HS-15: no strength in the field
      return 0;
  }
  return 0;
}

// The segment kinds a follower of `kind` may stand on: a follower or a big
// follower on a road, city, monastery or field (BG-05); the mayor only in a
// city (AM-08); the wagon on a road, city or monastery (AM-11); the abbot on
// a monastery or a garden (AB-03), and only the abbot on a garden (AB-04).
bool FollowerKindMayStandOn(FigureKind kind, SegmentKind segment);

// How many figures of `kind` a player owns in a game with `rules`: 7
// followers (base game; option base.followers), 1 big follower (IC-07; option
// ic.big_followers), 1 builder (TB-09), 1 pig
// (TB-19), 1 mayor (AM-01, option am.mayor), 1 wagon (option am.wagon), 1
// shepherd (HS-01), the abbot (AB-01), the phantom (PH-01).
int FiguresOwned(const RuleSet& rules, FigureKind kind);

// The player's supply of `kind`.
int& SupplyOf(Player& player, FigureKind kind);
int SupplyOf(const Player& player, FigureKind kind);

}  // namespace carcassonne

// Figures and supplies.
#include "engine/figures.h"

namespace carcassonne {

std::string_view FigureKindName(FigureKind kind) {
  switch (kind) {
    case FigureKind::kFollower:
      return "follower";
    case FigureKind::kBigFollower:
      return "big follower";
    case FigureKind::kBuilder:
      return "builder";
    case FigureKind::kPig:
      return "pig";
  }
  return "?";
}

int FiguresOwned(const RuleSet& rules, FigureKind kind) {
  switch (kind) {
    case FigureKind::kFollower:
      return kFollowersPerPlayer;
    case FigureKind::kBigFollower:
      return rules.Has(Expansion::kInnsAndCathedrals) ? 1 : 0;
    case FigureKind::kBuilder:
      return rules.Has(Expansion::kTradersAndBuilders) && rules.tb_builder ? 1 : 0;
    case FigureKind::kPig:
      return rules.Has(Expansion::kTradersAndBuilders) && rules.tb_pig ? 1 : 0;
  }
  return 0;
}

int& SupplyOf(Player& player, FigureKind kind) {
  switch (kind) {
    case FigureKind::kFollower:
      return player.followers;
    case FigureKind::kBigFollower:
      return player.big_followers;
    case FigureKind::kBuilder:
      return player.builders;
    case FigureKind::kPig:
      return player.pigs;
  }
  return player.followers;
}

int SupplyOf(const Player& player, FigureKind kind) {
  return SupplyOf(const_cast<Player&>(player), kind);
}

}  // namespace carcassonne

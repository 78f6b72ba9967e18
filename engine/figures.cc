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
    case FigureKind::kMayor:
      return "mayor";
    case FigureKind::kWagon:
      return "wagon";
    case FigureKind::kRingmaster:
      return "ringmaster";
    case FigureKind::kShepherd:
      return "shepherd";
    case FigureKind::kAbbot:
      return "abbot";
    case FigureKind::kPhantom:
      return "phantom";
  }
  return "?";
}

int FiguresOwned(const RuleSet& rules, FigureKind kind) {
  switch (kind) {
    case FigureKind::kFollower:
      return rules.followers;  // option base.followers (the box's 7)
    case FigureKind::kBigFollower:
      // Option ic.big_followers (the box's 1).
      return rules.Has(Expansion::kInnsAndCathedrals) ? rules.ic_big_followers : 0;
    case FigureKind::kBuilder:
      return rules.Has(Expansion::kTradersAndBuilders) && rules.tb_builder ? 1 : 0;
    case FigureKind::kPig:
      return rules.Has(Expansion::kTradersAndBuilders) && rules.tb_pig ? 1 : 0;
    case FigureKind::kMayor:
      return rules.Has(Expansion::kAbbeyAndMayor) && rules.am_mayor ? 1 : 0;
    case FigureKind::kWagon:
      return rules.Has(Expansion::kAbbeyAndMayor) && rules.am_wagon ? 1 : 0;
    case FigureKind::kRingmaster:
      // BT-01, BT-02: one ringmaster per colour, in each player's supply.
      return rules.Has(Expansion::kUnderTheBigTop) ? 1 : 0;
    case FigureKind::kShepherd:
      return rules.Has(Expansion::kHillsAndSheep) ? 1 : 0;
    case FigureKind::kAbbot:
      return rules.Has(Expansion::kAbbot) ? 1 : 0;
    case FigureKind::kPhantom:
      return rules.Has(Expansion::kPhantom) ? 1 : 0;
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
    case FigureKind::kMayor:
      return player.mayors;
    case FigureKind::kWagon:
      return player.wagons;
    case FigureKind::kRingmaster:
      return player.ringmasters;
    case FigureKind::kShepherd:
      return player.shepherds;
    case FigureKind::kAbbot:
      return player.abbots;
    case FigureKind::kPhantom:
      return player.phantoms;
  }
  return player.followers;
}

bool FollowerKindMayStandOn(FigureKind kind, SegmentKind segment) {
  switch (kind) {
    case FigureKind::kFollower:
    case FigureKind::kBigFollower:
    case FigureKind::kRingmaster:  // BT-16: as a thief, knight, monk or farmer
    case FigureKind::kPhantom:     // PH-06: anywhere a follower may go
      // BG-05.
      return segment == SegmentKind::kRoad || segment == SegmentKind::kCity ||
             segment == SegmentKind::kMonastery || segment == SegmentKind::kField;
    case FigureKind::kMayor:
      // AM-08: only in a city.
      return segment == SegmentKind::kCity;
    case FigureKind::kWagon:
      // AM-11: never in a field.
      return segment == SegmentKind::kRoad || segment == SegmentKind::kCity ||
             segment == SegmentKind::kMonastery;
    case FigureKind::kAbbot:
      // AB-03: a monastery or a garden, nothing else.
      return segment == SegmentKind::kMonastery || segment == SegmentKind::kGarden;
    case FigureKind::kBuilder:
    case FigureKind::kPig:
    case FigureKind::kShepherd:  // not followers (HS-15)
      return false;
  }
  return false;
}

int SupplyOf(const Player& player, FigureKind kind) {
  return SupplyOf(const_cast<Player&>(player), kind);
}

}  // namespace carcassonne

// The rule set of a fuzz_engine_games input: its first kRulesBytes bytes are
// a block of bits that switch each expansion, module and rule option on or
// off, and say how many players sit, whether the caller tracks the bag and
// whether the game is steered (engine_fuzz_steer.h).
// The rest of the input drives the game (engine_fuzzer.cc).
//
// A fixed block at the front (rather than values FuzzedDataProvider takes
// from the end) lets fuzz_seeds.cc write seeds that choose given expansions:
// EncodeRules is DecodeRules' inverse on every rule set NewGame accepts.
//
// Combinations this build refuses (NewGame's CheckRules) are mended, not
// skipped, so that every block plays a game:
//   * the Abbot with the Count or the Cult (AB-15, AB-Q2; CU-Q2): bit 15
//     says who gives way (set: the Abbot; clear: the Count and the Cult);
//   * the barn with Siege (SI-Q1): no barn;
//   * a module or option without its expansion (or, for the Count's options,
//     without the pieces they are about): left at its default;
//   * a flat bonus with live scoring (AMB-06): one mode of three bits.
// Not drawn (the block is full, so two options share a bit): the zero
// end-game value of the current Inns & Cathedrals (IN-14), and the C1 wagon
// move (AM-13) with each owner's barns or the C2 move with the barn majority.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/game_state.h"
#include "engine/rule_set.h"

namespace carcassonne::fuzz {

inline constexpr size_t kRulesBytes = 8;
// Expansion values 0..kExpansionBits-1 (rule_set.h) each have a bit.
inline constexpr int kExpansionBits = 15;

struct FuzzRules {
  RuleSet rules;
  int players = kMinPlayers;
  bool tracked_bag = true;  // false: the caller does not track the bag (AMB-48, BC-18)
  // engine_fuzz_steer.h: the game is steered towards the magic figures set
  // aside (MW-08; only with Mage & Witch), and the players keep their abbeys
  // for the final abbey round (AM-07; only with option am_abbey).
  bool steer_magic = false;
  bool hold_abbeys = false;
};

namespace rules_bits {
inline bool Bit(const std::array<uint8_t, kRulesBytes>& bytes, int bit) {
  return (bytes[bit / 8] >> (bit % 8)) & 1;
}
inline int Bits(const std::array<uint8_t, kRulesBytes>& bytes, int first, int count) {
  int value = 0;
  for (int i = 0; i < count; ++i) value |= Bit(bytes, first + i) << i;
  return value;
}
inline void Set(std::array<uint8_t, kRulesBytes>& bytes, int bit, bool on) {
  if (on) bytes[bit / 8] = static_cast<uint8_t>(bytes[bit / 8] | (1 << (bit % 8)));
}
inline void SetBits(std::array<uint8_t, kRulesBytes>& bytes, int first, int count, int value) {
  for (int i = 0; i < count; ++i) Set(bytes, first + i, (value >> i) & 1);
}
// Where each field lives in the block (bit numbers, byte * 8 + bit).
enum Field : int {
  kAbbotGivesWay = 15,
  kTbGoods = 16,
  kTbBuilder,
  kTbPig,
  kAmAbbey,
  kAmMayor,
  kAmWagon,
  kAmBarn,
  kBcCastles,
  kBcBazaars = 24,
  kBcBazaarBidding,
  kRiverUTurn,
  kRiverLookahead,
  kKrLeipzig,
  kKrIgnoreStubs,
  kCountRggBlock,
  kCountFinalMarketOnly,
  kTinyTwoPoints = 32,
  kRiverParts,   // 2 bits, modulo 3
  kKrMode = 35,  // 3 bits: 0 off, 1..3 a flat bonus, 4..5 live scoring, 6..7 off
  kCountTriggerCompletion = 38,
  kUntrackedBag,
  kCountMovement = 40,  // 2 bits, modulo 3
  kBarnMajority = 42,   // with the wagon also the C1 move (AM-13)
  kCountMayorWagonTwo,
  kCountNoMarketOnBarn,
  kCountMarketOnJoin,
  kCultFive,
  kSiegePigPlusOne,
  kSiegeAnyCityTile = 48,
  kHsMostOnHills,
  kHsNoGrowBeforeClosed,
  kMagicEither,
  kDragonAfterScoring,
  kFairyOnTile,
  kPrincessMust,
  kCountDragonOffCityTiles,
  kTowerTopsImmune = 56,
  kPlayers,  // 3 bits: 2 + value modulo (the most players - 1)
  kBcBridges = 60,
  kSteerMagic,
  kHoldAbbeys,
  // Inns & Cathedrals in its current edition (ic.edition = c31, IN-01) with
  // the ordinary end-game value (IN-14; the block's last bit, so the zero
  // value, the classic edition's IC-12 path, is not drawn with it).
  kIcCurrentEdition = 63,
};
}  // namespace rules_bits

inline int MostPlayers(const RuleSet& rules) {
  // Inns & Cathedrals brings a sixth colour (referee.cc, MaxPlayers).
  return rules.Has(Expansion::kInnsAndCathedrals) ? kMaxPlayers : 5;
}

inline FuzzRules DecodeRules(const std::array<uint8_t, kRulesBytes>& bytes) {
  using namespace rules_bits;
  FuzzRules out;
  RuleSet& rules = out.rules;
  std::array<bool, kExpansionBits> on{};
  for (int i = 0; i < kExpansionBits; ++i) on[i] = Bit(bytes, i);
  auto has = [&](Expansion expansion) { return on[static_cast<int>(expansion)]; };
  // AB-15, AB-Q2, CU-Q2: not built together.
  if (has(Expansion::kAbbot) && (has(Expansion::kCountOfCarcassonne) || has(Expansion::kCult))) {
    if (Bit(bytes, kAbbotGivesWay)) {
      on[static_cast<int>(Expansion::kAbbot)] = false;
    } else {
      on[static_cast<int>(Expansion::kCountOfCarcassonne)] = false;
      on[static_cast<int>(Expansion::kCult)] = false;
    }
  }
  for (int i = 0; i < kExpansionBits; ++i) {
    if (on[i]) rules.expansions.push_back(static_cast<Expansion>(i));
  }
  const bool count = has(Expansion::kCountOfCarcassonne);
  if (has(Expansion::kTradersAndBuilders)) {
    rules.tb_goods = Bit(bytes, kTbGoods);
    rules.tb_builder = Bit(bytes, kTbBuilder);
    rules.tb_pig = Bit(bytes, kTbPig);
  }
  if (has(Expansion::kAbbeyAndMayor)) {
    rules.am_abbey = Bit(bytes, kAmAbbey);
    rules.am_mayor = Bit(bytes, kAmMayor);
    rules.am_wagon = Bit(bytes, kAmWagon);
    rules.am_barn = Bit(bytes, kAmBarn) && !has(Expansion::kSiege);  // SI-Q1
    if (rules.am_barn && Bit(bytes, kBarnMajority)) rules.am_barn_multi = BarnMulti::kMajority;
    // AM-13: the C1 wagon move shares the barn's bit (the block is full), so
    // C1 with each owner's barns and C2 with the majority are not drawn.
    if (rules.am_wagon && Bit(bytes, kBarnMajority)) {
      rules.am_wagon_move = WagonMove::kC1Connected;
    }
  }
  if (has(Expansion::kBridgesCastlesAndBazaars)) {
    rules.bc_bridges = Bit(bytes, kBcBridges);
    rules.bc_castles = Bit(bytes, kBcCastles);
    rules.bc_bazaars = Bit(bytes, kBcBazaars);
    rules.bc_bazaar_bidding = Bit(bytes, kBcBazaarBidding);
  }
  if (has(Expansion::kRiver)) {
    rules.river_u_turn_rule = Bit(bytes, kRiverUTurn);
    rules.river_lookahead_block = Bit(bytes, kRiverLookahead);
    rules.river_parts = static_cast<RiverParts>(Bits(bytes, kRiverParts, 2) % 3);
  }
  if (has(Expansion::kKingAndRobberBaron)) {
    rules.king_robber_leipzig_counts = Bit(bytes, kKrLeipzig);
    rules.king_robber_ignore_road_stubs = Bit(bytes, kKrIgnoreStubs);
    const int mode = Bits(bytes, kKrMode, 3);
    if (mode >= 1 && mode <= 3)
      rules.king_robber_flat_bonus = static_cast<KingRobberFlatBonus>(mode);
    if (mode == 4 || mode == 5) {
      rules.king_robber_live_scoring = static_cast<KingRobberLiveScoring>(mode - 3);
    }
  }
  if (Bit(bytes, kTinyTwoPoints)) rules.tiny_city_points = TinyCityPoints::kTwoPoints;
  if (count) {
    rules.count_rgg_block_deploy_into_count_quarter = Bit(bytes, kCountRggBlock);
    if (Bit(bytes, kCountFinalMarketOnly)) {
      rules.count_final_redeploy = CountFinalRedeploy::kMarketOnly;
    }
    if (Bit(bytes, kCountTriggerCompletion)) rules.count_trigger = CountTrigger::kCompletion;
    rules.count_movement = static_cast<CountMovement>(Bits(bytes, kCountMovement, 2) % 3);
    rules.count_mayor_wagon_count_as_two =
        (rules.am_mayor || rules.am_wagon) && Bit(bytes, kCountMayorWagonTwo);
    if (rules.am_barn) {
      rules.count_market_redeploy_on_barn = !Bit(bytes, kCountNoMarketOnBarn);
      rules.count_market_redeploy_on_farm_join = Bit(bytes, kCountMarketOnJoin);
    }
    if (has(Expansion::kPrincessAndDragon)) {
      rules.count_dragon_enters_city_tiles = !Bit(bytes, kCountDragonOffCityTiles);
    }
  }
  if (has(Expansion::kCult) && Bit(bytes, kCultFive)) {
    rules.cult_tiles = CultTiles::kHereticsAndShrinesFive;
  }
  if (has(Expansion::kSiege)) {
    if (Bit(bytes, kSiegePigPlusOne)) {
      rules.siege_pig_besieged_value = SiegePigBesiegedValue::kPlusOne;
    }
    if (Bit(bytes, kSiegeAnyCityTile)) {
      rules.siege_escape_adjacency = SiegeEscapeAdjacency::kAnyCityTile;
    }
  }
  if (has(Expansion::kHillsAndSheep)) {
    if (Bit(bytes, kHsMostOnHills)) rules.hs_hill_tiebreak = HillTiebreak::kMostFollowersOnHills;
    rules.hs_grow_before_closed_scoring = !Bit(bytes, kHsNoGrowBeforeClosed);
  }
  if (has(Expansion::kMageAndWitch) && Bit(bytes, kMagicEither)) {
    rules.mage_witch_magic_tile_choice = MagicTileChoice::kEither;
  }
  if (has(Expansion::kPrincessAndDragon)) {
    if (Bit(bytes, kDragonAfterScoring)) rules.pd_dragon_move_time = DragonMoveTime::kAfterScoring;
    if (Bit(bytes, kFairyOnTile)) rules.pd_fairy_placement = FairyPlacement::kOnTile;
    if (Bit(bytes, kPrincessMust)) rules.pd_princess = PrincessRemoval::kMust;
  }
  if (has(Expansion::kTower)) rules.tw_tower_top_capturable = !Bit(bytes, kTowerTopsImmune);
  if (has(Expansion::kInnsAndCathedrals) && Bit(bytes, kIcCurrentEdition)) {
    rules.ic_edition = InnsCathedralsEdition::kCurrent;
    rules.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kOrdinary;
  }
  out.tracked_bag = !Bit(bytes, kUntrackedBag);
  out.steer_magic = has(Expansion::kMageAndWitch) && Bit(bytes, kSteerMagic);
  out.hold_abbeys = rules.am_abbey && Bit(bytes, kHoldAbbeys);
  out.players = kMinPlayers + Bits(bytes, kPlayers, 3) % (MostPlayers(rules) - 1);
  return out;
}

// The block that DecodeRules reads as `fuzz` (for the seeds).
inline std::array<uint8_t, kRulesBytes> EncodeRules(const FuzzRules& fuzz) {
  using namespace rules_bits;
  const RuleSet& rules = fuzz.rules;
  std::array<uint8_t, kRulesBytes> bytes{};
  for (Expansion expansion : rules.expansions) Set(bytes, static_cast<int>(expansion), true);
  Set(bytes, kTbGoods, rules.tb_goods);
  Set(bytes, kTbBuilder, rules.tb_builder);
  Set(bytes, kTbPig, rules.tb_pig);
  Set(bytes, kAmAbbey, rules.am_abbey);
  Set(bytes, kAmMayor, rules.am_mayor);
  Set(bytes, kAmWagon, rules.am_wagon);
  Set(bytes, kAmBarn, rules.am_barn);
  Set(bytes, kBarnMajority,
      rules.am_barn_multi == BarnMulti::kMajority ||
          rules.am_wagon_move == WagonMove::kC1Connected);
  Set(bytes, kBcBridges, rules.bc_bridges);
  Set(bytes, kBcCastles, rules.bc_castles);
  Set(bytes, kBcBazaars, rules.bc_bazaars);
  Set(bytes, kBcBazaarBidding, rules.bc_bazaar_bidding);
  Set(bytes, kRiverUTurn, rules.river_u_turn_rule);
  Set(bytes, kRiverLookahead, rules.river_lookahead_block);
  SetBits(bytes, kRiverParts, 2, static_cast<int>(rules.river_parts));
  Set(bytes, kKrLeipzig, rules.king_robber_leipzig_counts);
  Set(bytes, kKrIgnoreStubs, rules.king_robber_ignore_road_stubs);
  int mode = static_cast<int>(rules.king_robber_flat_bonus);
  if (rules.king_robber_live_scoring != KingRobberLiveScoring::kOff) {
    mode = 3 + static_cast<int>(rules.king_robber_live_scoring);
  }
  SetBits(bytes, kKrMode, 3, mode);
  Set(bytes, kTinyTwoPoints, rules.tiny_city_points == TinyCityPoints::kTwoPoints);
  Set(bytes, kCountRggBlock, rules.count_rgg_block_deploy_into_count_quarter);
  Set(bytes, kCountFinalMarketOnly, rules.count_final_redeploy == CountFinalRedeploy::kMarketOnly);
  Set(bytes, kCountTriggerCompletion, rules.count_trigger == CountTrigger::kCompletion);
  SetBits(bytes, kCountMovement, 2, static_cast<int>(rules.count_movement));
  Set(bytes, kCountMayorWagonTwo, rules.count_mayor_wagon_count_as_two);
  Set(bytes, kCountNoMarketOnBarn, !rules.count_market_redeploy_on_barn);
  Set(bytes, kCountMarketOnJoin, rules.count_market_redeploy_on_farm_join);
  Set(bytes, kCountDragonOffCityTiles, !rules.count_dragon_enters_city_tiles);
  Set(bytes, kCultFive, rules.cult_tiles == CultTiles::kHereticsAndShrinesFive);
  Set(bytes, kSiegePigPlusOne, rules.siege_pig_besieged_value == SiegePigBesiegedValue::kPlusOne);
  Set(bytes, kSiegeAnyCityTile, rules.siege_escape_adjacency == SiegeEscapeAdjacency::kAnyCityTile);
  Set(bytes, kHsMostOnHills, rules.hs_hill_tiebreak == HillTiebreak::kMostFollowersOnHills);
  Set(bytes, kHsNoGrowBeforeClosed, !rules.hs_grow_before_closed_scoring);
  Set(bytes, kMagicEither, rules.mage_witch_magic_tile_choice == MagicTileChoice::kEither);
  Set(bytes, kDragonAfterScoring, rules.pd_dragon_move_time == DragonMoveTime::kAfterScoring);
  Set(bytes, kFairyOnTile, rules.pd_fairy_placement == FairyPlacement::kOnTile);
  Set(bytes, kPrincessMust, rules.pd_princess == PrincessRemoval::kMust);
  Set(bytes, kTowerTopsImmune, !rules.tw_tower_top_capturable);
  Set(bytes, kIcCurrentEdition, rules.ic_edition == InnsCathedralsEdition::kCurrent);
  Set(bytes, kUntrackedBag, !fuzz.tracked_bag);
  Set(bytes, kSteerMagic, fuzz.steer_magic);
  Set(bytes, kHoldAbbeys, fuzz.hold_abbeys);
  SetBits(bytes, kPlayers, 3, fuzz.players - kMinPlayers);
  return bytes;
}

}  // namespace carcassonne::fuzz

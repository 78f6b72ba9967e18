// The rule set, both ways (a request's RuleSet -> the engine's RuleSet, and
// back into a snapshot), and tile type ids.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>
#include <variant>

#include "absl/container/flat_hash_set.h"
#include "engine/board.h"
#include "engine/rule_options.h"
#include "engine/text.h"
#include "service/convert.h"
#include "service/convert_internal.h"

namespace carcassonne::service {

// ----- proto -> engine -------------------------------------------------------

std::optional<RuleSet> RuleSetFromProto(const v1::RuleSet& proto, std::string_view path,
                                        FieldProblems& problems) {
  const size_t before = problems.size();
  RuleSet rules;
  // Field paths are built only to report a problem.
  auto expansions_path = [&] { return FieldPath(path, "expansions"); };
  if (proto.expansions_size() > kExpansionCount) {
    Add(problems, expansions_path(),
        Cat("each expansion may be listed once: at most ", kExpansionCount, " entries, not ",
            proto.expansions_size()),
        ErrorReason::kTooManyItems);
    return std::nullopt;
  }
  for (int i = 0; i < proto.expansions_size(); ++i) {
    const int value = proto.expansions(i);
    std::optional<Expansion> expansion = ExpansionFromProto(value);
    if (!expansion) {
      BadEnum(problems, IndexPath(expansions_path(), i), "expansion", value);
      continue;
    }
    // Duplicates and expansions this build does not implement: the engine's
    // check (CheckSnapshot, NewGame).
    rules.expansions.push_back(*expansion);
  }
  switch (proto.tiny_city_points()) {
    case v1::TINY_CITY_POINTS_UNSPECIFIED:
    case v1::TINY_CITY_POINTS_FOUR:
      rules.tiny_city_points = TinyCityPoints::kFourPoints;
      break;
    case v1::TINY_CITY_POINTS_TWO:
      rules.tiny_city_points = TinyCityPoints::kTwoPoints;
      break;
    default:
      Add(problems, FieldPath(path, "tiny_city_points"),
          Cat("unknown tiny_city_points value ", static_cast<int>(proto.tiny_city_points())));
      break;
  }
  if (proto.has_tb_goods()) rules.tb_goods = proto.tb_goods();
  if (proto.has_tb_builder()) rules.tb_builder = proto.tb_builder();
  if (proto.has_tb_pig()) rules.tb_pig = proto.tb_pig();
  if (proto.has_am_abbey()) rules.am_abbey = proto.am_abbey();
  if (proto.has_am_mayor()) rules.am_mayor = proto.am_mayor();
  if (proto.has_am_wagon()) rules.am_wagon = proto.am_wagon();
  if (proto.has_am_barn()) rules.am_barn = proto.am_barn();
  switch (proto.am_wagon_move()) {
    case v1::AM_WAGON_MOVE_UNSPECIFIED:
    case v1::AM_WAGON_MOVE_C2_NEARBY_TILES:
      rules.am_wagon_move = WagonMove::kC2NearbyTiles;
      break;
    case v1::AM_WAGON_MOVE_C1_CONNECTED:
      rules.am_wagon_move = WagonMove::kC1Connected;
      break;
    default:
      BadEnum(problems, FieldPath(path, "am_wagon_move"), "am_wagon_move", proto.am_wagon_move());
      break;
  }
  switch (proto.am_barn_multi()) {
    case v1::AM_BARN_MULTI_UNSPECIFIED:
    case v1::AM_BARN_MULTI_EACH_OWNER:
      rules.am_barn_multi = BarnMulti::kEachOwner;
      break;
    case v1::AM_BARN_MULTI_MAJORITY:
      rules.am_barn_multi = BarnMulti::kMajority;
      break;
    default:
      BadEnum(problems, FieldPath(path, "am_barn_multi"), "am_barn_multi", proto.am_barn_multi());
      break;
  }
  // The Princess & the Dragon with the Count (AMB-09).
  rules.count_dragon_enters_city_tiles =
      !proto.has_count_dragon_enters_city_tiles() || proto.count_dragon_enters_city_tiles();
  // The Tower (TW-10).
  rules.tw_tower_top_capturable =
      !proto.has_tw_tower_top_capturable() || proto.tw_tower_top_capturable();
  // The Princess & the Dragon (PD-09).
  switch (proto.pd_dragon_move_time()) {
    case v1::PD_DRAGON_MOVE_TIME_UNSPECIFIED:
    case v1::PD_DRAGON_MOVE_TIME_AFTER_MEEPLE:
      rules.pd_dragon_move_time = DragonMoveTime::kAfterMeeple;
      break;
    case v1::PD_DRAGON_MOVE_TIME_AFTER_SCORING:
      rules.pd_dragon_move_time = DragonMoveTime::kAfterScoring;
      break;
    default:
      BadEnum(problems, FieldPath(path, "pd_dragon_move_time"), "pd_dragon_move_time",
              proto.pd_dragon_move_time());
  }
  // The Princess & the Dragon (PD-15).
  switch (proto.pd_fairy_placement()) {
    case v1::PD_FAIRY_PLACEMENT_UNSPECIFIED:
    case v1::PD_FAIRY_PLACEMENT_NEXT_TO_MEEPLE:
      rules.pd_fairy_placement = FairyPlacement::kNextToFollower;
      break;
    case v1::PD_FAIRY_PLACEMENT_ON_TILE:
      rules.pd_fairy_placement = FairyPlacement::kOnTile;
      break;
    default:
      BadEnum(problems, FieldPath(path, "pd_fairy_placement"), "pd_fairy_placement",
              proto.pd_fairy_placement());
  }
  // The Princess & the Dragon (PD-21, PD-23).
  switch (proto.pd_princess()) {
    case v1::PD_PRINCESS_UNSPECIFIED:
    case v1::PD_PRINCESS_MAY:
      rules.pd_princess = PrincessRemoval::kMay;
      break;
    case v1::PD_PRINCESS_MUST:
      rules.pd_princess = PrincessRemoval::kMust;
      break;
    default:
      BadEnum(problems, FieldPath(path, "pd_princess"), "pd_princess", proto.pd_princess());
  }
  switch (proto.mage_witch_magic_tile_choice()) {
    case v1::MAGIC_TILE_CHOICE_UNSPECIFIED:
    case v1::MAGIC_TILE_CHOICE_PLACE_SET_ASIDE_FIRST:
      rules.mage_witch_magic_tile_choice = MagicTileChoice::kPlaceSetAsideFirst;
      break;
    case v1::MAGIC_TILE_CHOICE_EITHER:
      rules.mage_witch_magic_tile_choice = MagicTileChoice::kEither;
      break;
    default:
      BadEnum(problems, FieldPath(path, "mage_witch_magic_tile_choice"),
              "mage_witch_magic_tile_choice", proto.mage_witch_magic_tile_choice());
      break;
  }
  switch (proto.river_parts()) {
    case v1::RIVER_PARTS_UNSPECIFIED:
    case v1::RIVER_PARTS_RIVER_I:
      rules.river_parts = RiverParts::kRiverOne;
      break;
    case v1::RIVER_PARTS_RIVER_II:
      rules.river_parts = RiverParts::kRiverTwo;
      break;
    case v1::RIVER_PARTS_BOTH:
      rules.river_parts = RiverParts::kBoth;
      break;
    default:
      BadEnum(problems, FieldPath(path, "river_parts"), "river_parts", proto.river_parts());
      break;
  }
  if (proto.has_river_u_turn_rule()) rules.river_u_turn_rule = proto.river_u_turn_rule();
  if (proto.has_river_lookahead_block()) {
    rules.river_lookahead_block = proto.river_lookahead_block();
  }
  switch (proto.king_robber_flat_bonus()) {
    case v1::KING_ROBBER_FLAT_BONUS_UNSPECIFIED:
    case v1::KING_ROBBER_FLAT_BONUS_OFF:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kOff;
      break;
    case v1::KING_ROBBER_FLAT_BONUS_10_EACH:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kTenEach;
      break;
    case v1::KING_ROBBER_FLAT_BONUS_10_EACH_40_BOTH:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kTenEachFortyBoth;
      break;
    case v1::KING_ROBBER_FLAT_BONUS_15_EACH_40_BOTH:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kFifteenEachFortyBoth;
      break;
    default:
      BadEnum(problems, FieldPath(path, "king_robber_flat_bonus"), "king_robber_flat_bonus",
              proto.king_robber_flat_bonus());
      break;
  }
  switch (proto.king_robber_live_scoring()) {
    case v1::KING_ROBBER_LIVE_SCORING_UNSPECIFIED:
    case v1::KING_ROBBER_LIVE_SCORING_OFF:
      rules.king_robber_live_scoring = KingRobberLiveScoring::kOff;
      break;
    case v1::KING_ROBBER_LIVE_SCORING_AFTER_TRANSFER:
      rules.king_robber_live_scoring = KingRobberLiveScoring::kAfterTransfer;
      break;
    case v1::KING_ROBBER_LIVE_SCORING_BEFORE_TRANSFER:
      rules.king_robber_live_scoring = KingRobberLiveScoring::kBeforeTransfer;
      break;
    default:
      BadEnum(problems, FieldPath(path, "king_robber_live_scoring"), "king_robber_live_scoring",
              proto.king_robber_live_scoring());
      break;
  }
  if (proto.has_king_robber_leipzig_counts()) {
    rules.king_robber_leipzig_counts = proto.king_robber_leipzig_counts();
  }
  if (proto.has_king_robber_ignore_road_stubs()) {
    rules.king_robber_ignore_road_stubs = proto.king_robber_ignore_road_stubs();
  }
  switch (proto.count_trigger()) {
    case v1::COUNT_TRIGGER_UNSPECIFIED:
    case v1::COUNT_TRIGGER_SCORING:
      rules.count_trigger = CountTrigger::kScoring;
      break;
    case v1::COUNT_TRIGGER_COMPLETION:
      rules.count_trigger = CountTrigger::kCompletion;
      break;
    default:
      BadEnum(problems, FieldPath(path, "count_trigger"), "count_trigger", proto.count_trigger());
      break;
  }
  switch (proto.count_movement()) {
    case v1::COUNT_MOVEMENT_UNSPECIFIED:
    case v1::COUNT_MOVEMENT_FREE:
      rules.count_movement = CountMovement::kFree;
      break;
    case v1::COUNT_MOVEMENT_CLOCKWISE:
      rules.count_movement = CountMovement::kClockwise;
      break;
    case v1::COUNT_MOVEMENT_FOLLOW_DEPLOYMENT:
      rules.count_movement = CountMovement::kFollowDeployment;
      break;
    default:
      BadEnum(problems, FieldPath(path, "count_movement"), "count_movement",
              proto.count_movement());
      break;
  }
  if (proto.has_count_mayor_wagon_count_as_two()) {
    rules.count_mayor_wagon_count_as_two = proto.count_mayor_wagon_count_as_two();
  }
  if (proto.has_count_market_redeploy_on_barn()) {
    rules.count_market_redeploy_on_barn = proto.count_market_redeploy_on_barn();
  }
  if (proto.has_count_market_redeploy_on_farm_join()) {
    rules.count_market_redeploy_on_farm_join = proto.count_market_redeploy_on_farm_join();
  }
  if (proto.has_count_rgg_block_deploy_into_count_quarter()) {
    rules.count_rgg_block_deploy_into_count_quarter =
        proto.count_rgg_block_deploy_into_count_quarter();
  }
  switch (proto.count_final_redeploy()) {
    case v1::COUNT_FINAL_REDEPLOY_UNSPECIFIED:
    case v1::COUNT_FINAL_REDEPLOY_ANY_QUARTER:
      rules.count_final_redeploy = CountFinalRedeploy::kAnyQuarter;
      break;
    case v1::COUNT_FINAL_REDEPLOY_MARKET_ONLY:
      rules.count_final_redeploy = CountFinalRedeploy::kMarketOnly;
      break;
    default:
      BadEnum(problems, FieldPath(path, "count_final_redeploy"), "count_final_redeploy",
              proto.count_final_redeploy());
      break;
  }
  switch (proto.count_river_layout()) {
    case v1::COUNT_RIVER_LAYOUT_UNSPECIFIED:
    case v1::COUNT_RIVER_LAYOUT_SPRING_NEXT_TO_CITY:
      rules.count_river_layout = CountRiverLayout::kSpringNextToCity;
      break;
    case v1::COUNT_RIVER_LAYOUT_RIVER_FIRST_HOUSE_RULE:
      rules.count_river_layout = CountRiverLayout::kRiverFirstHouseRule;
      break;
    default:
      BadEnum(problems, FieldPath(path, "count_river_layout"), "count_river_layout",
              proto.count_river_layout());
      break;
  }
  if (proto.has_bc_bridges()) rules.bc_bridges = proto.bc_bridges();
  if (proto.has_bc_castles()) rules.bc_castles = proto.bc_castles();
  if (proto.has_bc_bazaars()) rules.bc_bazaars = proto.bc_bazaars();
  if (proto.has_bc_bazaar_bidding()) rules.bc_bazaar_bidding = proto.bc_bazaar_bidding();
  // The Cult (CU-01).
  switch (proto.cult_tile_set()) {
    case v1::CULT_TILE_SET_UNSPECIFIED:
    case v1::CULT_TILE_SET_CULT_6:
      rules.cult_tiles = CultTiles::kRioGrandeSix;
      break;
    case v1::CULT_TILE_SET_HERETICS_AND_SHRINES_5:
      rules.cult_tiles = CultTiles::kHereticsAndShrinesFive;
      break;
    default:
      BadEnum(problems, FieldPath(path, "cult_tile_set"), "cult_tile_set", proto.cult_tile_set());
      break;
  }
  // The Festival (FV-09).
  switch (proto.festival_return()) {
    case v1::FESTIVAL_RETURN_UNSPECIFIED:
    case v1::FESTIVAL_RETURN_FIGURE:
      rules.festival_return = FestivalReturn::kFigure;
      break;
    case v1::FESTIVAL_RETURN_FOLLOWER:
      rules.festival_return = FestivalReturn::kFollower;
      break;
    default:
      BadEnum(problems, FieldPath(path, "festival_return"), "festival_return",
              proto.festival_return());
      break;
  }
  // Siege (SI-08, SI-09, SI-10, SI-11).
  switch (proto.siege_pig_besieged_value()) {
    case v1::SIEGE_PIG_BESIEGED_VALUE_UNSPECIFIED:
    case v1::SIEGE_PIG_BESIEGED_VALUE_DOUBLE:
      rules.siege_pig_besieged_value = SiegePigBesiegedValue::kDouble;
      break;
    case v1::SIEGE_PIG_BESIEGED_VALUE_PLUS_ONE:
      rules.siege_pig_besieged_value = SiegePigBesiegedValue::kPlusOne;
      break;
    default:
      BadEnum(problems, FieldPath(path, "siege_pig_besieged_value"), "siege_pig_besieged_value",
              proto.siege_pig_besieged_value());
      break;
  }
  switch (proto.siege_escape_adjacency()) {
    case v1::SIEGE_ESCAPE_ADJACENCY_UNSPECIFIED:
    case v1::SIEGE_ESCAPE_ADJACENCY_SIEGE_TILE:
      rules.siege_escape_adjacency = SiegeEscapeAdjacency::kSiegeTile;
      break;
    case v1::SIEGE_ESCAPE_ADJACENCY_ANY_CITY_TILE:
      rules.siege_escape_adjacency = SiegeEscapeAdjacency::kAnyCityTile;
      break;
    default:
      BadEnum(problems, FieldPath(path, "siege_escape_adjacency"), "siege_escape_adjacency",
              proto.siege_escape_adjacency());
      break;
  }
  // Inns & Cathedrals (IN-01, IN-14).
  switch (proto.ic_edition()) {
    case v1::IC_EDITION_UNSPECIFIED:
    case v1::IC_EDITION_CLASSIC:
      rules.ic_edition = InnsCathedralsEdition::kClassic;
      break;
    case v1::IC_EDITION_C31:
      rules.ic_edition = InnsCathedralsEdition::kCurrent;
      break;
    default:
      BadEnum(problems, FieldPath(path, "ic_edition"), "ic_edition", proto.ic_edition());
      break;
  }
  switch (proto.ic_c31_incomplete_inn_cathedral()) {
    case v1::IC_INCOMPLETE_INN_CATHEDRAL_UNSPECIFIED:
      rules.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kNotChosen;
      break;
    case v1::IC_INCOMPLETE_INN_CATHEDRAL_ZERO:
      rules.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kZero;
      break;
    case v1::IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY:
      rules.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kOrdinary;
      break;
    default:
      BadEnum(problems, FieldPath(path, "ic_c31_incomplete_inn_cathedral"),
              "ic_c31_incomplete_inn_cathedral", proto.ic_c31_incomplete_inn_cathedral());
      break;
  }
  // Hills & Sheep (HS-05, HS-06).
  switch (proto.hs_hill_tiebreak()) {
    case v1::HILL_TIEBREAK_UNSPECIFIED:
    case v1::HILL_TIEBREAK_ANY_FOLLOWER_ON_HILL:
      rules.hs_hill_tiebreak = HillTiebreak::kAnyFollowerOnHill;
      break;
    case v1::HILL_TIEBREAK_MOST_FOLLOWERS_ON_HILLS:
      rules.hs_hill_tiebreak = HillTiebreak::kMostFollowersOnHills;
      break;
    default:
      BadEnum(problems, FieldPath(path, "hs_hill_tiebreak"), "hs_hill_tiebreak",
              proto.hs_hill_tiebreak());
      break;
  }
  // Hills & Sheep (HS-21); unset = true.
  rules.hs_grow_before_closed_scoring =
      !proto.has_hs_grow_before_closed_scoring() || proto.hs_grow_before_closed_scoring();
  VariantOptionsFromProto(proto, path, problems, rules);  // issue #30's variants
  if (problems.size() != before) return std::nullopt;
  return rules;
}

// ----- engine -> proto -------------------------------------------------------

void RuleSetToProto(const RuleSet& rules, v1::RuleSet* proto) {
  for (Expansion expansion : rules.expansions) {
    proto->add_expansions(ExpansionToProto(expansion));
  }
  proto->set_tiny_city_points(rules.tiny_city_points == TinyCityPoints::kTwoPoints
                                  ? v1::TINY_CITY_POINTS_TWO
                                  : v1::TINY_CITY_POINTS_FOUR);
  // Options are echoed only where they differ from their defaults.
  if (!rules.tb_goods) proto->set_tb_goods(false);
  if (!rules.tb_builder) proto->set_tb_builder(false);
  if (!rules.tb_pig) proto->set_tb_pig(false);
  if (rules.am_abbey) proto->set_am_abbey(true);
  if (rules.am_mayor) proto->set_am_mayor(true);
  if (rules.am_wagon) proto->set_am_wagon(true);
  if (rules.am_barn) proto->set_am_barn(true);
  if (rules.am_wagon_move == WagonMove::kC1Connected) {
    proto->set_am_wagon_move(v1::AM_WAGON_MOVE_C1_CONNECTED);
  }
  if (rules.am_barn_multi == BarnMulti::kMajority) {
    proto->set_am_barn_multi(v1::AM_BARN_MULTI_MAJORITY);
  }
  if (rules.mage_witch_magic_tile_choice == MagicTileChoice::kEither) {
    proto->set_mage_witch_magic_tile_choice(v1::MAGIC_TILE_CHOICE_EITHER);
  }
  if (rules.river_parts == RiverParts::kRiverTwo) {
    proto->set_river_parts(v1::RIVER_PARTS_RIVER_II);
  } else if (rules.river_parts == RiverParts::kBoth) {
    proto->set_river_parts(v1::RIVER_PARTS_BOTH);
  }
  if (!rules.river_u_turn_rule) proto->set_river_u_turn_rule(false);
  if (!rules.river_lookahead_block) proto->set_river_lookahead_block(false);
  switch (rules.king_robber_flat_bonus) {
    case KingRobberFlatBonus::kOff:
      break;
    case KingRobberFlatBonus::kTenEach:
      proto->set_king_robber_flat_bonus(v1::KING_ROBBER_FLAT_BONUS_10_EACH);
      break;
    case KingRobberFlatBonus::kTenEachFortyBoth:
      proto->set_king_robber_flat_bonus(v1::KING_ROBBER_FLAT_BONUS_10_EACH_40_BOTH);
      break;
    case KingRobberFlatBonus::kFifteenEachFortyBoth:
      proto->set_king_robber_flat_bonus(v1::KING_ROBBER_FLAT_BONUS_15_EACH_40_BOTH);
      break;
  }
  switch (rules.king_robber_live_scoring) {
    case KingRobberLiveScoring::kOff:
      break;
    case KingRobberLiveScoring::kAfterTransfer:
      proto->set_king_robber_live_scoring(v1::KING_ROBBER_LIVE_SCORING_AFTER_TRANSFER);
      break;
    case KingRobberLiveScoring::kBeforeTransfer:
      proto->set_king_robber_live_scoring(v1::KING_ROBBER_LIVE_SCORING_BEFORE_TRANSFER);
      break;
  }
  if (!rules.king_robber_leipzig_counts) proto->set_king_robber_leipzig_counts(false);
  if (!rules.king_robber_ignore_road_stubs) {
    proto->set_king_robber_ignore_road_stubs(false);
  }
  if (rules.count_trigger == CountTrigger::kCompletion) {
    proto->set_count_trigger(v1::COUNT_TRIGGER_COMPLETION);
  }
  if (rules.count_movement == CountMovement::kClockwise) {
    proto->set_count_movement(v1::COUNT_MOVEMENT_CLOCKWISE);
  } else if (rules.count_movement == CountMovement::kFollowDeployment) {
    proto->set_count_movement(v1::COUNT_MOVEMENT_FOLLOW_DEPLOYMENT);
  }
  if (rules.count_rgg_block_deploy_into_count_quarter) {
    proto->set_count_rgg_block_deploy_into_count_quarter(true);
  }
  if (rules.count_mayor_wagon_count_as_two) proto->set_count_mayor_wagon_count_as_two(true);
  if (!rules.count_market_redeploy_on_barn) proto->set_count_market_redeploy_on_barn(false);
  if (rules.count_market_redeploy_on_farm_join) {
    proto->set_count_market_redeploy_on_farm_join(true);
  }
  if (rules.count_final_redeploy == CountFinalRedeploy::kMarketOnly) {
    proto->set_count_final_redeploy(v1::COUNT_FINAL_REDEPLOY_MARKET_ONLY);
  }
  if (rules.count_river_layout == CountRiverLayout::kRiverFirstHouseRule) {
    proto->set_count_river_layout(v1::COUNT_RIVER_LAYOUT_RIVER_FIRST_HOUSE_RULE);
  }
  if (rules.bc_bridges) proto->set_bc_bridges(true);
  if (rules.bc_castles) proto->set_bc_castles(true);
  if (rules.bc_bazaars) proto->set_bc_bazaars(true);
  if (!rules.bc_bazaar_bidding) proto->set_bc_bazaar_bidding(false);
  if (rules.cult_tiles == CultTiles::kHereticsAndShrinesFive) {
    proto->set_cult_tile_set(v1::CULT_TILE_SET_HERETICS_AND_SHRINES_5);
  }
  if (rules.siege_pig_besieged_value == SiegePigBesiegedValue::kPlusOne) {
    proto->set_siege_pig_besieged_value(v1::SIEGE_PIG_BESIEGED_VALUE_PLUS_ONE);
  }
  if (rules.siege_escape_adjacency == SiegeEscapeAdjacency::kAnyCityTile) {
    proto->set_siege_escape_adjacency(v1::SIEGE_ESCAPE_ADJACENCY_ANY_CITY_TILE);
  }
  if (rules.ic_edition == InnsCathedralsEdition::kCurrent) {
    proto->set_ic_edition(v1::IC_EDITION_C31);
  }
  switch (rules.ic_c31_incomplete_inn_cathedral) {
    case IncompleteInnCathedral::kNotChosen:
      break;
    case IncompleteInnCathedral::kZero:
      proto->set_ic_c31_incomplete_inn_cathedral(v1::IC_INCOMPLETE_INN_CATHEDRAL_ZERO);
      break;
    case IncompleteInnCathedral::kOrdinary:
      proto->set_ic_c31_incomplete_inn_cathedral(v1::IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY);
      break;
  }
  if (rules.hs_hill_tiebreak == HillTiebreak::kMostFollowersOnHills) {
    proto->set_hs_hill_tiebreak(v1::HILL_TIEBREAK_MOST_FOLLOWERS_ON_HILLS);
  }
  if (!rules.count_dragon_enters_city_tiles) {
    proto->set_count_dragon_enters_city_tiles(false);
  }
  if (!rules.hs_grow_before_closed_scoring) {
    proto->set_hs_grow_before_closed_scoring(false);  // HS-21
  }
  if (rules.pd_dragon_move_time == DragonMoveTime::kAfterScoring) {
    proto->set_pd_dragon_move_time(v1::PD_DRAGON_MOVE_TIME_AFTER_SCORING);
  }
  if (rules.pd_fairy_placement == FairyPlacement::kOnTile) {
    proto->set_pd_fairy_placement(v1::PD_FAIRY_PLACEMENT_ON_TILE);
  }
  if (rules.pd_princess == PrincessRemoval::kMust) {
    proto->set_pd_princess(v1::PD_PRINCESS_MUST);
  }
  if (!rules.tw_tower_top_capturable) proto->set_tw_tower_top_capturable(false);
  if (rules.festival_return == FestivalReturn::kFollower) {
    proto->set_festival_return(v1::FESTIVAL_RETURN_FOLLOWER);  // FV-09
  }
  VariantOptionsToProto(rules, proto);  // issue #30's variants
}

const TileType* TileTypeFromProto(std::string_view id, std::string_view path,
                                  FieldProblems& problems) {
  if (id.empty()) {
    Add(problems, std::string(path), "a tile type id (\"set:code\", e.g. \"base:D\") is required",
        ErrorReason::kFieldRequired);
    return nullptr;
  }
  const TileType* type = Catalogue::Get().Find(id);
  if (type == nullptr) {
    Add(problems, std::string(path),
        Cat("unknown tile type ", Quoted(id), " (GetCatalog lists the known ones)"),
        ErrorReason::kTileTypeUnknown);
  }
  return type;
}

}  // namespace carcassonne::service

// The rule set of a game: which expansions are on and every rule option, as
// data (shared/rules/README.md, "Rule options at a glance").
#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

namespace carcassonne {

enum class Expansion {
  kInnsAndCathedrals,
  kTradersAndBuilders,
  kRiver,
  kKingAndRobberBaron,
  kCountOfCarcassonne,
  kMageAndWitch,
  kAbbeyAndMayor,
  kBridgesCastlesAndBazaars,
  kCult,
  kSiege,
  kHillsAndSheep,
  kPrincessAndDragon,
  kUnderTheBigTop,
  kTower,
  // The Abbot and gardens (AB-01): the abbot figure and the garden edition of
  // the tiles (TileType::garden_edition_count).
  kAbbot,
  // The Festival (FV-01): the festival tiles, whose placer may take a figure
  // back instead of deploying one (FV-03).
  kFestival,
  // The Phantom (PH-01): one more follower per player, placed in a second,
  // optional step after the figure step. No tiles.
  kPhantom,
};

// Option `base.tiny_city_points` (BG-11): a completed city of two tiles scores
// 2 points per tile (4 in all, the default) or, in the first edition, 1 per tile.
enum class TinyCityPoints { kFourPoints, kTwoPoints };

// Option `river.parts` (RV-01, RV-08, RV-11): which river is laid.
enum class RiverParts { kRiverOne, kRiverTwo, kBoth };

// Option `king_robber.flat_bonus` (KR-24..KR-26, AMB-01): the house rules that
// pay a flat bonus per award token held instead of 1 per completed city / road.
enum class KingRobberFlatBonus { kOff, kTenEach, kTenEachFortyBoth, kFifteenEachFortyBoth };

// Option `king_robber.live_scoring` (KR-27, AMB-06): the holder scores 1 each
// time a city / road is completed, paid after that completion's transfer (our
// reading) or to the holder from before the turn's transfer (JCloisterZone's).
enum class KingRobberLiveScoring { kOff, kAfterTransfer, kBeforeTransfer };

// Option `count.trigger` (CO-05, CO-28, AMB-07): what earns a deployment into
// Carcassonne: another player scored points while the active player scored
// none (scoring, the default), or, as the original rules had it, another
// player scored for a completed road, city or monastery (completion).
enum class CountTrigger { kScoring, kCompletion };

// Option `count.movement` (CO-16, CO-19, CO-20): the Count moves freely with
// a deployment (free), one quarter clockwise whenever a follower enters
// (clockwise), or to the quarter the new follower entered (follow_deployment).
enum class CountMovement { kFree, kClockwise, kFollowDeployment };

// Option `count.final_redeploy` (CO-46, AMB-45): which quarters may be
// emptied before the final scoring.
enum class CountFinalRedeploy { kAnyQuarter, kMarketOnly };

// Option `count.river_layout` (CO-21, CO-27, AMB-13).
enum class CountRiverLayout { kSpringNextToCity, kRiverFirstHouseRule };

// Option `am.wagon_move` (AM-12, AM-13): where a scored wagon may move: to a
// feature on its tile or the 8 around (C2, the default), or to one connected
// to the scored feature (C1; not built: rejected).
enum class WagonMove { kC2NearbyTiles, kC1Connected };
// Abbey & Mayor, AM-20, AM-Q1: who scores a field holding barns of several
// players at the end: each of their owners once (JCloisterZone), or only the
// players with the most barns there (a C1 community summary).
enum class BarnMulti { kEachOwner, kMajority };

// Option `cult.tile_set` (CU-01): Rio Grande's 6 shrine tiles (The Cult, the
// default, JCZ cult/6) or Hans im Glueck's 5 (Heretics and Shrines, without
// cult:6, JCZ cult/5).
enum class CultTiles { kRioGrandeSix, kHereticsAndShrinesFive };

// Option `siege.pig_besieged_value` (SI-08, SI-09): what a completed besieged
// city is worth at the end to a farmer with the pig: 8 (twice 4, the rules'
// text, the default) or 7 (3 + 3 + 1, JCloisterZone).
enum class SiegePigBesiegedValue { kDouble, kPlusOne };

// Option `siege.escape_adjacency` (SI-10, SI-11): the cloister that lets a
// knight escape must border a tile of the city with a siege symbol (Hans im
// Glueck's original, the default) or any tile of the city (Rio Grande).
enum class SiegeEscapeAdjacency { kSiegeTile, kAnyCityTile };

// Option `hs.hill_tiebreak` (HS-05, HS-06): among players tied for the most
// strength in a scored feature, those with a follower on a hill tile of it
// score (any_follower_on_hill, the default), or those with the most
// followers on hill tiles of it (most_followers_on_hills).
enum class HillTiebreak { kAnyFollowerOnHill, kMostFollowersOnHills };

// Option `mage_witch.magic_tile_choice` (MW-04, MW-06, AMB-19, AMB-43): on a
// magic tile, a set-aside magic figure is placed and one on the board is moved
// only when both stand on it (place_set_aside_first, the default), or the
// player places or moves either (either, the earlier reading).
enum class MagicTileChoice { kPlaceSetAsideFirst, kEither };

// Option `pd.dragon_move_time` (PD-09): on a dragon tile the dragon flies
// after the tile's figure step, before the scoring (after_meeple, the C2 rules'
// order, the default), or once the turn's scoring is over (after_scoring).
enum class DragonMoveTime { kAfterMeeple, kAfterScoring };

// Option `pd.fairy_placement` (PD-15): the fairy moves next to one of the
// player's followers and goes with that follower (next_to_follower, the second
// edition, the default), or onto the tile of one of them and stays with the
// tile (on_tile, the first edition).
enum class FairyPlacement { kNextToFollower, kOnTile };

// Option `pd.princess` (PD-21, PD-23): the princess's removal of a knight is a
// choice (may, the default) or compulsory when her city holds a knight
// (must, some first-edition texts).
enum class PrincessRemoval { kMay, kMust };

// Option `ic.edition` (IN-01): the tiles of Inns & Cathedrals, the classic
// editions' 18 (C1/C2/C3, set "ic") or the current edition's (C3.1, set
// "ic31"; 21 of its 24 tiles, see engine/catalogue/inns_and_cathedrals_c31_set.cc).
enum class InnsCathedralsEdition { kClassic, kCurrent };

// Option `ic.c31_incomplete_inn_cathedral` (IN-14, open question IN-Q1): what
// an incomplete road with an inn or city with a cathedral scores at the end
// in the current edition. The edition changed it and the new rule is not
// known, so a game with ic.edition = c31 must choose: zero (as C1/C2, IC-12)
// or ordinary (as any incomplete road or city, BG-21).
enum class IncompleteInnCathedral { kNotChosen, kZero, kOrdinary };

// Option `festival.return` (FV-04, FV-09): what a festival tile's placer may
// take back: any of their figures on the board (figure, the default: HiG's
// wording, JCloisterZone `festival-return = meeple`), or only a follower
// (follower, JCloisterZone `festival-return = follower`).
enum class FestivalReturn { kFigure, kFollower };

struct RuleSet {
  std::vector<Expansion> expansions;
  TinyCityPoints tiny_city_points = TinyCityPoints::kFourPoints;
  // Inns & Cathedrals (options ic.edition, ic.c31_incomplete_inn_cathedral).
  InnsCathedralsEdition ic_edition = InnsCathedralsEdition::kClassic;
  IncompleteInnCathedral ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kNotChosen;
  // Traders & Builders modules (options tb.goods, tb.builder, tb.pig; all on
  // by default when the expansion is on).
  bool tb_goods = true;
  bool tb_builder = true;
  bool tb_pig = true;
  // The River.
  RiverParts river_parts = RiverParts::kRiverOne;
  bool river_u_turn_rule = true;      // option river.u_turn_rule (RV-04)
  bool river_lookahead_block = true;  // option river.lookahead_block (RV-05)
  // King & Robber Baron (options king_robber.*). A flat bonus and live
  // scoring exclude each other (AMB-06: live scoring has no end bonus).
  KingRobberFlatBonus king_robber_flat_bonus = KingRobberFlatBonus::kOff;
  KingRobberLiveScoring king_robber_live_scoring = KingRobberLiveScoring::kOff;
  bool king_robber_leipzig_counts = true;     // KR-18: no Leipzig in this build
  bool king_robber_ignore_road_stubs = true;  // KR-20, AMB-42: SegmentType::road_stub
  // The Count of Carcassonne (options count.*).
  CountTrigger count_trigger = CountTrigger::kScoring;
  CountMovement count_movement = CountMovement::kFree;
  bool count_rgg_block_deploy_into_count_quarter = false;  // CO-54, AMB-11
  CountFinalRedeploy count_final_redeploy = CountFinalRedeploy::kAnyQuarter;
  CountRiverLayout count_river_layout = CountRiverLayout::kSpringNextToCity;
  // With Abbey & Mayor (CO-09, CO-38, AMB-12): a mayor or wagon redeployed
  // from Carcassonne counts as two followers in that scoring (RGG wording);
  // default: its usual strength.
  bool count_mayor_wagon_count_as_two = false;
  // With the barn (AMB-08): market followers may join a field scored by a
  // barn's placement (CO-45, default on) or by a join to a barn's field
  // (CO-44, Chris O's reading, default off).
  bool count_market_redeploy_on_barn = true;
  bool count_market_redeploy_on_farm_join = false;
  // Abbey & Mayor modules (options am.abbey, am.mayor, am.wagon, am.barn; all
  // off by default: with all four off the expansion is its 12 land tiles).
  // Only with Expansion::kAbbeyAndMayor; a module this build does not
  // implement is rejected (IsSupportedAbbeyAndMayorModule).
  bool am_abbey = false;
  bool am_mayor = false;
  bool am_wagon = false;
  bool am_barn = false;
  WagonMove am_wagon_move = WagonMove::kC2NearbyTiles;
  BarnMulti am_barn_multi = BarnMulti::kEachOwner;
  // Bridges, Castles & Bazaars modules (options bc.bridges, bc.castles,
  // bc.bazaars). Each is off by default, so that the expansion alone brings
  // only its 12 land tiles (BC-01).
  bool bc_bridges = false;
  bool bc_castles = false;
  bool bc_bazaars = false;
  // ... option bc.bazaar_bidding: the bazaar's auction (BC-19, BC-20), or the
  // variant without bidding where each player simply picks (false, BC-22).
  bool bc_bazaar_bidding = true;
  // The Cult (option cult.tile_set).
  CultTiles cult_tiles = CultTiles::kRioGrandeSix;
  // Siege (options siege.*).
  SiegePigBesiegedValue siege_pig_besieged_value = SiegePigBesiegedValue::kDouble;
  SiegeEscapeAdjacency siege_escape_adjacency = SiegeEscapeAdjacency::kSiegeTile;
  // Hills & Sheep (option hs.hill_tiebreak).
  HillTiebreak hs_hill_tiebreak = HillTiebreak::kAnyFollowerOnHill;
  // Hills & Sheep (option hs.grow_before_closed_scoring, HS-21): when the
  // active player closes the field of their own shepherd, they may grow the
  // flock once before the closed field is driven (HS-20).
  bool hs_grow_before_closed_scoring = true;
  // Mage & Witch (option mage_witch.magic_tile_choice).
  MagicTileChoice mage_witch_magic_tile_choice = MagicTileChoice::kPlaceSetAsideFirst;
  // The Princess & the Dragon (option pd.dragon_move_time).
  DragonMoveTime pd_dragon_move_time = DragonMoveTime::kAfterMeeple;
  // The Princess & the Dragon (options pd.fairy_placement, pd.princess).
  FairyPlacement pd_fairy_placement = FairyPlacement::kNextToFollower;
  PrincessRemoval pd_princess = PrincessRemoval::kMay;
  // The Princess & the Dragon with the Count (option
  // count.dragon_enters_city_tiles, AMB-09, CO-15, CO-24): the dragon may
  // fly onto the 12 city tiles and eat the followers on their outer features
  // (never the Count nor the quarters, which are off the board).
  bool count_dragon_enters_city_tiles = true;
  // The Tower (option tw.tower_top_capturable, TW-10): a meeple on top of a
  // tower may be captured by a floor placed within reach (C2, the default).
  bool tw_tower_top_capturable = true;
  // The Festival (option festival.return, FV-09).
  FestivalReturn festival_return = FestivalReturn::kFigure;

  // ----- Variants as data (issue #30; engine/rule_variants.h checks them) -----
  // Option base.farmers (BG-05, BG-22): false plays without farmers: no
  // follower may stand in a field and no field is scored.
  bool farmers = true;
  // The figures each player owns (options base.followers, ic.big_followers,
  // am.barns; FiguresOwned, BarnsOwned): the box's 7 followers, 1 big
  // follower with Inns & Cathedrals (IC-07), 1 barn with am.barn (AM-01).
  int followers = 7;
  int ic_big_followers = 1;
  int am_barns = 1;
  // Option ic.classic_incomplete_inn_cathedral (IC-12, BG-21): what an
  // incomplete inn road / cathedral city scores at the end with the classic
  // tiles: zero (IC-12, the default) or ordinary (as any incomplete feature).
  IncompleteInnCathedral ic_classic_incomplete_inn_cathedral = IncompleteInnCathedral::kZero;
  // An expansion's tiles without one of its elements (options hs.hills,
  // hs.vineyards, ic.inns, ic.cathedrals, pd.portal, pd.princess_symbol,
  // siege.besieged, abbot.gardens; all true, the box's
  // rules): false plays each tile as if the element were not printed on it
  // (docs/rules-and-options.md, "Variants as data").
  bool hs_hills = true;
  bool hs_vineyards = true;
  bool ic_inns = true;
  bool ic_cathedrals = true;
  bool pd_portal = true;
  bool pd_princess_symbol = true;
  bool siege_besieged = true;
  bool abbot_gardens = true;
  // Option hs.vineyards_around_gardens (AB-12, AT-14, the C3.1 reading): a
  // completed garden and an abbot's retreat count the vineyards around them
  // too, 3 each as around a completed monastery (HS-09). Default false (C2,
  // AB-11, HS-11).
  bool hs_vineyards_around_gardens = false;

  bool Has(Expansion expansion) const {
    return std::find(expansions.begin(), expansions.end(), expansion) != expansions.end();
  }
};

// Whether this build implements the rules of `expansion`.
bool IsSupported(Expansion expansion);

struct TileType;

// AB-01: how many copies of `type` the game has: the garden edition's
// (TileType::garden_edition_count) when the Abbot is in play (with option
// abbot.gardens, the default) and the type's set has a garden edition, else
// the classic edition's (TileType::count).
int CopiesInGame(const RuleSet& rules, const TileType& type);

// Whether the tiles of catalogue set `set` ("base", "ic", ...) are in a game
// with `rules`: the base set always, an expansion's set when it is on.
bool TileSetInPlay(const RuleSet& rules, std::string_view set);

}  // namespace carcassonne

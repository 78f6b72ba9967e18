// The rule option and known-gap tables (see rule_options.h). (Over 600 lines:
// two data tables, one entry per option and per known gap, kept together.)
// Why one file: the registry of every option and known gap as data, in GetCatalog's order, which
// tests and docs read as one list.
#include "engine/rule_options.h"

namespace carcassonne {

std::span<const RuleOption> RuleOptions() {
  static const std::vector<RuleOption> options = {
      {"base.tiny_city_points",
       {"4_points", "2_points"},
       "4_points",
       {"BG-11"},
       "The score of a completed city of exactly two tiles: 4_points = 2 per tile (current "
       "rules; RuleSet.tiny_city_points TINY_CITY_POINTS_FOUR or unset); 2_points = 1 per tile "
       "(first edition; TINY_CITY_POINTS_TWO)."},
      {"tb.goods",
       {"true", "false"},
       "true",
       {"TB-04", "TB-05", "TB-06"},
       "Traders & Builders goods tokens (RuleSet.tb_goods)."},
      {"tb.builder",
       {"true", "false"},
       "true",
       {"TB-09", "TB-11", "TB-12", "TB-15"},
       "Traders & Builders builder and its double turn (RuleSet.tb_builder)."},
      {"tb.pig",
       {"true", "false"},
       "true",
       {"TB-19", "TB-21"},
       "Traders & Builders pig (RuleSet.tb_pig)."},
      {"river.parts",
       {"river_i", "river_ii", "both"},
       "river_i",
       {"RV-01", "RV-08", "RV-11"},
       "Which river is laid with the River (RuleSet.river_parts)."},
      {"river.u_turn_rule",
       {"true", "false"},
       "true",
       {"RV-04"},
       "The river may not bend twice in a row in the same direction (RuleSet.river_u_turn_rule)."},
      {"river.lookahead_block",
       {"true", "false"},
       "true",
       {"RV-05"},
       "After a river tile, the cells ahead of each open river end must be empty "
       "(RuleSet.river_lookahead_block)."},
      {"king_robber.flat_bonus",
       {"off", "10_each", "10_each_40_both", "15_each_40_both"},
       "off",
       {"KR-24", "KR-25", "KR-26", "AMB-01"},
       "House rule: at the end, instead of 1 point per completed city / road (KR-11, KR-13), "
       "each holder scores 10 per token held (10_each), or 10 each and 40 for one player "
       "holding both (10_each_40_both), or 15 each and 40 for both (15_each_40_both) "
       "(RuleSet.king_robber_flat_bonus). Not with king_robber.live_scoring."},
      {"king_robber.live_scoring",
       {"off", "after_transfer", "before_transfer"},
       "off",
       {"KR-27", "AMB-06"},
       "House rule: no end bonus; each time a city (road) is completed the holder of the King "
       "(Robber Baron) scores 1: the holder after that completion's transfer (after_transfer), "
       "or, as JCloisterZone reads it, the holder from before the turn's transfer "
       "(before_transfer) (RuleSet.king_robber_live_scoring). Not with king_robber.flat_bonus."},
      {"king_robber.leipzig_counts",
       {"true", "false"},
       "true",
       {"KR-18", "AMB-04"},
       "The city of Leipzig (The Markets of Leipzig) counts for the King's end bonus "
       "(RuleSet.king_robber_leipzig_counts). This build has no Leipzig: no effect."},
      {"king_robber.ignore_road_stubs",
       {"true", "false"},
       "true",
       {"KR-20", "AMB-04", "AMB-42"},
       "Road segments that the catalogue marks as stubs (neither occupiable nor scorable, "
       "AMB-42) are not roads for the Robber Baron: they add no tile to a road's length, and a "
       "road of stubs only never moves the token nor counts at the end "
       "(RuleSet.king_robber_ignore_road_stubs). The catalogue marks the two roads of ic:05 "
       "(Inns & Cathedrals), which end on that tile; no other road is excluded (AMB-42)."},
      {"count.trigger",
       {"scoring", "completion"},
       "scoring",
       {"CO-05", "CO-28", "AMB-07"},
       "What earns the active player a deployment into Carcassonne, the active player having "
       "scored no points in the turn part: another player scored points (scoring), or, as the "
       "original rules had it, another player scored points for a completed road, city or "
       "monastery (completion) (RuleSet.count_trigger)."},
      {"count.movement",
       {"free", "clockwise", "follow_deployment"},
       "free",
       {"CO-16", "CO-19", "CO-20"},
       "How the Count moves: freely with a deployment (free), by himself one quarter clockwise "
       "(castle, market, blacksmith, cathedral) whenever a follower enters (clockwise, variant "
       "A), or to the new follower's quarter (follow_deployment, variant B) "
       "(RuleSet.count_movement)."},
      {"count.rgg_block_deploy_into_count_quarter",
       {"false", "true"},
       "false",
       {"CO-54", "AMB-11"},
       "The RGG Big Box 2 text: no follower may be put into the quarter where the Count stands "
       "(RuleSet.count_rgg_block_deploy_into_count_quarter)."},
      {"count.final_redeploy",
       {"any_quarter", "market_only"},
       "any_quarter",
       {"CO-46", "AMB-45"},
       "Which quarters may be emptied before the final scoring: every quarter, each to its kind "
       "of feature (any_quarter), or only the market, to fields (market_only) "
       "(RuleSet.count_final_redeploy)."},
      {"count.river_layout",
       {"spring_next_to_city", "river_first_house_rule"},
       "spring_next_to_city",
       {"CO-21", "CO-26", "CO-27", "AMB-13"},
       "The River with the Count: the spring is drawn first and goes next to the city, the "
       "river leading away from it (spring_next_to_city); the house rule laying the river first "
       "(river_first_house_rule) is not built and is rejected (RuleSet.count_river_layout)."},
      {"am.abbey",
       {"false", "true"},
       "false",
       {"AM-03", "AM-04", "AM-05", "AM-06", "AM-07"},
       "Abbey & Mayor: each player holds an abbey tile (RuleSet.am_abbey, Player.abbeys), placed "
       "instead of a drawn tile into a hole (PlaceTile of am:abbey): its sides match anything and "
       "close what they meet, its monastery scores as a monastery. Needs "
       "EXPANSION_ABBEY_AND_MAYOR. When the last land tile is placed, the players still holding "
       "it may place it in turn order from the next player (PHASE_FINAL_ABBEY, AM-07), before "
       "the Count's final redeployment and the final scoring."},
      {"am.mayor",
       {"false", "true"},
       "false",
       {"AM-08", "AM-09", "AM-10", "AM-14"},
       "Abbey & Mayor: each player has a mayor (RuleSet.am_mayor): a follower placed only in a "
       "city of the tile just placed, whose strength is the number of coats of arms in the whole "
       "city when it is scored (0 without any). Needs EXPANSION_ABBEY_AND_MAYOR."},
      {"am.wagon",
       {"false", "true"},
       "false",
       {"AM-11", "AM-12", "AM-13"},
       "Abbey & Mayor: each player has a wagon (RuleSet.am_wagon): a follower of strength 1 on a "
       "road, city or monastery; when the turn scores its feature its owner may move it to a "
       "nearby feature (am.wagon_move). Needs EXPANSION_ABBEY_AND_MAYOR. With the Count it may "
       "go into the castle, blacksmith or cathedral quarter (CO-09)."},
      {"am.wagon_move",
       {"c2_nearby_tiles", "c1_connected"},
       "c2_nearby_tiles",
       {"AM-12", "AM-13"},
       "Where a scored wagon may move: onto an unfinished, unoccupied road, city or monastery on "
       "its tile or one of the 8 around (c2_nearby_tiles, C2), or one connected to the scored "
       "feature (c1_connected, C1): the city or monastery a road of it ends at, a road ending "
       "at its gate or door or at a junction with it, or an abbey's monastery across a side "
       "(RuleSet.am_wagon_move)."},
      {"am.barn",
       {"false", "true"},
       "false",
       {"AM-15", "AM-16", "AM-17", "AM-18", "AM-19", "AM-20"},
       "Abbey & Mayor: each player has a barn (RuleSet.am_barn). With the Count its placement "
       "may earn a deployment (CO-31) and opens a market round (count.market_redeploy_on_barn)."},
      {"am.barn_multi",
       {"each_owner", "majority"},
       "each_owner",
       {"AM-20", "AM-Q1"},
       "At the end, a field holding barns of several players (joined fields): each of their "
       "owners scores it once (each_owner, JCloisterZone), or only the players with the most "
       "barns there (majority, a C1 community summary) (RuleSet.am_barn_multi)."},
      {"bc.bridges",
       {"false", "true"},
       "false",
       {"BC-02", "BC-03", "BC-04", "BC-05", "BC-06", "BC-07", "BC-08", "BC-09"},
       "Bridges, Castles & Bazaars: each player's bridges (RuleSet.bc_bridges; needs the "
       "expansion). Each player has 3 (2 with 5 or 6 players); one a turn goes with a tile, "
       "on it or on a tile next to it (PlaceTile.bridge), and makes a road over two field "
       "sides."},
      {"bc.castles",
       {"false", "true"},
       "false",
       {"BC-02", "BC-10", "BC-11", "BC-12", "BC-13", "BC-14", "BC-15", "BC-16", "KR-15", "CO-42"},
       "Bridges, Castles & Bazaars: castles made from completed 2-segment cities "
       "(RuleSet.bc_castles; needs the expansion). Each player has 3 castle tokens (2 with 5 or "
       "6 players)."},
      {"bc.bazaars",
       {"false", "true"},
       "false",
       {"BC-18", "BC-19", "BC-20", "BC-21", "BC-23"},
       "Bridges, Castles & Bazaars: a bazaar once the turn that placed a tile with the bazaar "
       "symbol is over: one tile per player revealed, picked and auctioned in turn, each placed "
       "by its owner on their next turn instead of drawing (RuleSet.bc_bazaars; needs the "
       "expansion; PHASE_BAZAAR_DRAW, PHASE_BAZAAR_OFFER, PHASE_BAZAAR_BID, "
       "PHASE_BAZAAR_SETTLE)."},
      {"bc.bazaar_bidding",
       {"true", "false"},
       "true",
       {"BC-19", "BC-20", "BC-22"},
       "Bridges, Castles & Bazaars, with bc.bazaars: the bazaar's auction (true, the rules), "
       "or the variant without bidding where each player in turn simply takes the tile they "
       "pick (false, JCloisterZone option bazaar-no-auction) (RuleSet.bc_bazaar_bidding)."},
      {"cult.tile_set",
       {"cult_6", "heretics_and_shrines_5"},
       "cult_6",
       {"CU-01"},
       "The Cult: which shrine tiles are in the bag: Rio Grande's 6 (cult_6, The Cult in Cult, "
       "Siege & Creativity; JCloisterZone cult/6) or Hans im Glueck's 5 of Heretics and Shrines "
       "(heretics_and_shrines_5, without cult:6; JCloisterZone cult/5) (RuleSet.cult_tiles). "
       "The rules are the same."},
      {"siege.pig_besieged_value",
       {"double", "plus_one"},
       "double",
       {"SI-08", "SI-09"},
       "Siege: what a completed besieged city is worth at the end to a farmer with the pig: 8, "
       "twice the pig's 4, as the rules say (double), or 7, 3 + 3 + the pig's 1, as "
       "JCloisterZone scores it (plus_one) (RuleSet.siege_pig_besieged_value)."},
      {"siege.escape_adjacency",
       {"siege_tile", "any_city_tile"},
       "siege_tile",
       {"SI-10", "SI-11"},
       "Siege: a knight may escape a besieged city when a cloister borders (side or corner) a "
       "tile of the city with a siege symbol (siege_tile, Hans im Glueck's original) or any tile "
       "of the city (any_city_tile, Rio Grande's Siege; JCloisterZone's default) "
       "(RuleSet.siege_escape_adjacency)."},
      {"hs.hill_tiebreak",
       {"any_follower_on_hill", "most_followers_on_hills"},
       "any_follower_on_hill",
       {"HS-05", "HS-06", "HS-07"},
       "Hills & Sheep: among the players tied for the most strength in a scored road, city, "
       "monastery or field, those with at least one follower on a hill tile of it score (if "
       "none has one, all score; any_follower_on_hill, JCloisterZone's default), or those with "
       "the most followers on hill tiles of it (most_followers_on_hills, JCloisterZone's "
       "number-of-followers) (RuleSet.hs_hill_tiebreak). More strength always wins."},
      {"hs.grow_before_closed_scoring",
       {"true", "false"},
       "true",
       {"HS-20", "HS-21"},
       "Hills & Sheep: when the active player's tile closes the field of their own shepherd, "
       "they may first grow the flock once (a wolf scatters it) and then the closed field is "
       "driven (true, JCloisterZone's reading), or the closed field is driven at once (false) "
       "(RuleSet.hs_grow_before_closed_scoring)."},
      {"mage_witch.magic_tile_choice",
       {"place_set_aside_first", "either"},
       "place_set_aside_first",
       {"MW-04", "MW-06", "AMB-19", "AMB-43"},
       "Mage & Witch: on a magic tile, a magic figure beside the board is placed, and one on the "
       "board is moved only when both stand on it (place_set_aside_first); or the player places "
       "or moves either (either, the earlier reading) "
       "(RuleSet.mage_witch_magic_tile_choice)."},
      {"count.dragon_enters_city_tiles",
       {"true", "false"},
       "true",
       {"AMB-09", "CO-15", "CO-24", "CO-51"},
       "The Princess & the Dragon with the Count: the dragon may fly onto the 12 city tiles and "
       "eat the followers on their outer features, never the Count nor the followers in the "
       "quarters (true, the later ruling); or never enters them (false, the rule text) "
       "(RuleSet.count_dragon_enters_city_tiles)."},
      {"pd.dragon_move_time",
       {"after_meeple", "after_scoring"},
       "after_meeple",
       {"PD-09"},
       "The Princess & the Dragon: on a tile with a dragon symbol the dragon flies after the "
       "tile's figure step and before the scoring (after_meeple, the second edition's order), or "
       "once the turn's scoring is over (after_scoring; JCloisterZone offers both) "
       "(RuleSet.pd_dragon_move_time)."},
      // The Count with Abbey & Mayor (appended: the catalogue's indexes stay).
      {"count.mayor_wagon_count_as_two",
       {"false", "true"},
       "false",
       {"CO-09", "CO-30", "CO-38", "AMB-12"},
       "The Count with Abbey & Mayor: the mayor (castle quarter) and the wagon (castle, "
       "blacksmith or cathedral quarter) go into and out of Carcassonne like followers; "
       "redeployed, they count with their usual strength (false: the mayor the city's coats of "
       "arms, the wagon 1), or as two followers each (true, the RGG wording) "
       "(RuleSet.count_mayor_wagon_count_as_two). Needs the Count and am.mayor or am.wagon."},
      {"count.market_redeploy_on_barn",
       {"true", "false"},
       "true",
       {"CO-45", "AMB-08", "CO-T05b"},
       "The Count with the barn: right after a barn is placed and before its field scores, a "
       "redeployment round (from the player after the active one, the active one last) lets "
       "market-quarter followers join that field (RuleSet.count_market_redeploy_on_barn). Needs "
       "the Count and am.barn to be set."},
      {"count.market_redeploy_on_farm_join",
       {"false", "true"},
       "false",
       {"CO-44", "AMB-08", "CO-T05"},
       "The Count with the barn: the same market round before farmers that a tile joined to a "
       "barn's field score (1 per completed city, AM-19), Chris O's reading "
       "(RuleSet.count_market_redeploy_on_farm_join). Needs the Count and am.barn."},
      {"pd.fairy_placement",
       {"next_to_meeple", "on_tile"},
       "next_to_meeple",
       {"PD-15", "PD-17", "PD-18"},
       "The Princess & the Dragon: the fairy moves next to one of the player's followers and "
       "goes with it (next_to_meeple, the second edition; its point, PD-17, and bonus, PD-18, "
       "are that follower's owner's), or onto the tile of one of them and stays with the tile "
       "(on_tile, the first edition; the point goes to a player with a follower on that tile at "
       "the start of their turn, the bonus once to each owner of a follower of the scored "
       "feature on it) (RuleSet.pd_fairy_placement)."},
      {"pd.princess",
       {"may", "must"},
       "may",
       {"PD-21", "PD-23"},
       "The Princess & the Dragon: the princess's removal of a knight of her city is a choice "
       "(may), or compulsory when her city holds one (must, some first-edition texts; no other "
       "figure step is then allowed) (RuleSet.pd_princess)."},
      {"tw.tower_top_capturable",
       {"true", "false"},
       "true",
       {"TW-10", "TW-Q1"},
       "The Tower: a meeple on top of a tower may be captured by a floor placed within reach "
       "(true, the C2 text and JCloisterZone) or is immune (false, a C1 community summary) "
       "(RuleSet.tw_tower_top_capturable). Needs EXPANSION_TOWER."},
      {"ic.edition",
       {"classic", "c31"},
       "classic",
       {"IN-01", "IN-02", "IC-01"},
       "Inns & Cathedrals: the 18 tiles of the first to third editions (classic, set ic) or "
       "the current edition's (c31, set ic31: 21 of its 24 tiles; C, I and T are not built, "
       "see the known gaps IN-02, IN-15, IN-16) (RuleSet.ic_edition). Scoring is the same in "
       "both (IC-11, IN-12) but for incomplete features at the end (option "
       "ic.c31_incomplete_inn_cathedral). Needs EXPANSION_INNS_CATHEDRALS."},
      {"ic.c31_incomplete_inn_cathedral",
       {"not_chosen", "zero", "ordinary"},
       "not_chosen",
       {"IN-14", "IC-12", "BG-21"},
       "The current edition's end-game value of an incomplete road with an inn or city with a "
       "cathedral: that edition changed it and the rule is not known (IN-Q1), so a game with "
       "ic.edition = c31 must choose: zero (as the classic editions, IC-12) or ordinary (1 per "
       "tile, and 1 per coat of arms in a city, BG-21). not_chosen is refused with c31; any "
       "other value is refused without it (RuleSet.ic_c31_incomplete_inn_cathedral)."},
      {"festival.return",
       {"figure", "follower"},
       "figure",
       {"FV-04", "FV-09"},
       "The Festival: after placing a festival tile, instead of deploying, the player may take "
       "back any of their figures on the board (figure: followers, big follower, mayor, wagon, "
       "builder, pig, ringmaster, shepherd, abbot, barn; HiG's wording, JCloisterZone "
       "festival-return = meeple) or only a follower (follower; JCloisterZone festival-return = "
       "follower) (RuleSet.festival_return). Needs EXPANSION_FESTIVAL."},
      // ----- Variants as data (issue #30; engine/rule_variants.h) -----
      {"base.farmers",
       {"true", "false"},
       "true",
       {"BG-05", "BG-22"},
       "Fields take farmers (true, the box's rules), or the game is played without farmers "
       "(false): no follower may be placed in a field (VIOLATION_CODE_FIGURE_NOT_ALLOWED citing "
       "BG-05; also through the magic portal), so no field is ever scored (BG-22). The pig then "
       "never finds its owner's farmer (TB-19); the shepherd is no farmer (HS-15) and is played "
       "as usual. Refused with am.barn (a barn only scores fields, AM-15, AM-17) and with the "
       "Count (the market quarter sends followers only into fields, CO-11) "
       "(RuleSet.farmers)."},
      {"base.followers",
       {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15"},
       "7",
       {"BG-01", "BG-04"},
       "How many followers each player owns (the box's 7; 1 to 15, else refused) "
       "(RuleSet.followers). A snapshot's supply and figures are checked against it."},
      {"ic.big_followers",
       {"0", "1", "2", "3"},
       "1",
       {"IC-07", "IC-10"},
       "Inns & Cathedrals: how many big followers each player owns (the box's 1; 0 to 3, else "
       "refused; any value but 1 needs EXPANSION_INNS_AND_CATHEDRALS) "
       "(RuleSet.ic_big_followers)."},
      {"am.barns",
       {"1", "2", "3"},
       "1",
       {"AM-01", "AM-15"},
       "Abbey & Mayor, with am.barn: how many barns each player owns (the box's 1; 1 to 3, "
       "else refused; any value but 1 needs am.barn). Each barn follows AM-15..AM-20; a field "
       "still takes one barn (AM-16) (RuleSet.am_barns)."},
      {"ic.classic_incomplete_inn_cathedral",
       {"zero", "ordinary"},
       "zero",
       {"IC-12", "BG-21"},
       "Inns & Cathedrals, classic tiles (ic.edition = classic): at the end an incomplete road "
       "with an inn or city with a cathedral scores nothing (zero, the rules, IC-12) or its "
       "ordinary value (ordinary: 1 per tile, and 1 per coat of arms in a city, BG-21). The "
       "current edition's choice is ic.c31_incomplete_inn_cathedral. ordinary needs "
       "EXPANSION_INNS_AND_CATHEDRALS and the classic edition "
       "(RuleSet.ic_classic_incomplete_inn_cathedral)."},
      // An expansion's tiles without one of its elements: each tile is played
      // as if the element were not printed on it.
      {"hs.hills",
       {"true", "false"},
       "true",
       {"HS-03", "HS-05"},
       "Hills & Sheep with its hills (true) or without (false): a hill tile is then a plain "
       "tile: no tile goes under it (a hidden tile is refused, HS-03) and it breaks no tie "
       "(HS-05) (RuleSet.hs_hills). false needs EXPANSION_HILLS_AND_SHEEP."},
      {"hs.vineyards",
       {"true", "false"},
       "true",
       {"HS-09"},
       "Hills & Sheep with its vineyards (true) or without (false): a vineyard tile then adds "
       "nothing to a completed monastery (HS-09) (RuleSet.hs_vineyards). false needs "
       "EXPANSION_HILLS_AND_SHEEP."},
      {"ic.inns",
       {"true", "false"},
       "true",
       {"IC-11", "IC-12", "IN-12"},
       "Inns & Cathedrals with its inns (true) or without (false): a road with an inn then "
       "scores as any road, completed (BG-10) or not (BG-21), also for the mage (MW-17) "
       "(RuleSet.ic_inns). false needs EXPANSION_INNS_AND_CATHEDRALS."},
      {"ic.cathedrals",
       {"true", "false"},
       "true",
       {"IC-11", "IC-12", "IN-12"},
       "Inns & Cathedrals with its cathedrals (true) or without (false): a city with a "
       "cathedral then scores as any city (BG-11, BG-21), also for the mage (AMB-23) and "
       "besieged (SI-05) (RuleSet.ic_cathedrals). false needs EXPANSION_INNS_AND_CATHEDRALS."},
      {"pd.portal",
       {"true", "false"},
       "true",
       {"PD-20"},
       "The Princess & the Dragon with its magic portals (true) or without (false): a portal "
       "tile is then a plain tile; a follower goes only onto the tile just placed (BG-04) "
       "(RuleSet.pd_portal). false needs EXPANSION_PRINCESS_AND_DRAGON."},
      {"pd.princess_symbol",
       {"true", "false"},
       "true",
       {"PD-21", "PD-23"},
       "The Princess & the Dragon with its princesses (true) or without (false): a city with "
       "the princess is then a plain city; no knight is sent home (PD-21, PD-23) "
       "(RuleSet.pd_princess_symbol). false needs EXPANSION_PRINCESS_AND_DRAGON. The dragon "
       "cannot be left out (known gap PD-04)."},
      {"siege.besieged",
       {"true", "false"},
       "true",
       {"SI-02", "SI-03", "SI-08", "SI-10"},
       "Siege with its besieged cities (true) or without (false): the siege symbols are then "
       "not printed: no city is besieged, none loses value (SI-03..SI-08) and no knight "
       "escapes (SI-10) (RuleSet.siege_besieged). false needs EXPANSION_SIEGE."},
      {"abbot.gardens",
       {"true", "false"},
       "true",
       {"AB-01", "AB-02", "AB-03"},
       "The Abbot with the garden edition of the tiles (true) or with the classic edition's "
       "(false): no garden twin is in the bag (AB-01: TileTypeInfo.count, not "
       "garden_edition_count), no figure may stand on a garden printed on a tile (ic31:B, "
       "ic31:H), and the abbot goes on monasteries only (AB-03) (RuleSet.abbot_gardens). false "
       "needs EXPANSION_ABBOT."},
      {"hs.vineyards_around_gardens",
       {"false", "true"},
       "false",
       {"AB-11", "AB-12", "HS-09", "HS-11"},
       "Hills & Sheep with the Abbot: vineyards add only to a completed monastery (false, C2: "
       "AB-11, HS-11), or also to a completed garden and to an abbot's retreat from a monastery "
       "or garden (true, the C3.1 reading of AB-12 / AT-14), 3 each as around a completed "
       "monastery (HS-09; the C3.1 value is open, AB-Q1) "
       "(RuleSet.hs_vineyards_around_gardens). true needs EXPANSION_HILLS_AND_SHEEP with "
       "hs.vineyards and EXPANSION_ABBOT with abbot.gardens."},
  };
  return options;
}

std::span<const KnownGap> KnownGaps() {
  static const std::vector<KnownGap> gaps = {
      {"IC-13",
       "[unconfirmed] C3.1 end-game value of an incomplete inn road / cathedral city: see IN-14 "
       "(the current edition makes the caller choose); the classic editions score 0 (IC-12; "
       "option ic.classic_incomplete_inn_cathedral = ordinary gives them their ordinary value, "
       "BG-21)."},
      {"IC-14", "[unconfirmed] C3.1 'short roads': see IN-15."},
      {"IN-02",
       "The current edition's river tile T (a road crossing the river, with an inn) is not in "
       "the catalogue: where it goes is not stated (IN-05 [inferred] with the River, open "
       "question IN-Q5), so option ic.edition = c31 plays without it."},
      {"IN-08",
       "[inferred] The current edition's large meeple counts 2 for majorities (IN-08, open "
       "question IN-Q6): the C3.1 text only says it is stronger; this build counts it 2, as "
       "the classic editions (IC-10)."},
      {"IN-14",
       "C3.1 end-game value of incomplete inn roads and cathedral cities: the rule is unknown "
       "(IN-14 [unconfirmed], IN-Q1). Not built as a rule: option "
       "ic.c31_incomplete_inn_cathedral makes a game with ic.edition = c31 choose zero (IC-12) "
       "or ordinary (BG-21); the fan reading (ordinary) is not made the default."},
      {"IN-15",
       "C3.1 'short roads': the rule is unknown (IN-15 [unconfirmed], IN-Q2). Tile I (whose "
       "lanes from the hamlet to the city gates decide its roads and fields) is not in the "
       "catalogue; on tile V the gate area is no road of its own (three roads end at the city, and "
       "each of its four fields borders the city)."},
      {"IN-16",
       "[inferred] The current edition's tile C (a junction of three roads with an inn beside "
       "both the W and E roads): which road the inn counts for is open (IN-Q3), so the tile is "
       "not in the catalogue. IN-11 (tile W: one ring road) is built from the tile art."},
      {"TB-14",
       "Option tb.builder_trigger (extend | complete_or_extend) is not built: the builder "
       "triggers only when a tile extends its feature, so an abbey (option am.abbey) that "
       "closes the builder's road or city never triggers it (AM-06)."},
      {"TB-24", "C3.1 pig scoring (open question TB-Q1): not built; the C2 pig (TB-21) applies."},
      {"RV-13", "Double-size river tiles (C3.1, 20th Anniversary): not in the catalogue."},
      {"RV-14", "C3.1 river tiles inside other expansions: not in the catalogue."},
      {"KR-18",
       "Leipzig (The Markets of Leipzig) for the King: not in this build; option "
       "king_robber.leipzig_counts has no effect."},
      {"CO-25",
       "The plague on the outer parts of the city tiles (CO-25, CO-52, AMB-10; option "
       "count.plague_on_city_tiles): the plague is not built."},
      {"CO-29",
       "Message points (AMB-14) as non-landscape scoring that never triggers a deployment "
       "(CO-29): The Messengers are not built. The Tower's ransom is (CO-T09: no "
       "deployment)."},
      {"CO-21",
       "House rule CO-21 (the river first, then the city beside it; option count.river_layout = "
       "river_first_house_rule): the city's place is fixed at (0, 0) by the geometry contract; "
       "not built, rejected as malformed."},
      {"AM-13",
       "The C1 wagon move (option am.wagon_move = c1_connected), engine practice where the rule "
       "is silent: 'connected' is read from the tiles as printed (the catalogue's EndsAt and "
       "EndsAtJunction: a road and the city gate or monastery door it ends at, roads ending at "
       "one junction) and across an abbey's side; the wagon goes onto the segment at the "
       "connection, not anywhere on the connected feature. The reference facts have no such "
       "data: the catalogue's was written from the tile descriptions and compared with "
       "JCloisterZone's wagon-move groups, which it follows; the tiles that differ from the "
       "usual reading are listed, each with its reason, in tests/engine/wagon_c1_test.cc. The "
       "tiles of the current Inns & Cathedrals (ic31) are read from the rules file's "
       "descriptions only."},
      {"AM-10",
       "The mayor with the tower (AM-10): a tower captures it like any follower (TW-09); it "
       "never goes on top of a tower (TW-06). With The Princess & the Dragon the mayor is a "
       "follower like any other: eaten by the dragon (PD-11), placed "
       "through the portal (PD-20), sent home by the princess (PD-21). The mayor in the Count's "
       "castle quarter: see CO-09."},
      {"BC-03",
       "Bridges, engine practice where the rules are silent: the builder's second tile (TB-11) "
       "is part of the same turn, so it takes no bridge when the first part placed one (one a "
       "turn); a snapshot does not say who placed a bridge on the board (none goes back to a "
       "supply), so the check only bounds the bridges on the board plus the supplies by what "
       "the players own (BC-02); a tile with a bridge is checked, when the snapshot is read, "
       "with its bridge's road ends as if it had been placed with it."},
      {"BC-Q2",
       "Open question: bid limits and negative scores in the bazaar. The sources set no limit; "
       "this referee keeps every score at 0 or more (a snapshot's scores are 0 to the maximum), "
       "so a bid is at most the bidder's score and a picker may buy only when their score "
       "covers the highest bid (else they sell). No rule beyond that is built."},
      {"BC-21",
       "Bazaar tiles in corner cases no source settles (engine practice): a player holding a "
       "bazaar tile places it, not their abbey (AM-03); a bazaar tile that fits nowhere is set "
       "aside (BG-03) and its owner draws from the bag; if the bag is then empty the game ends, "
       "even if other players still hold bazaar tiles; with the bag empty while bazaar tiles "
       "are held, the builder earns no second tile (TB-11). No bazaar opens in the final abbey "
       "round (AM-07)."},
      {"BC-30",
       "C3.1 Ext 8 (castles with damsels, barns, bridges worth 3; BC-30..BC-33, "
       "c31-castles-bridges.md): not built. The 3 points a bridge in a scored road (CB-03) are "
       "confirmed, but the edition's tiles, bridge supply and placement rules are not (CB-01, "
       "CB-04), so the C2 bridges (BC-03..BC-09) are the only ones built."},
      {"CU-06",
       "Vineyards on a shrine (HS-12; open HS-Q4: not built, see HS-12) and the abbot on a "
       "shrine ([inferred], cult.md section 3): not built; EXPANSION_ABBOT together with "
       "EXPANSION_CULT is rejected as malformed. Hills break ties on a shrine as on "
       "any monastery (HS-05). (A follower placed through a magic portal, PD-20, takes part "
       "in a challenge like any other: the challenge is judged when a building is completed, "
       "whatever brought its followers.)"},
      {"CU-08",
       "Harper's FAQ (cult.md section 3, untagged): a follower from Carcassonne may not go into "
       "an empty monastery when one tile completes both buildings of a pair. Not built: it "
       "contradicts the seed's CO-39 (followers may be redeployed onto an empty completed "
       "cloister), which this build follows, so the Count's round opens for that monastery too."},
      {"CU-10",
       "[inferred] second half of CU-10 (a building occupied only after its partner was scored "
       "is never challenged): no rule is built for it; in this build a completed shrine or "
       "monastery never takes a follower after its scoring, so the case cannot arise."},
      {"CU-11",
       "The wagon (Abbey & Mayor) on a building that loses a challenge 'returns without moving' "
       "([inferred], cult.md section 3): no rule of its own is built; the wagon is a follower "
       "(AM-11), so CU-07 sends it back, and it moves only after a scoring of its feature "
       "(AM-12), which a lost challenge is not."},
      {"CU-Q1",
       "Open question: the second-edition (C2) text of the shrines; this build plays the C1 "
       "rules (CU-02..CU-13)."},
      {"CU-Q2",
       "Open question: whether gardens (the Abbot) and special monasteries count for the "
       "placement limit and the challenge. Not built: gardens are in play only with "
       "EXPANSION_ABBOT, which this build refuses together with EXPANSION_CULT; the catalogue "
       "has no special monastery, so only monastery and shrine segments take part."},
      {"CU-Q3",
       "Open question ([inferred] answer not built as a ruling): the order of the Count's "
       "redeployment round, the winner's scoring and the loser's removal. The engine opens the "
       "round before the winner is scored (CO-10) and removes the loser's followers when the "
       "winner is scored (CU-07's wording), as the Count's round does before every scoring."},
      {"SI-02",
       "[inferred] part of SI-02 (several siege tiles in one city change nothing more): no rule "
       "of its own; a city is besieged or not."},
      {"SI-09",
       "Barns and besieged cities (SI-09, JCloisterZone doubles a barn's values; open question "
       "SI-Q1): not built; am.barn together with EXPANSION_SIEGE is rejected as malformed."},
      {"SI-13",
       "JCloisterZone's one escape per whole turn (SI-13, engine practice difference): not "
       "built; the official one per turn part applies, so a builder's double turn may have two."},
      {"SI-14",
       "[inferred] second half of SI-14 and open question SI-Q2 (the escape against the Count's "
       "deployment): no ruling is built; the engine offers the escape as the last decision of "
       "the turn part, after the wagons' moves and the Count's deployment (SI-14: when the "
       "player has nothing more to do), so an escaped follower serves from the next turn on."},
      {"SI-16",
       "[inferred] SI-16 (escape only from unfinished cities): no rule of its own; a completed "
       "city is scored and emptied at once, and a castle made of one is no city (BC-11)."},
      {"SI-Q3",
       "Open question: whether a besieged city of two segments may become a castle (Bridges, "
       "Castles & Bazaars; [inferred]: no rule forbids it). No rule is built: the castles module "
       "treats it as any city; the castle then is no city and not besieged (BC-11). Goods in a "
       "besieged city (TB-04) and the King's count (KR-09, KR-14) are as for any city "
       "([inferred], no rule of their own). Hills break ties in a besieged city as in any "
       "city (HS-05)."},
      {"HS-01",
       "JCloisterZone's setting with two shepherds per player (engine test "
       "flock-multiple-shepherds.jcz) is no rule of the box (HS-01: one shepherd each): not "
       "built."},
      {"HS-08",
       "[inferred] HS-08 and open question HS-Q3 (which tile a follower redeployed by the Count "
       "or through a magic portal stands on): no ruling of its own; a follower counts as on a "
       "hill when the segment it stands on lies on a hill tile, which is where every follower "
       "of this build stands."},
      {"HS-12",
       "Vineyards around a shrine (The Cult) (HS-12, engine practice; open question HS-Q4): not "
       "built; a shrine gets no vineyard bonus. An abbey (Abbey & Mayor) is a monastery and "
       "gets it as any monastery does (HS-09), as JCloisterZone pays it (HS-12)."},
      {"HS-Q1",
       "Open question: which edition says what on the hill tie-break (HS-06); both readings are "
       "the option hs.hill_tiebreak, default any_follower_on_hill."},
      {"HS-Q2",
       "Open question: a hill tile placed when the bag is empty (HS-04, engine practice, is "
       "built: nothing goes under it); a hill tile drawn as the last tile is not ruled on "
       "further."},
      {"HS-Q5",
       "Open question: whether a flock scoring (or a scattering) can satisfy the Count's "
       "deployment trigger (HS-Q5). Built: HS-26's engine practice, flock points never count "
       "for it; no ruling found."},
      {"HS-Q6",
       "Open question HS-Q6: the shepherd with the magic portal (C2; JCZ issue #357), the "
       "tower's capture and the fairy. Not built: the shepherd goes only onto the tile just "
       "placed (no portal), the fairy only next to a follower, and a tower's capture takes "
       "followers only (TW-09), never a shepherd."},
      {"HS-11",
       "Vineyards on gardens and at an abbot's retreat in C3.1 (AB-12, AT-14): option "
       "hs.vineyards_around_gardens, default false (the C2 rule: a vineyard adds to a completed "
       "monastery only, never to a garden nor to a retreat, AB-11, HS-11). The C3.1 value per "
       "vineyard is not in the seeds (AB-Q1, SS-Q2): the option pays the C2 monastery's 3 "
       "(HS-09)."},
      {"SS-01",
       "C3.1 Ext 9 Sheep & Shepherds (SS-01..SS-06, c31-sheep-shepherds.md): a different "
       "module whose rules are not confirmed (tiles, tokens and vineyard points unknown, "
       "SS-Q1..SS-Q4): no edition option; not built."},
      {"AM-07",
       "The fairy's point (PD-17) in the final abbey round: the rules are silent; this build "
       "gives none (the round is a last placement before the final scoring, no turn of play; "
       "JCloisterZone gives none either)."},
      {"PD-11",
       "The magic figures (Mage & Witch) under the dragon: the rules give no ruling; this build "
       "never eats them (they are no one's figures and stand on features, not tiles)."},
      {"PD-12",
       "Open question PD-Q1 (a figure on a tower and the dragon): built as JCloisterZone does "
       "(PD-12, engine practice): the dragon eats a meeple on top of a tower and leaves the "
       "tower. A castle's lord is never eaten (PD-12, JCloisterZone)."},
      {"TW-Q1",
       "Open question TW-Q1 (may a meeple on top of a tower be captured, TW-10): option "
       "tw.tower_top_capturable, default true (the C2 text and JCloisterZone); false for the C1 "
       "community reading (tower-top meeples immune)."},
      {"TW-Q2",
       "Open question TW-Q2 (may a player with fewer than 3 points pay a ransom, TW-12): the "
       "rules do not say and shared/rules/README.md takes no reading; this build takes "
       "JCloisterZone's: a ransom is refused when the payer has fewer than 3 points "
       "(RANSOM_NOT_ALLOWED, TW-12). No option."},
      {"TW-Q3",
       "Open question TW-Q3 (the core rules of C3.1 Ext 4 Towers & Thieves, TW-20, TT-nn): not "
       "built; The Tower here is C1/C2."},
      {"TW-20",
       "[unconfirmed] C3.1 Ext 4 (guards on towers, thief symbols, tower areas): not built "
       "(see c31-towers-thieves.md)."},
      {"TW-21",
       "C3.1 rulings on guards (FAQ-1x4-01, 2x4-02, 3x4-04, ...): they concern C3.1 guards, "
       "which are not built (TW-20); none applies to the C1/C2 tower top."},
      {"TW-11",
       "The exchange (TW-11) asks the capturer which of their meeples comes back only when the "
       "other player holds several of different kinds; figures of one kind are equal, so no "
       "decision is asked then. Which of the capturer's prisoners of the other player goes back "
       "is never a choice: before the capture the two cannot both hold prisoners of each "
       "other (every exchange happens at once), so it is the one just taken."},
      {"PD-04",
       "The Princess & the Dragon without the dragon (a game site's variant): not built. The "
       "volcanoes, the dragon tiles set aside until the dragon is in play (PD-08) and the River "
       "II volcano lake (RV-10) are played as the box has them; options pd.portal and "
       "pd.princess_symbol leave out the portal and the princess."},
      {"PD-30",
       "Dragon & Fairy (C3.1, PD-30..PD-39, open question PD-Q2): another module, not built."},
      {"AB-12",
       "C3.1 (c31-abbot.md AT-14, FAQ-9xA-01/02, FAQ-T07, AB-T06's C3.1 half): a retreat and a "
       "garden count the vineyards around them: option hs.vineyards_around_gardens (default "
       "false, the C2 reading AB-11). The points per vineyard are not in the seeds (AB-Q1, "
       "SS-Q2, AT-Q2): the option pays 3 each, the C2 value around a completed monastery "
       "(HS-09); no further C3.1 change is built."},
      {"AB-13",
       "C3.1 town hall tiles (Ext 5) next to a monastery or garden add nothing to a retreat "
       "(AB-13, AT-15, AT-T06, AMB-29): this build has no town hall tile, so nothing to build."},
      {"AB-15",
       "The abbot in the Count's cathedral quarter (AB-15, JCloisterZone practice, open question "
       "AB-Q2; option count.abbot_in_cathedral_quarter): not built, nor the option; "
       "EXPANSION_ABBOT together with EXPANSION_COUNT_OF_CARCASSONNE is rejected as malformed."},
      {"AT-12",
       "[community interpretation] AT-12 (several abbots on one monastery or garden, each "
       "retreating on its own): not built as a rule; no figure of this build can join an "
       "abbot's occupied monastery or garden (the Count, whose quarters could, is refused "
       "with the Abbot)."},
      {"AT-T07",
       "AT-T07's last clause (C3.1 Dragon & Fairy: the fairy is set beside the play area when "
       "its abbot retreats, DF-15): not built; the C2 rule applies, the fairy stays on its "
       "tile attached to nobody (PD-19). The retreat never gives the fairy's bonus (AB-14, "
       "AT-16: built)."},
      {"AT-Q1",
       "Open question AT-Q1 (whether the abbot is in the C3.1 base game, and any C3.1 wording "
       "change): the C2/C3 rules (AB-01..AB-11) are played with EXPANSION_ABBOT."},
      {"PD-Q4",
       "Open question PD-Q4 (the tunnel tile pd:25: one field or two on each side): the "
       "catalogue follows the facts file (two fields, f1 and f2, each bordering the city)."},
      {"BT-11",
       "The acrobats (BT-11..BT-13, [unconfirmed]: only JCloisterZone and a retailer summary "
       "of the C3.1 successor support them; BT-T03, BT-T06 b..d) and their final scoring "
       "(BT-14, engine practice that needs them; BT-T04's acrobat part): not built. The "
       "acrobat tiles are laid as land tiles; no figure may be placed on their acrobat space "
       "(VIOLATION_CODE_FIGURE_NOT_ALLOWED citing BT-11), so BT-15 never applies."},
      {"BT-17",
       "The ringmaster's bonus (BT-17, [unconfirmed]; BT-18, engine practice on it; BT-T05's "
       "+2 +2): not built. The ringmaster is placed and scored as a follower of strength 1 "
       "(BT-16) and counts at the big top (BT-06)."},
      {"BT-05",
       "[inferred] part of BT-05 (the revealed token is not reused): built as the only "
       "reading the supply allows (a revealed token leaves the game; GameState.big_top.supply "
       "holds only face-down tokens not yet drawn); no rule text confirms it."},
      {"BT-09",
       "A second animal token set when more circus tiles are in play (BT-09, engine "
       "practice): not built; one copy has 12 circus tiles and 16 tokens, and a circus tile "
       "with no token left in the supply cannot be placed (VIOLATION_CODE_ANIMAL_TOKEN_NOT_IN_"
       "SUPPLY)."},
      {"BT-Q1",
       "Open question BT-Q1 (one or two acrobat spaces per acrobat tile): the catalogue "
       "follows the facts file (one, a1); acrobats are not built (BT-11)."},
      {"BT-Q2",
       "Open question BT-Q2 (the C2 text for the acrobats and the end of the game): the big "
       "top's final scoring (BT-08, engine practice) is built; the acrobats' are not (BT-11)."},
      {"BT-Q3",
       "Open question BT-Q3 (does a shepherd count at the big top?): no ruling found. The "
       "shepherd of Hills & Sheep is built (HS-13..HS-26); at the big top this build follows "
       "engine practice BT-07 (JCloisterZone): only followers count, each as one meeple, and "
       "the shepherd is no follower (HS-15), so it never counts."},
      {"BT-Q4",
       "Open question BT-Q4 (circus points and the Count's deployment): built as engine "
       "practice BT-10 and README AMB-07 read it (non-landscape points never trigger CO-05); "
       "acrobat and ringmaster-bonus points are not built."},
      {"BT-Q5",
       "Open question BT-Q5 (the ringmaster's bonus without the majority, several in one "
       "feature, in a castle): the bonus is not built (BT-17). A ringmaster alone in a city of "
       "two segments may make it a castle like any knight (BC-10: BT-16 makes it a knight)."},
      {"BT-T07",
       "Under the Big Top with the Count: the ringmaster may not go into Carcassonne (the "
       "quarters take followers and big followers, CO-08, and with Abbey & Mayor the mayor and "
       "the wagon, CO-09; JCloisterZone's deployment of the ringmaster, engine practice, is not "
       "built). A follower in a quarter is on no tile and "
       "never counts at the big top ([inferred], follows from BT-06's 9 tiles)."},
      {"BT-12",
       "Under the Big Top with the Princess & the Dragon: the dragon eating acrobats "
       "([inferred]) and the portal onto an acrobat space (engine practice) need the acrobats "
       "(not built, BT-11). The dragon eats a ringmaster as any follower (PD-11); the portal "
       "may take the ringmaster as any follower (PD-20; BT-16 makes it one)."},
      {"BT-01",
       "Under the Big Top with the Plague ([inferred] flea removing acrobats and ringmasters: "
       "the Plague is not built) and with the Tower (tower-top meeples at the big top: no rule "
       "says whether they count; they do not in this build). With the Abbot the garden twins "
       "bt:01g and bt:07g replace bt:01 and bt:07 (AB-01)."},
      {"FV-Q1",
       "Open question FV-Q1: the revised C3 Festival (2024) has 12 tiles; the layouts of its 2 "
       "new tiles are not known here, so the set is the 10 tiles of C1/C2 (fe:01..fe:10, "
       "JCloisterZone's)."},
      {"FV-Q2",
       "Open question FV-Q2 (may a player who took a figure back after a festival tile also "
       "deploy the phantom, PH-02): no ruling found. This build follows JCloisterZone's "
       "practice, which the file reports: the phantom's step (PH-07) follows the figure step "
       "whatever its action, a figure taken back included, so the player may then deploy the "
       "phantom. A phantom on the board may itself be taken back (FV-04)."},
      {"FV-Q3",
       "Open question FV-Q3 (a follower in a quarter of the City of Carcassonne: is it on the "
       "board?): no ruling found, so a festival tile never offers a follower in a quarter "
       "(only figures on land tiles and barns). The Wheel of Fortune is not in this build."},
      {"FV-04",
       "The Festival with figures no source rules on (FV-04 lists the pieces without them): a "
       "castle's lord (Bridges, Castles & Bazaars, BC-10) and a meeple on top of a tower (The "
       "Tower, TW-03 (d)) are not offered to be taken back, since no rule says what becomes "
       "of the castle or of the closed tower without them. A captured follower is not on the "
       "board and is never offered (FV-05)."},
      {"CA-01",
       "C3.1 Ext 10 Circus & Artists (CA-01.., c31-circus-artists.md): its rules are not "
       "published or confirmed (status: rules not found; no point value confirmed): no "
       "edition option; not built."},
      {"PH-09",
       "The Phantom with the Flying Machines (the phantom may fly unless the normal follower "
       "flew this turn, PH-09, FM-05): the Flying Machines are not in this build."},
      {"PH-10",
       "The Phantom with the magic portal (PH-10, engine practice: only one of the two "
       "figures uses it): not built; the snapshot does not record which figure used it, so "
       "the phantom goes only onto the tile just placed or a tower's top. The princess's "
       "removal forbids the phantom (PH-10), built."},
      {"PH-Q1",
       "Open question PH-Q1 (the phantom with the abbot, the mayor or the wagon): the "
       "phantom's step follows any choice of the figure step (JCloisterZone's practice, "
       "PH-07), but the phantom itself is placed only as a follower, never as an abbot on a "
       "special monastery (MO-04)."},
      {"PH-Q2",
       "Open question PH-Q2 (the phantom before the normal figure): not built; the order is "
       "fixed, the figure step then the phantom's step (PH-07, JCloisterZone); the outcome "
       "is the same."},
  };
  return gaps;
}

}  // namespace carcassonne

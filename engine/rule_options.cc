// The rule option and known-gap tables (see rule_options.h).
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
       "nearby feature (am.wagon_move). Needs EXPANSION_ABBEY_AND_MAYOR; not with the Count of "
       "Carcassonne in this build (known gap CO-09)."},
      {"am.wagon_move",
       {"c2_nearby_tiles", "c1_connected"},
       "c2_nearby_tiles",
       {"AM-12", "AM-13"},
       "Where a scored wagon may move: onto an unfinished, unoccupied road, city or monastery on "
       "its tile or one of the 8 around (c2_nearby_tiles, C2), or one connected to the scored "
       "feature (c1_connected, C1: not built, rejected as malformed) (RuleSet.am_wagon_move)."},
      {"am.barn",
       {"false", "true"},
       "false",
       {"AM-15", "AM-16", "AM-17", "AM-18", "AM-19", "AM-20"},
       "Abbey & Mayor: each player has a barn (RuleSet.am_barn; not with the Count of "
       "Carcassonne, known gap CO-31)."},
      {"am.barn_multi",
       {"each_owner", "majority"},
       "each_owner",
       {"AM-20", "AM-Q1"},
       "At the end, a field holding barns of several players (joined fields): each of their "
       "owners scores it once (each_owner, JCloisterZone), or only the players with the most "
       "barns there (majority, a C1 community summary) (RuleSet.am_barn_multi)."},
      {"bc.bridges",
       {"false"},
       "false",
       {"BC-03", "BC-04", "BC-05", "BC-06", "BC-07", "BC-08", "BC-09"},
       "Bridges, Castles & Bazaars: each player's bridges (RuleSet.bc_bridges). Not built: true "
       "is rejected."},
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
  };
  return options;
}

std::span<const KnownGap> KnownGaps() {
  static const std::vector<KnownGap> gaps = {
      {"IC-13",
       "[unconfirmed] C3.1 end-game value of an incomplete inn road / cathedral city: not built; "
       "C2/C3 scoring (0, IC-12) applies."},
      {"IC-14", "[unconfirmed] C3.1 'short roads': not built."},
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
      {"CO-09",
       "The mayor and the wagon (Abbey & Mayor) in the quarters (CO-09, CO-30, CO-38, AMB-12; "
       "option count.mayor_wagon_count_as_two): not built; only followers and big followers go "
       "into Carcassonne, and a deployment of the mayor is illegal. The wagon together with the "
       "Count (am.wagon with EXPANSION_COUNT_OF_CARCASSONNE) is rejected as malformed."},
      {"CO-25",
       "The plague on the outer parts of the city tiles (CO-25, CO-52, AMB-10; option "
       "count.plague_on_city_tiles): the plague is not built."},
      {"CO-29",
       "Tower ransom (CO-29, CO-T09) and message points (AMB-14) as non-landscape scoring that "
       "never triggers a deployment: The Tower and The Messengers are not built."},
      {"CO-31",
       "A barn placement as a trigger, and market followers moving to a farm scored by a barn "
       "or a farm join (CO-31, CO-44, CO-45, CO-T03, CO-T05, AMB-08; options "
       "count.market_redeploy_on_barn, count.market_redeploy_on_farm_join): the barn (Abbey & "
       "Mayor) together with the Count is not built (am.barn with the Count is rejected as "
       "malformed), so with the Count fields are only scored at the end and market followers "
       "move only then."},
      {"CO-21",
       "House rule CO-21 (the river first, then the city beside it; option count.river_layout = "
       "river_first_house_rule): the city's place is fixed at (0, 0) by the geometry contract; "
       "not built, rejected as malformed."},
      {"AM-13",
       "The C1 wagon move (option am.wagon_move = c1_connected: onto a feature connected to the "
       "scored one): the catalogue has no connection groups for the tiles (JCZ's wagon-move "
       "data is not in the facts files); not built, rejected as malformed."},
      {"AM-10",
       "The mayor with the tower (AM-10): The Tower is not built. With The Princess & the "
       "Dragon the mayor is a follower like any other: eaten by the dragon (PD-11), placed "
       "through the portal (PD-20), sent home by the princess (PD-21). The mayor in the Count's "
       "castle quarter: see CO-09."},
      {"BC-03",
       "The bridges of Bridges, Castles & Bazaars (BC-03..BC-09, BC-T01, BC-T08; option "
       "bc.bridges): not built; the option is rejected when true."},
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
       "C3.1 Ext 8 (castles with damsels, barns, bridges worth 3; BC-30..BC-33): not built."},
      {"CU-05",
       "Abbeys (Abbey & Mayor) as monasteries for the shrine placement limit and the challenge "
       "(CU-05): the abbey's centre is a monastery segment, so the Cult's rules treat it as "
       "one, but no test covers the abbey with the Cult yet."},
      {"CU-06",
       "Vineyards on a shrine (HS-12; open HS-Q4: not built, see HS-12) and the abbot on a "
       "shrine ([inferred], AB-05): the Abbot is not built. Hills break ties on a shrine as on "
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
       "placement limit and the challenge; this catalogue has no garden and no special "
       "monastery, so only monastery and shrine segments take part."},
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
      {"SI-12",
       "An abbey (Abbey & Mayor) letting a knight escape like a cloister (SI-12): the abbey's "
       "centre is a monastery segment, so the escape treats it as a cloister, but no test "
       "covers the abbey with Siege yet. Monasteries and shrines (The Cult) are built."},
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
      {"HS-13",
       "The shepherd and the flock (HS-13..HS-26, HS-T01..HS-T05; the sheep and wolf tokens, "
       "the grow or drive decision, the closed-field scoring, option "
       "hs.grow_before_closed_scoring): not built in this build. A game with "
       "EXPANSION_HILLS_AND_SHEEP has the tiles, the hills and the vineyards, and no "
       "shepherds."},
      {"HS-08",
       "[inferred] HS-08 and open question HS-Q3 (which tile a follower redeployed by the Count "
       "or through a magic portal stands on): no ruling of its own; a follower counts as on a "
       "hill when the segment it stands on lies on a hill tile, which is where every follower "
       "of this build stands."},
      {"HS-12",
       "Vineyards around a shrine (The Cult) or an abbey (Abbey & Mayor) (HS-12, engine "
       "practice; open question HS-Q4): not built; only a monastery that is no shrine gets the "
       "vineyard bonus (an abbey gets none either; no rule names it, HS-Q4)."},
      {"HS-Q1",
       "Open question: which edition says what on the hill tie-break (HS-06); both readings are "
       "the option hs.hill_tiebreak, default any_follower_on_hill."},
      {"HS-Q2",
       "Open question: a hill tile placed when the bag is empty (HS-04, engine practice, is "
       "built: nothing goes under it); a hill tile drawn as the last tile is not ruled on "
       "further."},
      {"HS-Q5",
       "Open question: whether flock points can trigger the Count's deployment (HS-26): the "
       "flock is not built (see HS-13)."},
      {"HS-Q6",
       "Open question: the shepherd with the magic portal, the tower and the fairy: the "
       "shepherd is not built (the portal and the fairy are; The Tower is not)."},
      {"HS-T09",
       "HS-T09 and JCZ multi_city_merge_abbey*.jcz (an abbey closing hs:02's shared side "
       "without joining its two cities, HS-27): the abbey is built (AM-03) and closes the side "
       "like any other, but no test covers the shared side closed by an abbey yet. The shared "
       "side closed by a city is built (HS-T08)."},
      {"HS-11",
       "The garden twin hs:14g (facts counts.garden_edition) and vineyards on gardens: the "
       "Abbot is not built, so the catalogue has hs:14 only (HS-11's gardens and retreats "
       "never occur)."},
      {"SS-01",
       "C3.1 Ext 9 Sheep & Shepherds (SS-01..SS-06, c31-sheep-shepherds.md): a different "
       "module whose rules are not confirmed (tiles, tokens and vineyard points unknown, "
       "SS-Q1..SS-Q4): no edition option; not built."},
      {"PD-17",
       "The fairy's 1 point at the start of its owner's turn (PD-17): not built (the fairy's "
       "move, protection, 3-point bonus and staying behind, PD-15, PD-16, PD-18, PD-19, are)."},
      {"PD-15",
       "Option pd.fairy_placement = on_tile (C1: the fairy on the tile of one of one's "
       "followers): not built, nor the option; the fairy always stands next to a follower (C2, "
       "next_to_meeple)."},
      {"PD-23",
       "Option pd.princess = must (some C1 texts: the removal is compulsory): not built; the "
       "princess's removal is a choice (PD-21, may)."},
      {"PD-11",
       "The magic figures (Mage & Witch) under the dragon: the rules give no ruling; this build "
       "never eats them (they are no one's figures and stand on features, not tiles)."},
      {"PD-12",
       "Open question PD-Q1 (a figure on a tower and the dragon): The Tower is not built. A "
       "castle's lord is never eaten (PD-12, JCloisterZone)."},
      {"PD-30",
       "Dragon & Fairy (C3.1, PD-30..PD-39, open question PD-Q2): another module, not built."},
      {"PD-Q4",
       "Open question PD-Q4 (the tunnel tile pd:25: one field or two on each side): the "
       "catalogue follows the facts file (two fields, f1 and f2, each bordering the city)."},
  };
  return gaps;
}

}  // namespace carcassonne

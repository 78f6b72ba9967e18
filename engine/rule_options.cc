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
       "Road stubs that the catalogue marks as neither occupiable nor scorable are not roads for "
       "the Robber Baron's end bonus (RuleSet.king_robber_ignore_road_stubs). The catalogue marks "
       "no segment so: no effect."},
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
       "Option tb.builder_trigger (extend | complete_or_extend) differs only with abbey tiles "
       "(Abbey & Mayor), which this build does not have."},
      {"TB-24", "C3.1 pig scoring (open question TB-Q1): not built; the C2 pig (TB-21) applies."},
      {"RV-13", "Double-size river tiles (C3.1, 20th Anniversary): not in the catalogue."},
      {"RV-14", "C3.1 river tiles inside other expansions: not in the catalogue."},
      {"KR-15",
       "Castles (Bridges, Castles & Bazaars) are not cities for the King: this build has no "
       "castles, so nothing to leave out."},
      {"KR-16",
       "The city of Carcassonne (The Count of Carcassonne) counts once for the King's end bonus "
       "and never sets the record (AMB-02, AMB-39, KR-T04): the Count is not in this build."},
      {"KR-18",
       "Leipzig (The Markets of Leipzig) for the King: not in this build; option "
       "king_robber.leipzig_counts has no effect."},
      {"KR-19",
       "The three-way road junction of Abbey & Mayor (KR-T05): not in this build. A road's size "
       "is already its number of distinct tiles, so such a road would count at full length."},
      {"KR-20",
       "Road stubs left out of the Robber Baron's end bonus (AMB-42): the catalogue marks no "
       "segment as a stub, so every road counts and option king_robber.ignore_road_stubs has no "
       "effect."},
  };
  return gaps;
}

}  // namespace carcassonne

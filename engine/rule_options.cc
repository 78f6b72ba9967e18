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
  };
  return gaps;
}

}  // namespace carcassonne

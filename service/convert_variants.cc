// The variant options of a RuleSet (issue #30, proto fields 500-539): no
// farmers, the figures each player owns, the classic editions' incomplete inn
// road / cathedral city, an expansion's tiles without one of its elements,
// the vineyards around gardens. Proto -> engine and back; the engine refuses a value
// out of bounds or a combination it cannot play (CheckVariantOptions).
#include "service/convert_internal.h"

namespace carcassonne::service {

void VariantOptionsFromProto(const v1::RuleSet& proto, std::string_view path,
                             FieldProblems& problems, RuleSet& rules) {
  if (proto.has_farmers()) rules.farmers = proto.farmers();
  if (proto.has_followers()) rules.followers = proto.followers();
  if (proto.has_ic_big_followers()) rules.ic_big_followers = proto.ic_big_followers();
  if (proto.has_am_barns()) rules.am_barns = proto.am_barns();
  if (proto.has_hs_hills()) rules.hs_hills = proto.hs_hills();
  if (proto.has_hs_vineyards()) rules.hs_vineyards = proto.hs_vineyards();
  if (proto.has_ic_inns()) rules.ic_inns = proto.ic_inns();
  if (proto.has_ic_cathedrals()) rules.ic_cathedrals = proto.ic_cathedrals();
  if (proto.has_pd_portal()) rules.pd_portal = proto.pd_portal();
  if (proto.has_pd_princess_symbol()) rules.pd_princess_symbol = proto.pd_princess_symbol();
  if (proto.has_siege_besieged()) rules.siege_besieged = proto.siege_besieged();
  if (proto.has_abbot_gardens()) rules.abbot_gardens = proto.abbot_gardens();
  if (proto.has_hs_vineyards_around_gardens()) {
    rules.hs_vineyards_around_gardens = proto.hs_vineyards_around_gardens();
  }
  switch (proto.ic_classic_incomplete_inn_cathedral()) {
    case v1::IC_INCOMPLETE_INN_CATHEDRAL_UNSPECIFIED:
    case v1::IC_INCOMPLETE_INN_CATHEDRAL_ZERO:
      rules.ic_classic_incomplete_inn_cathedral = IncompleteInnCathedral::kZero;
      break;
    case v1::IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY:
      rules.ic_classic_incomplete_inn_cathedral = IncompleteInnCathedral::kOrdinary;
      break;
    default:
      BadEnum(problems, FieldPath(path, "ic_classic_incomplete_inn_cathedral"),
              "ic_classic_incomplete_inn_cathedral", proto.ic_classic_incomplete_inn_cathedral());
      break;
  }
}

void VariantOptionsToProto(const RuleSet& rules, v1::RuleSet* proto) {
  const RuleSet defaults;
  if (rules.farmers != defaults.farmers) proto->set_farmers(rules.farmers);
  if (rules.followers != defaults.followers) proto->set_followers(rules.followers);
  if (rules.ic_big_followers != defaults.ic_big_followers) {
    proto->set_ic_big_followers(rules.ic_big_followers);
  }
  if (rules.am_barns != defaults.am_barns) proto->set_am_barns(rules.am_barns);
  if (!rules.hs_hills) proto->set_hs_hills(false);
  if (!rules.hs_vineyards) proto->set_hs_vineyards(false);
  if (!rules.ic_inns) proto->set_ic_inns(false);
  if (!rules.ic_cathedrals) proto->set_ic_cathedrals(false);
  if (!rules.pd_portal) proto->set_pd_portal(false);
  if (!rules.pd_princess_symbol) proto->set_pd_princess_symbol(false);
  if (!rules.siege_besieged) proto->set_siege_besieged(false);
  if (!rules.abbot_gardens) proto->set_abbot_gardens(false);
  if (rules.hs_vineyards_around_gardens) proto->set_hs_vineyards_around_gardens(true);
  if (rules.ic_classic_incomplete_inn_cathedral == IncompleteInnCathedral::kOrdinary) {
    proto->set_ic_classic_incomplete_inn_cathedral(v1::IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY);
  }
}

}  // namespace carcassonne::service

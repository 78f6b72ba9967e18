// Inns & Cathedrals (shared/rules/expansions/inns-cathedrals.md, IC-xx): the
// big follower (strength 2, engine/figures.h, IC-10), inns on roads and
// cathedrals in cities (IC-11, IC-12). Its 18 tiles are catalogue set "ic".
#pragma once

#include "engine/expansion_module.h"

namespace carcassonne {

class InnsAndCathedrals : public ExpansionModule {
 public:
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
};

}  // namespace carcassonne

// Under the Big Top in the snapshot: the big top and the animal tokens
// (BT-01, BT-04, BT-05).
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

void ReadBigTop(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  // Under the Big Top: the big top and the tokens (BT-01, BT-04, BT-05); the
  // engine's check bounds the counts and finds the big top's tile.
  if (proto.has_big_top()) {
    const v1::BigTop& big_top = proto.big_top();
    const v1::AnimalTokens& supply = big_top.supply();
    state.big_top.supply = {supply.flea(), supply.monkey(), supply.seal(),
                            supply.bear(), supply.tiger(),  supply.elephant()};
    if (big_top.has_cell() &&
        reader.CellWithin(big_top.cell(), [&] { return FieldPath(path, "big_top.cell"); })) {
      state.big_top.cell = Position{big_top.cell().x(), big_top.cell().y()};
    }
    state.big_top.token =
        AnimalFromProto(big_top.token(), FieldPath(path, "big_top.token"), problems);
    state.big_top.drawn =
        AnimalFromProto(big_top.drawn(), FieldPath(path, "big_top.drawn"), problems);
  }
}

void WriteBigTop(const GameState& state, v1::GameState* proto) {
  if (!(state.big_top == BigTopState{})) {
    v1::BigTop* big_top = proto->mutable_big_top();
    v1::AnimalTokens* supply = big_top->mutable_supply();
    supply->set_flea(state.big_top.supply[static_cast<int>(Animal::kFlea)]);
    supply->set_monkey(state.big_top.supply[static_cast<int>(Animal::kMonkey)]);
    supply->set_seal(state.big_top.supply[static_cast<int>(Animal::kSeal)]);
    supply->set_bear(state.big_top.supply[static_cast<int>(Animal::kBear)]);
    supply->set_tiger(state.big_top.supply[static_cast<int>(Animal::kTiger)]);
    supply->set_elephant(state.big_top.supply[static_cast<int>(Animal::kElephant)]);
    if (state.big_top.cell) CellToProto(*state.big_top.cell, big_top->mutable_cell());
    big_top->set_token(AnimalToProto(state.big_top.token));
    big_top->set_drawn(AnimalToProto(state.big_top.drawn));
  }
}

}  // namespace carcassonne::service

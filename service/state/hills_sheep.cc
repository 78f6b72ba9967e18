// Hills & Sheep in the snapshot: the flocks and the bag of sheep tokens
// (HS-01, HS-24).
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

void ReadFlocks(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  // Hills & Sheep: the flocks (one per shepherd, HS-01: at most one per
  // player; at most the 16 sheep tokens of the set each) and the bag; the
  // engine's check judges them against the set (HS-01, HS-24).
  auto flocks_path = [&] { return FieldPath(path, "flocks"); };
  constexpr int kMaxFlockTokens = 16;
  if (proto.flocks_size() > kMaxPlayers) {
    Add(problems, flocks_path(),
        Cat("at most one flock per player, ", kMaxPlayers, " in all, not ", proto.flocks_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.flocks_size(); ++i) {
      const v1::Flock& flock_proto = proto.flocks(i);
      Flock& flock = state.flocks.emplace_back();
      flock.owner = flock_proto.owner();
      reader.Seat(flock.owner, [&] { return FieldPath(IndexPath(flocks_path(), i), "owner"); });
      const std::string tokens_path = FieldPath(IndexPath(flocks_path(), i), "tokens");
      if (flock_proto.tokens_size() > kMaxFlockTokens) {
        Add(problems, tokens_path,
            Cat("the set has ", kMaxFlockTokens, " sheep tokens (HS-01), not ",
                flock_proto.tokens_size()));
        continue;
      }
      for (int j = 0; j < flock_proto.tokens_size(); ++j) {
        const std::optional<SheepToken> token = SheepTokenFromProto(flock_proto.tokens(j));
        if (!token) {
          BadEnum(problems, IndexPath(tokens_path, j), "sheep token", flock_proto.tokens(j));
        } else {
          flock.tokens.push_back(*token);
        }
      }
    }
  }
  if (proto.has_sheep_bag()) {
    const v1::SheepBag& bag = proto.sheep_bag();
    state.sheep_bag = SheepBag{
        {bag.one_sheep(), bag.two_sheep(), bag.three_sheep(), bag.four_sheep(), bag.wolves()}};
  }
}

void WriteFlocks(const GameState& state, v1::GameState* proto) {
  for (const Flock& flock : state.flocks) {  // Hills & Sheep
    v1::Flock* flock_proto = proto->add_flocks();
    flock_proto->set_owner(flock.owner);
    for (SheepToken token : flock.tokens) flock_proto->add_tokens(SheepTokenToProto(token));
  }
  if (state.sheep_bag) {
    v1::SheepBag* bag = proto->mutable_sheep_bag();
    bag->set_one_sheep(state.sheep_bag->tokens[0]);
    bag->set_two_sheep(state.sheep_bag->tokens[1]);
    bag->set_three_sheep(state.sheep_bag->tokens[2]);
    bag->set_four_sheep(state.sheep_bag->tokens[3]);
    bag->set_wolves(state.sheep_bag->tokens[4]);
  }
}

}  // namespace carcassonne::service

// King & Robber Baron in the snapshot: the two tokens, their holders and
// records.
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

void ReadKingAndRobberBaron(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  // King & Robber Baron: holders and records are checked by the engine
  // (CheckSnapshot).
  if (proto.has_king_and_robber_baron()) {
    const v1::KingAndRobberBaron& tokens = proto.king_and_robber_baron();
    const std::string tokens_path = FieldPath(path, "king_and_robber_baron");
    const std::tuple<bool, int32_t, std::string_view> holders[] = {
        {tokens.has_king_holder(), tokens.king_holder(), "king_holder"},
        {tokens.has_robber_holder(), tokens.robber_holder(), "robber_holder"},
        {tokens.has_king_holder_before_turn(), tokens.king_holder_before_turn(),
         "king_holder_before_turn"},
        {tokens.has_robber_holder_before_turn(), tokens.robber_holder_before_turn(),
         "robber_holder_before_turn"}};
    for (const auto& [present, holder, name] : holders) {
      // (A copy: clang 14 cannot capture a structured binding.)
      const std::string_view field = name;
      if (present) reader.Seat(holder, [&] { return FieldPath(tokens_path, field); });
    }
    if (tokens.has_king_holder()) state.king.holder = tokens.king_holder();
    state.king.record = tokens.king_record();
    if (tokens.has_robber_holder()) state.robber_baron.holder = tokens.robber_holder();
    state.robber_baron.record = tokens.robber_record();
    state.king.moved_this_turn = tokens.king_moved_this_turn();
    if (tokens.has_king_holder_before_turn()) {
      state.king.holder_before_turn = tokens.king_holder_before_turn();
    }
    state.robber_baron.moved_this_turn = tokens.robber_moved_this_turn();
    if (tokens.has_robber_holder_before_turn()) {
      state.robber_baron.holder_before_turn = tokens.robber_holder_before_turn();
    }
  }
}

void WriteKingAndRobberBaron(const GameState& state, v1::GameState* proto) {
  if (!(state.king == AwardToken{}) || !(state.robber_baron == AwardToken{})) {
    v1::KingAndRobberBaron* tokens = proto->mutable_king_and_robber_baron();
    if (state.king.holder) tokens->set_king_holder(*state.king.holder);
    tokens->set_king_record(state.king.record);
    if (state.robber_baron.holder) tokens->set_robber_holder(*state.robber_baron.holder);
    tokens->set_robber_record(state.robber_baron.record);
    tokens->set_king_moved_this_turn(state.king.moved_this_turn);
    if (state.king.holder_before_turn) {
      tokens->set_king_holder_before_turn(*state.king.holder_before_turn);
    }
    tokens->set_robber_moved_this_turn(state.robber_baron.moved_this_turn);
    if (state.robber_baron.holder_before_turn) {
      tokens->set_robber_holder_before_turn(*state.robber_baron.holder_before_turn);
    }
  }
}

}  // namespace carcassonne::service

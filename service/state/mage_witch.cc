// Mage & Witch in the snapshot: the magic figures and the step of their move.
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

void ReadMagicFigures(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  const TileLookup tiles = reader.tiles;
  // Mage & Witch: the magic figures, resolved on the tiles like the figures.
  if (proto.has_magic_figures()) {
    const std::string magic_path = FieldPath(path, "magic_figures");
    const v1::MagicFigures& magic = proto.magic_figures();
    if (magic.has_mage()) {
      state.mage = SegmentFromProto(magic.mage(), tiles, FieldPath(magic_path, "mage"), problems);
    }
    if (magic.has_witch()) {
      state.witch =
          SegmentFromProto(magic.witch(), tiles, FieldPath(magic_path, "witch"), problems);
    }
  }
  std::optional<MagicStep> magic_step = MagicStepFromProto(proto.magic_step());
  if (magic_step) {
    state.magic_step = *magic_step;
  } else {
    Add(problems, FieldPath(path, "magic_step"),
        Cat("unknown magic_step value ", static_cast<int>(proto.magic_step())));
  }
}

void WriteMagicFigures(const GameState& state, v1::GameState* proto) {
  if (state.mage || state.witch) {
    v1::MagicFigures* magic = proto->mutable_magic_figures();
    if (state.mage) SegmentRefToProto(*state.mage, state, magic->mutable_mage());
    if (state.witch) SegmentRefToProto(*state.witch, state, magic->mutable_witch());
  }
  proto->set_magic_step(MagicStepToProto(state.magic_step));
}

}  // namespace carcassonne::service

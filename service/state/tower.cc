// The Tower in the snapshot: the towers, the prisoners, the capture pending
// and the turn's ransom (TW-03..TW-12).
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

void ReadTowers(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  // The Tower: towers, prisoners, the capture pending and the turn's ransom
  // (TW-03..TW-12); the engine's check judges them.
  if (proto.towers_size() > kMaxPlacedTiles) {
    Add(problems, FieldPath(path, "towers"),
        Cat("at most one tower a tile: at most ", kMaxPlacedTiles, " towers, not ",
            proto.towers_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.towers_size(); ++i) {
      const v1::Tower& tower_proto = proto.towers(i);
      Tower tower;
      auto tower_path = [&] { return IndexPath(FieldPath(path, "towers"), i); };
      reader.CellWithin(tower_proto.cell(), [&] { return FieldPath(tower_path(), "cell"); });
      if (tower_proto.has_top_owner()) {
        reader.Seat(tower_proto.top_owner(), [&] { return FieldPath(tower_path(), "top_owner"); });
      }
      tower.cell = {tower_proto.cell().x(), tower_proto.cell().y()};
      tower.height = tower_proto.height();
      tower.closed = tower_proto.closed();
      if (tower_proto.has_top_owner()) {
        tower.top_owner = tower_proto.top_owner();
        std::optional<FigureKind> kind = FigureKindFromProto(tower_proto.top_kind());
        if (!kind) {
          BadEnum(problems, FieldPath(path, Cat("towers[", i, "].top_kind")), "figure kind",
                  tower_proto.top_kind());
        } else {
          tower.top_kind = *kind;
        }
      }
      state.towers.push_back(tower);
    }
  }
  if (proto.prisoners_size() > kMaxFigures) {
    Add(problems, FieldPath(path, "prisoners"),
        Cat("at most ", kMaxFigures, " prisoners, not ", proto.prisoners_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.prisoners_size(); ++i) {
      const v1::Prisoner& prisoner = proto.prisoners(i);
      auto prisoner_path = [&] { return IndexPath(FieldPath(path, "prisoners"), i); };
      reader.Seat(prisoner.jailer(), [&] { return FieldPath(prisoner_path(), "jailer"); });
      reader.Seat(prisoner.owner(), [&] { return FieldPath(prisoner_path(), "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(prisoner.kind());
      if (!kind) {
        BadEnum(problems, FieldPath(path, Cat("prisoners[", i, "].kind")), "figure kind",
                prisoner.kind());
        continue;
      }
      state.prisoners.push_back({prisoner.jailer(), prisoner.owner(), *kind});
    }
  }
  if (proto.has_tower_capture() &&
      reader.CellWithin(proto.tower_capture(), [&] { return FieldPath(path, "tower_capture"); })) {
    state.tower_capture = Position{proto.tower_capture().x(), proto.tower_capture().y()};
  }
  state.ransom_paid = proto.ransom_paid();
}

void WriteTowers(const GameState& state, v1::GameState* proto) {
  for (const Tower& tower : state.towers) {
    v1::Tower* tower_proto = proto->add_towers();
    CellToProto(tower.cell, tower_proto->mutable_cell());
    tower_proto->set_height(tower.height);
    tower_proto->set_closed(tower.closed);
    if (tower.top_owner) {
      tower_proto->set_top_owner(*tower.top_owner);
      tower_proto->set_top_kind(FigureKindToProto(tower.top_kind));
    }
  }
  for (const Prisoner& prisoner : state.prisoners) {
    v1::Prisoner* prisoner_proto = proto->add_prisoners();
    prisoner_proto->set_jailer(prisoner.jailer);
    prisoner_proto->set_owner(prisoner.owner);
    prisoner_proto->set_kind(FigureKindToProto(prisoner.kind));
  }
  if (state.tower_capture) CellToProto(*state.tower_capture, proto->mutable_tower_capture());
  proto->set_ransom_paid(state.ransom_paid);
}

}  // namespace carcassonne::service

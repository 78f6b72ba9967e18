// Abbey & Mayor in the snapshot: the wagons waiting to move (AM-12), the
// barns (AM-15) and the last seat of the final abbey round (AM-07).
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

void ReadWagonsAndBarns(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  const TileLookup tiles = reader.tiles;
  // Abbey & Mayor: the wagons waiting to move (AM-12), read like figures.
  auto wagons_path = [&] { return FieldPath(path, "wagons_to_move"); };
  if (proto.wagons_to_move_size() > kMaxPlayers) {
    Add(problems, wagons_path(),
        Cat("at most one wagon per player, ", kMaxPlayers, " in all, not ",
            proto.wagons_to_move_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.wagons_to_move_size(); ++i) {
      const v1::Figure& wagon = proto.wagons_to_move(i);
      const std::string wagon_path = IndexPath(wagons_path(), i);
      reader.Seat(wagon.owner(), [&] { return FieldPath(wagon_path, "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(wagon.kind());
      if (!kind) BadEnum(problems, FieldPath(wagon_path, "kind"), "figure kind", wagon.kind());
      std::optional<SegmentAddress> segment;
      if (!wagon.has_segment()) {
        Add(problems, FieldPath(wagon_path, "segment"),
            "the segment the wagon stood on is required", ErrorReason::kFieldRequired);
      } else {
        segment = ReadSegment(
            wagon.segment(), tiles, [&] { return FieldPath(wagon_path, "segment"); }, problems);
      }
      if (kind && segment) state.wagons_to_move.push_back({*kind, wagon.owner(), *segment});
    }
  }
  // Abbey & Mayor: the barns (AM-15).
  auto barns_path = [&] { return FieldPath(path, "barns"); };
  if (proto.barns_size() > kMaxPlayers) {
    Add(problems, barns_path(),
        Cat("at most one barn per player, ", kMaxPlayers, " in all, not ", proto.barns_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.barns_size(); ++i) {
      const v1::Barn& barn = proto.barns(i);
      auto barn_path = [&] { return IndexPath(barns_path(), i); };
      reader.Seat(barn.owner(), [&] { return FieldPath(barn_path(), "owner"); });
      const bool within = CheckCoordinates(barn, barn_path, problems);
      const std::optional<Corner> corner = CornerFromProto(barn.corner());
      if (!corner) {
        BadEnum(problems, FieldPath(barn_path(), "corner"), "corner", barn.corner());
        continue;
      }
      if (!within) continue;
      state.barns.push_back({barn.owner(), {barn.x(), barn.y()}, *corner});
    }
  }
}

void ReadFinalAbbeySeat(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  // Abbey & Mayor (AM-07): the engine's check judges the seat.
  if (proto.has_final_abbey_last_seat()) {
    state.final_abbey_last_seat = proto.final_abbey_last_seat();
    reader.Seat(proto.final_abbey_last_seat(),
                [&] { return FieldPath(path, "final_abbey_last_seat"); });
  }
}

void WriteAbbeyMayor(const GameState& state, v1::GameState* proto) {
  for (const Figure& wagon : state.wagons_to_move) {
    FigureToProto(wagon, state, proto->add_wagons_to_move());
  }
  for (const Barn& barn : state.barns) {
    v1::Barn* barn_proto = proto->add_barns();
    barn_proto->set_owner(barn.owner);
    barn_proto->set_x(barn.cell.x);
    barn_proto->set_y(barn.cell.y);
    barn_proto->set_corner(CornerToProto(barn.corner));
  }
  if (state.final_abbey_last_seat) proto->set_final_abbey_last_seat(*state.final_abbey_last_seat);
}

}  // namespace carcassonne::service

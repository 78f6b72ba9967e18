// The Princess & the Dragon in the snapshot: the dragon and its flight
// (PD-04, PD-10), the fairy and its follower (PD-15, PD-19).
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

void ReadDragon(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  // The Princess & the Dragon: the dragon and its flight (PD-04, PD-10); the
  // engine's check finds their tiles.
  if (proto.has_dragon() &&
      reader.CellWithin(proto.dragon(), [&] { return FieldPath(path, "dragon"); })) {
    state.dragon = Position{proto.dragon().x(), proto.dragon().y()};
  }
  // A flight has at most 6 steps after its start (PD-10).
  constexpr int kMaxFlightCells = 7;
  if (proto.dragon_flight_size() > kMaxFlightCells) {
    Add(problems, FieldPath(path, "dragon_flight"),
        Cat("a flight has its start and at most 6 steps (PD-10): at most ", kMaxFlightCells,
            " cells, not ", proto.dragon_flight_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.dragon_flight_size(); ++i) {
      const v1::Cell& step = proto.dragon_flight(i);
      if (reader.CellWithin(step, [&] { return IndexPath(FieldPath(path, "dragon_flight"), i); })) {
        state.dragon_flight.push_back({step.x(), step.y()});
      }
    }
  }
}

void ReadFairy(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  const TileLookup tiles = reader.tiles;
  // The fairy and its follower (PD-15, PD-19); the engine's check finds
  // them on the board.
  if (proto.has_fairy() &&
      reader.CellWithin(proto.fairy(), [&] { return FieldPath(path, "fairy"); })) {
    state.fairy = Position{proto.fairy().x(), proto.fairy().y()};
  }
  if (proto.has_fairy_follower()) {
    const v1::Figure& follower = proto.fairy_follower();
    auto follower_path = [&] { return FieldPath(path, "fairy_follower"); };
    auto segment_path = [&] { return FieldPath(follower_path(), "segment"); };
    reader.Seat(follower.owner(), [&] { return FieldPath(follower_path(), "owner"); });
    std::optional<FigureKind> kind = FigureKindFromProto(follower.kind());
    if (!kind) {
      BadEnum(problems, FieldPath(follower_path(), "kind"), "figure kind", follower.kind());
    }
    std::optional<SegmentAddress> segment;
    if (!follower.has_segment()) {
      Add(problems, segment_path(), "the segment the follower stands on is required",
          ErrorReason::kFieldRequired);
    } else {
      segment = ReadSegment(follower.segment(), tiles, segment_path, problems);
    }
    if (kind && segment) state.fairy_follower = Figure{*kind, follower.owner(), *segment};
  }
}

void WritePrincessDragon(const GameState& state, v1::GameState* proto) {
  if (state.dragon) CellToProto(*state.dragon, proto->mutable_dragon());
  for (Position cell : state.dragon_flight) CellToProto(cell, proto->add_dragon_flight());
  if (state.fairy) CellToProto(*state.fairy, proto->mutable_fairy());
  if (state.fairy_follower) {
    FigureToProto(*state.fairy_follower, state, proto->mutable_fairy_follower());
  }
}

}  // namespace carcassonne::service

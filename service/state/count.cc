// The Count of Carcassonne in the snapshot: the count, the followers in the
// quarters, the features waiting for their scoring, the final redeployment.
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

void ReadCount(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  const TileLookup tiles = reader.tiles;
  // The Count of Carcassonne: the engine checks the consistency
  // (CheckSnapshot); here only what cannot be read.
  if (proto.has_count()) {
    const v1::CountOfCarcassonne& count = proto.count();
    const std::string count_path = FieldPath(path, "count");
    if (count.count_quarter() != v1::QUARTER_UNSPECIFIED) {
      std::optional<Quarter> quarter = QuarterFromProto(count.count_quarter());
      if (quarter) {
        state.count.count = *quarter;
      } else {
        BadEnum(problems, FieldPath(count_path, "count_quarter"), "quarter", count.count_quarter());
      }
    }
    if (count.followers_size() > kMaxFigures) {
      Add(problems, FieldPath(count_path, "followers"),
          Cat("at most ", kMaxFigures, " followers, not ", count.followers_size()),
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < count.followers_size(); ++i) {
        const v1::QuarterFollower& follower = count.followers(i);
        const std::string follower_path = IndexPath(FieldPath(count_path, "followers"), i);
        reader.Seat(follower.owner(), [&] { return FieldPath(follower_path, "owner"); });
        std::optional<FigureKind> kind = FigureKindFromProto(follower.kind());
        std::optional<Quarter> quarter = QuarterFromProto(follower.quarter());
        if (!kind)
          BadEnum(problems, FieldPath(follower_path, "kind"), "figure kind", follower.kind());
        if (!quarter) {
          BadEnum(problems, FieldPath(follower_path, "quarter"), "quarter", follower.quarter());
        }
        if (kind && quarter) state.count.followers.push_back({*kind, follower.owner(), *quarter});
      }
    }
    if (count.pending_features_size() > kMaxPlacedTiles) {
      Add(problems, FieldPath(count_path, "pending_features"), "too many pending features",
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < count.pending_features_size(); ++i) {
        std::optional<SegmentAddress> segment =
            SegmentFromProto(count.pending_features(i), tiles,
                             IndexPath(FieldPath(count_path, "pending_features"), i), problems);
        if (segment) state.pending_scorings.push_back(*segment);
      }
    }
    state.count.active_scored = count.active_scored();
    state.count.others_scored = count.others_scored();
    state.count.others_scored_on_completion = count.others_scored_on_completion();
    if (count.final_passed_size() > kMaxPlayers) {
      Add(problems, FieldPath(count_path, "final_passed"), "more players than a game has",
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < count.final_passed_size(); ++i) {
        reader.Seat(count.final_passed(i),
                    [&] { return IndexPath(FieldPath(count_path, "final_passed"), i); });
        state.count.final_passed.push_back(count.final_passed(i));
      }
    }
    // AMB-12: the mayors and wagons from Carcassonne.
    auto from_path = [&] { return FieldPath(count_path, "from_quarters"); };
    if (count.from_quarters_size() > 2 * kMaxPlayers) {
      Add(problems, from_path(), "at most one mayor and one wagon per player",
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < count.from_quarters_size(); ++i) {
        const v1::Figure& figure = count.from_quarters(i);
        const std::string figure_path = IndexPath(from_path(), i);
        reader.Seat(figure.owner(), [&] { return FieldPath(figure_path, "owner"); });
        std::optional<FigureKind> kind = FigureKindFromProto(figure.kind());
        if (!kind) BadEnum(problems, FieldPath(figure_path, "kind"), "figure kind", figure.kind());
        std::optional<SegmentAddress> segment;
        if (!figure.has_segment()) {
          Add(problems, FieldPath(figure_path, "segment"), "the figure's segment is required",
              ErrorReason::kFieldRequired);
        } else {
          segment = ReadSegment(
              figure.segment(), tiles, [&] { return FieldPath(figure_path, "segment"); }, problems);
        }
        if (kind && segment) state.count.from_quarters.push_back({*kind, figure.owner(), *segment});
      }
    }
  }
}

void WriteCount(const GameState& state, v1::GameState* proto) {
  // In PHASE_PLACE_CASTLE the pending features are every feature the last
  // tile completed (nothing is scored yet): the engine derives them.
  // (The same in PHASE_TEND_FLOCK, HS-25, and PHASE_PLACE_PHANTOM, PH-07:
  // written as scoring_order.)
  const bool write_pending =
      !state.pending_scorings.empty() && state.phase != Phase::kPlaceCastle &&
      state.phase != Phase::kTendFlock && state.phase != Phase::kPlacePhantom;
  if (state.rules.Has(Expansion::kCountOfCarcassonne) || !(state.count == CountState{}) ||
      write_pending) {
    v1::CountOfCarcassonne* count = proto->mutable_count();
    count->set_count_quarter(QuarterToProto(state.count.count));
    for (const QuarterFollower& follower : state.count.followers) {
      v1::QuarterFollower* follower_proto = count->add_followers();
      follower_proto->set_kind(FigureKindToProto(follower.kind));
      follower_proto->set_owner(follower.owner);
      follower_proto->set_quarter(QuarterToProto(follower.quarter));
    }
    if (write_pending) {
      for (const SegmentAddress& segment : state.pending_scorings) {
        SegmentRefToProto(segment, state, count->add_pending_features());
      }
    }
    count->set_active_scored(state.count.active_scored);
    count->set_others_scored(state.count.others_scored);
    count->set_others_scored_on_completion(state.count.others_scored_on_completion);
    for (int player : state.count.final_passed) count->add_final_passed(player);
    for (const Figure& figure : state.count.from_quarters) {
      FigureToProto(figure, state, count->add_from_quarters());
    }
  }
}

}  // namespace carcassonne::service

// Answers: verdicts, score events, legal actions and the final scoring.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>
#include <variant>

#include "absl/container/flat_hash_set.h"
#include "engine/board.h"
#include "engine/rule_options.h"
#include "engine/text.h"
#include "service/convert.h"
#include "service/convert_internal.h"
#include "service/segment_naming.h"

namespace carcassonne::service {

void VerdictToProto(const Verdict& verdict, const GameState& naming, v1::Verdict* proto) {
  proto->set_legal(verdict.legal());
  for (const Violation& violation : verdict.violations) {
    v1::Violation* violation_proto = proto->add_violations();
    violation_proto->set_code(ViolationCodeToProto(violation.code));
    violation_proto->set_message(violation.message);
    if (violation.cell) {
      v1::SegmentRef* location = violation_proto->mutable_location();
      if (violation.segment_index) {
        SegmentRefToProto({*violation.cell, *violation.segment_index}, naming, location);
      } else {
        location->set_x(violation.cell->x);
        location->set_y(violation.cell->y);
      }
    }
    violation_proto->set_rule_id(ToString(violation.rule_id));
  }
}

namespace {

// A score event, its segments named by `name_segment(segment, proto)`.
template <typename NameSegment>
void WriteScoreEvent(const ScoreEvent& event, const NameSegment& name_segment,
                     v1::ScoreEvent* proto) {
  proto->set_feature_kind(FeatureKindToProto(event.feature_kind));
  proto->set_trigger(TriggerToProto(event.trigger));
  proto->set_complete(event.complete);
  proto->mutable_tiles()->Reserve(static_cast<int>(event.tiles.size()));
  for (Position cell : event.tiles) CellToProto(cell, proto->add_tiles());
  proto->mutable_segments()->Reserve(static_cast<int>(event.segments.size()));
  for (const SegmentAddress& segment : event.segments) name_segment(segment, proto->add_segments());
  for (int player : event.majority_players) proto->add_majority_players(player);
  proto->set_majority_strength(event.majority_strength);
  for (const PlayerPoints& points : event.points) {
    v1::PlayerPoints* points_proto = proto->add_points();
    points_proto->set_player(points.player);
    points_proto->set_points(points.points);
  }
  for (const LineItem& item : event.line_items) {
    v1::LineItem* item_proto = proto->add_line_items();
    item_proto->set_description(item.description);
    item_proto->set_count(item.count);
    item_proto->set_points_each(item.points_each);
    item_proto->set_points(item.points);
    item_proto->set_rule_id(item.rule_id.data(), item.rule_id.size());
    if (item.player >= 0) item_proto->set_player(item.player);
  }
  for (const Figure& figure : event.returned_figures) {
    v1::Figure* figure_proto = proto->add_returned_figures();
    figure_proto->set_kind(FigureKindToProto(figure.kind));
    figure_proto->set_owner(figure.owner);
    name_segment(figure.segment, figure_proto->mutable_segment());
  }
  if (event.goods_player >= 0) {
    proto->set_goods_player(event.goods_player);
    TradeGoodsToProto(event.goods_taken, proto->mutable_goods_taken());
  }
  if (event.goods_kind != Goods::kNone) proto->set_goods_kind(GoodsToProto(event.goods_kind));
  if (event.award) {
    v1::KingRobberAward* award = proto->mutable_award();
    if (event.award->holder) award->set_holder(*event.award->holder);
    award->set_record(event.award->record);
    award->set_transferred(event.award->transferred);
    if (event.award->previous_holder) award->set_previous_holder(*event.award->previous_holder);
  }
}

}  // namespace

void ScoreEventToProto(const ScoreEvent& event, const GameState& naming, v1::ScoreEvent* proto) {
  WriteScoreEvent(
      event,
      [&](const SegmentAddress& segment, v1::SegmentRef* segment_proto) {
        SegmentRefToProto(segment, naming, segment_proto);
      },
      proto);
}

void ScoreEventToProto(const ScoreEvent& event, const SegmentNaming& naming,
                       v1::ScoreEvent* proto) {
  WriteScoreEvent(
      event,
      [&](const SegmentAddress& segment, v1::SegmentRef* segment_proto) {
        naming.ToProto(segment, segment_proto);
      },
      proto);
}

void ScoreEventsToProto(std::span<const ScoreEvent> events, const GameState& naming,
                        google::protobuf::RepeatedPtrField<v1::ScoreEvent>* proto) {
  for (const ScoreEvent& event : events) ScoreEventToProto(event, naming, proto->Add());
}

void ScoreEventsToProto(std::span<const ScoreEvent> events, const SegmentNaming& naming,
                        google::protobuf::RepeatedPtrField<v1::ScoreEvent>* proto) {
  proto->Reserve(proto->size() + static_cast<int>(events.size()));
  for (const ScoreEvent& event : events) ScoreEventToProto(event, naming, proto->Add());
}

void LegalActionsToProto(const LegalActions& legal, const GameState& state, const TileType* drawn,
                         v1::ListLegalActionsResponse* proto) {
  for (const Action& action : legal.actions) ActionToProto(action, state, proto->add_actions());
  for (const LegalPlacement& placement : legal.placements) {
    v1::LegalPlacement* placement_proto = proto->add_placements();
    placement_proto->set_x(placement.cell.x);
    placement_proto->set_y(placement.cell.y);
    placement_proto->set_rotation(placement.rotation.degrees());
    // AM-03: a placement of the deciding player's abbey instead of the drawn
    // tile names its tile.
    const TileType* tile = placement.tile != nullptr ? placement.tile : drawn;
    if (tile != nullptr && tile != drawn) placement_proto->set_tile_type(std::string(tile->id));
    if (placement.bridge) BridgeToProto(*placement.bridge, placement_proto->mutable_bridge());
    if (tile == nullptr) continue;
    // With a bridge on it, the tile's segments include the bridge (BC-07).
    if (placement.type_on_board != nullptr) tile = placement.type_on_board;
    // The tile is not on the board yet: name its segments as placed there.
    GameState single;
    single.tiles.push_back({tile, placement.cell, placement.rotation});
    for (int segment : placement.follower_segments) {
      SegmentRefToProto({placement.cell, segment}, single, placement_proto->add_figure_segments());
    }
  }
}

void FinalScoringToProto(const FinalScoring& scoring, const GameState& state,
                         v1::ScoreGameResponse* proto) {
  ScoreEventsToProto(scoring.events, state, proto->mutable_events());
  for (int score : scoring.final_scores) proto->add_final_scores(score);
  // AMB-48: the end-of-game decisions taken as declined, and where the
  // final scoring begins.
  for (const EndOfGameDecision& decision : scoring.decisions_first) {
    v1::EndOfGameDecision* decision_proto = proto->add_decisions_first();
    decision_proto->set_phase(PhaseToProto(decision.phase));
    decision_proto->set_seat(decision.seat);
    decision_proto->set_rule_id(ToString(decision.rule_id));
  }
  if (scoring.final_scoring_begin) proto->set_final_scoring_begin(*scoring.final_scoring_begin);
}

}  // namespace carcassonne::service

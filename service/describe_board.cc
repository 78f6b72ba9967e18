// BoardDescription -> DescribeBoardResponse (describe_board.h). Every segment
// is named through one SegmentNaming of the snapshot (segment_naming.h), and
// every repeated field is sized before it is filled.
#include "service/describe_board.h"

#include "engine/figures.h"
#include "service/convert.h"
#include "service/segment_naming.h"

namespace carcassonne::service {
namespace {

void CellToProto(Position cell, v1::Cell* proto) {
  proto->set_x(cell.x);
  proto->set_y(cell.y);
}

void PlayerPointsToProto(const std::vector<PlayerPoints>& entries,
                         google::protobuf::RepeatedPtrField<v1::PlayerPoints>* proto) {
  proto->Reserve(static_cast<int>(entries.size()));
  for (const PlayerPoints& entry : entries) {
    v1::PlayerPoints* entry_proto = proto->Add();
    entry_proto->set_player(entry.player);
    entry_proto->set_points(entry.points);
  }
}

void FeatureToProto(const FeatureDescription& feature, const SegmentNaming& naming,
                    v1::FeatureDescription* proto) {
  proto->set_kind(SegmentKindEnumToProto(feature.kind));
  proto->mutable_segments()->Reserve(static_cast<int>(feature.segments.size()));
  for (const SegmentAddress& segment : feature.segments) {
    naming.ToProto(segment, proto->add_segments());
  }
  proto->mutable_tiles()->Reserve(static_cast<int>(feature.tiles.size()));
  for (Position cell : feature.tiles) CellToProto(cell, proto->add_tiles());
  proto->set_tile_count(static_cast<int>(feature.tiles.size()));
  proto->set_open_edges(feature.open_edges);
  proto->set_complete(feature.complete);
  proto->set_coats_of_arms(feature.coats_of_arms);
  proto->set_inn(feature.inn);
  proto->set_cathedral(feature.cathedral);
  v1::TradeGoods* goods = proto->mutable_goods();
  goods->set_wine(feature.goods.wine);
  goods->set_grain(feature.goods.grain);
  goods->set_cloth(feature.goods.cloth);
  if (feature.castle) {
    v1::CastleInfo* castle = proto->mutable_castle();
    castle->set_castle_index(feature.castle->castle_index);
    castle->set_owner(feature.castle->owner);
    castle->set_scored(feature.castle->scored);
    castle->set_pending_points(feature.castle->pending_points);
    for (Position cell : feature.castle->fief) CellToProto(cell, castle->add_fief());
  }
  proto->mutable_figures()->Reserve(static_cast<int>(feature.figures.size()));
  for (const FigureInFeature& figure : feature.figures) {
    v1::FigureStrength* figure_proto = proto->add_figures();
    v1::Figure* figure_on_board = figure_proto->mutable_figure();
    figure_on_board->set_kind(FigureKindEnumToProto(figure.figure.kind));
    figure_on_board->set_owner(figure.figure.owner);
    naming.ToProto(figure.figure.segment, figure_on_board->mutable_segment());
    figure_proto->set_strength(figure.strength);
  }
  PlayerPointsToProto(feature.strengths, proto->mutable_strengths());
  for (int player : feature.majority.players) proto->add_majority_players(player);
  proto->set_majority_strength(feature.majority.strength);
  if (feature.value_now) ScoreEventToProto(*feature.value_now, naming, proto->mutable_value_now());
  PlayerPointsToProto(feature.end_points, proto->mutable_end_points());
  ScoreEventsToProto(feature.end_scorings, naming, proto->mutable_end_scorings());
}

}  // namespace

void BoardDescriptionToProto(const BoardDescription& description, const GameState& naming,
                             v1::DescribeBoardResponse* proto) {
  const SegmentNaming segment_naming(naming);
  proto->mutable_features()->Reserve(static_cast<int>(description.features.size()));
  for (const FeatureDescription& feature : description.features) {
    FeatureToProto(feature, segment_naming, proto->add_features());
  }
  if (description.mage_feature) proto->set_mage_feature(*description.mage_feature);
  if (description.witch_feature) proto->set_witch_feature(*description.witch_feature);
  ScoreEventsToProto(description.end_bonuses, segment_naming, proto->mutable_end_bonuses());
  proto->mutable_supplies()->Reserve(static_cast<int>(description.supplies.size()));
  for (const BoardDescription::Supply& supply : description.supplies) {
    v1::PlayerSupply* supply_proto = proto->add_supplies();
    for (int kind = 0; kind < kFigureKindCount; ++kind) {
      const FigureKind figure_kind = static_cast<FigureKind>(kind);
      if (FiguresOwned(naming.rules, figure_kind) <= 0) continue;
      v1::FigureSupply* figure_supply = supply_proto->add_figures();
      figure_supply->set_kind(FigureKindEnumToProto(figure_kind));
      figure_supply->set_count(supply.figures[kind]);
    }
    supply_proto->set_castles(supply.castles);
    supply_proto->set_barns(supply.barns);
  }
}

}  // namespace carcassonne::service

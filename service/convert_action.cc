// Actions, both ways: an Action read against its snapshot, and written back.
// Why one file: one visitor over the Action oneof, both ways; a case per action.
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

namespace carcassonne::service {

std::optional<Action> ActionFromProto(const v1::Action& proto, const GameState* state,
                                      std::string_view path, FieldProblems& problems) {
  const size_t before = problems.size();
  // Seats (CheckSeat) are judged against the snapshot's players; with no
  // snapshot (it was malformed) they are not judged.
  auto seat = [&](int32_t value, const auto& field_path) {
    return state == nullptr ||
           CheckSeat(value, static_cast<int>(state->players.size()), field_path, problems);
  };
  // A cell's coordinates (CheckCoordinates), at `path`.`field`.
  auto cell = [&](const v1::Cell& proto_cell, std::string_view field) {
    return CheckCoordinates(
        proto_cell, [&] { return FieldPath(path, field); }, problems);
  };
  std::optional<Action> action;
  switch (proto.action_case()) {
    case v1::Action::kPlaceTile: {
      std::optional<PlacedTile> tile = ReadTilePlacement(
          proto.place_tile(), [&] { return FieldPath(path, "place_tile"); }, problems);
      // HS-03: the tile the caller drew and laid under a hill tile.
      const TileType* hidden = nullptr;
      if (!proto.place_tile().hidden_tile_type().empty()) {
        hidden = TileTypeFromProto(proto.place_tile().hidden_tile_type(),
                                   FieldPath(path, "place_tile.hidden_tile_type"), problems);
        if (hidden == nullptr) break;
      }
      // BT-04, BT-05: the animal token the caller drew with a circus tile.
      const std::optional<Animal> animal = AnimalFromProto(
          proto.place_tile().animal_token(), FieldPath(path, "place_tile.animal_token"), problems);
      // BC-03: a bridge placed with the tile.
      std::optional<BridgePlacement> bridge;
      if (proto.place_tile().has_bridge()) {
        bridge = BridgeFromProto(proto.place_tile().bridge(), FieldPath(path, "place_tile.bridge"),
                                 problems);
        if (!bridge) break;
      }
      if (tile) {
        action = PlaceTileAction{tile->type, tile->cell, tile->rotation, hidden, animal, bridge};
      }
      break;
    }
    case v1::Action::kPlaceFigure: {
      const v1::PlaceFigure& place = proto.place_figure();
      const std::string place_path = FieldPath(path, "place_figure");
      std::optional<FigureKind> kind = FigureKindFromProto(place.kind());
      if (!kind) BadEnum(problems, FieldPath(place_path, "kind"), "figure kind", place.kind());
      const std::string segment_path = FieldPath(place_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!place.has_segment()) {
        Add(problems, segment_path, "the segment to place the figure on is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = SegmentFromProto(place.segment(), {nullptr, state}, segment_path, problems);
      }
      if (kind && segment) action = PlaceFigureAction{*kind, *segment};
      break;
    }
    case v1::Action::kPass:
      action = PassAction{};
      break;
    case v1::Action::kDiscardTile: {
      const TileType* type = TileTypeFromProto(proto.discard_tile().tile_type(),
                                               FieldPath(path, "discard_tile.tile_type"), problems);
      if (type != nullptr) action = DiscardTileAction{type};
      break;
    }
    case v1::Action::kMoveMagicFigure: {
      const v1::MoveMagicFigure& move = proto.move_magic_figure();
      const std::string move_path = FieldPath(path, "move_magic_figure");
      std::optional<MagicFigure> figure = MagicFigureFromProto(move.figure());
      if (!figure) {
        BadEnum(problems, FieldPath(move_path, "figure"), "magic figure", move.figure());
      }
      const std::string segment_path = FieldPath(move_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!move.has_segment()) {
        Add(problems, segment_path, "the segment to put the magic figure on is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = SegmentFromProto(move.segment(), {nullptr, state}, segment_path, problems);
      }
      if (figure && segment) action = MoveMagicFigureAction{*figure, *segment};
      break;
    }
    case v1::Action::kSetAsideMagicFigure: {
      const int value = proto.set_aside_magic_figure().figure();
      std::optional<MagicFigure> figure = MagicFigureFromProto(value);
      if (figure) {
        action = SetAsideMagicFigureAction{*figure};
      } else {
        BadEnum(problems, FieldPath(path, "set_aside_magic_figure.figure"), "magic figure", value);
      }
      break;
    }
    case v1::Action::kDeployToQuarter: {
      const v1::DeployToQuarter& deploy = proto.deploy_to_quarter();
      const std::string deploy_path = FieldPath(path, "deploy_to_quarter");
      std::optional<FigureKind> kind = FigureKindFromProto(deploy.kind());
      if (!kind) BadEnum(problems, FieldPath(deploy_path, "kind"), "figure kind", deploy.kind());
      std::optional<Quarter> quarter = QuarterFromProto(deploy.quarter());
      if (!quarter)
        BadEnum(problems, FieldPath(deploy_path, "quarter"), "quarter", deploy.quarter());
      std::optional<Quarter> move_to;
      if (deploy.move_count_to() != v1::QUARTER_UNSPECIFIED) {
        move_to = QuarterFromProto(deploy.move_count_to());
        if (!move_to) {
          BadEnum(problems, FieldPath(deploy_path, "move_count_to"), "quarter",
                  deploy.move_count_to());
        }
      }
      if (kind && quarter && (move_to || deploy.move_count_to() == v1::QUARTER_UNSPECIFIED)) {
        action = DeployToQuarterAction{*kind, *quarter, move_to};
      }
      break;
    }
    case v1::Action::kRedeployFromQuarter: {
      const v1::RedeployFromQuarter& redeploy = proto.redeploy_from_quarter();
      const std::string redeploy_path = FieldPath(path, "redeploy_from_quarter");
      std::optional<Quarter> quarter = QuarterFromProto(redeploy.quarter());
      if (!quarter) {
        BadEnum(problems, FieldPath(redeploy_path, "quarter"), "quarter", redeploy.quarter());
      }
      std::optional<SegmentAddress> target;
      bool target_ok = true;
      if (redeploy.has_target()) {
        target = SegmentFromProto(redeploy.target(), {nullptr, state},
                                  FieldPath(redeploy_path, "target"), problems);
        target_ok = target.has_value() || state == nullptr;
      }
      if (quarter && target_ok) {
        RedeployFromQuarterAction chosen{*quarter, redeploy.followers(), redeploy.big_followers(),
                                         target};
        chosen.mayors = redeploy.mayors();  // CO-09, CO-30
        chosen.wagons = redeploy.wagons();
        action = chosen;
      }
      break;
    }
    case v1::Action::kMoveWagon: {
      const std::string segment_path = FieldPath(path, "move_wagon.segment");
      if (!proto.move_wagon().has_segment()) {
        Add(problems, segment_path, "the segment to move the wagon onto is required",
            ErrorReason::kFieldRequired);
      } else if (std::optional<SegmentAddress> segment = SegmentFromProto(
                     proto.move_wagon().segment(), {nullptr, state}, segment_path, problems)) {
        action = MoveWagonAction{*segment};
      }
      break;
    }
    case v1::Action::kRetreatAbbot: {
      // The Abbot (AB-07): the segment the abbot stands on.
      const std::string segment_path = FieldPath(path, "retreat_abbot.segment");
      if (!proto.retreat_abbot().has_segment()) {
        Add(problems, segment_path, "the segment the abbot stands on is required",
            ErrorReason::kFieldRequired);
      } else if (std::optional<SegmentAddress> segment = SegmentFromProto(
                     proto.retreat_abbot().segment(), {nullptr, state}, segment_path, problems)) {
        action = RetreatAbbotAction{*segment};
      }
      break;
    }
    case v1::Action::kBuildCastle:
      action = BuildCastleAction{};
      break;
    case v1::Action::kEscapeSiege: {
      const v1::EscapeSiege& escape = proto.escape_siege();
      const std::string escape_path = FieldPath(path, "escape_siege");
      std::optional<FigureKind> kind = FigureKindFromProto(escape.kind());
      if (!kind) BadEnum(problems, FieldPath(escape_path, "kind"), "figure kind", escape.kind());
      const std::string segment_path = FieldPath(escape_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!escape.has_segment()) {
        Add(problems, segment_path, "the segment of the follower that escapes is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = SegmentFromProto(escape.segment(), {nullptr, state}, segment_path, problems);
      }
      if (kind && segment) action = EscapeSiegeAction{*kind, *segment};
      break;
    }
    case v1::Action::kMoveDragon: {
      if (!proto.move_dragon().has_to()) {
        Add(problems, FieldPath(path, "move_dragon.to"), "the cell the dragon flies to is required",
            ErrorReason::kFieldRequired);
      } else if (cell(proto.move_dragon().to(), "move_dragon.to")) {
        action = MoveDragonAction{{proto.move_dragon().to().x(), proto.move_dragon().to().y()}};
      }
      break;
    }
    case v1::Action::kRemoveKnight: {
      const std::string knight_path = FieldPath(path, "remove_knight.knight");
      if (!proto.remove_knight().has_knight()) {
        Add(problems, knight_path, "the knight the princess sends home is required",
            ErrorReason::kFieldRequired);
        break;
      }
      const v1::Figure& knight = proto.remove_knight().knight();
      seat(knight.owner(), [&] { return FieldPath(knight_path, "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(knight.kind());
      if (!kind) BadEnum(problems, FieldPath(knight_path, "kind"), "figure kind", knight.kind());
      const std::string segment_path = FieldPath(knight_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!knight.has_segment()) {
        Add(problems, segment_path, "the segment the knight stands on is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = SegmentFromProto(knight.segment(), {nullptr, state}, segment_path, problems);
      }
      if (kind && segment) action = RemoveKnightAction{Figure{*kind, knight.owner(), *segment}};
      break;
    }
    case v1::Action::kMoveFairy: {
      const std::string follower_path = FieldPath(path, "move_fairy.follower");
      if (!proto.move_fairy().has_follower()) {
        Add(problems, follower_path, "the follower the fairy moves next to is required",
            ErrorReason::kFieldRequired);
        break;
      }
      const v1::Figure& follower = proto.move_fairy().follower();
      seat(follower.owner(), [&] { return FieldPath(follower_path, "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(follower.kind());
      if (!kind)
        BadEnum(problems, FieldPath(follower_path, "kind"), "figure kind", follower.kind());
      const std::string segment_path = FieldPath(follower_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!follower.has_segment()) {
        Add(problems, segment_path, "the segment the follower stands on is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = SegmentFromProto(follower.segment(), {nullptr, state}, segment_path, problems);
      }
      if (kind && segment) action = MoveFairyAction{Figure{*kind, follower.owner(), *segment}};
      break;
    }
    case v1::Action::kPlaceTowerFloor: {
      if (!proto.place_tower_floor().has_tower()) {
        Add(problems, FieldPath(path, "place_tower_floor.tower"),
            "the cell of the tower that gets the floor is required", ErrorReason::kFieldRequired);
      } else if (cell(proto.place_tower_floor().tower(), "place_tower_floor.tower")) {
        const v1::Cell& tower = proto.place_tower_floor().tower();
        action = PlaceTowerFloorAction{{tower.x(), tower.y()}};
      }
      break;
    }
    case v1::Action::kPlaceOnTower: {
      const v1::PlaceOnTower& top = proto.place_on_tower();
      std::optional<FigureKind> kind = FigureKindFromProto(top.kind());
      if (!kind)
        BadEnum(problems, FieldPath(path, "place_on_tower.kind"), "figure kind", top.kind());
      if (!top.has_tower()) {
        Add(problems, FieldPath(path, "place_on_tower.tower"),
            "the cell of the tower the meeple goes on is required", ErrorReason::kFieldRequired);
      } else if (cell(top.tower(), "place_on_tower.tower") && kind) {
        action = PlaceOnTowerAction{*kind, {top.tower().x(), top.tower().y()}};
      }
      break;
    }
    case v1::Action::kCaptureMeeple: {
      const v1::CaptureMeeple& capture = proto.capture_meeple();
      if (capture.has_figure() == capture.has_tower_top()) {
        Add(problems, FieldPath(path, "capture_meeple"),
            "exactly one of figure and tower_top names the meeple captured");
        break;
      }
      if (capture.has_tower_top()) {
        if (!cell(capture.tower_top(), "capture_meeple.tower_top")) break;
        action = CaptureMeepleAction{std::nullopt,
                                     Position{capture.tower_top().x(), capture.tower_top().y()}};
        break;
      }
      const std::string figure_path = FieldPath(path, "capture_meeple.figure");
      const v1::Figure& figure = capture.figure();
      seat(figure.owner(), [&] { return FieldPath(figure_path, "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(figure.kind());
      if (!kind) BadEnum(problems, FieldPath(figure_path, "kind"), "figure kind", figure.kind());
      const std::string segment_path = FieldPath(figure_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!figure.has_segment()) {
        Add(problems, segment_path, "the segment the meeple stands on is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = SegmentFromProto(figure.segment(), {nullptr, state}, segment_path, problems);
      }
      if (kind && segment) {
        action = CaptureMeepleAction{Figure{*kind, figure.owner(), *segment}, std::nullopt};
      }
      break;
    }
    case v1::Action::kTakeFigureBack: {
      // The Festival (FV-03 (b), FV-04): one figure on a segment, or a barn.
      const v1::TakeFigureBack& take = proto.take_figure_back();
      if (take.has_figure() == take.has_barn()) {
        Add(problems, FieldPath(path, "take_figure_back"),
            "exactly one of figure and barn names the figure taken back");
        break;
      }
      if (take.has_barn()) {
        const std::string barn_path = FieldPath(path, "take_figure_back.barn");
        const v1::Barn& barn = take.barn();
        const bool owner = seat(barn.owner(), [&] { return FieldPath(barn_path, "owner"); });
        const bool within = CheckCoordinates(
            barn, [&] { return barn_path; }, problems);
        const std::optional<Corner> corner = CornerFromProto(barn.corner());
        if (!corner) BadEnum(problems, FieldPath(barn_path, "corner"), "corner", barn.corner());
        if (owner && within && corner) {
          action =
              TakeFigureBackAction{std::nullopt, Barn{barn.owner(), {barn.x(), barn.y()}, *corner}};
        }
        break;
      }
      const std::string figure_path = FieldPath(path, "take_figure_back.figure");
      const v1::Figure& figure = take.figure();
      seat(figure.owner(), [&] { return FieldPath(figure_path, "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(figure.kind());
      if (!kind) BadEnum(problems, FieldPath(figure_path, "kind"), "figure kind", figure.kind());
      const std::string segment_path = FieldPath(figure_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!figure.has_segment()) {
        Add(problems, segment_path, "the segment the figure stands on is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = SegmentFromProto(figure.segment(), {nullptr, state}, segment_path, problems);
      }
      if (kind && segment) {
        action = TakeFigureBackAction{Figure{*kind, figure.owner(), *segment}, std::nullopt};
      }
      break;
    }
    case v1::Action::kExchangePrisoner: {
      std::optional<FigureKind> kind = FigureKindFromProto(proto.exchange_prisoner().kind());
      if (!kind) {
        BadEnum(problems, FieldPath(path, "exchange_prisoner.kind"), "figure kind",
                proto.exchange_prisoner().kind());
      } else {
        action = ExchangePrisonerAction{*kind};
      }
      break;
    }
    case v1::Action::kPayRansom: {
      // TW-12: the jailer is a seat.
      const bool jailer =
          seat(proto.pay_ransom().jailer(), [&] { return FieldPath(path, "pay_ransom.jailer"); });
      std::optional<FigureKind> kind = FigureKindFromProto(proto.pay_ransom().kind());
      if (!kind) {
        BadEnum(problems, FieldPath(path, "pay_ransom.kind"), "figure kind",
                proto.pay_ransom().kind());
      } else if (jailer) {
        action = PayRansomAction{proto.pay_ransom().jailer(), *kind};
      }
      break;
    }
    case v1::Action::kPlaceBarn: {
      const std::optional<Corner> corner = CornerFromProto(proto.place_barn().corner());
      if (!corner) {
        BadEnum(problems, FieldPath(path, "place_barn.corner"), "corner",
                proto.place_barn().corner());
      } else {
        action = PlaceBarnAction{*corner};
      }
      break;
    }
    case v1::Action::kEndGame:
      action = EndGameAction{};  // AMB-48
      break;
    case v1::Action::kPlaceShepherd: {
      // HS-13, HS-14: the token is the one the caller drew (HS-24).
      const v1::PlaceShepherd& shepherd = proto.place_shepherd();
      const std::string segment_path = FieldPath(path, "place_shepherd.segment");
      std::optional<SegmentAddress> segment;
      if (!shepherd.has_segment()) {
        Add(problems, segment_path, "the field segment to put the shepherd on is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = SegmentFromProto(shepherd.segment(), {nullptr, state}, segment_path, problems);
      }
      const std::optional<SheepToken> token = SheepTokenFromProto(shepherd.token());
      if (!token) {
        BadEnum(problems, FieldPath(path, "place_shepherd.token"), "sheep token", shepherd.token());
      }
      if (segment && token) action = PlaceShepherdAction{*segment, *token};
      break;
    }
    case v1::Action::kGrowFlock: {
      // HS-17: the token is the one the caller drew (HS-24).
      const std::optional<SheepToken> token = SheepTokenFromProto(proto.grow_flock().token());
      if (!token) {
        BadEnum(problems, FieldPath(path, "grow_flock.token"), "sheep token",
                proto.grow_flock().token());
      } else {
        action = GrowFlockAction{*token};
      }
      break;
    }
    case v1::Action::kDriveFlock:
      action = DriveFlockAction{};  // HS-18
      break;
    case v1::Action::kDrawBazaarTiles: {
      const auto& ids = proto.draw_bazaar_tiles().tile_types();
      const std::string tiles_path = FieldPath(path, "draw_bazaar_tiles.tile_types");
      if (ids.size() > kMaxPlayers) {
        Add(problems, tiles_path,
            Cat("a bazaar reveals one tile per player, at most ", kMaxPlayers),
            ErrorReason::kTooManyItems);
        break;
      }
      DrawBazaarTilesAction draw;
      for (int i = 0; i < ids.size(); ++i) {
        const TileType* type = TileTypeFromProto(ids[i], IndexPath(tiles_path, i), problems);
        if (type != nullptr) draw.tiles.push_back(type);
      }
      action = std::move(draw);
      break;
    }
    case v1::Action::kOfferBazaarTile:
      action =
          OfferBazaarTileAction{proto.offer_bazaar_tile().lot(), proto.offer_bazaar_tile().bid()};
      break;
    case v1::Action::kBidForBazaarTile:
      action = BidForBazaarTileAction{proto.bid_for_bazaar_tile().bid()};
      break;
    case v1::Action::kSettleBazaarAuction:
      action = SettleBazaarAuctionAction{proto.settle_bazaar_auction().buy()};
      break;
    case v1::Action::ACTION_NOT_SET:
      Add(problems, std::string(path),
          "no decision is set: choose one of place_tile, place_figure, pass, discard_tile, "
          "move_magic_figure, set_aside_magic_figure, deploy_to_quarter, "
          "redeploy_from_quarter, move_wagon, build_castle, place_barn, escape_siege, end_game, "
          "move_dragon, remove_knight, move_fairy, place_tower_floor, place_on_tower, "
          "capture_meeple, exchange_prisoner, pay_ransom, place_shepherd, grow_flock, drive_flock, "
          "retreat_abbot, draw_bazaar_tiles, offer_bazaar_tile, bid_for_bazaar_tile, "
          "settle_bazaar_auction, take_figure_back",
          ErrorReason::kFieldRequired);
      break;
  }
  // AMB-49: the seat taking the decision (unset: the deciding player's).
  if (proto.has_actor() && seat(proto.actor(), [&] { return FieldPath(path, "actor"); }) &&
      action) {
    action->actor = proto.actor();
  }
  // AMB-40: the order of the features the tile completed.
  const std::string order_path = FieldPath(path, "scoring_order");
  if (proto.scoring_order_size() > static_cast<int>(kMaxScoringOrder)) {
    Add(problems, order_path, Cat("at most ", kMaxScoringOrder, " segments"),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.scoring_order_size(); ++i) {
      std::optional<SegmentAddress> segment = SegmentFromProto(
          proto.scoring_order(i), {nullptr, state}, IndexPath(order_path, i), problems);
      if (action && segment) action->scoring_order.push_back(*segment);
    }
  }
  if (problems.size() != before || !action || state == nullptr) return std::nullopt;
  PrefixProblems(CheckAction(*state, *action), path, ErrorReason::kActionMalformed, problems);
  if (problems.size() != before) return std::nullopt;
  return action;
}

GameState WithTilesPlacedBy(const GameState& state, std::span<const Action> actions) {
  GameState augmented = state;
  for (const Action& action : actions) {
    if (const auto* place = std::get_if<PlaceTileAction>(&action)) {
      augmented.tiles.push_back({place->tile, place->cell, place->rotation});
    }
  }
  return augmented;
}

void ActionToProto(const Action& action, const GameState& naming, v1::Action* proto) {
  std::visit(
      [&](const auto& chosen) {
        using T = std::decay_t<decltype(chosen)>;
        if constexpr (std::is_same_v<T, PlaceTileAction>) {
          v1::PlaceTile* place = proto->mutable_place_tile();
          place->set_tile_type(ToString(chosen.tile->id));
          place->set_x(chosen.cell.x);
          place->set_y(chosen.cell.y);
          place->set_rotation(chosen.rotation.degrees());
          if (chosen.hidden_tile != nullptr) {
            place->set_hidden_tile_type(ToString(chosen.hidden_tile->id));
          }
          place->set_animal_token(AnimalToProto(chosen.animal_token));
          if (chosen.bridge) BridgeToProto(*chosen.bridge, place->mutable_bridge());
        } else if constexpr (std::is_same_v<T, PlaceFigureAction>) {
          v1::PlaceFigure* place = proto->mutable_place_figure();
          place->set_kind(FigureKindToProto(chosen.kind));
          SegmentRefToProto(chosen.segment, naming, place->mutable_segment());
        } else if constexpr (std::is_same_v<T, PassAction>) {
          proto->mutable_pass();
        } else if constexpr (std::is_same_v<T, DiscardTileAction>) {
          proto->mutable_discard_tile()->set_tile_type(ToString(chosen.tile->id));
        } else if constexpr (std::is_same_v<T, MoveMagicFigureAction>) {
          v1::MoveMagicFigure* move = proto->mutable_move_magic_figure();
          move->set_figure(MagicFigureToProto(chosen.figure));
          SegmentRefToProto(chosen.segment, naming, move->mutable_segment());
        } else if constexpr (std::is_same_v<T, SetAsideMagicFigureAction>) {
          proto->mutable_set_aside_magic_figure()->set_figure(MagicFigureToProto(chosen.figure));
        } else if constexpr (std::is_same_v<T, BuildCastleAction>) {
          proto->mutable_build_castle();
        } else if constexpr (std::is_same_v<T, EscapeSiegeAction>) {
          v1::EscapeSiege* escape = proto->mutable_escape_siege();
          escape->set_kind(FigureKindToProto(chosen.kind));
          SegmentRefToProto(chosen.segment, naming, escape->mutable_segment());
        } else if constexpr (std::is_same_v<T, PlaceBarnAction>) {
          proto->mutable_place_barn()->set_corner(CornerToProto(chosen.corner));
        } else if constexpr (std::is_same_v<T, MoveDragonAction>) {
          CellToProto(chosen.to, proto->mutable_move_dragon()->mutable_to());
        } else if constexpr (std::is_same_v<T, RemoveKnightAction>) {
          FigureToProto(chosen.knight, naming, proto->mutable_remove_knight()->mutable_knight());
        } else if constexpr (std::is_same_v<T, MoveFairyAction>) {
          FigureToProto(chosen.follower, naming, proto->mutable_move_fairy()->mutable_follower());
        } else if constexpr (std::is_same_v<T, PlaceTowerFloorAction>) {
          CellToProto(chosen.tower, proto->mutable_place_tower_floor()->mutable_tower());
        } else if constexpr (std::is_same_v<T, PlaceOnTowerAction>) {
          proto->mutable_place_on_tower()->set_kind(FigureKindToProto(chosen.kind));
          CellToProto(chosen.tower, proto->mutable_place_on_tower()->mutable_tower());
        } else if constexpr (std::is_same_v<T, CaptureMeepleAction>) {
          v1::CaptureMeeple* capture = proto->mutable_capture_meeple();
          if (chosen.figure) FigureToProto(*chosen.figure, naming, capture->mutable_figure());
          if (chosen.tower_top) CellToProto(*chosen.tower_top, capture->mutable_tower_top());
        } else if constexpr (std::is_same_v<T, TakeFigureBackAction>) {
          v1::TakeFigureBack* take = proto->mutable_take_figure_back();
          if (chosen.figure) FigureToProto(*chosen.figure, naming, take->mutable_figure());
          if (chosen.barn) {
            v1::Barn* barn = take->mutable_barn();
            barn->set_owner(chosen.barn->owner);
            barn->set_x(chosen.barn->cell.x);
            barn->set_y(chosen.barn->cell.y);
            barn->set_corner(CornerToProto(chosen.barn->corner));
          }
        } else if constexpr (std::is_same_v<T, ExchangePrisonerAction>) {
          proto->mutable_exchange_prisoner()->set_kind(FigureKindToProto(chosen.kind));
        } else if constexpr (std::is_same_v<T, PayRansomAction>) {
          proto->mutable_pay_ransom()->set_jailer(chosen.jailer);
          proto->mutable_pay_ransom()->set_kind(FigureKindToProto(chosen.kind));
        } else if constexpr (std::is_same_v<T, PlaceShepherdAction>) {
          v1::PlaceShepherd* shepherd = proto->mutable_place_shepherd();
          SegmentRefToProto(chosen.segment, naming, shepherd->mutable_segment());
          shepherd->set_token(SheepTokenToProto(chosen.token));
        } else if constexpr (std::is_same_v<T, GrowFlockAction>) {
          proto->mutable_grow_flock()->set_token(SheepTokenToProto(chosen.token));
        } else if constexpr (std::is_same_v<T, DriveFlockAction>) {
          proto->mutable_drive_flock();
        } else if constexpr (std::is_same_v<T, RetreatAbbotAction>) {
          SegmentRefToProto(chosen.segment, naming,
                            proto->mutable_retreat_abbot()->mutable_segment());
        } else if constexpr (std::is_same_v<T, MoveWagonAction>) {
          SegmentRefToProto(chosen.segment, naming, proto->mutable_move_wagon()->mutable_segment());
        } else if constexpr (std::is_same_v<T, DeployToQuarterAction>) {
          v1::DeployToQuarter* deploy = proto->mutable_deploy_to_quarter();
          deploy->set_kind(FigureKindToProto(chosen.kind));
          deploy->set_quarter(QuarterToProto(chosen.quarter));
          if (chosen.move_count_to)
            deploy->set_move_count_to(QuarterToProto(*chosen.move_count_to));
        } else if constexpr (std::is_same_v<T, EndGameAction>) {
          proto->mutable_end_game();
        } else if constexpr (std::is_same_v<T, DrawBazaarTilesAction>) {
          for (const TileType* tile : chosen.tiles) {
            proto->mutable_draw_bazaar_tiles()->add_tile_types(ToString(tile->id));
          }
        } else if constexpr (std::is_same_v<T, OfferBazaarTileAction>) {
          proto->mutable_offer_bazaar_tile()->set_lot(chosen.lot);
          proto->mutable_offer_bazaar_tile()->set_bid(chosen.bid);
        } else if constexpr (std::is_same_v<T, BidForBazaarTileAction>) {
          proto->mutable_bid_for_bazaar_tile()->set_bid(chosen.bid);
        } else if constexpr (std::is_same_v<T, SettleBazaarAuctionAction>) {
          proto->mutable_settle_bazaar_auction()->set_buy(chosen.buy);
        } else if constexpr (std::is_same_v<T, RedeployFromQuarterAction>) {
          v1::RedeployFromQuarter* redeploy = proto->mutable_redeploy_from_quarter();
          redeploy->set_quarter(QuarterToProto(chosen.quarter));
          redeploy->set_followers(chosen.followers);
          redeploy->set_big_followers(chosen.big_followers);
          redeploy->set_mayors(chosen.mayors);
          redeploy->set_wagons(chosen.wagons);
          if (chosen.target) SegmentRefToProto(*chosen.target, naming, redeploy->mutable_target());
        }
        // Any other engine action has no message in this API version: left unset.
      },
      action);
  if (action.actor) proto->set_actor(*action.actor);            // AMB-49
  for (const SegmentAddress& segment : action.scoring_order) {  // AMB-40
    SegmentRefToProto(segment, naming, proto->add_scoring_order());
  }
}

}  // namespace carcassonne::service

// The unlisted actions of fuzz_engine_games (engine_fuzz_actions.h): listed
// actions mutated into near misses, and arbitrary actions of every kind.
#include "tests/fuzz/engine_fuzz_actions.h"

#include <climits>
#include <cstdint>
#include <utility>

#include "engine/referee.h"
#include "engine/snapshot_limits.h"
#include "tests/fuzz/engine_fuzz_pick.h"

namespace carcassonne::fuzz {
namespace {

// An int near `value`, or one at the ends of what the API carries (int32).
int Jiggle(FuzzedDataProvider& input, int value) {
  switch (input.ConsumeIntegralInRange<int>(0, 6)) {
    case 0:
      return value == INT_MIN ? value : value - 1;
    case 1:
      return value == INT_MAX ? value : value + 1;
    case 2:
      return 0;
    case 3:
      return -1;
    case 4:
      return INT_MAX;
    case 5:
      return INT_MIN;
    default:
      return input.ConsumeIntegral<int32_t>();
  }
}

// A cell on or near the board (a placed tile's cell moved by -2..2 each way),
// or anywhere within the coordinate limits now and then.
Position NearCell(FuzzedDataProvider& input, const GameState& state) {
  if (Rarely(input, 16)) {
    return {input.ConsumeIntegralInRange<int32_t>(-kMaxCoordinate, kMaxCoordinate),
            input.ConsumeIntegralInRange<int32_t>(-kMaxCoordinate, kMaxCoordinate)};
  }
  const Position near = PickFrom(input, state.tiles).cell;
  return {near.x + input.ConsumeIntegralInRange<int32_t>(-2, 2),
          near.y + input.ConsumeIntegralInRange<int32_t>(-2, 2)};
}

// A segment that exists on the board (what the service resolves a segment to).
// (Some tiles have none, e.g. the Count's city tiles: the next that has one.)
SegmentAddress BoardSegment(FuzzedDataProvider& input, const GameState& state) {
  const size_t count = state.tiles.size();
  size_t index = input.ConsumeIntegralInRange<size_t>(0, count - 1);
  for (size_t tried = 0; tried < count && state.tiles[index].type->segments.empty(); ++tried) {
    index = (index + 1) % count;
  }
  const PlacedTile& tile = state.tiles[index];
  const int segments = static_cast<int>(tile.type->segments.size());
  return {tile.cell, segments == 0 ? 0 : input.ConsumeIntegralInRange<int>(0, segments - 1)};
}

// A segment that may not exist (CheckAction calls the action malformed).
SegmentAddress AnySegment(FuzzedDataProvider& input, const GameState& state) {
  if (input.ConsumeBool()) return BoardSegment(input, state);
  return {NearCell(input, state), input.ConsumeIntegralInRange<int>(-1, 12)};
}

// A figure: one of the board, changed or not, or one made up on a segment of
// the board, its owner any seat or none.
Figure AnyFigure(FuzzedDataProvider& input, const GameState& state) {
  const int players = static_cast<int>(state.players.size());
  Figure figure;
  if (!state.figures.empty() && input.ConsumeBool()) {
    figure = PickFrom(input, state.figures);
    switch (input.ConsumeIntegralInRange<int>(0, 3)) {
      case 0:
        return figure;
      case 1:
        figure.kind = PickEnum<FigureKind>(input, kFigureKindCount);
        return figure;
      case 2:
        figure.owner = input.ConsumeIntegralInRange<int>(-1, players);
        return figure;
      default:
        figure.segment = BoardSegment(input, state);
        return figure;
    }
  }
  figure.kind = PickEnum<FigureKind>(input, kFigureKindCount);
  figure.owner = input.ConsumeIntegralInRange<int>(-1, players);
  figure.segment = BoardSegment(input, state);
  return figure;
}

// A barn (the Festival, FV-04): one of the board, or one made up at a corner
// of a cell near the board, its owner any seat or none.
Barn AnyBarn(FuzzedDataProvider& input, const GameState& state) {
  const int players = static_cast<int>(state.players.size());
  if (!state.barns.empty() && input.ConsumeBool()) return PickFrom(input, state.barns);
  return {input.ConsumeIntegralInRange<int>(-1, players), NearCell(input, state),
          PickEnum<Corner>(input, 4)};
}

// A cell with a tower, or near the board.
Position TowerCell(FuzzedDataProvider& input, const GameState& state) {
  if (!state.towers.empty() && input.ConsumeBool()) return PickFrom(input, state.towers).cell;
  return NearCell(input, state);
}

const TileType* SomeTile(FuzzedDataProvider& input, const TileChance& chance) {
  if (chance.drawn != nullptr && input.ConsumeBool()) return chance.drawn;
  return AnyTileType(input);
}

// The ends of the figure step that may carry a scoring order (AMB-40,
// Game::EndsFigureStep).
bool MayCarryScoringOrder(const Action& action) {
  return std::holds_alternative<PlaceFigureAction>(action) ||
         std::holds_alternative<PassAction>(action) ||
         std::holds_alternative<PlaceBarnAction>(action) ||
         std::holds_alternative<PlaceShepherdAction>(action) ||
         std::holds_alternative<RetreatAbbotAction>(action) ||
         std::holds_alternative<TakeFigureBackAction>(action);
}

// One field of `action` changed (the kinds without a field become another
// action altogether).
Action ChangeAField(const Game& game, Action action, const TileChance& chance,
                    FuzzedDataProvider& input) {
  const GameState& state = game.state();
  const int players = static_cast<int>(state.players.size());
  if (auto* place = std::get_if<PlaceTileAction>(&action)) {
    switch (input.ConsumeIntegralInRange<int>(0, 5)) {
      case 5:
        // BC-03: no bridge, or a bridge on the tile or next to it, either way.
        if (input.ConsumeBool()) {
          place->bridge.reset();
        } else {
          place->bridge = BridgePlacement{
              {place->cell.x + input.ConsumeIntegralInRange<int32_t>(-1, 1),
               place->cell.y + input.ConsumeIntegralInRange<int32_t>(-1, 1)},
              input.ConsumeBool() ? BridgeAxis::kNorthSouth : BridgeAxis::kEastWest};
        }
        break;
      case 0:
        place->cell = {place->cell.x + input.ConsumeIntegralInRange<int32_t>(-1, 1),
                       place->cell.y + input.ConsumeIntegralInRange<int32_t>(-1, 1)};
        break;
      case 1:
        place->rotation = Rotation{input.ConsumeIntegralInRange<uint8_t>(0, 3)};
        break;
      case 2:
        place->tile = SomeTile(input, chance);
        break;
      case 3:
        place->hidden_tile = input.ConsumeBool() ? nullptr : AnyTileType(input);
        break;
      default:
        place->animal_token = SomeAnimal(input);
        break;
    }
  } else if (auto* figure = std::get_if<PlaceFigureAction>(&action)) {
    if (input.ConsumeBool()) {
      figure->kind = PickEnum<FigureKind>(input, kFigureKindCount);
    } else {
      figure->segment = AnySegment(input, state);
    }
  } else if (auto* discard = std::get_if<DiscardTileAction>(&action)) {
    discard->tile = SomeTile(input, chance);
  } else if (auto* magic = std::get_if<MoveMagicFigureAction>(&action)) {
    if (input.ConsumeBool()) {
      magic->figure =
          magic->figure == MagicFigure::kMage ? MagicFigure::kWitch : MagicFigure::kMage;
    } else {
      magic->segment = AnySegment(input, state);
    }
  } else if (auto* aside = std::get_if<SetAsideMagicFigureAction>(&action)) {
    aside->figure = aside->figure == MagicFigure::kMage ? MagicFigure::kWitch : MagicFigure::kMage;
  } else if (auto* deploy = std::get_if<DeployToQuarterAction>(&action)) {
    switch (input.ConsumeIntegralInRange<int>(0, 2)) {
      case 0:
        deploy->kind = PickEnum<FigureKind>(input, kFigureKindCount);
        break;
      case 1:
        deploy->quarter = PickEnum<Quarter>(input, kQuarterCount);
        break;
      default:
        deploy->move_count_to =
            input.ConsumeBool() ? std::nullopt
                                : std::optional<Quarter>(PickEnum<Quarter>(input, kQuarterCount));
        break;
    }
  } else if (auto* redeploy = std::get_if<RedeployFromQuarterAction>(&action)) {
    switch (input.ConsumeIntegralInRange<int>(0, 5)) {
      case 0:
        redeploy->quarter = PickEnum<Quarter>(input, kQuarterCount);
        break;
      case 1:
        redeploy->followers = Jiggle(input, redeploy->followers);
        break;
      case 2:
        redeploy->big_followers = Jiggle(input, redeploy->big_followers);
        break;
      case 3:
        redeploy->mayors = Jiggle(input, redeploy->mayors);
        break;
      case 4:
        redeploy->wagons = Jiggle(input, redeploy->wagons);
        break;
      default:
        redeploy->target = input.ConsumeBool()
                               ? std::nullopt
                               : std::optional<SegmentAddress>(AnySegment(input, state));
        break;
    }
  } else if (auto* wagon = std::get_if<MoveWagonAction>(&action)) {
    wagon->segment = AnySegment(input, state);
  } else if (auto* barn = std::get_if<PlaceBarnAction>(&action)) {
    barn->corner = PickEnum<Corner>(input, 4);
  } else if (auto* escape = std::get_if<EscapeSiegeAction>(&action)) {
    if (input.ConsumeBool()) {
      escape->kind = PickEnum<FigureKind>(input, kFigureKindCount);
    } else {
      escape->segment = AnySegment(input, state);
    }
  } else if (auto* dragon = std::get_if<MoveDragonAction>(&action)) {
    // Another neighbour, a diagonal, the cell it stands on, or far away.
    dragon->to = input.ConsumeBool() ? Position{dragon->to.x + input.ConsumeIntegralInRange(-2, 2),
                                                dragon->to.y + input.ConsumeIntegralInRange(-2, 2)}
                                     : NearCell(input, state);
  } else if (auto* knight = std::get_if<RemoveKnightAction>(&action)) {
    knight->knight = AnyFigure(input, state);
  } else if (auto* fairy = std::get_if<MoveFairyAction>(&action)) {
    fairy->follower = AnyFigure(input, state);
  } else if (auto* floor = std::get_if<PlaceTowerFloorAction>(&action)) {
    floor->tower = TowerCell(input, state);
  } else if (auto* top = std::get_if<PlaceOnTowerAction>(&action)) {
    if (input.ConsumeBool()) {
      top->kind = PickEnum<FigureKind>(input, kFigureKindCount);
    } else {
      top->tower = TowerCell(input, state);
    }
  } else if (auto* capture = std::get_if<CaptureMeepleAction>(&action)) {
    switch (input.ConsumeIntegralInRange<int>(0, 3)) {
      case 0:
        capture->figure = AnyFigure(input, state);
        capture->tower_top.reset();
        break;
      case 1:
        capture->figure.reset();
        capture->tower_top = TowerCell(input, state);
        break;
      case 2:  // both: a capture names one meeple (TW-07)
        capture->figure = AnyFigure(input, state);
        capture->tower_top = TowerCell(input, state);
        break;
      default:  // neither
        capture->figure.reset();
        capture->tower_top.reset();
        break;
    }
  } else if (auto* exchange = std::get_if<ExchangePrisonerAction>(&action)) {
    exchange->kind = PickEnum<FigureKind>(input, kFigureKindCount);
  } else if (auto* ransom = std::get_if<PayRansomAction>(&action)) {
    if (input.ConsumeBool()) {
      ransom->kind = PickEnum<FigureKind>(input, kFigureKindCount);
    } else {
      ransom->jailer = input.ConsumeBool() ? input.ConsumeIntegralInRange<int>(-1, players)
                                           : Jiggle(input, ransom->jailer);
    }
  } else if (auto* shepherd = std::get_if<PlaceShepherdAction>(&action)) {
    if (input.ConsumeBool()) {
      shepherd->token = PickEnum<SheepToken>(input, kSheepTokenKinds);
    } else {
      shepherd->segment = AnySegment(input, state);
    }
  } else if (auto* grow = std::get_if<GrowFlockAction>(&action)) {
    grow->token = PickEnum<SheepToken>(input, kSheepTokenKinds);
  } else if (auto* retreat = std::get_if<RetreatAbbotAction>(&action)) {
    retreat->segment = AnySegment(input, state);
  } else if (auto* take = std::get_if<TakeFigureBackAction>(&action)) {
    // FV-03, FV-04: another figure, a barn, both or neither.
    switch (input.ConsumeIntegralInRange<int>(0, 3)) {
      case 0:
        take->figure = AnyFigure(input, state);
        take->barn.reset();
        break;
      case 1:
        take->figure.reset();
        take->barn = AnyBarn(input, state);
        break;
      case 2:
        take->figure = AnyFigure(input, state);
        take->barn = AnyBarn(input, state);
        break;
      default:
        take->figure.reset();
        take->barn.reset();
        break;
    }
  } else if (auto* draw = std::get_if<DrawBazaarTilesAction>(&action)) {
    switch (input.ConsumeIntegralInRange<int>(0, 2)) {
      case 0:
        if (!draw->tiles.empty()) draw->tiles.pop_back();
        break;
      case 1:
        if (draw->tiles.size() < static_cast<size_t>(kMaxPlayers)) {
          draw->tiles.push_back(AnyTileType(input));
        }
        break;
      default:
        if (!draw->tiles.empty()) {
          draw->tiles[input.ConsumeIntegralInRange<size_t>(0, draw->tiles.size() - 1)] =
              AnyTileType(input);
        }
        break;
    }
  } else if (auto* offer = std::get_if<OfferBazaarTileAction>(&action)) {
    if (input.ConsumeBool()) {
      offer->lot = Jiggle(input, offer->lot);
    } else {
      offer->bid = Jiggle(input, offer->bid);
    }
  } else if (auto* bid = std::get_if<BidForBazaarTileAction>(&action)) {
    bid->bid = Jiggle(input, bid->bid);
  } else if (auto* settle = std::get_if<SettleBazaarAuctionAction>(&action)) {
    settle->buy = !settle->buy;
  } else {
    // Pass, BuildCastle, EndGame, DriveFlock: another decision altogether.
    const std::optional<int> actor = action.actor;
    action = ArbitraryAction(game, chance, input);
    action.actor = actor;
  }
  return action;
}

}  // namespace

Action Mutate(const Game& game, const Action& listed, const TileChance& chance,
              FuzzedDataProvider& input, bool& still_listed) {
  const GameState& state = game.state();
  const int players = static_cast<int>(state.players.size());
  still_listed = false;
  Action action = listed;
  switch (input.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: {
      // AMB-49: another seat takes it (or the deciding one, named).
      action.actor = input.ConsumeIntegralInRange<int>(0, players - 1);
      still_listed = *action.actor == state.deciding_player;
      return action;
    }
    case 1: {
      // AMB-40: the features the tile completed in an order of the player's
      // choosing, on an action that ends the figure step: legal.
      if (state.phase == Phase::kPlaceFigure && MayCarryScoringOrder(action)) {
        std::vector<SegmentAddress> order = game.CompletedByLastTile();
        for (size_t i = order.size(); i > 1; --i) {
          std::swap(order[i - 1], order[input.ConsumeIntegralInRange<size_t>(0, i - 1)]);
        }
        action.scoring_order = std::move(order);
        still_listed = true;
        return action;
      }
      // Elsewhere, or a feature twice or one not completed: refused.
      action.scoring_order = game.CompletedByLastTile();
      action.scoring_order.push_back(BoardSegment(input, state));
      return action;
    }
    default:
      return ChangeAField(game, action, chance, input);
  }
}

Action ArbitraryAction(const Game& game, const TileChance& chance, FuzzedDataProvider& input) {
  const GameState& state = game.state();
  const int players = static_cast<int>(state.players.size());
  auto figure_kind = [&] { return PickEnum<FigureKind>(input, kFigureKindCount); };
  auto quarter = [&] { return PickEnum<Quarter>(input, kQuarterCount); };
  auto magic_figure = [&] { return PickEnum<MagicFigure>(input, 2); };
  Action action;
  // One case per alternative of ActionChoice, in its order.
  switch (input.ConsumeIntegralInRange<int>(0, 29)) {
    case 0: {
      PlaceTileAction place{SomeTile(input, chance), NearCell(input, state),
                            Rotation{input.ConsumeIntegralInRange<uint8_t>(0, 3)}};
      place.hidden_tile = input.ConsumeBool() ? chance.hidden : AnyTileType(input);
      place.animal_token = input.ConsumeBool() ? chance.animal : SomeAnimal(input);
      if (input.ConsumeBool()) {
        place.bridge =
            BridgePlacement{NearCell(input, state),
                            input.ConsumeBool() ? BridgeAxis::kNorthSouth : BridgeAxis::kEastWest};
      }
      action = place;
      break;
    }
    case 1: {
      const FigureKind kind = figure_kind();
      action = PlaceFigureAction{kind, AnySegment(input, state)};
      break;
    }
    case 2:
      action = PassAction{};
      break;
    case 3:
      action = DiscardTileAction{SomeTile(input, chance)};
      break;
    case 4: {
      const MagicFigure figure = magic_figure();
      action = MoveMagicFigureAction{figure, AnySegment(input, state)};
      break;
    }
    case 5:
      action = SetAsideMagicFigureAction{magic_figure()};
      break;
    case 6: {
      const FigureKind kind = figure_kind();
      const Quarter to = quarter();
      std::optional<Quarter> move;
      if (input.ConsumeBool()) move = quarter();
      action = DeployToQuarterAction{kind, to, move};
      break;
    }
    case 7: {
      RedeployFromQuarterAction redeploy;
      redeploy.quarter = quarter();
      redeploy.followers = input.ConsumeIntegralInRange<int>(-1, 3);
      redeploy.big_followers = input.ConsumeIntegralInRange<int>(-1, 2);
      redeploy.mayors = input.ConsumeIntegralInRange<int>(0, 1);
      redeploy.wagons = input.ConsumeIntegralInRange<int>(0, 1);
      if (input.ConsumeBool()) redeploy.target = AnySegment(input, state);
      action = redeploy;
      break;
    }
    case 8:
      action = MoveWagonAction{AnySegment(input, state)};
      break;
    case 9:
      action = BuildCastleAction{};
      break;
    case 10:
      action = PlaceBarnAction{PickEnum<Corner>(input, 4)};
      break;
    case 11: {
      const FigureKind kind = figure_kind();
      action = EscapeSiegeAction{kind, AnySegment(input, state)};
      break;
    }
    case 12:
      action = EndGameAction{};
      break;
    case 13: {
      Position to = state.dragon.value_or(NearCell(input, state));
      to = {to.x + input.ConsumeIntegralInRange(-1, 1), to.y + input.ConsumeIntegralInRange(-1, 1)};
      action = MoveDragonAction{to};
      break;
    }
    case 14:
      action = RemoveKnightAction{AnyFigure(input, state)};
      break;
    case 15:
      action = MoveFairyAction{AnyFigure(input, state)};
      break;
    case 16:
      action = PlaceTowerFloorAction{TowerCell(input, state)};
      break;
    case 17: {
      const FigureKind kind = figure_kind();
      action = PlaceOnTowerAction{kind, TowerCell(input, state)};
      break;
    }
    case 18: {
      CaptureMeepleAction capture;
      if (input.ConsumeBool()) {
        capture.figure = AnyFigure(input, state);
      } else {
        capture.tower_top = TowerCell(input, state);
      }
      action = capture;
      break;
    }
    case 19:
      action = ExchangePrisonerAction{figure_kind()};
      break;
    case 20: {
      const int jailer = input.ConsumeIntegralInRange<int>(-1, players);
      action = PayRansomAction{jailer, figure_kind()};
      break;
    }
    case 21: {
      const SegmentAddress segment = AnySegment(input, state);
      action = PlaceShepherdAction{segment, PickEnum<SheepToken>(input, kSheepTokenKinds)};
      break;
    }
    case 22:
      action = GrowFlockAction{PickEnum<SheepToken>(input, kSheepTokenKinds)};
      break;
    case 23:
      action = DriveFlockAction{};
      break;
    case 24:
      action = RetreatAbbotAction{AnySegment(input, state)};
      break;
    case 25: {
      DrawBazaarTilesAction draw;
      const int count = input.ConsumeIntegralInRange<int>(0, kMaxPlayers);
      for (int i = 0; i < count; ++i) draw.tiles.push_back(AnyTileType(input));
      action = draw;
      break;
    }
    case 26: {
      const int lot = input.ConsumeIntegralInRange<int>(-1, kMaxPlayers);
      action = OfferBazaarTileAction{lot, Jiggle(input, 0)};
      break;
    }
    case 27:
      action = BidForBazaarTileAction{input.ConsumeIntegral<int32_t>()};
      break;
    case 28:  // the Festival (FV-03): a figure on a segment, or a barn
      if (input.ConsumeBool()) {
        action = TakeFigureBackAction{AnyFigure(input, state), std::nullopt};
      } else {
        action = TakeFigureBackAction{std::nullopt, AnyBarn(input, state)};
      }
      break;
    default:
      action = SettleBazaarAuctionAction{input.ConsumeBool()};
      break;
  }
  // AMB-49: now and then a seat named, any of them.
  if (Rarely(input, 32)) action.actor = input.ConsumeIntegralInRange<int>(0, players - 1);
  return action;
}

}  // namespace carcassonne::fuzz

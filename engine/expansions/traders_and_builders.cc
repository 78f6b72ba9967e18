// Traders & Builders: goods, builder, pig.
#include "engine/expansions/traders_and_builders.h"

#include <algorithm>
#include <tuple>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/rules/scoring.h"
#include "engine/snapshot_limits.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

int FeatureOfFigure(const Board& board, const Figure& figure) {
  const int segment = board.SegmentId(figure.segment);
  return segment < 0 ? -1 : board.FeatureOf(segment);
}

// Whether `player` has a follower (of any strength) in `feature`.
bool HasFollowerIn(const Game& game, int player, int feature) {
  for (const Figure& figure : game.state().figures) {
    if (figure.owner == player && IsFollower(figure.kind) &&
        FeatureOfFigure(game.board(), figure) == feature) {
      return true;
    }
  }
  return false;
}

bool IsOwnFigure(FigureKind kind) {
  return kind == FigureKind::kBuilder || kind == FigureKind::kPig;
}

}  // namespace

void TradersAndBuilders::AfterTilePlaced(Game& game) const {
  // TB-11: the tile extends a road or city holding the active player's
  // builder: a second tile follows this turn. TB-12: not in the second part.
  GameState& state = game.mutable_state();
  if (state.second_part) return;
  const Board& board = game.board();
  const int placed = board.tile_count() - 1;
  const int segment_count = static_cast<int>(board.tile(placed).type().segments.size());
  for (const Figure& figure : state.figures) {
    if (figure.kind != FigureKind::kBuilder || figure.owner != state.active_player) continue;
    const int builder_feature = FeatureOfFigure(board, figure);
    for (int i = 0; i < segment_count; ++i) {
      if (board.FeatureOf(board.SegmentId(placed, i)) == builder_feature) {
        state.extra_tile_earned = true;
        return;
      }
    }
  }
}

bool TradersAndBuilders::CheckOwnFigurePlacement(const Game& game, const PlaceFigureAction& action,
                                                 std::vector<Violation>& violations) const {
  if (!IsOwnFigure(action.kind)) return false;
  const bool builder = action.kind == FigureKind::kBuilder;
  const std::string_view rule = builder ? "TB-09" : "TB-19";
  const Board& board = game.board();
  const int placed = board.tile_count() - 1;
  const Position cell = board.tile(placed).cell();
  const int player = game.state().deciding_player;
  if (!(action.segment.cell == cell)) {
    violations.push_back(
        {ViolationCode::kNotOnPlacedTile,
         Cat("The ", FigureKindName(action.kind),
             " may only be placed on the tile just placed, at (", cell.x, ", ", cell.y, ")."),
         action.segment.cell, action.segment.segment_index, rule});
    return true;
  }
  const int segment = board.SegmentId(action.segment);
  const SegmentKind kind = board.SegmentTypeOf(segment).kind;
  const bool fits = builder ? (kind == SegmentKind::kRoad || kind == SegmentKind::kCity)
                            : kind == SegmentKind::kField;
  if (!fits) {
    violations.push_back(
        {ViolationCode::kFigureNotAllowed,
         Cat(builder ? "The builder goes on a road or a city" : "The pig goes on a field",
             ", not on a ", SegmentKindName(kind), "."),
         action.segment.cell, action.segment.segment_index, rule});
  } else if (!HasFollowerIn(game, player, board.FeatureOf(segment))) {
    violations.push_back(
        {ViolationCode::kNoOwnFollower,
         Cat("The ", FigureKindName(action.kind), " may only join a ", SegmentKindName(kind),
             " that already holds one of your ", builder ? "followers." : "farmers."),
         action.segment.cell, action.segment.segment_index, rule});
  }
  if (SupplyOf(game.state().players[player], action.kind) <= 0) {
    violations.push_back(
        {ViolationCode::kNoFigureInSupply,
         Cat("Player ", player, " has no ", FigureKindName(action.kind), " left in supply."),
         action.segment.cell, action.segment.segment_index, rule});
  }
  return true;
}

void TradersAndBuilders::ListOwnFigurePlacements(const Game& game,
                                                 std::vector<Action>& actions) const {
  const Board& board = game.board();
  const int placed = board.tile_count() - 1;
  const Position cell = board.tile(placed).cell();
  const int segment_count = static_cast<int>(board.tile(placed).type().segments.size());
  for (FigureKind kind : {FigureKind::kBuilder, FigureKind::kPig}) {
    for (int i = 0; i < segment_count; ++i) {
      const PlaceFigureAction action{kind, {cell, i}};
      std::vector<Violation> violations;
      CheckOwnFigurePlacement(game, action, violations);
      if (violations.empty()) actions.push_back(action);
    }
  }
}

void TradersAndBuilders::ModifyScore(const Game& game, int feature, ScoreEvent& event) const {
  if (event.feature_kind != FeatureKind::kField) return;
  // TB-21: a majority player whose pig is in the field scores 1 more per
  // completed city (4 instead of 3).
  int cities = 0;
  for (const LineItem& item : event.line_items) {
    // BG-22, and the City of Carcassonne (CO-22).
    // A castle counts as a city for the pig (BC-17).
    if (item.rule_id == "BG-22" || item.rule_id == "CO-22" || item.rule_id == "BC-16") {
      cities += item.count;
    }
  }
  for (int player : event.majority_players) {
    for (const Figure& figure : game.state().figures) {
      if (figure.kind == FigureKind::kPig && figure.owner == player &&
          FeatureOfFigure(game.board(), figure) == game.board().FeatureOf(feature)) {
        event.line_items.push_back(
            {Cat(cities, cities == 1 ? " completed city" : " completed cities", " × 1 (pig)"),
             cities, 1, cities, "TB-21", player});
        break;
      }
    }
  }
}

void TradersAndBuilders::AfterScoring(Game& game, const ScoreEvent& /*event*/) const {
  ReturnLonelyBuildersAndPigs(game);
}

void ReturnLonelyBuildersAndPigs(Game& game) {
  // TB-15 / TB-22: a builder or pig whose owner has no follower left in its
  // feature goes back to the supply.
  std::vector<Figure> lonely;
  for (const Figure& figure : game.state().figures) {
    if (!IsOwnFigure(figure.kind)) continue;
    if (!HasFollowerIn(game, figure.owner, FeatureOfFigure(game.board(), figure))) {
      lonely.push_back(figure);
    }
  }
  for (const Figure& figure : lonely) game.ReturnFigure(figure);
}

void TradersAndBuilders::AfterFeatureCompleted(Game& game, int feature,
                                               std::vector<ScoreEvent>& events) const {
  const FeatureSummary& summary = game.board().Feature(feature);
  if (!game.state().rules.tb_goods) return;
  if (summary.kind != SegmentKind::kCity || summary.goods == TradeGoods{}) return;
  // TB-04: the player who placed the completing tile takes the city's goods,
  // whoever holds the city.
  GameState& state = game.mutable_state();
  // (A hand stops at the symbols on the tiles, kMaxGoods, which a game whose
  // snapshots were all the referee's never passes: so does every snapshot it
  // returns.)
  TradeGoods& goods = state.players[state.active_player].goods;
  goods.wine = std::min(goods.wine + summary.goods.wine, kMaxGoods.wine);
  goods.grain = std::min(goods.grain + summary.goods.grain, kMaxGoods.grain);
  goods.cloth = std::min(goods.cloth + summary.goods.cloth, kMaxGoods.cloth);
  ScoreEvent event;
  event.feature_kind = FeatureKind::kTradeGoods;
  event.trigger = ScoringTrigger::kCompleted;
  event.complete = true;
  for (int tile : game.board().TilesOf(feature)) {
    event.tiles.push_back(game.board().tile(tile).cell());
  }
  event.segments = game.board().SegmentsOf(feature);
  event.goods_player = state.active_player;
  event.goods_taken = summary.goods;
  events.push_back(std::move(event));
}

void TradersAndBuilders::AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const {
  // TB-06: for each kind, the players with the most tokens (at least one)
  // score 10 each.
  GameState& state = game.mutable_state();
  if (!state.rules.tb_goods) return;
  struct Kind {
    std::string_view name;
    int TradeGoods::*count;
    Goods goods;
  };
  for (const Kind& kind : {Kind{"wine", &TradeGoods::wine, Goods::kWine},
                           Kind{"grain", &TradeGoods::grain, Goods::kGrain},
                           Kind{"cloth", &TradeGoods::cloth, Goods::kCloth}}) {
    std::vector<int> tokens;
    for (const Player& player : state.players) tokens.push_back(player.goods.*kind.count);
    const Majority majority = FindMajority(tokens);
    if (majority.players.empty()) continue;
    ScoreEvent event;
    event.feature_kind = FeatureKind::kTradeGoods;
    event.trigger = ScoringTrigger::kEndOfGame;
    event.goods_kind = kind.goods;
    event.majority_players = majority.players;
    event.majority_strength = majority.strength;
    event.line_items.push_back({Cat("most ", kind.name, " tokens: 1 × 10"), 1, 10, 10, "TB-06"});
    event.SettlePoints();
    event.AddToScores(state.players);
    events.push_back(std::move(event));
  }
}

void CheckTradeGoods(const GameState& state, std::vector<Problem>& problems) {
  const bool with_goods = state.rules.Has(Expansion::kTradersAndBuilders);
  for (int i = 0; i < static_cast<int>(state.players.size()); ++i) {
    const TradeGoods& goods = state.players[i].goods;
    if (!with_goods) {
      if (!(goods == TradeGoods{})) {
        problems.push_back(
            {Cat("players[", i, "].goods"), "goods tokens are only with Traders & Builders"});
      }
      continue;
    }
    // TB-04: one token per symbol on the tiles.
    for (const auto& [name, count, most] : {std::tuple{"wine", goods.wine, kMaxGoods.wine},
                                            std::tuple{"grain", goods.grain, kMaxGoods.grain},
                                            std::tuple{"cloth", goods.cloth, kMaxGoods.cloth}}) {
      if (count < 0 || count > most) {
        problems.push_back({Cat("players[", i, "].goods.", name),
                            Cat("a player has 0 to ", most, " ", name,
                                " tokens: one per symbol on the tiles (TB-04)")});
      }
    }
  }
}

// ----- The snapshot check (expansion_module.h) -----

void TradersAndBuilders::CheckOwnPieces(const GameState& state, const Board& /*board*/,
                                        std::vector<Problem>& problems) const {
  CheckTradeGoods(state, problems);
}

}  // namespace carcassonne

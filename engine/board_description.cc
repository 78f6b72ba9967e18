// The board described for drawing (board_description.h): the features found
// by the board's union-find, scored by the engine's scoring functions and the
// modules' hooks; the end values taken from the end-of-game scoring itself.
#include "engine/board_description.h"

#include <algorithm>

#include "engine/expansions/castles.h"
#include "engine/figures.h"

namespace carcassonne {
namespace {

// The feature (index into `features`) of a board segment, found through its
// representative segment id.
int FeatureIndexOf(const Board& board, const std::vector<int>& feature_of_root, int segment_id) {
  return feature_of_root[board.FeatureOf(segment_id)];
}

void AddPoints(std::vector<PlayerPoints>& totals, int player, int points) {
  auto at = std::find_if(totals.begin(), totals.end(),
                         [&](const PlayerPoints& entry) { return entry.player == player; });
  if (at == totals.end()) {
    totals.push_back({player, points});
  } else {
    at->points += points;
  }
}

// A scoring event that belongs to a feature on the board: a road, city,
// monastery, field or castle with its segments.
bool IsFeatureEvent(const ScoreEvent& event) {
  switch (event.feature_kind) {
    case FeatureKind::kRoad:
    case FeatureKind::kCity:
    case FeatureKind::kMonastery:
    case FeatureKind::kField:
    case FeatureKind::kCastle:
    case FeatureKind::kGarden:
      return !event.segments.empty();
    case FeatureKind::kTradeGoods:
    case FeatureKind::kKing:
    case FeatureKind::kRobberBaron:
    case FeatureKind::kCircus:
    case FeatureKind::kFairy:
    case FeatureKind::kRansom:
    case FeatureKind::kFlock:  // HS-26: no landscape feature
    case FeatureKind::kBazaar:
      return false;
  }
  return false;
}

// The feature scored now as it stands, as Game::Score would score it (the
// same functions, in the same order) without changing the game. ScoreFeature
// scores nothing in a feature without a follower (`followed`: one stands in
// it), whose value is then its value with nobody in it.
std::optional<ScoreEvent> ValueNow(const Game& game,
                                   const std::vector<const ExpansionModule*>& modules, int root,
                                   bool complete, bool followed) {
  const ScoringTrigger trigger = complete ? ScoringTrigger::kCompleted : ScoringTrigger::kEndOfGame;
  std::optional<ScoreEvent> event;
  if (followed) event = ScoreFeature(game.board(), game.state(), root, trigger);
  if (!event) return game.ValueWithModifiers(root, trigger);
  for (const ExpansionModule* module : modules) module->ModifyScore(game, root, *event);
  event->SettlePoints();
  return event;
}

}  // namespace

BoardDescription DescribeBoard(const Game& game) {
  const Board& board = game.board();
  const GameState& state = game.state();
  const std::vector<const ExpansionModule*> modules = ModulesFor(state.rules);
  BoardDescription description;

  // Every feature, by its first segment in board order.
  int segment_total = 0;
  if (board.tile_count() > 0) {
    const BoardTile& last = board.tile(board.tile_count() - 1);
    segment_total = last.first_segment + static_cast<int>(last.type().segments.size());
  }
  std::vector<int> feature_of_root(segment_total, -1);
  std::vector<int> roots;
  for (int segment = 0; segment < segment_total; ++segment) {
    const int root = board.FeatureOf(segment);
    if (feature_of_root[root] >= 0) continue;
    feature_of_root[root] = static_cast<int>(roots.size());
    roots.push_back(root);
  }

  const int player_count = static_cast<int>(state.players.size());
  description.features.reserve(roots.size());
  for (int root : roots) {
    FeatureDescription& feature = description.features.emplace_back();
    const FeatureSummary& summary = board.Feature(root);
    feature.kind = summary.kind;
    feature.segments.reserve(summary.segment_count);
    feature.open_edges = summary.open_edges;
    feature.complete = IsComplete(board, root);
    feature.coats_of_arms = summary.coats_of_arms;
    feature.inn = summary.inn;
    feature.cathedral = summary.cathedral;
    feature.goods = summary.goods;
    if (const int castle_index = CastleAt(board, state, root); castle_index >= 0) {
      const Castle& castle = state.castles[castle_index];
      feature.castle = CastleDescription{castle_index, castle.owner, castle.scored,
                                         castle.pending_points, Fief(castle)};
    }
  }

  // Each feature's segments in board order (Board::SegmentsOf) and its distinct
  // tiles in placement order (Board::TilesOf), all in one walk of the board:
  // the tiles in placement order, each tile's segments in order.
  std::vector<int> last_tile_of(description.features.size(), -1);
  for (int tile_index = 0; tile_index < board.tile_count(); ++tile_index) {
    const BoardTile& tile = board.tile(tile_index);
    const int segment_count = static_cast<int>(tile.type().segments.size());
    for (int segment_index = 0; segment_index < segment_count; ++segment_index) {
      const int index = FeatureIndexOf(board, feature_of_root, tile.first_segment + segment_index);
      FeatureDescription& feature = description.features[index];
      feature.segments.push_back({tile.cell(), segment_index});
      if (last_tile_of[index] != tile_index) {
        last_tile_of[index] = tile_index;
        feature.tiles.push_back(tile.cell());
      }
    }
  }

  // The figures, their strengths and the majority (BG-06, IC-10, AM-09).
  std::vector<std::vector<int>> strength(description.features.size());
  for (const Figure& figure : state.figures) {
    const int segment = board.SegmentId(figure.segment);
    if (segment < 0) continue;
    const int index = FeatureIndexOf(board, feature_of_root, segment);
    const int root = roots[index];
    FeatureDescription& feature = description.features[index];
    const int figure_strength =
        IsFollower(figure.kind) ? FigureStrength(board, root, figure.kind) : 0;
    feature.figures.push_back({figure, figure_strength});
    if (!IsFollower(figure.kind)) continue;
    if (strength[index].empty()) strength[index].assign(player_count, 0);
    strength[index][figure.owner] += figure_strength;
    // A follower of strength 0 (a mayor without coats of arms) still stands in it.
    AddPoints(feature.strengths, figure.owner, figure_strength);
  }
  for (int index = 0; index < static_cast<int>(description.features.size()); ++index) {
    FeatureDescription& feature = description.features[index];
    std::sort(feature.strengths.begin(), feature.strengths.end(),
              [](const PlayerPoints& a, const PlayerPoints& b) { return a.player < b.player; });
    if (!strength[index].empty()) feature.majority = FindMajority(strength[index]);
    if (!feature.castle) {
      feature.value_now =
          ValueNow(game, modules, roots[index], feature.complete, !strength[index].empty());
    }
  }

  // The magic figures (Mage & Witch).
  if (state.mage) {
    if (const int segment = board.SegmentId(*state.mage); segment >= 0) {
      description.mage_feature = FeatureIndexOf(board, feature_of_root, segment);
    }
  }
  if (state.witch) {
    if (const int segment = board.SegmentId(*state.witch); segment >= 0) {
      description.witch_feature = FeatureIndexOf(board, feature_of_root, segment);
    }
  }

  // The final scoring if the game ended now, each event given to its feature.
  for (ScoreEvent& event : game.ScoreIfEndedNow()) {
    const int segment = IsFeatureEvent(event) ? board.SegmentId(event.segments.front()) : -1;
    if (segment < 0) {
      description.end_bonuses.push_back(std::move(event));
      continue;
    }
    FeatureDescription& feature =
        description.features[FeatureIndexOf(board, feature_of_root, segment)];
    for (const PlayerPoints& points : event.points) {
      if (points.points != 0) AddPoints(feature.end_points, points.player, points.points);
    }
    feature.end_scorings.push_back(std::move(event));
  }
  for (FeatureDescription& feature : description.features) {
    std::sort(feature.end_points.begin(), feature.end_points.end(),
              [](const PlayerPoints& a, const PlayerPoints& b) { return a.player < b.player; });
  }

  // Each player's supply.
  for (const Player& player : state.players) {
    BoardDescription::Supply& supply = description.supplies.emplace_back();
    for (int kind = 0; kind < kFigureKindCount; ++kind) {
      supply.figures[kind] = SupplyOf(player, static_cast<FigureKind>(kind));
    }
    supply.castles = player.castles;
    supply.barns = player.barns;
  }
  return description;
}

}  // namespace carcassonne

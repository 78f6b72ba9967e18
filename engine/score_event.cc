// Scoring events.
#include "engine/score_event.h"

#include <algorithm>
#include <cstdint>

#include "engine/referee.h"

namespace carcassonne {

std::string_view FeatureKindName(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::kRoad:
      return "road";
    case FeatureKind::kCity:
      return "city";
    case FeatureKind::kMonastery:
      return "monastery";
    case FeatureKind::kField:
      return "field";
    case FeatureKind::kTradeGoods:
      return "trade goods";
    case FeatureKind::kKing:
      return "King";
    case FeatureKind::kRobberBaron:
      return "Robber Baron";
    case FeatureKind::kCastle:
      return "castle";
    case FeatureKind::kCircus:
      return "circus";
    case FeatureKind::kFairy:
      return "fairy";
    case FeatureKind::kRansom:
      return "ransom";
    case FeatureKind::kFlock:
      return "flock";
    case FeatureKind::kGarden:
      return "garden";
    case FeatureKind::kBazaar:
      return "bazaar";
  }
  return "?";
}

int ScoreEvent::Total() const {
  int total = 0;
  for (const LineItem& item : line_items) {
    if (item.player < 0) total += item.points;
  }
  return total;
}

int ScoreEvent::PointsFor(int player) const {
  int total = 0;
  for (const LineItem& item : line_items) {
    if (item.player < 0 || item.player == player) total += item.points;
  }
  return total;
}

void ScoreEvent::SettlePoints() {
  points.clear();
  for (int player : majority_players) points.push_back({player, PointsFor(player)});
  // A player outside the majority scores only the items that are their own
  // (the fairy's bonus, PD-18: even without the majority).
  for (const LineItem& item : line_items) {
    if (item.player < 0) continue;
    if (std::find(majority_players.begin(), majority_players.end(), item.player) !=
        majority_players.end()) {
      continue;
    }
    auto it = std::find_if(points.begin(), points.end(), [&](const PlayerPoints& gained) {
      return gained.player == item.player;
    });
    if (it == points.end()) {
      points.push_back({item.player, item.points});
    } else {
      it->points += item.points;
    }
  }
}

void ScoreEvent::AddToScores(std::vector<Player>& players) const {
  for (const PlayerPoints& gained : points) {
    int& score = players[gained.player].score;
    score =
        static_cast<int>(std::min<int64_t>(kMaxScore, static_cast<int64_t>(score) + gained.points));
  }
}

}  // namespace carcassonne

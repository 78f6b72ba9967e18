// How features score: majority and ties (BG-06, BG-23), the value of a road
// (BG-10), a city (BG-11), a monastery (BG-12) during play, of incomplete
// features at the end (BG-21), and of fields (BG-22).
#pragma once

#include <optional>
#include <vector>

#include "engine/board.h"
#include "engine/score_event.h"

namespace carcassonne {

// The players with the most followers in a feature (BG-06); all tied players
// are in the majority (BG-23). Empty when no follower is in it.
struct Majority {
  std::vector<int> players;  // ascending seat order
  int strength = 0;
};
Majority FindMajority(const std::vector<int>& followers_per_player);

// A follower's strength in the majority of `feature` (BG-06): a follower 1,
// a big follower 2 (IC-10), the mayor the coats of arms of its whole city
// (AM-09).
int FigureStrength(const Board& board, int feature, FigureKind kind);

// Whether a feature is complete: a road or city with no open edge (BG-10,
// BG-11), a monastery with all 8 surrounding cells filled (BG-12). Fields never
// complete.
bool IsComplete(const Board& board, int feature);

// Scores one feature with the figures of `state` standing in it: majority,
// line items, points per majority player, and the figures that go back. It does
// not change the state. Empty when nobody has a follower in the feature; with
// followers that all have strength 0 (AM-09) the event has no majority and
// no points, and those followers go back.
std::optional<ScoreEvent> ScoreFeature(const Board& board, const GameState& state, int feature,
                                       ScoringTrigger trigger);

// The value of a road, city or monastery (or field) as ScoreFeature would
// score it, with no majority and no figures: its line items only, whether or
// not anyone stands in it. Empty for other kinds.
std::optional<ScoreEvent> FeatureValue(const Board& board, const GameState& state, int feature,
                                       ScoringTrigger trigger);

// The features (by representative segment id) in which figures stand, in a
// fixed order: roads, cities, monasteries, fields, each by board order.
std::vector<int> OccupiedFeatures(const Board& board, const GameState& state);

}  // namespace carcassonne

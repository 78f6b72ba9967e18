// What a game site draws of a board (issue #18, point 5): every feature with
// its segments, tiles, open edges and symbols, the figures in it and their
// strengths, who holds the majority, what it is worth now and what it gives
// each player in the final scoring; where the magic figures stand; each
// player's supply. Computed from a Game by the engine's own feature, majority
// and scoring code (board.h, rules/scoring.h, the modules' ModifyScore and the
// end-of-game scoring of Game::ScoreIfEndedNow): nothing here decides a rule.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/game.h"
#include "engine/rules/scoring.h"
#include "engine/score_event.h"

namespace carcassonne {

// A figure standing in a feature and its strength in the feature's majority
// (BG-06, IC-10, AM-09; 0 for the builder and the pig, TB-10, TB-20).
struct FigureInFeature {
  Figure figure;
  int strength = 0;
};

// Bridges, Castles & Bazaars: the castle a feature is (BC-11).
struct CastleDescription {
  int castle_index = 0;  // into GameState.castles
  int owner = 0;
  bool scored = false;         // the lord scored and went back (BC-14)
  int pending_points = 0;      // what the lord waits for this turn (BC-13)
  std::vector<Position> fief;  // BC-12: the six cells
};

struct FeatureDescription {
  SegmentKind kind = SegmentKind::kField;
  // Its segments in board order (tiles in placement order, then the tile's
  // segments), and its distinct tiles in placement order.
  std::vector<SegmentAddress> segments;
  std::vector<Position> tiles;
  int open_edges = 0;  // road, city or river sides no tile closes yet
  // BG-10, BG-11, BG-12: a road or city with no open edge, a monastery with
  // its 8 neighbours.
  bool complete = false;
  int coats_of_arms = 0;   // BG-11
  bool inn = false;        // IC-08
  bool cathedral = false;  // IC-09
  TradeGoods goods;        // TB-04
  std::optional<CastleDescription> castle;
  // The figures standing in it (GameState.figures order), and the strength of
  // each player with a follower in it (players with none omitted).
  std::vector<FigureInFeature> figures;
  std::vector<PlayerPoints> strengths;  // PlayerPoints.points holds the strength
  Majority majority;                    // BG-06, BG-23
  // What the feature scores if it is scored now as it stands: a complete
  // feature as a completed one (BG-10..12), an incomplete one as at the end
  // (BG-21, BG-22), with the expansions' modifiers; with the majority of the
  // followers in it and their points, or no majority when nobody is in it.
  // Empty for rivers and castles (never scored as such; a garden scores like
  // a monastery, AB-06, AB-10).
  std::optional<ScoreEvent> value_now;
  // The scorings of this feature in the final scoring if the game ended now
  // (Game::ScoreIfEndedNow: a feature the last tile completed, the features
  // holding figures, a barn's field), and their points per player.
  std::vector<ScoreEvent> end_scorings;
  std::vector<PlayerPoints> end_points;  // ascending seat order; players with 0 omitted
};

struct BoardDescription {
  // Every feature on the board, in the board order of its first segment.
  std::vector<FeatureDescription> features;
  // Mage & Witch: the feature (index into `features`) each magic figure stands
  // in; empty when it is set aside.
  std::optional<int> mage_feature;
  std::optional<int> witch_feature;
  // The final scoring's events that belong to no feature (goods majorities,
  // TB-06; the King and the Robber Baron, KR-11..13, KR-24..27). With the
  // features' end points and the current scores they add up to ScoreGame's
  // final scores.
  std::vector<ScoreEvent> end_bonuses;
  // Each player's supply (seating order) by FigureKind (index = the kind's
  // value), castle tokens (BC-02) and barns (AM-01).
  struct Supply {
    std::array<int, kFigureKindCount> figures{};
    int castles = 0;
    int barns = 0;
  };
  std::vector<Supply> supplies;
};

// Describes the board of `game` (a snapshot that passed CheckSnapshot).
BoardDescription DescribeBoard(const Game& game);

}  // namespace carcassonne

// Itemised scoring: every time points are scored, an event names the feature,
// the majority, the points per player and the line items (with rule ids) that
// add up to them (api-contract.md, "The scoring breakdown").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game_state.h"

namespace carcassonne {

// What scored: a feature, or (Traders & Builders) the goods majorities, or
// (King & Robber Baron) the King and the Robber Baron, or (Bridges, Castles &
// Bazaars) a castle's lord, (Under the Big Top) the circus under the big
// top (BT-06, no landscape feature), or (The Princess & the Dragon) the fairy's
// point at the start of its owner's turn (PD-17).
// Bazaars) a castle's lord, or a bazaar's payment.
enum class FeatureKind {
  kRoad,
  kCity,
  kMonastery,
  kField,
  kTradeGoods,
  kKing,
  kRobberBaron,
  kCastle,
  kCircus,
  kFairy,
  // The Tower: a ransom paid for a prisoner (TW-12); no feature, not a
  // landscape scoring (TW-14, CO-29).
  kRansom,
  // Hills & Sheep: the flocks of a field (HS-17, HS-18, HS-20); not a
  // landscape feature (HS-26).
  kFlock,
  // The Abbot (AB-02): a garden, scored like a monastery (AB-06, AB-10).
  kGarden,
  // Bridges, Castles & Bazaars: points paid for a bazaar tile (BC-20), no
  // feature (line items per player: the payer's minus, the payee's plus).
  kBazaar
};
std::string_view FeatureKindName(FeatureKind kind);

// Why a feature scored: it was completed; the game ended; (Abbey & Mayor) a
// barn was placed in the field (AM-17); the field was joined to a barn's
// field (AM-19); (The Cult) the shrine or monastery lost its challenge: its
// followers go back with no points, no scoring (CU-07, CU-13); (The Princess &
// the Dragon) a player's turn began with the fairy by their follower (PD-17);
// (The Tower) a ransom was paid (TW-12): points move from the payer to the
// jailer; not a scoring of the landscape (CO-29); (Hills & Sheep) the owner
// drove the flocks to the stable (HS-18), the field was closed (HS-20), a
// wolf was drawn: the shepherds go back, no one scores (HS-14, HS-17); (the
// Abbot) its owner took the abbot back from an incomplete monastery or garden
// instead of placing a figure, and it scored as at the end (AB-07).
enum class ScoringTrigger {
  kCompleted,
  kEndOfGame,
  kBarnPlaced,
  kJoinedToBarn,
  kLostChallenge,
  kStartOfTurn,
  kRansom,
  kFlockDriven,
  kFieldClosed,
  kWolf,
  kAbbotRetreat
};

struct LineItem {
  std::string description;  // "3 tiles × 2"
  int count = 0;
  int points_each = 0;
  int points = 0;
  std::string_view rule_id;
  // The player the item applies to; -1: every majority player (e.g. the
  // pig's bonus applies to its owner only, TB-21).
  int player = -1;
};

struct PlayerPoints {
  int player = 0;
  int points = 0;
  friend bool operator==(const PlayerPoints&, const PlayerPoints&) = default;
};

struct ScoreEvent {
  FeatureKind feature_kind = FeatureKind::kRoad;
  ScoringTrigger trigger = ScoringTrigger::kCompleted;
  bool complete = false;
  std::vector<Position> tiles;           // distinct tiles of the feature
  std::vector<SegmentAddress> segments;  // its segments
  std::vector<int> majority_players;     // ascending seat order
  int majority_strength = 0;             // followers each majority player has in it
  std::vector<PlayerPoints> points;      // per majority player
  std::vector<LineItem> line_items;      // add up to each majority player's points
  std::vector<Figure> returned_figures;  // figures that went back to their supply
  // Traders & Builders: goods tokens the completing player took (TB-04).
  int goods_player = -1;
  TradeGoods goods_taken;
  // Traders & Builders (kTradeGoods, TB-06): the kind of goods whose majority
  // scored at the end.
  Goods goods_kind = Goods::kNone;
  // King & Robber Baron (kKing, kRobberBaron): the token after the event.
  struct Award {
    std::optional<int> holder;           // who holds it; nullopt = nobody
    int record = 0;                      // its record size in tiles (AMB-03)
    bool transferred = false;            // this event moved it to `holder` (KR-09, KR-10, KR-12)
    std::optional<int> previous_holder;  // when transferred: who held it before
  };
  std::optional<Award> award;

  // Points of one majority player: the common items plus that player's own.
  int PointsFor(int player) const;
  // Sets `points` from the line items, for every majority player.
  void SettlePoints();
  // Adds `points` to the majority players' scores (`players` in seating
  // order). A score stops at kMaxScore (referee.h), which no game reaches, so
  // that no snapshot the referee returns holds a score its check refuses.
  void AddToScores(std::vector<Player>& players) const;
  int Total() const;  // the common items only
};

}  // namespace carcassonne

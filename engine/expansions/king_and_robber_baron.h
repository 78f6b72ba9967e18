// King & Robber Baron (shared/rules/king-robber.md, KR-xx; resolutions AMB-01
// ..AMB-06, AMB-37..AMB-42): two award tokens, GameState.king (cities) and
// GameState.robber_baron (roads). Its 5 tiles are catalogue set "kr" (KR-01,
// KR-04, AMB-37), shuffled into the bag by NewGame (KR-05) and played and
// scored like any other (KR-07); kr:5's two city segments are two cities until
// later tiles join them (KR-08), which the board's features already do.
//
// The tokens (AfterFeatureCompleted, for every city and road the placed tile
// completed, in the core's order, after its scoring, whether or not anybody
// scored it):
// - Both start beside the board, nobody's (KR-06). The size of a city or road
//   is its number of distinct tiles (KR-14): a tile holding two segments of it
//   counts once, and points (coats of arms, cathedrals, inns, the mage and the
//   witch) never matter.
// - The completer, the active player who placed the closing tile, whether or
//   not they have a follower in the feature, takes the token when nobody holds
//   it (the first city / road of the game, KR-09, KR-12), or when the feature
//   is strictly larger than the record and they do not hold it (KR-10, KR-12,
//   AMB-03). Ties never move it (KR-T03).
// - The record is the size of the largest city (longest road) completed so far
//   by anyone (AMB-03): a larger feature completed by the holder raises it and
//   the holder keeps the token; a smaller or equal one changes nothing. It is
//   kept in the snapshot (AwardToken::record) although the board determines it:
//   CheckKingAndRobberBaron checks that it does.
// - Each move is a ScoreEvent of kind kKing / kRobberBaron (trigger kCompleted,
//   the feature's tiles and segments, ScoreEvent::award with the new holder,
//   the previous one and the record) with a 0-point line item citing KR-09,
//   KR-10 or KR-12. A record raised by the holder emits no event (the snapshot
//   shows it).
//
// The end of the game (AtEndOfGame), by the options:
// - Official (no option set): the King's holder scores 1 per completed city on
//   the board, the Robber Baron's 1 per completed road (KR-11, KR-13): every
//   completed one, empty or occupied, whoever completed it (AMB-04), counted
//   from the board's features (a 2-tile road between two junctions counts).
//   With the Count, the City of Carcassonne is one more completed city for the
//   King (KR-16, AMB-02, AMB-39: a line item of its own). It is not a feature
//   on the board, so it never moves the King nor sets the record.
// - king_robber.flat_bonus (KR-24..KR-26, AMB-01), instead: 10 per token held
//   (10_each); 10 each or 40 for one player holding both (10_each_40_both,
//   KR-25); 15 each or 40 for both (15_each_40_both, KR-26). One event per
//   token held; for a player holding both under a 40 variant, the Robber
//   Baron's event adds the premium that makes 40 (40 - 2 × 10 = 20, or
//   40 - 2 × 15 = 10), citing the variant's rule.
// - king_robber.live_scoring (KR-27, AMB-06): no end bonus. Instead, after each
//   city (road) is completed and any transfer resolved, the holder of the King
//   (Robber Baron) scores 1 (after_transfer, our reading: the completion that
//   brings the token pays its new holder). With before_transfer (JCloisterZone's
//   reading) the point goes to the holder from before the turn's transfer: the
//   first city / road of the game pays nobody, and the one that moves the token
//   pays the old holder. The point is a line item citing KR-27 in the event of
//   that completion (with the transfer's line when the token moved). When one
//   tile completes several cities (roads), they are taken in the core's order
//   (Game::ScoreCompletedFeatures: the placed tile's segments in catalogue
//   order) and the events list that order (AMB-40). A tile moves a token at most
//   once (after a move the completer holds it), so only after_transfer depends
//   on the order: the cities before the moving one pay the old holder. "The
//   turn" is one tile's scoring: the builder's second tile (TB-11) is scored
//   on its own, after the first tile's transfers.
//   A flat bonus and live scoring exclude each other (CheckRules).
//
// What counts (AMB-04):
// - KR-15: castles (Bridges, Castles & Bazaars, engine/expansions/castles.h)
//   are not cities: a city made a castle is never scored, so it never moves
//   the King, and the end count leaves castles out.
// - KR-19, KR-T05: the three-way road of Abbey & Mayor (am:11) counts all its
//   tiles: the size of a road is its number of distinct tiles, never the
//   longest run between two of its ends.
// - KR-20, AMB-42 (option king_robber.ignore_road_stubs, on by default): a
//   road segment the catalogue marks as a stub (SegmentType::road_stub) does
//   not count; a road of stubs only is no road. The reference tile facts mark
//   no segment, so with this catalogue every road counts; the rule is tested
//   on a marked test tile (king_and_robber_baron_test.cc).
//
// Not in this build (a known gap, engine/rule_options.cc):
// - KR-18: Leipzig (The Markets of Leipzig: no tiles or rules in the sources);
//   option king_robber.leipzig_counts is accepted and echoed but changes
//   nothing.
//
// No engine work: KR-02, KR-03 (history, naming), KR-17 (not applied),
// KR-21 (counting dice), KR-22 and KR-23 (the score-track marker for the record
// sizes, AMB-05, AMB-36: a display aid; the record is in the snapshot anyway).
#pragma once

#include <string_view>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Board;

class KingAndRobberBaron : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  // KR-09, KR-10, KR-12, KR-14, KR-27, AMB-03, AMB-06.
  void AfterFeatureCompleted(Game& game, int feature,
                             std::vector<ScoreEvent>& events) const override;
  // KR-11, KR-13, KR-24..KR-26, AMB-01, AMB-04.
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
  // AMB-06: the turn's transfers are forgotten once its scoring is over.
  bool OpenDecisionAfterTurnScoring(Game& game) const override;
};

// CheckSnapshot's parts for the King and the Robber Baron (its stages,
// referee.h; fields relative to the snapshot, e.g.
// "king_and_robber_baron.king_holder"). Each piece on its own: the tokens
// only with the expansion; each holder, and each holder before the turn's
// transfer, a player or nobody.
void CheckKingAndRobberBaronPieces(const GameState& state, std::vector<Problem>& problems);
// The pieces together, on the board built from `state` (only when every piece
// of the snapshot passed): each record is the size of the largest completed
// city (road) on the board, leaving out those the tile just placed completed
// while its scoring is pending; someone holds a token exactly when its record
// is set (KR-09); a transfer earlier in the turn only in the Count's round.
void CheckKingAndRobberBaron(const GameState& state, const Board& board,
                             std::vector<Problem>& problems);

// CheckRules' part for the options: a flat bonus and live scoring exclude each
// other (AMB-06). `prefix` is the path of the rule set ("rules.").
void CheckKingAndRobberBaronRules(const RuleSet& rules, std::string_view prefix,
                                  std::vector<Problem>& problems);

}  // namespace carcassonne

// The Count of Carcassonne (shared/rules/count.md, CO-xx; resolutions AMB-07,
// AMB-11, AMB-13, AMB-16, AMB-17, AMB-39, AMB-40, AMB-45). Expansion id
// "count", tile set "count" (count:1 .. count:12), options count.*.
//
// Set-up (CO-01..CO-04): the 12 city tiles are laid as one 4x3 block in place
// of the start tile, count:1 at (0, 0), rotation 0 (StartLayout); the Count
// stands in the castle quarter, the quarters are empty (GameState.count).
// With Abbey & Mayor (CO-09, CO-30, AMB-17) the mayor (castle quarter only) and
// the wagon (castle, blacksmith or cathedral quarter) go in and out like
// followers; redeployed they keep their usual strength, or count as two
// followers with option count.mayor_wagon_count_as_two (AMB-12,
// CountState.from_quarters, engine/rules/scoring.cc).
// Quarter followers are off the board: they never occupy a feature and never
// score there (CO-48).
//
// The turn (the core's resumable scoring, see ExpansionModule):
// 1. Redeployment round, before each feature the tile completed is scored
//    (CO-10, CO-11, CO-13, CO-17, CO-39, CO-47, AMB-16): the features are
//    scored one after the other in the order of AMB-40 (cities, roads,
//    monasteries), one round per feature. The round starts with the player
//    left of the active player and ends with the active player; each may move
//    all, some or none of their followers from the matching quarter (castle ->
//    city, blacksmith -> road, cathedral -> monastery) onto the feature, in
//    one action (RedeployFromQuarterAction, or PassAction). Players with no
//    follower in that quarter are skipped; when the Count stands in it, or
//    nobody has a follower there, there is no round. Redeployed followers
//    stand on the feature like placed ones (big followers count 2, CO-08),
//    and score and go back to the supply with it. Market followers move
//    during play only in the same round before a barn's field scores
//    (OpenDecisionBeforeFieldScoring): right after the barn is placed (CO-45,
//    option count.market_redeploy_on_barn, default on) or before farmers
//    joined to a barn's field score (CO-44, option
//    count.market_redeploy_on_farm_join, default off) (AMB-08); the field is
//    then pending_scorings[0] and Game::ScorePendingField resumes the turn.
//    Otherwise only at the end (CO-12).
// 2. Deployment (CO-05..CO-08, CO-16, CO-34, AMB-07, AMB-17): once everything
//    the tile completed is scored, if another player scored points in this
//    turn part and the active player scored none (option count.trigger =
//    completion, CO-28: another player scored for a completed road, city or
//    monastery), the active player may put one follower or big follower from
//    the supply into any quarter and move the Count (DeployToQuarterAction),
//    or pass. Goods tokens are not points (CO-31); a barn's farmers' points
//    are (CO-31, CO-T03; the bookkeeping starts with the tile, AfterTilePlaced).
//    The mayor and the wagon may be the one figure (CO-09). One per turn part, so twice
//    in a builder's double turn (CO-07). Skipped when the player has no
//    follower in supply. Option count.rgg_block_deploy_into_count_quarter
//    forbids the Count's quarter (CO-54, AMB-11); option count.movement: free
//    (CO-16), clockwise (CO-19: castle -> market -> blacksmith -> cathedral ->
//    castle, by himself, whenever a follower enters), follow_deployment
//    (CO-20: to the new follower's quarter).
// 3. Final redeployment (CO-46, AMB-16, AMB-45): when the game is over and
//    before the final scoring, starting left of the player who placed (or set
//    aside) the last tile and going round, each player in turn moves one
//    follower from a quarter other than the Count's onto a feature of the
//    matching kind that the final scoring scores: an unfinished road, city or
//    monastery, or any field (market -> field; option count.final_redeploy =
//    market_only allows only the market). A player who passes is not asked
//    again until someone moves; a player who cannot move is skipped. It ends
//    when every player who could move has passed in succession, or nobody
//    can move.
//    Then the normal final scoring; followers still in Carcassonne score
//    nothing (CO-48) and go back to the supply with the rest.
//
// Fields on the 12 tiles border the City of Carcassonne: one completed city
// for farm scoring (CO-22, BG-22; engine/rules/scoring.cc), and one more
// completed city for the King's end bonus (KR-16, AMB-39;
// engine/expansions/king_and_robber_baron.cc).
#pragma once

#include <string_view>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Board;

std::string_view QuarterName(Quarter quarter);

class CountOfCarcassonne : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  // The options of the Count with Abbey & Mayor (AMB-08, AMB-12) need both.
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  // CO-02: the 12 tiles of the city in place of the start tile.
  std::vector<PlacedTile> StartLayout(const RuleSet& rules) const override;
  // CO-04: the Count in the castle quarter, the quarters empty.
  void SetUpGame(GameState& state) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
  // AMB-07: the bookkeeping of a turn part starts with its tile.
  void AfterTilePlaced(Game& game) const override;
  // CO-45, CO-44, AMB-08: the market round before a barn's field scores.
  bool OpenDecisionBeforeFieldScoring(Game& game, int field, ScoringTrigger trigger) const override;
  // AMB-12: the mayors and wagons from Carcassonne, once scored.
  void AfterScoring(Game& game, const ScoreEvent& event) const override;
  // CO-10, CO-13: the redeployment round.
  bool OpenDecisionBeforeScoring(Game& game, int feature) const override;
  // AMB-07: the bookkeeping of who scored.
  void OnTurnScoreEvent(Game& game, const ScoreEvent& event) const override;
  // CO-05: the deployment.
  bool OpenDecisionAfterTurnScoring(Game& game) const override;
  // CO-46: the final redeployment.
  bool OpenDecisionBeforeEndScoring(Game& game, int last_player) const override;
  // CO-48: followers left in Carcassonne score nothing and go back.
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
};

// CheckSnapshot's parts for the Count (its stages, referee.h; fields relative
// to the snapshot, e.g. "count.followers[0]"). Each piece on its own: the
// Count and the quarters only with the expansion; the Count in a quarter;
// each follower in Carcassonne a player's follower or big follower in a
// quarter; the players who passed the final redeployment, each once.
void CheckCountPieces(const GameState& state, std::vector<Problem>& problems);
// The pieces together (only when every piece of the snapshot passed): the
// pending decision and its bookkeeping.
void CheckCountOfCarcassonne(const GameState& state, const Board& board,
                             std::vector<Problem>& problems);

}  // namespace carcassonne

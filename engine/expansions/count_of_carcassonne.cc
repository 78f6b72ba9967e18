// The Count of Carcassonne: set-up, the redeployment round, the deployment,
// the final redeployment (see count_of_carcassonne.h).
// (Over 600 lines: the Count's rounds — redeployment, deployment, final redeployment — and its
// snapshot checks read the same quarter bookkeeping; a split by round is a debt.)
#include "engine/expansions/count_of_carcassonne.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/rules/scoring.h"
#include "engine/snapshot_limits.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

constexpr std::array kQuarters = {Quarter::kCastle, Quarter::kMarket, Quarter::kBlacksmith,
                                  Quarter::kCathedral};

// CO-11: the feature kind each quarter's followers go to.
SegmentKind FeatureKindOf(Quarter quarter) {
  switch (quarter) {
    case Quarter::kCastle:
      return SegmentKind::kCity;
    case Quarter::kMarket:
      return SegmentKind::kField;
    case Quarter::kBlacksmith:
      return SegmentKind::kRoad;
    case Quarter::kCathedral:
      return SegmentKind::kMonastery;
  }
  return SegmentKind::kField;
}

std::optional<Quarter> QuarterFor(SegmentKind kind) {
  for (Quarter quarter : kQuarters) {
    if (FeatureKindOf(quarter) == kind) return quarter;
  }
  return std::nullopt;
}

// CO-19: castle -> market -> blacksmith -> cathedral -> castle.
Quarter Clockwise(Quarter quarter) {
  return static_cast<Quarter>((static_cast<int>(quarter) + 1) % kQuarterCount);
}

int PlayerCount(const GameState& state) { return static_cast<int>(state.players.size()); }

// How many followers of `kind` `player` has in `quarter`.
int InQuarter(const GameState& state, int player, Quarter quarter, FigureKind kind) {
  int count = 0;
  for (const QuarterFollower& follower : state.count.followers) {
    count += follower.owner == player && follower.quarter == quarter && follower.kind == kind;
  }
  return count;
}

int InQuarter(const GameState& state, int player, Quarter quarter) {
  return InQuarter(state, player, quarter, FigureKind::kFollower) +
         InQuarter(state, player, quarter, FigureKind::kBigFollower);
}

void TakeFromQuarter(GameState& state, int player, Quarter quarter, FigureKind kind, int count) {
  for (int i = 0; i < count; ++i) {
    const auto it = std::find(state.count.followers.begin(), state.count.followers.end(),
                              QuarterFollower{kind, player, quarter});
    if (it != state.count.followers.end()) state.count.followers.erase(it);
  }
}

void ResetTurnBookkeeping(GameState& state) {
  state.count.active_scored = false;
  state.count.others_scored = false;
  state.count.others_scored_on_completion = false;
}

// The feature about to be scored in the redeployment round.
int PendingFeature(const Game& game) {
  const GameState& state = game.state();
  if (state.pending_scorings.empty()) return -1;
  const int segment = game.board().SegmentId(state.pending_scorings.front());
  return segment < 0 ? -1 : game.board().FeatureOf(segment);
}

// CO-10, CO-17: may `player` move followers from `quarter` during play?
bool MayRedeployFrom(const GameState& state, int player, Quarter quarter) {
  return quarter != state.count.count && InQuarter(state, player, quarter) > 0;
}

// CO-13: the next player of the round after `after` who has something to
// move, the active player last; nothing when the round is over.
std::optional<int> NextInRound(const GameState& state, int after, Quarter quarter) {
  const int n = PlayerCount(state);
  if (after == state.active_player) return std::nullopt;
  for (int player = (after + 1) % n;; player = (player + 1) % n) {
    if (MayRedeployFrom(state, player, quarter)) return player;
    if (player == state.active_player) return std::nullopt;
  }
}

std::optional<int> FirstInRound(const GameState& state, Quarter quarter) {
  const int n = PlayerCount(state);
  for (int step = 1; step <= n; ++step) {
    const int player = (state.active_player + step) % n;
    if (MayRedeployFrom(state, player, quarter)) return player;
  }
  return std::nullopt;
}

// The quarters whose followers may leave at the end (AMB-45).
bool FinalQuarterAllowed(const RuleSet& rules, Quarter quarter) {
  return rules.count_final_redeploy == CountFinalRedeploy::kAnyQuarter ||
         quarter == Quarter::kMarket;
}

// CO-46, BG-20: the segments of the features of `quarter`'s kind that the
// final scoring scores (unfinished roads, cities, monasteries; every field),
// up to `limit`.
std::vector<SegmentAddress> FinalTargets(const Board& board, Quarter quarter,
                                         size_t limit = std::numeric_limits<size_t>::max()) {
  std::vector<SegmentAddress> targets;
  const SegmentKind kind = FeatureKindOf(quarter);
  for (int tile = 0; tile < board.tile_count(); ++tile) {
    const auto& segments = board.tile(tile).type().segments;
    for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
      // A road stub is not occupiable (AMB-42).
      if (segments[i].kind != kind || segments[i].road_stub) continue;
      if (IsComplete(board, board.SegmentId(tile, i))) continue;
      targets.push_back({board.tile(tile).cell(), i});
      if (targets.size() >= limit) return targets;
    }
  }
  return targets;
}

bool HasPassed(const GameState& state, int player) {
  return std::find(state.count.final_passed.begin(), state.count.final_passed.end(), player) !=
         state.count.final_passed.end();
}

// CO-46: `player` may still move a follower at the end.
bool MayRedeployAtEnd(const GameState& state, const Board& board, int player) {
  if (HasPassed(state, player)) return false;
  for (Quarter quarter : kQuarters) {
    if (quarter == state.count.count || !FinalQuarterAllowed(state.rules, quarter)) continue;
    if (InQuarter(state, player, quarter) == 0) continue;
    if (!FinalTargets(board, quarter, 1).empty()) return true;
  }
  return false;
}

// CO-46: the next player after `after` (going round, `after` itself last)
// who may still move a follower.
std::optional<int> NextAtEnd(const Game& game, int after) {
  const int n = PlayerCount(game.state());
  for (int step = 1; step <= n; ++step) {
    const int player = (after + step) % n;
    if (MayRedeployAtEnd(game.state(), game.board(), player)) return player;
  }
  return std::nullopt;
}

// After a decision of the redeployment round: the next player, or the
// feature is scored and the turn goes on.
void AdvanceRound(Game& game, std::vector<ScoreEvent>& events) {
  GameState& state = game.mutable_state();
  const int feature = PendingFeature(game);
  if (feature < 0) {  // CheckSnapshot makes sure a round has its feature
    game.ContinueTurn(events);
    return;
  }
  const std::optional<Quarter> quarter = QuarterFor(game.board().Feature(feature).kind);
  const std::optional<int> next =
      quarter ? NextInRound(state, state.deciding_player, *quarter) : std::nullopt;
  if (next) {
    state.deciding_player = *next;
    return;
  }
  state.deciding_player = state.active_player;
  state.phase = Phase::kPlaceFigure;  // until the turn goes on
  game.ScorePendingFeature(events);
  game.ContinueTurn(events);
}

void AdvanceFinal(Game& game, std::vector<ScoreEvent>& events) {
  GameState& state = game.mutable_state();
  const std::optional<int> next = NextAtEnd(game, state.deciding_player);
  if (next) {
    state.deciding_player = *next;
    return;
  }
  state.count.final_passed.clear();
  game.EndGame(events);
}

void Add(std::vector<Violation>& violations, ViolationCode code, std::string message,
         std::string_view rule_id, std::optional<SegmentAddress> where = std::nullopt) {
  violations.push_back({code, std::move(message),
                        where ? std::optional<Position>(where->cell) : std::nullopt,
                        where ? std::optional<int>(where->segment_index) : std::nullopt, rule_id});
}

void CheckDeploy(const Game& game, const DeployToQuarterAction& deploy,
                 std::vector<Violation>& violations) {
  const GameState& state = game.state();
  const int player = state.deciding_player;
  // AMB-17: a follower or a big follower (CO-08); the mayor's entry into the
  // castle quarter (CO-09, CO-30) is not built (known gap CO-09).
  if ((deploy.kind != FigureKind::kFollower && deploy.kind != FigureKind::kBigFollower) ||
      FiguresOwned(state.rules, deploy.kind) == 0) {
    Add(violations, ViolationCode::kFigureNotAllowed,
        Cat("A ", FigureKindName(deploy.kind), " cannot go into Carcassonne in this game."),
        "CO-05");
    return;
  }
  if (SupplyOf(state.players[player], deploy.kind) <= 0) {
    Add(violations, ViolationCode::kNoFigureInSupply,
        Cat("Player ", player, " has no ", FigureKindName(deploy.kind), " left in supply."),
        "CO-05");
  }
  // CO-54, AMB-11: the RGG text forbids moving followers "to or from" the
  // Count's quarter.
  if (state.rules.count_rgg_block_deploy_into_count_quarter &&
      deploy.quarter == state.count.count) {
    Add(violations, ViolationCode::kCountQuarterBlocked,
        Cat("The Count stands in the ", QuarterName(deploy.quarter),
            " quarter: no follower may be put into it (option "
            "count.rgg_block_deploy_into_count_quarter)."),
        "CO-54");
  }
  if (!deploy.move_count_to) return;
  switch (state.rules.count_movement) {
    case CountMovement::kFree:
      break;
    case CountMovement::kClockwise:
      if (*deploy.move_count_to != Clockwise(state.count.count)) {
        Add(violations, ViolationCode::kCountMoveNotAllowed,
            Cat("Under the clockwise variant the Count moves by himself to the next quarter (the ",
                QuarterName(Clockwise(state.count.count)), "), not to the ",
                QuarterName(*deploy.move_count_to), "."),
            "CO-19");
      }
      break;
    case CountMovement::kFollowDeployment:
      if (*deploy.move_count_to != deploy.quarter) {
        Add(violations, ViolationCode::kCountMoveNotAllowed,
            Cat("Under the variant 'Count follows' the Count moves to the quarter of the new "
                "follower (the ",
                QuarterName(deploy.quarter), "), not to the ", QuarterName(*deploy.move_count_to),
                "."),
            "CO-20");
      }
      break;
  }
}

void CheckRedeploy(const Game& game, const RedeployFromQuarterAction& redeploy,
                   std::vector<Violation>& violations) {
  const GameState& state = game.state();
  const Board& board = game.board();
  const int player = state.deciding_player;
  const bool at_end = state.phase == Phase::kCountFinalRedeploy;
  const int moved = redeploy.followers + redeploy.big_followers;
  if (redeploy.followers < 0 || redeploy.big_followers < 0 || moved == 0) {
    Add(violations, ViolationCode::kNoFollowerInQuarter,
        "A redeployment moves at least one follower; to move none, pass.", "CO-13");
    return;
  }
  if (at_end && moved != 1) {
    Add(violations, ViolationCode::kRedeployTargetNotAllowed,
        Cat("At the end of the game each player redeploys one follower at a time, not ", moved,
            "."),
        "CO-46");
  }
  // The feature the followers go to.
  int feature = -1;
  if (at_end) {
    if (!redeploy.target) {
      Add(violations, ViolationCode::kRedeployTargetNotAllowed,
          "At the end of the game the redeployment names the feature the follower goes to.",
          "CO-46");
      return;
    }
    const int segment = board.SegmentId(*redeploy.target);
    if (segment < 0) {  // CheckAction reports it as malformed first
      Add(violations, ViolationCode::kRedeployTargetNotAllowed,
          "There is no such segment on the board.", "CO-46", redeploy.target);
      return;
    }
    feature = board.FeatureOf(segment);
    if (!FinalQuarterAllowed(state.rules, redeploy.quarter)) {
      Add(violations, ViolationCode::kWrongQuarterForFeature,
          Cat("Only followers in the market quarter may be redeployed at the end (option "
              "count.final_redeploy = market_only), not from the ",
              QuarterName(redeploy.quarter), "."),
          "AMB-45", redeploy.target);
    }
  } else {
    feature = PendingFeature(game);
    if (feature < 0) return;
    if (redeploy.target) {
      const int segment = board.SegmentId(*redeploy.target);
      if (segment < 0 || board.FeatureOf(segment) != feature) {
        Add(violations, ViolationCode::kRedeployTargetNotAllowed,
            "During play followers go only onto the feature about to be scored.", "CO-10",
            redeploy.target);
      }
    }
  }
  const SegmentKind kind = board.Feature(feature).kind;
  // CO-11: castle -> city, blacksmith -> road, cathedral -> monastery, market
  // -> field.
  if (FeatureKindOf(redeploy.quarter) != kind) {
    Add(violations, ViolationCode::kWrongQuarterForFeature,
        Cat("Followers in the ", QuarterName(redeploy.quarter), " quarter go to a ",
            SegmentKindName(FeatureKindOf(redeploy.quarter)), ", not to a ", SegmentKindName(kind),
            "."),
        "CO-11", redeploy.target);
  }
  // CO-17: the Count's retinue stays.
  if (redeploy.quarter == state.count.count) {
    Add(violations, ViolationCode::kCountQuarterBlocked,
        Cat("The Count stands in the ", QuarterName(redeploy.quarter),
            " quarter: no follower may leave it."),
        "CO-17", redeploy.target);
  }
  if (InQuarter(state, player, redeploy.quarter, FigureKind::kFollower) < redeploy.followers ||
      InQuarter(state, player, redeploy.quarter, FigureKind::kBigFollower) <
          redeploy.big_followers) {
    Add(violations, ViolationCode::kNoFollowerInQuarter,
        Cat("Player ", player, " has not ", redeploy.followers, " follower(s) and ",
            redeploy.big_followers, " big follower(s) in the ", QuarterName(redeploy.quarter),
            " quarter."),
        at_end ? "CO-46" : "CO-10", redeploy.target);
  }
  // BG-20, CO-46: at the end only what the final scoring scores.
  if (at_end && IsComplete(board, feature)) {
    Add(violations, ViolationCode::kRedeployTargetNotAllowed,
        Cat("This ", SegmentKindName(kind),
            " is completed and was scored: at the end followers go to unfinished roads, cities "
            "and monasteries, or to fields."),
        "CO-46", redeploy.target);
  }
}

// Followers leave the quarter and stand on `where` like placed ones (engine
// notes, count.md section 7).
void MoveOut(GameState& state, int player, const RedeployFromQuarterAction& redeploy,
             SegmentAddress where) {
  TakeFromQuarter(state, player, redeploy.quarter, FigureKind::kFollower, redeploy.followers);
  TakeFromQuarter(state, player, redeploy.quarter, FigureKind::kBigFollower,
                  redeploy.big_followers);
  for (int i = 0; i < redeploy.followers; ++i) {
    state.figures.push_back({FigureKind::kFollower, player, where});
  }
  for (int i = 0; i < redeploy.big_followers; ++i) {
    state.figures.push_back({FigureKind::kBigFollower, player, where});
  }
}

}  // namespace

std::string_view QuarterName(Quarter quarter) {
  switch (quarter) {
    case Quarter::kCastle:
      return "castle";
    case Quarter::kMarket:
      return "market";
    case Quarter::kBlacksmith:
      return "blacksmith";
    case Quarter::kCathedral:
      return "cathedral";
  }
  return "?";
}

std::vector<PlacedTile> CountOfCarcassonne::StartLayout(const RuleSet& /*rules*/) const {
  // CO-02, geometry.md: the block with count:1 at (0, 0), each tile turned 0.
  std::vector<PlacedTile> layout;
  for (const TileType& tile : CountTileSet().tiles) {
    layout.push_back({&tile, *tile.city_layout, Rotation{0}});
  }
  return layout;
}

void CountOfCarcassonne::SetUpGame(GameState& state) const {
  // CO-04: the Count in the castle quarter; CO-03: the quarters empty.
  state.count = CountState{};
}

bool CountOfCarcassonne::CheckOwnAction(const Game& game, const Action& action,
                                        std::vector<Violation>& violations) const {
  const Phase phase = game.state().phase;
  const bool round = phase == Phase::kCountRedeploy || phase == Phase::kCountFinalRedeploy;
  if (phase != Phase::kCountDeploy && !round) return false;
  if (std::holds_alternative<PassAction>(action)) return true;  // always possible
  if (const auto* deploy = std::get_if<DeployToQuarterAction>(&action)) {
    if (phase != Phase::kCountDeploy) return false;
    CheckDeploy(game, *deploy, violations);
    return true;
  }
  if (const auto* redeploy = std::get_if<RedeployFromQuarterAction>(&action)) {
    if (!round) return false;
    CheckRedeploy(game, *redeploy, violations);
    return true;
  }
  return false;
}

bool CountOfCarcassonne::ApplyOwnAction(Game& game, const Action& action,
                                        std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  const int player = state.deciding_player;
  switch (state.phase) {
    case Phase::kCountDeploy:
      if (const auto* deploy = std::get_if<DeployToQuarterAction>(&action)) {
        // CO-05, CO-06: one follower from the supply into the quarter.
        SupplyOf(state.players[player], deploy->kind) -= 1;
        state.count.followers.push_back({deploy->kind, player, deploy->quarter});
        switch (state.rules.count_movement) {
          case CountMovement::kFree:  // CO-16
            if (deploy->move_count_to) state.count.count = *deploy->move_count_to;
            break;
          case CountMovement::kClockwise:  // CO-19
            state.count.count = Clockwise(state.count.count);
            break;
          case CountMovement::kFollowDeployment:  // CO-20
            state.count.count = deploy->quarter;
            break;
        }
      } else if (!std::holds_alternative<PassAction>(action)) {
        return false;
      }
      ResetTurnBookkeeping(state);
      // The decisions of the modules after this one (the Siege's escape),
      // then the next turn part.
      game.ContinueAfterModule(this, events);
      return true;
    case Phase::kCountRedeploy:
      if (const auto* redeploy = std::get_if<RedeployFromQuarterAction>(&action)) {
        MoveOut(state, player, *redeploy, state.pending_scorings.front());
      } else if (!std::holds_alternative<PassAction>(action)) {
        return false;
      }
      AdvanceRound(game, events);
      return true;
    case Phase::kCountFinalRedeploy:
      if (const auto* redeploy = std::get_if<RedeployFromQuarterAction>(&action)) {
        MoveOut(state, player, *redeploy, *redeploy->target);
        // AMB-45: the loop ends when every player passes in succession; after
        // a move, those who passed before it are asked again.
        state.count.final_passed.clear();
      } else if (std::holds_alternative<PassAction>(action)) {
        // AMB-45: a player who passed is not asked again until someone moves.
        state.count.final_passed.push_back(player);
      } else {
        return false;
      }
      AdvanceFinal(game, events);
      return true;
    default:
      return false;
  }
}

void CountOfCarcassonne::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  const int player = state.deciding_player;
  switch (state.phase) {
    case Phase::kCountDeploy:
      for (FigureKind kind : {FigureKind::kFollower, FigureKind::kBigFollower}) {
        if (SupplyOf(state.players[player], kind) <= 0) continue;
        for (Quarter quarter : kQuarters) {
          if (state.rules.count_rgg_block_deploy_into_count_quarter &&
              quarter == state.count.count) {
            continue;
          }
          actions.push_back(DeployToQuarterAction{kind, quarter, std::nullopt});
          if (state.rules.count_movement != CountMovement::kFree) continue;
          for (Quarter to : kQuarters) {
            if (to != state.count.count)
              actions.push_back(DeployToQuarterAction{kind, quarter, to});
          }
        }
      }
      break;
    case Phase::kCountRedeploy: {
      const int feature = PendingFeature(game);
      if (feature < 0) break;
      const std::optional<Quarter> quarter = QuarterFor(game.board().Feature(feature).kind);
      if (!quarter || *quarter == state.count.count) break;
      const int followers = InQuarter(state, player, *quarter, FigureKind::kFollower);
      const int big = InQuarter(state, player, *quarter, FigureKind::kBigFollower);
      for (int i = 0; i <= followers; ++i) {
        for (int j = 0; j <= big; ++j) {
          if (i + j > 0) actions.push_back(RedeployFromQuarterAction{*quarter, i, j, std::nullopt});
        }
      }
      break;
    }
    case Phase::kCountFinalRedeploy:
      for (Quarter quarter : kQuarters) {
        if (quarter == state.count.count || !FinalQuarterAllowed(state.rules, quarter)) continue;
        const int followers = InQuarter(state, player, quarter, FigureKind::kFollower);
        const int big = InQuarter(state, player, quarter, FigureKind::kBigFollower);
        if (followers + big == 0) continue;
        for (const SegmentAddress& target : FinalTargets(game.board(), quarter)) {
          if (followers > 0) actions.push_back(RedeployFromQuarterAction{quarter, 1, 0, target});
          if (big > 0) actions.push_back(RedeployFromQuarterAction{quarter, 0, 1, target});
        }
      }
      break;
    default:
      return;
  }
  actions.push_back(PassAction{});
}

void CountOfCarcassonne::BeforeTurnScoring(Game& game) const {
  ResetTurnBookkeeping(game.mutable_state());
}

bool CountOfCarcassonne::OpenDecisionBeforeScoring(Game& game, int feature) const {
  GameState& state = game.mutable_state();
  // CO-11: the quarter whose followers may join this feature; CO-17: not the
  // Count's; CO-12: never the market during play.
  const std::optional<Quarter> quarter = QuarterFor(game.board().Feature(feature).kind);
  if (!quarter || *quarter == Quarter::kMarket || *quarter == state.count.count) return false;
  // CO-13: from the player left of the active player round to the active one.
  const std::optional<int> first = FirstInRound(state, *quarter);
  if (!first) return false;
  state.phase = Phase::kCountRedeploy;
  state.deciding_player = *first;
  return true;
}

bool CountOfCarcassonne::ExplainMissingDecision(const Game& game, const Action& action,
                                                Violation& reason) const {
  const GameState& state = game.state();
  if (std::holds_alternative<DeployToQuarterAction>(action)) {
    if (state.phase == Phase::kCountFinalRedeploy) {
      reason.message = "The game is ending: no follower goes into Carcassonne any more (CO-46).";
      reason.rule_id = "CO-46";
    } else if (state.phase == Phase::kPlaceTile) {
      // The snapshot no longer holds the last turn's scorings (they are reset
      // once the turn is over), so the sentence names the conditions.
      const bool completion = state.rules.count_trigger == CountTrigger::kCompletion;
      reason.message =
          completion
              ? "No deployment into Carcassonne is open: one is decided right after the "
                "scoring of a turn in which another player scored a completed road, city or "
                "monastery and the active player scored nothing, once per turn (CO-05, CO-06, "
                "CO-28)."
              : "No deployment into Carcassonne is open: one is decided right after the "
                "scoring of a turn in which another player scored points and the active "
                "player none (the King's and the Robber Baron's live points count for "
                "neither, AMB-07), once per turn (CO-05, CO-06).";
      reason.rule_id = completion ? "CO-28" : "CO-05";
    } else {
      reason.message =
          "A follower goes into Carcassonne only after the turn's scoring, when another "
          "player scored points and the active player none (CO-05).";
      reason.rule_id = "CO-05";
    }
    return true;
  }
  if (const auto* redeploy = std::get_if<RedeployFromQuarterAction>(&action)) {
    if (state.phase == Phase::kCountDeploy) {
      reason.message =
          "The turn's scoring is over: no redeployment round is open; the pending decision is "
          "the deployment into Carcassonne (CO-05).";
      reason.rule_id = "CO-05";
    } else if (redeploy->quarter == state.count.count) {
      reason.message = Cat("The Count stands in the ", QuarterName(redeploy->quarter),
                           ": no follower leaves that quarter (CO-17).");
      reason.rule_id = "CO-17";
    } else if (redeploy->quarter == Quarter::kMarket) {
      reason.message =
          "The market's followers cannot move during play: they leave only at the end of "
          "the game (CO-12).";
      reason.rule_id = "CO-12";
    } else {
      reason.message =
          Cat("No redeployment round is open: one opens only before a feature that the tile "
              "completed is scored, for the players with followers in the ",
              QuarterName(redeploy->quarter), " (CO-10, CO-13).");
      reason.rule_id = "CO-13";
    }
    return true;
  }
  return false;
}

void CountOfCarcassonne::OnTurnScoreEvent(Game& game, const ScoreEvent& event) const {
  // AMB-07: points scored now, by the active player or by others; goods
  // tokens carry no points (CO-31). CO-28: the original rule needed the
  // scoring of a completed road, city or monastery.
  // AMB-07: the King's and the Robber Baron's live points (KR-27) are not
  // landscape scoring: they never open or block a deployment.
  if (event.feature_kind == FeatureKind::kKing || event.feature_kind == FeatureKind::kRobberBaron) {
    return;
  }
  GameState& state = game.mutable_state();
  const bool completion = event.complete && (event.feature_kind == FeatureKind::kRoad ||
                                             event.feature_kind == FeatureKind::kCity ||
                                             event.feature_kind == FeatureKind::kMonastery);
  for (const PlayerPoints& points : event.points) {
    if (points.points <= 0) continue;
    if (points.player == state.active_player) {
      state.count.active_scored = true;
    } else {
      state.count.others_scored = true;
      if (completion) state.count.others_scored_on_completion = true;
    }
  }
}

bool CountOfCarcassonne::OpenDecisionAfterTurnScoring(Game& game) const {
  GameState& state = game.mutable_state();
  const CountState& count = state.count;
  // CO-05, CO-34, AMB-07 (count.trigger = scoring), CO-28 (completion).
  const bool others = state.rules.count_trigger == CountTrigger::kScoring
                          ? count.others_scored
                          : count.others_scored_on_completion;
  const bool earned = others && !count.active_scored;
  ResetTurnBookkeeping(state);
  if (!earned) return false;
  const Player& active = state.players[state.active_player];
  if (active.followers + active.big_followers == 0) return false;  // nothing to put in
  state.phase = Phase::kCountDeploy;
  state.deciding_player = state.active_player;
  return true;
}

bool CountOfCarcassonne::OpenDecisionBeforeEndScoring(Game& game, int last_player) const {
  GameState& state = game.mutable_state();
  state.count.final_passed.clear();
  // CO-46: starting with the player left of the one who placed the last tile.
  const std::optional<int> first = NextAtEnd(game, last_player);
  if (!first) return false;
  state.phase = Phase::kCountFinalRedeploy;
  state.deciding_player = *first;
  return true;
}

void CountOfCarcassonne::AtEndOfGame(Game& game, std::vector<ScoreEvent>& /*events*/) const {
  // CO-48: followers still in Carcassonne score nothing; like every figure at
  // the end, they go back to the supply.
  GameState& state = game.mutable_state();
  for (const QuarterFollower& follower : state.count.followers) {
    SupplyOf(state.players[follower.owner], follower.kind) += 1;
  }
  state.count.followers.clear();
  state.count.final_passed.clear();
  ResetTurnBookkeeping(state);
}

}  // namespace carcassonne

namespace carcassonne {

void CheckCountPieces(const GameState& state, std::vector<Problem>& problems) {
  if (!state.rules.Has(Expansion::kCountOfCarcassonne)) {
    if (!(state.count == CountState{}) || state.phase == Phase::kCountRedeploy ||
        state.phase == Phase::kCountDeploy || state.phase == Phase::kCountFinalRedeploy) {
      problems.push_back(
          {"count", "the Count and his quarters are only in games with The Count of Carcassonne"});
    }
    return;
  }
  const int player_count = PlayerCount(state);
  const CountState& count = state.count;
  if (static_cast<unsigned>(count.count) >= static_cast<unsigned>(kQuarterCount)) {
    problems.push_back({"count.count_quarter", "no such quarter"});
  }
  if (static_cast<int>(count.followers.size()) > kMaxFigures) {
    problems.push_back({"count.followers", Cat("at most ", kMaxFigures, " followers")});
  } else {
    for (int i = 0; i < static_cast<int>(count.followers.size()); ++i) {
      const QuarterFollower& follower = count.followers[i];
      const std::string field = Cat("count.followers[", i, "]");
      if (follower.owner < 0 || follower.owner >= player_count) {
        problems.push_back({field + ".owner", "no such player"});
      }
      if (follower.kind != FigureKind::kFollower && follower.kind != FigureKind::kBigFollower) {
        problems.push_back(
            {field + ".kind", "only followers and big followers go into Carcassonne"});
      }
      if (static_cast<unsigned>(follower.quarter) >= static_cast<unsigned>(kQuarterCount)) {
        problems.push_back({field + ".quarter", "no such quarter"});
      }
    }
  }
  if (static_cast<int>(count.final_passed.size()) > player_count) {
    problems.push_back({"count.final_passed", "more players than the game has"});
    return;
  }
  for (int i = 0; i < static_cast<int>(count.final_passed.size()); ++i) {
    const int player = count.final_passed[i];
    if (player < 0 || player >= player_count ||
        std::count(count.final_passed.begin(), count.final_passed.end(), player) > 1) {
      problems.push_back({Cat("count.final_passed[", i, "]"), "no such player, or listed twice"});
    }
  }
}

void CheckCountOfCarcassonne(const GameState& state, const Board& board,
                             std::vector<Problem>& problems) {
  if (state.phase != Phase::kCountRedeploy && state.phase != Phase::kPlaceCastle &&
      state.phase != Phase::kTendFlock && !state.pending_scorings.empty()) {
    problems.push_back({"count.pending_features",
                        "features wait for their scoring only during a redeployment round "
                        "(PHASE_COUNT_REDEPLOY), a castle decision (PHASE_PLACE_CASTLE) or a "
                        "flock's (PHASE_TEND_FLOCK)"});
  }
  if (!state.rules.Has(Expansion::kCountOfCarcassonne)) return;  // (CheckCountPieces)
  const CountState& count = state.count;
  if ((count.active_scored || count.others_scored || count.others_scored_on_completion) &&
      state.phase != Phase::kCountRedeploy) {
    problems.push_back({"count.turn_scoring",
                        "who scored in the turn part is kept only while its scoring is under way "
                        "(PHASE_COUNT_REDEPLOY)"});
  }
  if (!count.final_passed.empty() && state.phase != Phase::kCountFinalRedeploy) {
    problems.push_back({"count.final_passed",
                        "players pass out of the final redeployment only in "
                        "PHASE_COUNT_FINAL_REDEPLOY"});
  }
  const int decider = state.deciding_player;
  switch (state.phase) {
    case Phase::kCountRedeploy: {
      if (state.pending_scorings.empty()) {
        problems.push_back({"count.pending_features",
                            "a redeployment round needs the feature about to be scored"});
        break;
      }
      for (int i = 0; i < static_cast<int>(state.pending_scorings.size()); ++i) {
        const std::string field = Cat("count.pending_features[", i, "]");
        const int segment = board.SegmentId(state.pending_scorings[i]);
        const SegmentKind kind = board.SegmentTypeOf(segment).kind;
        if ((kind != SegmentKind::kRoad && kind != SegmentKind::kCity &&
             kind != SegmentKind::kMonastery) ||
            !IsComplete(board, segment)) {
          problems.push_back({field,
                              "only a completed road, city or monastery waits for its "
                              "scoring"});
          continue;
        }
        if (i == 0) {
          const std::optional<Quarter> quarter = QuarterFor(kind);
          if (!quarter || !MayRedeployFrom(state, decider, *quarter)) {
            problems.push_back(
                {"deciding_player",
                 "in a redeployment round the deciding player has a follower in the matching "
                 "quarter, and the Count is not there (CO-13, CO-17)"});
          }
        }
      }
      break;
    }
    case Phase::kCountDeploy: {
      const Player& player = state.players[decider];
      if (decider != state.active_player || player.followers + player.big_followers == 0) {
        problems.push_back({"deciding_player",
                            "the active player deploys into Carcassonne, with a follower in "
                            "supply (CO-05)"});
      }
      break;
    }
    case Phase::kCountFinalRedeploy:
      if (state.bag && state.bag->Total() > 0) {
        problems.push_back({"phase", "the final redeployment comes when the bag is empty"});
      }
      if (!MayRedeployAtEnd(state, board, decider)) {
        problems.push_back({"deciding_player",
                            "in the final redeployment the deciding player has not passed and "
                            "has a follower that can leave Carcassonne (CO-46, AMB-45)"});
      }
      break;
    default:
      break;
  }
}

// ----- The snapshot check (expansion_module.h) -----

void CountOfCarcassonne::CheckOwnPieces(const GameState& state, const Board& /*board*/,
                                        std::vector<Problem>& problems) const {
  CheckCountPieces(state, problems);
}

void CountOfCarcassonne::CheckPiecesTogether(const GameState& state, const Board& board,
                                             std::vector<Problem>& problems) const {
  CheckCountOfCarcassonne(state, board, problems);
}

}  // namespace carcassonne

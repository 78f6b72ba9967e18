// The Count of Carcassonne: set-up, the redeployment round, the deployment,
// the final redeployment (see count_of_carcassonne.h); its snapshot checks are
// in count_of_carcassonne_checks.cc.
// (Over 600 lines: the Count's three rounds — redeployment, deployment, final redeployment — share
// the quarter bookkeeping of this file; a split by round is a debt.)
// Why one file: the Count's quarters, deployment and redeployment rounds are one state machine on
// one module's hooks (its snapshot checks are already apart).
#include "engine/expansions/count_of_carcassonne.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "engine/expansions/count_quarters.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/rules/scoring.h"
#include "engine/snapshot_limits.h"
#include "engine/text.h"

namespace carcassonne {

using count_rules::CanDeploy;
using count_rules::IsQuarterKind;
using count_rules::MayEnter;
using count_rules::MayRedeployAtEnd;
using count_rules::MayRedeployFrom;
using count_rules::QuarterFor;

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

}  // namespace

namespace count_rules {

std::optional<Quarter> QuarterFor(SegmentKind kind) {
  for (Quarter quarter : kQuarters) {
    if (FeatureKindOf(quarter) == kind) return quarter;
  }
  return std::nullopt;
}

}  // namespace count_rules

namespace {

// CO-19: castle -> market -> blacksmith -> cathedral -> castle.
Quarter Clockwise(Quarter quarter) {
  return static_cast<Quarter>((static_cast<int>(quarter) + 1) % kQuarterCount);
}

int PlayerCount(const GameState& state) { return static_cast<int>(state.players.size()); }

// The figures that go into Carcassonne: followers and big followers (CO-05,
// CO-08), and with Abbey & Mayor the mayor and the wagon (CO-09, CO-30).
constexpr std::array kQuarterKinds = {FigureKind::kFollower, FigureKind::kBigFollower,
                                      FigureKind::kMayor, FigureKind::kWagon};

}  // namespace

namespace count_rules {

bool IsQuarterKind(FigureKind kind) {
  return std::find(kQuarterKinds.begin(), kQuarterKinds.end(), kind) != kQuarterKinds.end();
}

}  // namespace count_rules

namespace {

// CO-09, CO-30: the mayor goes only into the castle quarter (it stands only
// in cities, AM-08); the wagon into the castle, blacksmith or cathedral
// quarter (never a field, AM-11); followers anywhere.
}  // namespace

namespace count_rules {

bool MayEnter(FigureKind kind, Quarter quarter) {
  switch (kind) {
    case FigureKind::kMayor:
      return quarter == Quarter::kCastle;
    case FigureKind::kWagon:
      return quarter != Quarter::kMarket;
    default:
      return IsQuarterKind(kind);
  }
}

}  // namespace count_rules

namespace {

// How many of `redeploy`'s figures are of `kind`.
int CountOf(const RedeployFromQuarterAction& redeploy, FigureKind kind) {
  switch (kind) {
    case FigureKind::kFollower:
      return redeploy.followers;
    case FigureKind::kBigFollower:
      return redeploy.big_followers;
    case FigureKind::kMayor:
      return redeploy.mayors;
    case FigureKind::kWagon:
      return redeploy.wagons;
    default:
      return 0;
  }
}

// A redeployment of one figure of `kind` from `quarter` onto `target`.
RedeployFromQuarterAction RedeployOne(Quarter quarter, FigureKind kind,
                                      std::optional<SegmentAddress> target) {
  RedeployFromQuarterAction redeploy{quarter, 0, 0, target};
  redeploy.followers = kind == FigureKind::kFollower;
  redeploy.big_followers = kind == FigureKind::kBigFollower;
  redeploy.mayors = kind == FigureKind::kMayor;
  redeploy.wagons = kind == FigureKind::kWagon;
  return redeploy;
}

// How many followers of `kind` `player` has in `quarter`.
int InQuarter(const GameState& state, int player, Quarter quarter, FigureKind kind) {
  int count = 0;
  for (const QuarterFollower& follower : state.count.followers) {
    count += follower.owner == player && follower.quarter == quarter && follower.kind == kind;
  }
  return count;
}

int InQuarter(const GameState& state, int player, Quarter quarter) {
  int count = 0;
  for (FigureKind kind : kQuarterKinds) count += InQuarter(state, player, quarter, kind);
  return count;
}

// CO-05, CO-09, AMB-11: whether `player` may put `kind` into `quarter` now.
bool MayDeploy(const GameState& state, int player, FigureKind kind, Quarter quarter) {
  if (!IsQuarterKind(kind) || FiguresOwned(state.rules, kind) == 0) return false;
  if (SupplyOf(state.players[player], kind) <= 0 || !MayEnter(kind, quarter)) return false;
  return !(state.rules.count_rgg_block_deploy_into_count_quarter && quarter == state.count.count);
}

// Whether `player` has a figure in supply that may go into some quarter.
}  // namespace

namespace count_rules {

bool CanDeploy(const GameState& state, int player) {
  for (FigureKind kind : kQuarterKinds) {
    for (Quarter quarter : kQuarters) {
      if (MayDeploy(state, player, kind, quarter)) return true;
    }
  }
  return false;
}

}  // namespace count_rules

namespace {

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
}  // namespace

namespace count_rules {

bool MayRedeployFrom(const GameState& state, int player, Quarter quarter) {
  return quarter != state.count.count && InQuarter(state, player, quarter) > 0;
}

}  // namespace count_rules

namespace {

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
}  // namespace

namespace count_rules {

bool MayRedeployAtEnd(const GameState& state, const Board& board, int player) {
  if (HasPassed(state, player)) return false;
  for (Quarter quarter : kQuarters) {
    if (quarter == state.count.count || !FinalQuarterAllowed(state.rules, quarter)) continue;
    if (InQuarter(state, player, quarter) == 0) continue;
    if (!FinalTargets(board, quarter, 1).empty()) return true;
  }
  return false;
}

}  // namespace count_rules

namespace {

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
  // CO-45, CO-44: a barn's field; its module scores it and the turn goes on.
  if (game.board().Feature(feature).kind == SegmentKind::kField) {
    game.ScorePendingField(events);
    return;
  }
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
  // AMB-17: one figure: a follower or a big follower (CO-08), the mayor or
  // the wagon (CO-09, CO-30).
  if (!IsQuarterKind(deploy.kind) || FiguresOwned(state.rules, deploy.kind) == 0) {
    Add(violations, ViolationCode::kFigureNotAllowed,
        Cat("A ", FigureKindName(deploy.kind), " cannot go into Carcassonne in this game."),
        "CO-05");
    return;
  }
  if (!MayEnter(deploy.kind, deploy.quarter)) {
    Add(violations, ViolationCode::kFigureNotAllowed,
        deploy.kind == FigureKind::kMayor
            ? Cat("The mayor goes only into the castle quarter, not the ",
                  QuarterName(deploy.quarter), ".")
            : Cat("The wagon goes into the castle, blacksmith or cathedral quarter, not the ",
                  QuarterName(deploy.quarter), "."),
        deploy.kind == FigureKind::kMayor ? "CO-30" : "CO-09");
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
  const int moved = redeploy.Total();
  if (redeploy.followers < 0 || redeploy.big_followers < 0 || redeploy.mayors < 0 ||
      redeploy.wagons < 0 || moved == 0) {
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
    // AMB-42: a road stub is not occupiable (as FinalTargets lists them; a
    // player with more followers than the box's, option base.followers,
    // reached it in the random games).
    if (board.SegmentTypeOf(segment).road_stub) {
      Add(violations, ViolationCode::kRedeployTargetNotAllowed,
          "This road stub cannot be occupied (AMB-42).", "AMB-42", redeploy.target);
    }
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
  for (FigureKind figure : kQuarterKinds) {
    if (InQuarter(state, player, redeploy.quarter, figure) < CountOf(redeploy, figure)) {
      Add(violations, ViolationCode::kNoFollowerInQuarter,
          Cat("Player ", player, " has not ", CountOf(redeploy, figure), " ",
              FigureKindName(figure), "(s) in the ", QuarterName(redeploy.quarter), " quarter."),
          at_end ? "CO-46" : "CO-10", redeploy.target);
    }
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
  for (FigureKind kind : kQuarterKinds) {
    const int count = CountOf(redeploy, kind);
    TakeFromQuarter(state, player, redeploy.quarter, kind, count);
    for (int i = 0; i < count; ++i) {
      state.figures.push_back({kind, player, where});
      // AMB-12: with count.mayor_wagon_count_as_two the mayor and the wagon
      // count two in the scoring they were redeployed for.
      if (state.rules.count_mayor_wagon_count_as_two &&
          (kind == FigureKind::kMayor || kind == FigureKind::kWagon)) {
        state.count.from_quarters.push_back({kind, player, where});
      }
    }
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
        // They stand on the segment the player named (one of the feature's,
        // CheckRedeploy), else on the one the round names: where a wagon
        // stands decides its move after the scoring (AM-12).
        MoveOut(state, player, *redeploy,
                redeploy->target.value_or(state.pending_scorings.front()));
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
      for (FigureKind kind : kQuarterKinds) {
        for (Quarter quarter : kQuarters) {
          if (!MayDeploy(state, player, kind, quarter)) continue;
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
      // Every combination of the figures the player has there (CO-13).
      const int followers = InQuarter(state, player, *quarter, FigureKind::kFollower);
      const int big = InQuarter(state, player, *quarter, FigureKind::kBigFollower);
      const int mayors = InQuarter(state, player, *quarter, FigureKind::kMayor);
      const int wagons = InQuarter(state, player, *quarter, FigureKind::kWagon);
      for (int i = 0; i <= followers; ++i) {
        for (int j = 0; j <= big; ++j) {
          for (int m = 0; m <= mayors; ++m) {
            for (int w = 0; w <= wagons; ++w) {
              if (i + j + m + w == 0) continue;
              RedeployFromQuarterAction redeploy{*quarter, i, j, std::nullopt};
              redeploy.mayors = m;
              redeploy.wagons = w;
              actions.push_back(redeploy);
            }
          }
        }
      }
      break;
    }
    case Phase::kCountFinalRedeploy:
      for (Quarter quarter : kQuarters) {
        if (quarter == state.count.count || !FinalQuarterAllowed(state.rules, quarter)) continue;
        if (InQuarter(state, player, quarter) == 0) continue;
        for (const SegmentAddress& target : FinalTargets(game.board(), quarter)) {
          for (FigureKind kind : kQuarterKinds) {
            if (InQuarter(state, player, quarter, kind) > 0) {
              actions.push_back(RedeployOne(quarter, kind, target));
            }
          }
        }
      }
      break;
    default:
      return;
  }
  actions.push_back(PassAction{});
}

void CountOfCarcassonne::AfterTilePlaced(Game& game) const {
  // AMB-07: the turn part's bookkeeping starts with its tile (a barn's
  // scoring in the figure step counts too, CO-31).
  ResetTurnBookkeeping(game.mutable_state());
}

bool CountOfCarcassonne::OpenDecisionBeforeFieldScoring(Game& game, int /*field*/,
                                                        ScoringTrigger trigger) const {
  GameState& state = game.mutable_state();
  // AMB-08: the market's followers may join a field scored during play by a
  // barn's placement (CO-45, option count.market_redeploy_on_barn) or by a
  // join to a barn's field (CO-44, option count.market_redeploy_on_farm_join);
  // CO-17: not while the Count stands in the market.
  const bool allowed =
      (trigger == ScoringTrigger::kBarnPlaced && state.rules.count_market_redeploy_on_barn) ||
      (trigger == ScoringTrigger::kJoinedToBarn && state.rules.count_market_redeploy_on_farm_join);
  if (!allowed || state.count.count == Quarter::kMarket) return false;
  // CO-13: from the player left of the active player round to the active one.
  const std::optional<int> first = FirstInRound(state, Quarter::kMarket);
  if (!first) return false;
  state.phase = Phase::kCountRedeploy;
  state.deciding_player = *first;
  return true;
}

void CountOfCarcassonne::AfterScoring(Game& game, const ScoreEvent& event) const {
  // AMB-12: a mayor or wagon from Carcassonne counts two only in the scoring
  // it was redeployed for.
  std::vector<Figure>& from = game.mutable_state().count.from_quarters;
  for (const Figure& figure : event.returned_figures) {
    const auto it = std::find(from.begin(), from.end(), figure);
    if (it != from.end()) from.erase(it);
  }
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
    } else if (redeploy->quarter == Quarter::kMarket && !state.rules.am_barn) {
      reason.message =
          "The market's followers cannot move during play: they leave only at the end of "
          "the game (CO-12).";
      reason.rule_id = "CO-12";
    } else if (redeploy->quarter == Quarter::kMarket) {
      reason.message =
          "The market's followers move during play only onto a field that a barn's placement "
          "scores (option count.market_redeploy_on_barn) or a join to a barn's field scores "
          "(option count.market_redeploy_on_farm_join), before it scores; else only at the "
          "end of the game (CO-12, CO-44, CO-45, AMB-08).";
      reason.rule_id = "AMB-08";
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
  // BT-10: neither are the circus's points under the big top (BT-06).
  if (event.feature_kind == FeatureKind::kKing || event.feature_kind == FeatureKind::kRobberBaron ||
      event.feature_kind == FeatureKind::kCircus) {
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
  if (!CanDeploy(state, state.active_player)) return false;  // nothing to put in
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
  state.count.from_quarters.clear();
  ResetTurnBookkeeping(state);
}

}  // namespace carcassonne

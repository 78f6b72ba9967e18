// The Count of Carcassonne: the snapshot check of its pieces and of the
// pending decision (CheckSnapshot's stages, referee.h), and the check of its
// rule options (see count_of_carcassonne.h).
#include <algorithm>
#include <string>

#include "engine/expansions/count_of_carcassonne.h"
#include "engine/expansions/count_quarters.h"
#include "engine/figures.h"
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

int PlayerCount(const GameState& state) { return static_cast<int>(state.players.size()); }

// CO-44, CO-45, AMB-08: whether `field` may wait for a market round: it holds
// a barn, and the option for how it is scored now is on (a barn on the tile
// just placed was placed in this turn part, AM-15, AM-17; else the field's
// farmers were joined to it, AM-19).
bool MarketRoundAllowed(const GameState& state, const Board& board, int field) {
  const Position last = board.tile(board.tile_count() - 1).cell();
  bool barn_placed = false;
  bool barn = false;
  for (const Barn& each : state.barns) {
    if (board.FieldAtCorner(each.cell, each.corner) != field) continue;
    barn = true;
    barn_placed = barn_placed || each.cell == last;
  }
  if (!barn || state.count.count == Quarter::kMarket) return false;
  return barn_placed ? state.rules.count_market_redeploy_on_barn
                     : state.rules.count_market_redeploy_on_farm_join;
}

}  // namespace

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
      if (!IsQuarterKind(follower.kind) || FiguresOwned(state.rules, follower.kind) == 0) {
        problems.push_back({field + ".kind",
                            "only followers and big followers go into Carcassonne, and with "
                            "Abbey & Mayor the mayor and the wagon (CO-09)"});
      }
      if (static_cast<unsigned>(follower.quarter) >= static_cast<unsigned>(kQuarterCount)) {
        problems.push_back({field + ".quarter", "no such quarter"});
      } else if (!MayEnter(follower.kind, follower.quarter)) {
        problems.push_back({field + ".quarter",
                            "the mayor stands only in the castle quarter, the wagon never in "
                            "the market (CO-09, CO-30)"});
      }
    }
  }
  // AMB-12: the mayors and wagons from Carcassonne, only with the option.
  if (static_cast<int>(count.from_quarters.size()) > 2 * player_count) {
    problems.push_back({"count.from_quarters", "at most one mayor and one wagon per player"});
  } else {
    for (int i = 0; i < static_cast<int>(count.from_quarters.size()); ++i) {
      const Figure& figure = count.from_quarters[i];
      const std::string field = Cat("count.from_quarters[", i, "]");
      if (!state.rules.count_mayor_wagon_count_as_two) {
        problems.push_back({field, "only with option count_mayor_wagon_count_as_two (AMB-12)"});
        break;
      }
      if ((figure.kind != FigureKind::kMayor && figure.kind != FigureKind::kWagon) ||
          std::find(state.figures.begin(), state.figures.end(), figure) == state.figures.end() ||
          std::count(count.from_quarters.begin(), count.from_quarters.end(), figure) > 1) {
        problems.push_back({field, "a mayor or wagon of the board, listed once (AMB-12)"});
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
      state.phase != Phase::kTendFlock && state.phase != Phase::kPlacePhantom &&
      !state.pending_scorings.empty()) {
    problems.push_back({"count.pending_features",
                        "features wait for their scoring only during a redeployment round "
                        "(PHASE_COUNT_REDEPLOY), a castle decision (PHASE_PLACE_CASTLE), a "
                        "flock's (PHASE_TEND_FLOCK) or the phantom's step (PHASE_PLACE_PHANTOM)"});
  }
  if (!state.rules.Has(Expansion::kCountOfCarcassonne)) return;  // (CheckCountPieces)
  const CountState& count = state.count;
  // The phases within a turn part's scoring: a barn scores in the figure
  // step (CO-31), before the flock's decision at the start of the turn's
  // scoring (HS-25; fuzz finding F9), the castle decisions, the dragon's
  // flight, the redeployment rounds and the wagons' moves.
  const bool scoring_under_way =
      state.phase == Phase::kCountRedeploy || state.phase == Phase::kWagonMove ||
      state.phase == Phase::kPlaceCastle || state.phase == Phase::kDragonMove ||
      state.phase == Phase::kTendFlock;
  if ((count.active_scored || count.others_scored || count.others_scored_on_completion) &&
      !scoring_under_way) {
    problems.push_back({"count.turn_scoring",
                        "who scored in the turn part is kept only while its scoring is under way "
                        "(PHASE_COUNT_REDEPLOY, PHASE_WAGON_MOVE, PHASE_PLACE_CASTLE, "
                        "PHASE_DRAGON_MOVE, PHASE_TEND_FLOCK)"});
  }
  if (!count.from_quarters.empty() && state.phase != Phase::kCountRedeploy &&
      state.phase != Phase::kCountFinalRedeploy) {
    problems.push_back({"count.from_quarters",
                        "mayors and wagons from Carcassonne wait for their scoring only in "
                        "PHASE_COUNT_REDEPLOY and PHASE_COUNT_FINAL_REDEPLOY (AMB-12)"});
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
        // CO-44, CO-45: the market round before a barn's field scores; it
        // comes first.
        if (i == 0 && kind == SegmentKind::kField) {
          if (!MarketRoundAllowed(state, board, board.FeatureOf(segment))) {
            problems.push_back({field,
                                "a field waits for its scoring only in the market round before "
                                "a barn's scoring (options count_market_redeploy_on_barn, "
                                "count_market_redeploy_on_farm_join; CO-44, CO-45)"});
            continue;
          }
          if (!MayRedeployFrom(state, decider, Quarter::kMarket)) {
            problems.push_back({"deciding_player",
                                "in a redeployment round the deciding player has a follower in "
                                "the matching quarter, and the Count is not there (CO-13, "
                                "CO-17)"});
          }
          continue;
        }
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
      if (decider != state.active_player || !CanDeploy(state, decider)) {
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

void CountOfCarcassonne::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                                          std::vector<Problem>& problems) const {
  // A value other than the default needs the pieces it is about.
  const bool count = rules.Has(Expansion::kCountOfCarcassonne);
  if (rules.count_mayor_wagon_count_as_two && !(count && (rules.am_mayor || rules.am_wagon))) {
    problems.push_back({Cat(prefix, "count_mayor_wagon_count_as_two"),
                        "the option needs EXPANSION_COUNT_OF_CARCASSONNE with am_mayor or "
                        "am_wagon (AMB-12)"});
  }
  if (!rules.count_market_redeploy_on_barn && !(count && rules.am_barn)) {
    problems.push_back({Cat(prefix, "count_market_redeploy_on_barn"),
                        "the option needs EXPANSION_COUNT_OF_CARCASSONNE with am_barn (AMB-08)"});
  }
  if (rules.count_market_redeploy_on_farm_join && !(count && rules.am_barn)) {
    problems.push_back({Cat(prefix, "count_market_redeploy_on_farm_join"),
                        "the option needs EXPANSION_COUNT_OF_CARCASSONNE with am_barn (AMB-08)"});
  }
}

void CountOfCarcassonne::CheckOwnPieces(const GameState& state, const Board& /*board*/,
                                        std::vector<Problem>& problems) const {
  CheckCountPieces(state, problems);
}

void CountOfCarcassonne::CheckPiecesTogether(const GameState& state, const Board& board,
                                             std::vector<Problem>& problems) const {
  CheckCountOfCarcassonne(state, board, problems);
}

}  // namespace carcassonne

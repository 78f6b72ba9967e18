// Abbey & Mayor: the wagon's move after its feature is scored (AM-12) and the
// snapshot checks of the pending moves. See abbey_and_mayor.h.
#include "engine/expansions/abbey_and_mayor.h"

#include <algorithm>
#include <string>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/rules/scoring.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

bool WagonMayGoOn(SegmentKind kind) { return FollowerKindMayStandOn(FigureKind::kWagon, kind); }

// Whether a follower stands in the feature `root`.
bool Occupied(const Board& board, const GameState& state, int root) {
  for (const Figure& figure : state.figures) {
    if (!IsFollower(figure.kind)) continue;
    const int segment = board.SegmentId(figure.segment);
    if (segment >= 0 && board.FeatureOf(segment) == root) return true;
  }
  return false;
}

// The seat distance from the active player: AM-12's order.
int TurnOrder(const GameState& state, int player) {
  const int players = static_cast<int>(state.players.size());
  return (player - state.active_player + players) % players;
}

// Drops the wagons at the front that have nowhere to go (they go back to
// their owners) and sets the decision for the next one. False when none is
// left.
bool NextWagonDecision(Game& game) {
  GameState& state = game.mutable_state();
  while (!state.wagons_to_move.empty()) {
    const Figure wagon = state.wagons_to_move.front();
    if (!WagonTargets(game.board(), state, wagon.segment).empty()) {
      state.phase = Phase::kWagonMove;
      state.deciding_player = wagon.owner;
      return true;
    }
    state.wagons_to_move.erase(state.wagons_to_move.begin());
    SupplyOf(state.players[wagon.owner], FigureKind::kWagon) += 1;
  }
  return false;
}

}  // namespace

std::vector<SegmentAddress> WagonTargets(const Board& board, const GameState& state,
                                         const SegmentAddress& from) {
  std::vector<SegmentAddress> targets;
  std::vector<Position> cells = {from.cell};
  for (Position around : Surrounding(from.cell)) cells.push_back(around);
  for (Position cell : cells) {
    const int tile_index = board.TileIndexAt(cell);
    if (tile_index < 0) continue;
    const auto& segments = board.tile(tile_index).type().segments;
    for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
      // A road stub is not occupiable (AMB-42).
      if (!WagonMayGoOn(segments[i].kind) || segments[i].road_stub) continue;
      const int segment = board.SegmentId(tile_index, i);
      const int root = board.FeatureOf(segment);
      if (IsComplete(board, root) || Occupied(board, state, root)) continue;
      targets.push_back({cell, i});
    }
  }
  return targets;
}

void AbbeyAndMayor::AfterScoring(Game& game, const ScoreEvent& event) const {
  // AM-12: only during play; at the end of the game the wagon goes back.
  if (event.trigger != ScoringTrigger::kCompleted) return;
  GameState& state = game.mutable_state();
  for (const Figure& figure : event.returned_figures) {
    if (figure.kind != FigureKind::kWagon) continue;
    SupplyOf(state.players[figure.owner], FigureKind::kWagon) -= 1;
    state.wagons_to_move.push_back(figure);
  }
}

bool AbbeyAndMayor::OpenDecisionAfterTurnScoring(Game& game) const {
  GameState& state = game.mutable_state();
  if (state.wagons_to_move.empty()) return false;
  // AM-12: several wagons move in turn order from the active player.
  std::stable_sort(state.wagons_to_move.begin(), state.wagons_to_move.end(),
                   [&](const Figure& a, const Figure& b) {
                     return TurnOrder(state, a.owner) < TurnOrder(state, b.owner);
                   });
  return NextWagonDecision(game);
}

bool AbbeyAndMayor::CheckOwnAction(const Game& game, const Action& action,
                                   std::vector<Violation>& violations) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kWagonMove) return false;
  if (std::holds_alternative<PassAction>(action)) return true;
  const auto* move = std::get_if<MoveWagonAction>(&action);
  if (move == nullptr) return false;
  const std::vector<SegmentAddress> targets =
      WagonTargets(game.board(), state, state.wagons_to_move.front().segment);
  if (std::find(targets.begin(), targets.end(), move->segment) == targets.end()) {
    violations.push_back(
        {ViolationCode::kWagonTargetNotAllowed,
         Cat("The wagon may only move onto an unfinished road, city or monastery that holds no "
             "follower, on the tile it stood on at (",
             state.wagons_to_move.front().segment.cell.x, ", ",
             state.wagons_to_move.front().segment.cell.y, ") or one of the 8 around."),
         move->segment.cell, move->segment.segment_index, "AM-12"});
  }
  return true;
}

bool AbbeyAndMayor::ApplyOwnAction(Game& game, const Action& action,
                                   std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (state.phase != Phase::kWagonMove) return false;
  const Figure wagon = state.wagons_to_move.front();
  if (const auto* move = std::get_if<MoveWagonAction>(&action)) {
    state.figures.push_back({FigureKind::kWagon, wagon.owner, move->segment});
  } else if (std::holds_alternative<PassAction>(action)) {
    SupplyOf(state.players[wagon.owner], FigureKind::kWagon) += 1;
  } else {
    return false;
  }
  state.wagons_to_move.erase(state.wagons_to_move.begin());
  if (NextWagonDecision(game)) return true;
  // Every wagon has moved or gone back: the turn goes on (the other modules'
  // decisions after the turn's scoring, then the next turn part).
  state.deciding_player = state.active_player;
  game.ContinueTurn(events);
  return true;
}

void AbbeyAndMayor::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kWagonMove || state.wagons_to_move.empty()) return;
  for (const SegmentAddress& target :
       WagonTargets(game.board(), state, state.wagons_to_move.front().segment)) {
    actions.push_back(MoveWagonAction{target});
  }
  actions.push_back(PassAction{});
}

void CheckAbbeyAndMayor(const GameState& state, const Board& board,
                        std::vector<Problem>& problems) {
  const int player_count = static_cast<int>(state.players.size());
  if ((state.phase == Phase::kWagonMove) == state.wagons_to_move.empty()) {
    problems.push_back({"wagons_to_move",
                        "wagons wait to move exactly in PHASE_WAGON_MOVE, at least one (AM-12)"});
    return;
  }
  if (state.wagons_to_move.empty()) return;
  if (!state.pending_scorings.empty()) {
    problems.push_back(
        {"pending_scorings", "wagons move once everything the tile completed is scored (AM-12)"});
  }
  for (int i = 0; i < static_cast<int>(state.wagons_to_move.size()); ++i) {
    const Figure& wagon = state.wagons_to_move[i];
    const std::string field = Cat("wagons_to_move[", i, "]");
    if (wagon.kind != FigureKind::kWagon) {
      problems.push_back({field + ".kind", "only wagons move after their feature is scored"});
    }
    if (wagon.owner < 0 || wagon.owner >= player_count) {
      problems.push_back({field + ".owner", "no such player"});
      return;
    }
    if (board.SegmentId(wagon.segment) < 0) {
      problems.push_back({field + ".segment", "no such segment on the board"});
      return;
    }
    if (i > 0 &&
        TurnOrder(state, state.wagons_to_move[i - 1].owner) > TurnOrder(state, wagon.owner)) {
      problems.push_back(
          {field + ".owner", "wagons move in turn order starting with the active player (AM-12)"});
    }
  }
  if (state.deciding_player != state.wagons_to_move.front().owner) {
    problems.push_back({"deciding_player", "the owner of the first wagon to move decides (AM-12)"});
  }
  if (WagonTargets(board, state, state.wagons_to_move.front().segment).empty()) {
    problems.push_back({"wagons_to_move[0]",
                        "this wagon has nowhere to go, so it went back without a decision "
                        "(AM-12)"});
  }
}

}  // namespace carcassonne

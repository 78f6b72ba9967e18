// The fairy of The Princess & the Dragon (PD-15..PD-19; princess_and_dragon.h):
// whom it stands with, where it may move, its point at the start of its
// owner's turn and its bonus when their feature scores, with option
// pd.fairy_placement (next_to_meeple, on_tile). Its move and its snapshot
// check are judged in princess_and_dragon.cc with the module's other actions.
#include <algorithm>
#include <vector>

#include "engine/expansions/princess_and_dragon.h"
#include "engine/figures.h"
#include "engine/game.h"

namespace carcassonne {
namespace {

// PD-17: the follower of `player` the fairy is with: the one it stands next
// to; with pd.fairy_placement = on_tile, the first of theirs on its tile.
const Figure* FairyWith(const GameState& state, int player) {
  if (!state.fairy) return nullptr;
  if (!FairyOnTile(state)) {
    const Figure* follower = FairyFollower(state);
    return follower != nullptr && follower->owner == player ? follower : nullptr;
  }
  for (const Figure& figure : state.figures) {
    if (IsFollower(figure.kind) && figure.owner == player && figure.segment.cell == *state.fairy) {
      return &figure;
    }
  }
  return nullptr;
}

}  // namespace

// PD-15: the follower the fairy stands next to, while it is on the board.
const Figure* FairyFollower(const GameState& state) {
  if (!state.fairy_follower) return nullptr;
  auto it = std::find(state.figures.begin(), state.figures.end(), *state.fairy_follower);
  return it == state.figures.end() ? nullptr : &*it;
}

// PD-19: once its follower left the board, the fairy stays on its tile,
// attached to nobody.
void LeaveFairyAlone(GameState& state) {
  if (state.fairy_follower && FairyFollower(state) == nullptr) state.fairy_follower.reset();
}

bool FairyOnTile(const GameState& state) {
  return state.rules.pd_fairy_placement == FairyPlacement::kOnTile;
}

// PD-15: the followers of `player` the fairy may move next to (not the one
// it stands by already); with pd.fairy_placement = on_tile, those on another
// tile than the fairy's (each names its tile).
std::vector<Figure> FairyTargets(const GameState& state, int player) {
  std::vector<Figure> targets;
  for (const Figure& figure : state.figures) {
    if (!IsFollower(figure.kind) || figure.owner != player) continue;
    if (FairyOnTile(state)) {
      if (state.fairy && figure.segment.cell == *state.fairy) continue;
    } else if (state.fairy_follower && *state.fairy_follower == figure) {
      continue;
    }
    targets.push_back(figure);
  }
  return targets;
}

void PrincessAndDragon::ModifyScore(const Game& game, int /*feature*/, ScoreEvent& event) const {
  // PD-18: the fairy's follower's feature scores: its owner gets 3 points,
  // even without the majority; also in the final scoring (engine practice).
  if (event.trigger == ScoringTrigger::kLostChallenge) return;
  const GameState& state = game.state();
  if (FairyOnTile(state)) {
    // pd.fairy_placement = on_tile: each owner of a follower of the feature
    // on the fairy's tile, once.
    if (!state.fairy) return;
    std::vector<int> owners;
    for (const Figure& figure : state.figures) {
      if (!IsFollower(figure.kind) || !(figure.segment.cell == *state.fairy)) continue;
      if (std::find(event.segments.begin(), event.segments.end(), figure.segment) ==
          event.segments.end()) {
        continue;
      }
      if (std::find(owners.begin(), owners.end(), figure.owner) != owners.end()) continue;
      owners.push_back(figure.owner);
      event.line_items.push_back({"fairy", 1, 3, 3, "PD-18", figure.owner});
    }
    return;
  }
  const Figure* follower = FairyFollower(state);
  if (follower == nullptr) return;
  if (std::find(event.segments.begin(), event.segments.end(), follower->segment) ==
      event.segments.end()) {
    return;
  }
  event.line_items.push_back({"fairy", 1, 3, 3, "PD-18", follower->owner});
}

void PrincessAndDragon::AtStartOfTurn(Game& game, std::vector<ScoreEvent>& events) const {
  // PD-17: the player whose turn begins scores 1 if the fairy is with one of
  // their followers (on_tile: on the tile of one of them), once.
  GameState& state = game.mutable_state();
  const int player = state.active_player;
  const Figure* follower = FairyWith(state, player);
  if (follower == nullptr) return;
  ScoreEvent event;
  event.feature_kind = FeatureKind::kFairy;
  event.trigger = ScoringTrigger::kStartOfTurn;
  event.tiles = {*state.fairy};
  event.segments = {follower->segment};
  event.majority_players = {player};
  event.line_items.push_back({"fairy at the start of the turn", 1, 1, 1, "PD-17"});
  event.SettlePoints();
  event.AddToScores(state.players);
  events.push_back(std::move(event));
}

}  // namespace carcassonne

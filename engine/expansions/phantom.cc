// The Phantom: the phantom's step after the figure step (phantom.h).
#include "engine/expansions/phantom.h"

#include <algorithm>
#include <variant>

#include "engine/board.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/rules/follower_placement.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// Whether `action` places the phantom (on a feature or on a tower's top).
bool PlacesPhantom(const Action& action) {
  if (const auto* place = std::get_if<PlaceFigureAction>(&action)) {
    return place->kind == FigureKind::kPhantom;
  }
  if (const auto* top = std::get_if<PlaceOnTowerAction>(&action)) {
    return top->kind == FigureKind::kPhantom;
  }
  return false;
}

// The other modules of the game (the phantom's placement is judged by their
// conditions on a follower's: the dragon's tile, the river's lake; its tower
// top by the Tower).
std::vector<const ExpansionModule*> Others(const Game& game, const ExpansionModule* self) {
  std::vector<const ExpansionModule*> others = ModulesFor(game.state().rules);
  std::erase(others, self);
  return others;
}

// PH-02, PH-03, PH-06: the phantom on `segment`, a follower's rules; the
// violations found.
std::vector<Violation> CheckOnFeature(const Game& game, const ExpansionModule* self,
                                      const PlaceFigureAction& place) {
  const GameState& state = game.state();
  const Board& board = game.board();
  std::vector<Violation> violations =
      CheckFollowerPlacement(board, state, state.deciding_player, board.tile_count() - 1,
                             FigureKind::kPhantom, place.segment);
  for (Violation& violation : violations) {
    // PH-03: the figure step's follower made its feature occupied.
    if (violation.code == ViolationCode::kFeatureOccupied && violation.rule_id == "BG-04") {
      violation.rule_id = "PH-03";
      violation.message += " The phantom goes on another feature than the figure step's (PH-03).";
    }
  }
  for (const ExpansionModule* module : Others(game, self)) {
    module->CheckFigurePlacement(game, place, violations);
  }
  return violations;
}

}  // namespace

void Phantom::CheckPiecesTogether(const GameState& state, const Board& board,
                                  std::vector<Problem>& problems) const {
  if (state.phase != Phase::kPlacePhantom) return;
  if (!state.rules.Has(Expansion::kPhantom)) {
    problems.push_back({"phase", "the phantom's step is a step of The Phantom (PH-07)"});
    return;
  }
  // (The core checks that the active player decides.)
  if (SupplyOf(state.players[state.active_player], FigureKind::kPhantom) <= 0) {
    problems.push_back({"phase",
                        "the phantom's step opens only for a player with the phantom in supply "
                        "(PH-07)"});
    return;
  }
  // AMB-40, PH-07: nothing of the turn is scored yet; the features waiting
  // (when the snapshot names them, GameState.scoring_order) are exactly
  // those the last tile completed, each once.
  if (state.pending_scorings.empty()) return;
  std::vector<int> expected;
  for (const SegmentAddress& address : FeaturesCompletedByLastTile(board)) {
    expected.push_back(board.FeatureOf(board.SegmentId(address)));
  }
  std::vector<int> named;
  for (const SegmentAddress& address : state.pending_scorings) {
    const int root = board.FeatureOf(board.SegmentId(address));
    if (std::find(expected.begin(), expected.end(), root) == expected.end() ||
        std::find(named.begin(), named.end(), root) != named.end()) {
      break;
    }
    named.push_back(root);
  }
  if (named.size() != state.pending_scorings.size() || named.size() != expected.size()) {
    problems.push_back({"scoring_order",
                        "the features waiting for their scoring in PHASE_PLACE_PHANTOM are those "
                        "the last tile completed, each once, or none (AMB-40)"});
  }
}

void Phantom::CheckFigureStepChoice(const Game& game, const Action& action,
                                    std::vector<Violation>& violations) const {
  if (game.state().phase != Phase::kPlaceFigure || !PlacesPhantom(action)) return;
  violations.push_back({ViolationCode::kFigureNotAllowed,
                        "The phantom is placed in a step of its own, after the figure step "
                        "(PH-07).",
                        {},
                        std::nullopt,
                        "PH-07"});
}

bool Phantom::BeginTurnScoring(Game& game, std::vector<ScoreEvent>& /*events*/) const {
  GameState& state = game.mutable_state();
  if (game.DecliningDecisions() || state.phase != Phase::kPlaceFigure) return false;
  // PH-10: the princess's removal forbids every other figure this turn.
  const Action* ended_by = game.ActionBeingApplied();
  if (ended_by != nullptr && std::holds_alternative<RemoveKnightAction>(*ended_by)) return false;
  if (SupplyOf(state.players[state.active_player], FigureKind::kPhantom) <= 0) return false;
  // The step opens when the phantom has somewhere to go (else its only
  // choice would be the pass).
  state.phase = Phase::kPlacePhantom;
  state.deciding_player = state.active_player;
  std::vector<Action> choices;
  ListOwnActions(game, choices);
  if (choices.size() > 1) return true;
  state.phase = Phase::kPlaceFigure;
  return false;
}

void Phantom::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kPlacePhantom) return;
  const Board& board = game.board();
  const int placed = board.tile_count() - 1;
  const Position cell = board.tile(placed).cell();
  const int segments = static_cast<int>(board.tile(placed).type().segments.size());
  // PH-02, PH-06: each unoccupied feature of the tile just placed.
  for (int segment = 0; segment < segments; ++segment) {
    const PlaceFigureAction place{FigureKind::kPhantom, {cell, segment}};
    if (CheckOnFeature(game, this, place).empty()) actions.push_back(place);
  }
  // PH-08: a tower's top, as the Tower lists it.
  std::vector<Action> tops;
  for (const ExpansionModule* module : Others(game, this)) {
    module->ListOwnFigurePlacements(game, tops);
  }
  for (const Action& top : tops) {
    if (std::holds_alternative<PlaceOnTowerAction>(top) && PlacesPhantom(top)) {
      actions.push_back(top);
    }
  }
  actions.push_back(PassAction{});  // PH-04
}

bool Phantom::CheckOwnAction(const Game& game, const Action& action,
                             std::vector<Violation>& violations) const {
  if (game.state().phase != Phase::kPlacePhantom) return false;
  if (std::holds_alternative<PassAction>(action)) return true;  // PH-04
  const bool place = std::holds_alternative<PlaceFigureAction>(action);
  const bool top = std::holds_alternative<PlaceOnTowerAction>(action);
  if (!place && !top) return false;
  if (!PlacesPhantom(action)) {
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          "In the phantom's step only the phantom is placed (PH-07).",
                          {},
                          std::nullopt,
                          "PH-07"});
    return true;
  }
  if (place) {
    for (Violation& violation : CheckOnFeature(game, this, std::get<PlaceFigureAction>(action))) {
      violations.push_back(std::move(violation));
    }
    return true;
  }
  // PH-08: the Tower judges a top.
  for (const ExpansionModule* module : Others(game, this)) {
    if (module->CheckOwnAction(game, action, violations)) return true;
  }
  violations.push_back({ViolationCode::kFigureNotAllowed,
                        "There is no tower in a game with these rules.",
                        {},
                        std::nullopt,
                        "TW-01"});
  return true;
}

bool Phantom::ApplyOwnAction(Game& game, const Action& action,
                             std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (state.phase != Phase::kPlacePhantom) return false;
  if (const auto* place = std::get_if<PlaceFigureAction>(&action)) {
    state.figures.push_back({FigureKind::kPhantom, state.active_player, place->segment});
    SupplyOf(state.players[state.active_player], FigureKind::kPhantom) -= 1;
  } else if (std::holds_alternative<PlaceOnTowerAction>(action)) {
    for (const ExpansionModule* module : Others(game, this)) {
      if (module->ApplyOwnAction(game, action, events)) break;
    }
  }
  // PH-07: the turn's scoring goes on where the step interrupted it.
  state.phase = Phase::kPlaceFigure;
  state.deciding_player = state.active_player;
  game.ContinueBeforeTurnScoring(this, events);
  return true;
}

}  // namespace carcassonne

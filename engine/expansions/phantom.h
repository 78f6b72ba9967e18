// The Phantom (shared/rules/expansions/phantom.md, PH-xx): one more follower
// per player (FigureKind::kPhantom, Player.phantoms, PH-01), placed in a
// step of its own after the figure step (Phase::kPlacePhantom, PH-07).
//
// Built in the core, where the figure lives: the phantom is a follower of
// strength 1 (figures.h: IsFollower, MajorityStrength, PH-05, PH-11): it
// occupies its feature, counts exactly as one follower in a majority and
// goes back to its owner's supply when its feature scores; so the dragon
// eats it (PD-11), the Tower captures it and it is ransomed like a follower,
// the big top counts it as a meeple, and it is never a big follower, a
// builder or a mayor (PH-11). The Count's deployment into Carcassonne lists
// its own kinds and never the phantom (the phantom is not the CO-05
// follower, [inferred]).
//
// This module:
// - PH-07: once the figure step is over (a figure placed, a pass, a tower
//   floor and its capture, a barn, the shepherd, the abbot's retreat), before
//   anything of the turn is scored (BeginTurnScoring, first of the modules:
//   before the shepherd's decision, HS-25, the dragon's flight, PD-09, and
//   the castle offers, BC-10), the active player with the phantom in supply
//   places it or passes. The step opens only when the phantom has somewhere
//   to go. The features the tile completed wait in
//   GameState.pending_scorings, in the order chosen with the figure step's
//   action (AMB-40).
// - PH-02, PH-03, PH-06: the phantom goes on an unoccupied road, city,
//   monastery or field of the tile just placed, as a follower would (a
//   feature the figure step's follower occupies is occupied for it,
//   PH-03), with the other modules' conditions on a follower placement
//   (the dragon's tile, PD-05; the river's lake, RV-10).
// - PH-08: or on top of a tower that takes one (the Tower judges it, even
//   when the figure step's choice was a floor); never a floor.
// - PH-04: the phantom alone (the figure step passed) is allowed; its step
//   may always be passed.
// - PH-07: the phantom is never placed in the figure step itself (it is
//   refused there and not listed).
// - PH-10: after the princess removed a knight, no phantom step.
//
// Not built (rule_options.cc, known gaps): the phantom through the magic
// portal (PH-10 lets one of the two figures use it: the snapshot does not
// record which used it, so the phantom is refused off the tile just
// placed); the Flying Machines (PH-09, not in this build); the phantom
// before the normal figure (PH-Q2: the order is fixed, normal then
// phantom, as JCloisterZone plays it); the phantom as an abbot (PH-Q1: it
// is placed as a follower only).
#pragma once

#include <string_view>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Phantom : public ExpansionModule {
 public:
  // Phase::kPlacePhantom: the game has the Phantom and the active player the
  // phantom in supply (PH-07).
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  // PH-07: not in the figure step.
  void CheckFigureStepChoice(const Game& game, const Action& action,
                             std::vector<Violation>& violations) const override;
  // PH-07: the phantom's step, after the figure step, before any scoring.
  bool BeginTurnScoring(Game& game, std::vector<ScoreEvent>& events) const override;
  // PH-02..PH-04, PH-06, PH-08.
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
};

}  // namespace carcassonne

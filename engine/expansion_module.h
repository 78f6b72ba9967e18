// The hook points where an expansion plugs into the turn (architecture.md):
// after tile placement, figure placement options, before scoring, scoring
// modifiers, end of game. Each expansion is one module under engine/expansions/
// that overrides the hooks it needs; the core calls every module of the rule set
// at each step instead of testing for expansions itself.
#pragma once

#include <vector>

#include "engine/action.h"
#include "engine/score_event.h"
#include "engine/verdict.h"

namespace carcassonne {

class Game;

class ExpansionModule {
 public:
  virtual ~ExpansionModule() = default;

  // Extra conditions on a tile placement (e.g. the River's course).
  virtual void CheckTilePlacement(const Game& /*game*/, const PlaceTileAction& /*action*/,
                                  std::vector<Violation>& /*violations*/) const {}
  // After a tile is laid (BG-01 step 1), before any figure is placed.
  virtual void AfterTilePlaced(Game& /*game*/) const {}
  // Extra conditions on a figure placement, or figure kinds of its own.
  virtual void CheckFigurePlacement(const Game& /*game*/, const PlaceFigureAction& /*action*/,
                                    std::vector<Violation>& /*violations*/) const {}
  // Before a feature is scored (e.g. the Count's redeployment round).
  virtual void BeforeScoring(Game& /*game*/, int /*feature*/) const {}
  // Changes or adds line items to a scoring event (inns, cathedrals, the mage).
  virtual void ModifyScore(const Game& /*game*/, int /*feature*/, ScoreEvent& /*event*/) const {}
  // After the features of the end of game are scored (the King, goods, ...).
  virtual void AtEndOfGame(Game& /*game*/, std::vector<ScoreEvent>& /*events*/) const {}
};

// The modules of the expansions in `rules`, in a fixed order. The base game
// alone has none.
std::vector<const ExpansionModule*> ModulesFor(const RuleSet& rules);

}  // namespace carcassonne

// Siege: The Cathars, Siege (Rio Grande) and The Besiegers
// (shared/rules/expansions/siege.md, SI-xx): city segments with a siege
// symbol (catalogue set "siege", SegmentType::besieged).
//
// Two hook sets of one expansion, registered at two places of the modules'
// order (modules.cc): the values after Inns & Cathedrals and before the mage
// and the witch (JCloisterZone: the siege first, then the mage, then the
// witch); the escape last, after Abbey & Mayor's wagons and the Count's
// deployment (SI-14: when the player has nothing more to do).
//
// SiegeScoring (ModifyScore):
// - SI-02: a city with at least one besieged segment is besieged, all of it.
// - SI-03, SI-04: completed, it scores 1 less per tile and per coat of arms
//   (1 and 1 instead of 2 and 2); SI-05: with a cathedral 2 instead of 3;
//   SI-07: never below 0 (the first edition's two-tile city: 0). Each value
//   line gets a line of its own that takes the siege off ("besieged: 5 tiles
//   × -1"), so the breakdown still adds up.
// - SI-06: unfinished at the end, it scores nothing.
// - SI-08, SI-09: at the end, a field counts each completed besieged city it
//   borders twice (3 more, line SI-08); a farmer with the pig 1 more again
//   (8 in all, option siege.pig_besieged_value = double) or not (7,
//   plus_one, JCloisterZone). A castle is no city (BC-11): never besieged.
//
// SiegeEscape (a decision after the turn part's scoring, Phase::kSiegeEscape):
// - SI-10, SI-12: the active player may take one of their followers (a
//   follower, big follower, mayor or wagon) standing in an unfinished
//   besieged city back to the supply, with no points, when a monastery (a
//   shrine too) lies on one of the 8 cells around a tile of that city with
//   a siege symbol (SI-11, option siege.escape_adjacency = any_city_tile:
//   around any tile of the city). A builder of theirs left alone in the city
//   goes back too (TB-15).
// - SI-13: one follower per turn part (a builder's double turn has two).
// - SI-14: after the scoring and every other decision of the turn part; the
//   decision is offered only when a follower can escape.
//
// Not built (rule_options.cc, known gaps): the barn with Siege (SI-09's barn
// values, open SI-Q1: rejected as malformed), the abbey (SI-12), the open
// questions SI-Q2 and SI-Q3, and the [inferred] items.
#pragma once

#include <string_view>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Board;

class SiegeScoring : public ExpansionModule {
 public:
  // SI-03..SI-09.
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
};

class SiegeEscape : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  // SI-10..SI-14.
  bool OpenDecisionAfterTurnScoring(Game& game) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
};

// SI-02: whether the city `feature` holds a besieged segment.
bool IsBesieged(const Board& board, int feature);

// CheckRules' part for Siege: the barn with Siege is not built (SI-Q1).
void CheckSiegeRules(const RuleSet& rules, std::string_view prefix, std::vector<Problem>& problems);

// CheckSnapshot's part for Siege: a pending escape needs the expansion and a
// follower of the active player who may escape now.
void CheckSiege(const GameState& state, const Board& board, std::vector<Problem>& problems);

}  // namespace carcassonne

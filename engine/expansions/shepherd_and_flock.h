// Hills & Sheep: the shepherd and the flock (shared/rules/expansions/
// hills-sheep.md, HS-13..HS-26). Each player has one shepherd (a Figure of
// kind kShepherd, HS-01); its flock is GameState.flocks, the cloth bag of
// tokens GameState.sheep_bag (tracked or not). Chance is the caller's: every
// token drawn arrives in the action that draws it (HS-24).
//
// - HS-13 (PlaceShepherdAction): instead of a follower, on a field segment of
//   the tile just placed whose field holds no shepherd (farmers may be
//   there; and a farmer may join a shepherd's field later).
// - HS-14: its token is drawn at once: a sheep starts the flock; a wolf goes
//   back into the bag and the shepherd back to the supply.
// - HS-15: the shepherd is no follower: no strength, no field score, never
//   stops a farmer or a barn; its flock goes with it (OnFigureReturned: the
//   tokens go back into the bag whenever the shepherd leaves the board).
// - HS-16, HS-19: when the active player's tile extends the field of their
//   own shepherd placed in an earlier turn, after the figure step they must
//   grow the flock or drive it (Phase::kTendFlock); nobody else's tile does
//   anything to it (but HS-20).
// - HS-17 (GrowFlockAction): a sheep joins the flock; a wolf scatters every
//   flock of the field: the shepherds go back, the tokens and the wolf into
//   the bag, no score (an event with trigger kWolf and no points).
// - HS-18 (DriveFlockAction): every player with a shepherd in the field
//   scores the sheep of all the field's flocks, once; shepherds go back,
//   tokens into the bag.
// - HS-20, HS-22: a field with no side left open (every field half-edge of
//   its tiles faces a tile; an abbey is a tile) is driven at once, whoever
//   placed the tile, also when the shepherd was just placed in it.
// - HS-21 (option hs.grow_before_closed_scoring, default on): the active
//   player who closed their own shepherd's field may first grow it once;
//   with the option off the closed field is driven at once.
// - HS-23: flocks at the end score nothing (the shepherds go back with the
//   other figures, the tokens into the bag).
// - HS-25: the order: figure step, shepherd's draw (in its action), the
//   grow-or-drive decision, the closed fields' drive, then the dragon's
//   flight before the scoring (PD-09), the castle offers and the features.
// - HS-26: flock points are no landscape feature's: they never count for
//   the Count's deployment (their events never reach the turn's score
//   bookkeeping, ExpansionModule::OnTurnScoreEvent).
// - Princess & Dragon: no shepherd on the dragon's tile nor on a volcano
//   just placed (PD-05, PD-06); the dragon eats a shepherd like any figure
//   (PD-11) and its tokens go back into the bag (engine practice, JCZ).
//
// Not built (rule_options.cc, known gaps): the shepherd with the magic
// portal, the fairy and the tower (HS-Q6: the shepherd goes only onto the
// tile just placed, the fairy only next to followers), flock points and the
// Count (HS-Q5: HS-26's reading is built), JCZ's two-shepherd setting.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

// HS-01: the tokens of the set, per kind (SheepToken): 4 with one sheep, 5
// with two, 5 with three, 2 with four, and 2 wolves.
inline constexpr std::array<int, kSheepTokenKinds> kSheepTokensInSet = {4, 5, 5, 2, 2};

// The sheep on a token (0 for the wolf).
int SheepOn(SheepToken token);

// HS-20: whether no tile can extend the field any more: no field half-edge
// of its segments faces an empty cell.
bool FieldClosed(const Board& board, int feature);

// Whether `token` can be the token drawn now (HS-14, HS-17, HS-24): in the
// tracked bag; without one, not every token of its kind of the set lies in a
// flock (a wolf never stays on the board).
bool TokenDrawable(const GameState& state, SheepToken token);

class ShepherdAndFlock : public ExpansionModule {
 public:
  // HS-02: the tokens go into the bag.
  void SetUpGame(GameState& state) const override;
  // HS-13, HS-14 (the shepherd with its token), HS-16..HS-18 (the decision).
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
  // HS-16, HS-20, HS-21, HS-22, HS-25.
  bool BeginTurnScoring(Game& game, std::vector<ScoreEvent>& events) const override;
  // HS-15: the flock goes with its shepherd.
  void OnFigureReturned(Game& game, const Figure& figure) const override;
  // The snapshot check: the option only with the expansion; flocks, tokens
  // and the bag within the set (HS-01); one flock per shepherd on the board
  // and none without; Phase::kTendFlock only when a decision is due (HS-16).
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
};

}  // namespace carcassonne

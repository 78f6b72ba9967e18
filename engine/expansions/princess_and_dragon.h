// The Princess & the Dragon, second edition (shared/rules/expansions/
// princess-dragon.md, PD-01..PD-23; Part B, Dragon & Fairy C3.1, is another
// module and not built). Its 30 tiles are catalogue set "pd"; the dragon is
// GameState.dragon, its flight in progress GameState.dragon_flight.
//
// - PD-01, PD-02: the tiles; the dragon starts beside the board.
// - PD-04, RV-10: a volcano (a pd volcano tile or the River II volcano lake)
//   brings the dragon onto its tile (AfterTilePlaced).
// - PD-05, PD-06: no figure (follower, builder, pig, ...) is placed on the
//   tile where the dragon stands, so none on a volcano just placed; a barn on
//   its corner stays allowed (PD-05: a barn is no figure on the tile).
// - PD-07: a volcano gives no extra tile (nothing to do; RV-10's lake does).
// - PD-08: a dragon tile drawn before the dragon is in play is set aside and
//   another drawn: it is not a drawable tile (VIOLATION dragon not in play).
// - PD-09, PD-10: after the figure step of a dragon tile (option
//   pd.dragon_move_time after_meeple, the default) or after the turn's
//   scoring (after_scoring), the dragon flies up to 6 single steps,
//   Phase::kDragonMove: the placer decides the first, each next player in
//   turn the next (MoveDragonAction), onto a tile beside it (not diagonal)
//   that it has not visited in this flight. A flight with no step left ends
//   early; one with none at all never opens.
// - PD-11: every figure on an entered tile goes back to its owner: followers
//   of every kind (big follower, mayor, wagon, farmers), builders and pigs.
//   Barns stand on corners and are never eaten.
// - PD-12: a follower on a Bridges, Castles & Bazaars castle (its lord) is
//   not eaten; a meeple on top of a tower is, and the tower stays
//   (JCloisterZone; open question PD-Q1).
// - PD-13: the dragon stays where it stopped.
// - PD-14, TB-15, TB-22: a builder or pig left without a follower of its
//   owner in its feature goes back at once.
// - PD-20: on a magic-portal tile the follower may go onto any segment of
//   any tile instead, of a feature not completed and not occupied (BG-04),
//   never onto the dragon's tile (PD-06).
// - PD-21, PD-22: on a tile whose princess segment's city holds followers,
//   the player may send one of them (any player's) home instead of placing
//   a figure (RemoveKnightAction); the turn's figure step is then over.
//
// - The Count (CO-15, CO-24, CO-49..CO-51, AMB-09): with option
//   count.dragon_enters_city_tiles (the default) the dragon flies onto the 12
//   city tiles like any tile and eats the followers on their outer features;
//   the Count and the quarters are off the board and never eaten. With the
//   option off it never enters them. CO-33, CO-53: the portal reaches the
//   outer features of the city tiles (segments of the board) and never the
//   quarters (no segments).
//
// - PD-15: instead of a figure, the placer may move the fairy next to one of
//   their followers anywhere (MoveFairyAction; GameState.fairy and
//   fairy_follower); option pd.fairy_placement = on_tile (C1): onto the tile
//   of one of them, where it stays with the tile (no fairy_follower).
//   PD-16: the dragon never enters the fairy's tile. PD-17: at the start of
//   a player's turn (AtStartOfTurn, with the turn's first tile), 1 point if
//   the fairy is with one of their followers (on_tile: on the tile of one
//   of them). PD-18: when the
//   follower's feature scores (in play and at the end, engine practice), its
//   owner gets 3 points, even without the majority (a line item of the
//   owner's own; on_tile: each owner of a follower of the feature on the
//   fairy's tile, once). PD-19: when that follower leaves the board, the
//   fairy stays on its tile, attached to nobody.
// - PD-23: option pd.princess = must: while the princess's city holds a
//   knight, removing one is the only figure step (CheckFigureStepChoice).
//
// Not built (rule_options.cc, known gaps): the magic figures under the
// dragon (no ruling: never eaten, PD-11), a figure on a tower (PD-Q1),
// Dragon & Fairy (C3.1); the fairy's point in the final abbey round (AM-07:
// the rules are silent; none).
#pragma once

#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

struct Problem;
class Board;

class PrincessAndDragon : public ExpansionModule {
 public:
  // PD-08.
  void CheckTileDrawn(const Game& game, const TileType& tile,
                      std::vector<Violation>& violations) const override;
  // PD-04, RV-10.
  void AfterTilePlaced(Game& game) const override;
  // PD-05.
  bool ForbidsFiguresOn(const TileType& tile) const override;
  // PD-05, PD-06, PD-20.
  bool PlacesFollowerAnywhere(const Game& game) const override;
  void CheckFigurePlacement(const Game& game, const PlaceFigureAction& action,
                            std::vector<Violation>& violations) const override;
  // PD-06 (filters), PD-20 (portal targets), PD-21 (the princess).
  void ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const override;
  // PD-21 (RemoveKnightAction), PD-10 (MoveDragonAction).
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
  // PD-09: the flight before the scoring (after_meeple; after_scoring:
  // DragonFlightAfterScoring).
  bool OpenDecisionBeforeTurnScoring(Game& game) const override;
  // PD-18 (the fairy's 3 points), PD-19 (its follower went back).
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
  void AfterScoring(Game& game, const ScoreEvent& event) const override;
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
  // PD-17: the fairy's point at the start of its owner's turn.
  void AtStartOfTurn(Game& game, std::vector<ScoreEvent>& events) const override;
  // PD-23: option pd.princess = must (the tile phase's listing, the step).
  bool ForbidsFiguresIfPlaced(const Game& game, const TileType& tile, Position cell,
                              Rotation rotation) const override;
  void CheckFigureStepChoice(const Game& game, const Action& action,
                             std::vector<Violation>& violations) const override;
  // CheckSnapshot (on every module of the build): each option only with its
  // expansions; the dragon only with the expansion, on a tile of the board,
  // in play once a dragon tile is on the board (PD-08) and only after a
  // volcano (PD-04); a flight only in Phase::kDragonMove, made of distinct
  // neighbouring tiles, at most 6 steps, after a dragon tile, decided by the
  // player whose step it is (PD-10).
  void CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                        std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
};

// PD-09 with pd.dragon_move_time = after_scoring: the flight comes once the
// decisions that follow the turn's scoring are taken (the wagons' moves,
// AM-12; the Count's deployment, CO-05, whose bookkeeping of the turn's
// scoring ends with it), before the Siege's escape (SI-14: the last). A
// module of its own for its place in the order (modules.cc); its steps are
// judged and applied by PrincessAndDragon.
class DragonFlightAfterScoring : public ExpansionModule {
 public:
  bool OpenDecisionAfterTurnScoring(Game& game) const override;
};

// Whether the dragon flies before the turn's scoring (Phase::kDragonMove with
// pd.dragon_move_time = after_meeple): what the tile completed is not scored
// yet, as in the figure step (the other modules' snapshot checks).
bool DragonFliesBeforeScoring(const GameState& state);

// The cells the dragon may enter in the next step of its flight (PD-10), in
// the order N, E, S, W; empty when the flight is stuck.
std::vector<Position> DragonSteps(const GameState& state, const Board& board);

// The fairy (princess_and_dragon_fairy.cc).
// Whether the fairy stays with its tile (option pd.fairy_placement =
// on_tile, PD-15) rather than with a follower.
bool FairyOnTile(const GameState& state);
// PD-15: the follower the fairy stands next to, while it is on the board.
const Figure* FairyFollower(const GameState& state);
// PD-19: once its follower left the board, the fairy stays on its tile,
// attached to nobody.
void LeaveFairyAlone(GameState& state);
// PD-15: the followers of `player` the fairy may move next to (not the one
// it stands by already); with on_tile, those on another tile than the
// fairy's (each names its tile).
std::vector<Figure> FairyTargets(const GameState& state, int player);

}  // namespace carcassonne

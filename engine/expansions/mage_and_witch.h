// Mage & Witch (shared/rules/mage-witch.md, MW-xx; resolutions AMB-18..23,
// AMB-43, AMB-44): two neutral magic figures, GameState.mage and .witch. Its 8
// tiles (catalogue set "mw") show the magic symbol (TileType::magic_symbol).
//
// The turn: after the tile (BG-01 step 1) and before the follower (step 2),
// Phase::kPlaceMagicFigure holds up to two decisions, GameState.magic_step
// saying which is pending, so that a client never has to work out features:
// - kSeparate (MW-09, AMB-20): the tile, magic or not, joined the features of
//   the mage and the witch. One of them moves away at once. It comes first,
//   before the magic tile's own step, as the rule says "at once".
// - kMagicTile (MW-04, AMB-18, AMB-19): the tile shows the magic symbol: the
//   player places a set-aside figure or moves one from the board, either one.
//   Skipped when both are set aside and no legal target exists (nothing can
//   be placed and nothing set aside).
// A target (MoveMagicFigureAction) is a road or city segment of an unfinished
// feature anywhere on the board (MW-05, MW-07), never one just completed by
// the tile (AMB-44), never the feature of the other figure (MW-05), and for a
// figure on the board never its own feature: a move goes somewhere else
// (MW-06; otherwise a move "in place" would void MW-08). Only when no figure
// has a target is one on the board set aside (SetAsideMagicFigureAction,
// MW-08, AMB-43). Both figures then have the same targets (every unfinished
// road and city except the features of the figures on the board), so the
// set-aside is legal for either or for neither.
//
// Scoring (ModifyScore; the module comes after Inns & Cathedrals, so after the
// inn and cathedral rates, MW-14, AMB-23): the mage adds "+1 × n tiles" (MW-12;
// nothing for coats of arms, MW-18); the witch halves the total so far,
// rounding up (MW-13), as one negative line. Once per feature, so every
// majority player gets the changed total. At the end of the game the same on
// unfinished features (MW-16, MW-17). A figure whose feature is completed is
// set aside, even when nobody scores it (MW-15, AMB-21, AMB-22); at the end of
// the game both are set aside with the other figures.
#pragma once

#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

class Board;

class MageAndWitch : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  // MW-04, MW-09: opens the magic-figure phase when a decision is pending.
  void AfterTilePlaced(Game& game) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
  // MW-12, MW-13, MW-14, MW-16..18.
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
  // MW-15, AMB-21.
  void AfterFeatureCompleted(Game& game, int feature,
                             std::vector<ScoreEvent>& events) const override;
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
};

// CheckSnapshot's parts for the magic figures and the magic step (its stages,
// referee.h), on the board built from `state` (fields relative to the
// snapshot, e.g. "magic_figures.mage"). Each piece on its own: only with the
// expansion; each magic figure on a road or city segment of the board
// (MW-05); a known magic step.
void CheckMagicFigurePieces(const GameState& state, const Board& board,
                            std::vector<Problem>& problems);
// The pieces together (only when every piece of the snapshot passed): no
// magic figure on a completed feature (MW-15), the two apart (MW-05), the
// pending magic step consistent (MW-04, MW-08, MW-09).
void CheckMagicFigures(const GameState& state, const Board& board, std::vector<Problem>& problems);

}  // namespace carcassonne

// A game in progress: the snapshot plus the board built from it, and the turn
// state machine (BG-01): place a tile, optionally place a follower on it, score
// what the tile completed, pass to the next player; at the end, score what is
// left (BG-20..22). Rules are the State/ApplyAction pair of OpenSpiel's games.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/board.h"
#include "engine/expansion_module.h"
#include "engine/rules/tile_placement.h"
#include "engine/score_event.h"
#include "engine/verdict.h"

namespace carcassonne {

struct LegalPlacement {
  Position cell;
  Rotation rotation;
  SegmentIndexes follower_segments;  // segment indexes of the tile
  // The tile so placed: the drawn tile, or the deciding player's abbey
  // (AM-03).
  const TileType* tile = nullptr;
  // Bridges, Castles & Bazaars (BC-03, BC-05): the bridge placed with it,
  // and the tile's type on the board when the bridge is on it (BC-07).
  std::optional<BridgePlacement> bridge = std::nullopt;
  const TileType* type_on_board = nullptr;
};

// A decision that the end of the game opens before its final scoring (the
// Count's final redeployment, CO-46): its phase, the seat asked, its rule.
struct EndOfGameDecision {
  Phase phase = Phase::kGameOver;
  int seat = 0;
  std::string_view rule_id;
  friend bool operator==(const EndOfGameDecision&, const EndOfGameDecision&) = default;
};

struct LegalActions {
  std::vector<Action> actions;             // every legal action of the pending decision
  std::vector<LegalPlacement> placements;  // tile phase: each placement with follower options
};

// The features the tile placed last on `board` completed, in the canonical
// scoring order (AMB-40: cities, then roads, then monasteries; within a kind by
// the feature's first segment in board order), each named by its first segment.
std::vector<SegmentAddress> FeaturesCompletedByLastTile(const Board& board);

class Game {
 public:
  // Builds the board from `state`, which must have passed CheckSnapshot.
  explicit Game(GameState state);
  // Takes the board already built from `state` (LoadGame).
  Game(GameState state, Board board);

  const GameState& state() const { return state_; }
  const Board& board() const { return board_; }

  // Whether `action` is legal for the pending decision; nothing changes.
  Verdict Validate(const Action& action) const;
  // Applies a legal action (Validate first) and returns the scores it caused.
  std::vector<ScoreEvent> Apply(const Action& action);

  // Every legal action of the pending decision. In the tile phase `drawn` is
  // the drawn tile; with no tile, only the discard rule cannot be judged and
  // nothing is listed.
  // `hidden`: the tile drawn to lay under the drawn one (a hill, HS-03), if
  // any; the listed placements carry it.
  // `animal`: the animal token drawn with a circus tile (BT-04, BT-05), if any.
  LegalActions ListLegalActions(const TileType* drawn, const TileType* hidden = nullptr,
                                std::optional<Animal> animal = std::nullopt) const;

  // What the end-of-game scoring (BG-20..22) gives if the game ended now. In the
  // figure phase (and the magic-figure phase, with the magic figures where they
  // stand) the pending turn is finished first, as if the player passed; the
  // turn's other pending decisions are declined. Then the end of the game
  // opens its decisions as an emptied bag does (AMB-48): each is listed in
  // EndOfGameDecisions() and declined (a pass), and the final scoring
  // follows. On a finished game there is nothing left to score.
  std::vector<ScoreEvent> ScoreIfEndedNow() const;
  // The same, applied to this game: it ends now.
  std::vector<ScoreEvent> ScoreEndOfGame();
  // After ScoreEndOfGame: the end-of-game decisions that came first, in the
  // order they were asked (and declined).
  const std::vector<EndOfGameDecision>& EndOfGameDecisions() const { return end_decisions_; }
  // After Apply or ScoreEndOfGame: when the game ended in it, the index in its
  // events of the final scoring's first event; the events before it are the
  // turn's own (BG-20, AMB-48).
  std::optional<size_t> FinalScoringBegin() const { return final_scoring_begin_; }

  // Every (cell, rotation) where `tile` may be placed: BG-02 and the
  // expansions' placement rules.
  std::vector<TilePlacement> LegalTilePlacements(const TileType& tile) const;

  // BG-02 for a tile placement, with the pieces placed with it (a bridge,
  // BC-03: ExpansionModule::CheckTileSidesWithPieces).
  std::vector<Violation> CheckTileSides(const PlaceTileAction& action) const;
  // The type the tile of `action` takes on the board (a bridged type, BC-03).
  const TileType& TypeOnBoard(const PlaceTileAction& action) const;

  // For expansion modules.
  GameState& mutable_state() { return state_; }
  // The action being applied, while Apply runs (the choice that ended the
  // figure step, for the step after it: the princess forbids the phantom,
  // PH-10); nullptr otherwise.
  const Action* ActionBeingApplied() const { return applying_; }
  // Whether the pending decisions are being declined (ScoreEndOfGame): a
  // module then opens none.
  bool DecliningDecisions() const { return declining_decisions_; }
  // Gives the tile at `tile_index` another type (a bridge placed on it,
  // BC-03): same sides but where the bridge ends, the same segments plus
  // the bridge's; the board is built again from the tiles.
  void SetTileType(int tile_index, const TileType* type);
  // Takes a figure off the board and back to its owner's supply.
  void ReturnFigure(const Figure& figure);
  // Scores one feature now, outside the turn's scoring of completed features
  // (a field when a barn is placed in it, AM-17).
  void ScoreNow(int feature, ScoringTrigger trigger, std::vector<ScoreEvent>& events) {
    Score(feature, trigger, events);
  }
  // The turn's scoring, resumed by a module after a decision of its own (see
  // ExpansionModule::OpenDecisionBeforeScoring and the hooks after it):
  // scores the first of GameState.pending_scorings without asking the
  // modules again; goes on with the rest of the turn; ends the turn part
  // (second tile, next player, end of game); scores the end of the game.
  void ScorePendingFeature(std::vector<ScoreEvent>& events);
  // A field scored during play (a barn's, AM-17, AM-19): asks the modules
  // for a decision before it (ExpansionModule::OpenDecisionBeforeFieldScoring,
  // the Count's market round, CO-44, CO-45) with pending_scorings set to the
  // field then `then` (after a barn's placement, the features the tile
  // completed, in scoring order, AMB-40); true when one opened. Never during
  // ScoreEndOfGame, which declines every decision.
  bool OpenDecisionBeforeFieldScoring(int field, ScoringTrigger trigger,
                                      std::vector<SegmentAddress> then);
  // After that decision: scores the field of pending_scorings[0] as its
  // module says (PendingFieldTrigger), then the turn goes on: after a barn's
  // placement its scoring of the completed features begins (the rest of
  // pending_scorings), after a join the turn goes on (ContinueTurn).
  void ScorePendingField(std::vector<ScoreEvent>& events);
  void ContinueTurn(std::vector<ScoreEvent>& events);
  // The figure step is over after a module's decisions of its own that follow
  // it (the Tower's capture, TW-07): the turn's scoring begins, in the
  // canonical order (AMB-40).
  void EndFigureStep(std::vector<ScoreEvent>& events) { FinishTurn(events, {}); }
  // A module's step at the start of the turn's scoring is over
  // (ExpansionModule::BeginTurnScoring): the steps of the modules after
  // `module` (nullptr: of every module), then every module's
  // OpenDecisionBeforeTurnScoring, then ContinueTurn.
  void ContinueBeforeTurnScoring(const ExpansionModule* module, std::vector<ScoreEvent>& events);
  void EndTurnPart(std::vector<ScoreEvent>& events);
  // A module's decision after the turn's scoring is taken: the decisions of
  // the modules after `module` (OpenDecisionAfterTurnScoring), then the end
  // of the turn part (the Count's deployment, then the Siege's escape).
  void ContinueAfterModule(const ExpansionModule* module, std::vector<ScoreEvent>& events);
  void EndGame(std::vector<ScoreEvent>& events);
  // What a completed road, city or monastery is worth (its line items with
  // the modules' modifiers, e.g. an inn or a cathedral), whether or not
  // anyone stands in it: a castle's lord scores that much (BC-13).
  int FeatureWorth(int feature) const;
  // A feature's line items with the modules' modifiers, as scored with
  // `trigger` but with no majority and no figures (the value of a barn's
  // field, AM-20).
  std::optional<ScoreEvent> ValueWithModifiers(int feature, ScoringTrigger trigger) const;
  // BC-21: the tile the active player places instead of drawing (a tile
  // obtained in a bazaar), or nullptr; and whether any such tile is held.
  const TileType* TileInsteadOfDraw() const;
  bool TilesHeld() const;
  // The features the tile placed last completed, in scoring order (AMB-40),
  // each named by its first segment in board order.
  std::vector<SegmentAddress> CompletedByLastTile() const;

 private:
  // BG-01: a copy of `tile` can be drawn (tracked bag, or the set's copies
  // not all on the board).
  void CheckTileCanBeDrawn(const TileType& tile, std::optional<Position> cell,
                           std::vector<Violation>& violations) const;
  // The action without its scoring order.
  Verdict ValidateChoice(const Action& action) const;
  // Whether `action` ends the figure step (AMB-40: it may carry the order).
  bool EndsFigureStep(const Action& action) const;
  // AMB-40: Action.scoring_order names each feature the tile completed once.
  Verdict ValidateScoringOrder(const Action& action) const;
  // AMB-48: the explicit end of the game.
  Verdict ValidateEndGame() const;
  // The player who placed the last tile: in Phase::kPlaceTile the one before
  // the active player (the same in a second turn part, TB-11), else the
  // active player.
  int LastPlacer() const;
  Verdict ValidatePlaceTile(const PlaceTileAction& action) const;
  Verdict ValidatePlaceFigure(const PlaceFigureAction& action) const;
  Verdict ValidateDiscard(const DiscardTileAction& action) const;
  // The modules' conditions on the action that ends the figure step
  // (ExpansionModule::CheckFigureStepChoice), added to `verdict`.
  void CheckFigureStepChoice(const Action& action, Verdict& verdict) const;
  // An action of an expansion's own phase (the magic figures).
  Verdict ValidateOwnAction(const Action& action) const;
  // WRONG_PHASE for a module's action whose decision is not open, with the
  // module's reason (ExpansionModule::ExplainMissingDecision) when it has one.
  Verdict MissingDecision(const Action& action) const;

  // The tile phase's listing: the drawn tile's placements (or its discard,
  // BG-03), and the deciding player's abbey placements (AM-03).
  void ListDrawnTilePlacements(const TileType* drawn, const TileType* hidden,
                               std::optional<Animal> animal, LegalActions& legal) const;
  void ListAbbeyPlacements(LegalActions& legal) const;

  // A player's turn begins (ExpansionModule::AtStartOfTurn): when its first
  // tile is placed (or its last tile discarded, BG-03, ending the game).
  void StartTurn(std::vector<ScoreEvent>& events);
  void PlaceTile(const PlaceTileAction& action);
  void PlaceFigure(const PlaceFigureAction& action);
  void Discard(const DiscardTileAction& action, std::vector<ScoreEvent>& events);
  // BG-01 step 3 and the hand-over to the next player.
  // `scoring_order`: the features the tile completed, in the player's order
  // (AMB-40); empty for the canonical order.
  void FinishTurn(std::vector<ScoreEvent>& events,
                  const std::vector<SegmentAddress>& scoring_order);
  // BG-20: the bag is empty after `last_player`'s tile; the final scoring,
  // unless a module asks for a decision first.
  void BeginEndGame(int last_player, std::vector<ScoreEvent>& events);
  // Phase::kPlaceCastle: the pending features, which a snapshot omits.
  void RestorePendingScorings();
  // The modules' scorings that wait for the whole turn (AfterTurnScoring);
  // true when one of them opened a decision before its scoring
  // (OpenDecisionBeforeFieldScoring): the turn waits for it.
  bool AfterTurnScoring(std::vector<ScoreEvent>& events);
  // The modules' bookkeeping of the turn's scorings (OnTurnScoreEvent) for
  // events[first..].
  void NotifyTurnScoreEvents(const std::vector<ScoreEvent>& events, size_t first);
  // Scores one feature and gives its points and figures back (BG-06).
  void Score(int feature, ScoringTrigger trigger, std::vector<ScoreEvent>& events);

  GameState state_;
  Board board_;
  std::vector<const ExpansionModule*> modules_;
  std::vector<EndOfGameDecision> end_decisions_;
  std::optional<size_t> final_scoring_begin_;
  // ScoreEndOfGame finishes the pending turn declining its decisions.
  bool declining_decisions_ = false;
  // Set when a module opened a decision before a field's scoring.
  bool field_decision_opened_ = false;
  // The action Apply is applying (nullptr outside Apply).
  const Action* applying_ = nullptr;
};

}  // namespace carcassonne

// The hook points where an expansion plugs into the turn (architecture.md):
// after tile placement, figure placement options, before scoring, scoring
// modifiers, end of game. Each expansion is one module under engine/expansions/
// that overrides the hooks it needs; the core calls every module of the rule set
// at each step instead of testing for expansions itself.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/problem.h"
#include "engine/score_event.h"
#include "engine/verdict.h"

namespace carcassonne {

class Board;
class Game;
struct TilePlacement;  // engine/rules/tile_placement.h

class ExpansionModule {
 public:
  virtual ~ExpansionModule() = default;

  // The snapshot check (engine/referee.cc), in its stages; each stage runs
  // only when the earlier ones found nothing, so a hook reads only what they
  // found valid. These hooks run for every module of this build, whether or
  // not its expansion is in the rule set: a piece of an expansion the game
  // does not play is the module's to refuse.
  // - CheckRuleOptions: the expansion's options in `rules` (stage 1; `prefix`
  //   is the path of the rule set, "rules.").
  // - CheckOwnPieces: each piece of the expansion on its own (stage 2: owner
  //   in range, segment of the right kind, counts within bounds).
  // - CheckPiecesTogether: the expansion's rules between its pieces and the
  //   pending decision (stage 4, after the figures are conserved and the turn
  //   is valid).
  virtual void CheckRuleOptions(const RuleSet& /*rules*/, std::string_view /*prefix*/,
                                std::vector<Problem>& /*problems*/) const {}
  virtual void CheckOwnPieces(const GameState& /*state*/, const Board& /*board*/,
                              std::vector<Problem>& /*problems*/) const {}
  virtual void CheckPiecesTogether(const GameState& /*state*/, const Board& /*board*/,
                                   std::vector<Problem>& /*problems*/) const {}

  // NewGame: tiles, supplies and pieces of the expansion.
  virtual void SetUpGame(GameState& /*state*/) const {}
  // The tile the game starts with, if the expansion replaces base:D (the
  // River's spring, RV-01).
  virtual const TileType* StartTile(const RuleSet& /*rules*/) const { return nullptr; }
  // The tiles the game starts with, if the expansion lays several in place of
  // the start tile (the Count's city, CO-02); comes before StartTile.
  virtual std::vector<PlacedTile> StartLayout(const RuleSet& /*rules*/) const { return {}; }
  // Whether `tile` may be the drawn tile now (e.g. river tiles first, RV-02).
  virtual void CheckTileDrawn(const Game& /*game*/, const TileType& /*tile*/,
                              std::vector<Violation>& /*violations*/) const {}
  // Whether `hidden`, the tile the caller drew to lay face down under the
  // drawn tile (Hills & Sheep's hill, HS-03; nullptr: none), goes with this
  // draw, wherever the drawn tile is placed.
  virtual void CheckHiddenTile(const Game& /*game*/, const TileType& /*drawn*/,
                               const TileType* /*hidden*/, std::optional<Position> /*cell*/,
                               std::vector<Violation>& /*violations*/) const {}
  // Whether `animal`, the animal token the caller drew with this placement
  // (Under the Big Top, BT-04, BT-05; nullopt: none), goes with placing
  // `drawn`: judged for each placement and, for the listing, once per draw.
  virtual void CheckTileChance(const Game& /*game*/, const TileType& /*drawn*/,
                               std::optional<Animal> /*animal*/, std::optional<Position> /*cell*/,
                               std::vector<Violation>& /*violations*/) const {}
  // A legal tile placement is applied: the module takes what the caller drew
  // with it (the animal token out of the supply, BT-05); before
  // AfterTilePlaced.
  virtual void TakeTileChance(Game& /*game*/, const PlaceTileAction& /*action*/) const {}
  // A tile the active player places instead of drawing one (a tile obtained
  // in a bazaar, BC-21), or nullptr: it comes from no bag, so the drawing
  // rules (BG-01) do not apply to it; CheckTileDrawn judges that it is the
  // tile placed.
  virtual const TileType* TileInsteadOfDraw(const Game& /*game*/) const { return nullptr; }
  // The tile of TileInsteadOfDraw was set aside (BG-03): the module gives it
  // up (its placement is seen in AfterTilePlaced).
  virtual void AfterTileInsteadOfDrawUsed(Game& /*game*/) const {}
  // Whether tiles outside the bag are still to be placed (bazaar tiles,
  // BC-21): the game does not end when the bag is empty until they are.
  virtual bool HoldsTilesToPlace(const Game& /*game*/) const { return false; }
  // Extra conditions on a tile placement (e.g. the River's course).
  virtual void CheckTilePlacement(const Game& /*game*/, const PlaceTileAction& /*action*/,
                                  std::vector<Violation>& /*violations*/) const {}
  // A piece placed with the tile changes the sides it must match (a bridge,
  // BC-03): the module judges BG-02 for `action` itself, into `violations`,
  // and returns true; false leaves it to the plain check (also when the
  // piece is not placeable at all: CheckTilePlacement then says why).
  virtual bool CheckTileSidesWithPieces(const Game& /*game*/, const PlaceTileAction& /*action*/,
                                        std::vector<Violation>& /*violations*/) const {
    return false;
  }
  // The type the tile of `action` takes on the board (with a bridge on it,
  // BC-03), or nullptr when the module changes nothing.
  virtual const TileType* TypeOnBoard(const Game& /*game*/,
                                      const PlaceTileAction& /*action*/) const {
    return nullptr;
  }
  // Placements of `tile` the module's pieces add to `placements` (those
  // legal only with a bridge, and each bridge that may go with a placement,
  // BC-05); the game then filters them through CheckTilePlacement.
  virtual void AddTilePlacements(const Game& /*game*/, const TileType& /*tile*/,
                                 std::vector<TilePlacement>& /*placements*/) const {}
  // A legal tile placement is applied: the pieces placed with the tile go on
  // the board (a bridge, BC-03); first of all the hooks that follow a
  // placement.
  virtual void PlaceWithTile(Game& /*game*/, const PlaceTileAction& /*action*/) const {}
  // After a tile is laid (BG-01 step 1), before any figure is placed.
  virtual void AfterTilePlaced(Game& /*game*/) const {}
  // Extra conditions on a follower placement (e.g. the mage and the witch).
  virtual void CheckFigurePlacement(const Game& /*game*/, const PlaceFigureAction& /*action*/,
                                    std::vector<Violation>& /*violations*/) const {}
  // Figures of the expansion's own that are not followers (the builder, the
  // pig): checks a placement of one and returns true, or returns false when
  // `action.kind` is not the module's.
  virtual bool CheckOwnFigurePlacement(const Game& /*game*/, const PlaceFigureAction& /*action*/,
                                       std::vector<Violation>& /*violations*/) const {
    return false;
  }
  // Whether no figure may be placed on `tile` once it is laid (the River II's
  // volcano lake, RV-10): the tile phase then lists no follower spot for it.
  virtual bool ForbidsFiguresOn(const TileType& /*tile*/) const { return false; }
  // Whether no figure may be placed on `tile` if laid at `cell` turned by
  // `rotation`, judged on the board as it is (the princess's compulsory
  // removal when her city would join a knight's, PD-23): the tile phase then
  // lists no follower spot for that placement.
  virtual bool ForbidsFiguresIfPlaced(const Game& /*game*/, const TileType& /*tile*/,
                                      Position /*cell*/, Rotation /*rotation*/) const {
    return false;
  }
  // Whether the figure step may put a follower on a segment of any tile of the
  // board, not only of the tile just placed (the magic portal, PD-20); the
  // module's CheckFigurePlacement then judges what else such a placement
  // needs and its ListOwnFigurePlacements lists them.
  virtual bool PlacesFollowerAnywhere(const Game& /*game*/) const { return false; }
  // Extra conditions on whichever action ends the tile's figure step (a
  // figure, a pass, the barn, the fairy, the princess): a choice the step
  // must make instead of it (the princess's compulsory removal, PD-23). The
  // core also drops the actions so refused from the figure step's listing.
  virtual void CheckFigureStepChoice(const Game& /*game*/, const Action& /*action*/,
                                     std::vector<Violation>& /*violations*/) const {}
  // Every legal placement of the module's own figures on the tile just placed.
  virtual void ListOwnFigurePlacements(const Game& /*game*/,
                                       std::vector<Action>& /*actions*/) const {}
  // Decisions of the expansion's own (the mage and the witch): checks an
  // action that the core has found in the module's phase and returns true, or
  // returns false when the action is not the module's.
  virtual bool CheckOwnAction(const Game& /*game*/, const Action& /*action*/,
                              std::vector<Violation>& /*violations*/) const {
    return false;
  }
  // Applies a legal action of the module's own, setting the next phase, and
  // returns true; returns false when the action is not the module's.
  // `events` collects the scorings the action causes (e.g. the feature scored
  // once the Count's redeployment round is over).
  virtual bool ApplyOwnAction(Game& /*game*/, const Action& /*action*/,
                              std::vector<ScoreEvent>& /*events*/) const {
    return false;
  }
  // Every legal action of a decision of the module's own phase.
  virtual void ListOwnActions(const Game& /*game*/, std::vector<Action>& /*actions*/) const {}
  // Actions the active player may take on their own turn beside the pending
  // decision, which stays pending (the Tower's ransom, TW-12): listed with the
  // tile phase's and the figure step's actions.
  virtual void ListTurnActions(const Game& /*game*/, std::vector<Action>& /*actions*/) const {}
  // Before a feature is scored.
  virtual void BeforeScoring(Game& /*game*/, int /*feature*/) const {}
  // The turn's scoring as a sequence that decisions may interrupt (the
  // service is stateless: GameState.pending_scorings keeps what is left):
  // - BeforeTurnScoring: the tile's figure step is over; the scoring of the
  //   features it completed begins.
  // - OpenDecisionBeforeScoring: before `feature` (the first pending one) is
  //   scored, the module may set a phase of its own and return true; it then
  //   resumes with Game::ScorePendingFeature and Game::ContinueTurn.
  // - OnTurnScoreEvent: each scoring event of the turn's scoring.
  // - OpenDecisionAfterTurnScoring: everything is scored; the module may set a
  //   phase and return true; it then resumes with Game::EndTurnPart.
  // - OpenDecisionBeforeEndScoring: the game is over (the last tile was
  //   placed by `last_player`); before the final scoring, the module may set a
  //   phase and return true; it then resumes with Game::EndGame.
  virtual void BeforeTurnScoring(Game& /*game*/) const {}
  // - OpenDecisionBeforeTurnScoring: once, before the first pending feature
  //   is judged (a castle instead of a city, BC-10): the module may set a
  //   phase of its own and return true; it then resumes with
  //   Game::ContinueTurn.
  virtual bool OpenDecisionBeforeTurnScoring(Game& /*game*/) const { return false; }
  // - BeginTurnScoring: before every module's OpenDecisionBeforeTurnScoring,
  //   the first step of the turn's scoring (the shepherd's decision and the
  //   flocks of closed fields, HS-25): the module may score into `events`,
  //   or set a phase of its own and return true; it then resumes with
  //   Game::ContinueBeforeTurnScoring.
  virtual bool BeginTurnScoring(Game& /*game*/, std::vector<ScoreEvent>& /*events*/) const {
    return false;
  }
  virtual bool OpenDecisionBeforeScoring(Game& /*game*/, int /*feature*/) const { return false; }
  virtual void OnTurnScoreEvent(Game& /*game*/, const ScoreEvent& /*event*/) const {}
  // - AfterTurnScoring: every pending feature is scored; scorings that wait
  //   for the whole turn (a castle's lord takes the best feature of the turn,
  //   BC-13) are added to `events`. Called again when the turn resumes after
  //   a decision, so it must do its work once.
  virtual void AfterTurnScoring(Game& /*game*/, std::vector<ScoreEvent>& /*events*/) const {}
  virtual bool OpenDecisionAfterTurnScoring(Game& /*game*/) const { return false; }
  // - OpenDecisionAtTurnEnd: the whole turn is over (no second part follows;
  //   every decision after the scoring taken), before the next player's:
  //   the module may set a phase of its own and return true (the bazaar,
  //   BC-18); it then resumes with Game::EndTurnPart, so it must open its
  //   decision once.
  virtual bool OpenDecisionAtTurnEnd(Game& /*game*/) const { return false; }
  virtual bool OpenDecisionBeforeEndScoring(Game& /*game*/, int /*last_player*/) const {
    return false;
  }
  // A field scored during play (a barn placed in it, AM-17; a field with
  // farmers joined to a barn's field, AM-19) may wait for a decision of its
  // own first: GameState.pending_scorings[0] is then the field (the rest, for
  // a barn's placement, the features the tile completed in scoring order).
  // - OpenDecisionBeforeFieldScoring: the module may set a phase of its own
  //   and return true (the Count's market round, CO-44, CO-45); it then
  //   resumes with Game::ScorePendingField.
  // - PendingFieldTrigger: how the module scores such a waiting field (the
  //   barn's, AM-17 or AM-19); nullopt when it is not the module's.
  virtual bool OpenDecisionBeforeFieldScoring(Game& /*game*/, int /*field*/,
                                              ScoringTrigger /*trigger*/) const {
    return false;
  }
  virtual std::optional<ScoringTrigger> PendingFieldTrigger(const Game& /*game*/,
                                                            int /*field*/) const {
    return std::nullopt;
  }
  // Changes or adds line items to a scoring event (inns, cathedrals, the pig,
  // the mage). The core settles the points from the line items afterwards.
  virtual void ModifyScore(const Game& /*game*/, int /*feature*/, ScoreEvent& /*event*/) const {}
  // After a scored feature's followers went back (e.g. the lonely builder).
  virtual void AfterScoring(Game& /*game*/, const ScoreEvent& /*event*/) const {}
  // After a feature was completed by the tile just placed, and scored (e.g.
  // goods tokens to the completing player).
  virtual void AfterFeatureCompleted(Game& /*game*/, int /*feature*/,
                                     std::vector<ScoreEvent>& /*events*/) const {}
  // Whether `feature` (a representative segment id) is the module's own and
  // never scored as a road, city, monastery or field (a castle, BC-11).
  virtual bool IsOwnFeature(const Game& /*game*/, int /*feature*/) const { return false; }
  // The game is over: before the final scoring of the features returns any
  // figure, a scoring that counts the figures as they stand at the end (the
  // big top's last circus, BT-08).
  virtual void BeforeEndOfGameScoring(Game& /*game*/, std::vector<ScoreEvent>& /*events*/) const {}
  // A figure left the board for its owner's supply (Game::ReturnFigure):
  // what goes with it (a shepherd's flock goes back into the bag, HS-15).
  virtual void OnFigureReturned(Game& /*game*/, const Figure& /*figure*/) const {}
  // After the features of the end of game are scored (the King, goods, ...).
  virtual void AtEndOfGame(Game& /*game*/, std::vector<ScoreEvent>& /*events*/) const {}
  // Automatic effects at the start of a player's turn (the fairy's point,
  // PD-17): GameState.active_player's turn begins; nothing of it is decided
  // yet. Called by Game::StartTurn with the turn's first action: its tile
  // (the drawn tile or the player's abbey), or the discard of a tile that
  // fits nowhere when that discard empties a tracked bag (BG-03; the game
  // then ends); its events are reported in that action's response, before
  // the tile's. Not with the second part of a builder's double turn (TB-11,
  // the same turn), not when the game ends after a turn (BG-20, or
  // Action.end_game with a bag the caller does not track, AMB-48: no turn
  // begins; the turn starts only once a tile exists for it), not in the final
  // abbey round (AM-07: a last placement before the final scoring, no turn
  // of play).
  virtual void AtStartOfTurn(Game& /*game*/, std::vector<ScoreEvent>& /*events*/) const {}
  // An action of the module's own kind came while its decision is not
  // pending: the reason that decision did not come (or is not open now),
  // with its rule, in `reason` (the verdict's code stays WRONG_PHASE).
  // Returns false for an action that is not the module's.
  virtual bool ExplainMissingDecision(const Game& /*game*/, const Action& /*action*/,
                                      Violation& /*reason*/) const {
    return false;
  }
};

// The modules of the expansions in `rules`, in a fixed order. The base game
// alone has none.
std::vector<const ExpansionModule*> ModulesFor(const RuleSet& rules);
// Every module of this build once, in the same order (the snapshot check's
// hooks).
const std::vector<const ExpansionModule*>& AllModules();

}  // namespace carcassonne

// The turn state machine of the base game (BG-01, BG-03, BG-06, BG-07, BG-20).
// (Over 600 lines: the turn state machine's validation and application share the pending-decision
// logic; moving validation to its own file is a debt.)
// Why one file: Game's Apply/Validate/List are one turn state machine; the rules themselves live
// in engine/rules/ and the expansion modules.
#include "engine/game.h"

#include <algorithm>
#include <utility>

#include "engine/figures.h"
#include "engine/rules/follower_placement.h"
#include "engine/rules/scoring.h"
#include "engine/rules/tile_placement.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// Phases whose decisions an expansion module judges (CheckOwnAction).
bool IsModulePhase(Phase phase) {
  return phase == Phase::kPlaceMagicFigure || phase == Phase::kCountRedeploy ||
         phase == Phase::kCountDeploy || phase == Phase::kCountFinalRedeploy ||
         phase == Phase::kWagonMove || phase == Phase::kPlaceCastle ||
         phase == Phase::kSiegeEscape || phase == Phase::kDragonMove ||
         phase == Phase::kFinalAbbey || phase == Phase::kTowerCapture ||
         phase == Phase::kTowerExchange || phase == Phase::kTendFlock ||
         phase == Phase::kBazaarDraw || phase == Phase::kBazaarOffer ||
         phase == Phase::kBazaarBid || phase == Phase::kBazaarSettle ||
         phase == Phase::kPlacePhantom;
}

// AMB-40: cities, then roads, then monasteries.
int ScoringRank(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::kCity:
      return 0;
    case SegmentKind::kRoad:
      return 1;
    case SegmentKind::kMonastery:
    case SegmentKind::kGarden:  // AB-06: a garden scores as a monastery does
      return 2;
    default:
      return 3;
  }
}

// The decision pending in `state` (not kGameOver), in words, and its rule.
struct PendingDecision {
  std::string_view pending;
  std::string_view rule_id;
};

PendingDecision PendingDecisionOf(const GameState& state) {
  std::string_view pending = "placing a follower on the tile just placed, or passing";
  std::string_view rule_id = "BG-01";
  if (state.phase == Phase::kPlaceTile) pending = "placing a tile";
  if (state.phase == Phase::kCountRedeploy) {
    pending = "the Count's redeployment round before a scoring (redeploy or pass)";
    rule_id = "CO-13";
  }
  if (state.phase == Phase::kCountDeploy) {
    pending = "putting a follower into Carcassonne, or passing";
    rule_id = "CO-05";
  }
  if (state.phase == Phase::kCountFinalRedeploy) {
    pending = "the final redeployment from Carcassonne (redeploy one follower or pass)";
    rule_id = "CO-46";
  }
  if (state.phase == Phase::kWagonMove) {
    pending = "moving a scored wagon to a nearby feature, or passing";
    rule_id = "AM-12";
  }
  if (state.phase == Phase::kPlaceCastle) {
    pending = "turning a just-completed city of two segments into a castle, or passing";
    rule_id = "BC-10";
  }
  if (state.phase == Phase::kSiegeEscape) {
    pending = "taking a follower out of a besieged city, or passing";
    rule_id = "SI-10";
  }
  if (state.phase == Phase::kDragonMove) {
    pending = "a step of the dragon's flight";
    rule_id = "PD-10";
  }
  if (state.phase == Phase::kFinalAbbey) {
    pending = "placing the abbey in the final abbey round, or passing";
    rule_id = "AM-07";
  }
  if (state.phase == Phase::kTowerCapture) {
    pending = "capturing a meeple within the reach of the tower just raised, or passing";
    rule_id = "TW-07";
  }
  if (state.phase == Phase::kTowerExchange) {
    pending = "choosing which of your meeples comes back in the exchange of prisoners";
    rule_id = "TW-11";
  }
  if (state.phase == Phase::kTendFlock) {
    pending = "growing the flock (a token drawn) or driving it to the stable";
    rule_id = "HS-16";
  }
  if (state.phase == Phase::kBazaarDraw) {
    pending = "drawing the tiles of the bazaar";
    rule_id = "BC-19";
  }
  if (state.phase == Phase::kBazaarOffer) {
    pending = "picking a tile of the bazaar and opening the bidding";
    rule_id = "BC-19";
  }
  if (state.phase == Phase::kBazaarBid) {
    pending = "bidding for the bazaar tile on offer, or passing";
    rule_id = "BC-19";
  }
  if (state.phase == Phase::kBazaarSettle) {
    pending = "buying or selling the bazaar tile on offer";
    rule_id = "BC-20";
  }
  if (state.phase == Phase::kPlacePhantom) {
    pending = "placing the phantom, or passing";
    rule_id = "PH-07";
  }
  if (state.phase == Phase::kPlaceMagicFigure) {
    // MW-09 before MW-04 (see engine/expansions/mage_and_witch.h).
    const bool separate = state.magic_step == MagicStep::kSeparate;
    pending = separate ? "moving the mage or the witch off the feature they share"
                       : "placing or moving the mage or the witch";
    rule_id = separate ? "MW-09" : "MW-04";
  }
  return {pending, rule_id};
}

Verdict WrongPhase(const GameState& state, std::string_view what) {
  Verdict verdict;
  if (state.phase == Phase::kGameOver) {
    verdict.violations.push_back({ViolationCode::kGameOver,
                                  "The game is over: no more actions are possible.",
                                  {},
                                  std::nullopt,
                                  "BG-20"});
    return verdict;
  }
  const auto [pending, rule_id] = PendingDecisionOf(state);
  verdict.violations.push_back(
      {ViolationCode::kWrongPhase,
       Cat("Cannot ", what, " now: the pending decision is ", pending, "."),
       {},
       std::nullopt,
       rule_id});
  return verdict;
}

// BG-01: the caller draws the tile and names it; an action naming none (an
// engine caller that skipped CheckAction, whose field check refuses it) is
// refused, never read.
Verdict NoTileNamed(std::optional<Position> cell) {
  Verdict verdict;
  verdict.violations.push_back({ViolationCode::kTileNotInBag,
                                "The action names no tile: the caller draws the tile and names "
                                "a tile type of the catalogue.",
                                cell, std::nullopt, "BG-01"});
  return verdict;
}

// Whether every module allows `placement` of `tile` (CheckTilePlacement: the
// River's, the Cult's, the abbey's and the bridges' placement rules).
bool ModulesAllow(const Game& game, const std::vector<const ExpansionModule*>& modules,
                  const TileType& tile, const TilePlacement& placement) {
  std::vector<Violation> violations;
  PlaceTileAction action{&tile, placement.cell, placement.rotation};
  action.bridge = placement.bridge;
  for (const ExpansionModule* module : modules) {
    module->CheckTilePlacement(game, action, violations);
  }
  return violations.empty();
}

// The first of Game::LegalTilePlacements(tile), or nullopt when the tile fits
// nowhere (BG-03), without listing them all: those without a piece first, the
// modules' own (with a bridge, BC-05) only when none of those is allowed. (The
// modules append theirs and read nothing of the list.)
std::optional<TilePlacement> FirstLegalTilePlacement(
    const Game& game, const std::vector<const ExpansionModule*>& modules, const TileType& tile) {
  auto first_allowed = [&](const std::vector<TilePlacement>& placements) {
    const auto found =
        std::find_if(placements.begin(), placements.end(), [&](const TilePlacement& placement) {
          return ModulesAllow(game, modules, tile, placement);
        });
    return found == placements.end() ? std::nullopt : std::optional<TilePlacement>(*found);
  };
  if (std::optional<TilePlacement> first = first_allowed(ListTilePlacements(game.board(), tile))) {
    return first;
  }
  std::vector<TilePlacement> added;
  for (const ExpansionModule* module : modules) module->AddTilePlacements(game, tile, added);
  return first_allowed(added);
}

}  // namespace

Game::Game(GameState state) : state_(std::move(state)), modules_(ModulesFor(state_.rules)) {
  // Room for the tile this turn may add, so applying it does not reallocate.
  state_.tiles.reserve(state_.tiles.size() + 1);
  board_.Reserve(static_cast<int>(state_.tiles.size()) + 1);
  for (const PlacedTile& tile : state_.tiles) board_.Place(tile);
  RestorePendingScorings();
}

Game::Game(GameState state, Board board)
    : state_(std::move(state)), board_(std::move(board)), modules_(ModulesFor(state_.rules)) {
  state_.tiles.reserve(state_.tiles.size() + 1);
  RestorePendingScorings();
}

void Game::RestorePendingScorings() {
  // Phase::kPlaceCastle comes before any scoring of the turn: the features
  // pending are all those the last tile completed, but the castles made of
  // them (BC-10). The snapshot does not repeat them.
  // Phase::kTendFlock, before the scoring too (HS-25), the same.
  // Phase::kPlacePhantom, after the figure step and before the scoring
  // (PH-07), the same.
  if ((state_.phase != Phase::kPlaceCastle && state_.phase != Phase::kTendFlock &&
       state_.phase != Phase::kPlacePhantom) ||
      !state_.pending_scorings.empty()) {
    return;
  }
  state_.pending_scorings = CompletedByLastTile();
  std::erase_if(state_.pending_scorings, [&](const SegmentAddress& pending) {
    const int feature = board_.FeatureOf(board_.SegmentId(pending));
    return std::any_of(state_.castles.begin(), state_.castles.end(), [&](const Castle& castle) {
      return !castle.segments.empty() &&
             board_.FeatureOf(board_.SegmentId(castle.segments.front())) == feature;
    });
  });
}

Verdict Game::Validate(const Action& action) const {
  // AMB-49: the one place where the acting seat is judged. Only the seat
  // whose decision is pending acts; an action naming no seat is taken as
  // that seat's. (After the game, every action meets BG-20 below.)
  if (action.actor && *action.actor != state_.deciding_player && state_.phase != Phase::kGameOver) {
    const auto [pending, rule_id] = PendingDecisionOf(state_);
    Verdict verdict;
    verdict.violations.push_back(
        {ViolationCode::kNotYourDecision,
         Cat("Seat ", *action.actor, " cannot act now: the pending decision is ", pending,
             ", and it is seat ", state_.deciding_player, "'s (",
             state_.players[state_.deciding_player].name, ")."),
         {},
         std::nullopt,
         rule_id});
    return verdict;
  }
  Verdict verdict = ValidateChoice(action);
  // AMB-40: the order comes with the action that ends the figure step, and
  // is judged once that action is legal.
  if (verdict.legal() && !action.scoring_order.empty()) verdict = ValidateScoringOrder(action);
  return verdict;
}

Verdict Game::ValidateChoice(const Action& action) const {
  return std::visit(
      [&](const auto& chosen) -> Verdict {
        using T = std::decay_t<decltype(chosen)>;
        if constexpr (std::is_same_v<T, EndGameAction>) {
          return ValidateEndGame();
        } else if constexpr (std::is_same_v<T, PlaceTileAction>) {
          if (chosen.tile == nullptr) return NoTileNamed(chosen.cell);
          if (state_.phase == Phase::kFinalAbbey && !chosen.tile->abbey) {
            // AM-07: the last land tile has been placed; only abbeys remain.
            Verdict verdict;
            verdict.violations.push_back(
                {ViolationCode::kTileNotInBag,
                 Cat("The last land tile has been placed: in the final abbey round only the "
                     "player's abbey may be placed, not ",
                     chosen.tile->id, "."),
                 chosen.cell, std::nullopt, "AM-07"});
            return verdict;
          }
          if (state_.phase != Phase::kPlaceTile && state_.phase != Phase::kFinalAbbey) {
            return WrongPhase(state_, "place a tile");
          }
          return ValidatePlaceTile(chosen);
        } else if constexpr (std::is_same_v<T, PlaceFigureAction>) {
          // PH-07: the phantom's step; the module judges.
          if (state_.phase == Phase::kPlacePhantom) return ValidateOwnAction(action);
          if (state_.phase != Phase::kPlaceFigure) return WrongPhase(state_, "place a figure");
          Verdict verdict = ValidatePlaceFigure(chosen);
          CheckFigureStepChoice(action, verdict);
          return verdict;
        } else if constexpr (std::is_same_v<T, PassAction>) {
          if (state_.phase == Phase::kPlaceFigure) {
            Verdict verdict;
            CheckFigureStepChoice(action, verdict);
            return verdict;
          }
          // The Count's decisions may be declined too; the module judges.
          if (!IsModulePhase(state_.phase)) return WrongPhase(state_, "pass");
          return ValidateOwnAction(action);
        } else if constexpr (std::is_same_v<T, DiscardTileAction>) {
          if (chosen.tile == nullptr) return NoTileNamed(std::nullopt);
          if (state_.phase != Phase::kPlaceTile) return WrongPhase(state_, "discard a tile");
          return ValidateDiscard(chosen);
        } else if constexpr (std::is_same_v<T, PayRansomAction>) {
          // TW-12: on the active player's own turn, beside the tile phase's
          // or the figure step's decision, which stays pending.
          if (state_.phase != Phase::kPlaceTile && state_.phase != Phase::kPlaceFigure) {
            return MissingDecision(action);
          }
          Verdict verdict;
          for (const ExpansionModule* module : modules_) {
            if (module->CheckOwnAction(*this, action, verdict.violations)) return verdict;
          }
          verdict.violations.push_back({ViolationCode::kRansomNotAllowed,
                                        "There are no prisoners in a game with these rules.",
                                        {},
                                        std::nullopt,
                                        "TW-01"});
          return verdict;
        } else if constexpr (std::is_same_v<T, PlaceBarnAction> ||
                             std::is_same_v<T, RemoveKnightAction> ||
                             std::is_same_v<T, MoveFairyAction> ||
                             std::is_same_v<T, PlaceTowerFloorAction> ||
                             std::is_same_v<T, PlaceOnTowerAction> ||
                             std::is_same_v<T, PlaceShepherdAction> ||
                             std::is_same_v<T, RetreatAbbotAction> ||
                             std::is_same_v<T, TakeFigureBackAction>) {
          // A figure step of a module's own (the barn, AM-15; the princess,
          // PD-21; the fairy, PD-15; the tower, TW-03; the shepherd, HS-13;
          // the festival, FV-03); the module judges.
          constexpr bool barn = std::is_same_v<T, PlaceBarnAction>;
          // PH-08: the phantom on a tower's top, in its own step.
          if (std::is_same_v<T, PlaceOnTowerAction> && state_.phase == Phase::kPlacePhantom) {
            return ValidateOwnAction(action);
          }
          if (state_.phase != Phase::kPlaceFigure) {
            if (!barn) return MissingDecision(action);
            return WrongPhase(state_, "place a barn");
          }
          Verdict verdict;
          for (const ExpansionModule* module : modules_) {
            if (module->CheckOwnAction(*this, action, verdict.violations)) {
              CheckFigureStepChoice(action, verdict);
              return verdict;
            }
          }
          constexpr bool tower =
              std::is_same_v<T, PlaceTowerFloorAction> || std::is_same_v<T, PlaceOnTowerAction>;
          constexpr bool shepherd = std::is_same_v<T, PlaceShepherdAction>;
          constexpr bool abbot = std::is_same_v<T, RetreatAbbotAction>;
          constexpr bool festival = std::is_same_v<T, TakeFigureBackAction>;
          if constexpr (festival) {
            verdict.violations.push_back(
                {ViolationCode::kFigureTakeBackNotAllowed,
                 "There are no festival tiles in a game with these rules: a figure is taken back "
                 "only after placing one.",
                 {},
                 std::nullopt,
                 "FV-03"});
            return verdict;
          }
          verdict.violations.push_back({ViolationCode::kFigureNotAllowed,
                                        barn    ? "There is no barn in a game with these rules."
                                        : tower ? "There is no tower in a game with these rules."
                                        : abbot ? "There is no abbot in a game with these rules."
                                        : shepherd
                                            ? "There is no shepherd in a game with these rules."
                                        : std::is_same_v<T, MoveFairyAction>
                                            ? "There is no fairy in a game with these rules."
                                            : "There is no princess in a game with these rules.",
                                        {},
                                        std::nullopt,
                                        barn       ? "AM-01"
                                        : tower    ? "TW-01"
                                        : shepherd ? "HS-01"
                                        : abbot    ? "AB-01"
                                                   : "PD-01"});
          return verdict;
        } else {
          // An expansion's own phase (the magic figures, the Count); the
          // module judges.
          if (!IsModulePhase(state_.phase)) return MissingDecision(action);
          return ValidateOwnAction(action);
        }
      },
      action);
}

void Game::CheckFigureStepChoice(const Action& action, Verdict& verdict) const {
  for (const ExpansionModule* module : modules_) {
    module->CheckFigureStepChoice(*this, action, verdict.violations);
  }
}

bool Game::EndsFigureStep(const Action& action) const {
  return state_.phase == Phase::kPlaceFigure &&
         (std::holds_alternative<PlaceFigureAction>(action) ||
          std::holds_alternative<PassAction>(action) ||
          std::holds_alternative<PlaceBarnAction>(action) ||
          std::holds_alternative<PlaceShepherdAction>(action) ||
          std::holds_alternative<RetreatAbbotAction>(action) ||
          std::holds_alternative<TakeFigureBackAction>(action));
}

Verdict Game::ValidateScoringOrder(const Action& action) const {
  Verdict verdict;
  auto refuse = [&](std::string message, std::optional<Position> cell = std::nullopt,
                    std::optional<int> segment_index = std::nullopt) {
    verdict.violations.push_back(
        {ViolationCode::kScoringOrderInvalid, std::move(message), cell, segment_index, "AMB-40"});
    return verdict;
  };
  if (!EndsFigureStep(action)) {
    return refuse(
        "A scoring order comes only with the action that ends the figure step (placing a "
        "figure or the barn, retreating the abbot, taking a figure back after a festival tile, "
        "or passing, on the tile just placed).");
  }
  const std::vector<SegmentAddress> completed = CompletedByLastTile();
  std::vector<int> completed_features;
  for (const SegmentAddress& address : completed) {
    completed_features.push_back(board_.FeatureOf(board_.SegmentId(address)));
  }
  std::vector<int> ordered;
  for (const SegmentAddress& address : action.scoring_order) {
    const int segment = board_.SegmentId(address);
    if (segment < 0) {
      return refuse("A segment of the scoring order is not on the board.", address.cell,
                    address.segment_index);
    }
    const int feature = board_.FeatureOf(segment);
    if (std::find(completed_features.begin(), completed_features.end(), feature) ==
        completed_features.end()) {
      return refuse(
          Cat("The scoring order names a feature that the tile just placed does not complete (",
              completed.size(), " feature(s) to order)."),
          address.cell, address.segment_index);
    }
    if (std::find(ordered.begin(), ordered.end(), feature) != ordered.end()) {
      return refuse("The scoring order names the same feature twice: one segment per feature.",
                    address.cell, address.segment_index);
    }
    ordered.push_back(feature);
  }
  if (ordered.size() != completed_features.size()) {
    return refuse(Cat("The scoring order names ", ordered.size(), " of the ",
                      completed_features.size(),
                      " features the tile just placed completes: it must name each once."));
  }
  return verdict;
}

int Game::LastPlacer() const {
  // In Phase::kPlaceTile the turn part is over: the tile before was placed by
  // the same player (a second part, TB-11) or by the previous one.
  if (state_.phase != Phase::kPlaceTile || state_.second_part) return state_.active_player;
  const int players = static_cast<int>(state_.players.size());
  return (state_.active_player + players - 1) % players;
}

Verdict Game::ValidateEndGame() const {
  if (state_.phase == Phase::kGameOver) return WrongPhase(state_, "end the game");
  Verdict verdict;
  if (state_.bag) {
    // BG-20: a tracked bag ends the game when its last tile is placed.
    verdict.violations.push_back(
        {ViolationCode::kGameEndNotAllowed,
         Cat("The bag is tracked and still holds ", state_.bag->Total(),
             " tile(s): the game ends by itself when its last tile is placed."),
         {},
         std::nullopt,
         "BG-20"});
    return verdict;
  }
  if (TilesHeld()) {
    verdict.violations.push_back(
        {ViolationCode::kGameEndNotAllowed,
         "Tiles obtained in a bazaar are still to be placed: each player places theirs on their "
         "next turn instead of drawing.",
         {},
         std::nullopt,
         "BC-21"});
    return verdict;
  }
  if (state_.phase != Phase::kPlaceTile) {
    // AMB-48: after the last tile's turn, i.e. once every decision of that
    // turn (figure, scoring rounds, deployment, wagons, escape) is taken.
    const auto [pending, rule_id] = PendingDecisionOf(state_);
    verdict.violations.push_back(
        {ViolationCode::kGameEndNotAllowed,
         Cat("The game can end only once the last tile's turn is over; the pending decision "
             "is ",
             pending, " (", rule_id, ")."),
         {},
         std::nullopt,
         "AMB-48"});
  }
  return verdict;
}

Verdict Game::ValidateOwnAction(const Action& action) const {
  Verdict verdict;
  for (const ExpansionModule* module : modules_) {
    if (module->CheckOwnAction(*this, action, verdict.violations)) return verdict;
  }
  return MissingDecision(action);
}

Verdict Game::MissingDecision(const Action& action) const {
  Verdict verdict = WrongPhase(state_, "take this decision");
  if (state_.phase == Phase::kGameOver) return verdict;
  // The module whose decision the action belongs to says why that decision
  // did not come (CO-05, CO-12, CO-17, MW-04, AM-12, BC-10, ...); the code
  // stays WRONG_PHASE, the pending decision follows in the sentence.
  for (const ExpansionModule* module : modules_) {
    Violation reason{ViolationCode::kWrongPhase, "", {}, std::nullopt, ""};
    if (!module->ExplainMissingDecision(*this, action, reason)) continue;
    Violation& violation = verdict.violations.front();
    violation.message = Cat(reason.message, " ", violation.message);
    violation.rule_id = reason.rule_id;
    violation.cell = reason.cell;
    violation.segment_index = reason.segment_index;
    break;
  }
  return verdict;
}

std::vector<TilePlacement> Game::LegalTilePlacements(const TileType& tile) const {
  std::vector<TilePlacement> placements = ListTilePlacements(board_, tile);
  if (modules_.empty()) return placements;
  // BC-05: placements with a bridge, after those without.
  for (const ExpansionModule* module : modules_) module->AddTilePlacements(*this, tile, placements);
  std::erase_if(placements, [&](const TilePlacement& placement) {
    return !ModulesAllow(*this, modules_, tile, placement);
  });
  return placements;
}

std::vector<Violation> Game::CheckTileSides(const PlaceTileAction& action) const {
  std::vector<Violation> violations;
  for (const ExpansionModule* module : modules_) {
    if (module->CheckTileSidesWithPieces(*this, action, violations)) return violations;
  }
  return CheckTilePlacement(board_, *action.tile, action.cell, action.rotation);
}

const TileType& Game::TypeOnBoard(const PlaceTileAction& action) const {
  for (const ExpansionModule* module : modules_) {
    if (const TileType* type = module->TypeOnBoard(*this, action)) return *type;
  }
  return *action.tile;
}

void Game::SetTileType(int tile_index, const TileType* type) {
  state_.tiles[tile_index].type = type;
  // The board's features are a cache of the tiles: built again.
  board_ = Board();
  board_.Reserve(static_cast<int>(state_.tiles.size()));
  for (const PlacedTile& tile : state_.tiles) board_.Place(tile);
}

// BG-01 step 1: the tile is drawn from the bag. With a tracked bag, a copy
// must be left in it; without one, the set must hold a copy that is not on the
// board yet (else the next snapshot would place more copies than the set has,
// which the snapshot check refuses).
void Game::CheckTileCanBeDrawn(const TileType& tile, std::optional<Position> cell,
                               std::vector<Violation>& violations) const {
  // BC-21: a tile obtained in a bazaar comes from no bag.
  if (&tile == TileInsteadOfDraw()) return;
  if (state_.bag) {
    if (state_.bag->CountOf(&tile) == 0) {
      violations.push_back({ViolationCode::kTileNotInBag,
                            Cat("No ", tile.id, " tile is left in the bag."), cell, std::nullopt,
                            "BG-01"});
    }
    return;
  }
  int placed = 0;
  // (A bridged tile is a copy of its catalogue type, BC-03.)
  for (int i = 0; i < board_.tile_count(); ++i) {
    placed += &board_.tile(i).type().WithoutBridge() == &tile;
  }
  const int copies = CopiesInGame(state_.rules, tile);  // AB-01: the garden edition
  if (placed >= copies) {
    violations.push_back({ViolationCode::kTileNotInBag,
                          Cat("Every ", tile.id, " tile of the set (", copies,
                              ") is already on the board: none can be drawn."),
                          cell, std::nullopt, "BG-01"});
  }
}

Verdict Game::ValidatePlaceTile(const PlaceTileAction& action) const {
  Verdict verdict;
  // BC-01: bridges only with option bc.bridges (the module judges the rest).
  if (action.bridge && !state_.rules.bc_bridges) {
    verdict.violations.push_back({ViolationCode::kBridgeNotInGame,
                                  "There are no bridges in a game with these rules.",
                                  action.bridge->cell, std::nullopt, "BC-01"});
    return verdict;
  }
  if (action.tile->abbey) {
    // AM-03: the player's own abbey, placed instead of drawing: no drawing
    // rule applies. Where it may go is the modules' to judge (the hole).
    if (!state_.rules.am_abbey) {
      verdict.violations.push_back({ViolationCode::kAbbeyNotInGame,
                                    "There is no abbey in a game with these rules.", action.cell,
                                    std::nullopt, "AM-01"});
      return verdict;
    }
    verdict.violations = CheckTileSides(action);
    for (const ExpansionModule* module : modules_) {
      module->CheckTilePlacement(*this, action, verdict.violations);
      module->CheckTileChance(*this, *action.tile, action.animal_token, action.cell,
                              verdict.violations);
    }
    return verdict;
  }
  for (const ExpansionModule* module : modules_) {
    module->CheckTileDrawn(*this, *action.tile, verdict.violations);
  }
  // BG-01 step 1, from a tracked bag: judged before the placement.
  if (state_.bag) CheckTileCanBeDrawn(*action.tile, action.cell, verdict.violations);
  // A tile drawn to go under the drawn one (a hill, HS-03).
  for (const ExpansionModule* module : modules_) {
    module->CheckHiddenTile(*this, *action.tile, action.hidden_tile, action.cell,
                            verdict.violations);
    // The animal token drawn with a circus tile (BT-04, BT-05).
    module->CheckTileChance(*this, *action.tile, action.animal_token, action.cell,
                            verdict.violations);
  }
  std::vector<Violation> placement = CheckTileSides(action);
  for (const ExpansionModule* module : modules_) {
    module->CheckTilePlacement(*this, action, placement);
  }
  std::move(placement.begin(), placement.end(), std::back_inserter(verdict.violations));
  // BG-01 step 1, without a bag: the set's copies all on the board. Reported
  // after the placement's own rules, which stay the first reason given.
  if (!state_.bag) CheckTileCanBeDrawn(*action.tile, action.cell, verdict.violations);
  return verdict;
}

Verdict Game::ValidatePlaceFigure(const PlaceFigureAction& action) const {
  Verdict verdict;
  if (FiguresOwned(state_.rules, action.kind) == 0) {
    verdict.violations.push_back(
        {ViolationCode::kFigureNotAllowed,
         Cat("There is no ", FigureKindName(action.kind), " in a game with these rules."),
         action.segment.cell, action.segment.segment_index, "BG-04"});
    return verdict;
  }
  if (IsFollower(action.kind)) {
    // The magic portal (PD-20): a follower may go onto any tile; the module
    // judges what more it needs.
    int target_tile = board_.tile_count() - 1;
    const int tile_at_target = board_.TileIndexAt(action.segment.cell);
    if (tile_at_target >= 0 &&
        std::any_of(modules_.begin(), modules_.end(), [&](const ExpansionModule* module) {
          return module->PlacesFollowerAnywhere(*this);
        })) {
      target_tile = tile_at_target;
    }
    verdict.violations = CheckFollowerPlacement(board_, state_, state_.deciding_player, target_tile,
                                                action.kind, action.segment);
  } else {
    bool handled = false;
    for (const ExpansionModule* module : modules_) {
      handled = handled || module->CheckOwnFigurePlacement(*this, action, verdict.violations);
    }
    if (!handled) {
      verdict.violations.push_back(
          {ViolationCode::kFigureNotAllowed,
           Cat("A ", FigureKindName(action.kind), " cannot be placed in this game."),
           action.segment.cell, action.segment.segment_index, "BG-04"});
    }
  }
  for (const ExpansionModule* module : modules_) {
    module->CheckFigurePlacement(*this, action, verdict.violations);
  }
  return verdict;
}

Verdict Game::ValidateDiscard(const DiscardTileAction& action) const {
  Verdict verdict;
  CheckTileCanBeDrawn(*action.tile, std::nullopt, verdict.violations);
  for (const ExpansionModule* module : modules_) {
    module->CheckTileDrawn(*this, *action.tile, verdict.violations);
  }
  // BG-03: only a tile that fits nowhere may be set aside.
  if (const std::optional<TilePlacement> example =
          FirstLegalTilePlacement(*this, modules_, *action.tile)) {
    verdict.violations.push_back(
        {ViolationCode::kTileFitsSomewhere,
         Cat("The tile ", action.tile->id, " fits on the board (for example at (", example->cell.x,
             ", ", example->cell.y, ") turned ", example->rotation.degrees(),
             "°), so it must be placed."),
         example->cell, std::nullopt, "BG-03"});
  }
  return verdict;
}

std::vector<ScoreEvent> Game::Apply(const Action& action) {
  std::vector<ScoreEvent> events;
  final_scoring_begin_.reset();
  applying_ = &action;
  std::visit(
      [&](const auto& chosen) {
        using T = std::decay_t<decltype(chosen)>;
        if constexpr (std::is_same_v<T, EndGameAction>) {
          // AMB-48: as when the bag empties after the last tile's turn.
          BeginEndGame(LastPlacer(), events);
        } else if constexpr (std::is_same_v<T, PlaceTileAction>) {
          // The turn's first tile: its automatic effects first (PD-17); not
          // the second part's tile (TB-11), nor an abbey of the final abbey
          // round (AM-07, Phase::kFinalAbbey).
          if (state_.phase == Phase::kPlaceTile && !state_.second_part) StartTurn(events);
          PlaceTile(chosen);
        } else if constexpr (std::is_same_v<T, PlaceFigureAction>) {
          if (state_.phase == Phase::kPlacePhantom) {  // PH-07: the module's step
            for (const ExpansionModule* module : modules_) {
              if (module->ApplyOwnAction(*this, action, events)) break;
            }
            return;
          }
          PlaceFigure(chosen);
          FinishTurn(events, action.scoring_order);
        } else if constexpr (std::is_same_v<T, PassAction>) {
          if (state_.phase == Phase::kPlaceFigure) {
            FinishTurn(events, action.scoring_order);
          } else {
            for (const ExpansionModule* module : modules_) {
              if (module->ApplyOwnAction(*this, action, events)) break;
            }
          }
        } else if constexpr (std::is_same_v<T, DiscardTileAction>) {
          Discard(chosen, events);
        } else if constexpr (std::is_same_v<T, PlaceBarnAction> ||
                             std::is_same_v<T, RemoveKnightAction> ||
                             std::is_same_v<T, MoveFairyAction> ||
                             std::is_same_v<T, PlaceShepherdAction> ||
                             std::is_same_v<T, RetreatAbbotAction> ||
                             std::is_same_v<T, TakeFigureBackAction>) {
          const size_t first_event = events.size();
          for (const ExpansionModule* module : modules_) {
            if (module->ApplyOwnAction(*this, action, events)) break;
          }
          // AMB-07, CO-31: a barn's scoring is part of the turn's scoring.
          NotifyTurnScoreEvents(events, first_event);
          // A decision before the barn's scoring (the Count's market round,
          // CO-45): the turn's scoring waits for it.
          if (state_.phase != Phase::kPlaceFigure) return;
          FinishTurn(events, action.scoring_order);
        } else if constexpr (std::is_same_v<T, PlaceTowerFloorAction> ||
                             std::is_same_v<T, PlaceOnTowerAction>) {
          // PH-08: the phantom's step goes on with the turn itself.
          const bool phantom_step = state_.phase == Phase::kPlacePhantom;
          for (const ExpansionModule* module : modules_) {
            if (module->ApplyOwnAction(*this, action, events)) break;
          }
          // TW-07: unless a capture is now the player's to decide (the
          // module then ends the figure step itself).
          if (!phantom_step && state_.phase == Phase::kPlaceFigure) FinishTurn(events, {});
        } else {
          for (const ExpansionModule* module : modules_) {
            if (module->ApplyOwnAction(*this, action, events)) break;
          }
        }
      },
      action);
  applying_ = nullptr;
  return events;
}

void Game::PlaceTile(const PlaceTileAction& action) {
  // The tile as it lies on the board: with a bridge on it, the bridged type
  // (BC-03; a bridge on a neighbour goes on in PlaceWithTile).
  const PlacedTile placed{&TypeOnBoard(action), action.cell, action.rotation};
  // AM-03: the abbey comes from the player, not from the bag; BC-21: nor does
  // a tile obtained in a bazaar.
  if (state_.bag && !action.tile->abbey && action.tile != TileInsteadOfDraw()) {
    state_.bag->Remove(action.tile);
  }
  // HS-03: the tile under a hill leaves the bag and the game.
  if (state_.bag && action.hidden_tile != nullptr) state_.bag->Remove(action.hidden_tile);
  state_.tiles.push_back(placed);
  board_.Place(placed);
  // BG-01 step 2: the same player may now place a follower on it.
  state_.phase = Phase::kPlaceFigure;
  state_.deciding_player = state_.active_player;
  for (const ExpansionModule* module : modules_) module->PlaceWithTile(*this, action);
  for (const ExpansionModule* module : modules_) module->TakeTileChance(*this, action);
  for (const ExpansionModule* module : modules_) module->AfterTilePlaced(*this);
}

void Game::PlaceFigure(const PlaceFigureAction& action) {
  state_.figures.push_back({action.kind, state_.deciding_player, action.segment});
  SupplyOf(state_.players[state_.deciding_player], action.kind) -= 1;
}

void Game::ReturnFigure(const Figure& figure) {
  auto it = std::find(state_.figures.begin(), state_.figures.end(), figure);
  if (it == state_.figures.end()) return;
  state_.figures.erase(it);
  SupplyOf(state_.players[figure.owner], figure.kind) += 1;
  // PD-19: the fairy stays where it is, attached to nobody.
  if (state_.fairy_follower && *state_.fairy_follower == figure) state_.fairy_follower.reset();
  for (const ExpansionModule* module : modules_) module->OnFigureReturned(*this, figure);
}

void Game::Discard(const DiscardTileAction& action, std::vector<ScoreEvent>& events) {
  // BG-03: the tile leaves the game and the same player draws again.
  if (action.tile == TileInsteadOfDraw()) {
    // BC-21: a tile obtained in a bazaar leaves its owner's hand.
    for (const ExpansionModule* module : modules_) module->AfterTileInsteadOfDrawUsed(*this);
  } else if (state_.bag) {
    state_.bag->Remove(action.tile);
  }
  // BG-20 (BC-21: tiles obtained in a bazaar still held are placed first).
  // With the bag empty and no tile left in this player's hand, the game ends
  // (known gap BC-21: others may still hold bazaar tiles).
  if (state_.bag && state_.bag->Total() == 0 && TileInsteadOfDraw() == nullptr) {
    // The turn began (its automatic effects, PD-17, unless this is the
    // second part, TB-11) and no tile is left for it: the game ends.
    if (!state_.second_part) StartTurn(events);
    BeginEndGame(state_.active_player, events);
  }
}

void Game::FinishTurn(std::vector<ScoreEvent>& events,
                      const std::vector<SegmentAddress>& scoring_order) {
  // BG-01 step 3 / BG-07: every feature the tile just placed completed scores
  // now, including one the follower was placed on in this very turn; in the
  // order the player chose (validated), else the canonical one (AMB-40).
  state_.pending_scorings = scoring_order.empty() ? CompletedByLastTile() : scoring_order;
  for (const ExpansionModule* module : modules_) module->BeforeTurnScoring(*this);
  ContinueBeforeTurnScoring(nullptr, events);
}

void Game::ContinueBeforeTurnScoring(const ExpansionModule* module,
                                     std::vector<ScoreEvent>& events) {
  auto next = modules_.begin();
  if (module != nullptr) {
    next = std::find(modules_.begin(), modules_.end(), module);
    if (next != modules_.end()) ++next;
  }
  for (; next != modules_.end(); ++next) {
    if ((*next)->BeginTurnScoring(*this, events)) return;
  }
  for (const ExpansionModule* each : modules_) {
    if (each->OpenDecisionBeforeTurnScoring(*this)) return;
  }
  ContinueTurn(events);
}

void Game::ContinueTurn(std::vector<ScoreEvent>& events) {
  while (!state_.pending_scorings.empty()) {
    const int feature = board_.FeatureOf(board_.SegmentId(state_.pending_scorings.front()));
    for (const ExpansionModule* module : modules_) {
      if (module->OpenDecisionBeforeScoring(*this, feature)) return;
    }
    ScorePendingFeature(events);
  }
  if (AfterTurnScoring(events)) return;
  for (const ExpansionModule* module : modules_) {
    if (module->OpenDecisionAfterTurnScoring(*this)) return;
  }
  EndTurnPart(events);
}

bool Game::AfterTurnScoring(std::vector<ScoreEvent>& events) {
  const size_t first_event = events.size();
  field_decision_opened_ = false;
  for (const ExpansionModule* module : modules_) {
    module->AfterTurnScoring(*this, events);
    if (field_decision_opened_) break;  // the modules after it, on resumption
  }
  NotifyTurnScoreEvents(events, first_event);
  return field_decision_opened_;
}

void Game::NotifyTurnScoreEvents(const std::vector<ScoreEvent>& events, size_t first) {
  for (size_t i = first; i < events.size(); ++i) {
    for (const ExpansionModule* module : modules_) module->OnTurnScoreEvent(*this, events[i]);
  }
}

bool Game::OpenDecisionBeforeFieldScoring(int field, ScoringTrigger trigger,
                                          std::vector<SegmentAddress> then) {
  if (declining_decisions_) return false;
  state_.pending_scorings = std::move(then);
  state_.pending_scorings.insert(state_.pending_scorings.begin(),
                                 board_.AddressOf(board_.FeatureOf(field)));
  for (const ExpansionModule* module : modules_) {
    if (module->OpenDecisionBeforeFieldScoring(*this, field, trigger)) {
      field_decision_opened_ = true;
      return true;
    }
  }
  state_.pending_scorings.clear();
  return false;
}

void Game::ScorePendingField(std::vector<ScoreEvent>& events) {
  if (state_.pending_scorings.empty()) return;
  const int field = board_.FeatureOf(board_.SegmentId(state_.pending_scorings.front()));
  std::optional<ScoringTrigger> trigger;
  for (const ExpansionModule* module : modules_) {
    trigger = module->PendingFieldTrigger(*this, field);
    if (trigger) break;
  }
  state_.phase = Phase::kPlaceFigure;  // until the turn goes on
  state_.deciding_player = state_.active_player;
  ScorePendingFeature(events);
  if (trigger == ScoringTrigger::kBarnPlaced) {
    // AM-17: the barn was the figure step; the turn's scoring begins, in the
    // order kept behind the field (AMB-40).
    std::vector<SegmentAddress> order = std::move(state_.pending_scorings);
    state_.pending_scorings.clear();
    FinishTurn(events, order);
  } else {
    ContinueTurn(events);  // AM-19: after the turn's features
  }
}

std::optional<ScoreEvent> Game::ValueWithModifiers(int feature, ScoringTrigger trigger) const {
  std::optional<ScoreEvent> event =
      FeatureValue(board_, state_, board_.FeatureOf(feature), trigger);
  if (!event) return event;
  for (const ExpansionModule* module : modules_) module->ModifyScore(*this, feature, *event);
  return event;
}

int Game::FeatureWorth(int feature) const {
  const std::optional<ScoreEvent> event = ValueWithModifiers(feature, ScoringTrigger::kCompleted);
  return event ? event->Total() : 0;
}

void Game::ScorePendingFeature(std::vector<ScoreEvent>& events) {
  if (state_.pending_scorings.empty()) return;
  const int feature = board_.FeatureOf(board_.SegmentId(state_.pending_scorings.front()));
  state_.pending_scorings.erase(state_.pending_scorings.begin());
  const size_t first_event = events.size();
  if (board_.Feature(feature).kind == SegmentKind::kField) {
    // A barn's field that waited for a decision (OpenDecisionBeforeFieldScoring).
    for (const ExpansionModule* module : modules_) {
      if (const std::optional<ScoringTrigger> trigger =
              module->PendingFieldTrigger(*this, feature)) {
        Score(feature, *trigger, events);
        break;
      }
    }
    NotifyTurnScoreEvents(events, first_event);
    return;
  }
  Score(feature, ScoringTrigger::kCompleted, events);
  for (const ExpansionModule* module : modules_) {
    module->AfterFeatureCompleted(*this, feature, events);
  }
  for (size_t i = first_event; i < events.size(); ++i) {
    for (const ExpansionModule* module : modules_) module->OnTurnScoreEvent(*this, events[i]);
  }
}

void Game::EndTurnPart(std::vector<ScoreEvent>& events) {
  const int placer = state_.active_player;
  // The whole turn is over (no second part follows): a module's decision at
  // the turn's end (the bazaar, BC-18) comes before the next player's turn.
  if (!state_.final_abbey_last_seat && !(state_.extra_tile_earned && !state_.second_part)) {
    state_.extra_tile_earned = false;
    for (const ExpansionModule* module : modules_) {
      if (module->OpenDecisionAtTurnEnd(*this)) return;
    }
  }
  // AM-07: in the final abbey round no land tile is left for a second part;
  // nor when the bag is empty and the game goes on only for the tiles
  // obtained in a bazaar (BC-21).
  if (state_.final_abbey_last_seat) state_.extra_tile_earned = false;
  if (state_.bag && state_.bag->Total() == 0 && TilesHeld()) state_.extra_tile_earned = false;
  if (state_.extra_tile_earned && !state_.second_part) {
    // TB-11: the same player places a second tile; TB-12: never a third.
    state_.second_part = true;
  } else {
    state_.second_part = false;
    state_.active_player = (state_.active_player + 1) % static_cast<int>(state_.players.size());
    // TW-12: the ransom's once a turn is the turn's.
    state_.ransom_paid = false;
  }
  state_.extra_tile_earned = false;
  state_.deciding_player = state_.active_player;
  state_.phase = Phase::kPlaceTile;
  if (state_.final_abbey_last_seat) {
    // AM-07: a turn of the final abbey round is over (no second part: no
    // land tile is left); the round goes on after this player.
    BeginEndGame(*state_.final_abbey_last_seat, events);
    return;
  }
  // BG-20: the game ends after the last tile is placed (BC-21: once the tiles
  // obtained in a bazaar are placed too).
  if (state_.bag && state_.bag->Total() == 0 && !TilesHeld()) BeginEndGame(placer, events);
}

const TileType* Game::TileInsteadOfDraw() const {
  for (const ExpansionModule* module : modules_) {
    if (const TileType* tile = module->TileInsteadOfDraw(*this)) return tile;
  }
  return nullptr;
}

bool Game::TilesHeld() const {
  return std::any_of(modules_.begin(), modules_.end(), [&](const ExpansionModule* module) {
    return module->HoldsTilesToPlace(*this);
  });
}

void Game::StartTurn(std::vector<ScoreEvent>& events) {
  for (const ExpansionModule* module : modules_) module->AtStartOfTurn(*this, events);
}

void Game::ContinueAfterModule(const ExpansionModule* module, std::vector<ScoreEvent>& events) {
  auto next = std::find(modules_.begin(), modules_.end(), module);
  if (next != modules_.end()) ++next;
  for (; next != modules_.end(); ++next) {
    if ((*next)->OpenDecisionAfterTurnScoring(*this)) return;
  }
  EndTurnPart(events);
}

void Game::BeginEndGame(int last_player, std::vector<ScoreEvent>& events) {
  for (const ExpansionModule* module : modules_) {
    if (module->OpenDecisionBeforeEndScoring(*this, last_player)) return;
  }
  EndGame(events);
}

std::vector<SegmentAddress> FeaturesCompletedByLastTile(const Board& board) {
  const int placed_index = board.tile_count() - 1;
  const BoardTile& placed = board.tile(placed_index);
  std::vector<int> completed;
  auto add = [&](int feature) {
    const int root = board.FeatureOf(feature);
    if (std::find(completed.begin(), completed.end(), root) == completed.end()) {
      completed.push_back(root);
    }
  };
  for (int i = 0; i < static_cast<int>(placed.type().segments.size()); ++i) {
    const SegmentKind kind = placed.type().segments[i].kind;
    const int segment = board.SegmentId(placed_index, i);
    if ((kind == SegmentKind::kRoad || kind == SegmentKind::kCity ||
         kind == SegmentKind::kMonastery || kind == SegmentKind::kGarden) &&
        IsComplete(board, segment)) {
      add(segment);
    }
  }
  // AM-03: an abbey closes the roads and cities that meet it (it has no
  // segment of them).
  for (int feature : FeaturesMeetingAbbey(board, placed_index)) {
    if (IsComplete(board, feature)) add(feature);
  }
  // BG-12, AB-06: a monastery or garden next to the tile may have just got its
  // eighth neighbour.
  for (Position around : Surrounding(placed.cell())) {
    const int tile_index = board.TileIndexAt(around);
    if (tile_index < 0) continue;
    const auto& segments = board.tile(tile_index).type().segments;
    for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
      const int segment = board.SegmentId(tile_index, i);
      if ((segments[i].kind == SegmentKind::kMonastery ||
           segments[i].kind == SegmentKind::kGarden) &&
          IsComplete(board, segment)) {
        add(segment);
      }
    }
  }
  // AMB-40: cities, then roads, then monasteries; within a kind, by the
  // feature's first segment in board (placement) order.
  std::vector<std::pair<std::pair<int, int>, SegmentAddress>> ordered;
  ordered.reserve(completed.size());
  for (int feature : completed) {
    const int first = board.FirstSegmentOf(feature);
    ordered.push_back({{ScoringRank(board.Feature(feature).kind), first}, board.AddressOf(first)});
  }
  std::sort(ordered.begin(), ordered.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<SegmentAddress> addresses;
  addresses.reserve(ordered.size());
  for (const auto& entry : ordered) addresses.push_back(entry.second);
  return addresses;
}

std::vector<SegmentAddress> Game::CompletedByLastTile() const {
  return FeaturesCompletedByLastTile(board_);
}

void Game::EndGame(std::vector<ScoreEvent>& events) {
  final_scoring_begin_ = events.size();
  for (const ExpansionModule* module : modules_) module->BeforeEndOfGameScoring(*this, events);
  // BG-20..22: every feature that still holds figures scores, fields included.
  for (int feature : OccupiedFeatures(board_, state_)) {
    // A castle's lord that never scored gets nothing (BC-15).
    if (std::any_of(modules_.begin(), modules_.end(), [&](const ExpansionModule* module) {
          return module->IsOwnFeature(*this, feature);
        })) {
      continue;
    }
    Score(feature, ScoringTrigger::kEndOfGame, events);
  }
  for (const ExpansionModule* module : modules_) module->AtEndOfGame(*this, events);
  // Every figure left (builders, pigs) goes back: the board is cleared.
  while (!state_.figures.empty()) ReturnFigure(state_.figures.back());
  // AM-12: wagons still waiting to move go back too (the game is over).
  for (const Figure& wagon : state_.wagons_to_move)
    SupplyOf(state_.players[wagon.owner], wagon.kind) += 1;
  state_.wagons_to_move.clear();
  state_.extra_tile_earned = false;
  state_.second_part = false;
  state_.pending_scorings.clear();
  state_.castle_offers.clear();
  state_.final_abbey_last_seat.reset();
  // BC-21: tiles obtained in a bazaar and not placed leave with the game.
  state_.bazaar_due = false;
  state_.bazaar_lots.clear();
  state_.bazaar_auction.reset();
  state_.deciding_player = state_.active_player;
  state_.phase = Phase::kGameOver;
}

void Game::Score(int feature, ScoringTrigger trigger, std::vector<ScoreEvent>& events) {
  for (const ExpansionModule* module : modules_) module->BeforeScoring(*this, feature);
  std::optional<ScoreEvent> event = ScoreFeature(board_, state_, feature, trigger);
  if (!event) return;
  for (const ExpansionModule* module : modules_) module->ModifyScore(*this, feature, *event);
  event->SettlePoints();
  // BG-06 / BG-23: each majority player scores the full points.
  event->AddToScores(state_.players);
  // BG-06: the followers go back to their owners' supply.
  for (const Figure& figure : event->returned_figures) ReturnFigure(figure);
  for (const ExpansionModule* module : modules_) module->AfterScoring(*this, *event);
  events.push_back(std::move(*event));
}

void Game::ListDrawnTilePlacements(const TileType* drawn, const TileType* hidden,
                                   std::optional<Animal> animal, LegalActions& legal) const {
  // (The abbey is never drawn, AM-03: its placements are the player's own.)
  if (drawn == nullptr || drawn->abbey) return;
  // BG-01: no copy of it can be drawn (none left in the tracked bag; without
  // one, every copy of the set on the board), so nothing is listed, as
  // ValidatePlaceTile refuses every placement (fuzz finding F6).
  std::vector<Violation> not_drawable;
  CheckTileCanBeDrawn(*drawn, std::nullopt, not_drawable);
  if (!not_drawable.empty()) return;
  for (const ExpansionModule* module : modules_) {
    module->CheckTileDrawn(*this, *drawn, not_drawable);
  }
  // The draw of a tile to lay under it (a hill, HS-03) is part of the
  // draw: without a possible one, nothing is listed.
  for (const ExpansionModule* module : modules_) {
    module->CheckHiddenTile(*this, *drawn, hidden, std::nullopt, not_drawable);
    module->CheckTileChance(*this, *drawn, animal, std::nullopt, not_drawable);
  }
  if (!not_drawable.empty()) return;
  const int player = state_.deciding_player;
  const FollowerOptionsIfPlaced follower_options(board_, state_, player);
  // RV-10: no figure on the volcano lake, wherever it goes.
  const bool figures_forbidden =
      std::any_of(modules_.begin(), modules_.end(),
                  [&](const ExpansionModule* module) { return module->ForbidsFiguresOn(*drawn); });
  const std::vector<TilePlacement> placements = LegalTilePlacements(*drawn);
  legal.actions.reserve(placements.size() + 1);
  legal.placements.reserve(placements.size());
  for (const TilePlacement& placement : placements) {
    const PlaceTileAction& action =
        std::get<PlaceTileAction>(legal.actions.emplace_back(PlaceTileAction{
            drawn, placement.cell, placement.rotation, hidden, animal, placement.bridge}));
    // The tile as it lies on the board (with a bridge on it, BC-07).
    const TileType& placed_type = TypeOnBoard(action);
    // PD-23: the princess's compulsory removal, where she would join a knight.
    const bool forbidden_here =
        figures_forbidden ||
        std::any_of(modules_.begin(), modules_.end(), [&](const ExpansionModule* module) {
          return module->ForbidsFiguresIfPlaced(*this, *drawn, placement.cell, placement.rotation);
        });
    legal.placements.push_back(
        {placement.cell, placement.rotation,
         forbidden_here ? SegmentIndexes{}
                        : follower_options.For(placed_type, placement.cell, placement.rotation),
         drawn, placement.bridge, &placed_type == drawn ? nullptr : &placed_type});
  }
  // BG-03: a tile that fits nowhere is set aside.
  if (legal.actions.empty()) legal.actions.push_back(DiscardTileAction{drawn});
}

void Game::ListAbbeyPlacements(LegalActions& legal) const {
  // AM-03: the deciding player's abbey, into any hole (the modules judge).
  const int player = state_.deciding_player;
  if (!state_.rules.am_abbey || state_.players[player].abbeys <= 0) return;
  const TileType& abbey = AbbeyTileSet().tiles.front();
  const std::vector<TilePlacement> placements = LegalTilePlacements(abbey);
  if (placements.empty()) return;
  const FollowerOptionsIfPlaced follower_options(board_, state_, player);
  for (const TilePlacement& placement : placements) {
    legal.actions.push_back(PlaceTileAction{&abbey, placement.cell, placement.rotation});
    legal.placements.push_back({placement.cell, placement.rotation,
                                follower_options.For(abbey, placement.cell, placement.rotation),
                                &abbey});
  }
}

LegalActions Game::ListLegalActions(const TileType* drawn, const TileType* hidden,
                                    std::optional<Animal> animal) const {
  LegalActions legal;
  const int player = state_.deciding_player;
  switch (state_.phase) {
    case Phase::kGameOver:
      break;
    case Phase::kPlaceTile: {
      ListDrawnTilePlacements(drawn, hidden, animal, legal);
      // AM-03: the abbey instead of the drawn tile (whatever was drawn).
      ListAbbeyPlacements(legal);
      // TW-12: actions of the player's own turn (the ransom).
      for (const ExpansionModule* module : modules_) module->ListTurnActions(*this, legal.actions);
      break;
    }
    case Phase::kFinalAbbey:
      // AM-07: the abbey into a hole, or pass (nothing is drawn).
      ListAbbeyPlacements(legal);
      legal.actions.push_back(PassAction{});
      break;
    case Phase::kPlaceFigure: {
      const int placed_index = board_.tile_count() - 1;
      const Position cell = board_.tile(placed_index).cell();
      const std::vector<int> segments = FollowerSegments(board_, state_, player, placed_index);
      const TileType& placed_type = board_.tile(placed_index).type();
      for (FigureKind kind : {FigureKind::kFollower, FigureKind::kBigFollower, FigureKind::kMayor,
                              FigureKind::kWagon, FigureKind::kRingmaster, FigureKind::kAbbot}) {
        if (SupplyOf(state_.players[player], kind) <= 0) continue;
        for (int segment : segments) {
          if (!FollowerKindMayStandOn(kind, placed_type.segments[segment].kind)) continue;
          legal.actions.push_back(PlaceFigureAction{kind, {cell, segment}});
        }
      }
      for (const ExpansionModule* module : modules_) {
        module->ListOwnFigurePlacements(*this, legal.actions);
      }
      // TW-12: actions of the player's own turn (the ransom); the pass stays
      // last.
      for (const ExpansionModule* module : modules_) module->ListTurnActions(*this, legal.actions);
      legal.actions.push_back(PassAction{});
      // A choice the step must make instead (the princess, PD-23).
      std::erase_if(legal.actions, [&](const Action& action) {
        Verdict verdict;
        CheckFigureStepChoice(action, verdict);
        return !verdict.legal();
      });
      break;
    }
    case Phase::kPlaceMagicFigure:
    case Phase::kCountRedeploy:
    case Phase::kCountDeploy:
    case Phase::kCountFinalRedeploy:
    case Phase::kWagonMove:
    case Phase::kPlaceCastle:
    case Phase::kSiegeEscape:
    case Phase::kDragonMove:
    case Phase::kTowerCapture:
    case Phase::kTowerExchange:
    case Phase::kTendFlock:
    case Phase::kBazaarDraw:
    case Phase::kBazaarOffer:
    case Phase::kBazaarBid:
    case Phase::kBazaarSettle:
    case Phase::kPlacePhantom:
      for (const ExpansionModule* module : modules_) module->ListOwnActions(*this, legal.actions);
      break;
  }
  return legal;
}

std::vector<ScoreEvent> Game::ScoreEndOfGame() {
  std::vector<ScoreEvent> events;
  end_decisions_.clear();
  final_scoring_begin_.reset();
  if (state_.phase == Phase::kGameOver) return events;
  // AM-07: during the final abbey round, the player who placed the last land
  // tile.
  const int last_player = state_.final_abbey_last_seat.value_or(LastPlacer());
  if (state_.phase != Phase::kCountFinalRedeploy && state_.phase != Phase::kFinalAbbey) {
    // A pending magic-figure decision is not taken: the figures stay where
    // they stand. The turn's pending decisions are declined: nobody
    // redeploys or deploys (followers in Carcassonne never score, CO-48).
    // Cities that could become castles score as cities (BC-10 declined).
    // The dragon's flight before the scoring (PD-09) stops where it is.
    // The flock's decision (HS-16) is not taken: no flock is grown or
    // driven, and flocks score nothing at the end (HS-23).
    const bool flight_before_scoring =
        state_.phase == Phase::kDragonMove &&
        state_.rules.pd_dragon_move_time == DragonMoveTime::kAfterMeeple;
    // The Tower's capture and exchange (TW-07, TW-11) are declined where
    // they stand: the figure step is over, nothing is scored yet.
    const bool tower_decision =
        state_.phase == Phase::kTowerCapture || state_.phase == Phase::kTowerExchange;
    const bool scoring_unfinished =
        state_.phase == Phase::kPlaceFigure || state_.phase == Phase::kPlaceMagicFigure ||
        state_.phase == Phase::kPlaceCastle || state_.phase == Phase::kCountRedeploy ||
        state_.phase == Phase::kTendFlock || state_.phase == Phase::kPlacePhantom ||
        flight_before_scoring || tower_decision;
    if (state_.phase == Phase::kPlaceFigure || state_.phase == Phase::kPlaceMagicFigure ||
        flight_before_scoring || tower_decision) {
      state_.pending_scorings = CompletedByLastTile();
    }
    state_.castle_offers.clear();
    declining_decisions_ = true;
    while (!state_.pending_scorings.empty()) ScorePendingFeature(events);
    if (scoring_unfinished) AfterTurnScoring(events);
    declining_decisions_ = false;
    // AMB-48: the end of the game opens its decisions as an emptied bag does.
    // (In a turn of the final abbey round, AM-07, the round goes on after
    // this player.)
    state_.phase = Phase::kPlaceTile;
    if (state_.final_abbey_last_seat) {
      EndTurnPart(events);
    } else {
      BeginEndGame(last_player, events);
    }
  }
  // The end-of-game decisions (the final abbey round, AM-07; CO-46) that
  // would come first: each is listed, then declined, until the final scoring
  // (every player asked passes once, AMB-45). Bounded: every pass leaves one
  // player out of its round; one abbey round, then one redeployment round.
  const int most_decisions = 2 * static_cast<int>(state_.players.size()) + 1;
  for (int step = 0;
       (state_.phase == Phase::kCountFinalRedeploy || state_.phase == Phase::kFinalAbbey) &&
       step <= most_decisions;
       ++step) {
    const auto [pending, rule_id] = PendingDecisionOf(state_);
    end_decisions_.push_back({state_.phase, state_.deciding_player, rule_id});
    const size_t offset = events.size();
    std::vector<ScoreEvent> passed = Apply(PassAction{});
    std::optional<size_t> begin = final_scoring_begin_;
    std::move(passed.begin(), passed.end(), std::back_inserter(events));
    if (begin) final_scoring_begin_ = offset + *begin;
  }
  if (state_.phase != Phase::kGameOver) EndGame(events);
  return events;
}

std::vector<ScoreEvent> Game::ScoreIfEndedNow() const {
  Game copy = *this;
  return copy.ScoreEndOfGame();
}

}  // namespace carcassonne

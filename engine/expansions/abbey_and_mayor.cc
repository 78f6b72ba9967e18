// Abbey & Mayor: the wagon's move after its feature is scored (AM-12), the
// barn, the abbey's placement (AM-03) and the snapshot checks of their
// pieces. See abbey_and_mayor.h.
// (Over 600 lines: the four modules of one expansion share its hooks and
// its snapshot check; splitting the barn or the abbey out is left for later.)
// Why one file: the abbey, the mayor, the wagon and the barn share the module's hooks and its
// scoring order.
#include "engine/expansions/abbey_and_mayor.h"

#include <algorithm>
#include <string>

#include "engine/expansions/princess_and_dragon.h"
#include "engine/expansions/tower.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/rule_variants.h"
#include "engine/rules/scoring.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// Drops the wagons at the front that have nowhere to go (they go back to
// their owners) and sets the decision for the next one. False when none is
// left.
bool NextWagonDecision(Game& game) {
  GameState& state = game.mutable_state();
  while (!state.wagons_to_move.empty()) {
    const Figure wagon = state.wagons_to_move.front();
    if (!WagonTargets(game.board(), state, wagon.segment).empty()) {
      state.phase = Phase::kWagonMove;
      state.deciding_player = wagon.owner;
      return true;
    }
    state.wagons_to_move.erase(state.wagons_to_move.begin());
    SupplyOf(state.players[wagon.owner], FigureKind::kWagon) += 1;
  }
  return false;
}

// AM-15: why no barn may stand on `corner` of the tile at `cell` (empty when
// it may): four tiles meet there and their four corners are field of one
// field.
std::string BarnCornerProblem(const Board& board, Position cell, Corner corner) {
  int field = -1;
  for (const CellCorner& around : CellsAtCorner(cell, corner)) {
    const int tile_index = board.TileIndexAt(around.cell);
    if (tile_index < 0) {
      return Cat("no tile lies on (", around.cell.x, ", ", around.cell.y,
                 "): a barn goes where four tiles meet");
    }
    for (Location half_edge : CornerHalfEdges(around.corner)) {
      const std::optional<int> segment = board.SegmentAt(tile_index, half_edge);
      if (!segment ||
          board.tile(tile_index).type().segments[*segment].kind != SegmentKind::kField) {
        return Cat("the corner ", CornerName(around.corner), " of the tile on (", around.cell.x,
                   ", ", around.cell.y, ") is not field");
      }
      const int root = board.FeatureOf(board.SegmentId(tile_index, *segment));
      if (field >= 0 && root != field) return "the four corners there are not one field";
      field = root;
    }
  }
  return "";
}

// The fields (roots) that hold barns, each once, in barn order.
std::vector<int> BarnFieldRoots(const Board& board, const GameState& state) {
  std::vector<int> fields;
  for (const Barn& barn : state.barns) {
    const int field = board.FieldAtCorner(barn.cell, barn.corner);
    if (field >= 0 && std::find(fields.begin(), fields.end(), field) == fields.end()) {
      fields.push_back(field);
    }
  }
  return fields;
}

bool HasFollowerIn(const Board& board, const GameState& state, int root) {
  return FollowerStandsIn(board, state, root);
}

}  // namespace

std::vector<Violation> BarnViolations(const Game& game, Corner corner) {
  std::vector<Violation> violations;
  const GameState& state = game.state();
  const Board& board = game.board();
  const Position cell = board.tile(board.tile_count() - 1).cell();
  if (state.players[state.deciding_player].barns <= 0) {
    violations.push_back({ViolationCode::kNoFigureInSupply,
                          Cat("Player ", state.deciding_player, " has no barn left."), cell,
                          std::nullopt, "AM-01"});
  }
  const std::string problem = BarnCornerProblem(board, cell, corner);
  if (!problem.empty()) {
    violations.push_back({ViolationCode::kBarnCornerNotAllowed,
                          Cat("No barn on the ", CornerName(corner),
                              " corner of the tile just placed: ", problem, "."),
                          cell, std::nullopt, "AM-15"});
    return violations;
  }
  const std::vector<int> barn_fields = BarnFieldRoots(board, state);
  if (std::find(barn_fields.begin(), barn_fields.end(), board.FieldAtCorner(cell, corner)) !=
      barn_fields.end()) {
    violations.push_back({ViolationCode::kFeatureOccupied,
                          "This field holds a barn already: a field takes one barn.", cell,
                          std::nullopt, "AM-16"});
  }
  return violations;
}

void AbbeyAndMayor::SetUpGame(GameState& state) const {
  for (Player& player : state.players) {
    player.barns = BarnsOwned(state.rules);        // AM-01 (option am.barns)
    player.abbeys = state.rules.am_abbey ? 1 : 0;  // AM-01
  }
}

bool IsHole(const Board& board, Position cell) {
  if (board.HasTile(cell)) return false;
  for (Side side : kAllSides) {
    if (!board.HasTile(Neighbour(cell, side))) return false;
  }
  return true;
}

namespace {

// AM-07: whether the board has a hole left for an abbey (AM-03).
bool AnyHole(const Board& board) {
  for (int i = 0; i < board.tile_count(); ++i) {
    for (Side side : kAllSides) {
      if (IsHole(board, Neighbour(board.tile(i).cell(), side))) return true;
    }
  }
  return false;
}

}  // namespace

bool AbbeyAndMayor::OpenDecisionBeforeEndScoring(Game& game, int last_player) const {
  GameState& state = game.mutable_state();
  if (!state.rules.am_abbey) return false;
  const int players = static_cast<int>(state.players.size());
  // AM-07: the round asks the players after the one who placed the last land
  // tile, in turn order, up to that player. When it runs already, a turn of
  // it is over (Game::EndTurnPart moved on to the player after it) and it
  // goes on from there.
  int asked_last = last_player;
  int left_to_ask = players;
  if (state.final_abbey_last_seat) {
    asked_last = (state.active_player + players - 1) % players;
    left_to_ask = (*state.final_abbey_last_seat - asked_last + players) % players;
  } else {
    state.final_abbey_last_seat = last_player;
  }
  // A player is asked only when their abbey can go somewhere: a hole where
  // every module allows it (e.g. the Cult's shrine neighbours, CU-03, CU-04). The
  // placements do not depend on who places it.
  if (AnyHole(game.board())) {
    const int active = state.active_player;
    const int deciding = state.deciding_player;
    for (int step = 1; step <= left_to_ask; ++step) {
      const int seat = (asked_last + step) % players;
      if (state.players[seat].abbeys <= 0) continue;
      state.active_player = seat;
      state.deciding_player = seat;
      if (game.LegalTilePlacements(AbbeyTileSet().tiles.front()).empty()) break;
      state.phase = Phase::kFinalAbbey;
      return true;
    }
    state.active_player = active;
    state.deciding_player = deciding;
  }
  // The round is over: the other end-of-game decisions, then the final
  // scoring.
  state.final_abbey_last_seat.reset();
  return false;
}

void AbbeyAndMayor::CheckTilePlacement(const Game& game, const PlaceTileAction& action,
                                       std::vector<Violation>& violations) const {
  if (!action.tile->abbey) return;
  const GameState& state = game.state();
  // AM-01, AM-03: one abbey per player, placed once.
  if (state.players[state.deciding_player].abbeys <= 0) {
    violations.push_back({ViolationCode::kNoAbbeyLeft,
                          Cat("Player ", state.deciding_player, " has placed their abbey already."),
                          action.cell, std::nullopt, "AM-03"});
  }
  // AM-03: only into a hole. (An occupied cell is BG-02's CELL_OCCUPIED.)
  if (!game.board().HasTile(action.cell) && !IsHole(game.board(), action.cell)) {
    violations.push_back(
        {ViolationCode::kAbbeyNotInHole,
         Cat("The abbey goes only into an empty cell with placed tiles on all four sides; (",
             action.cell.x, ", ", action.cell.y, ") is not one."),
         action.cell, std::nullopt, "AM-03"});
  }
}

void AbbeyAndMayor::AfterTilePlaced(Game& game) const {
  // AM-03: the abbey just placed leaves its owner's hand.
  const Board& board = game.board();
  if (!board.tile(board.tile_count() - 1).type().abbey) return;
  GameState& state = game.mutable_state();
  state.players[state.active_player].abbeys -= 1;
}

void AbbeyAndMayor::ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kPlaceFigure || !state.rules.am_barn ||
      state.players[state.deciding_player].barns <= 0) {
    return;
  }
  for (Corner corner : kAllCorners) {
    if (BarnViolations(game, corner).empty()) actions.push_back(PlaceBarnAction{corner});
  }
}

void AbbeyAndMayor::AfterTurnScoring(Game& game, std::vector<ScoreEvent>& events) const {
  // AM-19: farmers of a field the turn joined to a barn's field score now,
  // 1 per completed city (ModifyScore), and go back.
  for (int field : BarnFieldRoots(game.board(), game.state())) {
    if (HasFollowerIn(game.board(), game.state(), field)) {
      // A decision may come first (the Count's market round, CO-44): the
      // turn resumes through Game::ScorePendingField.
      if (game.OpenDecisionBeforeFieldScoring(field, ScoringTrigger::kJoinedToBarn, {})) return;
      game.ScoreNow(field, ScoringTrigger::kJoinedToBarn, events);
    }
  }
}

std::optional<ScoringTrigger> AbbeyAndMayor::PendingFieldTrigger(const Game& game,
                                                                 int field) const {
  // A barn on a corner of the tile just placed was placed in this turn part
  // (AM-15): its field scores as at the barn's placement (AM-17); another
  // barn's field holds farmers joined to it (AM-19).
  const Board& board = game.board();
  const Position last = board.tile(board.tile_count() - 1).cell();
  bool barn_field = false;
  for (const Barn& barn : game.state().barns) {
    if (board.FieldAtCorner(barn.cell, barn.corner) != board.FeatureOf(field)) continue;
    if (barn.cell == last) return ScoringTrigger::kBarnPlaced;
    barn_field = true;
  }
  if (barn_field) return ScoringTrigger::kJoinedToBarn;
  return std::nullopt;
}

void AbbeyAndMayor::ModifyScore(const Game& /*game*/, int /*feature*/, ScoreEvent& event) const {
  if (event.feature_kind != FeatureKind::kField || event.trigger != ScoringTrigger::kJoinedToBarn) {
    return;
  }
  // AM-19: 1 per completed city instead of 3 (a castle 1 more, as BC-16 has
  // it; the City of Carcassonne is a completed city).
  for (LineItem& item : event.line_items) {
    if (item.rule_id != "BG-22" && item.rule_id != "CO-22" && item.rule_id != "BC-16") continue;
    item.points_each -= 2;
    item.points = item.count * item.points_each;
    if (item.rule_id == "BG-22") {
      item.rule_id = "AM-19";
      item.description = Cat(item.count, item.count == 1 ? " completed city" : " completed cities",
                             " × 1 (joined to a barn's field)");
    } else {
      item.description += Cat(", joined to a barn's field: ", item.points_each, " each");
    }
  }
}

void AbbeyAndMayor::AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  const Board& board = game.board();
  for (int field : BarnFieldRoots(board, state)) {
    // AM-20, AM-Q1: who scores the barns of this field.
    std::vector<int> barns(state.players.size(), 0);
    for (const Barn& barn : state.barns) {
      if (board.FieldAtCorner(barn.cell, barn.corner) == field) barns[barn.owner] += 1;
    }
    const int most = *std::max_element(barns.begin(), barns.end());
    std::optional<ScoreEvent> event = game.ValueWithModifiers(field, ScoringTrigger::kEndOfGame);
    if (!event) continue;
    for (int player = 0; player < static_cast<int>(barns.size()); ++player) {
      const bool scores = state.rules.am_barn_multi == BarnMulti::kEachOwner
                              ? barns[player] > 0
                              : barns[player] == most;
      if (scores) event->majority_players.push_back(player);
    }
    event->majority_strength = state.rules.am_barn_multi == BarnMulti::kEachOwner ? 1 : most;
    // AM-20: 4 per completed city (the City of Carcassonne too); a castle 5
    // (BC-17, AM-22); nothing else (no pig).
    std::vector<LineItem> items;
    for (LineItem item : event->line_items) {
      if (item.rule_id != "BG-22" && item.rule_id != "CO-22" && item.rule_id != "BC-16") continue;
      item.points_each += 1;
      item.points = item.count * item.points_each;
      if (item.rule_id == "BG-22") {
        item.rule_id = "AM-20";
        item.description = Cat(
            item.count, item.count == 1 ? " completed city" : " completed cities", " × 4 (barn)");
      } else if (item.rule_id == "BC-16") {
        item.rule_id = "BC-17";
        item.description = Cat(item.count, item.count == 1 ? " castle" : " castles", " × 5 (barn)");
      } else {
        item.description = "City of Carcassonne: 1 completed city × 4 (barn)";
      }
      items.push_back(std::move(item));
    }
    event->line_items = std::move(items);
    event->SettlePoints();
    event->AddToScores(state.players);
    events.push_back(std::move(*event));
  }
}

void AbbeyAndMayor::AfterScoring(Game& game, const ScoreEvent& event) const {
  // AM-12: only during play; at the end of the game the wagon goes back.
  if (event.trigger != ScoringTrigger::kCompleted) return;
  GameState& state = game.mutable_state();
  for (const Figure& figure : event.returned_figures) {
    if (figure.kind != FigureKind::kWagon) continue;
    SupplyOf(state.players[figure.owner], FigureKind::kWagon) -= 1;
    state.wagons_to_move.push_back(figure);
  }
}

bool AbbeyAndMayor::OpenDecisionAfterTurnScoring(Game& game) const {
  GameState& state = game.mutable_state();
  if (state.wagons_to_move.empty()) return false;
  // AM-12: several wagons move in turn order from the active player.
  std::stable_sort(state.wagons_to_move.begin(), state.wagons_to_move.end(),
                   [&](const Figure& a, const Figure& b) {
                     return TurnOrder(state, a.owner) < TurnOrder(state, b.owner);
                   });
  return NextWagonDecision(game);
}

bool AbbeyAndMayor::CheckOwnAction(const Game& game, const Action& action,
                                   std::vector<Violation>& violations) const {
  const GameState& state = game.state();
  if (const auto* barn = std::get_if<PlaceBarnAction>(&action)) {
    if (state.phase != Phase::kPlaceFigure || !state.rules.am_barn) return false;
    for (Violation& violation : BarnViolations(game, barn->corner)) {
      violations.push_back(std::move(violation));
    }
    return true;
  }
  // AM-07: the final abbey round may be passed (the abbey is a PlaceTileAction).
  if (state.phase == Phase::kFinalAbbey) return std::holds_alternative<PassAction>(action);
  if (state.phase != Phase::kWagonMove) return false;
  if (std::holds_alternative<PassAction>(action)) return true;
  const auto* move = std::get_if<MoveWagonAction>(&action);
  if (move == nullptr) return false;
  const std::vector<SegmentAddress> targets =
      WagonTargets(game.board(), state, state.wagons_to_move.front().segment);
  if (std::find(targets.begin(), targets.end(), move->segment) == targets.end()) {
    const Position stood = state.wagons_to_move.front().segment.cell;
    const bool c1 = state.rules.am_wagon_move == WagonMove::kC1Connected;
    violations.push_back(
        {ViolationCode::kWagonTargetNotAllowed,
         Cat("The wagon may only move onto an unfinished road, city or monastery that holds no "
             "follower",
             c1 ? " and is connected to the feature it stood on at ("
                : ", on the tile it stood on at (",
             stood.x, ", ", stood.y,
             c1 ? "): the city or monastery a road of it ends at, a road ending at its gate or "
                  "door or at a junction with it, or across an abbey's side."
                : ") or one of the 8 around."),
         move->segment.cell, move->segment.segment_index, c1 ? "AM-13" : "AM-12"});
  }
  return true;
}

bool AbbeyAndMayor::ApplyOwnAction(Game& game, const Action& action,
                                   std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (const auto* barn = std::get_if<PlaceBarnAction>(&action)) {
    if (state.phase != Phase::kPlaceFigure) return false;
    // AM-15: the barn stands; AM-17: its field scores at once for the
    // farmers in it, who go back (the barn's owner scores nothing now).
    const Position cell = game.board().tile(game.board().tile_count() - 1).cell();
    state.barns.push_back({state.deciding_player, cell, barn->corner});
    state.players[state.deciding_player].barns -= 1;
    const int field = game.board().FieldAtCorner(cell, barn->corner);
    // A decision may come before the farmers score (the Count's market
    // round, CO-45); the features the tile completed wait behind the field
    // in the order the player chose (AMB-40).
    if (game.OpenDecisionBeforeFieldScoring(
            field, ScoringTrigger::kBarnPlaced,
            action.scoring_order.empty() ? game.CompletedByLastTile() : action.scoring_order)) {
      return true;
    }
    game.ScoreNow(field, ScoringTrigger::kBarnPlaced, events);
    return true;
  }
  if (state.phase == Phase::kFinalAbbey) {
    // AM-07: this player keeps their abbey; the round goes on after them.
    if (!std::holds_alternative<PassAction>(action)) return false;
    game.EndTurnPart(events);
    return true;
  }
  if (state.phase != Phase::kWagonMove) return false;
  const Figure wagon = state.wagons_to_move.front();
  if (const auto* move = std::get_if<MoveWagonAction>(&action)) {
    state.figures.push_back({FigureKind::kWagon, wagon.owner, move->segment});
  } else if (std::holds_alternative<PassAction>(action)) {
    SupplyOf(state.players[wagon.owner], FigureKind::kWagon) += 1;
  } else {
    return false;
  }
  state.wagons_to_move.erase(state.wagons_to_move.begin());
  if (NextWagonDecision(game)) return true;
  // Every wagon has moved or gone back: the turn goes on (the other modules'
  // decisions after the turn's scoring, then the next turn part).
  state.deciding_player = state.active_player;
  game.ContinueTurn(events);
  return true;
}

bool AbbeyAndMayor::ExplainMissingDecision(const Game& game, const Action& action,
                                           Violation& reason) const {
  if (!std::holds_alternative<MoveWagonAction>(action)) return false;
  if (!game.state().rules.am_wagon) {
    reason.message = "There is no wagon in a game with these rules (option am.wagon, AM-01).";
    reason.rule_id = "AM-01";
  } else {
    reason.message =
        "No wagon waits to move: a wagon moves only right after the feature it stood on is "
        "scored (AM-12).";
    reason.rule_id = "AM-12";
  }
  return true;
}

void AbbeyAndMayor::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kWagonMove || state.wagons_to_move.empty()) return;
  for (const SegmentAddress& target :
       WagonTargets(game.board(), state, state.wagons_to_move.front().segment)) {
    actions.push_back(MoveWagonAction{target});
  }
  actions.push_back(PassAction{});
}

void CheckAbbeyAndMayorPieces(const GameState& state, const Board& board,
                              std::vector<Problem>& problems) {
  const int player_count = static_cast<int>(state.players.size());
  // The barns (AM-01, AM-15): one per player with am.barn (option am.barns).
  const int barns_owned = BarnsOwned(state.rules);
  for (int i = 0; i < player_count; ++i) {
    if (state.players[i].barns < 0 || state.players[i].barns > barns_owned) {
      problems.push_back({Cat("players[", i, "].barns"),
                          Cat("a player has 0 to ", barns_owned, " barns in supply (AM-01)")});
    }
  }
  if (static_cast<int>(state.barns.size()) > barns_owned * player_count) {
    problems.push_back(
        {"barns", Cat("at most ", barns_owned, " barns per player (AM-01, option am.barns)")});
  } else {
    for (int i = 0; i < static_cast<int>(state.barns.size()); ++i) {
      const Barn& barn = state.barns[i];
      const std::string field = Cat("barns[", i, "]");
      if (barn.owner < 0 || barn.owner >= player_count) {
        problems.push_back({field + ".owner", "no such player"});
      }
      if (board.TileIndexAt(barn.cell) < 0) {
        problems.push_back({field, Cat("no barn can stand here: no tile lies on (", barn.cell.x,
                                       ", ", barn.cell.y, ")")});
        continue;
      }
      const std::string problem = BarnCornerProblem(board, barn.cell, barn.corner);
      if (!problem.empty()) problems.push_back({field, Cat("no barn can stand here: ", problem)});
    }
  }
  // The wagons waiting to move (AM-12): at most one per player.
  if (static_cast<int>(state.wagons_to_move.size()) > player_count) {
    problems.push_back({"wagons_to_move", "at most one wagon per player (AM-01)"});
    return;
  }
  for (int i = 0; i < static_cast<int>(state.wagons_to_move.size()); ++i) {
    const Figure& wagon = state.wagons_to_move[i];
    const std::string field = Cat("wagons_to_move[", i, "]");
    if (wagon.kind != FigureKind::kWagon) {
      problems.push_back({field + ".kind", "only wagons move after their feature is scored"});
    }
    if (wagon.owner < 0 || wagon.owner >= player_count) {
      problems.push_back({field + ".owner", "no such player"});
    }
    if (board.SegmentId(wagon.segment) < 0) {
      problems.push_back({field + ".segment", "no such segment on the board"});
    }
  }
}

void CheckAbbeyAndMayor(const GameState& state, const Board& board,
                        std::vector<Problem>& problems) {
  const int player_count = static_cast<int>(state.players.size());
  // The barns conserved (AM-01).
  std::vector<int> barns_on_board;  // (none to count without barns: no allocation)
  if (!state.barns.empty()) barns_on_board.assign(player_count, 0);
  for (const Barn& barn : state.barns) barns_on_board[barn.owner] += 1;
  const int barns_owned = BarnsOwned(state.rules);
  for (int i = 0; i < player_count; ++i) {
    const int on_board = barns_on_board.empty() ? 0 : barns_on_board[i];
    if (state.players[i].barns + on_board != barns_owned) {
      problems.push_back({Cat("players[", i, "].barns"),
                          Cat("barns in supply (", state.players[i].barns, ") and on the board (",
                              on_board, ") must add up to ", barns_owned, " (AM-01)")});
    }
  }
  // AM-18, AM-19: farmers stand in a barn's field only until the turn that
  // joined them to it is scored.
  // (And the dragon's flight before the scoring, PD-09; the Tower's capture,
  // TW-07; the flock's decision, HS-25.)
  const bool scoring_pending =
      state.phase == Phase::kPlaceFigure || state.phase == Phase::kPlaceMagicFigure ||
      state.phase == Phase::kPlaceCastle || state.phase == Phase::kCountRedeploy ||
      DragonFliesBeforeScoring(state) || TowerDecidesBeforeScoring(state) ||
      state.phase == Phase::kTendFlock ||
      // CO-44: a market follower may join a barn's field at the end.
      state.phase == Phase::kCountFinalRedeploy;
  if (!scoring_pending) {
    for (int field : BarnFieldRoots(board, state)) {
      if (HasFollowerIn(board, state, field)) {
        problems.push_back({"figures", "a follower stands in a field that holds a barn (AM-18)"});
        break;
      }
    }
  }
  // With the Count, wagons scored earlier in the turn wait through the
  // redeployment round before a later feature (CO-10) or a barn's field
  // (CO-44) until the turn's scoring is over.
  const bool waiting_in_round = state.phase == Phase::kCountRedeploy;
  if (state.phase == Phase::kWagonMove ? state.wagons_to_move.empty()
                                       : !state.wagons_to_move.empty() && !waiting_in_round) {
    problems.push_back({"wagons_to_move",
                        "wagons wait to move in PHASE_WAGON_MOVE, at least one, or through a "
                        "redeployment round of the Count before the turn's scoring is over "
                        "(AM-12, CO-10)"});
    return;
  }
  if (state.wagons_to_move.empty() || waiting_in_round) return;
  if (!state.pending_scorings.empty()) {
    problems.push_back(
        {"pending_scorings", "wagons move once everything the tile completed is scored (AM-12)"});
  }
  for (int i = 1; i < static_cast<int>(state.wagons_to_move.size()); ++i) {
    const Figure& wagon = state.wagons_to_move[i];
    if (TurnOrder(state, state.wagons_to_move[i - 1].owner) > TurnOrder(state, wagon.owner)) {
      problems.push_back({Cat("wagons_to_move[", i, "].owner"),
                          "wagons move in turn order starting with the active player (AM-12)"});
    }
  }
  if (state.deciding_player != state.wagons_to_move.front().owner) {
    problems.push_back({"deciding_player", "the owner of the first wagon to move decides (AM-12)"});
  }
  if (WagonTargets(board, state, state.wagons_to_move.front().segment).empty()) {
    problems.push_back({"wagons_to_move[0]",
                        "this wagon has nowhere to go, so it went back without a decision "
                        "(AM-12)"});
  }
}

// ----- The snapshot check (expansion_module.h) -----

void CheckFinalAbbeyRound(const GameState& state, const Board& board,
                          std::vector<Problem>& problems) {
  const bool round = state.final_abbey_last_seat.has_value();
  if (state.phase == Phase::kFinalAbbey) {
    if (!round) {
      problems.push_back(
          {"final_abbey_last_seat",
           "PHASE_FINAL_ABBEY needs the seat of the player who placed the last land tile "
           "(AM-07)"});
      return;
    }
    if (state.players[state.deciding_player].abbeys <= 0) {
      problems.push_back({"deciding_player",
                          "in the final abbey round only a player who holds an abbey is asked "
                          "(AM-07)"});
    }
    if (!AnyHole(board)) {
      problems.push_back({"phase",
                          "the final abbey round asks nobody when no hole is left (AM-03, "
                          "AM-07)"});
    }
    if (!state.pending_scorings.empty()) {
      problems.push_back({"pending_scorings", "the final abbey round comes between turns (AM-07)"});
    }
  } else if (round) {
    // A turn of the round: the abbey is the tile just placed.
    const bool turn_phase = state.phase != Phase::kPlaceTile && state.phase != Phase::kGameOver &&
                            state.phase != Phase::kCountFinalRedeploy;
    if (!turn_phase || board.tile_count() == 0 ||
        !board.tile(board.tile_count() - 1).type().abbey) {
      problems.push_back({"final_abbey_last_seat",
                          "the final abbey round is marked only in PHASE_FINAL_ABBEY and in the "
                          "turn of an abbey placed in it (AM-07)"});
    }
  }
  if (round && state.bag && state.bag->Total() > 0) {
    problems.push_back(
        {"bag.tiles", "the final abbey round comes once the last land tile is placed (AM-07)"});
  }
}

void AbbeyAndMayor::CheckOwnPieces(const GameState& state, const Board& board,
                                   std::vector<Problem>& problems) const {
  CheckAbbeyAndMayorPieces(state, board, problems);
  // The abbeys (AM-01, AM-03): each player holds 0 to 1 with am.abbey, none
  // without; an abbey on the board only with am.abbey, and only where it
  // filled a hole: its four neighbours placed before it.
  const int abbeys_owned = state.rules.am_abbey ? 1 : 0;
  for (int i = 0; i < static_cast<int>(state.players.size()); ++i) {
    if (state.players[i].abbeys < 0 || state.players[i].abbeys > abbeys_owned) {
      problems.push_back({Cat("players[", i, "].abbeys"), Cat("a player holds 0 to ", abbeys_owned,
                                                              " abbeys in this game (AM-01)")});
    }
  }
  // AM-07: the final abbey round is marked by the seat of the player who
  // placed the last land tile.
  if (state.final_abbey_last_seat) {
    if (!state.rules.am_abbey) {
      problems.push_back({"final_abbey_last_seat",
                          "the final abbey round runs only with option am_abbey (AM-07)"});
    } else if (*state.final_abbey_last_seat < 0 ||
               *state.final_abbey_last_seat >= static_cast<int>(state.players.size())) {
      problems.push_back({"final_abbey_last_seat", "not a player's seat"});
    }
  }
  for (int i = 0; i < board.tile_count(); ++i) {
    if (!board.tile(i).type().abbey) continue;
    if (!state.rules.am_abbey) {
      problems.push_back({Cat("tiles[", i, "].tile_type"),
                          "an abbey tile is placed, but option am_abbey is off (AM-01)"});
      continue;
    }
    for (Side side : kAllSides) {
      const int neighbour = board.TileIndexAt(Neighbour(board.tile(i).cell(), side));
      if (neighbour < 0 || neighbour > i) {
        problems.push_back({Cat("tiles[", i, "]"),
                            "an abbey goes only into a hole: placed tiles on all four sides of "
                            "its cell before it (AM-03)"});
        break;
      }
    }
  }
}

void AbbeyAndMayor::CheckPiecesTogether(const GameState& state, const Board& board,
                                        std::vector<Problem>& problems) const {
  CheckAbbeyAndMayor(state, board, problems);
  CheckFinalAbbeyRound(state, board, problems);
  // AM-01: one abbey per player, held or on the board.
  if (!state.rules.am_abbey) return;
  int placed = 0;
  for (int i = 0; i < board.tile_count(); ++i) placed += board.tile(i).type().abbey ? 1 : 0;
  int held = 0;
  for (const Player& player : state.players) held += player.abbeys;
  if (placed + held != static_cast<int>(state.players.size())) {
    problems.push_back(
        {"players", Cat("each player has one abbey (AM-01): ", held, " held and ", placed,
                        " on the board make ", held + placed, ", not ", state.players.size())});
  }
}

}  // namespace carcassonne

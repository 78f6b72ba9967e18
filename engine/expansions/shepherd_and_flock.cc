// Hills & Sheep: the shepherd and the flock (see shepherd_and_flock.h).
#include "engine/expansions/shepherd_and_flock.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

int Index(SheepToken token) { return static_cast<int>(token); }

bool IsToken(SheepToken token) {
  return static_cast<unsigned>(token) < static_cast<unsigned>(kSheepTokenKinds);
}

std::string_view TokenName(SheepToken token) {
  switch (token) {
    case SheepToken::kOneSheep:
      return "a token with 1 sheep";
    case SheepToken::kTwoSheep:
      return "a token with 2 sheep";
    case SheepToken::kThreeSheep:
      return "a token with 3 sheep";
    case SheepToken::kFourSheep:
      return "a token with 4 sheep";
    case SheepToken::kWolf:
      return "a wolf";
  }
  return "?";
}

const BoardTile& LastTile(const Board& board) { return board.tile(board.tile_count() - 1); }

// The field (feature) a figure stands in, or -1.
int FieldOf(const Board& board, const Figure& figure) {
  const int segment = board.SegmentId(figure.segment);
  return segment < 0 ? -1 : board.FeatureOf(segment);
}

// The shepherds standing in `field`, in board order of `figures`.
std::vector<Figure> ShepherdsIn(const GameState& state, const Board& board, int field) {
  std::vector<Figure> shepherds;
  for (const Figure& figure : state.figures) {
    if (figure.kind == FigureKind::kShepherd && FieldOf(board, figure) == field) {
      shepherds.push_back(figure);
    }
  }
  return shepherds;
}

const Flock* FlockOf(const GameState& state, int owner) {
  for (const Flock& flock : state.flocks) {
    if (flock.owner == owner) return &flock;
  }
  return nullptr;
}

int SheepIn(const Flock& flock) {
  int sheep = 0;
  for (SheepToken token : flock.tokens) sheep += SheepOn(token);
  return sheep;
}

// Whether the tile placed last has a field segment in `field`.
bool LastTileExtends(const Board& board, int field) {
  const int tile_index = board.tile_count() - 1;
  const auto& segments = LastTile(board).type().segments;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (segments[i].kind == SegmentKind::kField &&
        board.FeatureOf(board.SegmentId(tile_index, i)) == field) {
      return true;
    }
  }
  return false;
}

// HS-16, HS-21: the active player's shepherd whose flock they must tend now:
// placed in an earlier turn (not on the tile just placed: the turn it is
// placed, its draw is the only action), in a field the tile just placed
// extends; a closed field only with option hs.grow_before_closed_scoring.
std::optional<Figure> ShepherdToTend(const GameState& state, const Board& board) {
  if (board.tile_count() == 0) return std::nullopt;
  const Position placed = LastTile(board).cell();
  for (const Figure& figure : state.figures) {
    if (figure.kind != FigureKind::kShepherd || figure.owner != state.active_player) continue;
    if (figure.segment.cell == placed) continue;
    const int field = FieldOf(board, figure);
    if (field < 0 || !LastTileExtends(board, field)) continue;
    if (!state.rules.hs_grow_before_closed_scoring && FieldClosed(board, field)) continue;
    return figure;
  }
  return std::nullopt;
}

// A token drawn goes back into the tracked bag (a wolf at once, HS-14,
// HS-17; a flock's tokens when it leaves the board, HS-17, HS-18).
void PutBack(GameState& state, SheepToken token) {
  if (state.sheep_bag) state.sheep_bag->tokens[Index(token)] += 1;
}

// The flocks' event: where they stood and the shepherds that go back.
ScoreEvent FlockEvent(const Board& board, int field, ScoringTrigger trigger,
                      const std::vector<Figure>& shepherds) {
  ScoreEvent event;
  event.feature_kind = FeatureKind::kFlock;
  event.trigger = trigger;
  event.complete = FieldClosed(board, field);
  for (int tile_index : board.TilesOf(field)) event.tiles.push_back(board.tile(tile_index).cell());
  event.segments = board.SegmentsOf(field);
  event.returned_figures = shepherds;
  return event;
}

// HS-18 (trigger kFlockDriven) and HS-20 (kFieldClosed): every player with a
// shepherd in the field scores the sheep of all its flocks, once; the
// shepherds go back and their tokens into the bag.
void DriveField(Game& game, int field, ScoringTrigger trigger, std::vector<ScoreEvent>& events) {
  const GameState& state = game.state();
  const std::vector<Figure> shepherds = ShepherdsIn(state, game.board(), field);
  if (shepherds.empty()) return;
  ScoreEvent event = FlockEvent(game.board(), field, trigger, shepherds);
  const std::string_view rule_id = trigger == ScoringTrigger::kFieldClosed ? "HS-20" : "HS-18";
  for (const Figure& shepherd : shepherds) {
    event.majority_players.push_back(shepherd.owner);
    const Flock* flock = FlockOf(state, shepherd.owner);
    const int sheep = flock == nullptr ? 0 : SheepIn(*flock);
    event.line_items.push_back(
        {Cat(state.players[shepherd.owner].name, "'s flock: ", sheep, " sheep × 1"), sheep, 1,
         sheep, rule_id});
  }
  // One shepherd per player (HS-01): the owners are distinct.
  std::sort(event.majority_players.begin(), event.majority_players.end());
  event.SettlePoints();
  event.AddToScores(game.mutable_state().players);
  for (const Figure& shepherd : shepherds) game.ReturnFigure(shepherd);
  events.push_back(std::move(event));
}

// HS-17 (grow) and HS-14 (the shepherd's own draw): a wolf scatters every
// flock of the field; no one scores. The wolf goes back into the bag (it
// never left a tracked bag: the draw and the return cancel out).
void Scatter(Game& game, int field, std::string_view rule_id, std::vector<ScoreEvent>& events) {
  const std::vector<Figure> shepherds = ShepherdsIn(game.state(), game.board(), field);
  ScoreEvent event = FlockEvent(game.board(), field, ScoringTrigger::kWolf, shepherds);
  event.line_items.push_back({"wolf: the flock scatters", 1, 0, 0, rule_id});
  for (const Figure& shepherd : shepherds) game.ReturnFigure(shepherd);
  events.push_back(std::move(event));
}

// HS-20, HS-22: every field holding shepherds that no tile can extend any
// more is driven at once, whoever placed the tile.
void DriveClosedFields(Game& game, std::vector<ScoreEvent>& events) {
  for (;;) {
    int closed = -1;
    for (const Figure& figure : game.state().figures) {
      if (figure.kind != FigureKind::kShepherd) continue;
      const int field = FieldOf(game.board(), figure);
      if (field >= 0 && FieldClosed(game.board(), field)) {
        closed = field;
        break;
      }
    }
    if (closed < 0) return;
    DriveField(game, closed, ScoringTrigger::kFieldClosed, events);
  }
}

// HS-14, HS-17: a token the action says was drawn; a violation when it
// cannot have been.
void CheckToken(const GameState& state, SheepToken token, std::optional<Position> cell,
                std::string_view rule_id, std::vector<Violation>& violations) {
  if (TokenDrawable(state, token)) return;
  std::string why = !IsToken(token)   ? std::string("it is no token of the set")
                    : state.sheep_bag ? std::string("the bag holds none of that kind")
                                      : Cat("all ", kSheepTokensInSet[Index(token)],
                                            " of the set lie in flocks on the board");
  violations.push_back(
      {ViolationCode::kSheepTokenNotInBag,
       Cat("The token drawn cannot be ",
           IsToken(token) ? TokenName(token) : std::string_view("that"), ": ", why, "."),
       cell, std::nullopt, rule_id});
}

// HS-13: why the shepherd may not go onto `segment` (empty: it may).
std::vector<Violation> ShepherdPlacementViolations(const Game& game,
                                                   const PlaceShepherdAction& action) {
  std::vector<Violation> violations;
  const GameState& state = game.state();
  const Board& board = game.board();
  const int player = state.deciding_player;
  const SegmentAddress& at = action.segment;
  auto refuse = [&](ViolationCode code, std::string message, std::string_view rule_id) {
    violations.push_back({code, std::move(message), at.cell, at.segment_index, rule_id});
  };
  if (SupplyOf(state.players[player], FigureKind::kShepherd) <= 0) {
    refuse(ViolationCode::kNoFigureInSupply,
           "Your shepherd is already on the board: each player has one (HS-01).", "HS-13");
    return violations;
  }
  const BoardTile& placed = LastTile(board);
  if (at.cell != placed.cell()) {
    refuse(ViolationCode::kNotOnPlacedTile,
           "The shepherd goes onto a field of the tile just placed.", "HS-13");
    return violations;
  }
  const auto& segments = placed.type().segments;
  if (at.segment_index < 0 || at.segment_index >= static_cast<int>(segments.size()) ||
      segments[at.segment_index].kind != SegmentKind::kField) {
    refuse(ViolationCode::kFigureNotAllowed, "The shepherd goes only onto a field segment.",
           "HS-13");
    return violations;
  }
  for (const ExpansionModule* module : ModulesFor(state.rules)) {
    if (module->ForbidsFiguresOn(placed.type())) {
      // PD-05 (a volcano), RV-10 (River II's volcano lake).
      refuse(ViolationCode::kFigureNotAllowed,
             Cat("No figure is placed on ", placed.type().id, "."),
             placed.type().volcano ? "PD-05" : "RV-10");
      return violations;
    }
  }
  if (state.dragon && *state.dragon == at.cell) {
    // PD-05 (the volcano just placed), PD-06 (wherever the dragon stands).
    refuse(ViolationCode::kFigureNotAllowed,
           "The dragon stands on this tile: no figure may be placed on it.",
           placed.type().volcano ? "PD-05" : "PD-06");
    return violations;
  }
  const int field = board.FeatureOf(board.SegmentId(at));
  if (!ShepherdsIn(state, board, field).empty()) {
    refuse(ViolationCode::kFeatureOccupied,
           "A shepherd already stands in this field: no second shepherd goes into it.", "HS-13");
  }
  return violations;
}

}  // namespace

int SheepOn(SheepToken token) {
  switch (token) {
    case SheepToken::kOneSheep:
      return 1;
    case SheepToken::kTwoSheep:
      return 2;
    case SheepToken::kThreeSheep:
      return 3;
    case SheepToken::kFourSheep:
      return 4;
    case SheepToken::kWolf:
      return 0;
  }
  return 0;
}

bool FieldClosed(const Board& board, int feature) {
  const int root = board.FeatureOf(feature);
  for (int tile_index : board.TilesOf(root)) {
    const BoardTile& tile = board.tile(tile_index);
    for (int half_edge = 0; half_edge < 8; ++half_edge) {
      const int segment = tile.segment_at_half_edge[half_edge];
      if (segment < 0 || board.FeatureOf(board.SegmentId(tile_index, segment)) != root) continue;
      if (!board.HasTile(Neighbour(tile.cell(), static_cast<Side>(half_edge / 2)))) return false;
    }
  }
  return true;
}

bool TokenDrawable(const GameState& state, SheepToken token) {
  if (!IsToken(token)) return false;
  if (state.sheep_bag) return state.sheep_bag->tokens[Index(token)] > 0;
  int in_flocks = 0;
  for (const Flock& flock : state.flocks) {
    in_flocks += static_cast<int>(std::count(flock.tokens.begin(), flock.tokens.end(), token));
  }
  return in_flocks < kSheepTokensInSet[Index(token)];
}

void ShepherdAndFlock::SetUpGame(GameState& state) const {
  // HS-02: all 18 tokens go into the bag (tracked with the tile bag).
  if (state.bag) state.sheep_bag = SheepBag{kSheepTokensInSet};
}

void ShepherdAndFlock::ListOwnFigurePlacements(const Game& game,
                                               std::vector<Action>& actions) const {
  const GameState& state = game.state();
  const Board& board = game.board();
  const BoardTile& placed = LastTile(board);
  const auto& segments = placed.type().segments;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (segments[i].kind != SegmentKind::kField) continue;
    PlaceShepherdAction shepherd{{placed.cell(), i}, SheepToken::kOneSheep};
    if (!ShepherdPlacementViolations(game, shepherd).empty()) continue;
    // Each token that can be drawn (chance is the caller's, HS-24).
    for (int kind = 0; kind < kSheepTokenKinds; ++kind) {
      shepherd.token = static_cast<SheepToken>(kind);
      if (TokenDrawable(state, shepherd.token)) actions.push_back(shepherd);
    }
  }
}

bool ShepherdAndFlock::CheckOwnAction(const Game& game, const Action& action,
                                      std::vector<Violation>& violations) const {
  const GameState& state = game.state();
  if (const auto* shepherd = std::get_if<PlaceShepherdAction>(&action)) {
    // (The core admits it only in Phase::kPlaceFigure.)
    std::vector<Violation> found = ShepherdPlacementViolations(game, *shepherd);
    if (found.empty()) CheckToken(state, shepherd->token, shepherd->segment.cell, "HS-14", found);
    std::move(found.begin(), found.end(), std::back_inserter(violations));
    return true;
  }
  if (state.phase != Phase::kTendFlock) return false;
  if (const auto* grow = std::get_if<GrowFlockAction>(&action)) {
    CheckToken(state, grow->token, std::nullopt, "HS-17", violations);
    return true;
  }
  if (std::holds_alternative<DriveFlockAction>(action)) return true;
  if (std::holds_alternative<PassAction>(action)) {
    violations.push_back({ViolationCode::kWrongPhase,
                          "The flock must be grown or driven to the stable: there is no pass.",
                          std::nullopt, std::nullopt, "HS-16"});
    return true;
  }
  return false;
}

bool ShepherdAndFlock::ApplyOwnAction(Game& game, const Action& action,
                                      std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (const auto* shepherd = std::get_if<PlaceShepherdAction>(&action)) {
    // HS-13, HS-14; the core then ends the figure step.
    const Figure figure{FigureKind::kShepherd, state.deciding_player, shepherd->segment};
    state.figures.push_back(figure);
    SupplyOf(state.players[figure.owner], FigureKind::kShepherd) -= 1;
    if (shepherd->token == SheepToken::kWolf) {
      Scatter(game, game.board().FeatureOf(game.board().SegmentId(figure.segment)), "HS-14",
              events);
      return true;
    }
    if (state.sheep_bag) state.sheep_bag->tokens[Index(shepherd->token)] -= 1;
    state.flocks.push_back({figure.owner, {shepherd->token}});
    return true;
  }
  if (state.phase != Phase::kTendFlock) return false;
  const std::optional<Figure> tended = ShepherdToTend(state, game.board());
  if (!tended) return false;  // (CheckPiecesTogether: never in a valid snapshot)
  const int field = FieldOf(game.board(), *tended);
  if (const auto* grow = std::get_if<GrowFlockAction>(&action)) {
    if (grow->token == SheepToken::kWolf) {
      Scatter(game, field, "HS-17", events);  // HS-17: every flock of the field
    } else {
      // HS-17: the sheep joins the flock.
      if (state.sheep_bag) state.sheep_bag->tokens[Index(grow->token)] -= 1;
      for (Flock& flock : state.flocks) {
        if (flock.owner == tended->owner) flock.tokens.push_back(grow->token);
      }
    }
  } else if (std::holds_alternative<DriveFlockAction>(action)) {
    DriveField(game, field, ScoringTrigger::kFlockDriven, events);  // HS-18
  } else {
    return false;
  }
  // HS-25: the decision is taken; the closed fields, then the rest of the
  // turn's scoring.
  state.phase = Phase::kPlaceFigure;
  state.deciding_player = state.active_player;
  DriveClosedFields(game, events);
  game.ContinueBeforeTurnScoring(this, events);
  return true;
}

void ShepherdAndFlock::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kTendFlock) return;
  for (int kind = 0; kind < kSheepTokenKinds; ++kind) {
    const auto token = static_cast<SheepToken>(kind);
    if (TokenDrawable(state, token)) actions.push_back(GrowFlockAction{token});
  }
  actions.push_back(DriveFlockAction{});
}

bool ShepherdAndFlock::ExplainMissingDecision(const Game& /*game*/, const Action& action,
                                              Violation& reason) const {
  if (std::holds_alternative<GrowFlockAction>(action) ||
      std::holds_alternative<DriveFlockAction>(action)) {
    reason.message =
        "A flock is grown or driven only after its owner's own tile extends its field, the "
        "shepherd having been placed in an earlier turn.";
    reason.rule_id = "HS-16";
    return true;
  }
  if (std::holds_alternative<PlaceShepherdAction>(action)) {
    reason.message = "The shepherd is placed only instead of a follower on the tile just placed.";
    reason.rule_id = "HS-13";
    return true;
  }
  return false;
}

bool ShepherdAndFlock::BeginTurnScoring(Game& game, std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  // HS-16, HS-21: the owner's decision first (HS-25).
  if (ShepherdToTend(state, game.board())) {
    state.phase = Phase::kTendFlock;
    state.deciding_player = state.active_player;
    return true;
  }
  DriveClosedFields(game, events);  // HS-20, HS-22
  return false;
}

void ShepherdAndFlock::OnFigureReturned(Game& game, const Figure& figure) const {
  if (figure.kind != FigureKind::kShepherd) return;
  // HS-15: the tokens stay with the shepherd; when it leaves the board
  // (driven, scattered, eaten by the dragon, the end of the game), they go
  // back into the bag (HS-17, HS-18, HS-24).
  GameState& state = game.mutable_state();
  for (const Flock& flock : state.flocks) {
    if (flock.owner != figure.owner) continue;
    for (SheepToken token : flock.tokens) PutBack(state, token);
  }
  std::erase_if(state.flocks, [&](const Flock& flock) { return flock.owner == figure.owner; });
}

void ShepherdAndFlock::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                                        std::vector<Problem>& problems) const {
  if (!rules.hs_grow_before_closed_scoring && !rules.Has(Expansion::kHillsAndSheep)) {
    problems.push_back({Cat(prefix, "hs_grow_before_closed_scoring"),
                        "a Hills & Sheep option needs EXPANSION_HILLS_AND_SHEEP"});
  }
}

void ShepherdAndFlock::CheckOwnPieces(const GameState& state, const Board& /*board*/,
                                      std::vector<Problem>& problems) const {
  const bool in_play = state.rules.Has(Expansion::kHillsAndSheep);
  if (!in_play) {
    if (!state.flocks.empty())
      problems.push_back({"flocks", "flocks need EXPANSION_HILLS_AND_SHEEP"});
    if (state.sheep_bag) {
      problems.push_back({"sheep_bag", "the sheep bag needs EXPANSION_HILLS_AND_SHEEP"});
    }
    return;
  }
  const int players = static_cast<int>(state.players.size());
  std::array<int, kSheepTokenKinds> on_board{};
  std::vector<bool> seen(players, false);
  for (int i = 0; i < static_cast<int>(state.flocks.size()); ++i) {
    const Flock& flock = state.flocks[i];
    const std::string field = Cat("flocks[", i, "]");
    if (flock.owner < 0 || flock.owner >= players) {
      problems.push_back({field + ".owner", "no such player"});
      continue;
    }
    if (seen[flock.owner]) {
      problems.push_back({field + ".owner", "one flock per player: each has one shepherd (HS-01)"});
    }
    seen[flock.owner] = true;
    if (flock.tokens.empty()) {
      problems.push_back(
          {field + ".tokens", "a flock on the board has at least its first sheep token (HS-14)"});
    }
    for (SheepToken token : flock.tokens) {
      if (!IsToken(token) || token == SheepToken::kWolf) {
        problems.push_back({field + ".tokens",
                            "a flock holds sheep tokens only: a wolf goes back at once (HS-14)"});
        return;
      }
      on_board[Index(token)] += 1;
    }
  }
  for (int kind = 0; kind < kSheepTokenKinds; ++kind) {
    if (on_board[kind] > kSheepTokensInSet[kind]) {
      problems.push_back(
          {"flocks", Cat(TokenName(static_cast<SheepToken>(kind)), ": the flocks hold ",
                         on_board[kind], ", the set has ", kSheepTokensInSet[kind], " (HS-01)")});
    }
    if (!state.sheep_bag) continue;
    const int in_bag = state.sheep_bag->tokens[kind];
    // HS-24: every token not in a flock is in the bag. (The sum in 64 bits: a
    // snapshot's count may be any int32, fuzz finding F5.)
    if (static_cast<int64_t>(in_bag) + on_board[kind] != kSheepTokensInSet[kind]) {
      problems.push_back(
          {"sheep_bag", Cat(TokenName(static_cast<SheepToken>(kind)), ": in the bag (", in_bag,
                            ") and in flocks (", on_board[kind], ") must add up to the set's (",
                            kSheepTokensInSet[kind], ", HS-01, HS-24)")});
    }
  }
}

void ShepherdAndFlock::CheckPiecesTogether(const GameState& state, const Board& board,
                                           std::vector<Problem>& problems) const {
  // (Stage 3 found every shepherd's owner a player and at most one each.)
  for (const Figure& figure : state.figures) {
    if (figure.kind == FigureKind::kShepherd && FlockOf(state, figure.owner) == nullptr) {
      problems.push_back({"flocks", Cat("the shepherd of player ", figure.owner,
                                        " stands on the board without a flock (HS-14)")});
    }
  }
  for (const Flock& flock : state.flocks) {
    const bool shepherd =
        std::any_of(state.figures.begin(), state.figures.end(), [&](const Figure& figure) {
          return figure.kind == FigureKind::kShepherd && figure.owner == flock.owner;
        });
    if (!shepherd) {
      problems.push_back({"flocks", Cat("the flock of player ", flock.owner,
                                        " lies on the board without its shepherd (HS-15)")});
    }
  }
  if (state.phase != Phase::kTendFlock) return;
  if (!state.rules.Has(Expansion::kHillsAndSheep)) {
    problems.push_back({"phase", "PHASE_TEND_FLOCK needs EXPANSION_HILLS_AND_SHEEP"});
    return;
  }
  if (!ShepherdToTend(state, board)) {
    problems.push_back({"phase",
                        "PHASE_TEND_FLOCK: the tile just placed does not extend the field of "
                        "the active player's shepherd placed in an earlier turn (HS-16)"});
    return;
  }
  // AMB-40, HS-25: nothing of the turn is scored yet; the features waiting
  // (when the snapshot names them, GameState.scoring_order) are exactly those
  // the last tile completed, each once.
  if (state.pending_scorings.empty()) return;
  std::vector<int> expected;
  for (const SegmentAddress& address : FeaturesCompletedByLastTile(board)) {
    expected.push_back(board.FeatureOf(board.SegmentId(address)));
  }
  std::vector<int> named;
  for (const SegmentAddress& address : state.pending_scorings) {
    const int root = board.FeatureOf(board.SegmentId(address));
    if (std::find(expected.begin(), expected.end(), root) == expected.end() ||
        std::find(named.begin(), named.end(), root) != named.end()) {
      break;
    }
    named.push_back(root);
  }
  if (named.size() != state.pending_scorings.size() || named.size() != expected.size()) {
    problems.push_back({"scoring_order",
                        "the features waiting for their scoring in PHASE_TEND_FLOCK are those the "
                        "last tile completed, each once, or none (AMB-40)"});
  }
}

}  // namespace carcassonne

// The Tower: floors, tower tops, capturing, the exchange and the ransom (see
// tower.h).
#include "engine/expansions/tower.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "engine/expansions/tower_pieces.h"
#include "engine/expansions/traders_and_builders.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/text.h"

namespace carcassonne {
// The module's helpers; those its snapshot checks (tower_checks.cc) read too
// are declared in tower_pieces.h.
namespace tower_pieces {

// TW-12: a ransom costs 3 points.
constexpr int kRansomPoints = 3;

std::string CellName(Position cell) { return Cat("(", cell.x, ", ", cell.y, ")"); }

// TW-01: the tile at `cell` shows a tower foundation.
bool HasFoundation(const Board& board, Position cell) {
  const int tile = board.TileIndexAt(cell);
  if (tile < 0) return false;
  const auto& segments = board.tile(tile).type().segments;
  return std::any_of(segments.begin(), segments.end(), [](const SegmentType& segment) {
    return segment.kind == SegmentKind::kTowerFoundation;
  });
}

const Tower* TowerAt(const GameState& state, Position cell) {
  auto it = std::find_if(state.towers.begin(), state.towers.end(),
                         [&](const Tower& tower) { return tower.cell == cell; });
  return it == state.towers.end() ? nullptr : &*it;
}

Tower* TowerAt(GameState& state, Position cell) {
  return const_cast<Tower*>(TowerAt(static_cast<const GameState&>(state), cell));
}

// TW-03 (b), (c), TW-05: the cells where a floor may go: every empty
// foundation and every open tower, in board order.
std::vector<Position> FloorTargets(const GameState& state, const Board& board) {
  std::vector<Position> targets;
  for (int i = 0; i < board.tile_count(); ++i) {
    const Position cell = board.tile(i).cell();
    if (!HasFoundation(board, cell)) continue;
    const Tower* tower = TowerAt(state, cell);
    if (tower != nullptr && tower->closed) continue;
    targets.push_back(cell);
  }
  return targets;
}

// TW-03 (d), PD-06: an open tower of height at least 1, not on the dragon's
// tile.
bool TakesATop(const GameState& state, const Tower& tower) {
  return tower.height >= 1 && !tower.closed && !(state.dragon && *state.dragon == tower.cell);
}

// TW-03 (d), TW-06: the followers that may stand on top of a tower: a
// follower or a big follower; never a mayor or a wagon (nor a barn, builder
// or pig, which are no followers). The phantom too, in its own step (PH-08:
// listed there by the Phantom; refused in the figure step, PH-07).
constexpr FigureKind kTopKinds[] = {FigureKind::kFollower, FigureKind::kBigFollower,
                                    FigureKind::kPhantom};

bool MayStandOnTop(FigureKind kind) {
  return std::find(std::begin(kTopKinds), std::end(kTopKinds), kind) != std::end(kTopKinds);
}

// TW-07: `cell` is within the reach of a tower at `tower` of `height`: its
// own tile, or up to `height` tiles straight north, east, south or west.
// (Differences in 64 bits: a client's cell may lie anywhere.)
bool InReach(Position tower, int height, Position cell) {
  const int64_t dx = static_cast<int64_t>(cell.x) - tower.x;
  const int64_t dy = static_cast<int64_t>(cell.y) - tower.y;
  if (dx == 0) return dy >= -height && dy <= height;
  if (dy == 0) return dx >= -height && dx <= height;
  return false;
}

// TW-09, BC-13 (engine practice): a castle's lord cannot be captured.
bool OnACastle(const GameState& state, const SegmentAddress& segment) {
  return std::any_of(state.castles.begin(), state.castles.end(), [&](const Castle& castle) {
    return std::find(castle.segments.begin(), castle.segments.end(), segment) !=
           castle.segments.end();
  });
}

// TW-07..TW-10: every meeple the floor just put on the tower at
// `state.tower_capture` may take, figures first (in board order), then tower
// tops.
std::vector<CaptureMeepleAction> CaptureTargets(const GameState& state) {
  std::vector<CaptureMeepleAction> targets;
  if (!state.tower_capture) return targets;
  const Tower* raised = TowerAt(state, *state.tower_capture);
  if (raised == nullptr) return targets;
  for (const Figure& figure : state.figures) {
    // TW-09: followers of every kind; not builders nor pigs.
    if (!IsFollower(figure.kind)) continue;
    if (!InReach(raised->cell, raised->height, figure.segment.cell)) continue;
    if (OnACastle(state, figure.segment)) continue;
    targets.push_back({figure, std::nullopt});
  }
  // TW-10 (option tw.tower_top_capturable).
  if (state.rules.tw_tower_top_capturable) {
    for (const Tower& tower : state.towers) {
      if (!tower.top_owner || !InReach(raised->cell, raised->height, tower.cell)) continue;
      targets.push_back({std::nullopt, tower.cell});
    }
  }
  return targets;
}

bool SameTarget(const CaptureMeepleAction& a, const CaptureMeepleAction& b) {
  return a.figure == b.figure && a.tower_top == b.tower_top;
}

// TW-11: the kinds of `owner`'s meeples that `jailer` holds, in FigureKind
// order.
std::vector<FigureKind> HeldKinds(const GameState& state, int jailer, int owner) {
  std::vector<FigureKind> kinds;
  for (const Prisoner& prisoner : state.prisoners) {
    if (prisoner.jailer != jailer || prisoner.owner != owner) continue;
    if (std::find(kinds.begin(), kinds.end(), prisoner.kind) == kinds.end()) {
      kinds.push_back(prisoner.kind);
    }
  }
  std::sort(kinds.begin(), kinds.end());
  return kinds;
}

// TW-11: the player who, with `player`, holds prisoners of each other, or -1.
int ExchangePartner(const GameState& state, int player) {
  for (int other = 0; other < static_cast<int>(state.players.size()); ++other) {
    if (other == player) continue;
    if (!HeldKinds(state, player, other).empty() && !HeldKinds(state, other, player).empty()) {
      return other;
    }
  }
  return -1;
}

// Frees one prisoner matching (jailer, owner, kind) to its owner's supply.
void Free(GameState& state, int jailer, int owner, FigureKind kind) {
  auto it =
      std::find(state.prisoners.begin(), state.prisoners.end(), Prisoner{jailer, owner, kind});
  if (it == state.prisoners.end()) return;
  state.prisoners.erase(it);
  SupplyOf(state.players[owner], kind) += 1;
}

// TW-11: the capturer and `partner` swap: the capturer's prisoner of
// `partner` (the one just taken: before the capture they did not both hold
// prisoners of each other) goes back, and the capturer's meeple of `kind`
// held by `partner` comes back.
void Exchange(GameState& state, int capturer, int partner, FigureKind kind) {
  const std::vector<FigureKind> taken = HeldKinds(state, capturer, partner);
  Free(state, capturer, partner, taken.front());
  Free(state, partner, capturer, kind);
}

// TW-07: the capture (or its refusal) is over: the turn's scoring begins.
void EndCapture(Game& game, std::vector<ScoreEvent>& events) {
  GameState& state = game.mutable_state();
  state.tower_capture.reset();
  state.phase = Phase::kPlaceFigure;
  state.deciding_player = state.active_player;
  game.EndFigureStep(events);
}

// TW-08: the capturer takes the meeple `target`.
void Capture(Game& game, const CaptureMeepleAction& target) {
  GameState& state = game.mutable_state();
  const int capturer = state.active_player;
  int owner = 0;
  FigureKind kind = FigureKind::kFollower;
  if (target.figure) {
    owner = target.figure->owner;
    kind = target.figure->kind;
    if (owner == capturer) {
      // TW-08: one's own meeple goes back to the supply.
      game.ReturnFigure(*target.figure);
    } else {
      auto it = std::find(state.figures.begin(), state.figures.end(), *target.figure);
      if (it != state.figures.end()) state.figures.erase(it);
      // PD-19: the fairy stays where it is, attached to nobody.
      if (state.fairy_follower && *state.fairy_follower == *target.figure) {
        state.fairy_follower.reset();
      }
    }
    ReturnLonelyBuildersAndPigs(game);  // TB-15, TB-22 (TW-T06)
  } else {
    // TW-10: the meeple on top; the tower stays closed (TW-05).
    Tower* tower = TowerAt(state, *target.tower_top);
    owner = *tower->top_owner;
    kind = tower->top_kind;
    tower->top_owner.reset();
    if (owner == capturer) SupplyOf(state.players[owner], kind) += 1;
  }
  // TW-08: another player's meeple becomes the capturer's prisoner.
  if (owner != capturer) state.prisoners.push_back({capturer, owner, kind});
}

}  // namespace tower_pieces

using namespace tower_pieces;  // (this module's own helpers)

int TowerFloorsPerPlayer(int players) {
  switch (players) {
    case 2:
      return 10;
    case 3:
      return 9;
    case 4:
      return 7;
    case 5:
      return 6;
    case 6:
      return 5;
    default:
      return 0;
  }
}

bool TowerDecidesBeforeScoring(const GameState& state) {
  return state.phase == Phase::kTowerCapture || state.phase == Phase::kTowerExchange;
}

void EatTowerTop(GameState& state, Position cell) {
  Tower* tower = TowerAt(state, cell);
  if (tower == nullptr || !tower->top_owner) return;
  SupplyOf(state.players[*tower->top_owner], tower->top_kind) += 1;
  tower->top_owner.reset();
}

void TowerExpansion::SetUpGame(GameState& state) const {
  // TW-02.
  const int floors = TowerFloorsPerPlayer(static_cast<int>(state.players.size()));
  for (Player& player : state.players) player.tower_floors = floors;
}

void TowerExpansion::ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  const Player& player = state.players[state.deciding_player];
  // TW-03 (b), (c).
  if (player.tower_floors > 0) {
    for (Position cell : FloorTargets(state, game.board())) {
      actions.push_back(PlaceTowerFloorAction{cell});
    }
  }
  // TW-03 (d), TW-06.
  for (const Tower& tower : state.towers) {
    if (!TakesATop(state, tower)) continue;
    for (FigureKind kind : kTopKinds) {
      if (SupplyOf(player, kind) > 0) actions.push_back(PlaceOnTowerAction{kind, tower.cell});
    }
  }
}

bool TowerExpansion::CheckOwnAction(const Game& game, const Action& action,
                                    std::vector<Violation>& violations) const {
  const GameState& state = game.state();
  const Board& board = game.board();
  const Player& player = state.players[state.deciding_player];
  if (const auto* floor = std::get_if<PlaceTowerFloorAction>(&action)) {
    // (The core admits it only in Phase::kPlaceFigure.)
    std::string why;
    std::string_view rule_id = "TW-03";
    const Tower* tower = TowerAt(state, floor->tower);
    if (!HasFoundation(board, floor->tower)) {
      why = board.HasTile(floor->tower) ? "the tile there shows no tower foundation"
                                        : "there is no tile there";
    } else if (tower != nullptr && tower->closed) {
      why = "a meeple has closed that tower for good";
      rule_id = "TW-05";
    } else if (player.tower_floors <= 0) {
      why = "you have no tower floor left";
      rule_id = "TW-02";
    }
    if (!why.empty()) {
      violations.push_back({ViolationCode::kTowerFloorNotAllowed,
                            Cat("No floor can go on ", CellName(floor->tower), ": ", why, "."),
                            floor->tower, std::nullopt, rule_id});
    }
    return true;
  }
  if (const auto* top = std::get_if<PlaceOnTowerAction>(&action)) {
    // (The core admits it only in Phase::kPlaceFigure.)
    std::string why;
    std::string_view rule_id = "TW-03";
    const Tower* tower = TowerAt(state, top->tower);
    if (!MayStandOnTop(top->kind)) {
      why = Cat("a ", FigureKindName(top->kind), " may not go on top of a tower");
      rule_id = "TW-06";
    } else if (FiguresOwned(state.rules, top->kind) == 0 || SupplyOf(player, top->kind) <= 0) {
      why = Cat("you have no ", FigureKindName(top->kind), " in your supply");
      rule_id = "BG-04";
    } else if (tower == nullptr) {
      // TW-04: only floors go on a bare foundation.
      why = HasFoundation(board, top->tower) ? "no tower stands there yet (a meeple never goes "
                                               "on a bare foundation)"
                                             : "there is no tower there";
      rule_id = HasFoundation(board, top->tower) ? "TW-04" : "TW-03";
    } else if (tower->closed) {
      why = "a meeple has closed that tower for good";
      rule_id = "TW-05";
    } else if (state.dragon && *state.dragon == tower->cell) {
      why = "the dragon stands on that tile";
      rule_id = "PD-06";
    }
    if (!why.empty()) {
      violations.push_back(
          {ViolationCode::kTowerTopNotAllowed,
           Cat("No meeple can go on top of the tower at ", CellName(top->tower), ": ", why, "."),
           top->tower, std::nullopt, rule_id});
    }
    return true;
  }
  if (const auto* ransom = std::get_if<PayRansomAction>(&action)) {
    // (The core admits it only in the active player's tile phase or figure
    // step.)
    std::string why;
    std::string_view rule_id = "TW-12";
    const int payer = state.active_player;
    const int players = static_cast<int>(state.players.size());
    if (ransom->jailer < 0 || ransom->jailer >= players || ransom->jailer == payer ||
        std::find(state.prisoners.begin(), state.prisoners.end(),
                  Prisoner{ransom->jailer, payer, ransom->kind}) == state.prisoners.end()) {
      why = Cat("that player holds no ", FigureKindName(ransom->kind), " of yours");
    } else if (state.ransom_paid) {
      why = "a ransom has already been paid in this turn (at most once a turn)";
    } else if (state.players[payer].score < kRansomPoints) {
      why = Cat("you have ", state.players[payer].score, " points, fewer than the 3 it costs");
      rule_id = "TW-Q2";
    }
    if (!why.empty()) {
      violations.push_back({ViolationCode::kRansomNotAllowed,
                            Cat("No ransom can be paid: ", why, "."), std::nullopt, std::nullopt,
                            rule_id});
    }
    return true;
  }
  if (const auto* capture = std::get_if<CaptureMeepleAction>(&action)) {
    if (state.phase != Phase::kTowerCapture) return false;
    const std::vector<CaptureMeepleAction> targets = CaptureTargets(state);
    const bool listed = std::any_of(targets.begin(), targets.end(), [&](const auto& target) {
      return SameTarget(target, *capture);
    });
    if (listed) return true;
    const Tower* raised = TowerAt(state, *state.tower_capture);
    std::string why = "no such meeple stands there";
    std::string_view rule_id = "TW-07";
    std::optional<Position> cell;
    std::optional<int> segment_index;
    if (capture->figure.has_value() == capture->tower_top.has_value()) {
      why = "a capture names one meeple: a figure on a feature, or the meeple on top of a tower";
    } else if (capture->figure) {
      cell = capture->figure->segment.cell;
      segment_index = capture->figure->segment.segment_index;
      const bool present = std::find(state.figures.begin(), state.figures.end(),
                                     *capture->figure) != state.figures.end();
      if (present && !InReach(raised->cell, raised->height, *cell)) {
        why = Cat("it is out of the reach of the tower at ", CellName(raised->cell), " (height ",
                  raised->height, ": its tile and ", raised->height,
                  " tile(s) straight north, east, south and west)");
      } else if (present && !IsFollower(capture->figure->kind)) {
        why = Cat("a ", FigureKindName(capture->figure->kind), " is no follower");
        rule_id = "TW-09";
      } else if (present) {
        why = "a castle's lord cannot be captured";
        rule_id = "TW-09";
      }
    } else {
      cell = capture->tower_top;
      const Tower* tower = TowerAt(state, *cell);
      if (tower != nullptr && tower->top_owner) {
        if (!state.rules.tw_tower_top_capturable) {
          why = "a meeple on top of a tower cannot be captured (option tw.tower_top_capturable)";
          rule_id = "TW-10";
        } else {
          why = Cat("it is out of the reach of the tower at ", CellName(raised->cell), " (height ",
                    raised->height, ")");
        }
      } else {
        why = "no meeple stands on top of a tower there";
      }
    }
    violations.push_back({ViolationCode::kCaptureNotAllowed,
                          Cat("That meeple cannot be captured: ", why, "."), cell, segment_index,
                          rule_id});
    return true;
  }
  if (const auto* exchange = std::get_if<ExchangePrisonerAction>(&action)) {
    if (state.phase != Phase::kTowerExchange) return false;
    const int partner = ExchangePartner(state, state.active_player);
    const std::vector<FigureKind> kinds =
        partner < 0 ? std::vector<FigureKind>{} : HeldKinds(state, partner, state.active_player);
    if (std::find(kinds.begin(), kinds.end(), exchange->kind) == kinds.end()) {
      violations.push_back({ViolationCode::kExchangeNotAllowed,
                            Cat("The other player holds no ", FigureKindName(exchange->kind),
                                " of yours to give back in the exchange."),
                            std::nullopt, std::nullopt, "TW-11"});
    }
    return true;
  }
  if (std::holds_alternative<PassAction>(action)) {
    if (state.phase == Phase::kTowerCapture) return true;  // TW-07: "may"
    if (state.phase != Phase::kTowerExchange) return false;
    // TW-11: the exchange happens at once; only its kind is chosen.
    violations.push_back({ViolationCode::kExchangeNotAllowed,
                          "The exchange of prisoners cannot be declined: choose which of your "
                          "meeples comes back.",
                          std::nullopt, std::nullopt, "TW-11"});
    return true;
  }
  return false;
}

bool TowerExpansion::ApplyOwnAction(Game& game, const Action& action,
                                    std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (const auto* floor = std::get_if<PlaceTowerFloorAction>(&action)) {
    // TW-03 (b), (c); the core then ends the figure step unless a capture is
    // possible (TW-07).
    Tower* tower = TowerAt(state, floor->tower);
    if (tower == nullptr) {
      state.towers.push_back({floor->tower, 0, false, std::nullopt, FigureKind::kFollower});
      tower = &state.towers.back();
    }
    tower->height += 1;
    state.players[state.deciding_player].tower_floors -= 1;
    state.tower_capture = floor->tower;
    if (CaptureTargets(state).empty()) {
      state.tower_capture.reset();
    } else {
      state.phase = Phase::kTowerCapture;
      state.deciding_player = state.active_player;
    }
    return true;
  }
  if (const auto* top = std::get_if<PlaceOnTowerAction>(&action)) {
    // TW-03 (d), TW-05; the core then ends the figure step.
    Tower* tower = TowerAt(state, top->tower);
    tower->top_owner = state.deciding_player;
    tower->top_kind = top->kind;
    tower->closed = true;
    SupplyOf(state.players[state.deciding_player], top->kind) -= 1;
    return true;
  }
  if (const auto* ransom = std::get_if<PayRansomAction>(&action)) {
    // TW-12: 3 points from the payer to the jailer; the meeple comes back.
    const int payer = state.active_player;
    Free(state, ransom->jailer, payer, ransom->kind);
    state.ransom_paid = true;
    ScoreEvent event;
    event.feature_kind = FeatureKind::kRansom;
    event.trigger = ScoringTrigger::kRansom;
    event.line_items.push_back({Cat("ransom for a ", FigureKindName(ransom->kind), " (paid)"), 1,
                                -kRansomPoints, -kRansomPoints, "TW-12", payer});
    event.line_items.push_back({Cat("ransom for a ", FigureKindName(ransom->kind), " (received)"),
                                1, kRansomPoints, kRansomPoints, "TW-12", ransom->jailer});
    event.SettlePoints();
    event.AddToScores(state.players);
    events.push_back(std::move(event));
    return true;
  }
  if (const auto* capture = std::get_if<CaptureMeepleAction>(&action)) {
    if (state.phase != Phase::kTowerCapture) return false;
    Capture(game, *capture);
    // TW-11: the exchange, at once.
    const int capturer = state.active_player;
    const int partner = ExchangePartner(state, capturer);
    if (partner >= 0) {
      const std::vector<FigureKind> kinds = HeldKinds(state, partner, capturer);
      if (kinds.size() > 1) {
        state.phase = Phase::kTowerExchange;
        return true;
      }
      Exchange(state, capturer, partner, kinds.front());
    }
    EndCapture(game, events);
    return true;
  }
  if (const auto* exchange = std::get_if<ExchangePrisonerAction>(&action)) {
    if (state.phase != Phase::kTowerExchange) return false;
    Exchange(state, state.active_player, ExchangePartner(state, state.active_player),
             exchange->kind);
    EndCapture(game, events);
    return true;
  }
  if (std::holds_alternative<PassAction>(action) && state.phase == Phase::kTowerCapture) {
    // TW-07: no capture.
    EndCapture(game, events);
    return true;
  }
  return false;
}

void TowerExpansion::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  if (state.phase == Phase::kTowerCapture) {
    for (const CaptureMeepleAction& target : CaptureTargets(state)) actions.push_back(target);
    actions.push_back(PassAction{});
  }
  if (state.phase == Phase::kTowerExchange) {
    const int partner = ExchangePartner(state, state.active_player);
    if (partner < 0) return;
    for (FigureKind kind : HeldKinds(state, partner, state.active_player)) {
      actions.push_back(ExchangePrisonerAction{kind});
    }
  }
}

void TowerExpansion::ListTurnActions(const Game& game, std::vector<Action>& actions) const {
  // TW-12, TW-Q2.
  const GameState& state = game.state();
  const int payer = state.active_player;
  if (state.ransom_paid || state.players[payer].score < kRansomPoints) return;
  std::vector<Prisoner> listed;
  for (const Prisoner& prisoner : state.prisoners) {
    if (prisoner.owner != payer) continue;
    if (std::find(listed.begin(), listed.end(), prisoner) != listed.end()) continue;
    listed.push_back(prisoner);
    actions.push_back(PayRansomAction{prisoner.jailer, prisoner.kind});
  }
}

bool TowerExpansion::ExplainMissingDecision(const Game& game, const Action& action,
                                            Violation& reason) const {
  const GameState& state = game.state();
  if (std::holds_alternative<PlaceTowerFloorAction>(action) ||
      std::holds_alternative<PlaceOnTowerAction>(action)) {
    reason.message =
        "A floor or a meeple goes on a tower only instead of the figure of the tile the player "
        "just placed.";
    reason.rule_id = "TW-03";
    return true;
  }
  if (std::holds_alternative<CaptureMeepleAction>(action)) {
    reason.message = "A meeple is captured only right after a floor is placed.";
    reason.rule_id = "TW-07";
    return true;
  }
  if (std::holds_alternative<ExchangePrisonerAction>(action)) {
    reason.message =
        "The capturer chooses a meeple to take back only in an exchange right after a capture.";
    reason.rule_id = "TW-11";
    return true;
  }
  if (std::holds_alternative<PayRansomAction>(action)) {
    reason.message =
        Cat("A ransom is paid only by the active player on their own turn, before their figure "
            "step ends (",
            state.players[state.active_player].name, "'s turn).");
    reason.rule_id = "TW-12";
    return true;
  }
  return false;
}

void TowerExpansion::AtEndOfGame(Game& game, std::vector<ScoreEvent>& /*events*/) const {
  // TW-13, TW-14: prisoners and tower tops stay where they are and score
  // nothing; a pending capture is over.
  game.mutable_state().tower_capture.reset();
  game.mutable_state().ransom_paid = false;
}

}  // namespace carcassonne

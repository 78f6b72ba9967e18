// The Princess & the Dragon: the volcano, the dragon's flight, the magic
// portal and the princess (see princess_and_dragon.h).
// The fairy is apart, in princess_and_dragon_fairy.cc, but for the check of
// a MoveFairy action (PD-15), which sits in CheckOwnAction with the module's
// other actions. (Just over 600 lines for that reason: moving that check
// would split CheckOwnAction's one dispatch over two files.)
// Why one file: the dragon, the portal and the princess share one module's hooks (the fairy is
// already apart).
#include "engine/expansions/princess_and_dragon.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "engine/expansions/tower.h"
#include "engine/expansions/traders_and_builders.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/rules/follower_placement.h"
#include "engine/rules/scoring.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// PD-10: up to 6 steps, whatever the number of players.
constexpr int kDragonSteps = 6;

std::string CellName(Position cell) { return Cat("(", cell.x, ", ", cell.y, ")"); }

const BoardTile& LastTile(const Board& board) { return board.tile(board.tile_count() - 1); }

// (In 64 bits: a client's cell may lie anywhere.)
bool IsAdjacent(Position a, Position b) {
  const int64_t dx = static_cast<int64_t>(a.x) - b.x;
  const int64_t dy = static_cast<int64_t>(a.y) - b.y;
  // (Differences, never their squares: two far cells' squares overflow.)
  return (dx == 0 && (dy == 1 || dy == -1)) || (dy == 0 && (dx == 1 || dx == -1));
}

bool InFlight(const GameState& state, Position cell) {
  return std::find(state.dragon_flight.begin(), state.dragon_flight.end(), cell) !=
         state.dragon_flight.end();
}

// PD-12: a follower on a castle (its lord) is not eaten.
bool OnACastle(const GameState& state, const SegmentAddress& segment) {
  return std::any_of(state.castles.begin(), state.castles.end(), [&](const Castle& castle) {
    return std::find(castle.segments.begin(), castle.segments.end(), segment) !=
           castle.segments.end();
  });
}

// PD-21: the city feature of the princess on the tile placed last, or -1.
int PrincessCity(const Board& board) {
  if (board.tile_count() == 0) return -1;
  const int last = board.tile_count() - 1;
  const auto& segments = LastTile(board).type().segments;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (segments[i].princess) return board.FeatureOf(board.SegmentId(last, i));
  }
  return -1;
}

// PD-21: the followers the princess may send home (the knights of her city);
// none with option pd.princess_symbol = false (the princess not printed).
std::vector<Figure> Knights(const Game& game) {
  std::vector<Figure> knights;
  if (!game.state().rules.pd_princess_symbol) return knights;
  const Board& board = game.board();
  const int city = PrincessCity(board);
  if (city < 0) return knights;
  for (const Figure& figure : game.state().figures) {
    if (!IsFollower(figure.kind)) continue;
    const int segment = board.SegmentId(figure.segment);
    if (segment >= 0 && board.FeatureOf(segment) == city) knights.push_back(figure);
  }
  return knights;
}

// PD-11, PD-12: the dragon enters `cell`: every figure there goes back.
void Eat(Game& game, Position cell) {
  std::vector<Figure> eaten;
  for (const Figure& figure : game.state().figures) {
    if (figure.segment.cell == cell && !OnACastle(game.state(), figure.segment)) {
      eaten.push_back(figure);
    }
  }
  for (const Figure& figure : eaten) game.ReturnFigure(figure);
  // PD-14: a builder or pig left without its owner's follower goes too.
  if (!eaten.empty()) ReturnLonelyBuildersAndPigs(game);
  LeaveFairyAlone(game.mutable_state());
  // PD-12 (engine practice, open question PD-Q1): a meeple on top of a tower
  // there is eaten too; the tower stays (TW-05).
  EatTowerTop(game.mutable_state(), cell);
}

// PD-09: the tile placed last shows a dragon and the dragon is in play.
bool DragonFlies(const Game& game) {
  const Board& board = game.board();
  return game.state().dragon.has_value() && board.tile_count() > 0 &&
         LastTile(board).type().dragon_symbol;
}

// PD-10: the flight begins with the placer's step; false when the dragon
// cannot move at all.
bool BeginFlight(Game& game) {
  GameState& state = game.mutable_state();
  state.dragon_flight = {*state.dragon};
  if (DragonSteps(state, game.board()).empty()) {
    state.dragon_flight.clear();
    return false;
  }
  state.phase = Phase::kDragonMove;
  state.deciding_player = state.active_player;
  return true;
}

}  // namespace

std::vector<Position> DragonSteps(const GameState& state, const Board& board) {
  std::vector<Position> steps;
  if (!state.dragon || state.dragon_flight.empty()) return steps;
  if (static_cast<int>(state.dragon_flight.size()) > kDragonSteps) return steps;
  for (Side side : kAllSides) {
    const Position next = Neighbour(*state.dragon, side);
    // PD-10: never onto an empty cell nor a tile visited in this flight.
    const int tile = board.TileIndexAt(next);
    if (tile < 0 || InFlight(state, next)) continue;
    // PD-16: never onto the fairy's tile.
    if (state.fairy && next == *state.fairy) continue;
    // AMB-09, CO-15: with the option off, never onto the Count's city tiles.
    if (!state.rules.count_dragon_enters_city_tiles &&
        board.tile(tile).type().city_layout.has_value()) {
      continue;
    }
    steps.push_back(next);
  }
  return steps;
}

void PrincessAndDragon::CheckTileDrawn(const Game& game, const TileType& tile,
                                       std::vector<Violation>& violations) const {
  if (!tile.dragon_symbol || game.state().dragon.has_value()) return;
  violations.push_back({ViolationCode::kDragonNotInPlay,
                        Cat("The tile ", tile.id,
                            " shows a dragon, and the dragon is not yet in play (no volcano has "
                            "been placed): it is set aside and another tile is drawn."),
                        std::nullopt, std::nullopt, "PD-08"});
}

void PrincessAndDragon::AfterTilePlaced(Game& game) const {
  const BoardTile& placed = LastTile(game.board());
  // PD-04, RV-10: the dragon moves straight onto a volcano.
  if (placed.type().volcano) game.mutable_state().dragon = placed.cell();
}

bool PrincessAndDragon::ForbidsFiguresOn(const TileType& tile) const { return tile.volcano; }

bool PrincessAndDragon::PlacesFollowerAnywhere(const Game& game) const {
  // PD-20: a magic portal (none with option pd.portal = false).
  return game.state().rules.pd_portal && game.board().tile_count() > 1 &&
         LastTile(game.board()).type().magic_portal;
}

void PrincessAndDragon::CheckFigurePlacement(const Game& game, const PlaceFigureAction& action,
                                             std::vector<Violation>& violations) const {
  const Board& board = game.board();
  const GameState& state = game.state();
  const BoardTile& placed = LastTile(board);
  if (state.dragon && action.segment.cell == *state.dragon) {
    // PD-05 on the volcano just placed; PD-06 wherever the dragon stands.
    const bool volcano = placed.cell() == *state.dragon && placed.type().volcano;
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          Cat("The dragon stands on the tile at ", CellName(*state.dragon),
                              ": no figure may be placed on it."),
                          action.segment.cell, action.segment.segment_index,
                          volcano ? "PD-05" : "PD-06"});
  }
  if (action.segment.cell == placed.cell() || !PlacesFollowerAnywhere(game)) return;
  // PD-20: through the portal, only onto a feature not yet completed (the
  // core judged BG-04's occupancy and the follower's kind).
  const int segment = board.SegmentId(action.segment);
  if (segment >= 0 && IsComplete(board, segment)) {
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          Cat("This ", SegmentKindName(board.SegmentTypeOf(segment).kind),
                              " is completed: through the magic portal a follower goes only onto "
                              "a feature that is not."),
                          action.segment.cell, action.segment.segment_index, "PD-20"});
  }
}

void PrincessAndDragon::ListOwnFigurePlacements(const Game& game,
                                                std::vector<Action>& actions) const {
  const Board& board = game.board();
  const GameState& state = game.state();
  const int player = state.deciding_player;
  // PD-20: every segment of every other tile that the core's rules (BG-04,
  // BG-05, AM-08, AM-11) allow, of a feature not completed.
  if (PlacesFollowerAnywhere(game)) {
    const int last = board.tile_count() - 1;
    for (int tile = 0; tile < last; ++tile) {
      const Position cell = board.tile(tile).cell();
      if (state.dragon && cell == *state.dragon) continue;  // PD-06
      for (int segment : FollowerSegments(board, state, player, tile)) {
        if (IsComplete(board, board.SegmentId(tile, segment))) continue;
        const SegmentKind kind = board.tile(tile).type().segments[segment].kind;
        for (FigureKind figure :
             {FigureKind::kFollower, FigureKind::kBigFollower, FigureKind::kMayor,
              FigureKind::kWagon, FigureKind::kRingmaster, FigureKind::kAbbot}) {
          if (SupplyOf(state.players[player], figure) <= 0) continue;
          if (!FollowerKindMayStandOn(figure, kind)) continue;
          actions.push_back(PlaceFigureAction{figure, {cell, segment}});
        }
      }
    }
  }
  // PD-05, PD-06: nothing on the dragon's tile (the builder and the pig too).
  if (state.dragon) {
    std::erase_if(actions, [&](const Action& action) {
      const auto* figure = std::get_if<PlaceFigureAction>(&action);
      return figure != nullptr && figure->segment.cell == *state.dragon;
    });
  }
  // PD-21: the princess sends one knight of her city home.
  for (const Figure& knight : Knights(game)) actions.push_back(RemoveKnightAction{knight});
  // PD-15: the fairy moves next to one of the player's followers.
  for (const Figure& follower : FairyTargets(state, player)) {
    actions.push_back(MoveFairyAction{follower});
  }
}

bool PrincessAndDragon::CheckOwnAction(const Game& game, const Action& action,
                                       std::vector<Violation>& violations) const {
  const GameState& state = game.state();
  if (const auto* remove = std::get_if<RemoveKnightAction>(&action)) {
    // (The core admits it only in Phase::kPlaceFigure.)
    const std::vector<Figure> knights = Knights(game);
    if (std::find(knights.begin(), knights.end(), remove->knight) == knights.end()) {
      const bool princess =
          game.state().rules.pd_princess_symbol && PrincessCity(game.board()) >= 0;
      violations.push_back(
          {ViolationCode::kPrincessNotAllowed,
           princess ? std::string("No such follower stands in the city of the princess on the "
                                  "tile just placed.")
           : !state.rules.pd_princess_symbol
               ? std::string("This game is played without the princess (option "
                             "pd.princess_symbol).")
               : Cat("The tile just placed, ", LastTile(game.board()).type().id,
                     ", shows no princess."),
           remove->knight.segment.cell, remove->knight.segment.segment_index, "PD-21"});
    }
    return true;
  }
  if (const auto* fairy = std::get_if<MoveFairyAction>(&action)) {
    // (The core admits it only in Phase::kPlaceFigure.)
    const std::vector<Figure> targets = FairyTargets(state, state.deciding_player);
    if (std::find(targets.begin(), targets.end(), fairy->follower) == targets.end()) {
      // PD-15: why the figure named is none of those: not on the board, not
      // a follower, another player's, or the fairy is with it already.
      const Figure& named = fairy->follower;
      const bool on_board =
          std::find(state.figures.begin(), state.figures.end(), named) != state.figures.end();
      std::string why;
      if (!on_board) {
        why =
            "The fairy moves only next to one of your own followers on the board, and no such "
            "follower stands there.";
      } else if (!IsFollower(named.kind)) {
        why = Cat("The fairy moves only next to a follower, and a ", FigureKindName(named.kind),
                  " is none.");
      } else if (named.owner != state.deciding_player) {
        why = Cat("The fairy moves only next to one of your own followers, and that one is player ",
                  named.owner, "'s.");
      } else {
        why = FairyOnTile(state) ? "The fairy already stands on that follower's tile."
                                 : "The fairy already stands next to that follower.";
      }
      violations.push_back({ViolationCode::kFigureNotAllowed, std::move(why), named.segment.cell,
                            named.segment.segment_index, "PD-15"});
    }
    return true;
  }
  if (const auto* step = std::get_if<MoveDragonAction>(&action)) {
    if (state.phase != Phase::kDragonMove) return false;
    const std::vector<Position> steps = DragonSteps(state, game.board());
    if (std::find(steps.begin(), steps.end(), step->to) != steps.end()) return true;
    std::string why = "it is not a tile next to the dragon (north, east, south or west)";
    std::string_view rule_id = "PD-10";
    if (state.dragon && IsAdjacent(*state.dragon, step->to)) {
      const int tile = game.board().TileIndexAt(step->to);
      if (tile < 0) {
        why = "there is no tile there";
      } else if (InFlight(state, step->to)) {
        why = "the dragon has visited that tile in this flight";
      } else if (state.fairy && step->to == *state.fairy) {
        why = "the fairy protects that tile";
        rule_id = "PD-16";
      } else {
        why = "it is a tile of the City of Carcassonne (option count.dragon_enters_city_tiles)";
        rule_id = "CO-15";
      }
    }
    violations.push_back({ViolationCode::kDragonStepNotAllowed,
                          Cat("The dragon cannot fly from ", CellName(*state.dragon), " to ",
                              CellName(step->to), ": ", why, "."),
                          step->to, std::nullopt, rule_id});
    return true;
  }
  return false;
}

bool PrincessAndDragon::ApplyOwnAction(Game& game, const Action& action,
                                       std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (const auto* remove = std::get_if<RemoveKnightAction>(&action)) {
    // PD-21; the core then ends the figure step (PD-22).
    game.ReturnFigure(remove->knight);
    ReturnLonelyBuildersAndPigs(game);  // TB-15
    LeaveFairyAlone(state);
    return true;
  }
  if (const auto* fairy = std::get_if<MoveFairyAction>(&action)) {
    // PD-15; the core then ends the figure step. With pd.fairy_placement =
    // on_tile the fairy stays with the tile, not with the follower.
    state.fairy = fairy->follower.segment.cell;
    if (FairyOnTile(state)) {
      state.fairy_follower.reset();
    } else {
      state.fairy_follower = fairy->follower;
    }
    return true;
  }
  const auto* step = std::get_if<MoveDragonAction>(&action);
  if (step == nullptr || state.phase != Phase::kDragonMove) return false;
  state.dragon = step->to;
  state.dragon_flight.push_back(step->to);
  Eat(game, step->to);
  if (!DragonSteps(state, game.board()).empty()) {
    // PD-10: the next player clockwise takes the next step.
    const int players = static_cast<int>(state.players.size());
    state.deciding_player =
        (state.active_player + static_cast<int>(state.dragon_flight.size()) - 1) % players;
    return true;
  }
  // PD-10, PD-13: six steps, or stuck: the dragon stays there.
  state.dragon_flight.clear();
  state.phase = Phase::kPlaceFigure;
  state.deciding_player = state.active_player;
  if (state.rules.pd_dragon_move_time == DragonMoveTime::kAfterScoring) {
    // The decisions after the flight's place in the order (the Siege's
    // escape), then the end of the turn part.
    const ExpansionModule* after_scoring = this;
    for (const ExpansionModule* module : ModulesFor(state.rules)) {
      if (dynamic_cast<const DragonFlightAfterScoring*>(module) != nullptr) after_scoring = module;
    }
    game.ContinueAfterModule(after_scoring, events);
    return true;
  }
  // PD-09: then the scoring, with the decisions that come before it (the
  // castles, BC-10) of the modules after this one.
  state.pending_scorings = game.CompletedByLastTile();
  const std::vector<const ExpansionModule*> modules = ModulesFor(state.rules);
  auto next = std::find(modules.begin(), modules.end(), this);
  if (next != modules.end()) ++next;
  for (; next != modules.end(); ++next) {
    if ((*next)->OpenDecisionBeforeTurnScoring(game)) return true;
  }
  game.ContinueTurn(events);
  return true;
}

void PrincessAndDragon::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  if (game.state().phase != Phase::kDragonMove) return;
  for (Position to : DragonSteps(game.state(), game.board())) {
    actions.push_back(MoveDragonAction{to});
  }
}

bool PrincessAndDragon::ExplainMissingDecision(const Game& game, const Action& action,
                                               Violation& reason) const {
  if (std::holds_alternative<MoveDragonAction>(action)) {
    reason.message = game.state().dragon.has_value()
                         ? "The dragon flies only after a tile with a dragon symbol."
                         : "The dragon is not in play: no volcano has been placed.";
    reason.rule_id = "PD-09";
    return true;
  }
  if (std::holds_alternative<MoveFairyAction>(action)) {
    reason.message =
        "The fairy moves only instead of the figure of the tile the player just placed.";
    reason.rule_id = "PD-15";
    return true;
  }
  if (std::holds_alternative<RemoveKnightAction>(action)) {
    reason.message =
        "The princess sends a knight home only instead of the figure of the tile that shows "
        "her.";
    reason.rule_id = "PD-22";
    return true;
  }
  return false;
}

bool PrincessAndDragon::OpenDecisionBeforeTurnScoring(Game& game) const {
  if (game.state().rules.pd_dragon_move_time != DragonMoveTime::kAfterMeeple) return false;
  if (!DragonFlies(game)) return false;
  // The features are judged again once the flight is over.
  if (!BeginFlight(game)) return false;
  game.mutable_state().pending_scorings.clear();
  return true;
}

bool DragonFlightAfterScoring::OpenDecisionAfterTurnScoring(Game& game) const {
  if (game.state().rules.pd_dragon_move_time != DragonMoveTime::kAfterScoring) return false;
  return DragonFlies(game) && BeginFlight(game);
}

bool DragonFliesBeforeScoring(const GameState& state) {
  return state.phase == Phase::kDragonMove &&
         state.rules.pd_dragon_move_time == DragonMoveTime::kAfterMeeple;
}

void PrincessAndDragon::AfterScoring(Game& game, const ScoreEvent& /*event*/) const {
  // PD-19: the fairy stays when its follower went back.
  LeaveFairyAlone(game.mutable_state());
}

bool PrincessAndDragon::ForbidsFiguresIfPlaced(const Game& game, const TileType& tile,
                                               Position cell, Rotation rotation) const {
  // PD-23 (option pd.princess = must): the princess's city would join a city
  // holding a knight: the removal is then the only figure step.
  const GameState& state = game.state();
  if (state.rules.pd_princess != PrincessRemoval::kMust || !state.rules.pd_princess_symbol) {
    return false;
  }
  const Board& board = game.board();
  const BoardTile oriented = Orient({&tile, cell, rotation});
  for (Side side : kAllSides) {
    const int mine = oriented.segment_at_side[SideIndex(side)];
    if (mine < 0 || !tile.segments[mine].princess) continue;
    const int neighbour = board.TileIndexAt(Neighbour(cell, side));
    if (neighbour < 0) continue;
    const BoardTile& next = board.tile(neighbour);
    const int theirs = next.segment_at_side[SideIndex(Opposite(side))];
    if (theirs < 0) continue;
    // (HS-27: a segment sharing that side joins across it too.)
    std::vector<int> cities = {board.FeatureOf(board.SegmentId(neighbour, theirs))};
    for (int sharing : SegmentsSharingSide(next, Opposite(side))) {
      cities.push_back(board.FeatureOf(board.SegmentId(neighbour, sharing)));
    }
    for (const Figure& figure : state.figures) {
      if (!IsFollower(figure.kind)) continue;
      const int segment = board.SegmentId(figure.segment);
      if (segment >= 0 &&
          std::find(cities.begin(), cities.end(), board.FeatureOf(segment)) != cities.end()) {
        return true;
      }
    }
  }
  return false;
}

void PrincessAndDragon::CheckFigureStepChoice(const Game& game, const Action& action,
                                              std::vector<Violation>& violations) const {
  // PD-23 (option pd.princess = must): while the princess's city holds a
  // knight, the figure step is the removal of one.
  if (game.state().rules.pd_princess != PrincessRemoval::kMust) return;
  if (game.state().phase != Phase::kPlaceFigure) return;
  if (std::holds_alternative<RemoveKnightAction>(action)) return;
  const std::vector<Figure> knights = Knights(game);
  if (knights.empty()) return;
  violations.push_back({ViolationCode::kPrincessRemovalRequired,
                        Cat("The princess's city holds ", knights.size(),
                            " knight(s): with option pd.princess = must, the player sends one "
                            "home instead of any other figure step."),
                        LastTile(game.board()).cell(), std::nullopt, "PD-23"});
}

void PrincessAndDragon::AtEndOfGame(Game& game, std::vector<ScoreEvent>& /*events*/) const {
  game.mutable_state().dragon_flight.clear();
}

void PrincessAndDragon::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                                         std::vector<Problem>& problems) const {
  if (!rules.Has(Expansion::kPrincessAndDragon) &&
      rules.pd_dragon_move_time != DragonMoveTime::kAfterMeeple) {
    problems.push_back({Cat(prefix, "pd_dragon_move_time"),
                        "a Princess & Dragon option needs EXPANSION_PRINCESS_AND_DRAGON"});
  }
  if (!rules.Has(Expansion::kPrincessAndDragon) &&
      rules.pd_fairy_placement != FairyPlacement::kNextToFollower) {
    problems.push_back({Cat(prefix, "pd_fairy_placement"),
                        "a Princess & Dragon option needs EXPANSION_PRINCESS_AND_DRAGON"});
  }
  if (!rules.Has(Expansion::kPrincessAndDragon) && rules.pd_princess != PrincessRemoval::kMay) {
    problems.push_back({Cat(prefix, "pd_princess"),
                        "a Princess & Dragon option needs EXPANSION_PRINCESS_AND_DRAGON"});
  }
  if (!rules.count_dragon_enters_city_tiles &&
      !(rules.Has(Expansion::kPrincessAndDragon) && rules.Has(Expansion::kCountOfCarcassonne))) {
    problems.push_back({Cat(prefix, "count_dragon_enters_city_tiles"),
                        "the option needs EXPANSION_PRINCESS_AND_DRAGON and "
                        "EXPANSION_COUNT_OF_CARCASSONNE"});
  }
}

void PrincessAndDragon::CheckPiecesTogether(const GameState& state, const Board& board,
                                            std::vector<Problem>& problems) const {
  const bool in_play = state.rules.Has(Expansion::kPrincessAndDragon);
  if (!in_play) {
    if (state.dragon) problems.push_back({"dragon", "the dragon needs the expansion"});
    if (!state.dragon_flight.empty()) {
      problems.push_back({"dragon_flight", "the dragon needs the expansion"});
    }
    if (state.phase == Phase::kDragonMove) {
      problems.push_back({"phase", "PHASE_DRAGON_MOVE needs the expansion"});
    }
    if (state.fairy || state.fairy_follower) {
      problems.push_back({"fairy", "the fairy needs the expansion"});
    }
    return;
  }
  if (state.fairy_follower && FairyOnTile(state)) {
    problems.push_back({"fairy_follower",
                        "with pd.fairy_placement = on_tile the fairy stays with its tile, next to "
                        "no follower (PD-15)"});
  } else if (state.fairy_follower && !state.fairy) {
    problems.push_back({"fairy", "the fairy stands by its follower on the board (PD-15)"});
  }
  if (state.fairy) {
    if (!board.HasTile(*state.fairy)) {
      problems.push_back({"fairy", "the fairy stands on a tile of the board (PD-15)"});
    } else if (state.fairy_follower) {
      if (FairyFollower(state) == nullptr || !IsFollower(state.fairy_follower->kind)) {
        problems.push_back(
            {"fairy_follower", "the fairy stands next to a follower on the board (PD-15, PD-19)"});
      } else if (!(state.fairy_follower->segment.cell == *state.fairy)) {
        problems.push_back({"fairy_follower", "the fairy stands on its follower's tile (PD-15)"});
      }
    }
    // (PD-16 forbids the dragon's step onto the fairy's tile, not the two on
    // one tile: the fairy may join a figure the dragon did not eat there, a
    // castle's lord, PD-12. The step is judged in CheckOwnAction.)
  }
  bool volcano = false;
  bool dragon_tile = false;
  for (int i = 0; i < board.tile_count(); ++i) {
    volcano = volcano || board.tile(i).type().volcano;
    dragon_tile = dragon_tile || board.tile(i).type().dragon_symbol;
  }
  if (state.dragon) {
    if (!board.HasTile(*state.dragon)) {
      problems.push_back({"dragon", "the dragon stands on a tile of the board (PD-04, PD-10)"});
      return;
    }
    if (!volcano) {
      problems.push_back({"dragon", "the dragon enters play on a volcano (PD-02, PD-04)"});
    }
  } else if (dragon_tile) {
    problems.push_back({"dragon",
                        "a dragon tile is on the board, so the dragon is in play: a dragon tile "
                        "drawn before it is set aside (PD-08)"});
  }
  const bool flying = state.phase == Phase::kDragonMove;
  if (flying != !state.dragon_flight.empty()) {
    problems.push_back({"dragon_flight", flying ? "PHASE_DRAGON_MOVE needs the flight so far"
                                                : "a flight is held only in PHASE_DRAGON_MOVE"});
    return;
  }
  if (!flying) return;
  if (!state.dragon || board.tile_count() < 2 || !LastTile(board).type().dragon_symbol) {
    problems.push_back(
        {"phase", "the dragon flies after a tile with a dragon symbol, once in play (PD-09)"});
    return;
  }
  const int steps = static_cast<int>(state.dragon_flight.size()) - 1;
  if (steps >= kDragonSteps) {
    problems.push_back({"dragon_flight", "a flight has at most 6 steps (PD-10)"});
    return;
  }
  for (int i = 0; i < static_cast<int>(state.dragon_flight.size()); ++i) {
    const Position cell = state.dragon_flight[i];
    const std::string field = Cat("dragon_flight[", i, "]");
    if (!board.HasTile(cell)) {
      problems.push_back({field, "no tile on that cell"});
      return;
    }
    if (i > 0 && !IsAdjacent(state.dragon_flight[i - 1], cell)) {
      problems.push_back({field, "each step goes to a tile beside the last (PD-10)"});
    }
    for (int j = 0; j < i; ++j) {
      if (state.dragon_flight[j] == cell) {
        problems.push_back({field, "the dragon never enters a tile twice in a flight (PD-10)"});
      }
    }
  }
  if (!(state.dragon_flight.back() == *state.dragon)) {
    problems.push_back({"dragon", "the dragon stands on the last tile of its flight"});
  }
  const int players = static_cast<int>(state.players.size());
  if (state.deciding_player != (state.active_player + steps) % players) {
    problems.push_back({"deciding_player",
                        "each step is decided by the next player in turn from the placer (PD-10)"});
  }
  if (DragonSteps(state, board).empty()) {
    problems.push_back({"dragon_flight", "a flight with no step left is over (PD-10)"});
  }
  if (!state.pending_scorings.empty()) {
    problems.push_back(
        {"count.pending_features", "nothing of the turn is scored while the dragon flies (PD-09)"});
  }
}

}  // namespace carcassonne

// Siege: besieged cities and the escape (see siege.h).
#include "engine/expansions/siege.h"

#include <algorithm>
#include <string>

#include "engine/expansions/traders_and_builders.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/rules/scoring.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// The unit of a line item: "5 tiles" of "5 tiles × 2".
std::string Unit(const LineItem& item) {
  return item.description.substr(0, item.description.rfind(" × "));
}

// SI-02 in a game: option siege.besieged = false plays the siege symbols as
// if they were not printed (no city is besieged).
bool BesiegedInGame(const RuleSet& rules, const Board& board, int feature) {
  return rules.siege_besieged && IsBesieged(board, feature);
}

// SI-03..SI-07: a line per value line of a besieged city that takes the
// siege off: 1 per unit when complete (never below 0), all of it when not.
void ApplySiege(const FeatureSummary& summary, bool cathedral_counts, ScoreEvent& event) {
  std::vector<LineItem> reductions;
  for (const LineItem& item : event.line_items) {
    if (item.player >= 0 || item.points_each <= 0) continue;
    const bool coats = item.description.find("coat") != std::string::npos;
    const int less = event.complete ? std::min(item.points_each, 1) : item.points_each;
    std::string_view rule_id = "SI-06";
    if (event.complete) {
      rule_id = summary.cathedral && cathedral_counts ? "SI-05"
                : less == item.points_each            ? "SI-07"
                : coats                               ? "SI-04"
                                                      : "SI-03";
    }
    reductions.push_back({Cat("besieged: ", Unit(item), " × -", less), item.count, -less,
                          -less * item.count, rule_id});
  }
  event.line_items.insert(event.line_items.end(), reductions.begin(), reductions.end());
}

// SI-08: the completed besieged cities that the field `feature` borders,
// each once; castles are no cities (BC-11).
int BesiegedCitiesBordered(const Game& game, int feature) {
  const Board& board = game.board();
  const std::vector<const ExpansionModule*> modules = ModulesFor(game.state().rules);
  std::vector<int> cities;
  for (const SegmentAddress& address : board.SegmentsOf(board.FeatureOf(feature))) {
    const int tile_index = board.TileIndexAt(address.cell);
    const SegmentType& segment = board.tile(tile_index).type().segments[address.segment_index];
    for (int city = 0; city < kMaxSegmentsPerTile; ++city) {
      if ((segment.bordered_cities & (1u << city)) == 0) continue;
      const int root = board.FeatureOf(board.SegmentId(tile_index, city));
      if (std::find(cities.begin(), cities.end(), root) == cities.end()) cities.push_back(root);
    }
  }
  return static_cast<int>(std::count_if(cities.begin(), cities.end(), [&](int city) {
    return IsComplete(board, city) && BesiegedInGame(game.state().rules, board, city) &&
           std::none_of(modules.begin(), modules.end(), [&](const ExpansionModule* module) {
             return module->IsOwnFeature(game, city);
           });
  }));
}

// SI-10, SI-11, SI-12: whether a monastery lies on one of the 8 cells around
// a tile of the city `feature` that shows a siege symbol (or, with
// any_city_tile, any tile of the city).
bool CloisterBorders(const Board& board, const RuleSet& rules, int feature) {
  const bool any_tile = rules.siege_escape_adjacency == SiegeEscapeAdjacency::kAnyCityTile;
  for (const SegmentAddress& address : board.SegmentsOf(feature)) {
    if (!any_tile && !board.SegmentTypeOf(board.SegmentId(address)).besieged) continue;
    for (Position around : Surrounding(address.cell)) {
      const int tile_index = board.TileIndexAt(around);
      if (tile_index < 0) continue;
      for (const SegmentType& segment : board.tile(tile_index).type().segments) {
        if (segment.kind == SegmentKind::kMonastery) return true;
      }
    }
  }
  return false;
}

// Why the figure `figure` may not escape now, or an empty string when it may.
std::string WhyNot(const Board& board, const GameState& state, const Figure& figure) {
  if (figure.owner != state.active_player) return "only the active player's followers escape";
  if (!IsFollower(figure.kind)) return "only a follower escapes, not a builder or a pig (SI-15)";
  const int segment = board.SegmentId(figure.segment);
  if (segment < 0 || board.SegmentTypeOf(segment).kind != SegmentKind::kCity) {
    return "a follower escapes only from a city";
  }
  const int feature = board.FeatureOf(segment);
  if (!BesiegedInGame(state.rules, board, feature)) {
    return state.rules.siege_besieged
               ? "this city is not besieged (SI-02)"
               : "this game is played without the siege symbols (option siege.besieged)";
  }
  // (A completed city was scored and emptied; a castle made of one is no city.)
  if (board.Feature(feature).open_edges == 0) return "this city is completed";
  if (!CloisterBorders(board, state.rules, feature)) {
    return state.rules.siege_escape_adjacency == SiegeEscapeAdjacency::kAnyCityTile
               ? "no cloister borders a tile of this city (SI-11)"
               : "no cloister borders a tile of this city with a siege symbol (SI-10; option "
                 "siege.escape_adjacency = any_city_tile lets any tile of the city count, SI-11)";
  }
  return "";
}

// The active player's followers that may escape now (SI-10), in board order.
std::vector<Figure> Escapers(const Board& board, const GameState& state) {
  std::vector<Figure> escapers;
  for (const Figure& figure : state.figures) {
    if (WhyNot(board, state, figure).empty() &&
        std::find(escapers.begin(), escapers.end(), figure) == escapers.end()) {
      escapers.push_back(figure);
    }
  }
  return escapers;
}

}  // namespace

bool IsBesieged(const Board& board, int feature) {
  for (const SegmentAddress& address : board.SegmentsOf(feature)) {
    if (board.SegmentTypeOf(board.SegmentId(address)).besieged) return true;
  }
  return false;
}

void SiegeScoring::ModifyScore(const Game& game, int feature, ScoreEvent& event) const {
  const Board& board = game.board();
  if (event.feature_kind == FeatureKind::kCity) {
    if (BesiegedInGame(game.state().rules, board, feature)) {
      // (Option ic.cathedrals = false: no cathedral, SI-05.)
      ApplySiege(board.Feature(feature), game.state().rules.ic_cathedrals, event);
    }
    return;
  }
  if (event.feature_kind != FeatureKind::kField) return;
  const int besieged = BesiegedCitiesBordered(game, feature);
  if (besieged == 0) return;
  const std::string cities =
      Cat("besieged: ", besieged, besieged == 1 ? " completed city" : " completed cities");
  // SI-08: each counts twice: 3 more.
  std::vector<LineItem> added = {{Cat(cities, " × 3"), besieged, 3, 3 * besieged, "SI-08"}};
  // SI-08 / SI-09: the pig's 4 per city doubled (8), or only 1 more (7).
  if (game.state().rules.siege_pig_besieged_value == SiegePigBesiegedValue::kDouble) {
    for (const LineItem& item : event.line_items) {
      if (item.rule_id != "TB-21" || item.player < 0) continue;
      added.push_back({Cat(cities, " × 1 (pig)"), besieged, 1, besieged, "SI-08", item.player});
    }
  }
  event.line_items.insert(event.line_items.end(), added.begin(), added.end());
}

bool SiegeEscape::OpenDecisionAfterTurnScoring(Game& game) const {
  // SI-10, SI-14: at the end of the turn part, when a follower can escape.
  if (Escapers(game.board(), game.state()).empty()) return false;
  GameState& state = game.mutable_state();
  state.phase = Phase::kSiegeEscape;
  state.deciding_player = state.active_player;
  return true;
}

bool SiegeEscape::CheckOwnAction(const Game& game, const Action& action,
                                 std::vector<Violation>& violations) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kSiegeEscape) return false;
  if (std::holds_alternative<PassAction>(action)) return true;
  const auto* escape = std::get_if<EscapeSiegeAction>(&action);
  if (escape == nullptr) return false;
  const Figure figure{escape->kind, state.active_player, escape->segment};
  const bool stands =
      std::find(state.figures.begin(), state.figures.end(), figure) != state.figures.end();
  const std::string why = stands ? WhyNot(game.board(), state, figure)
                                 : Cat("no ", FigureKindName(escape->kind),
                                       " of the active player stands on this segment");
  if (!why.empty()) {
    violations.push_back({ViolationCode::kEscapeNotAllowed,
                          Cat("This follower cannot escape: ", why, "."), escape->segment.cell,
                          escape->segment.segment_index, "SI-10"});
  }
  return true;
}

bool SiegeEscape::ApplyOwnAction(Game& game, const Action& action,
                                 std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (state.phase != Phase::kSiegeEscape) return false;
  if (const auto* escape = std::get_if<EscapeSiegeAction>(&action)) {
    // SI-10: back to the supply with no points.
    const Figure figure{escape->kind, state.active_player, escape->segment};
    game.ReturnFigure(figure);
    // SI-15, TB-15: a builder of theirs left without their follower in the
    // city goes back too.
    ReturnLonelyBuildersAndPigs(game);
  } else if (!std::holds_alternative<PassAction>(action)) {
    return false;
  }
  // SI-13: one per turn part. The decisions of the modules after this one,
  // then the next turn part.
  state.deciding_player = state.active_player;
  game.ContinueAfterModule(this, events);
  return true;
}

void SiegeEscape::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kSiegeEscape) return;
  for (const Figure& figure : Escapers(game.board(), state)) {
    actions.push_back(EscapeSiegeAction{figure.kind, figure.segment});
  }
  actions.push_back(PassAction{});
}

void CheckSiegeRules(const RuleSet& rules, std::string_view prefix,
                     std::vector<Problem>& problems) {
  // SI-09, SI-Q1: what a barn's field is worth with a besieged city is open.
  if (rules.am_barn && rules.Has(Expansion::kSiege)) {
    problems.push_back({Cat(prefix, "am_barn"),
                        "this build does not implement the barn together with Siege (SI-09, "
                        "open question SI-Q1)"});
  }
}

void CheckSiege(const GameState& state, const Board& board, std::vector<Problem>& problems) {
  if (state.phase != Phase::kSiegeEscape) return;
  if (!state.rules.Has(Expansion::kSiege)) {
    problems.push_back({"phase", "PHASE_SIEGE_ESCAPE needs EXPANSION_SIEGE"});
  } else if (Escapers(board, state).empty()) {
    problems.push_back(
        {"phase", "PHASE_SIEGE_ESCAPE, but no follower of the active player can escape (SI-10)"});
  }
}

// ----- The snapshot check (expansion_module.h) -----

void SiegeEscape::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                                   std::vector<Problem>& problems) const {
  CheckSiegeRules(rules, prefix, problems);
}

void SiegeEscape::CheckPiecesTogether(const GameState& state, const Board& board,
                                      std::vector<Problem>& problems) const {
  CheckSiege(state, board, problems);
}

}  // namespace carcassonne

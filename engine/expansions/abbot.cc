// The Abbot: the retreat (AB-07..AB-09) and the combinations not built (see
// abbot.h; the figure and the garden live in the core).
#include "engine/expansions/abbot.h"

#include <algorithm>
#include <optional>
#include <string>

#include "engine/board.h"
#include "engine/expansions/hills_and_sheep.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/rules/scoring.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

std::string CellName(Position cell) { return Cat("(", cell.x, ", ", cell.y, ")"); }

// The abbot of `player` on the board, if it stands there.
std::optional<Figure> AbbotOf(const GameState& state, int player) {
  for (const Figure& figure : state.figures) {
    if (figure.kind == FigureKind::kAbbot && figure.owner == player) return figure;
  }
  return std::nullopt;
}

// AB-07, AB-08: the abbot `player` may take back now: on an incomplete
// monastery or garden.
std::optional<Figure> RetreatingAbbot(const Game& game, int player) {
  const std::optional<Figure> abbot = AbbotOf(game.state(), player);
  if (!abbot) return std::nullopt;
  const int segment = game.board().SegmentId(abbot->segment);
  if (segment < 0 || IsComplete(game.board(), segment)) return std::nullopt;
  return abbot;
}

}  // namespace

void Abbot::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                             std::vector<Problem>& problems) const {
  if (!rules.Has(Expansion::kAbbot)) return;
  const auto at = std::find(rules.expansions.begin(), rules.expansions.end(), Expansion::kAbbot);
  const std::string field =
      Cat(prefix, "expansions[", static_cast<int>(at - rules.expansions.begin()), "]");
  // AB-15 (open AB-Q2): the abbot in the Count's cathedral quarter.
  if (rules.Has(Expansion::kCountOfCarcassonne)) {
    problems.push_back({field,
                        "this build does not implement the Abbot together with the Count of "
                        "Carcassonne (the abbot in the cathedral quarter, AB-15, AB-Q2)"});
  }
  // cult.md: the abbot on a shrine is [inferred]; whether a garden is a
  // monastery for the shrine pairing is open (CU-Q2).
  if (rules.Has(Expansion::kCult)) {
    problems.push_back({field,
                        "this build does not implement the Abbot together with the Cult (the "
                        "abbot on a shrine, gardens and CU-03: CU-Q2)"});
  }
}

void Abbot::ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const {
  // AB-07: instead of a figure, the abbot back from an incomplete monastery or
  // garden (AB-08).
  if (const std::optional<Figure> abbot = RetreatingAbbot(game, game.state().deciding_player)) {
    actions.push_back(RetreatAbbotAction{abbot->segment});
  }
}

bool Abbot::CheckOwnAction(const Game& game, const Action& action,
                           std::vector<Violation>& violations) const {
  const auto* retreat = std::get_if<RetreatAbbotAction>(&action);
  if (retreat == nullptr) return false;
  // (The core admits it only in Phase::kPlaceFigure, AB-09: it is the
  // turn's step-2 action, instead of any other.)
  const GameState& state = game.state();
  const int player = state.deciding_player;
  const std::optional<Figure> abbot = AbbotOf(state, player);
  if (!abbot || !(abbot->segment == retreat->segment)) {
    violations.push_back({ViolationCode::kAbbotRetreatNotAllowed,
                          abbot ? Cat("Player ", player, "'s abbot stands at ",
                                      CellName(abbot->segment.cell), ", not on this segment.")
                                : Cat("Player ", player, "'s abbot is not on the board."),
                          retreat->segment.cell, retreat->segment.segment_index, "AB-07"});
    return true;
  }
  if (IsComplete(game.board(), game.board().SegmentId(abbot->segment))) {
    // (Reached when the tile just placed completed it: its scoring comes.)
    violations.push_back({ViolationCode::kAbbotRetreatNotAllowed,
                          "The abbot's monastery or garden is complete: it scores 9 points in "
                          "this turn's scoring (AB-06) and cannot retreat.",
                          retreat->segment.cell, retreat->segment.segment_index, "AB-08"});
  }
  return true;
}

bool Abbot::ApplyOwnAction(Game& game, const Action& action,
                           std::vector<ScoreEvent>& events) const {
  const auto* retreat = std::get_if<RetreatAbbotAction>(&action);
  if (retreat == nullptr) return false;
  GameState& state = game.mutable_state();
  const Board& board = game.board();
  const Figure abbot{FigureKind::kAbbot, state.deciding_player, retreat->segment};
  const int feature = board.SegmentId(retreat->segment);
  // AB-07: scored at once as at the end of the game (BG-21, AB-10): its tile
  // and each of the 8 surrounding cells that holds a tile. What scores is the
  // abbot, not the feature (AT-09): no module's modifier (AB-11, AB-14).
  std::optional<ScoreEvent> event =
      FeatureValue(board, state, feature, ScoringTrigger::kAbbotRetreat);
  if (!event) return true;  // (a monastery or garden always has a value)
  const int tiles = static_cast<int>(event->tiles.size());
  event->line_items = {
      {Cat(tiles, tiles == 1 ? " tile" : " tiles", " × 1"), tiles, 1, tiles, "AB-07"}};
  // AB-12, AT-14 (option hs.vineyards_around_gardens, the C3.1 reading): the
  // retreat counts the vineyards around the monastery or garden, each as
  // around a completed monastery (HS-09; the C3.1 value is open, AB-Q1).
  if (state.rules.hs_vineyards_around_gardens) {
    const int vineyards = VineyardsAround(state.rules, board, retreat->segment.cell);
    if (vineyards > 0) {
      event->line_items.push_back(
          {Cat(vineyards, vineyards == 1 ? " vineyard × " : " vineyards × ", kVineyardPoints),
           vineyards, kVineyardPoints, vineyards * kVineyardPoints, "AB-12"});
    }
  }
  event->majority_players = {abbot.owner};
  event->majority_strength = MajorityStrength(FigureKind::kAbbot);
  event->returned_figures = {abbot};
  event->SettlePoints();
  event->AddToScores(state.players);
  // AB-07: the abbot back to its owner's supply.
  game.ReturnFigure(abbot);
  events.push_back(std::move(*event));
  return true;
}

bool Abbot::ExplainMissingDecision(const Game& /*game*/, const Action& action,
                                   Violation& reason) const {
  if (!std::holds_alternative<RetreatAbbotAction>(action)) return false;
  reason.message =
      "The abbot retreats only in the figure step of the player's turn, instead of placing a "
      "figure.";
  reason.rule_id = "AB-07";
  return true;
}

}  // namespace carcassonne

// The Festival: taking a figure back after placing a festival tile (FV-03..
// FV-10; see festival.h).
#include "engine/expansions/festival.h"

#include <algorithm>
#include <optional>
#include <string>

#include "engine/board.h"
#include "engine/expansions/traders_and_builders.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// FV-03: the tile of this figure step shows the festival symbol.
bool FestivalTileJustPlaced(const Game& game) {
  const Board& board = game.board();
  return game.state().phase == Phase::kPlaceFigure && board.tile_count() > 0 &&
         board.tile(board.tile_count() - 1).type().festival;
}

// Whether `figure` stands in a castle as its lord (Bridges, Castles &
// Bazaars, BC-10): no source rules whether a festival frees the lord of a
// castle (known gap FV-04), so it is not offered.
bool IsCastleLord(const Game& game, const Figure& figure) {
  const Board& board = game.board();
  const int segment = board.SegmentId(figure.segment);
  if (segment < 0) return false;
  const int feature = board.FeatureOf(segment);
  for (const Castle& castle : game.state().castles) {
    for (const SegmentAddress& address : castle.segments) {
      const int castle_segment = board.SegmentId(address);
      if (castle_segment >= 0 && board.FeatureOf(castle_segment) == feature) return true;
    }
  }
  return false;
}

// FV-04, FV-09: whether a figure of `kind` may be taken back under the
// game's option festival.return.
bool KindMayBeTakenBack(const RuleSet& rules, FigureKind kind) {
  return rules.festival_return == FestivalReturn::kFigure || IsFollower(kind);
}

std::string CellName(Position cell) { return Cat("(", cell.x, ", ", cell.y, ")"); }

}  // namespace

void Festival::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                                std::vector<Problem>& problems) const {
  if (!rules.Has(Expansion::kFestival) && rules.festival_return != FestivalReturn::kFigure) {
    problems.push_back(
        {Cat(prefix, "festival_return"), "a Festival option needs EXPANSION_FESTIVAL"});
  }
}

void Festival::ListOwnFigurePlacements(const Game& game, std::vector<Action>& actions) const {
  if (!FestivalTileJustPlaced(game)) return;  // FV-03
  const GameState& state = game.state();
  const int player = state.deciding_player;
  // FV-04: the player's own figures on the board (FV-05: a prisoner is not).
  for (const Figure& figure : state.figures) {
    if (figure.owner != player || !KindMayBeTakenBack(state.rules, figure.kind)) continue;
    if (IsCastleLord(game, figure)) continue;
    actions.push_back(TakeFigureBackAction{figure, std::nullopt});
  }
  // FV-04: the barn is a figure (not a follower, FV-09).
  if (state.rules.festival_return != FestivalReturn::kFigure) return;
  for (const Barn& barn : state.barns) {
    if (barn.owner == player) actions.push_back(TakeFigureBackAction{std::nullopt, barn});
  }
}

bool Festival::CheckOwnAction(const Game& game, const Action& action,
                              std::vector<Violation>& violations) const {
  const auto* take = std::get_if<TakeFigureBackAction>(&action);
  if (take == nullptr) return false;
  // (The core admits it only in Phase::kPlaceFigure: it is the figure step's
  // action, instead of deploying, FV-10.)
  const GameState& state = game.state();
  const int player = state.deciding_player;
  if (!FestivalTileJustPlaced(game)) {
    violations.push_back({ViolationCode::kFigureTakeBackNotAllowed,
                          "The tile just placed shows no festival: a figure is taken back only "
                          "instead of deploying on a festival tile.",
                          {},
                          std::nullopt,
                          "FV-03"});
    return true;
  }
  if (take->barn) {
    const Barn& barn = *take->barn;
    if (barn.owner != player) {
      violations.push_back({ViolationCode::kFigureTakeBackNotAllowed,
                            Cat("Player ", player, " may take back only their own figures."),
                            barn.cell, std::nullopt, "FV-03"});
    } else if (std::find(state.barns.begin(), state.barns.end(), barn) == state.barns.end()) {
      violations.push_back({ViolationCode::kFigureTakeBackNotAllowed,
                            Cat("Player ", player, " has no barn at that corner of the tile at ",
                                CellName(barn.cell), "."),
                            barn.cell, std::nullopt, "FV-04"});
    } else if (state.rules.festival_return != FestivalReturn::kFigure) {
      violations.push_back({ViolationCode::kFigureTakeBackNotAllowed,
                            "With festival.return = follower only a follower may be taken back, "
                            "not a barn.",
                            barn.cell, std::nullopt, "FV-09"});
    }
    return true;
  }
  if (!take->figure) return true;  // (the shape is the referee's to refuse)
  const Figure& figure = *take->figure;
  const SegmentAddress& at = figure.segment;
  if (figure.owner != player) {
    violations.push_back({ViolationCode::kFigureTakeBackNotAllowed,
                          Cat("Player ", player,
                              " may take back only their own figures, not "
                              "player ",
                              figure.owner, "'s."),
                          at.cell, at.segment_index, "FV-03"});
  } else if (std::find(state.figures.begin(), state.figures.end(), figure) == state.figures.end()) {
    // FV-05: a captured follower is not on the board either.
    violations.push_back({ViolationCode::kFigureTakeBackNotAllowed,
                          Cat("Player ", player, " has no ", FigureKindName(figure.kind),
                              " on that segment of the tile at ", CellName(at.cell),
                              "; only a figure on the board may be taken back."),
                          at.cell, at.segment_index, "FV-05"});
  } else if (!KindMayBeTakenBack(state.rules, figure.kind)) {
    violations.push_back({ViolationCode::kFigureTakeBackNotAllowed,
                          Cat("With festival.return = follower only a follower may be taken "
                              "back, not the ",
                              FigureKindName(figure.kind), "."),
                          at.cell, at.segment_index, "FV-09"});
  } else if (IsCastleLord(game, figure)) {
    violations.push_back({ViolationCode::kFigureTakeBackNotAllowed,
                          "The lord of a castle is not taken back in this build: no source "
                          "rules on a castle without its lord (known gap FV-04).",
                          at.cell, at.segment_index, "FV-04"});
  }
  return true;
}

bool Festival::ApplyOwnAction(Game& game, const Action& action,
                              std::vector<ScoreEvent>& /*events*/) const {
  const auto* take = std::get_if<TakeFigureBackAction>(&action);
  if (take == nullptr) return false;
  // FV-04: back into the owner's supply, scoring nothing; FV-07: before the
  // turn's scoring, which the core runs once this step is over.
  if (take->figure) {
    game.ReturnFigure(*take->figure);  // (a shepherd's flock goes too, HS-15)
    // TB-15, TB-22: a builder or pig of theirs left without their follower
    // in its feature goes back too.
    ReturnLonelyBuildersAndPigs(game);
    return true;
  }
  if (take->barn) {
    GameState& state = game.mutable_state();
    const auto barn = std::find(state.barns.begin(), state.barns.end(), *take->barn);
    if (barn == state.barns.end()) return true;
    state.players[barn->owner].barns += 1;
    state.barns.erase(barn);
  }
  return true;
}

bool Festival::ExplainMissingDecision(const Game& /*game*/, const Action& action,
                                      Violation& reason) const {
  if (!std::holds_alternative<TakeFigureBackAction>(action)) return false;
  reason.message =
      "A figure is taken back only in the figure step after placing a festival tile, instead of "
      "deploying one.";
  reason.rule_id = "FV-03";
  return true;
}

}  // namespace carcassonne

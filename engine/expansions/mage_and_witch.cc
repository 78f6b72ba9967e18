// Mage & Witch: the magic figures (see mage_and_witch.h).
#include "engine/expansions/mage_and_witch.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "engine/expansions/princess_and_dragon.h"
#include "engine/expansions/tower.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

constexpr std::array kMagicFigures = {MagicFigure::kMage, MagicFigure::kWitch};

std::string_view Name(MagicFigure figure) {
  return figure == MagicFigure::kMage ? "mage" : "witch";
}

MagicFigure Other(MagicFigure figure) {
  return figure == MagicFigure::kMage ? MagicFigure::kWitch : MagicFigure::kMage;
}

const std::optional<SegmentAddress>& Where(const GameState& state, MagicFigure figure) {
  return figure == MagicFigure::kMage ? state.mage : state.witch;
}

std::optional<SegmentAddress>& Where(GameState& state, MagicFigure figure) {
  return figure == MagicFigure::kMage ? state.mage : state.witch;
}

// The feature a magic figure stands in (its representative segment), or -1
// when it is set aside.
int FeatureAt(const Board& board, const std::optional<SegmentAddress>& where) {
  if (!where) return -1;
  const int segment = board.SegmentId(*where);
  return segment < 0 ? -1 : board.FeatureOf(segment);
}

bool IsRoadOrCity(SegmentKind kind) {
  return kind == SegmentKind::kRoad || kind == SegmentKind::kCity;
}

// Whether `feature` holds a segment of the tile placed last; a completed one
// was then completed by that tile.
bool TouchesLastTile(const Board& board, int feature) {
  const int last = board.tile_count() - 1;
  const int root = board.FeatureOf(feature);
  const int segments = static_cast<int>(board.tile(last).type().segments.size());
  for (int i = 0; i < segments; ++i) {
    if (board.FeatureOf(board.SegmentId(last, i)) == root) return true;
  }
  // AM-03: an abbey placed last closes what meets it.
  for (int closed : FeaturesMeetingAbbey(board, last)) {
    if (board.FeatureOf(closed) == root) return true;
  }
  return false;
}

// Up to `limit` segments, in board order, where a magic figure may go now: a
// road or city of an unfinished feature (MW-05, MW-07, AMB-44) that no magic
// figure stands in (MW-05: not the other's; MW-06: a move goes elsewhere).
std::vector<SegmentAddress> Targets(const Board& board, const GameState& state,
                                    size_t limit = std::numeric_limits<size_t>::max()) {
  const int mage = FeatureAt(board, state.mage);
  const int witch = FeatureAt(board, state.witch);
  std::vector<SegmentAddress> targets;
  for (int tile = 0; tile < board.tile_count(); ++tile) {
    const auto& segments = board.tile(tile).type().segments;
    for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
      if (!IsRoadOrCity(segments[i].kind)) continue;
      const int feature = board.FeatureOf(board.SegmentId(tile, i));
      if (board.Feature(feature).open_edges == 0 || feature == mage || feature == witch) continue;
      targets.push_back({board.tile(tile).cell(), i});
      if (targets.size() >= limit) return targets;
    }
  }
  return targets;
}

// Whether the magic tile's step has anything to decide: a figure to move or
// set aside, or a target for a set-aside one (else it is skipped).
bool HasChoice(const Board& board, const GameState& state) {
  return state.mage || state.witch || !Targets(board, state, 1).empty();
}

bool LastTileIsMagic(const Board& board) {
  return board.tile(board.tile_count() - 1).type().magic_symbol;
}

// AMB-19 (option mage_witch.magic_tile_choice = place_set_aside_first): on a
// magic tile, a figure on the board may not move while the other is beside it;
// the one beside the board is placed instead.
bool MustPlaceOtherFirst(const GameState& state, MagicFigure figure) {
  return state.magic_step == MagicStep::kMagicTile &&
         state.rules.mage_witch_magic_tile_choice == MagicTileChoice::kPlaceSetAsideFirst &&
         Where(state, figure).has_value() && !Where(state, Other(figure)).has_value();
}

void CheckMove(const Game& game, const MoveMagicFigureAction& move,
               std::vector<Violation>& violations) {
  const Board& board = game.board();
  const GameState& state = game.state();
  auto add = [&](ViolationCode code, std::string message, std::string_view rule_id) {
    violations.push_back(
        {code, std::move(message), move.segment.cell, move.segment.segment_index, rule_id});
  };
  const int segment = board.SegmentId(move.segment);
  if (segment < 0) {  // CheckAction reports it as malformed first
    add(ViolationCode::kMagicTargetNotAllowed, "There is no such segment on the board.", "MW-05");
    return;
  }
  const SegmentKind kind = board.SegmentTypeOf(segment).kind;
  // MW-05: only on a road or a city.
  if (!IsRoadOrCity(kind)) {
    add(ViolationCode::kMagicTargetNotAllowed,
        Cat("The ", Name(move.figure), " goes on a road or a city, not on a ",
            SegmentKindName(kind), "."),
        "MW-05");
    return;
  }
  const int feature = board.FeatureOf(segment);
  // MW-05: only an unfinished one; AMB-44: not even one the tile just completed.
  if (board.Feature(feature).open_edges == 0) {
    const bool just = TouchesLastTile(board, feature);
    add(ViolationCode::kMagicTargetNotAllowed,
        Cat("This ", SegmentKindName(kind), " is completed", just ? " by the tile just placed" : "",
            ": a magic figure goes only on an unfinished road or city."),
        just ? "AMB-44" : "MW-05");
  }
  const MagicFigure other = Other(move.figure);
  if (feature == FeatureAt(board, Where(state, other))) {
    // MW-05, MW-09: never both on one feature.
    add(ViolationCode::kMageWitchSameFeature,
        Cat("The ", Name(other), " stands on this ", SegmentKindName(kind),
            ": the mage and the witch may never be on the same feature."),
        state.magic_step == MagicStep::kSeparate ? "MW-09" : "MW-05");
  } else if (feature == FeatureAt(board, Where(state, move.figure))) {
    // MW-06: a magic figure on the board is moved to another feature.
    add(ViolationCode::kMagicTargetNotAllowed,
        Cat("The ", Name(move.figure), " already stands on this ", SegmentKindName(kind),
            ": it must be moved to another feature."),
        "MW-06");
  }
  if (MustPlaceOtherFirst(state, move.figure)) {
    add(ViolationCode::kMagicTargetNotAllowed,
        Cat("The ", Name(Other(move.figure)), " is beside the board: a magic tile places it; the ",
            Name(move.figure), " moves only when both stand on the board."),
        "AMB-19");
  }
}

void CheckSetAside(const Game& game, const SetAsideMagicFigureAction& set_aside,
                   std::vector<Violation>& violations) {
  const GameState& state = game.state();
  // MW-08: only a figure on the board is taken off it.
  if (!Where(state, set_aside.figure)) {
    violations.push_back({ViolationCode::kMagicFigureSetAsideNotAllowed,
                          Cat("The ", Name(set_aside.figure), " is not on the board."),
                          {},
                          std::nullopt,
                          "MW-08"});
    return;
  }
  // AMB-43: only when no figure can go anywhere.
  const std::vector<SegmentAddress> target = Targets(game.board(), state, 1);
  if (!target.empty()) {
    violations.push_back(
        {ViolationCode::kMagicFigureSetAsideNotAllowed,
         Cat("A magic figure can still go to an unfinished road or city (for example at (",
             target[0].cell.x, ", ", target[0].cell.y, ")), so none is set aside."),
         target[0].cell, target[0].segment_index, "AMB-43"});
  }
}

}  // namespace

void MageAndWitch::AfterTilePlaced(Game& game) const {
  GameState& state = game.mutable_state();
  const Board& board = game.board();
  const int mage = FeatureAt(board, state.mage);
  if (mage >= 0 && mage == FeatureAt(board, state.witch)) {
    // MW-09, AMB-20: the tile joined their features: one moves away at once.
    state.phase = Phase::kPlaceMagicFigure;
    state.magic_step = MagicStep::kSeparate;
  } else if (LastTileIsMagic(board) && HasChoice(board, state)) {
    // MW-04: a magic tile: place or move one magic figure first.
    state.phase = Phase::kPlaceMagicFigure;
    state.magic_step = MagicStep::kMagicTile;
  }
}

bool MageAndWitch::CheckOwnAction(const Game& game, const Action& action,
                                  std::vector<Violation>& violations) const {
  if (game.state().phase != Phase::kPlaceMagicFigure) return false;
  if (const auto* move = std::get_if<MoveMagicFigureAction>(&action)) {
    CheckMove(game, *move, violations);
    return true;
  }
  if (const auto* set_aside = std::get_if<SetAsideMagicFigureAction>(&action)) {
    CheckSetAside(game, *set_aside, violations);
    return true;
  }
  return false;
}

bool MageAndWitch::ApplyOwnAction(Game& game, const Action& action,
                                  std::vector<ScoreEvent>& /*events*/) const {
  GameState& state = game.mutable_state();
  if (state.phase != Phase::kPlaceMagicFigure) return false;
  if (const auto* move = std::get_if<MoveMagicFigureAction>(&action)) {
    Where(state, move->figure) = move->segment;
  } else if (const auto* set_aside = std::get_if<SetAsideMagicFigureAction>(&action)) {
    Where(state, set_aside->figure).reset();
  } else {
    return false;
  }
  // The separation (MW-09) comes first; then a magic tile's own step (MW-04).
  if (state.magic_step == MagicStep::kSeparate && LastTileIsMagic(game.board()) &&
      HasChoice(game.board(), state)) {
    state.magic_step = MagicStep::kMagicTile;
  } else {
    // MW-10: then the follower, under the normal rules.
    state.magic_step = MagicStep::kNone;
    state.phase = Phase::kPlaceFigure;
  }
  return true;
}

void MageAndWitch::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  const GameState& state = game.state();
  if (state.phase != Phase::kPlaceMagicFigure) return;
  // Every segment of every legal feature, for either figure, but not the
  // one on the board while the other is beside it (AMB-19).
  const std::vector<SegmentAddress> targets = Targets(game.board(), state);
  for (MagicFigure figure : kMagicFigures) {
    if (MustPlaceOtherFirst(state, figure)) continue;
    for (const SegmentAddress& target : targets) {
      actions.push_back(MoveMagicFigureAction{figure, target});
    }
  }
  // MW-08, AMB-43: no target for either: one on the board is set aside.
  if (!targets.empty()) return;
  for (MagicFigure figure : kMagicFigures) {
    if (Where(state, figure)) actions.push_back(SetAsideMagicFigureAction{figure});
  }
}

bool MageAndWitch::ExplainMissingDecision(const Game& game, const Action& action,
                                          Violation& reason) const {
  if (!std::holds_alternative<MoveMagicFigureAction>(action) &&
      !std::holds_alternative<SetAsideMagicFigureAction>(action)) {
    return false;
  }
  const GameState& state = game.state();
  const Board& board = game.board();
  const bool after_tile = state.phase == Phase::kPlaceFigure && board.tile_count() > 1;
  if (after_tile && !LastTileIsMagic(board)) {
    reason.message =
        "The tile just placed shows no magic symbol: no magic figure is placed or moved "
        "(MW-04).";
    reason.rule_id = "MW-04";
    const int last = board.tile_count() - 1;
    reason.cell = board.tile(last).cell();
  } else if (after_tile && !HasChoice(board, state)) {
    reason.message =
        "No magic figure could be placed or set aside after this magic tile: the step was "
        "skipped (MW-08).";
    reason.rule_id = "MW-08";
  } else if (after_tile) {
    reason.message =
        "The magic figures' step of this tile is over: it comes before the follower "
        "(MW-10).";
    reason.rule_id = "MW-10";
  } else {
    reason.message =
        "A magic figure is placed or moved only right after a tile with the magic symbol is "
        "placed, or when a tile joins the features of the mage and the witch (MW-04, MW-09).";
    reason.rule_id = "MW-04";
  }
  return true;
}

void MageAndWitch::ModifyScore(const Game& game, int feature, ScoreEvent& event) const {
  if (event.feature_kind != FeatureKind::kRoad && event.feature_kind != FeatureKind::kCity) return;
  const Board& board = game.board();
  const int root = board.FeatureOf(feature);
  const FeatureSummary& summary = board.Feature(root);
  // An inn road or a cathedral city (Inns & Cathedrals), whose rate is already
  // in the line items (this module comes after Inns & Cathedrals).
  // (Options ic.inns, ic.cathedrals = false: not rated.)
  const RuleSet& rules = game.state().rules;
  const bool rated = event.feature_kind == FeatureKind::kRoad
                         ? summary.inn && rules.ic_inns
                         : summary.cathedral && rules.ic_cathedrals;
  if (FeatureAt(board, game.state().mage) == root) {
    // MW-12: +1 per tile, MW-18: nothing for coats of arms; at the end MW-16,
    // and MW-17 (inn road) / AMB-23 (cathedral city) where the rate is 0.
    const int tiles = static_cast<int>(event.tiles.size());
    std::string_view rule_id = "MW-12";
    if (!event.complete) {
      rule_id = !rated ? "MW-16" : event.feature_kind == FeatureKind::kRoad ? "MW-17" : "AMB-23";
    }
    event.line_items.push_back(
        {Cat("mage: +1 × ", tiles, tiles == 1 ? " tile" : " tiles"), tiles, 1, tiles, rule_id});
  }
  if (FeatureAt(board, game.state().witch) == root) {
    // MW-13: half, rounded up; MW-14: after the inn or cathedral rate; MW-16
    // at the end.
    const int total = event.Total();
    const int half = (total + 1) / 2;
    const std::string_view rule_id = !event.complete ? "MW-16" : rated ? "MW-14" : "MW-13";
    event.line_items.push_back({Cat("witch: half of ", total, ", rounded up = ", half), 1,
                                half - total, half - total, rule_id});
  }
}

void MageAndWitch::AfterFeatureCompleted(Game& game, int feature,
                                         std::vector<ScoreEvent>& /*events*/) const {
  // MW-15, AMB-21, AMB-22: a completed feature's magic figure is set aside,
  // whether or not anyone scored it.
  GameState& state = game.mutable_state();
  const int root = game.board().FeatureOf(feature);
  for (MagicFigure figure : kMagicFigures) {
    if (FeatureAt(game.board(), Where(state, figure)) == root) Where(state, figure).reset();
  }
}

void MageAndWitch::AtEndOfGame(Game& game, std::vector<ScoreEvent>& /*events*/) const {
  // The board is cleared (BG-20): the magic figures are set aside too.
  GameState& state = game.mutable_state();
  state.mage.reset();
  state.witch.reset();
  state.magic_step = MagicStep::kNone;
}

void CheckMagicFigurePieces(const GameState& state, const Board& board,
                            std::vector<Problem>& problems) {
  if (!state.rules.Has(Expansion::kMageAndWitch)) {
    if (state.mage || state.witch) {
      problems.push_back(
          {"magic_figures", "the mage and the witch are only in games with Mage & Witch"});
    }
    if (state.phase == Phase::kPlaceMagicFigure || state.magic_step != MagicStep::kNone) {
      problems.push_back(
          {"magic_step", "magic-figure decisions are only in games with Mage & Witch"});
    }
    return;
  }
  if (state.magic_step != MagicStep::kNone && state.magic_step != MagicStep::kMagicTile &&
      state.magic_step != MagicStep::kSeparate) {
    problems.push_back({"magic_step", "no such magic step"});
  }
  for (MagicFigure figure : kMagicFigures) {
    if (!Where(state, figure)) continue;
    const std::string field = Cat("magic_figures.", Name(figure));
    const int segment = board.SegmentId(*Where(state, figure));
    if (segment < 0) {
      problems.push_back({field, "no such segment on the board"});
      continue;
    }
    const SegmentKind kind = board.SegmentTypeOf(segment).kind;
    if (!IsRoadOrCity(kind)) {
      problems.push_back({field, Cat("a magic figure stands on a road or a city (MW-05), not on a ",
                                     SegmentKindName(kind), " segment")});
    }
  }
}

void CheckMagicFigures(const GameState& state, const Board& board, std::vector<Problem>& problems) {
  if (!state.rules.Has(Expansion::kMageAndWitch)) return;  // (CheckMagicFigurePieces)
  if (board.tile_count() == 0) return;
  // Before the turn's scoring, a figure may still stand on a feature that the
  // tile just placed completed (MW-15 sets it aside at the scoring).
  // (The castle decisions come before any scoring of the turn, BC-10.)
  // (So does the dragon's flight before the scoring, PD-09, and the Tower's
  // capture, TW-07, and the flock's decision, HS-25.)
  const bool scoring_pending =
      board.tile_count() > 1 &&
      (state.phase == Phase::kPlaceMagicFigure || state.phase == Phase::kPlaceFigure ||
       state.phase == Phase::kPlaceCastle || DragonFliesBeforeScoring(state) ||
       TowerDecidesBeforeScoring(state) || state.phase == Phase::kTendFlock);
  std::array<int, 2> features = {-1, -1};
  for (int i = 0; i < 2; ++i) {
    const MagicFigure figure = kMagicFigures[i];
    if (!Where(state, figure)) continue;
    const std::string field = Cat("magic_figures.", Name(figure));
    const int feature = board.FeatureOf(board.SegmentId(*Where(state, figure)));
    // The Count's redeployment round: the features still to be scored.
    const bool in_pending_scoring =
        std::any_of(state.pending_scorings.begin(), state.pending_scorings.end(),
                    [&](const SegmentAddress& address) {
                      return board.FeatureOf(board.SegmentId(address)) == feature;
                    });
    if (board.Feature(feature).open_edges == 0 &&
        !(scoring_pending && TouchesLastTile(board, feature)) && !in_pending_scoring) {
      problems.push_back({field,
                          "this feature is completed: its magic figure was set aside when it "
                          "was (MW-15)"});
    }
    features[i] = feature;
  }
  const bool together = features[0] >= 0 && features[0] == features[1];
  const bool in_phase = state.phase == Phase::kPlaceMagicFigure;
  if (together && !(in_phase && state.magic_step == MagicStep::kSeparate)) {
    problems.push_back({"magic_figures.witch",
                        "the mage and the witch never stand on the same feature (MW-05); a tile "
                        "that joins theirs is followed by MAGIC_STEP_SEPARATE (MW-09)"});
  }
  if (in_phase != (state.magic_step != MagicStep::kNone)) {
    problems.push_back({"magic_step", in_phase ? "PHASE_PLACE_MAGIC_FIGURE needs its pending step"
                                               : "a magic step is pending only in "
                                                 "PHASE_PLACE_MAGIC_FIGURE"});
  } else if (state.magic_step == MagicStep::kSeparate && !together) {
    problems.push_back({"magic_step",
                        "the mage and the witch do not share a feature: there is nothing to "
                        "separate (MW-09)"});
  } else if (state.magic_step == MagicStep::kMagicTile) {
    if (board.tile_count() < 2 || !LastTileIsMagic(board)) {
      problems.push_back({"magic_step", "the tile placed last shows no magic symbol (MW-04)"});
    } else if (!HasChoice(board, state)) {
      problems.push_back({"magic_step",
                          "no magic figure can be placed or set aside: the step is skipped "
                          "(MW-08)"});
    }
  }
}

// ----- The snapshot check (expansion_module.h) -----

void MageAndWitch::CheckOwnPieces(const GameState& state, const Board& board,
                                  std::vector<Problem>& problems) const {
  CheckMagicFigurePieces(state, board, problems);
}

void MageAndWitch::CheckPiecesTogether(const GameState& state, const Board& board,
                                       std::vector<Problem>& problems) const {
  CheckMagicFigures(state, board, problems);
}

}  // namespace carcassonne

// Bridges, Castles & Bazaars: castles (BC-02, BC-10..BC-16). See castles.h.
#include "engine/expansions/castles.h"

#include <algorithm>
#include <bit>
#include <string>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/rules/scoring.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

int FeatureOfAddress(const Board& board, const SegmentAddress& address) {
  const int segment = board.SegmentId(address);
  return segment < 0 ? -1 : board.FeatureOf(segment);
}

bool IsCompletedFeatureKind(SegmentKind kind) {
  return kind == SegmentKind::kRoad || kind == SegmentKind::kCity ||
         kind == SegmentKind::kMonastery;
}

// The cells that `feature` covers: a monastery its own tile, a road or city
// the tiles of its segments (BC-13: "at least one tile in the fief").
std::vector<Position> CellsOf(const Board& board, int feature) {
  std::vector<Position> cells;
  for (int tile_index : board.TilesOf(feature)) cells.push_back(board.tile(tile_index).cell());
  return cells;
}

bool InFief(const Castle& castle, const std::vector<Position>& cells) {
  const std::vector<Position> fief = Fief(castle);
  return std::any_of(cells.begin(), cells.end(), [&](Position cell) {
    return std::find(fief.begin(), fief.end(), cell) != fief.end();
  });
}

// A castle whose lord may still score on this turn (BC-13).
bool MayScore(const Castle& castle) { return !castle.built_this_turn && !castle.scored; }

// Sets the decision for the first offer; false when none is left.
bool NextOffer(Game& game) {
  GameState& state = game.mutable_state();
  while (!state.castle_offers.empty()) {
    const int feature = FeatureOfAddress(game.board(), state.castle_offers.front());
    const std::optional<int> candidate = CastleCandidate(game.board(), state, feature);
    if (candidate) {
      state.phase = Phase::kPlaceCastle;
      state.deciding_player = *candidate;
      return true;
    }
    // The owner used their last castle token on an earlier offer.
    state.castle_offers.erase(state.castle_offers.begin());
  }
  return false;
}

}  // namespace

int CastlesOwned(const RuleSet& rules, int player_count) {
  if (!rules.bc_castles) return 0;
  return player_count >= 5 ? 2 : 3;  // BC-02
}

bool HasCastleShape(const Board& board, int feature) {
  const int root = board.FeatureOf(feature);
  if (board.Feature(root).kind != SegmentKind::kCity) return false;
  const std::vector<SegmentAddress> segments = board.SegmentsOf(root);
  if (segments.size() != 2 || segments[0].cell == segments[1].cell) return false;
  for (const SegmentAddress& address : segments) {
    const SegmentType& type = board.SegmentTypeOf(board.SegmentId(address));
    if (type.no_castle_base || std::popcount(type.edges) != 1) return false;
  }
  return true;
}

std::optional<int> CastleCandidate(const Board& board, const GameState& state, int feature) {
  if (feature < 0 || !HasCastleShape(board, feature) || !IsComplete(board, feature)) {
    return std::nullopt;
  }
  const int root = board.FeatureOf(feature);
  std::optional<int> knight_owner;
  int followers = 0;
  for (const Figure& figure : state.figures) {
    if (!IsFollower(figure.kind) || FeatureOfAddress(board, figure.segment) != root) continue;
    followers += 1;
    // BC-10: a knight; the mayor goes into no castle (AM-08), nor the wagon.
    // The ringmaster is a knight in a city (BT-16).
    if (figure.kind == FigureKind::kFollower || figure.kind == FigureKind::kBigFollower ||
        figure.kind == FigureKind::kRingmaster) {
      knight_owner = figure.owner;
    }
  }
  if (followers != 1 || !knight_owner) return std::nullopt;
  if (state.players[*knight_owner].castles <= 0) return std::nullopt;
  return knight_owner;
}

std::vector<Position> Fief(const Castle& castle) {
  std::vector<Position> cells;
  if (castle.segments.size() != 2) return cells;
  const Position a = castle.segments[0].cell;
  const Position b = castle.segments[1].cell;
  // BC-12: two cells along the castle's axis, three across it.
  if (a.y == b.y) {
    for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x) {
      for (int dy = -1; dy <= 1; ++dy) cells.push_back({x, a.y + dy});
    }
  } else {
    for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y) {
      for (int dx = -1; dx <= 1; ++dx) cells.push_back({a.x + dx, y});
    }
  }
  return cells;
}

int CastleAt(const Board& board, const GameState& state, int feature) {
  const int root = board.FeatureOf(feature);
  for (int i = 0; i < static_cast<int>(state.castles.size()); ++i) {
    if (!state.castles[i].segments.empty() &&
        FeatureOfAddress(board, state.castles[i].segments.front()) == root) {
      return i;
    }
  }
  return -1;
}

void Castles::SetUpGame(GameState& state) const {
  const int owned = CastlesOwned(state.rules, static_cast<int>(state.players.size()));
  for (Player& player : state.players) player.castles = owned;
}

void Castles::AfterTilePlaced(Game& game) const {
  // BC-13: from the next turn on, the castles made last turn may score.
  GameState& state = game.mutable_state();
  if (state.second_part) return;
  for (Castle& castle : state.castles) castle.built_this_turn = false;
}

bool Castles::OpenDecisionBeforeTurnScoring(Game& game) const {
  GameState& state = game.mutable_state();
  state.castle_offers.clear();
  std::vector<std::pair<int, SegmentAddress>> offers;
  for (const SegmentAddress& pending : state.pending_scorings) {
    const std::optional<int> candidate =
        CastleCandidate(game.board(), state, FeatureOfAddress(game.board(), pending));
    if (candidate) offers.push_back({TurnOrder(state, *candidate), pending});
  }
  // BC-10 (JCloisterZone): each eligible player in turn order from the
  // active player; one player's cities in scoring order (AMB-40).
  std::stable_sort(offers.begin(), offers.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& offer : offers) state.castle_offers.push_back(offer.second);
  return NextOffer(game);
}

bool Castles::CheckOwnAction(const Game& game, const Action& action,
                             std::vector<Violation>& /*violations*/) const {
  if (game.state().phase != Phase::kPlaceCastle) return false;
  // The offer was checked when it was made (and by the snapshot checks): the
  // owner of its only knight decides, with a castle token left.
  return std::holds_alternative<PassAction>(action) ||
         std::holds_alternative<BuildCastleAction>(action);
}

bool Castles::ApplyOwnAction(Game& game, const Action& action,
                             std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  if (state.phase != Phase::kPlaceCastle) return false;
  const bool build = std::holds_alternative<BuildCastleAction>(action);
  if (!build && !std::holds_alternative<PassAction>(action)) return false;
  const Board& board = game.board();
  const SegmentAddress offer = state.castle_offers.front();
  state.castle_offers.erase(state.castle_offers.begin());
  if (build) {
    const int root = FeatureOfAddress(board, offer);
    const int owner = state.deciding_player;
    // BC-10, BC-11: a castle instead of a city; it never scores as one.
    std::erase_if(state.pending_scorings, [&](const SegmentAddress& pending) {
      return FeatureOfAddress(board, pending) == root;
    });
    state.castles.push_back({board.SegmentsOf(root), owner, true, false, 0});
    state.players[owner].castles -= 1;
    // The knight stays as the lord; a builder in the finished city goes back
    // (TB-15), and a magic figure is set aside (MW-15).
    std::vector<Figure> others;
    for (const Figure& figure : state.figures) {
      if (!IsFollower(figure.kind) && FeatureOfAddress(board, figure.segment) == root) {
        others.push_back(figure);
      }
    }
    for (const Figure& figure : others) game.ReturnFigure(figure);
    if (state.mage && FeatureOfAddress(board, *state.mage) == root) state.mage.reset();
    if (state.witch && FeatureOfAddress(board, *state.witch) == root) state.witch.reset();
  }
  if (NextOffer(game)) return true;
  state.deciding_player = state.active_player;
  game.ContinueTurn(events);
  return true;
}

void Castles::ListOwnActions(const Game& game, std::vector<Action>& actions) const {
  if (game.state().phase != Phase::kPlaceCastle || game.state().castle_offers.empty()) return;
  actions.push_back(BuildCastleAction{});
  actions.push_back(PassAction{});
}

void Castles::BeforeScoring(Game& game, int feature) const {
  const Board& board = game.board();
  const int root = board.FeatureOf(feature);
  // BC-13: only completions during play (at the end of the game nothing is
  // completed; unfinished features score there).
  if (!IsCompletedFeatureKind(board.Feature(root).kind) || !IsComplete(board, root)) return;
  GameState& state = game.mutable_state();
  if (std::none_of(state.castles.begin(), state.castles.end(), MayScore)) return;
  const std::vector<Position> cells = board.Feature(root).kind == SegmentKind::kMonastery
                                          ? std::vector<Position>{board.AddressOf(root).cell}
                                          : CellsOf(board, root);
  int worth = -1;
  for (Castle& castle : state.castles) {
    if (!MayScore(castle) || !InFief(castle, cells)) continue;
    if (worth < 0) worth = game.FeatureWorth(root);
    // BC-13: the best feature of the turn.
    castle.pending_points = std::max(castle.pending_points, worth);
  }
}

void Castles::AfterTurnScoring(Game& game, std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  const Board& board = game.board();
  // BC-13, then BC-14: each castle that scores may make others score, with
  // the same value, until none is left.
  // The castles whose value came from another castle's scoring (BC-14).
  std::vector<bool> chained(state.castles.size(), false);
  bool scored_one = true;
  while (scored_one) {
    scored_one = false;
    for (int i = 0; i < static_cast<int>(state.castles.size()); ++i) {
      Castle& castle = state.castles[i];
      if (castle.pending_points <= 0 || !MayScore(castle)) continue;
      const int value = castle.pending_points;
      const int root = FeatureOfAddress(board, castle.segments.front());
      ScoreEvent event;
      event.feature_kind = FeatureKind::kCastle;
      event.trigger = ScoringTrigger::kCompleted;
      event.complete = true;
      event.segments = castle.segments;
      for (const SegmentAddress& address : castle.segments) event.tiles.push_back(address.cell);
      event.majority_players = {castle.owner};
      event.majority_strength = 1;
      event.line_items.push_back(
          {chained[i] ? Cat("a castle in the fief scored ", value, ": the lord scores ", value)
                      : Cat("a feature in the fief worth ", value,
                            " was completed: the lord scores ", value),
           1, value, value, chained[i] ? "BC-14" : "BC-13"});
      for (const Figure& figure : state.figures) {
        if (IsFollower(figure.kind) && FeatureOfAddress(board, figure.segment) == root) {
          event.returned_figures.push_back(figure);
        }
      }
      event.SettlePoints();
      event.AddToScores(state.players);
      for (const Figure& figure : event.returned_figures) game.ReturnFigure(figure);
      castle.scored = true;
      castle.pending_points = 0;
      // BC-14: this castle counts as a completed feature worth `value` for
      // every other castle whose fief holds one of its tiles.
      const std::vector<Position> cells = {castle.segments[0].cell, castle.segments[1].cell};
      for (int j = 0; j < static_cast<int>(state.castles.size()); ++j) {
        Castle& other = state.castles[j];
        if (j == i || !MayScore(other) || !InFief(other, cells)) continue;
        if (value > other.pending_points) {
          other.pending_points = value;
          chained[j] = true;
        }
      }
      events.push_back(std::move(event));
      scored_one = true;
    }
  }
  // Castles made this turn never take this turn's features (BC-T04).
  for (Castle& castle : state.castles) castle.pending_points = 0;
}

void Castles::ModifyScore(const Game& game, int feature, ScoreEvent& event) const {
  if (event.feature_kind != FeatureKind::kField) return;
  const GameState& state = game.state();
  if (state.castles.empty()) return;
  const Board& board = game.board();
  // BC-16: the castles among the completed cities the field borders.
  std::vector<int> castles;
  for (const SegmentAddress& address : board.SegmentsOf(board.FeatureOf(feature))) {
    const int tile_index = board.TileIndexAt(address.cell);
    const SegmentType& segment = board.tile(tile_index).type().segments[address.segment_index];
    for (int city = 0; city < kMaxSegmentsPerTile; ++city) {
      if ((segment.bordered_cities & (1u << city)) == 0) continue;
      const int castle = CastleAt(board, state, board.SegmentId(tile_index, city));
      if (castle >= 0 && std::find(castles.begin(), castles.end(), castle) == castles.end()) {
        castles.push_back(castle);
      }
    }
  }
  if (castles.empty()) return;
  const int count = static_cast<int>(castles.size());
  for (LineItem& item : event.line_items) {
    if (item.rule_id != "BG-22") continue;
    // The castles were counted as completed cities (3 each): they are worth
    // 4 each instead.
    item.count -= count;
    item.points = item.count * item.points_each;
    item.description = Cat(item.count, item.count == 1 ? " completed city" : " completed cities",
                           " × ", item.points_each);
  }
  event.line_items.push_back(
      {Cat(count, count == 1 ? " castle" : " castles", " × 4"), count, 4, 4 * count, "BC-16"});
}

bool Castles::IsOwnFeature(const Game& game, int feature) const {
  return CastleAt(game.board(), game.state(), feature) >= 0;
}

bool Castles::ExplainMissingDecision(const Game& /*game*/, const Action& action,
                                     Violation& reason) const {
  if (!std::holds_alternative<BuildCastleAction>(action)) return false;
  reason.message =
      "No castle is offered: an offer comes only when a tile completes a city of exactly two "
      "segments on two tiles holding exactly one knight, whose owner has a castle token left "
      "(BC-10).";
  reason.rule_id = "BC-10";
  return true;
}

void Castles::AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const {
  // BC-15, AMB-47: a castle still holding its lord scores nothing at the end,
  // but the final scoring lists it, as it lists every feature holding
  // figures: 0 points, its lord among the returned figures.
  const GameState& state = game.state();
  const Board& board = game.board();
  for (const Castle& castle : state.castles) {
    const int root = FeatureOfAddress(board, castle.segments.front());
    ScoreEvent event;
    for (const Figure& figure : state.figures) {
      if (FeatureOfAddress(board, figure.segment) == root) event.returned_figures.push_back(figure);
    }
    if (event.returned_figures.empty()) continue;
    event.feature_kind = FeatureKind::kCastle;
    event.trigger = ScoringTrigger::kEndOfGame;
    event.complete = true;
    event.segments = castle.segments;
    for (const SegmentAddress& address : castle.segments) event.tiles.push_back(address.cell);
    event.line_items.push_back({"a castle scores nothing at the end", 1, 0, 0, "BC-15"});
    event.SettlePoints();
    for (const Figure& figure : event.returned_figures) game.ReturnFigure(figure);
    events.push_back(std::move(event));
  }
}

void CheckCastlePieces(const GameState& state, const Board& board, std::vector<Problem>& problems) {
  const int player_count = static_cast<int>(state.players.size());
  if (!state.rules.bc_castles) {
    if (!state.castles.empty() || !state.castle_offers.empty() ||
        state.phase == Phase::kPlaceCastle) {
      problems.push_back({"castles", "castles are only in games with option bc_castles"});
    }
    for (int i = 0; i < player_count; ++i) {
      if (state.players[i].castles != 0) {
        problems.push_back({Cat("players[", i, "].castles"),
                            "castle tokens are only in games with option bc_castles"});
      }
    }
    return;
  }
  // BC-02: castle tokens in supply.
  const int owned = CastlesOwned(state.rules, player_count);
  for (int i = 0; i < player_count; ++i) {
    if (state.players[i].castles < 0 || state.players[i].castles > owned) {
      problems.push_back({Cat("players[", i, "].castles"),
                          Cat("a player has 0 to ", owned, " castle tokens in supply (BC-02)")});
    }
  }
  if (static_cast<int>(state.castles.size()) > owned * player_count) {
    problems.push_back({"castles", Cat("at most ", owned, " castles per player (BC-02)")});
    return;
  }
  for (int i = 0; i < static_cast<int>(state.castles.size()); ++i) {
    const Castle& castle = state.castles[i];
    const std::string field = Cat("castles[", i, "]");
    if (castle.owner < 0 || castle.owner >= player_count) {
      problems.push_back({field + ".owner", "no such player"});
    }
    if (castle.segments.size() != 2 || board.SegmentId(castle.segments[0]) < 0 ||
        board.SegmentId(castle.segments[1]) < 0) {
      problems.push_back({field + ".segments", "a castle is made of two city segments (BC-10)"});
    }
    if (castle.pending_points < 0 || castle.pending_points > kMaxScore) {
      problems.push_back({field + ".pending_points", Cat("0 to ", kMaxScore, " points")});
    }
  }
  if (static_cast<int>(state.castle_offers.size()) > kMaxCastleOffers) {
    problems.push_back({"castle_offers", Cat("a tile completes at most ", kMaxCastleOffers,
                                             " cities, one per side (BC-10)")});
    return;
  }
  for (int i = 0; i < static_cast<int>(state.castle_offers.size()); ++i) {
    if (board.SegmentId(state.castle_offers[i]) < 0) {
      problems.push_back({Cat("castle_offers[", i, "]"), "no such segment on the board"});
    }
  }
}

namespace {

// AMB-40, BC-10: in Phase::kPlaceCastle nothing of the turn is scored yet;
// the features waiting (when the snapshot names them, GameState.scoring_order)
// are exactly those the last tile completed that are no castle, each once.
void CheckScoringOrderOfCastlePhase(const GameState& state, const Board& board,
                                    std::vector<Problem>& problems) {
  if (state.pending_scorings.empty()) return;
  std::vector<int> expected;
  for (const SegmentAddress& address : FeaturesCompletedByLastTile(board)) {
    const int root = FeatureOfAddress(board, address);
    if (CastleAt(board, state, root) < 0) expected.push_back(root);
  }
  std::vector<int> named;
  for (int i = 0; i < static_cast<int>(state.pending_scorings.size()); ++i) {
    const int root = FeatureOfAddress(board, state.pending_scorings[i]);
    if (std::find(expected.begin(), expected.end(), root) == expected.end() ||
        std::find(named.begin(), named.end(), root) != named.end()) {
      problems.push_back({Cat("scoring_order[", i, "]"),
                          "the features waiting for their scoring in PHASE_PLACE_CASTLE are those "
                          "the last tile completed that are no castle, each once (AMB-40)"});
      return;
    }
    named.push_back(root);
  }
  if (named.size() != expected.size()) {
    problems.push_back({"scoring_order", Cat("names ", named.size(), " of the ", expected.size(),
                                             " features the last tile completed that are no "
                                             "castle: each once, or none (AMB-40)")});
  }
}

}  // namespace

void CheckCastles(const GameState& state, const Board& board, std::vector<Problem>& problems) {
  if (!state.rules.bc_castles) return;  // (CheckCastlePieces: nothing of them)
  const int player_count = static_cast<int>(state.players.size());
  const int owned = CastlesOwned(state.rules, player_count);
  std::vector<int> built(player_count, 0);
  std::vector<int> roots;
  for (int i = 0; i < static_cast<int>(state.castles.size()); ++i) {
    const Castle& castle = state.castles[i];
    const std::string field = Cat("castles[", i, "]");
    built[castle.owner] += 1;
    const int root = FeatureOfAddress(board, castle.segments[0]);
    if (FeatureOfAddress(board, castle.segments[1]) != root || !HasCastleShape(board, root) ||
        !IsComplete(board, root)) {
      problems.push_back({field + ".segments",
                          "a castle is a completed city of exactly two segments on two tiles, "
                          "each touching only the side it shares with the other (BC-10)"});
      continue;
    }
    if (std::find(roots.begin(), roots.end(), root) != roots.end()) {
      problems.push_back({field + ".segments", "another castle stands on this city"});
      continue;
    }
    roots.push_back(root);
    int lords = 0;
    bool other_figure = false;
    for (const Figure& figure : state.figures) {
      if (FeatureOfAddress(board, figure.segment) != root) continue;
      const bool lord = figure.owner == castle.owner && (figure.kind == FigureKind::kFollower ||
                                                         figure.kind == FigureKind::kBigFollower ||
                                                         figure.kind == FigureKind::kRingmaster);
      lords += lord ? 1 : 0;
      other_figure = other_figure || !lord;
    }
    // At the end of the game every figure went back (BG-20).
    const bool lord_back = castle.scored || state.phase == Phase::kGameOver;
    if (other_figure || lords != (lord_back ? 0 : 1)) {
      problems.push_back(
          {field, lord_back ? "the lord of a castle that scored, or of any castle once the game is "
                              "over, went back: nobody stands in it"
                            : "a castle holds its owner's knight, the lord, and nothing else "
                              "(BC-10)"});
    }
    if (castle.pending_points > 0 && !MayScore(castle)) {
      problems.push_back({field + ".pending_points",
                          "only a castle whose lord may still score waits for points (BC-13)"});
    }
    if (castle.pending_points > 0 && state.phase != Phase::kCountRedeploy) {
      problems.push_back({field + ".pending_points",
                          "points wait for a lord only while the turn's scoring is under way"});
    }
  }
  for (int i = 0; i < player_count; ++i) {
    if (state.players[i].castles + built[i] != owned) {
      problems.push_back(
          {Cat("players[", i, "].castles"),
           Cat("castle tokens in supply (", state.players[i].castles, ") and on the board (",
               built[i], ") must add up to ", owned, " (BC-02)")});
    }
  }
  if ((state.phase == Phase::kPlaceCastle) == state.castle_offers.empty()) {
    problems.push_back({"castle_offers",
                        "cities wait for a castle decision exactly in PHASE_PLACE_CASTLE, at "
                        "least one (BC-10)"});
    return;
  }
  if (state.castle_offers.empty()) return;
  CheckScoringOrderOfCastlePhase(state, board, problems);
  const int last_tile = board.tile_count() - 1;
  std::vector<int> offered;  // the offers' cities, in order
  for (int i = 0; i < static_cast<int>(state.castle_offers.size()); ++i) {
    const std::string field = Cat("castle_offers[", i, "]");
    const int root = FeatureOfAddress(board, state.castle_offers[i]);
    if (std::find(offered.begin(), offered.end(), root) != offered.end()) {
      problems.push_back({field, "this city is offered already: each city once (BC-10)"});
      return;
    }
    offered.push_back(root);
    const std::optional<int> candidate = CastleCandidate(board, state, root);
    const std::vector<int> closed_by_abbey = FeaturesMeetingAbbey(board, last_tile);  // AM-03
    const bool completed_now =
        board.TilesOf(root).back() == last_tile ||
        std::find(closed_by_abbey.begin(), closed_by_abbey.end(), root) != closed_by_abbey.end();
    if (!candidate || !completed_now || CastleAt(board, state, root) >= 0) {
      problems.push_back({field,
                          "an offer is a city the last tile completed, of two segments with one "
                          "knight whose owner has a castle token (BC-10)"});
      return;
    }
    if (i > 0) {
      const std::optional<int> previous = CastleCandidate(board, state, offered[i - 1]);
      if (previous && TurnOrder(state, *previous) > TurnOrder(state, *candidate)) {
        problems.push_back(
            {field, "castle offers go in turn order starting with the active player (BC-10)"});
      }
    }
  }
  const std::optional<int> first = CastleCandidate(board, state, offered.front());
  if (first && state.deciding_player != *first) {
    problems.push_back(
        {"deciding_player", "the owner of the knight in the first offered city decides (BC-10)"});
  }
}

// ----- The snapshot check (expansion_module.h) -----

void Castles::CheckOwnPieces(const GameState& state, const Board& board,
                             std::vector<Problem>& problems) const {
  CheckCastlePieces(state, board, problems);
}

void Castles::CheckPiecesTogether(const GameState& state, const Board& board,
                                  std::vector<Problem>& problems) const {
  CheckCastles(state, board, problems);
}

}  // namespace carcassonne

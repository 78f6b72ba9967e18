// King & Robber Baron: the King and the Robber Baron (see
// king_and_robber_baron.h).
#include "engine/expansions/king_and_robber_baron.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "engine/expansions/castles.h"
#include "engine/expansions/princess_and_dragon.h"
#include "engine/expansions/tower.h"
#include "engine/game.h"
#include "engine/problem.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// What each token goes with, and the words and rule ids of its lines.
struct TokenKind {
  FeatureKind event_kind;
  SegmentKind feature;  // kCity for the King, kRoad for the Robber Baron
  std::string_view name;
  std::string_view feature_name;  // "city", "road"
  std::string_view features_name;
  std::string_view larger;         // "larger", "longer"
  std::string_view largest;        // "largest", "longest"
  std::string_view first_rule;     // KR-09 / KR-12
  std::string_view transfer_rule;  // KR-10 / KR-12
  std::string_view end_rule;       // KR-11 / KR-13
  std::string_view field;          // snapshot field prefix: "king", "robber"
  AwardToken GameState::*token;
};

constexpr TokenKind kKing = {FeatureKind::kKing,
                             SegmentKind::kCity,
                             "King",
                             "city",
                             "cities",
                             "larger",
                             "largest",
                             "KR-09",
                             "KR-10",
                             "KR-11",
                             "king",
                             &GameState::king};
constexpr TokenKind kRobberBaron = {FeatureKind::kRobberBaron,
                                    SegmentKind::kRoad,
                                    "Robber Baron",
                                    "road",
                                    "roads",
                                    "longer",
                                    "longest",
                                    "KR-12",
                                    "KR-12",
                                    "KR-13",
                                    "robber",
                                    &GameState::robber_baron};

const TokenKind* KindOf(SegmentKind kind) {
  if (kind == SegmentKind::kCity) return &kKing;
  if (kind == SegmentKind::kRoad) return &kRobberBaron;
  return nullptr;
}

// The size of a city or road for its token: its distinct tiles (KR-14). With
// king_robber.ignore_road_stubs, a road's tiles that hold only stubs of it do
// not count, and a road of stubs only is no road (0; KR-20, AMB-42).
int TokenSize(const Board& board, const RuleSet& rules, int root, const std::vector<int>& tiles) {
  if (board.Feature(root).kind != SegmentKind::kRoad || !rules.king_robber_ignore_road_stubs) {
    return static_cast<int>(tiles.size());
  }
  std::vector<Position> cells;
  for (const SegmentAddress& address : board.SegmentsOf(root)) {
    if (board.SegmentTypeOf(board.SegmentId(address)).road_stub) continue;
    if (std::find(cells.begin(), cells.end(), address.cell) == cells.end()) {
      cells.push_back(address.cell);
    }
  }
  return static_cast<int>(cells.size());
}

// The completed features of one kind on the board: how many, and the size
// (distinct tiles) of the largest. With `skip_last_tile`, those that hold the
// tile placed last are left out (their completion is still to be scored).
// Castles are not cities (KR-15, BC-11).
struct Completed {
  int count = 0;
  int largest = 0;
};

Completed CompletedFeatures(const Board& board, const GameState& state, SegmentKind kind,
                            bool skip_last_tile, const std::vector<SegmentAddress>& pending = {}) {
  Completed completed;
  if (board.tile_count() == 0) return completed;
  // The Count's redeployment round: these features are not scored yet.
  std::vector<int> pending_roots;
  for (const SegmentAddress& address : pending) {
    const int segment = board.SegmentId(address);
    if (segment >= 0) pending_roots.push_back(board.FeatureOf(segment));
  }
  const int last = board.tile_count() - 1;
  const int segment_total =
      board.tile(last).first_segment + static_cast<int>(board.tile(last).type().segments.size());
  std::vector<bool> seen(segment_total, false);
  // An abbey placed last (AM-03) closes the roads and cities that meet it
  // without holding a segment of them: theirs are still to be scored too.
  const std::vector<int> closed_by_abbey =
      skip_last_tile ? FeaturesMeetingAbbey(board, last) : std::vector<int>{};
  for (int tile = 0; tile < board.tile_count(); ++tile) {
    const auto& segments = board.tile(tile).type().segments;
    for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
      if (segments[i].kind != kind) continue;
      const int root = board.FeatureOf(board.SegmentId(tile, i));
      if (seen[root]) continue;
      seen[root] = true;
      if (board.Feature(root).open_edges != 0) continue;
      const std::vector<int> tiles = board.TilesOf(root);
      if (skip_last_tile && tiles.back() == last) continue;  // ascending indexes
      if (std::find(closed_by_abbey.begin(), closed_by_abbey.end(), root) !=
          closed_by_abbey.end()) {
        continue;
      }
      if (std::find(pending_roots.begin(), pending_roots.end(), root) != pending_roots.end()) {
        continue;
      }
      if (CastleAt(board, state, root) >= 0) continue;  // KR-15
      const int size = TokenSize(board, state.rules, root, tiles);
      if (size == 0) continue;  // KR-20: stubs only
      completed.count += 1;
      completed.largest = std::max(completed.largest, size);
    }
  }
  return completed;
}

// The holder of `kind`'s token before the transfer of the turn being scored
// (AMB-06, before_transfer): the one recorded with the turn's first transfer,
// else the holder now.
std::optional<int> HolderBeforeTurn(const GameState& state, const TokenKind& kind) {
  const AwardToken& token = state.*kind.token;
  return token.moved_this_turn ? token.holder_before_turn : token.holder;
}

void ForgetTurn(AwardToken& token) {
  token.moved_this_turn = false;
  token.holder_before_turn.reset();
}

// An event of `kind` for one player at the end of the game.
ScoreEvent EndEvent(const GameState& state, const TokenKind& kind, int holder) {
  ScoreEvent event;
  event.feature_kind = kind.event_kind;
  event.trigger = ScoringTrigger::kEndOfGame;
  event.majority_players = {holder};
  const AwardToken& token = state.*kind.token;
  event.award = ScoreEvent::Award{token.holder, token.record, false, std::nullopt};
  return event;
}

void Apply(GameState& state, ScoreEvent& event, std::vector<ScoreEvent>& events) {
  event.SettlePoints();
  event.AddToScores(state.players);
  events.push_back(std::move(event));
}

}  // namespace

void KingAndRobberBaron::AfterFeatureCompleted(Game& game, int feature,
                                               std::vector<ScoreEvent>& events) const {
  const Board& board = game.board();
  const TokenKind* kind = KindOf(board.Feature(feature).kind);
  if (kind == nullptr) return;
  GameState& state = game.mutable_state();
  AwardToken& token = state.*kind->token;
  const std::vector<int> tiles = board.TilesOf(feature);
  // KR-14: distinct tiles; KR-20: stubs do not count.
  const int size = TokenSize(board, state.rules, feature, tiles);
  if (size == 0) return;
  const int completer = state.active_player;
  const std::optional<int> before_turn = HolderBeforeTurn(state, *kind);

  ScoreEvent event;
  event.feature_kind = kind->event_kind;
  event.trigger = ScoringTrigger::kCompleted;
  event.complete = true;
  for (int tile : tiles) event.tiles.push_back(board.tile(tile).cell());
  event.segments = board.SegmentsOf(feature);

  // KR-09 / KR-12: the first city (road) of the game goes to its completer.
  // KR-10 / KR-12, AMB-03: later, a strictly larger one completed by another
  // player takes the token; ties and smaller ones never do.
  const std::optional<int> previous = token.holder;
  bool transferred = false;
  if (!token.holder) {
    transferred = true;
    event.line_items.push_back(
        {Cat("first completed ", kind->feature_name, " of the game (", size,
             size == 1 ? " tile" : " tiles", "): the ", kind->name, " to player ", completer),
         size, 0, 0, kind->first_rule});
  } else if (size > token.record && completer != *token.holder) {
    transferred = true;
    event.line_items.push_back({Cat(kind->feature_name, " of ", size, " tiles, ", kind->larger,
                                    " than the record of ", token.record, ": the ", kind->name,
                                    " from player ", *token.holder, " to player ", completer),
                                size, 0, 0, kind->transfer_rule});
  }
  if (transferred && !token.moved_this_turn) {
    token.moved_this_turn = true;
    token.holder_before_turn = token.holder;
  }
  if (transferred) token.holder = completer;
  token.record = std::max(token.record, size);  // AMB-03: the holder raises it too

  // KR-27, AMB-06: live scoring pays 1 for this completion.
  std::optional<int> paid;
  switch (state.rules.king_robber_live_scoring) {
    case KingRobberLiveScoring::kOff:
      break;
    case KingRobberLiveScoring::kAfterTransfer:
      paid = token.holder;
      break;
    case KingRobberLiveScoring::kBeforeTransfer:
      paid = before_turn;
      break;
  }
  if (paid) {
    const bool before =
        state.rules.king_robber_live_scoring == KingRobberLiveScoring::kBeforeTransfer;
    event.majority_players = {*paid};
    event.line_items.push_back(
        {Cat("completed ", kind->feature_name, ", 1 to the ", kind->name, "'s holder",
             before ? " from before this turn" : "", ", player ", *paid, ": 1 × 1"),
         1, 1, 1, "KR-27"});
  }
  if (!transferred && !paid) return;
  event.award = ScoreEvent::Award{token.holder, token.record, transferred,
                                  transferred ? previous : std::nullopt};
  Apply(state, event, events);
}

bool KingAndRobberBaron::OpenDecisionAfterTurnScoring(Game& game) const {
  ForgetTurn(game.mutable_state().king);
  ForgetTurn(game.mutable_state().robber_baron);
  return false;
}

void KingAndRobberBaron::AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  ForgetTurn(state.king);
  ForgetTurn(state.robber_baron);
  const RuleSet& rules = state.rules;
  // AMB-06: live scoring has paid as the game went; there is no end bonus.
  if (rules.king_robber_live_scoring != KingRobberLiveScoring::kOff) return;
  const std::optional<int> king = state.king.holder;
  const std::optional<int> robber = state.robber_baron.holder;
  if (rules.king_robber_flat_bonus == KingRobberFlatBonus::kOff) {
    // KR-11, KR-13, AMB-04: 1 per completed city (road) on the board, every
    // one, whoever completed it and whether or not anybody holds it.
    for (const TokenKind* kind : {&kKing, &kRobberBaron}) {
      const std::optional<int> holder = (state.*kind->token).holder;
      if (!holder) continue;
      const int count = CompletedFeatures(game.board(), state, kind->feature, false).count;
      ScoreEvent event = EndEvent(state, *kind, *holder);
      event.line_items.push_back(
          {Cat(count, " completed ", count == 1 ? kind->feature_name : kind->features_name,
               " × 1 (", kind->name, ")"),
           count, 1, count, kind->end_rule});
      // KR-16, AMB-02, AMB-39: the City of Carcassonne is one more completed
      // city for the King (never a feature on the board: it never moved the
      // King nor set the record).
      if (kind == &kKing && rules.Has(Expansion::kCountOfCarcassonne)) {
        event.line_items.push_back(
            {"City of Carcassonne: 1 completed city × 1 (King)", 1, 1, 1, "KR-16"});
      }
      Apply(state, event, events);
    }
    return;
  }
  // KR-24..KR-26, AMB-01: a flat bonus per token held, and with a 40 variant
  // a premium for one player holding both.
  int each = 10;
  int both = 0;
  std::string_view rule = "KR-24";
  if (rules.king_robber_flat_bonus == KingRobberFlatBonus::kTenEachFortyBoth) {
    both = 40;
    rule = "KR-25";
  } else if (rules.king_robber_flat_bonus == KingRobberFlatBonus::kFifteenEachFortyBoth) {
    each = 15;
    both = 40;
    rule = "KR-26";
  }
  for (const TokenKind* kind : {&kKing, &kRobberBaron}) {
    const std::optional<int> holder = (state.*kind->token).holder;
    if (!holder) continue;
    ScoreEvent event = EndEvent(state, *kind, *holder);
    event.line_items.push_back({Cat(kind->name, " held: 1 × ", each), 1, each, each, rule});
    if (kind == &kRobberBaron && both > 0 && king == robber) {
      const int premium = both - 2 * each;
      event.line_items.push_back({Cat("King and Robber Baron held together: ", both, " in all, ",
                                      premium, " more than 2 × ", each),
                                  1, premium, premium, rule});
    }
    Apply(state, event, events);
  }
}

void CheckKingAndRobberBaronPieces(const GameState& state, std::vector<Problem>& problems) {
  if (!state.rules.Has(Expansion::kKingAndRobberBaron)) {
    if (!(state.king == AwardToken{}) || !(state.robber_baron == AwardToken{})) {
      problems.push_back({"king_and_robber_baron",
                          "the King and the Robber Baron are only in games with King & Robber "
                          "Baron"});
    }
    return;
  }
  const int player_count = static_cast<int>(state.players.size());
  auto no_player = [&](const std::optional<int>& player) {
    return player && (*player < 0 || *player >= player_count);
  };
  for (const TokenKind* kind : {&kKing, &kRobberBaron}) {
    const AwardToken& token = state.*kind->token;
    if (no_player(token.holder)) {
      problems.push_back({Cat("king_and_robber_baron.", kind->field, "_holder"), "no such player"});
    }
    if (no_player(token.holder_before_turn)) {
      problems.push_back(
          {Cat("king_and_robber_baron.", kind->field, "_holder_before_turn"), "no such player"});
    }
  }
}

void CheckKingAndRobberBaron(const GameState& state, const Board& board,
                             std::vector<Problem>& problems) {
  if (!state.rules.Has(Expansion::kKingAndRobberBaron)) return;  // (the pieces' check)
  // Before the turn's scoring, what the tile just placed completed has not
  // been judged yet.
  // (The castle decisions come before any scoring of the turn, BC-10.)
  // (So does the dragon's flight before the scoring, PD-09, and the Tower's
  // capture, TW-07, and the flock's decision, HS-25.)
  const bool scoring_pending =
      board.tile_count() > 1 &&
      (state.phase == Phase::kPlaceFigure || state.phase == Phase::kPlaceMagicFigure ||
       state.phase == Phase::kPlaceCastle || DragonFliesBeforeScoring(state) ||
       TowerDecidesBeforeScoring(state) || state.phase == Phase::kTendFlock);
  for (const TokenKind* kind : {&kKing, &kRobberBaron}) {
    const AwardToken& token = state.*kind->token;
    const std::string holder_field = Cat("king_and_robber_baron.", kind->field, "_holder");
    const std::string record_field = Cat("king_and_robber_baron.", kind->field, "_record");
    const std::string turn_field =
        Cat("king_and_robber_baron.", kind->field, "_holder_before_turn");
    if ((token.moved_this_turn || token.holder_before_turn) &&
        (state.phase != Phase::kCountRedeploy || !token.moved_this_turn)) {
      problems.push_back({turn_field,
                          "a transfer earlier in the turn is kept only during the Count's "
                          "redeployment round, with a holder before it that is a player or "
                          "nobody"});
    }
    const int largest =
        CompletedFeatures(board, state, kind->feature, scoring_pending, state.pending_scorings)
            .largest;
    if (token.record != largest) {
      problems.push_back(
          {record_field, largest == 0 ? Cat("no ", kind->feature_name,
                                            " is completed on the board: the record is 0")
                                      : Cat("the record is the size of the ", kind->largest,
                                            " completed ", kind->feature_name, " on the board, ",
                                            largest, " tiles (AMB-03), not ", token.record)});
    }
    if (token.holder.has_value() != (largest > 0)) {
      problems.push_back(
          {holder_field,
           largest > 0
               ? Cat("a ", kind->feature_name, " is completed on the board, so its completer took ",
                     "the ", kind->name, " (", kind->first_rule, "): someone holds it")
               : Cat("no ", kind->feature_name, " is completed on the board yet: nobody holds the ",
                     kind->name, " (KR-06)")});
    }
  }
}

void CheckKingAndRobberBaronRules(const RuleSet& rules, std::string_view prefix,
                                  std::vector<Problem>& problems) {
  if (rules.king_robber_flat_bonus != KingRobberFlatBonus::kOff &&
      rules.king_robber_live_scoring != KingRobberLiveScoring::kOff) {
    problems.push_back({Cat(prefix, "king_robber_live_scoring"),
                        "live scoring (KR-27) has no end bonus (AMB-06): it cannot be combined "
                        "with a flat bonus (king_robber_flat_bonus, KR-24..KR-26)"});
  }
}

// ----- The snapshot check (expansion_module.h) -----

void KingAndRobberBaron::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                                          std::vector<Problem>& problems) const {
  CheckKingAndRobberBaronRules(rules, prefix, problems);
}

void KingAndRobberBaron::CheckOwnPieces(const GameState& state, const Board& /*board*/,
                                        std::vector<Problem>& problems) const {
  CheckKingAndRobberBaronPieces(state, problems);
}

void KingAndRobberBaron::CheckPiecesTogether(const GameState& state, const Board& board,
                                             std::vector<Problem>& problems) const {
  CheckKingAndRobberBaron(state, board, problems);
}

}  // namespace carcassonne

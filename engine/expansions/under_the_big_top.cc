// Under the Big Top: the big top, the animal tokens and the circus scoring
// (see under_the_big_top.h).
#include "engine/expansions/under_the_big_top.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "engine/board.h"
#include "engine/figures.h"
#include "engine/game.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

struct AnimalFacts {
  std::string_view name;
  int value;
  int tokens;
};

// BT-01: 1 elephant (7), 2 tigers (6), 3 bears (5), 5 seals (4), 4 monkeys
// (3), 1 flea (1): 16 tokens. Indexed by Animal.
constexpr std::array<AnimalFacts, kAnimalCount> kAnimals = {{
    {"flea", 1, 1},
    {"monkey", 3, 4},
    {"seal", 4, 5},
    {"bear", 5, 3},
    {"tiger", 6, 2},
    {"elephant", 7, 1},
}};

constexpr int TotalTokens() {
  int total = 0;
  for (const AnimalFacts& animal : kAnimals) total += animal.tokens;
  return total;
}
static_assert(TotalTokens() == 16, "16 animal tokens (BT-01)");

int Index(Animal animal) { return static_cast<int>(animal); }

bool IsCircusTile(const TileType& tile) {
  return std::any_of(tile.segments.begin(), tile.segments.end(), [](const SegmentType& segment) {
    return segment.kind == SegmentKind::kCircusSpace;
  });
}

// BT-06: the big top's tile and its 8 neighbours.
bool InSquareAround(Position centre, Position cell) {
  return std::llabs(static_cast<long long>(cell.x) - centre.x) <= 1 &&
         std::llabs(static_cast<long long>(cell.y) - centre.y) <= 1;
}

// BT-06 (Bridges, Castles & Bazaars): a follower in a castle stands on both
// of the castle's tiles.
bool CountsAtBigTop(const GameState& state, const Figure& figure, Position centre) {
  if (InSquareAround(centre, figure.segment.cell)) return true;
  for (const Castle& castle : state.castles) {
    if (std::find(castle.segments.begin(), castle.segments.end(), figure.segment) ==
        castle.segments.end()) {
      continue;
    }
    for (const SegmentAddress& segment : castle.segments) {
      if (InSquareAround(centre, segment.cell)) return true;
    }
  }
  return false;
}

const PlacedTile* LastPlacedTile(const GameState& state) {
  return state.tiles.size() < 2 ? nullptr : &state.tiles.back();
}

}  // namespace

int AnimalValue(Animal animal) { return kAnimals[Index(animal)].value; }
int AnimalTokensInGame(Animal animal) { return kAnimals[Index(animal)].tokens; }
std::string_view AnimalName(Animal animal) { return kAnimals[Index(animal)].name; }

ScoreEvent ScoreCircus(const GameState& state, Position cell, Animal token,
                       ScoringTrigger trigger) {
  ScoreEvent event;
  event.feature_kind = FeatureKind::kCircus;
  event.trigger = trigger;
  for (const PlacedTile& tile : state.tiles) {
    if (InSquareAround(cell, tile.cell)) event.tiles.push_back(tile.cell);
  }
  // BT-06, BT-07, BT-15: every follower counts as one meeple, whatever its
  // kind (a big follower too); builders and pigs are no followers (TB-10,
  // TB-20), barns are no figures. All players at once.
  std::vector<int> meeples(state.players.size(), 0);
  for (const Figure& figure : state.figures) {
    if (IsFollower(figure.kind) && CountsAtBigTop(state, figure, cell)) ++meeples[figure.owner];
  }
  const int value = AnimalValue(token);
  for (int player = 0; player < static_cast<int>(meeples.size()); ++player) {
    if (meeples[player] == 0) continue;
    event.majority_players.push_back(player);
    event.line_items.push_back({Cat(meeples[player], meeples[player] == 1 ? " meeple" : " meeples",
                                    " × ", value, " (", AnimalName(token), ")"),
                                meeples[player], value, meeples[player] * value, "BT-06", player});
  }
  event.SettlePoints();
  return event;
}

void UnderTheBigTop::SetUpGame(GameState& state) const {
  // BT-02: the tokens face down in a stack; the big top beside them.
  for (int i = 0; i < kAnimalCount; ++i) state.big_top.supply[i] = kAnimals[i].tokens;
}

void UnderTheBigTop::CheckTileChance(const Game& game, const TileType& drawn,
                                     std::optional<Animal> animal, std::optional<Position> cell,
                                     std::vector<Violation>& violations) const {
  const bool circus = IsCircusTile(drawn);
  if (circus != animal.has_value()) {
    violations.push_back(
        {ViolationCode::kAnimalTokenNotAllowed,
         circus ? Cat("A circus tile (", drawn.id,
                      ") is placed with the animal token drawn for it: name the token.")
                : Cat("An animal token is drawn only with a circus tile, not with ", drawn.id, "."),
         cell, std::nullopt, circus ? "BT-05" : "BT-04"});
    return;
  }
  if (animal && game.state().big_top.supply[Index(*animal)] <= 0) {
    violations.push_back({ViolationCode::kAnimalTokenNotInSupply,
                          Cat("No ", AnimalName(*animal), " token is left in the supply."), cell,
                          std::nullopt, "BT-05"});
  }
}

void UnderTheBigTop::TakeTileChance(Game& game, const PlaceTileAction& action) const {
  if (!action.animal_token) return;
  // BT-04, BT-05: the token drawn waits, face down, for step 3.
  BigTopState& big_top = game.mutable_state().big_top;
  big_top.supply[Index(*action.animal_token)] -= 1;
  big_top.drawn = action.animal_token;
}

void UnderTheBigTop::AfterTurnScoring(Game& game, std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  // Called again when the turn resumes: the drawn token is the work to do.
  if (!state.big_top.drawn) return;
  const PlacedTile* placed = LastPlacedTile(state);
  if (placed == nullptr) return;
  // BT-05: the tile's features were scored first (and their meeples went
  // back); now the circus where the big top stands, whose token is revealed
  // and leaves the game.
  if (state.big_top.cell && state.big_top.token) {
    ScoreEvent event =
        ScoreCircus(state, *state.big_top.cell, *state.big_top.token, ScoringTrigger::kCompleted);
    event.AddToScores(state.players);
    events.push_back(std::move(event));
  }
  // BT-04, BT-05: the big top moves to the new circus tile, on the new token.
  state.big_top.cell = placed->cell;
  state.big_top.token = state.big_top.drawn;
  state.big_top.drawn.reset();
}

void UnderTheBigTop::BeforeEndOfGameScoring(Game& game, std::vector<ScoreEvent>& events) const {
  GameState& state = game.mutable_state();
  // BT-08 [engine practice]: the last circus scores once more, with the
  // meeples as they stand at the end (before the final scoring returns
  // them; the order changes no points).
  if (!state.big_top.cell || !state.big_top.token) return;
  ScoreEvent event =
      ScoreCircus(state, *state.big_top.cell, *state.big_top.token, ScoringTrigger::kEndOfGame);
  event.AddToScores(state.players);
  events.push_back(std::move(event));
}

void UnderTheBigTop::CheckOwnPieces(const GameState& state, const Board& /*board*/,
                                    std::vector<Problem>& problems) const {
  const BigTopState& big_top = state.big_top;
  if (!state.rules.Has(Expansion::kUnderTheBigTop)) {
    if (big_top != BigTopState{}) {
      problems.push_back({"big_top", "the big top and the animal tokens need the expansion"});
    }
    return;
  }
  for (int i = 0; i < kAnimalCount; ++i) {
    if (big_top.supply[i] < 0 || big_top.supply[i] > kAnimals[i].tokens) {
      problems.push_back(
          {Cat("big_top.supply.", kAnimals[i].name),
           Cat("the game has ", kAnimals[i].tokens, " ", kAnimals[i].name, " token(s) (BT-01)")});
    }
  }
  if (big_top.cell.has_value() != big_top.token.has_value()) {
    problems.push_back({"big_top", "the big top stands on a token, and only on the board (BT-04)"});
  }
}

void UnderTheBigTop::CheckPiecesTogether(const GameState& state, const Board& board,
                                         std::vector<Problem>& problems) const {
  if (!state.rules.Has(Expansion::kUnderTheBigTop)) return;
  const BigTopState& big_top = state.big_top;
  int circus_tiles = 0;
  for (const PlacedTile& tile : state.tiles) circus_tiles += IsCircusTile(*tile.type) ? 1 : 0;
  // BT-04, BT-05: each circus tile placed drew one token from the supply.
  int drawn = 0;
  for (int i = 0; i < kAnimalCount; ++i) {
    const int taken = kAnimals[i].tokens - big_top.supply[i];
    drawn += taken;
    const int on_board = (big_top.token && Index(*big_top.token) == i ? 1 : 0) +
                         (big_top.drawn && Index(*big_top.drawn) == i ? 1 : 0);
    if (taken < on_board) {
      problems.push_back({Cat("big_top.supply.", kAnimals[i].name),
                          "a token under the big top or just drawn is out of the supply (BT-05)"});
    }
  }
  if (drawn != circus_tiles) {
    problems.push_back(
        {"big_top.supply", Cat(drawn, " animal token(s) drawn, but ", circus_tiles,
                               " circus tile(s) placed: one is drawn with each (BT-04, BT-05)")});
  }
  if (big_top.cell) {
    const int index = board.TileIndexAt(*big_top.cell);
    if (index < 0 || !IsCircusTile(board.tile(index).type())) {
      problems.push_back({"big_top.cell", "the big top stands on a circus tile (BT-04)"});
      return;
    }
  }
  // Between the placement of a circus tile and its step 3, the token drawn
  // waits (BT-05); otherwise the big top stands on the last circus tile.
  const PlacedTile* last = LastPlacedTile(state);
  const bool last_is_circus = last != nullptr && IsCircusTile(*last->type);
  const bool waiting = last_is_circus && !(big_top.cell && *big_top.cell == last->cell);
  const bool turn_over = state.phase == Phase::kPlaceTile || state.phase == Phase::kGameOver ||
                         state.phase == Phase::kFinalAbbey;
  if (big_top.drawn.has_value() != waiting || (waiting && turn_over)) {
    problems.push_back(
        {"big_top.drawn",
         "a drawn token waits only between a circus tile's placement and its scoring (BT-05)"});
    return;
  }
  // BT-05: the big top stands on the latest circus tile whose turn was
  // scored.
  std::optional<Position> latest;
  for (size_t i = 0; i + (waiting ? 1 : 0) < state.tiles.size(); ++i) {
    if (IsCircusTile(*state.tiles[i].type)) latest = state.tiles[i].cell;
  }
  if (latest != big_top.cell) {
    problems.push_back(
        {"big_top.cell", "the big top stands on the latest circus tile scored (BT-04, BT-05)"});
  }
}

}  // namespace carcassonne

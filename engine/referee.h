// The referee: the stateless entry points that the service (or a test, a
// benchmark, a CLI) calls with a snapshot. Each call builds a Game from the
// snapshot, decides, and returns plain values; nothing is kept between calls.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/game.h"

namespace carcassonne {

// Limits that keep one request from taking the server down.
inline constexpr int kMaxPlacedTiles = 1024;
inline constexpr int kMaxCoordinate = 1024;  // |x|, |y| of any cell
inline constexpr int kMaxFigures = 1024;

// A snapshot or action that no legal game could produce, found by a cheap
// check: `field` is the path inside the snapshot (e.g. "tiles[3].x"),
// `message` says what is wrong.
struct Problem {
  std::string field;
  std::string message;
};

// Consistency of a snapshot: player count, every tile known and placed on a
// free cell next to an earlier tile with matching sides (BG-02), tile counts
// within the set, figures on existing segments of their kind, followers
// conserved, phase and players in range, the magic figures on unfinished roads
// and cities, apart, with the pending magic step consistent (Mage & Witch).
std::vector<Problem> CheckSnapshot(const GameState& state);

// CheckSnapshot and, when the snapshot has no problem, its Game, building the
// board once for both.
std::variant<Game, std::vector<Problem>> LoadGame(GameState state);

// Problems in an action that make it malformed rather than illegal (a figure on
// a segment that does not exist). `field` is relative to the action.
std::vector<Problem> CheckAction(const GameState& state, const Action& action);

// Problems with a drawn tile named in a request: its set must be in the game.
std::vector<Problem> CheckDrawnTile(const GameState& state, const TileType* tile);

// The opening snapshot: start tile base:D at (0, 0), 7 followers each, the rest
// of the set in the bag, player 0 to place a tile.
std::variant<GameState, std::vector<Problem>> NewGame(const std::vector<std::string>& names,
                                                      const RuleSet& rules);

// The entry points below expect a snapshot and action without problems.
Verdict ValidateAction(const GameState& state, const Action& action);

struct Outcome {
  Verdict verdict;
  std::vector<ScoreEvent> events;
  std::optional<GameState> next;  // set when legal
};
Outcome ApplyAction(const GameState& state, const Action& action);
Outcome ApplyAction(Game game, const Action& action);

struct TurnOutcome {
  Verdict verdict;
  int failed_action_index = -1;
  std::vector<ScoreEvent> events;
  std::optional<GameState> next;  // set when every step is legal
};
TurnOutcome PlayTurn(const GameState& state, std::span<const Action> actions);
TurnOutcome PlayTurn(Game game, std::span<const Action> actions);

LegalActions ListLegalActions(const GameState& state, const TileType* drawn);

struct FinalScoring {
  std::vector<ScoreEvent> events;
  std::vector<int> final_scores;  // seating order
};
FinalScoring ScoreGame(const GameState& state);
FinalScoring ScoreGame(Game game);

// Looks a segment of the tile on `cell` up by a location it touches or by its
// catalogue id; nothing if there is no tile there or no such segment.
std::optional<int> ResolveSegment(const GameState& state, Position cell, Location location);
std::optional<int> ResolveSegment(const GameState& state, Position cell,
                                  std::string_view segment_id);
// The same on the tile already found there.
std::optional<int> ResolveSegment(const PlacedTile& tile, Location location);
std::optional<int> ResolveSegment(const PlacedTile& tile, std::string_view segment_id);
// The name of a segment in answers: its canonical location, or nothing (then
// its catalogue id is used).
std::optional<Location> CanonicalLocation(const GameState& state, const SegmentAddress& segment);

}  // namespace carcassonne

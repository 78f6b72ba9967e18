// The referee: the stateless entry points that the service (or a test, a
// benchmark, a CLI) calls with a snapshot. Each call builds a Game from the
// snapshot, decides, and returns plain values; nothing is kept between calls.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/problem.h"
#include "engine/snapshot_limits.h"

namespace carcassonne {

// Consistency of a snapshot: player count, every tile known and placed on a
// free cell next to an earlier tile with matching sides (BG-02), tile counts
// within the set, figures on existing segments of their kind, followers
// conserved, phase and players in range, the magic figures on unfinished roads
// and cities, apart, with the pending magic step consistent (Mage & Witch).
std::vector<Problem> CheckSnapshot(const GameState& state);

// CheckSnapshot and, when the snapshot has no problem, its Game, building the
// board once for both.
std::variant<Game, std::vector<Problem>> LoadGame(GameState state);

// CheckSnapshot goes in stages, each on what the earlier ones found valid, so
// that no check reads a part of the snapshot already found invalid (an owner
// who is no player, a segment that is not on the board):
// 1. the rules, the players, the tiles (laid on the board as they are checked,
//    BG-02) and the bag;
// 2. each figure and each piece of the expansions on its own: every index
//    names a player, every segment one on the board, every count within its
//    bounds (see above);
// 3. the parts together: figures conserved, whose decision it is, the phase;
// 4. the expansions' rules between their pieces.
// A stage runs only when the earlier ones found no problem.
//
// For a reader that needs the board before it reads the rest (the service
// resolves the figures' segments on it): stage 1 alone, which reads only the
// rules, the players, the tiles and the bag of `state`, laying the tiles on
// an empty `board`; ...
std::vector<Problem> CheckTilesOnto(const GameState& state, Board& board);
// ... then, on the board it laid without a problem, stages 2 to 4 ...
std::vector<Problem> CheckRestOfSnapshot(const GameState& state, const Board& board);
// ... or LoadGame on that board.
std::variant<Game, std::vector<Problem>> LoadGame(GameState state, Board board);

// Problems in an action that make it malformed rather than illegal (a figure on
// a segment that does not exist). `field` is relative to the action.
std::vector<Problem> CheckAction(const GameState& state, const Action& action);

// Problems with a drawn tile named in a request: its set must be in the game.
// With Hills & Sheep, `hidden` is the tile drawn to lay under a hill tile
// (HS-03): it needs the expansion, a hill tile and a set in the game.
// With Under the Big Top, `animal` is the animal token drawn with a circus
// tile (BT-04): it needs the expansion.
std::vector<Problem> CheckDrawnTile(const GameState& state, const TileType* tile,
                                    const TileType* hidden = nullptr,
                                    std::optional<Animal> animal = std::nullopt);

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
  // When the action ended the game: the index in `events` of the final
  // scoring's first event; the events before it are the turn's own (AMB-48).
  std::optional<int> final_scoring_begin;
};
Outcome ApplyAction(const GameState& state, const Action& action);
Outcome ApplyAction(Game game, const Action& action);

struct TurnOutcome {
  Verdict verdict;
  int failed_action_index = -1;
  std::vector<ScoreEvent> events;
  std::optional<GameState> next;  // set when every step is legal
  // When a step ended the game: the index in `events` of the final scoring's
  // first event (AMB-48).
  std::optional<int> final_scoring_begin;
};
TurnOutcome PlayTurn(const GameState& state, std::span<const Action> actions);
TurnOutcome PlayTurn(Game game, std::span<const Action> actions);

// `animal`: the animal token the caller drew with a circus tile (Under the
// Big Top, BT-04, BT-05).
LegalActions ListLegalActions(const GameState& state, const TileType* drawn,
                              const TileType* hidden = nullptr,
                              std::optional<Animal> animal = std::nullopt);

struct FinalScoring {
  std::vector<ScoreEvent> events;
  std::vector<int> final_scores;  // seating order
  // The end-of-game decisions that would come first (CO-46), each taken as
  // declined for `events` (AMB-48; Game::ScoreEndOfGame).
  std::vector<EndOfGameDecision> decisions_first;
  // The index in `events` of the final scoring's first event (the events
  // before it finish the pending turn); unset on a finished game.
  std::optional<int> final_scoring_begin;
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

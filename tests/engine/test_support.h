// Set-up and look-ups shared by the engine's tests (one copy here, used by the
// Tower's and the Princess & the Dragon's tests): a tile type by its id, a
// problem or a violation found, a game with its bag not tracked (the tests lay
// the tiles they choose), and a tile placed with the figure step passed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/referee.h"

namespace carcassonne {

// The catalogue's tile type `id` ("base:D", "pd:16", ...), or null.
const TileType* Tile(std::string_view id);

// Whether the snapshot check found a problem in `field`.
bool HasProblem(const std::vector<Problem>& problems, std::string_view field);

// Whether `verdict` gives `code` under rule `rule_id`.
bool HasCode(const Verdict& verdict, ViolationCode code, std::string_view rule_id);

// A new game of `names` with `expansion`, then `more`, and the other options
// of `rules` (whose expansions are replaced), the bag not tracked (BG-01: any
// tile may then be drawn).
GameState UntrackedGame(const std::vector<std::string>& names, Expansion expansion,
                        const std::vector<Expansion>& more = {}, RuleSet rules = {});

// A figure an action names, four times with one field no game could have
// (for CheckAction's field checks): an owner who is no player of a 2-player
// game, a kind that does not exist, a cell with no tile (`empty_cell`), and
// a segment its tile does not have (`missing_segment`).
struct MalformedFigures {
  Figure no_owner, no_kind, no_tile, no_segment;
};
MalformedFigures MalformedFiguresOf(const Figure& figure, Position empty_cell, int missing_segment);

// Abbey & Mayor: lays the tiles of a board with one hole, (1, 0) (AM-03):
//   road: base:A turned 270 (road E) at (-3, 0), base:U (road E-W) at (-2, 0)
//         and (-1, 0), the start tile base:D (city N, road E-W) at (0, 0):
//         its road runs east into the hole.
//   city: base:F turned 90 (city N-S, 1 coat of arms) at (1, -1) and base:E
//         turned 180 (city S) at (1, -2): a city open towards the hole;
//         base:E turned 180 at (0, -1) closes D's city.
//   base:B (monastery, all field) at (2, -1), (0, 1) and (1, 1), and
//   `east_of_hole` (rotation 0) at (2, 0).
// Around the hole 7 of the 8 cells hold a tile; (2, 1) is empty.
void LayAbbeyHoleBoard(GameState& state, const TileType* east_of_hole);

// Places `tile` and passes the figure step, each checked legal first (a
// failure is reported and nothing illegal is applied); returns the pass's
// events.
std::vector<ScoreEvent> PlaceAndPass(Game& game, const PlaceTileAction& tile);

}  // namespace carcassonne

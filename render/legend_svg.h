// The legend beside the board: the players (colour, name, score, supply, whose
// decision it is), a few lines about the game (phase, last tile, magic
// figures, the King and the Robber Baron, the Count) and a key to the tile
// symbols.
#pragma once

#include <string>
#include <vector>

#include "carcassonne/v1/referee.pb.h"
#include "render/svg.h"

namespace carcassonne::render {

struct LegendPlayer {
  std::string name;
  int score = 0;
  std::string colour;  // "#rrggbb"
  std::string supply;  // "5 followers, 1 builder"
  bool active = false;
  bool deciding = false;
};

struct Legend {
  std::vector<LegendPlayer> players;
  std::vector<std::string> lines;  // one fact a line
};

// The legend of a snapshot: its players (at most as many as the palette has
// colours) and the lines about its phase, its last placed tile (an index into
// state.tiles, or -1 when none is framed), magic figures, King and Robber
// Baron, Count and bag.
Legend LegendOf(const carcassonne::v1::GameState& state, int last_placed_tile,
                bool frame_last_tile);

// Width of the legend, in SVG units.
inline constexpr double kLegendWidth = 330;

// Appends <g id="legend"> with its north-west corner at `origin`; returns the
// legend's height.
double AppendLegend(std::string& svg, const Legend& legend, Point origin);

}  // namespace carcassonne::render

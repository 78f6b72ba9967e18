// carcassonne_render: draws a game snapshot (carcassonne.v1.GameState in the
// protobuf JSON mapping) as an SVG picture of the board. A client tool: it
// reads the catalogue of tile types from the engine library and decides no
// rule. Exit status 0 = drawn, 1 = the output could not be written,
// 2 = bad usage or a snapshot that cannot be drawn (with a message).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "clients/render/snapshot_json.h"
#include "render/board_svg.h"

namespace {

constexpr std::string_view kHelp = R"(Usage: carcassonne_render [OPTIONS] SNAPSHOT.json
       carcassonne_render [OPTIONS] --catalogue
       carcassonne render ...   (scripts/carcassonne, the same)

Draws a Carcassonne game snapshot as an SVG picture of the board.

SNAPSHOT.json (or - for standard input) is JSON in the protobuf JSON mapping,
as the API and `buf curl` print it, and is either
  * a carcassonne.v1.GameState itself, or
  * any JSON object with a "state" field holding one: a request or response
    of the API (ApplyActionResponse, PlayTurnRequest, NewGameResponse, ...),
    or a scenario file (tests/scenarios/*.json) that starts from a snapshot.
Unknown fields are errors, as in the API.

The picture: each tile drawn from the catalogue's segments (no artwork):
fields green, cities tan with their coats of arms (blue shields), roads as
light lines from the side midpoints to the centre, rivers blue, monasteries
as a small building; inns, cathedrals, goods, pig herds, wells, magic
symbols, volcanoes and bazaars as small glyphs (see the key in the legend).
Figures in their owner's seat colour (red, blue, yellow, black, pink, grey
in seating order), each shape labelled with its kind: follower, big
follower, builder, pig, mayor, wagon (dashed while waiting to move), barn;
the mage (purple) and the witch (orange); castles (the owner's colour, with
a dashed link between their two segments); the Count and the followers in
the quarters of Carcassonne, drawn on the tile count:7. The last placed
tile (the last of GameState.tiles, unless only set-up tiles lie on the
board) has an orange frame. A legend lists the players with their colours,
scores and supplies, the phase, the magic figures, the King and the Robber
Baron, the Count's quarter.

Options:
  -o, --output FILE   write the SVG to FILE (default: standard output)
      --outline       outline every segment of every tile along the sides and
                      half-edges it touches, in its kind's colour, with its
                      segment id. This is per tile only: whole features (a
                      road or city across tiles) are not outlined, because
                      the service has no board-description call yet and the
                      renderer computes no feature itself.
      --catalogue     instead of a snapshot, draw every tile type of the
                      catalogue (rotation 0, 12 to a row, in catalogue order)
  -h, --help          show this help

Exit status: 0 drawn; 1 the output could not be written; 2 bad usage or a
snapshot that cannot be drawn (not JSON, not a GameState, an unknown tile
type, a rotation other than 0/90/180/270, two tiles on one cell, a piece on
a cell without a tile or on a segment the tile does not have, an owner that
is not a player, more than 6 players), with a message on standard error.
The renderer judges no rule: a snapshot that the referee would refuse is
drawn as long as it can be drawn.
)";

int Fail(std::string_view message) {
  std::cerr << "carcassonne_render: " << message << "\n";
  return 2;
}

int UsageError(std::string_view message) {
  std::cerr << "carcassonne_render: " << message << "\n"
            << "Try 'carcassonne_render --help'.\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  carcassonne::render::RenderOptions options;
  std::string output_path;
  std::vector<std::string> inputs;
  bool options_done = false;
  bool catalogue = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (!options_done && (arg == "-h" || arg == "--help")) {
      std::cout << kHelp;
      return 0;
    } else if (!options_done && arg == "--catalogue") {
      catalogue = true;
    } else if (!options_done && arg == "--outline") {
      options.outline = true;
    } else if (!options_done && (arg == "-o" || arg == "--output")) {
      if (i + 1 >= argc) return UsageError(std::string(arg) + " needs a file name");
      output_path = argv[++i];
    } else if (!options_done && arg.starts_with("--output=")) {
      output_path = std::string(arg.substr(std::string_view("--output=").size()));
    } else if (!options_done && arg == "--") {
      options_done = true;
    } else if (!options_done && arg.size() > 1 && arg[0] == '-') {
      return UsageError("unknown option " + std::string(arg));
    } else {
      inputs.emplace_back(arg);
    }
  }
  absl::StatusOr<std::string> svg;
  if (catalogue) {
    if (!inputs.empty()) return UsageError("--catalogue takes no snapshot file");
    options.frame_last_tile = false;
    svg = carcassonne::render::RenderBoard(carcassonne::render::CatalogueSheet(12), options);
    if (!svg.ok()) return Fail(std::string(svg.status().message()));
  } else {
    if (inputs.size() != 1) return UsageError("give exactly one snapshot file (or - for stdin)");
    std::string json;
    if (inputs[0] == "-") {
      json.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    } else {
      std::ifstream file(inputs[0], std::ios::binary);
      if (!file) return Fail(inputs[0] + ": cannot read the file");
      std::ostringstream buffer;
      buffer << file.rdbuf();
      if (file.bad()) return Fail(inputs[0] + ": cannot read the file");
      json = buffer.str();
    }
    absl::StatusOr<carcassonne::v1::GameState> state = carcassonne::render::ParseSnapshot(json);
    if (!state.ok()) return Fail(inputs[0] + ": " + std::string(state.status().message()));
    svg = carcassonne::render::RenderBoard(*state, options);
    if (!svg.ok()) return Fail(inputs[0] + ": " + std::string(svg.status().message()));
  }

  if (output_path.empty() || output_path == "-") {
    std::cout << *svg << std::flush;
    if (!std::cout) {
      std::cerr << "carcassonne_render: cannot write to standard output\n";
      return 1;
    }
    return 0;
  }
  std::ofstream out(output_path, std::ios::binary | std::ios::trunc);
  out << *svg;
  out.close();
  if (!out) {
    std::cerr << "carcassonne_render: cannot write " << output_path << "\n";
    return 1;
  }
  return 0;
}

// A snapshot or an action that no legal game could produce, as the cheap
// consistency checks report it (engine/referee.h; each expansion module checks
// its own pieces through the hooks of engine/expansion_module.h).
#pragma once

#include <string>

namespace carcassonne {

// `field` is the path inside the snapshot (e.g. "tiles[3].x"), `message` says
// what is wrong.
struct Problem {
  std::string field;
  std::string message;
};

}  // namespace carcassonne

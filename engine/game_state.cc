// The tile bag of a snapshot.
#include "engine/game_state.h"

#include <algorithm>

namespace carcassonne {

int TileBag::Total() const {
  int total = 0;
  for (const TileCount& entry : tiles) total += entry.count;
  return total;
}

int TileBag::CountOf(const TileType* type) const {
  for (const TileCount& entry : tiles) {
    if (entry.type == type) return entry.count;
  }
  return 0;
}

void TileBag::Remove(const TileType* type) {
  for (TileCount& entry : tiles) {
    if (entry.type == type && entry.count > 0) {
      entry.count -= 1;
      break;
    }
  }
  tiles.erase(std::remove_if(tiles.begin(), tiles.end(),
                             [](const TileCount& entry) { return entry.count == 0; }),
              tiles.end());
}

}  // namespace carcassonne

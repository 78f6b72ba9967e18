// Choices made from a fuzz_engine_games input, shared by the target
// (engine_fuzzer.cc) and its helpers (engine_fuzz_chance.cc,
// engine_fuzz_actions.cc).
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/game_state.h"
#include "engine/tile_type.h"

namespace carcassonne::fuzz {

template <typename Enum>
inline Enum PickEnum(FuzzedDataProvider& input, int count) {
  return static_cast<Enum>(input.ConsumeIntegralInRange<int>(0, count - 1));
}

template <typename T>
inline const T& PickFrom(FuzzedDataProvider& input, const std::vector<T>& items) {
  return items[input.ConsumeIntegralInRange<size_t>(0, items.size() - 1)];
}

// True with probability out_of_256 / 256.
inline bool Rarely(FuzzedDataProvider& input, int out_of_256) {
  return input.ConsumeIntegral<uint8_t>() < out_of_256;
}

// A tile type of the catalogue, of any set.
inline const TileType* AnyTileType(FuzzedDataProvider& input) {
  const Catalogue& catalogue = Catalogue::Get();
  return &catalogue.TypeAt(input.ConsumeIntegralInRange<int>(0, catalogue.type_count() - 1));
}

// An animal token, or none.
inline std::optional<Animal> SomeAnimal(FuzzedDataProvider& input) {
  if (input.ConsumeBool()) return std::nullopt;
  return PickEnum<Animal>(input, kAnimalCount);
}

}  // namespace carcassonne::fuzz

// What the games of fuzz_engine_games reached (engine_fuzzer.cc): printed at
// exit with FUZZ_ENGINE_STATS set, read by engine_fuzz_coverage_test.cc.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <variant>

#include "engine/action.h"
#include "engine/game_state.h"

namespace carcassonne::fuzz {

inline constexpr int kVariants = static_cast<int>(std::variant_size_v<ActionChoice>);
inline constexpr int kPhases = static_cast<int>(Phase::kBazaarSettle) + 1;

struct EngineFuzzStats {
  std::array<long, kVariants> listed{};   // picked among the listed actions
  std::array<long, kVariants> mutated{};  // mutated or arbitrary, judged
  std::array<long, kVariants> refused{};  // ... and refused
  std::array<long, kVariants> applied{};  // applied (any origin)
  std::array<long, kPhases> phases{};     // steps taken in each phase
  long games = 0;
  long finished = 0;  // games that reached the end (Phase::kGameOver)
  long steps = 0;
};

// The counters of the games played so far: with FUZZ_ENGINE_STATS set (then
// printed at exit) or after CountEngineFuzzStats; else nullptr.
EngineFuzzStats* EngineFuzzStatsOrNull();
// Counts the games from now on (without printing them at exit).
EngineFuzzStats& CountEngineFuzzStats();

// One input of fuzz_engine_games: a game (engine_fuzzer.cc). Aborts when a
// promise is broken.
int FuzzOneGame(const uint8_t* data, size_t size);

}  // namespace carcassonne::fuzz

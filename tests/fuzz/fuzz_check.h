// What a fuzz target does when a promise of the engine or the service is
// broken: it says which promise, on stderr, and aborts, so that libFuzzer
// records the input as a crash (and ASan prints the stack).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace carcassonne::fuzz {

[[noreturn]] inline void BrokenPromise(const char* file, int line, const char* condition,
                                       const std::string& detail) {
  std::fprintf(stderr, "\n==fuzz== broken promise at %s:%d: %s\n==fuzz== %s\n", file, line,
               condition, detail.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace carcassonne::fuzz

// FUZZ_CHECK(condition, detail): abort with `detail` (a std::string) unless
// `condition` holds.
#define FUZZ_CHECK(condition, detail)                                               \
  do {                                                                              \
    if (!(condition)) {                                                             \
      ::carcassonne::fuzz::BrokenPromise(__FILE__, __LINE__, #condition, (detail)); \
    }                                                                               \
  } while (false)

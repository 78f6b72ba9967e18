// carcassonne_scenario FILE.json...: runs scenario files (scenario.proto in the
// protobuf JSON mapping) through the service's handlers and checks every
// expectation. Prints each step, its events and PASS/FAIL per expectation, then
// one line "N passed, M failed". Exit status 0 when every expectation passes,
// 1 otherwise (including unreadable or malformed files).
#include <iostream>
#include <string>

#include "clients/scenario/scenario_runner.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " FILE.json...\n"
              << "Runs Carcassonne scenario files against the referee's handlers and checks\n"
              << "their expectations (format: clients/scenario/scenario.proto, JSON mapping).\n";
    return 1;
  }
  carcassonne::scenario::Tally total;
  for (int i = 1; i < argc; ++i) {
    if (i > 1) std::cout << "\n";
    total += carcassonne::scenario::RunScenarioFile(argv[i], std::cout);
  }
  std::cout << "\n" << total.passed << " passed, " << total.failed << " failed\n";
  return total.failed == 0 ? 0 : 1;
}

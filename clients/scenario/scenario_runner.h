// The scenario runner: reads a scenario file (scenario.proto in the protobuf
// JSON mapping), starts from NewGame or the snapshot, applies the steps
// through the service's in-process handlers (service/handlers.h, the code a
// live server runs) or a live server (referee_endpoint.h), and checks every
// expectation. It prints a report meant for
// a person checking a disputed game: each step with its verdict and its scoring
// events in a compact human form, then PASS or FAIL per expectation with the
// difference (which step, which field, expected vs actual).
#pragma once

#include <ostream>
#include <string>

#include "carcassonne/v1/referee.pb.h"
#include "clients/scenario/referee_endpoint.h"
#include "scenario/scenario.pb.h"

namespace carcassonne::scenario {

// Expectations counted: one per step that has an `expect`, one per what-if
// ScoreGame of a step (`expect.score_game`), one for the scenario's `final`.
struct Tally {
  int passed = 0;
  int failed = 0;

  Tally& operator+=(const Tally& other) {
    passed += other.passed;
    failed += other.failed;
    return *this;
  }
};

// Parses the JSON text of a scenario file; strict: unknown fields are errors.
// Returns an empty string on success, otherwise the parser's message.
std::string ParseScenarioJson(const std::string& json, v1::Scenario* scenario);

// Runs a parsed scenario against `referee`, printing the report to `out`.
// Without `referee`: the service's handlers in this process.
Tally RunScenario(const v1::Scenario& scenario, std::ostream& out, RefereeEndpoint& referee);
Tally RunScenario(const v1::Scenario& scenario, std::ostream& out);

// Reads, parses and runs one file. A file that cannot be read or parsed counts
// as one failed expectation.
Tally RunScenarioFile(const std::string& path, std::ostream& out, RefereeEndpoint& referee);
Tally RunScenarioFile(const std::string& path, std::ostream& out);

// One action in a compact human form, e.g. "place_tile base:M at (0,-1) rot 180"
// or "place_figure follower on (1,0) W".
std::string DescribeAction(const ::carcassonne::v1::Action& action);

// One scoring event in a compact human form, e.g. "city complete, 4 tiles,
// majority [0] ×1: 4 tiles × 2 = 8 (BG-11), 1 coat of arms × 2 = 2 (BG-11) → +10".
std::string DescribeEvent(const ::carcassonne::v1::ScoreEvent& event);

}  // namespace carcassonne::scenario

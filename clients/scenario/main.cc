// carcassonne_scenario [--target=HOST:PORT [--tls* flags]] FILE.json...: runs
// scenario files (scenario.proto in the protobuf JSON mapping) and checks
// every expectation: through the service's handlers in this process, or, with
// --target, against a live referee server (plaintext, or TLS / mTLS with the
// flags of clients/common/channel_security.h). Prints each step, its events
// and PASS/FAIL per expectation, then one line "N passed, M failed". Exit
// status 0 when every expectation passes, 1 otherwise (including unreadable or
// malformed files and a server that cannot be reached), 2 on a bad flag.
#include <grpcpp/support/channel_arguments.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/match.h"
#include "absl/time/time.h"
#include "clients/common/channel_security.h"
#include "clients/scenario/referee_endpoint.h"
#include "clients/scenario/scenario_runner.h"

ABSL_FLAG(std::string, target, "",
          "A referee server (host:port) to run the scenarios against; empty: the service's "
          "handlers in this process");
ABSL_FLAG(absl::Duration, deadline, absl::Seconds(10), "With --target: the deadline of each call");

namespace {

constexpr std::chrono::seconds kConnectTimeout{5};

// --help lists the flags of this program's own files (the runner's and the
// shared TLS flags of clients/common), not those of the libraries.
bool IsClientFlagFile(absl::string_view filename) {
  return absl::StrContains(filename, "clients/scenario/") ||
         absl::StrContains(filename, "clients/common/");
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Runs Carcassonne scenario files against the referee and checks their expectations\n"
      "(format: clients/scenario/scenario.proto, JSON mapping).\n"
      "Usage: carcassonne_scenario [--target=HOST:PORT [--tls_ca=PEM] [--tls_certificate=PEM "
      "--tls_private_key=PEM] [--tls_server_name=NAME]] FILE.json...");
  absl::FlagsUsageConfig usage;
  usage.contains_help_flags = &IsClientFlagFile;
  usage.contains_helpshort_flags = &IsClientFlagFile;
  absl::SetFlagsUsageConfig(usage);
  const std::vector<char*> files = absl::ParseCommandLine(argc, argv);
  if (files.size() < 2) {
    std::cerr << absl::ProgramUsageMessage() << "\n";
    return 1;
  }

  std::unique_ptr<carcassonne::scenario::RefereeEndpoint> referee;
  const std::string target = absl::GetFlag(FLAGS_target);
  const carcassonne::clients::ClientTlsOptions tls =
      carcassonne::clients::ClientTlsOptionsFromFlags();
  if (target.empty()) {
    if (tls.enabled()) {
      std::cerr << "carcassonne_scenario: the --tls* flags need a server (--target)\n";
      return 2;
    }
    referee = carcassonne::scenario::InProcessReferee();
  } else {
    const auto security = carcassonne::clients::MakeChannelSecurity(tls);
    if (!security.ok()) {
      std::cerr << "carcassonne_scenario: " << security.status().message() << "\n";
      return 2;
    }
    const absl::Duration deadline = absl::GetFlag(FLAGS_deadline);
    if (deadline <= absl::ZeroDuration()) {
      std::cerr << "carcassonne_scenario: --deadline must be positive\n";
      return 2;
    }
    std::shared_ptr<grpc::Channel> channel =
        security->CreateChannel(target, grpc::ChannelArguments());
    if (!channel->WaitForConnected(std::chrono::system_clock::now() + kConnectTimeout)) {
      std::cerr << "carcassonne_scenario: cannot connect to " << target << " ("
                << security->description() << ") within " << kConnectTimeout.count() << " s\n";
      return 1;
    }
    referee = carcassonne::scenario::RemoteReferee(channel, absl::ToChronoMilliseconds(deadline));
    std::cout << "referee: " << target << " (" << security->description() << ")\n\n";
  }

  carcassonne::scenario::Tally total;
  for (size_t i = 1; i < files.size(); ++i) {
    if (i > 1) std::cout << "\n";
    total += carcassonne::scenario::RunScenarioFile(files[i], std::cout, *referee);
  }
  std::cout << "\n" << total.passed << " passed, " << total.failed << " failed\n";
  return total.failed == 0 ? 0 : 1;
}

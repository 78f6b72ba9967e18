// What an operator relies on, checked on the real carcassonne_referee binary
// (issue #16): --help lists every flag with its default and meaning,
// --version prints the version and git revision, --max_connection_age_seconds
// makes the server close (GOAWAY) a connection once it is that old so that
// the client reconnects, and /metrics is what the go-grpc-prometheus
// dashboards expect (label values, buckets, process metrics, build_info) and
// passes `promtool check metrics`.
#include <grpcpp/grpcpp.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "gtest/gtest.h"
#include "server_process.h"

namespace carcassonne::service {
namespace {

namespace v1 = ::carcassonne::v1;
using namespace test_server;  // NOLINT: the shared test helpers (server_process.h)

const std::string kBinary = CARCASSONNE_REFEREE_BINARY;
const std::string kService = "carcassonne.v1.RefereeService";
constexpr auto kCallTimeout = std::chrono::seconds(10);

// Every flag the server defines (service/main.cc), with the default --help
// must show for it.
const std::vector<std::pair<std::string, std::string>> kFlagDefaults = {
    {"address", "\"0.0.0.0\""},
    {"port", "50051"},
    {"metrics_port", "9464"},
    {"http_port", "8080"},
    {"http_cors_origins", "\"\""},
    {"noop", "false"},
    {"serving_threads", "0"},
    {"tls_certificate", "\"\""},
    {"tls_private_key", "\"\""},
    {"tls_client_ca", "\"\""},
    {"tls_refresh_seconds", "60"},
    {"lame_duck_seconds", "5"},
    {"queue_budget_ms", "20"},
    {"max_connection_age_seconds", "0"},
    {"max_connection_age_grace_seconds", "30"},
    {"access_log", "\"off\""},
    {"access_log_sample", "1"},
};

TEST(CommandLineTest, HelpListsEveryFlagWithItsDefaultAndMeaning) {
  const auto [status, output] = RunCommand(kBinary + " --help");
  EXPECT_EQ(status, 0) << output;
  for (const auto& [name, default_value] : kFlagDefaults) {
    const std::string entry = "  --" + name + "  (default: " + default_value + ")\n      ";
    const size_t at = output.find(entry);
    ASSERT_NE(at, std::string::npos) << "--" << name << " is not listed as " << entry << "in\n"
                                     << output;
    // The meaning: a line of text under the flag.
    const size_t meaning = at + entry.size();
    EXPECT_GT(output.find('\n', meaning), meaning + 10) << "--" << name << " has no meaning";
  }
  // Nothing else is listed as a flag with a default (a new flag is added to
  // kFlagDefaults).
  size_t listed = 0;
  for (size_t at = output.find("  (default: "); at != std::string::npos;
       at = output.find("  (default: ", at + 1)) {
    ++listed;
  }
  EXPECT_EQ(listed, kFlagDefaults.size()) << output;
  EXPECT_NE(output.find("  --version\n"), std::string::npos) << output;
}

TEST(CommandLineTest, VersionPrintsTheVersionAndTheGitRevision) {
  const auto [status, output] = RunCommand(kBinary + " --version");
  EXPECT_EQ(status, 0) << output;
  EXPECT_EQ(output, std::string("carcassonne_referee ") + CARCASSONNE_EXPECTED_VERSION +
                        " (revision " + CARCASSONNE_EXPECTED_REVISION + ")\n");
  // A revision is 12 hex digits (maybe "-dirty") or "unknown" (no .git).
  EXPECT_TRUE(std::regex_match(std::string(CARCASSONNE_EXPECTED_REVISION),
                               std::regex("[0-9a-f]{12}(-dirty)?|unknown")))
      << CARCASSONNE_EXPECTED_REVISION;
}

TEST(CommandLineTest, ConnectionAgeFlagsAreChecked) {
  for (const std::string flag :
       {"--max_connection_age_seconds=-1", "--max_connection_age_seconds=86401",
        "--max_connection_age_grace_seconds=-1", "--max_connection_age_grace_seconds=3601"}) {
    const auto [status, output] =
        RunCommand(kBinary + " --port=0 --metrics_port=0 --http_port=0 " + flag);
    EXPECT_EQ(status, 2) << flag << ": " << output;
    EXPECT_NE(output.find("must be"), std::string::npos) << flag << ": " << output;
  }
}

// A started server and a channel that has made one call to it (READY).
struct ConnectedServer {
  ServerProcess server;
  std::shared_ptr<grpc::Channel> channel;
};

void Connect(ConnectedServer& connected, const std::vector<std::string>& flags) {
  const std::string error = connected.server.Start(flags);
  ASSERT_EQ(error, "");
  connected.channel =
      grpc::CreateChannel(connected.server.target(), grpc::InsecureChannelCredentials());
  ASSERT_TRUE(WaitForServing(connected.channel, kService));
  ASSERT_EQ(connected.channel->GetState(false), GRPC_CHANNEL_READY);
}

TEST(ConnectionAgeTest, TheServerClosesAConnectionAtItsMaximumAgeAndTheClientReconnects) {
  ConnectedServer connected;
  ASSERT_NO_FATAL_FAILURE(Connect(
      connected, {"--max_connection_age_seconds=1", "--max_connection_age_grace_seconds=1"}));
  const std::string log = connected.server.Log();
  EXPECT_NE(log.find("max_connection_age_ms=1000 "), std::string::npos) << log;
  EXPECT_NE(log.find("max_connection_age_grace_ms=1000)"), std::string::npos) << log;

  // The age is 1 s +/- 10 %: within 4 s the server sends GOAWAY and the
  // channel leaves READY (it goes IDLE until the next call).
  const auto deadline = std::chrono::system_clock::now() + std::chrono::seconds(4);
  ASSERT_TRUE(connected.channel->WaitForStateChange(GRPC_CHANNEL_READY, deadline))
      << "the connection was not closed";
  EXPECT_NE(connected.channel->GetState(false), GRPC_CHANNEL_READY);

  // The next call reconnects and succeeds.
  auto stub = v1::RefereeService::NewStub(connected.channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
  v1::NewGameRequest request;
  request.add_player_names("Ada");
  request.add_player_names("Brian");
  v1::NewGameResponse response;
  const grpc::Status status = stub->NewGame(&context, request, &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(connected.channel->GetState(false), GRPC_CHANNEL_READY);
}

TEST(ConnectionAgeTest, WithoutTheFlagAConnectionStaysOpen) {
  ConnectedServer connected;
  ASSERT_NO_FATAL_FAILURE(Connect(connected, {}));
  const std::string log = connected.server.Log();
  EXPECT_NE(log.find("max_connection_age_ms=0 "), std::string::npos) << log;
  // Nothing closes the connection: the channel stays READY (the check the
  // test above relies on sees no change here).
  const auto deadline = std::chrono::system_clock::now() + std::chrono::milliseconds(2500);
  EXPECT_FALSE(connected.channel->WaitForStateChange(GRPC_CHANNEL_READY, deadline));
  EXPECT_EQ(connected.channel->GetState(false), GRPC_CHANNEL_READY);
}

// The label values and families of /metrics, after a legal game start, a
// verdict and a malformed request.
class MetricsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    started_at_ = static_cast<double>(std::time(nullptr));
    ASSERT_EQ(server_.Start(), "");
    channel_ = grpc::CreateChannel(server_.target(), grpc::InsecureChannelCredentials());
    ASSERT_TRUE(WaitForServing(channel_, kService));
    auto stub = v1::RefereeService::NewStub(channel_);

    v1::NewGameRequest new_game;
    new_game.add_player_names("Ada");
    new_game.add_player_names("Brian");
    v1::NewGameResponse game;
    {
      grpc::ClientContext context;
      context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
      ASSERT_TRUE(stub->NewGame(&context, new_game, &game).ok());
    }
    // The base game's straight road (U) south of the start tile, unrotated:
    // its road meets the start tile's city edge (VIOLATION_CODE_EDGE_MISMATCH).
    v1::ValidateActionRequest validate;
    *validate.mutable_state() = game.state();
    v1::PlaceTile* place = validate.mutable_action()->mutable_place_tile();
    place->set_tile_type("base:U");
    place->set_x(0);
    place->set_y(-1);
    place->set_rotation(0);
    {
      grpc::ClientContext context;
      context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
      v1::ValidateActionResponse verdict;
      ASSERT_TRUE(stub->ValidateAction(&context, validate, &verdict).ok());
      ASSERT_FALSE(verdict.verdict().legal());
      ASSERT_EQ(verdict.verdict().violations(0).code(), v1::VIOLATION_CODE_EDGE_MISMATCH);
    }
    {
      grpc::ClientContext context;
      context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
      v1::ValidateActionResponse verdict;
      const grpc::Status status =
          stub->ValidateAction(&context, v1::ValidateActionRequest(), &verdict);
      ASSERT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    }
    metrics_ = HttpGet(server_.metrics_port(), "/metrics");
    ASSERT_FALSE(metrics_.empty()) << "no answer from the metrics port";
  }

  // The value of `series`, or a failed expectation and -1.
  double Value(const std::string& series) {
    const std::optional<double> value = MetricValue(metrics_, series);
    EXPECT_TRUE(value.has_value()) << series << " is missing";
    return value.value_or(-1);
  }

  double started_at_ = 0;
  ServerProcess server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::string metrics_;
};

TEST_F(MetricsTest, GrpcSeriesCarryGrpcTypeAndTheGoSpellingOfTheCode) {
  const std::string labels = "grpc_service=\"" + kService + "\",grpc_type=\"unary\"}";
  EXPECT_EQ(Value("grpc_server_handled_total{grpc_code=\"OK\",grpc_method=\"NewGame\"," + labels),
            1);
  EXPECT_EQ(
      Value("grpc_server_handled_total{grpc_code=\"OK\",grpc_method=\"ValidateAction\"," + labels),
      1);
  EXPECT_EQ(Value("grpc_server_handled_total{grpc_code=\"InvalidArgument\","
                  "grpc_method=\"ValidateAction\"," +
                  labels),
            1);
  EXPECT_EQ(Value("grpc_server_started_total{grpc_method=\"ValidateAction\"," + labels), 2);
  EXPECT_EQ(Value("grpc_server_handling_seconds_count{grpc_method=\"ValidateAction\"," + labels),
            2);
  // Go's codes.Code.String() for every code, none of the C++ names.
  for (const std::string code :
       {"OK", "Canceled", "Unknown", "InvalidArgument", "DeadlineExceeded", "NotFound",
        "AlreadyExists", "PermissionDenied", "ResourceExhausted", "FailedPrecondition", "Aborted",
        "OutOfRange", "Unimplemented", "Internal", "Unavailable", "DataLoss", "Unauthenticated"}) {
    EXPECT_EQ(Value("grpc_server_handled_total{grpc_code=\"" + code +
                    "\",grpc_method=\"PlayTurn\"," + labels),
              0)
        << code;
  }
  EXPECT_EQ(metrics_.find("grpc_code=\"INVALID_ARGUMENT\""), std::string::npos);
  EXPECT_EQ(metrics_.find("grpc_code=\"CANCELLED\""), std::string::npos);
  // Every gRPC sample has grpc_type: unary for RefereeService, the health
  // check's and streams' own for the control plane (metrics.h).
  std::istringstream lines(metrics_);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("grpc_server_", 0) != 0) continue;
    if (line.find("grpc_service=\"" + kService + "\"") != std::string::npos ||
        line.find("grpc_method=\"Check\"") != std::string::npos) {
      EXPECT_NE(line.find("grpc_type=\"unary\""), std::string::npos) << line;
    } else if (line.find("grpc_method=\"Watch\"") != std::string::npos) {
      EXPECT_NE(line.find("grpc_type=\"server_stream\""), std::string::npos) << line;
    } else {
      EXPECT_NE(line.find("grpc_method=\"ServerReflectionInfo\""), std::string::npos) << line;
      EXPECT_NE(line.find("grpc_type=\"bidi_stream\""), std::string::npos) << line;
    }
  }
}

TEST_F(MetricsTest, HandlingTimeBucketsResolveMicroseconds) {
  // The first buckets: 5 us, 10 us, 25 us (a handler takes 10 to 100 us).
  const std::string series =
      "grpc_server_handling_seconds_bucket{grpc_method=\"NewGame\","
      "grpc_service=\"" +
      kService + "\",grpc_type=\"unary\",le=\"";
  std::vector<double> bounds;
  for (size_t at = metrics_.find(series); at != std::string::npos;
       at = metrics_.find(series, at + 1)) {
    const std::string bound = metrics_.substr(at + series.size(), 16);
    if (bound.rfind("+Inf", 0) != 0) bounds.push_back(std::strtod(bound.c_str(), nullptr));
  }
  ASSERT_GE(bounds.size(), 3u) << metrics_;
  EXPECT_DOUBLE_EQ(bounds[0], 5e-6);
  EXPECT_DOUBLE_EQ(bounds[1], 1e-5);
  EXPECT_DOUBLE_EQ(bounds[2], 2.5e-5);
  EXPECT_DOUBLE_EQ(bounds.back(), 5.0);
}

TEST_F(MetricsTest, VerdictsAreCountedByMethod) {
  EXPECT_EQ(Value("carcassonne_verdicts_total{grpc_method=\"ValidateAction\","
                  "violation_code=\"VIOLATION_CODE_EDGE_MISMATCH\"}"),
            1);
  EXPECT_EQ(Value("carcassonne_verdicts_total{grpc_method=\"ApplyAction\","
                  "violation_code=\"VIOLATION_CODE_EDGE_MISMATCH\"}"),
            0);
  EXPECT_EQ(Value("carcassonne_verdicts_total{grpc_method=\"PlayTurn\",violation_code=\"LEGAL\"}"),
            0);
  // Methods that give no verdict have no verdict series.
  EXPECT_EQ(metrics_.find("carcassonne_verdicts_total{grpc_method=\"NewGame\""), std::string::npos);
}

TEST_F(MetricsTest, BuildInfoCarriesVersionAndRevision) {
  EXPECT_EQ(
      Value(std::string("carcassonne_build_info{revision=\"") + CARCASSONNE_EXPECTED_REVISION +
            "\",version=\"" + CARCASSONNE_EXPECTED_VERSION + "\"}"),
      1);
}

TEST_F(MetricsTest, ProcessMetricsDescribeTheServerProcess) {
  const double resident = Value("process_resident_memory_bytes");
  const double resident_now = static_cast<double>(server_.ResidentKib()) * 1024;
  EXPECT_GT(resident, 1 << 20);
  EXPECT_GT(resident, resident_now / 2);
  EXPECT_LT(resident, resident_now * 2);
  EXPECT_GT(Value("process_virtual_memory_bytes"), resident);
  EXPECT_GE(Value("process_cpu_seconds_total"), 0);
  // The server has its listening sockets, the metrics socket and the
  // connection open, at least; fewer than its limit, which it inherited.
  rlimit files{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &files), 0);
  const double open_fds = Value("process_open_fds");
  EXPECT_GE(open_fds, 5);
  EXPECT_LT(open_fds, 1000);
  EXPECT_EQ(Value("process_max_fds"), static_cast<double>(files.rlim_cur));
  // Started after this test began (to the second), and not in the future.
  const double start = Value("process_start_time_seconds");
  EXPECT_GE(start, started_at_ - 2);
  EXPECT_LE(start, static_cast<double>(std::time(nullptr)) + 2);
}

// `promtool check metrics` (Debian package prometheus, scripts/install-deps.sh)
// on what the server exposes: counters end in _total, every family has help,
// base units, no name or label that breaks the conventions.
TEST_F(MetricsTest, PromtoolFindsNothingToComplainAbout) {
  const auto [found, where] = RunCommand("promtool --version");
  ASSERT_EQ(found, 0) << "promtool is missing: run scripts/install-deps.sh";
  char path[] = "/tmp/carcassonne_metrics_XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  std::ofstream(path) << metrics_;
  const auto [status, output] = RunCommand(std::string("promtool check metrics < ") + path);
  unlink(path);
  EXPECT_EQ(status, 0) << output;
  EXPECT_EQ(output, "") << output;
}

}  // namespace
}  // namespace carcassonne::service

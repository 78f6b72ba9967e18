// Engine benchmarks (Google Benchmark), on reproducible boards made by seeded
// random play (benchmarks/boards.h), each a position a real game reaches: of
// the base game, 36 tiles and its last turn (72: 71 tiles and the last drawn);
// of every expansion (_AllExpansions), and of the Abbot's (_Abbot), 36, 72,
// 144 tiles and its last turn (288: the whole set, less the tiles set aside
// or under hills), against a
// baseline: parsing the serialized carcassonne.v1.GameState of the same board
// (what a request carries) into a fresh message, and nothing else.
// (Over 600 lines: every benchmark is registered beside its baseline, the snapshot parse, so that
// scripts/bench reads their ratios from one binary and one run; a split by concern — parse,
// listing, whole game, every-expansion boards — is a debt.)
//
// Every figure is also reported as `x_parse`: its CPU time per iteration
// divided by the parse time of the same board's snapshot, measured once per
// board in this run (median of 15 rounds of thread CPU time, before the first
// benchmark of that board). BM_ParseSnapshot itself shows x_parse ~= 1.
// The counter is in the console output and in --benchmark_format=json.
//
//   carcassonne_bench --benchmark_min_time=0.2
//   carcassonne_bench --benchmark_filter='RequestPath|ParseSnapshot'
//   carcassonne_bench --benchmark_format=json --benchmark_out=bench.json
//
// The target "rebuilding the engine state from a 72-tile snapshot plus
// validating one action costs at most 3x parsing that snapshot" reads off
// BM_RequestPath/72's x_parse: parse + proto -> engine conversion (with the
// service's checks, CheckSnapshot included) + Game + Validate of a tile action.
// Why one file: one fixture (the boards and their turn) shared by every engine benchmark, so they
// stay side by side.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "benchmarks/boards.h"
#include "carcassonne/v1/referee.pb.h"
#include "engine/board_description.h"
#include "engine/referee.h"
#include "google/protobuf/arena.h"
#include "service/convert.h"
#include "service/describe_board.h"

namespace carcassonne::bench {
namespace {

namespace v1 = ::carcassonne::v1;

constexpr uint32_t kBoardSeed = 20240601;  // every board

// The families of boards: the base game (no suffix); every expansion this
// build plays together (_AllExpansions: AllExpansionsRules); the Abbot's
// (_Abbot: AbbotRules, the Abbot and the barn, which this build refuses with
// the Count, the Cult or Siege, AB-15, SI-Q1).
enum class Boards { kBase, kAllExpansions, kAbbot };

RuleSet RulesOf(Boards boards) {
  switch (boards) {
    case Boards::kBase:
      return RuleSet{};
    case Boards::kAllExpansions:
      return AllExpansionsRules();
    case Boards::kAbbot:
      return AbbotRules();
  }
  return RuleSet{};
}
constexpr uint32_t kGameSeed = 7;  // the whole-game benchmarks
constexpr int kApplyBatch = 16;    // Games built per timing pause

// ---------------------------------------------------------------------------
// Fixtures: one per board size, built on first use and kept for the run.

struct Fixture {
  GameState state;  // tile phase, 2 players
  const TileType* drawn = nullptr;
  const TileType* hidden = nullptr;  // under a hill tile (HS-03)
  std::optional<Animal> animal;      // with a circus tile (BT-04)
  std::string snapshot;              // serialized v1::GameState of `state`
  // A legal turn on the board: the drawn tile, then a follower (or a pass when
  // no follower can be placed after any placement).
  PlaceTileAction tile_action;
  Action figure_action = PassAction{};
  v1::Action tile_action_proto;
  double parse_seconds = 0;  // CPU time of one ParseSnapshot
};

[[noreturn]] void Fail(const std::string& message) {
  std::fprintf(stderr, "engine_bench: %s\n", message.c_str());
  std::abort();
}

double ThreadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

// The baseline: the snapshot bytes into a fresh message (as a server does for
// each request), and nothing else.
bool ParseSnapshot(const std::string& bytes) {
  v1::GameState message;
  const bool ok = message.ParseFromString(bytes);
  benchmark::DoNotOptimize(message);
  return ok;
}

double MeasureParseSeconds(const std::string& bytes) {
  for (int i = 0; i < 200; ++i) ParseSnapshot(bytes);  // warm-up
  std::vector<double> rounds;
  for (int round = 0; round < 15; ++round) {
    int64_t parses = 0;
    const double start = ThreadCpuSeconds();
    double elapsed = 0;
    do {
      for (int i = 0; i < 32; ++i) ParseSnapshot(bytes);
      parses += 32;
      elapsed = ThreadCpuSeconds() - start;
    } while (elapsed < 0.01);
    rounds.push_back(elapsed / static_cast<double>(parses));
  }
  std::nth_element(rounds.begin(), rounds.begin() + rounds.size() / 2, rounds.end());
  return rounds[rounds.size() / 2];
}

std::unique_ptr<Fixture> MakeFixture(int tiles, Boards boards) {
  auto fixture = std::make_unique<Fixture>();
  RandomPosition position = boards == Boards::kBase
                                ? RandomBoardWithDraw(tiles, kBoardSeed)
                                : RandomBoardWithDraw(tiles, kBoardSeed, RulesOf(boards));
  fixture->state = std::move(position.state);
  fixture->drawn = position.drawn;
  fixture->hidden = position.hidden;
  fixture->animal = position.animal;
  // Every board is a position a real game reaches (boards.h): its snapshot
  // passes the service's check.
  if (const std::vector<Problem> problems = CheckSnapshot(fixture->state); !problems.empty()) {
    Fail("the board is no valid snapshot: " + problems.front().field + ": " +
         problems.front().message);
  }

  v1::GameState proto;
  service::GameStateToProto(fixture->state, &proto);
  if (!proto.SerializeToString(&fixture->snapshot)) Fail("cannot serialize the snapshot");

  // The turn: a random placement among those that allow a follower, if any.
  const Game game(fixture->state);
  const LegalActions legal =
      game.ListLegalActions(fixture->drawn, fixture->hidden, fixture->animal);
  // The drawn tile's placements (not the abbey's, AM-03), those that allow a
  // follower first.
  std::vector<int> placements;
  std::vector<int> with_follower;
  for (int i = 0; i < static_cast<int>(legal.placements.size()); ++i) {
    if (legal.placements[i].tile != fixture->drawn) continue;
    placements.push_back(i);
    if (!legal.placements[i].follower_segments.empty()) with_follower.push_back(i);
  }
  if (placements.empty()) Fail("the drawn tile fits nowhere");
  std::mt19937 random(kBoardSeed + static_cast<uint32_t>(tiles));
  std::vector<int> choices = with_follower.empty() ? placements : with_follower;
  // The figure step right after the tile (not a magic figure's decision
  // first, MW-04), when some placement allows it.
  std::vector<int> figure_next;
  for (int i : choices) {
    Game placed = game;
    placed.Apply(std::get<PlaceTileAction>(legal.actions[i]));
    if (placed.state().phase == Phase::kPlaceFigure) figure_next.push_back(i);
  }
  if (!figure_next.empty()) choices = std::move(figure_next);
  const int choice = choices[RandomIndex(random, static_cast<int>(choices.size()))];
  const LegalPlacement& placement = legal.placements[choice];
  fixture->tile_action = std::get<PlaceTileAction>(legal.actions[choice]);
  Game after = game;
  if (!after.Validate(fixture->tile_action).legal()) Fail("the benchmark tile action is illegal");
  after.Apply(fixture->tile_action);
  // A follower on one of the segments listed that takes one (the listing is
  // for any kind in supply: a garden takes only the abbot, AB-04), and only
  // while the player has one in supply (late in a game of every expansion
  // they may all be on the board).
  std::vector<int> follower_segments;
  const GameState& turn = fixture->state;
  if (turn.players[turn.active_player].followers > 0) {
    for (int segment : placement.follower_segments) {
      if (after.Validate(PlaceFigureAction{FigureKind::kFollower, {placement.cell, segment}})
              .legal()) {
        follower_segments.push_back(segment);
      }
    }
  }
  if (after.state().phase != Phase::kPlaceFigure) {
    // A decision of an expansion comes between the tile and its figure step
    // (a magic tile's mage or witch, MW-04): the turn's second action is that
    // decision's first listed choice.
    const LegalActions next = after.ListLegalActions(nullptr);
    if (next.actions.empty()) Fail("no decision listed after the benchmark tile");
    fixture->figure_action = next.actions.front();
  } else if (!follower_segments.empty()) {
    const int segment =
        follower_segments[RandomIndex(random, static_cast<int>(follower_segments.size()))];
    fixture->figure_action = PlaceFigureAction{FigureKind::kFollower, {placement.cell, segment}};
  }
  if (const Verdict verdict = after.Validate(fixture->figure_action); !verdict.legal()) {
    Fail("the benchmark figure action is illegal: " + verdict.violations.front().message);
  }
  service::ActionToProto(fixture->tile_action, fixture->state, &fixture->tile_action_proto);

  fixture->parse_seconds = MeasureParseSeconds(fixture->snapshot);
  return fixture;
}

// A board of the family `boards` (built on first use, kept for the run).
const Fixture& FixtureFor(int64_t tiles, Boards boards) {
  static auto* fixtures = new std::map<std::pair<int64_t, Boards>, std::unique_ptr<Fixture>>();
  std::unique_ptr<Fixture>& fixture = (*fixtures)[{tiles, boards}];
  if (!fixture) fixture = MakeFixture(static_cast<int>(tiles), boards);
  return *fixture;
}

// x_parse = (CPU time per iteration) / parse_seconds: Google Benchmark turns
// value * iterations / cpu_time (kIsIterationInvariantRate) into its inverse.
void ReportRatio(benchmark::State& state, double parse_seconds) {
  state.counters["x_parse"] = benchmark::Counter(
      parse_seconds,
      static_cast<benchmark::Counter::Flags>(benchmark::Counter::kIsIterationInvariantRate |
                                             benchmark::Counter::kInvert));
}

// The display reporter chosen by the flags (console, json, csv), showing x_parse
// as the plain ratio it is: without this the console prints an inverted rate
// with a seconds unit ("x_parse=8.2s"). Values are unchanged (json and csv
// print only values; the --benchmark_out file reporter is not wrapped).
class RatioDisplayReporter : public benchmark::BenchmarkReporter {
 public:
  explicit RatioDisplayReporter(benchmark::BenchmarkReporter* inner) : inner_(inner) {}

  bool ReportContext(const Context& context) override { return inner_->ReportContext(context); }
  void ReportRuns(const std::vector<Run>& runs) override {
    std::vector<Run> shown = runs;
    for (Run& run : shown) {
      auto ratio = run.counters.find("x_parse");
      if (ratio != run.counters.end()) ratio->second.flags = benchmark::Counter::kDefaults;
    }
    inner_->ReportRuns(shown);
  }
  void Finalize() override { inner_->Finalize(); }

 private:
  benchmark::BenchmarkReporter* inner_;
};

// ---------------------------------------------------------------------------
// The baseline.

template <Boards kBoards>
void BM_ParseSnapshot(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  for (auto _ : state) {
    if (!ParseSnapshot(fixture.snapshot)) state.SkipWithError("parse failed");
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(fixture.snapshot.size()));
  state.SetLabel(std::to_string(fixture.state.tiles.size()) + " tiles, " +
                 std::to_string(fixture.snapshot.size()) + " bytes, " +
                 std::to_string(fixture.state.figures.size()) + " figures, bag " +
                 (fixture.state.bag ? "tracked" : "untracked"));
  ReportRatio(state, fixture.parse_seconds);
}

// DescribeBoard (issue #18) beside the baseline: the description of a built
// Game (every feature, its figures, majority, value now, and the end-of-game
// scoring it copies the Game for) ...
template <Boards kBoards>
void BM_DescribeBoard(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  const Game game(fixture.state);
  size_t features = 0;
  for (auto _ : state) {
    BoardDescription description = DescribeBoard(game);
    features = description.features.size();
    benchmark::DoNotOptimize(description);
  }
  state.counters["features"] = static_cast<double>(features);
  ReportRatio(state, fixture.parse_seconds);
}

// A serving thread's arena (service/serving.cc): the response is made in it,
// on a first block of 32 KiB kept from call to call, and the arena is reset
// after each call.
class ServingArena {
 public:
  ServingArena() : block_(std::make_unique<char[]>(kBlockBytes)), arena_(Options(block_.get())) {}
  google::protobuf::Arena& arena() { return arena_; }
  void Reset() { arena_.Reset(); }

 private:
  static constexpr size_t kBlockBytes = 32 * 1024;
  static google::protobuf::ArenaOptions Options(char* block) {
    google::protobuf::ArenaOptions options;
    options.initial_block = block;
    options.initial_block_size = kBlockBytes;
    return options;
  }
  std::unique_ptr<char[]> block_;
  google::protobuf::Arena arena_;
};

// ... and the same written as the RPC's response message, in the arena the
// server makes it in.
template <Boards kBoards>
void BM_DescribeBoardResponse(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  const Game game(fixture.state);
  ServingArena arena;
  for (auto _ : state) {
    auto* response =
        google::protobuf::Arena::CreateMessage<v1::DescribeBoardResponse>(&arena.arena());
    service::BoardDescriptionToProto(DescribeBoard(game), game.state(), response);
    benchmark::DoNotOptimize(response);
    arena.Reset();
  }
  ReportRatio(state, fixture.parse_seconds);
}

// The response's part of that: the message built from a description made
// once (BoardDescriptionToProto, in the serving thread's arena as a call's
// response is) ...
template <Boards kBoards>
void BM_DescribeBoardToProto(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  const Game game(fixture.state);
  const BoardDescription description = DescribeBoard(game);
  ServingArena arena;
  for (auto _ : state) {
    auto* response =
        google::protobuf::Arena::CreateMessage<v1::DescribeBoardResponse>(&arena.arena());
    service::BoardDescriptionToProto(description, game.state(), response);
    benchmark::DoNotOptimize(response);
    arena.Reset();
  }
  ReportRatio(state, fixture.parse_seconds);
}

// ... beside the cost of serializing that message (what the server does with
// it next): issue #34 asks the building to cost at most twice this.
template <Boards kBoards>
void BM_DescribeBoardSerialize(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  const Game game(fixture.state);
  v1::DescribeBoardResponse response;
  service::BoardDescriptionToProto(DescribeBoard(game), game.state(), &response);
  std::string bytes;
  for (auto _ : state) {
    bytes.clear();
    if (!response.SerializeToString(&bytes)) state.SkipWithError("serialize failed");
    benchmark::DoNotOptimize(bytes);
  }
  state.counters["bytes"] = static_cast<double>(bytes.size());
  ReportRatio(state, fixture.parse_seconds);
}

// ---------------------------------------------------------------------------
// Engine operations on a board.

// Rebuilding the engine state from a snapshot: copying it into a Game and
// laying every tile on the board.
// The board joins features lazily (board.h): the first feature question is
// asked here, so that the figure is the whole engine state, features included.
template <Boards kBoards>
void BM_BuildGame(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  for (auto _ : state) {
    Game game(fixture.state);
    benchmark::DoNotOptimize(game.board().FeatureOf(0));
    benchmark::DoNotOptimize(game);
  }
  ReportRatio(state, fixture.parse_seconds);
}

// Validating the drawn tile's placement on a built Game. At every size it is
// the same work, a legal placement of the drawn tile (MakeFixture), but with
// every expansion the figure falls as the board grows (about 0.43 us at 36
// tiles, 0.18 us at 288): about half of it at 36 tiles is the drawing-order
// check of the tracked bag (River::CheckTileDrawn counts the river tiles
// left, RV-02, over every entry of the bag, and TileBag::CountOf is a walk of
// it), and that bag empties as the board fills. That is what a request pays,
// so the benchmark is left as it is.
template <Boards kBoards>
void BM_ValidateTile(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  const Game game(fixture.state);
  for (auto _ : state) {
    Verdict verdict = game.Validate(fixture.tile_action);
    benchmark::DoNotOptimize(verdict);
  }
  ReportRatio(state, fixture.parse_seconds);
}

// A whole turn on a built Game: validate and apply the tile, then validate and
// apply the follower (scoring what the tile completed). Each iteration works on
// its own Game, built from the snapshot while the timer is paused (a built Game
// rather than a copy: a copy's vectors are full to capacity and would all
// reallocate on the first tile).
template <Boards kBoards>
void BM_ValidateApplyTurn(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  std::vector<Game> games;
  games.reserve(kApplyBatch);
  size_t scored = 0;
  while (state.KeepRunningBatch(kApplyBatch)) {
    state.PauseTiming();
    games.clear();
    for (int i = 0; i < kApplyBatch; ++i) {
      games.emplace_back(fixture.state);
      // Features joined before the clock runs (board.h joins them lazily):
      // the figure is the turn, not the rebuilding of the state.
      benchmark::DoNotOptimize(games.back().board().FeatureOf(0));
    }
    state.ResumeTiming();
    for (Game& game : games) {
      bool legal = game.Validate(fixture.tile_action).legal();
      std::vector<ScoreEvent> events = game.Apply(fixture.tile_action);
      legal = game.Validate(fixture.figure_action).legal() && legal;
      std::vector<ScoreEvent> more = game.Apply(fixture.figure_action);
      scored = more.size();
      benchmark::DoNotOptimize(legal);
      benchmark::DoNotOptimize(events);
      benchmark::DoNotOptimize(more);
    }
  }
  state.counters["events"] = static_cast<double>(scored);
  state.SetLabel(std::holds_alternative<PlaceFigureAction>(fixture.figure_action)
                     ? "tile + follower"
                 : std::holds_alternative<PassAction>(fixture.figure_action) ? "tile + pass"
                                                                             : "tile + decision");
  ReportRatio(state, fixture.parse_seconds);
}

// Every legal action for the drawn tile, with the follower options of each
// placement, on a built Game.
// The legal actions of the drawn tile on a built Game. (Not inlined: a
// profiler can single it out, e.g. valgrind --toggle-collect='*ListForTile*'.)
[[gnu::noinline]] LegalActions ListForTile(const Game& game, const TileType* drawn,
                                           const TileType* hidden, std::optional<Animal> animal) {
  return game.ListLegalActions(drawn, hidden, animal);
}

template <Boards kBoards>
void BM_ListLegalActions(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  const Game game(fixture.state);
  size_t actions = 0;
  for (auto _ : state) {
    LegalActions legal = ListForTile(game, fixture.drawn, fixture.hidden, fixture.animal);
    actions = legal.actions.size();
    benchmark::DoNotOptimize(legal);
  }
  state.counters["actions"] = static_cast<double>(actions);
  ReportRatio(state, fixture.parse_seconds);
}

// The legal actions of each base tile type in turn (one type per iteration,
// cycling through all of them) on a built Game, the bag untracked so that
// every type may be drawn. The mean is the cost of one listing whatever tile
// is drawn, so that boards of different sizes are compared on the same tiles:
// BM_ListLegalActions lists each board's own drawn tile, whose shape alone
// changes the number of placements (and the growth it shows).
template <Boards kBoards>
void BM_ListLegalActionsEachTile(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  GameState untracked = fixture.state;
  untracked.bag.reset();
  const Game game(std::move(untracked));
  // The tile types of the sets in play (the base set, or every set but the
  // Count's city, whose tiles are never drawn).
  std::vector<const TileType*> types;
  for (const TileSet* set : Catalogue::Get().sets()) {
    if (!TileSetInPlay(fixture.state.rules, set->name) || set->name == "count") continue;
    for (const TileType& type : set->tiles) {
      if (type.count > 0 && type.river_role == RiverRole::kNone) types.push_back(&type);
    }
  }
  size_t next = 0;
  int64_t listings = 0;
  int64_t placements = 0;
  for (auto _ : state) {
    // (Untracked: no tile goes under a hill, HS-03.)
    LegalActions legal =
        ListForTile(game, types[next], nullptr, AnimalDrawnWith(game.state(), types[next]));
    placements += static_cast<int64_t>(legal.placements.size());
    ++listings;
    next = (next + 1) % types.size();
    benchmark::DoNotOptimize(legal);
  }
  state.counters["placements"] =
      listings > 0 ? static_cast<double>(placements) / static_cast<double>(listings) : 0;
  // The board, for the growth that scripts/bench reads: its tiles and its open
  // cells (empty cells next to a tile, where any placement is).
  state.counters["tiles"] = static_cast<double>(game.board().tile_count());
  state.counters["open_cells"] = static_cast<double>(game.board().FrontierCells().size());
  ReportRatio(state, fixture.parse_seconds);
}

// The end-of-game scoring entry point on the snapshot (builds the Game too).
template <Boards kBoards>
void BM_ScoreGame(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  size_t events = 0;
  for (auto _ : state) {
    FinalScoring scoring = ScoreGame(fixture.state);
    events = scoring.events.size();
    benchmark::DoNotOptimize(scoring);
  }
  state.counters["events"] = static_cast<double>(events);
  ReportRatio(state, fixture.parse_seconds);
}

// The same scoring on a built Game (which copies itself to score).
template <Boards kBoards>
void BM_ScoreIfEndedNow(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  const Game game(fixture.state);
  for (auto _ : state) {
    std::vector<ScoreEvent> events = game.ScoreIfEndedNow();
    benchmark::DoNotOptimize(events);
  }
  ReportRatio(state, fixture.parse_seconds);
}

// ---------------------------------------------------------------------------
// The request path of ValidateAction, up to the engine's verdict (every board
// is a valid snapshot, boards.h).

// CheckSnapshot alone (the service runs it on every request snapshot).
template <Boards kBoards>
void BM_CheckSnapshot(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  for (auto _ : state) {
    std::vector<Problem> problems = CheckSnapshot(fixture.state);
    benchmark::DoNotOptimize(problems);
  }
  ReportRatio(state, fixture.parse_seconds);
}

// Proto -> engine conversion of a parsed snapshot (CheckSnapshot included).
template <Boards kBoards>
void BM_ConvertSnapshot(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  v1::GameState message;
  message.ParseFromString(fixture.snapshot);
  for (auto _ : state) {
    service::FieldProblems problems;
    std::optional<GameState> snapshot = service::GameStateFromProto(message, "state", problems);
    if (!snapshot) state.SkipWithError("snapshot rejected");
    benchmark::DoNotOptimize(snapshot);
  }
  ReportRatio(state, fixture.parse_seconds);
}

// Proto -> engine conversion at the limits: kMaxFigures figures on a board of
// kMaxPlacedTiles tiles (base tiles of stacked sets, StackedSetsBoard: no game
// position, /1024), or on the largest board of every expansion (/288: the
// game's last turn), every figure on a segment of the last tile placed (the
// farthest from the start of the tiles' list). Neither is a valid snapshot
// (figures are not conserved; the 1024 tiles hold more copies than the set,
// the only benchmark board that does): the figure is the
// cost of reading, resolving and rejecting it, which must grow linearly with
// the tiles and the figures (each figure's segment is looked up on the
// board's grid, not by a scan of the tiles).
template <Boards kBoards>
void BM_ConvertSnapshotAtTheLimits(benchmark::State& state) {
  const int tiles = static_cast<int>(state.range(0));
  GameState snapshot = kBoards == Boards::kBase
                           ? StackedSetsBoard(tiles, kBoardSeed)
                           : RandomBoardWithDraw(tiles, kBoardSeed, RulesOf(kBoards)).state;
  const PlacedTile& last = snapshot.tiles.back();
  const int segments = static_cast<int>(last.type->segments.size());
  snapshot.figures.clear();
  for (int i = 0; i < kMaxFigures; ++i) {
    snapshot.figures.push_back({FigureKind::kFollower, i % 2, {last.cell, i % segments}});
  }
  v1::GameState message;
  service::GameStateToProto(snapshot, &message);
  for (auto _ : state) {
    service::FieldProblems problems;
    std::optional<GameState> read = service::GameStateFromProto(message, "state", problems);
    if (read) state.SkipWithError("a snapshot past the limits was accepted");
    benchmark::DoNotOptimize(problems);
  }
  state.SetLabel(std::to_string(snapshot.tiles.size()) + " tiles, " +
                 std::to_string(message.figures_size()) + " figures");
}

// Parse the snapshot bytes, convert snapshot and action to the engine's types,
// build the Game, validate the action. (Not inlined: a profiler can single it
// out, e.g. valgrind --toggle-collect='*ValidateRequest*'.) The snapshot must be
// valid.
[[gnu::noinline]] Verdict ValidateRequest(const std::string& snapshot_bytes,
                                          const v1::Action& action_proto) {
  v1::GameState message;
  message.ParseFromString(snapshot_bytes);
  service::FieldProblems problems;
  // As the ValidateAction handler does: the checks and the board in one pass.
  std::optional<Game> game = service::GameFromProto(message, "state", problems);
  std::optional<Action> action =
      service::ActionFromProto(action_proto, &game->state(), "action", problems);
  return game->Validate(*action);
}

template <Boards kBoards>
void BM_RequestPath(benchmark::State& state) {
  const Fixture& fixture = FixtureFor(state.range(0), kBoards);
  {
    service::FieldProblems problems;
    v1::GameState message;
    message.ParseFromString(fixture.snapshot);
    if (!service::GameStateFromProto(message, "state", problems)) {
      state.SkipWithError(
          ("snapshot rejected: " + problems.front().field + ": " + problems.front().description)
              .c_str());
      return;
    }
  }
  for (auto _ : state) {
    Verdict verdict = ValidateRequest(fixture.snapshot, fixture.tile_action_proto);
    if (!verdict.legal()) state.SkipWithError("the action is illegal");
    benchmark::DoNotOptimize(verdict);
  }
  ReportRatio(state, fixture.parse_seconds);
}

// ---------------------------------------------------------------------------
// A whole random 2-player game, NewGame to GAME_OVER with the bag tracked,
// listing the legal actions at every step and playing a random one.

GameState NewTwoPlayerGame(Boards boards) {
  return std::get<GameState>(NewGame({"Player 1", "Player 2"}, RulesOf(boards)));
}

// The actions of the step now, listed on `game` (or, stateless, on `state`)
// with the chance of the step, the game site's: in the tile phase the tile
// drawn (any of the bag in the base game; with the expansions, DrawForTurn:
// one the rules let be drawn now, the River's first, RV-02, with the tile
// under a hill, HS-03, and the animal token, BT-04); in the bazaar's draw the
// tiles it reveals (BC-19, the only action then). The expansions' draw asks
// the modules, on a Game: stateless, one more is built for it.
template <Boards kBoards>
LegalActions ListStep(const GameState& state, const Game* game, std::mt19937& random) {
  auto list = [&](const TileType* drawn, const TileType* hidden, std::optional<Animal> animal) {
    return game != nullptr ? game->ListLegalActions(drawn, hidden, animal)
                           : ListLegalActions(state, drawn, hidden, animal);
  };
  if constexpr (kBoards != Boards::kBase) {
    if (state.phase != Phase::kPlaceTile && state.phase != Phase::kBazaarDraw) {
      return list(nullptr, nullptr, std::nullopt);
    }
    std::optional<Game> built;
    const Game& drawer = game != nullptr ? *game : built.emplace(state);
    if (state.phase == Phase::kBazaarDraw) {
      LegalActions reveal;
      reveal.actions.push_back(RevealBazaarTiles(drawer, random));
      return reveal;
    }
    const TurnDraw draw = DrawForTurn(drawer, random);
    return list(draw.drawn, draw.hidden, draw.animal);
  }
  const TileType* drawn =
      state.phase == Phase::kPlaceTile ? PeekRandomTile(*state.bag, random) : nullptr;
  return list(drawn, nullptr, AnimalDrawnWith(state, drawn));
}

// One Game kept across the steps (Apply on it).
template <Boards kBoards>
int PlayWholeGame(uint32_t seed) {
  std::mt19937 random(seed);
  Game game(NewTwoPlayerGame(kBoards));
  int steps = 0;
  while (game.state().phase != Phase::kGameOver) {
    const LegalActions legal = ListStep<kBoards>(game.state(), &game, random);
    const Action& action = ChooseRandomAction(legal, random);
    std::vector<ScoreEvent> events = game.Apply(action);
    benchmark::DoNotOptimize(events);
    ++steps;
  }
  return steps;
}

// Stateless, as a client of the service plays: every step rebuilds the Game
// from the snapshot, for listing and again for applying (validation included).
template <Boards kBoards>
int PlayWholeGameStateless(uint32_t seed) {
  std::mt19937 random(seed);
  GameState state = NewTwoPlayerGame(kBoards);
  int steps = 0;
  while (state.phase != Phase::kGameOver) {
    const LegalActions legal = ListStep<kBoards>(state, nullptr, random);
    const Action& action = ChooseRandomAction(legal, random);
    Outcome outcome = ApplyAction(state, action);
    if (!outcome.next) Fail("a listed action is illegal");
    state = std::move(*outcome.next);
    ++steps;
  }
  return steps;
}

void RunWholeGame(benchmark::State& state, int (*play)(uint32_t), Boards boards) {
  // x_parse: the 72-tile snapshot
  const Fixture& fixture = FixtureFor(kBaseSetTiles, boards);
  int steps = 0;
  for (auto _ : state) steps = play(kGameSeed);
  state.counters["steps"] = steps;
  ReportRatio(state, fixture.parse_seconds);
}

template <Boards kBoards>
void BM_WholeGame(benchmark::State& state) {
  RunWholeGame(state, PlayWholeGame<kBoards>, kBoards);
}

template <Boards kBoards>
void BM_WholeGameStateless(benchmark::State& state) {
  RunWholeGame(state, PlayWholeGameStateless<kBoards>, kBoards);
}

void WholeGame(benchmark::internal::Benchmark* benchmark) {
  benchmark->Unit(benchmark::kMillisecond);
}

// Board sizes, in tiles.
void Sizes(benchmark::internal::Benchmark* benchmark, std::initializer_list<int> sizes) {
  for (int tiles : sizes) benchmark->Arg(tiles);
  benchmark->ArgName("tiles")->Unit(benchmark::kMicrosecond);
}

// The base game's boards: half a game, and its last turn (71 tiles and the
// set's last one drawn, boards.h).
void BoardSizes(benchmark::internal::Benchmark* benchmark) { Sizes(benchmark, {36, 72}); }

// The boards of every expansion: up to the game's last turn (288: the whole
// set, less the tiles set aside or under hills, boards.h). Every one is a
// valid snapshot.
void AllExpansionsSizes(benchmark::internal::Benchmark* benchmark) {
  Sizes(benchmark, {36, 72, 144, 288});
}

// The board description's figures: a base game's last turn; with every
// expansion, a quarter and the whole of the game.
void DescribeSizes(benchmark::internal::Benchmark* benchmark) { Sizes(benchmark, {72}); }
void AllExpansionsDescribeSizes(benchmark::internal::Benchmark* benchmark) {
  Sizes(benchmark, {72, 288});
}

void LimitSizes(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgName("tiles")->Unit(benchmark::kMicrosecond);
}

// Each benchmark on base-game boards of `sizes`, and on the boards of every
// expansion (suffix _AllExpansions) and of the Abbot's expansions (suffix
// _Abbot) of `all_sizes`.
#define CARCASSONNE_BENCHMARK_BOTH(name, sizes, all_sizes)                                 \
  BENCHMARK(name<Boards::kBase>)->Name(#name)->Apply(sizes);                               \
  BENCHMARK(name<Boards::kAllExpansions>)->Name(#name "_AllExpansions")->Apply(all_sizes); \
  BENCHMARK(name<Boards::kAbbot>)->Name(#name "_Abbot")->Apply(all_sizes)

CARCASSONNE_BENCHMARK_BOTH(BM_ParseSnapshot, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_DescribeBoard, DescribeSizes, AllExpansionsDescribeSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_DescribeBoardResponse, DescribeSizes, AllExpansionsDescribeSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_DescribeBoardToProto, DescribeSizes, AllExpansionsDescribeSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_DescribeBoardSerialize, DescribeSizes, AllExpansionsDescribeSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_BuildGame, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_ValidateTile, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_ValidateApplyTurn, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_ListLegalActions, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_ListLegalActionsEachTile, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_ScoreGame, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_ScoreIfEndedNow, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_CheckSnapshot, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_ConvertSnapshot, BoardSizes, AllExpansionsSizes);
BENCHMARK(BM_ConvertSnapshotAtTheLimits<Boards::kBase>)
    ->Name("BM_ConvertSnapshotAtTheLimits")
    ->Arg(kMaxPlacedTiles)
    ->Apply(LimitSizes);
BENCHMARK(BM_ConvertSnapshotAtTheLimits<Boards::kAllExpansions>)
    ->Name("BM_ConvertSnapshotAtTheLimits_AllExpansions")
    ->Arg(288)
    ->Apply(LimitSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_RequestPath, BoardSizes, AllExpansionsSizes);
CARCASSONNE_BENCHMARK_BOTH(BM_WholeGame, WholeGame, WholeGame);
CARCASSONNE_BENCHMARK_BOTH(BM_WholeGameStateless, WholeGame, WholeGame);

}  // namespace
}  // namespace carcassonne::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  carcassonne::bench::RatioDisplayReporter display(benchmark::CreateDefaultDisplayReporter());
  benchmark::RunSpecifiedBenchmarks(&display);
  benchmark::Shutdown();
  return 0;
}

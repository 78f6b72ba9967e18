// Fuzz target for the rules engine alone: a game from a real start
// (engine NewGame) with the expansions, modules and rule options the first
// bytes of the input choose (engine_fuzz_rules.h: any combination this build
// plays, the caller tracking the bag or not), then driven by the rest of the
// input: at each step the bytes take the caller's chance (the drawn tile,
// the tile under a hill, the animal token, the sheep token, the bazaar's
// tiles; engine_fuzz_actions.h) and one of the legal actions the engine
// lists, or a listed action mutated into a near miss (another seat, segment,
// cell, kind, token, bid ...), or now and then an arbitrary action of any of
// the 29 kinds. Games whose rule block asks for it are steered towards the
// magic figures set aside (MW-08) and the final abbey round (AM-07), which
// random play almost never reaches (engine_fuzz_steer.h).
//
// Promises checked at every step, as the property tests do on seeded games:
//   * the drawn tile has at least one legal action (a placement or BG-03's
//     discard; without a tracked bag its copies may be used up), and every
//     listed action is legal (Validate), also with the seat named (AMB-49)
//     and with the completed features in any order (AMB-40);
//   * an action Validate accepts is applied (ApplyAction agrees), and an
//     arbitrary or mutated action the engine's CheckAction calls well formed
//     is judged without crashing; a refusal has a code, a sentence and a rule;
//   * the next snapshot passes CheckSnapshot (the engine's own consistency
//     check); scores grow by exactly the events' points and go down only by a
//     ransom (TW-12) or a bazaar's payment (BC-20), never below 0;
//   * ScoreGame on the last position runs and scores every player.
//
// With FUZZ_ENGINE_STATS set in the environment, the target prints at exit
// how many actions of each kind were listed, applied and refused, and which
// phases were reached; with FUZZ_ENGINE_TRACE, each step (debugging aids;
// neither changes anything in the games).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/expansion_module.h"
#include "engine/referee.h"
#include "tests/fuzz/engine_fuzz_actions.h"
#include "tests/fuzz/engine_fuzz_pick.h"
#include "tests/fuzz/engine_fuzz_rules.h"
#include "tests/fuzz/engine_fuzz_stats.h"
#include "tests/fuzz/engine_fuzz_steer.h"
#include "tests/fuzz/fuzz_check.h"

namespace carcassonne::fuzz {
namespace {

// A game with every expansion has some 300 tiles, 2 to 4 decisions each; the
// cap keeps one input well under libFuzzer's -timeout under ASan.
constexpr int kMaxSteps = 600;

// Out of 256: how often a step tries an arbitrary action, and (beyond that)
// a mutated listed action, instead of a listed one.
constexpr int kArbitraryActionChance = 16;
constexpr int kMutatedActionChance = 48;
// ... and, without a tracked bag, the caller says the bag is empty (AMB-48).
constexpr int kEndGameChance = 3;

// FUZZ_ENGINE_STATS: what the inputs run so far reached (engine_fuzz_stats.h).
EngineFuzzStats*& StatsPointer() {
  static EngineFuzzStats* stats = [] {
    if (std::getenv("FUZZ_ENGINE_STATS") == nullptr) return static_cast<EngineFuzzStats*>(nullptr);
    static EngineFuzzStats instance;
    std::atexit([] {
      const EngineFuzzStats& s = instance;
      std::fprintf(stderr, "==stats== games %ld (%ld over), steps %ld\n", s.games, s.finished,
                   s.steps);
      std::fprintf(stderr, "==stats== variant: listed mutated refused applied\n");
      for (int i = 0; i < kVariants; ++i) {
        std::fprintf(stderr, "==stats== variant %2d: %8ld %8ld %8ld %8ld\n", i, s.listed[i],
                     s.mutated[i], s.refused[i], s.applied[i]);
      }
      for (int i = 0; i < kPhases; ++i) {
        std::fprintf(stderr, "==stats== phase %2d: %8ld steps\n", i, s.phases[i]);
      }
    });
    return &instance;
  }();
  return stats;
}

std::string ListProblems(const std::vector<Problem>& problems) {
  std::string text;
  for (const Problem& problem : problems) text += "\n  " + problem.field + ": " + problem.message;
  return text;
}

std::string Where(int step, const GameState& state) {
  return "step " + std::to_string(step) + ", phase " +
         std::to_string(static_cast<int>(state.phase)) + ", " + std::to_string(state.tiles.size()) +
         " tiles placed";
}

// Scores grow by exactly the events' points, never go below 0, and go down
// only by a ransom (TW-12) or a bazaar's payment (BC-20, BC-Q2).
void CheckScores(const GameState& before, const Action& action, const Outcome& outcome, int step) {
  std::vector<long long> gained(before.players.size(), 0);
  bool may_pay = std::holds_alternative<PayRansomAction>(action);
  for (const ScoreEvent& event : outcome.events) {
    may_pay = may_pay || event.feature_kind == FeatureKind::kBazaar;
    for (const PlayerPoints& points : event.points) {
      FUZZ_CHECK(
          points.player >= 0 && points.player < static_cast<int>(gained.size()),
          "an event scores player " + std::to_string(points.player) + " at " + Where(step, before));
      gained[points.player] += points.points;
    }
  }
  for (size_t player = 0; player < before.players.size(); ++player) {
    const long long was = before.players[player].score;
    const long long now = outcome.next->players[player].score;
    FUZZ_CHECK(now >= was || (may_pay && now >= 0),
               "player " + std::to_string(player) + "'s score went from " + std::to_string(was) +
                   " to " + std::to_string(now) + " at " + Where(step, before));
    FUZZ_CHECK(now - was == gained[player],
               "player " + std::to_string(player) + "'s score grew by " +
                   std::to_string(now - was) + ", the events say " +
                   std::to_string(gained[player]) + ", at " + Where(step, before));
  }
}

// A refusal says what, where and why: a code, a sentence and a rule id.
void CheckRefusal(const Verdict& verdict, const Action& action, int step, const GameState& state) {
  for (const Violation& violation : verdict.violations) {
    FUZZ_CHECK(!violation.message.empty() && !violation.rule_id.empty(),
               "a refusal of action variant " + std::to_string(action.index()) + " (code " +
                   std::to_string(static_cast<int>(violation.code)) +
                   ") lacks its sentence or rule id: '" + violation.message + "' at " +
                   Where(step, state));
  }
}

bool SamePlacement(const Action& action, const PlaceTileAction& place) {
  const auto* other = std::get_if<PlaceTileAction>(&action);
  return other != nullptr && other->tile == place.tile && other->cell == place.cell &&
         other->rotation == place.rotation && other->hidden_tile == place.hidden_tile &&
         other->animal_token == place.animal_token && other->bridge == place.bridge;
}

bool EndsTilePhase(const Action& action) {
  return std::holds_alternative<PlaceTileAction>(action) ||
         std::holds_alternative<DiscardTileAction>(action) ||
         std::holds_alternative<EndGameAction>(action);
}

}  // namespace

EngineFuzzStats* EngineFuzzStatsOrNull() { return StatsPointer(); }

EngineFuzzStats& CountEngineFuzzStats() {
  static EngineFuzzStats counted;
  if (StatsPointer() == nullptr) StatsPointer() = &counted;
  return *StatsPointer();
}

int FuzzOneGame(const uint8_t* data, size_t size) {
  std::array<uint8_t, kRulesBytes> block{};
  const size_t rules_size = std::min(size, kRulesBytes);
  if (rules_size > 0) std::memcpy(block.data(), data, rules_size);
  const FuzzRules fuzz = DecodeRules(block);
  FuzzedDataProvider input(data + rules_size, size - rules_size);
  EngineFuzzStats* stats = EngineFuzzStatsOrNull();
  if (stats != nullptr) ++stats->games;
  // FUZZ_ENGINE_TRACE: each step on stderr (a debugging aid).
  static const bool trace = std::getenv("FUZZ_ENGINE_TRACE") != nullptr;

  std::vector<std::string> names;
  for (int i = 0; i < fuzz.players; ++i) names.push_back("player " + std::to_string(i));
  auto start = NewGame(names, fuzz.rules);
  if (const auto* problems = std::get_if<std::vector<Problem>>(&start)) {
    FUZZ_CHECK(false,
               "NewGame rejects a rule set of modules this build plays:" + ListProblems(*problems));
  }
  GameState state = std::get<GameState>(std::move(start));
  if (!fuzz.tracked_bag) {
    // The caller tracks neither the bag nor the cloth bag of sheep tokens.
    state.bag.reset();
    state.sheep_bag.reset();
  }
  FUZZ_CHECK(CheckSnapshot(state).empty(),
             "the opening snapshot fails CheckSnapshot:" + ListProblems(CheckSnapshot(state)));
  const std::vector<const ExpansionModule*> modules = ModulesFor(fuzz.rules);

  TileChance chance;
  int steer_budget = kSteerBudget;
  for (int step = 0;
       step < kMaxSteps && state.phase != Phase::kGameOver && input.remaining_bytes() > 0; ++step) {
    Game game(state);
    if (stats != nullptr) {
      ++stats->steps;
      ++stats->phases[static_cast<int>(state.phase)];
    }
    if (state.phase == Phase::kPlaceTile && chance.drawn == nullptr) {
      chance = DrawForTilePhase(game, modules, input);
      if (fuzz.hold_abbeys) DrawACopyLeft(game, modules, input, chance);  // AM-07
      // MW-08: the steer may draw another tile, and chooses where it goes.
      if (fuzz.steer_magic) SteerTowardsMagicSetAside(game, modules, input, steer_budget, chance);
      FUZZ_CHECK(chance.drawn != nullptr || !state.bag,
                 "the bag holds " + std::to_string(state.bag->Total()) +
                     " tiles but the rules let none be drawn, at " + Where(step, state));
    }
    const int roll = input.ConsumeIntegral<uint8_t>();
    Action action;
    bool listed = false;
    if (roll < kArbitraryActionChance) {
      action = ArbitraryAction(game, chance, input);
    } else {
      LegalActions legal = game.ListLegalActions(chance.drawn, chance.hidden, chance.animal);
      // The caller's decisions, which the engine does not list: the bazaar's
      // draw (BC-19; chance), and without a tracked bag the end of the
      // game (AMB-48).
      bool callers_draw = false;
      if (state.phase == Phase::kBazaarDraw) {
        FUZZ_CHECK(!state.bag || legal.actions.empty(),
                   "a bazaar's draw is listed with a tracked bag, at " + Where(step, state));
        legal.actions.push_back(DrawBazaarTiles(game, modules, input));
        callers_draw = true;
      }
      // AM-07: the players keep their abbeys for the final abbey round.
      const bool abbey_fits =
          fuzz.hold_abbeys && state.phase == Phase::kPlaceTile && HoldAbbeys(legal.actions);
      // (Not while a tile obtained in a bazaar waits to be placed, BC-21.)
      const bool untracked_tile_phase =
          state.phase == Phase::kPlaceTile && !state.bag && !game.TilesHeld();
      bool callers_end = false;
      const int end_chance = abbey_fits ? kEndGameWithAbbeysChance : kEndGameChance;
      if (untracked_tile_phase && (legal.actions.empty() || Rarely(input, end_chance))) {
        legal.actions = {EndGameAction{}};
        callers_end = true;
      }
      const bool tile_may_have_none =
          state.phase == Phase::kPlaceTile && (chance.wrong || !state.bag);
      if (legal.actions.empty()) {
        FUZZ_CHECK(tile_may_have_none,
                   "no legal action at " + Where(step, state) +
                       (chance.drawn ? ", drawn " + std::string(chance.drawn->id) : std::string()));
        action = ArbitraryAction(game, chance, input);
      } else {
        const size_t pick = input.ConsumeIntegralInRange<size_t>(0, legal.actions.size() - 1);
        action = legal.actions[pick];
        // The steer's placement, when it is one of those listed
        // (engine_fuzz_steer.h).
        if (chance.steered && state.phase == Phase::kPlaceTile && !callers_end &&
            std::any_of(legal.actions.begin(), legal.actions.end(), [&](const Action& listed) {
              return SamePlacement(listed, *chance.steered);
            })) {
          action = *chance.steered;
        }
        // HS-24: the sheep token is the caller's draw.
        DrawSheepToken(game, action, input);
        // Without a tracked bag the bazaar's tiles may have run out (BC-18).
        listed = !(callers_draw && !state.bag);
        if (stats != nullptr && listed) ++stats->listed[action.index()];
        if (roll < kArbitraryActionChance + kMutatedActionChance) {
          bool still_listed = false;
          action = Mutate(game, action, chance, input, still_listed);
          listed = listed && still_listed;
        }
      }
    }
    if (!listed) {
      // Malformed rather than illegal: the service answers INVALID_ARGUMENT
      // before the engine judges it.
      if (!CheckAction(state, action).empty()) continue;
      if (stats != nullptr) ++stats->mutated[action.index()];
    }
    const Verdict verdict = game.Validate(action);
    if (trace) {
      std::string tiles;
      if (const auto* draw = std::get_if<DrawBazaarTilesAction>(&action)) {
        for (const TileType* tile : draw->tiles) tiles += " " + std::string(tile->id);
      }
      std::fprintf(stderr, "==trace== step %d phase %d variant %zu listed %d legal %d bag %d%s\n",
                   step, static_cast<int>(state.phase), action.index(), listed, verdict.legal(),
                   state.bag ? 1 : 0, tiles.c_str());
    }
    FUZZ_CHECK(!listed || verdict.legal(),
               "a listed action (variant " + std::to_string(action.index()) + ") is illegal: " +
                   verdict.violations.front().message + ", at " + Where(step, state));
    if (!verdict.legal()) {
      CheckRefusal(verdict, action, step, state);
      if (stats != nullptr) ++stats->refused[action.index()];
      // A wrong chance lasts one step: the caller draws again.
      if (chance.wrong) chance = TileChance{};
      continue;
    }

    // On the game already built from the snapshot (as the handlers do).
    const Outcome outcome = ApplyAction(std::move(game), action);
    FUZZ_CHECK(outcome.verdict.legal() && outcome.next.has_value(),
               "Validate accepts an action (variant " + std::to_string(action.index()) +
                   ") that ApplyAction refuses, at " + Where(step, state));
    if (stats != nullptr) ++stats->applied[action.index()];
    if (trace) {
      std::fprintf(stderr, "==trace==   -> phase %d, %zu events\n",
                   static_cast<int>(outcome.next->phase), outcome.events.size());
    }
    CheckScores(state, action, outcome, step);
    const std::vector<Problem> problems = CheckSnapshot(*outcome.next);
    FUZZ_CHECK(problems.empty(), "the snapshot after action variant " +
                                     std::to_string(action.index()) + " at " + Where(step, state) +
                                     " fails CheckSnapshot:" + ListProblems(problems));
    if (EndsTilePhase(action) || chance.wrong) chance = TileChance{};
    state = *outcome.next;
  }

  if (stats != nullptr && state.phase == Phase::kGameOver) ++stats->finished;
  const FinalScoring scoring = ScoreGame(state);
  FUZZ_CHECK(static_cast<int>(scoring.final_scores.size()) == fuzz.players,
             "ScoreGame scores " + std::to_string(scoring.final_scores.size()) + " of " +
                 std::to_string(fuzz.players) + " players");
  return 0;
}

}  // namespace carcassonne::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return carcassonne::fuzz::FuzzOneGame(data, size);
}

// Fuzz target for the rules engine alone: a game from a real start
// (engine NewGame) with every expansion this build plays switched on, and
// every module that may go with the others (the first input byte chooses
// whether the Count of Carcassonne plays; Abbey & Mayor's mayor, wagon and
// barn go with it, CO-09, CO-31), the rule options chosen by the next
// bytes, then driven by the input: at each step the bytes pick the drawn tile
// among those the rules let be drawn, and one of the legal actions the engine
// lists, or now and then an arbitrary (likely illegal) action.
//
// Promises checked at every step, as the property tests do on seeded games:
//   * the drawn tile has at least one legal action (a placement or BG-03's
//     discard), and every listed action is legal (Validate);
//   * an action Validate accepts is applied (ApplyAction agrees), and an
//     arbitrary action the engine's CheckAction calls well formed is judged
//     without crashing;
//   * the next snapshot passes CheckSnapshot (the engine's own consistency
//     check), scores never go down and grow by exactly the events' points;
//   * ScoreGame on the last position runs and scores every player.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/expansion_module.h"
#include "engine/referee.h"
#include "tests/fuzz/fuzz_check.h"

namespace carcassonne::fuzz {
namespace {

// A game with every expansion has some 200 tiles, 2 to 4 decisions each; the
// cap keeps one input well under libFuzzer's -timeout under ASan.
constexpr int kMaxSteps = 600;

// Out of 256: how often a step tries an arbitrary action instead of a listed one.
constexpr int kArbitraryActionChance = 16;

template <typename Enum>
Enum PickEnum(FuzzedDataProvider& input, int count) {
  return static_cast<Enum>(input.ConsumeIntegralInRange<int>(0, count - 1));
}

RuleSet RulesFrom(FuzzedDataProvider& input) {
  RuleSet rules;
  const bool count = input.ConsumeBool();
  rules.expansions = {Expansion::kInnsAndCathedrals,
                      Expansion::kTradersAndBuilders,
                      Expansion::kRiver,
                      Expansion::kKingAndRobberBaron,
                      Expansion::kMageAndWitch,
                      Expansion::kAbbeyAndMayor,
                      Expansion::kBridgesCastlesAndBazaars};
  if (count) rules.expansions.push_back(Expansion::kCountOfCarcassonne);
  // Every module built (bc.bridges, bc.bazaars and am.abbey are not: rejected).
  rules.tb_goods = rules.tb_builder = rules.tb_pig = true;
  rules.am_mayor = true;
  rules.am_wagon = true;
  rules.am_barn = true;
  rules.bc_castles = true;
  // The options.
  rules.tiny_city_points = PickEnum<TinyCityPoints>(input, 2);
  rules.river_parts = PickEnum<RiverParts>(input, 3);
  rules.river_u_turn_rule = input.ConsumeBool();
  rules.river_lookahead_block = input.ConsumeBool();
  // A flat bonus and live scoring exclude each other (AMB-06).
  if (input.ConsumeBool()) {
    rules.king_robber_flat_bonus = PickEnum<KingRobberFlatBonus>(input, 4);
  } else {
    rules.king_robber_live_scoring = PickEnum<KingRobberLiveScoring>(input, 3);
  }
  rules.king_robber_leipzig_counts = input.ConsumeBool();
  rules.king_robber_ignore_road_stubs = input.ConsumeBool();
  rules.count_trigger = PickEnum<CountTrigger>(input, 2);
  rules.count_movement = PickEnum<CountMovement>(input, 3);
  rules.count_rgg_block_deploy_into_count_quarter = input.ConsumeBool();
  rules.count_final_redeploy = PickEnum<CountFinalRedeploy>(input, 2);
  rules.am_barn_multi = PickEnum<BarnMulti>(input, 2);
  return rules;
}

// Whether the rules let `tile` be drawn now (the River's order, RV-02).
bool Drawable(const Game& game, const std::vector<const ExpansionModule*>& modules,
              const TileType& tile) {
  std::vector<Violation> violations;
  for (const ExpansionModule* module : modules) module->CheckTileDrawn(game, tile, violations);
  return violations.empty();
}

// A tile of the bag the rules let be drawn now, chosen by the input; null when
// there is none.
const TileType* DrawTile(const Game& game, const std::vector<const ExpansionModule*>& modules,
                         FuzzedDataProvider& input) {
  std::vector<const TileType*> drawable;
  for (const TileCount& entry : game.state().bag->tiles) {
    if (entry.count > 0 && Drawable(game, modules, *entry.type)) drawable.push_back(entry.type);
  }
  if (drawable.empty()) return nullptr;
  return drawable[input.ConsumeIntegralInRange<size_t>(0, drawable.size() - 1)];
}

// A cell near the board (a placed tile's cell moved by -2..2 each way), or
// anywhere at all now and then.
Position CellFrom(FuzzedDataProvider& input, const GameState& state) {
  if (input.ConsumeIntegralInRange<int>(0, 15) == 0) {
    return {input.ConsumeIntegral<int32_t>(), input.ConsumeIntegral<int32_t>()};
  }
  const PlacedTile& near =
      state.tiles[input.ConsumeIntegralInRange<size_t>(0, state.tiles.size() - 1)];
  return {near.cell.x + input.ConsumeIntegralInRange<int32_t>(-2, 2),
          near.cell.y + input.ConsumeIntegralInRange<int32_t>(-2, 2)};
}

SegmentAddress SegmentFrom(FuzzedDataProvider& input, const GameState& state) {
  const Position cell = CellFrom(input, state);
  return {cell, input.ConsumeIntegralInRange<int>(-1, 12)};
}

// An action of any kind with arbitrary fields (every enum value one the
// service can produce); most are illegal, some are malformed.
Action ArbitraryAction(FuzzedDataProvider& input, const GameState& state, const TileType* drawn) {
  const Catalogue& catalogue = Catalogue::Get();
  auto tile = [&]() -> const TileType* {
    if (drawn != nullptr && input.ConsumeBool()) return drawn;
    return &catalogue.TypeAt(input.ConsumeIntegralInRange<int>(0, catalogue.type_count() - 1));
  };
  auto quarter = [&] { return PickEnum<Quarter>(input, kQuarterCount); };
  auto magic_figure = [&] { return PickEnum<MagicFigure>(input, 2); };
  switch (input.ConsumeIntegralInRange<int>(0, 10)) {
    case 0: {
      const TileType* type = tile();
      const Position cell = CellFrom(input, state);
      return PlaceTileAction{type, cell, Rotation{input.ConsumeIntegralInRange<uint8_t>(0, 3)}};
    }
    case 1: {
      const FigureKind kind = PickEnum<FigureKind>(input, kFigureKindCount);
      return PlaceFigureAction{kind, SegmentFrom(input, state)};
    }
    case 2:
      return PassAction{};
    case 3:
      return DiscardTileAction{tile()};
    case 4: {
      const MagicFigure figure = magic_figure();
      return MoveMagicFigureAction{figure, SegmentFrom(input, state)};
    }
    case 5:
      return SetAsideMagicFigureAction{magic_figure()};
    case 6: {
      const FigureKind kind = PickEnum<FigureKind>(input, kFigureKindCount);
      const Quarter to = quarter();
      std::optional<Quarter> move;
      if (input.ConsumeBool()) move = quarter();
      return DeployToQuarterAction{kind, to, move};
    }
    case 7: {
      RedeployFromQuarterAction redeploy;
      redeploy.quarter = quarter();
      redeploy.followers = input.ConsumeIntegralInRange<int>(-1, 3);
      redeploy.big_followers = input.ConsumeIntegralInRange<int>(-1, 2);
      if (input.ConsumeBool()) redeploy.target = SegmentFrom(input, state);
      return redeploy;
    }
    case 8:
      return MoveWagonAction{SegmentFrom(input, state)};
    case 9:
      return BuildCastleAction{};
    default:
      return PlaceBarnAction{PickEnum<Corner>(input, 4)};
  }
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

// Scores never go down and grow by exactly the events' points.
void CheckScores(const GameState& before, const Outcome& outcome, int step) {
  std::vector<long long> gained(before.players.size(), 0);
  for (const ScoreEvent& event : outcome.events) {
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
    FUZZ_CHECK(now >= was, "player " + std::to_string(player) + "'s score went down from " +
                               std::to_string(was) + " to " + std::to_string(now) + " at " +
                               Where(step, before));
    FUZZ_CHECK(now - was == gained[player],
               "player " + std::to_string(player) + "'s score grew by " +
                   std::to_string(now - was) + ", the events say " +
                   std::to_string(gained[player]) + ", at " + Where(step, before));
  }
}

int FuzzOneGame(const uint8_t* data, size_t size) {
  FuzzedDataProvider input(data, size);
  const RuleSet rules = RulesFrom(input);
  const int player_count = input.ConsumeIntegralInRange<int>(kMinPlayers, kMaxPlayers);
  std::vector<std::string> names;
  for (int i = 0; i < player_count; ++i) names.push_back("player " + std::to_string(i));
  auto start = NewGame(names, rules);
  if (const auto* problems = std::get_if<std::vector<Problem>>(&start)) {
    FUZZ_CHECK(false,
               "NewGame rejects a rule set of modules this build plays:" + ListProblems(*problems));
  }
  GameState state = std::get<GameState>(std::move(start));
  FUZZ_CHECK(CheckSnapshot(state).empty(),
             "the opening snapshot fails CheckSnapshot:" + ListProblems(CheckSnapshot(state)));
  const std::vector<const ExpansionModule*> modules = ModulesFor(rules);

  const TileType* drawn = nullptr;
  for (int step = 0;
       step < kMaxSteps && state.phase != Phase::kGameOver && input.remaining_bytes() > 0; ++step) {
    Game game(state);
    if (state.phase == Phase::kPlaceTile && drawn == nullptr) {
      drawn = DrawTile(game, modules, input);
      FUZZ_CHECK(drawn != nullptr, "the bag holds " + std::to_string(state.bag->Total()) +
                                       " tiles but the rules let none be drawn, at " +
                                       Where(step, state));
    }
    Action action;
    bool listed = false;
    if (input.ConsumeIntegralInRange<int>(0, 255) >= kArbitraryActionChance) {
      const LegalActions legal = game.ListLegalActions(drawn);
      FUZZ_CHECK(!legal.actions.empty(),
                 "no legal action at " + Where(step, state) +
                     (drawn ? ", drawn " + std::string(drawn->id) : std::string()));
      action = legal.actions[input.ConsumeIntegralInRange<size_t>(0, legal.actions.size() - 1)];
      listed = true;
    } else {
      action = ArbitraryAction(input, state, drawn);
      // Malformed rather than illegal: the service answers INVALID_ARGUMENT
      // before the engine judges it.
      if (!CheckAction(state, action).empty()) continue;
    }
    const Verdict verdict = game.Validate(action);
    FUZZ_CHECK(!listed || verdict.legal(),
               "a listed action (variant " + std::to_string(action.index()) + ") is illegal: " +
                   verdict.violations.front().message + ", at " + Where(step, state));
    if (!verdict.legal()) continue;

    // On the game already built from the snapshot (as the handlers do).
    const Outcome outcome = ApplyAction(std::move(game), action);
    FUZZ_CHECK(outcome.verdict.legal() && outcome.next.has_value(),
               "Validate accepts an action (variant " + std::to_string(action.index()) +
                   ") that ApplyAction refuses, at " + Where(step, state));
    CheckScores(state, outcome, step);
    const std::vector<Problem> problems = CheckSnapshot(*outcome.next);
    FUZZ_CHECK(problems.empty(), "the snapshot after action variant " +
                                     std::to_string(action.index()) + " at " + Where(step, state) +
                                     " fails CheckSnapshot:" + ListProblems(problems));
    if (std::holds_alternative<PlaceTileAction>(action) ||
        std::holds_alternative<DiscardTileAction>(action)) {
      drawn = nullptr;
    }
    state = *outcome.next;
  }

  const FinalScoring scoring = ScoreGame(state);
  FUZZ_CHECK(static_cast<int>(scoring.final_scores.size()) == player_count,
             "ScoreGame scores " + std::to_string(scoring.final_scores.size()) + " of " +
                 std::to_string(player_count) + " players");
  return 0;
}

}  // namespace
}  // namespace carcassonne::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return carcassonne::fuzz::FuzzOneGame(data, size);
}

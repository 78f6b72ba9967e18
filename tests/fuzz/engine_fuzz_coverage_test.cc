// fuzz_engine_games reaches the decisions its steer is for (engine_fuzz_steer.h):
// seeded inputs of the two steered families run through the target's own
// game loop (FuzzOneGame, every promise checked) as a plain test, and the
// counters show that the engine listed the magic figures' set-aside (MW-08,
// AMB-43) and that games went through the final abbey round (AM-07). Without
// the steer the set-aside is not reached by these inputs, and the final
// abbey round far less often.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <variant>

#include "tests/fuzz/engine_fuzz_rules.h"
#include "tests/fuzz/engine_fuzz_stats.h"

namespace carcassonne::fuzz {
namespace {

constexpr int kSetAside =
    static_cast<int>(ActionChoice(SetAsideMagicFigureAction{}).index());  // the variant's index
constexpr int kFinalAbbey = static_cast<int>(Phase::kFinalAbbey);

// `games` inputs of `length` bytes: the rule block of `rules`, then seeded
// random bytes; their counters.
EngineFuzzStats Play(const FuzzRules& rules, int games, int length, uint32_t seed) {
  EngineFuzzStats& stats = CountEngineFuzzStats();
  stats = EngineFuzzStats{};
  std::mt19937 random(seed);
  const auto block = EncodeRules(rules);
  for (int game = 0; game < games; ++game) {
    std::string input(block.begin(), block.end());
    while (static_cast<int>(input.size()) < length) input.push_back(static_cast<char>(random()));
    FuzzOneGame(reinterpret_cast<const uint8_t*>(input.data()), input.size());
  }
  return stats;
}

FuzzRules MageAndWitch(bool steer) {
  FuzzRules fuzz;
  fuzz.rules.expansions = {Expansion::kMageAndWitch};
  fuzz.players = 2;
  fuzz.steer_magic = steer;
  return fuzz;
}

FuzzRules Abbeys(bool hold, bool tracked) {
  FuzzRules fuzz;
  fuzz.rules.expansions = {Expansion::kAbbeyAndMayor};
  fuzz.rules.am_abbey = true;
  fuzz.players = 3;
  fuzz.tracked_bag = tracked;
  fuzz.hold_abbeys = hold;
  return fuzz;
}

TEST(EngineFuzzCoverageTest, TheRuleBlockCarriesTheSteer) {
  for (bool on : {false, true}) {
    EXPECT_EQ(DecodeRules(EncodeRules(MageAndWitch(on))).steer_magic, on);
    EXPECT_EQ(DecodeRules(EncodeRules(Abbeys(on, true))).hold_abbeys, on);
  }
  // Only with the expansion (MW) or the option (am_abbey) it is about.
  FuzzRules base;
  base.steer_magic = base.hold_abbeys = true;
  const FuzzRules read = DecodeRules(EncodeRules(base));
  EXPECT_FALSE(read.steer_magic);
  EXPECT_FALSE(read.hold_abbeys);
}

TEST(EngineFuzzCoverageTest, Mw08TheSteerReachesTheMagicFiguresSetAside) {
  const EngineFuzzStats stats = Play(MageAndWitch(true), 60, 3000, 8);
  EXPECT_GT(stats.listed[kSetAside], 0);
  EXPECT_GT(stats.applied[kSetAside], 0);
}

TEST(EngineFuzzCoverageTest, Am07HeldAbbeysReachTheFinalAbbeyRound) {
  // The bag tracked (the last land tile ends the game, AM-07): the held
  // abbeys give many more steps in the final round than the same inputs
  // unsteered, whose players place their abbeys as holes open.
  const EngineFuzzStats held = Play(Abbeys(true, true), 20, 3000, 7);
  const EngineFuzzStats placed = Play(Abbeys(false, true), 20, 3000, 7);
  EXPECT_GT(held.phases[kFinalAbbey], 0);
  EXPECT_GT(held.phases[kFinalAbbey], 2 * placed.phases[kFinalAbbey]);
  // Not tracked (the caller says the bag is empty, AMB-48, once an abbey
  // could go into a hole).
  EXPECT_GT(Play(Abbeys(true, false), 20, 3000, 7).phases[kFinalAbbey], 0);
}

TEST(EngineFuzzCoverageTest, Mw08WithoutTheSteerTheseInputsNeverSetAFigureAside) {
  // The same inputs unsteered: the steer is what reaches MW-08 (if random
  // play did, this test would say the steer is no longer needed).
  EXPECT_EQ(Play(MageAndWitch(false), 60, 3000, 8).listed[kSetAside], 0);
}

}  // namespace
}  // namespace carcassonne::fuzz

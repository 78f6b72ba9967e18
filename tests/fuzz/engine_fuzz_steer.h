// Steering of fuzz_engine_games towards two decisions that random play almost
// never reaches (engine_fuzz_rules.h, FuzzRules.steer_magic and
// FuzzRules.hold_abbeys; engine_fuzz_coverage_test.cc proves they are reached):
//   * Mage & Witch, MW-08 and AMB-43: a magic tile is placed while a magic
//     figure stands on the board and no unfinished road or city is left
//     without one: the figure is set aside. Random play leaves a dozen
//     unfinished features after a few tiles; the steer keeps them few.
//   * Abbey & Mayor, AM-07: the last land tile is placed while players still
//     hold their abbey: the final abbey round. Random play places every abbey
//     as soon as a hole opens; the players who hold theirs keep it, and
//     without a tracked bag the caller says the bag is empty more often once
//     an abbey could go into a hole.
// The steer chooses the caller's chance (the tile drawn) and which listed
// action the player takes; it never makes an action up, so every promise of
// engine_fuzzer.cc holds as before.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <vector>

#include "engine/expansion_module.h"
#include "engine/game.h"
#include "tests/fuzz/engine_fuzz_actions.h"

namespace carcassonne::fuzz {

// The steer towards MW-08 looks ahead in the first kSteeredTiles tiles of a
// game, within a budget of tile placements tried (each a copy of the game):
// it keeps a steered input well inside libFuzzer's -timeout under ASan.
inline constexpr int kSteeredTiles = 25;
inline constexpr int kSteerBudget = 20000;

// MW-08, AMB-43: the tile drawn for the tile phase and where it goes. While a
// magic figure is beside the board, a magic tile (to bring it on); else, of
// every type the caller could draw, the placement after which the fewest
// unfinished roads and cities have no magic figure (a magic figure off the
// board counts 2), and above all one after which the engine lists a set-aside.
// Ties are the input's. Sets `chance.drawn` and `chance.steered` (a listed
// placement) and returns true; false, `chance` untouched, when it does not
// steer: a game without Mage & Witch, past its first tiles, a bazaar tile
// held (BC-21), or the budget spent. (Hill and circus tiles are left to the
// random draw: they come with chance of their own.)
bool SteerTowardsMagicSetAside(const Game& game, const std::vector<const ExpansionModule*>& modules,
                               FuzzedDataProvider& input, int& budget, TileChance& chance);

// AM-07, without a tracked bag: the caller draws again (up to kCopyLeftTries
// times) while the engine lists nothing for the tile drawn, every copy of it
// being used up already (a caller's real bag never yields one), so that the
// game lasts until holes open for the abbeys.
inline constexpr int kCopyLeftTries = 8;
void DrawACopyLeft(const Game& game, const std::vector<const ExpansionModule*>& modules,
                   FuzzedDataProvider& input, TileChance& chance);

// AM-07: the abbey placements taken out of the listed actions of the tile
// phase (not of the final abbey round), unless nothing else is listed.
// Returns whether any was listed: an abbey could go into a hole (AM-03).
bool HoldAbbeys(std::vector<Action>& actions);

// Out of 256: how often, without a tracked bag, the caller says the bag is
// empty (AMB-48) in a tile phase where a held abbey could go into a hole, so
// that the final abbey round follows (AM-07). (Elsewhere: engine_fuzzer.cc,
// kEndGameChance.)
inline constexpr int kEndGameWithAbbeysChance = 48;

}  // namespace carcassonne::fuzz

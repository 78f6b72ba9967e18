// Variants as data (issue #30): the options a game site switches on and off
// beside an expansion's own rules, and their bounds: play without farmers
// (base.farmers), the figures each player owns (base.followers,
// ic.big_followers, am.barns), the classic editions' end value of an
// incomplete inn road / cathedral city (ic.classic_incomplete_inn_cathedral),
// an expansion's tiles without one of its elements (hs.hills, hs.vineyards,
// ic.inns, ic.cathedrals, pd.portal, pd.princess_symbol, siege.besieged,
// abbot.gardens), the C3.1 vineyards around gardens
// (hs.vineyards_around_gardens). The rules modules read the RuleSet fields;
// this file checks them. Every combination either plays by the rules or is
// refused here.
#pragma once

#include <string_view>
#include <vector>

#include "engine/problem.h"
#include "engine/rule_set.h"

namespace carcassonne {

// The bounds of the figure supplies a game may set (refused outside them):
// enough for any house rule, small enough that the figures on the board stay
// far below kMaxFigures with the most players.
inline constexpr int kMinFollowers = 1;
inline constexpr int kMaxFollowers = 15;
inline constexpr int kMaxBigFollowers = 3;
inline constexpr int kMinBarns = 1;
inline constexpr int kMaxBarns = 3;

// Refuses, into `problems` (paths under `prefix`, "rules."), a variant value
// out of bounds, one set for an expansion that is off, and a combination this
// build cannot play by the rules (no farmers with the barn or the Count).
void CheckVariantOptions(const RuleSet& rules, std::string_view prefix,
                         std::vector<Problem>& problems);

// AM-01 (option am.barns): the barns each player owns, 0 without am.barn
// (which needs the expansion: CheckRules).
int BarnsOwned(const RuleSet& rules);

}  // namespace carcassonne

// The Tower's snapshot checks: its option, its pieces each on its own and
// together with the pending decision (see tower.h).
#include <string>

#include "engine/expansions/tower.h"
#include "engine/expansions/tower_pieces.h"
#include "engine/figures.h"
#include "engine/problem.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

using namespace tower_pieces;  // (this module's own helpers)

std::string Indexed(std::string_view field, int index) { return Cat(field, "[", index, "]"); }

}  // namespace

void TowerExpansion::CheckRuleOptions(const RuleSet& rules, std::string_view prefix,
                                      std::vector<Problem>& problems) const {
  if (!rules.Has(Expansion::kTower) && !rules.tw_tower_top_capturable) {
    problems.push_back(
        {Cat(prefix, "tw_tower_top_capturable"), "a Tower option needs EXPANSION_TOWER"});
  }
}

void TowerExpansion::CheckOwnPieces(const GameState& state, const Board& board,
                                    std::vector<Problem>& problems) const {
  const int players = static_cast<int>(state.players.size());
  const bool in_play = state.rules.Has(Expansion::kTower);
  const int floors = in_play ? TowerFloorsPerPlayer(players) : 0;
  for (int i = 0; i < players; ++i) {
    const int supply = state.players[i].tower_floors;
    if (supply < 0 || supply > floors) {
      problems.push_back({Cat(Indexed("players", i), ".tower_floors"),
                          Cat("a player has 0 to ", floors, " tower floors in this game (TW-02)")});
    }
  }
  if (!in_play) {
    if (!state.towers.empty()) problems.push_back({"towers", "towers need EXPANSION_TOWER"});
    if (!state.prisoners.empty()) {
      problems.push_back({"prisoners", "prisoners need EXPANSION_TOWER"});
    }
    if (state.tower_capture) {
      problems.push_back({"tower_capture", "a capture needs EXPANSION_TOWER"});
    }
    if (state.ransom_paid) problems.push_back({"ransom_paid", "a ransom needs EXPANSION_TOWER"});
    if (TowerDecidesBeforeScoring(state)) {
      problems.push_back({"phase", "the capture and the exchange need EXPANSION_TOWER"});
    }
    return;
  }
  for (int i = 0; i < static_cast<int>(state.towers.size()); ++i) {
    const Tower& tower = state.towers[i];
    const std::string field = Indexed("towers", i);
    if (!HasFoundation(board, tower.cell)) {
      problems.push_back({field + ".cell", "a tower stands on a tile with a foundation (TW-01)"});
    }
    for (int j = 0; j < i; ++j) {
      if (state.towers[j].cell == tower.cell) {
        problems.push_back({field + ".cell", "one tower on a foundation"});
      }
    }
    if (tower.height < 1 || tower.height > players * floors) {
      problems.push_back({field + ".height",
                          "a tower listed has 1 floor or more, from the "
                          "players' floors (TW-02, TW-03)"});
    }
    if (tower.top_owner) {
      if (*tower.top_owner < 0 || *tower.top_owner >= players) {
        problems.push_back({field + ".top", "no such player"});
      } else if (!MayStandOnTop(tower.top_kind)) {
        problems.push_back({field + ".top",
                            "only a follower or a big follower stands on top of "
                            "a tower (TW-03, TW-06)"});
      }
      if (!tower.closed) {
        problems.push_back({field + ".closed", "a meeple on top closes the tower (TW-05)"});
      }
    }
  }
  for (int i = 0; i < static_cast<int>(state.prisoners.size()); ++i) {
    const Prisoner& prisoner = state.prisoners[i];
    const std::string field = Indexed("prisoners", i);
    if (prisoner.jailer < 0 || prisoner.jailer >= players || prisoner.owner < 0 ||
        prisoner.owner >= players) {
      problems.push_back({field, "no such player"});
    } else if (prisoner.jailer == prisoner.owner) {
      problems.push_back({field, "one's own captured meeple goes back to the supply (TW-08)"});
    }
    if (static_cast<unsigned>(prisoner.kind) >= static_cast<unsigned>(kFigureKindCount) ||
        !IsFollower(prisoner.kind)) {
      problems.push_back({field + ".kind", "only followers are captured (TW-09)"});
    }
  }
}

void TowerExpansion::CheckPiecesTogether(const GameState& state, const Board& /*board*/,
                                         std::vector<Problem>& problems) const {
  if (!state.rules.Has(Expansion::kTower)) return;
  const int players = static_cast<int>(state.players.size());
  // TW-02: floors in the supplies and in the towers add up.
  int floors = 0;
  for (const Player& player : state.players) floors += player.tower_floors;
  for (const Tower& tower : state.towers) floors += tower.height;
  if (floors != players * TowerFloorsPerPlayer(players)) {
    problems.push_back(
        {"towers", Cat("the floors in the supplies and in the towers (", floors,
                       ") must add up to ", players * TowerFloorsPerPlayer(players), " (TW-02)")});
  }
  const bool deciding = TowerDecidesBeforeScoring(state);
  if (deciding != state.tower_capture.has_value()) {
    problems.push_back({"tower_capture", deciding
                                             ? "the capture follows a floor on a tower (TW-07)"
                                             : "a capture is pending only in its phase (TW-07)"});
    return;
  }
  const int exchange_partner = ExchangePartner(state, state.active_player);
  if (state.phase == Phase::kTowerExchange) {
    if (exchange_partner < 0 ||
        HeldKinds(state, exchange_partner, state.active_player).size() < 2) {
      problems.push_back({"phase",
                          "the capturer chooses only when the other player holds their "
                          "meeples of several kinds (TW-11)"});
    }
  } else if (state.phase != Phase::kGameOver) {
    // (Once the game is over prisoners count for nothing, TW-13: an exchange
    // left pending by the end of the game stays undone.)
    for (int player = 0; player < players; ++player) {
      if (ExchangePartner(state, player) >= 0) {
        problems.push_back({"prisoners",
                            "two players holding prisoners of each other exchange "
                            "them at once (TW-11)"});
        break;
      }
    }
  }
  if (state.phase == Phase::kTowerCapture) {
    if (TowerAt(state, *state.tower_capture) == nullptr) {
      problems.push_back({"tower_capture", "the capture follows a floor on a tower (TW-07)"});
    } else if (CaptureTargets(state).empty()) {
      problems.push_back({"tower_capture", "no meeple within the tower's reach (TW-07)"});
    }
  }
  if (deciding && !state.pending_scorings.empty()) {
    problems.push_back(
        {"count.pending_features", "nothing of the turn is scored before the capture (TW-07)"});
  }
}

}  // namespace carcassonne

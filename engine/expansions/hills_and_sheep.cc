// Hills & Sheep: hills and vineyards (see hills_and_sheep.h).
#include "engine/expansions/hills_and_sheep.h"

#include <algorithm>
#include <string>

#include "engine/figures.h"
#include "engine/game.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// HS-05: whether `segment` lies on a hill tile (never with option hs.hills =
// false).
bool OnHill(const RuleSet& rules, const Board& board, const SegmentAddress& segment) {
  const int tile_index = board.TileIndexAt(segment.cell);
  return rules.hs_hills && tile_index >= 0 && board.tile(tile_index).type().hill;
}

// HS-05, HS-06, HS-07: narrows the tied majority by the followers standing
// on hill tiles of the feature. Strength decided the tie first (HS-07).
void BreakTieByHills(const Game& game, ScoreEvent& event) {
  if (event.majority_players.size() < 2) return;
  const Board& board = game.board();
  std::vector<int> on_hills(game.state().players.size(), 0);
  for (const Figure& figure : event.returned_figures) {
    if (IsFollower(figure.kind) && OnHill(game.state().rules, board, figure.segment)) {
      ++on_hills[figure.owner];
    }
  }
  int most = 0;
  for (int player : event.majority_players) most = std::max(most, on_hills[player]);
  if (most == 0) return;  // HS-05: no tied player on a hill, all score.
  const bool most_followers =
      game.state().rules.hs_hill_tiebreak == HillTiebreak::kMostFollowersOnHills;
  std::erase_if(event.majority_players, [&](int player) {
    return most_followers ? on_hills[player] < most : on_hills[player] == 0;
  });
}

// HS-09, HS-10, HS-11: vineyards around a monastery completed during the
// game; with option hs.vineyards_around_gardens around a completed garden
// too (AB-12, AT-14).
void AddVineyards(const Game& game, int feature, ScoreEvent& event) {
  const RuleSet& rules = game.state().rules;
  const bool garden =
      event.feature_kind == FeatureKind::kGarden && rules.hs_vineyards_around_gardens;
  if ((event.feature_kind != FeatureKind::kMonastery && !garden) || !event.complete) return;
  const Board& board = game.board();
  const int segment = board.FirstSegmentOf(board.FeatureOf(feature));
  // HS-12 (engine practice, open HS-Q4): not for shrines in this build.
  if (board.SegmentTypeOf(segment).shrine) return;
  const int vineyards = VineyardsAround(rules, board, board.AddressOf(segment).cell);
  if (vineyards == 0) return;
  event.line_items.push_back(
      {Cat(vineyards, vineyards == 1 ? " vineyard × " : " vineyards × ", kVineyardPoints),
       vineyards, kVineyardPoints, vineyards * kVineyardPoints, garden ? "AB-12" : "HS-09"});
}

}  // namespace

int VineyardsAround(const RuleSet& rules, const Board& board, Position cell) {
  if (!rules.hs_vineyards) return 0;  // option hs.vineyards = false
  int vineyards = 0;
  for (Position around : Surrounding(cell)) {
    const int tile_index = board.TileIndexAt(around);
    if (tile_index >= 0 && board.tile(tile_index).type().vineyard) ++vineyards;
  }
  return vineyards;
}

void HillsAndSheep::CheckHiddenTile(const Game& game, const TileType& drawn, const TileType* hidden,
                                    std::optional<Position> cell,
                                    std::vector<Violation>& violations) const {
  const auto& bag = game.state().bag;
  if (!drawn.hill || !game.state().rules.hs_hills) {
    if (hidden != nullptr) {
      violations.push_back({ViolationCode::kHillHiddenTileNotAllowed,
                            drawn.hill ? Cat("This game is played without the hills (option "
                                             "hs.hills): no tile goes under ",
                                             drawn.id, ".")
                                       : Cat(drawn.id, " is no hill tile: no tile goes under it."),
                            cell, std::nullopt, "HS-03"});
    }
    return;
  }
  if (!bag) return;  // Nothing to check the draw against.
  // The bag once the hill tile itself is drawn.
  const int left = bag->Total() - (bag->CountOf(&drawn) > 0 ? 1 : 0);
  if (left == 0) {
    if (hidden != nullptr) {
      violations.push_back({ViolationCode::kHillHiddenTileNotAllowed,
                            "The bag is empty once the hill tile is drawn: no tile goes under it.",
                            cell, std::nullopt, "HS-04"});
    }
    return;
  }
  if (hidden == nullptr) {
    violations.push_back({ViolationCode::kHillHiddenTileNotAllowed,
                          Cat("A hill tile is laid on a tile drawn face down from the bag (", left,
                              " left): the action must name it."),
                          cell, std::nullopt, "HS-03"});
    return;
  }
  const int copies = bag->CountOf(hidden) - (hidden == &drawn ? 1 : 0);
  if (copies <= 0) {
    violations.push_back(
        {ViolationCode::kHillHiddenTileNotAllowed,
         Cat("No ", hidden->id, " tile is left in the bag to go under the hill tile."), cell,
         std::nullopt, "HS-03"});
  }
}

void HillsAndSheep::ModifyScore(const Game& game, int feature, ScoreEvent& event) const {
  BreakTieByHills(game, event);
  AddVineyards(game, feature, event);
}

}  // namespace carcassonne

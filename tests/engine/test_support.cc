// Set-up and look-ups shared by the engine's tests (see test_support.h).
#include "tests/engine/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <variant>

namespace carcassonne {

const TileType* Tile(std::string_view id) { return Catalogue::Get().Find(id); }

bool HasProblem(const std::vector<Problem>& problems, std::string_view field) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const Problem& problem) { return problem.field == field; });
}

bool HasCode(const Verdict& verdict, ViolationCode code, std::string_view rule_id) {
  return std::any_of(verdict.violations.begin(), verdict.violations.end(),
                     [&](const Violation& violation) {
                       return violation.code == code && violation.rule_id == rule_id;
                     });
}

GameState UntrackedGame(const std::vector<std::string>& names, Expansion expansion,
                        const std::vector<Expansion>& more, RuleSet rules) {
  rules.expansions = {expansion};
  rules.expansions.insert(rules.expansions.end(), more.begin(), more.end());
  GameState state = std::get<GameState>(NewGame(names, rules));
  state.bag.reset();
  return state;
}

MalformedFigures MalformedFiguresOf(const Figure& figure, Position empty_cell,
                                    int missing_segment) {
  MalformedFigures malformed{figure, figure, figure, figure};
  malformed.no_owner.owner = 2;
  malformed.no_kind.kind = static_cast<FigureKind>(99);
  malformed.no_tile.segment = {empty_cell, 0};
  malformed.no_segment.segment.segment_index = missing_segment;
  return malformed;
}

void LayAbbeyHoleBoard(GameState& state, const TileType* east_of_hole) {
  state.tiles.push_back({Tile("base:U"), {-1, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:U"), {-2, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:A"), {-3, 0}, Rotation{3}});
  state.tiles.push_back({Tile("base:E"), {0, -1}, Rotation{2}});
  state.tiles.push_back({Tile("base:F"), {1, -1}, Rotation{1}});
  state.tiles.push_back({Tile("base:E"), {1, -2}, Rotation{2}});
  state.tiles.push_back({Tile("base:B"), {2, -1}, Rotation{0}});
  state.tiles.push_back({east_of_hole, {2, 0}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {0, 1}, Rotation{0}});
  state.tiles.push_back({Tile("base:B"), {1, 1}, Rotation{0}});
}

std::vector<ScoreEvent> PlaceAndPass(Game& game, const PlaceTileAction& tile) {
  const bool tile_legal = game.Validate(tile).legal();
  EXPECT_TRUE(tile_legal) << tile.tile->id;
  if (!tile_legal) return {};
  game.Apply(tile);
  const bool pass_legal = game.Validate(PassAction{}).legal();
  EXPECT_TRUE(pass_legal);
  if (!pass_legal) return {};
  return game.Apply(PassAction{});
}

}  // namespace carcassonne

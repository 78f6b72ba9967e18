// Seeded random boards (see boards.h).
#include "benchmarks/boards.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/expansion_module.h"
#include "engine/referee.h"

namespace carcassonne::bench {
namespace {

// Catalogue order of a base tile type (the order bags are kept in).
std::ptrdiff_t BaseRank(const TileType* type) { return type - BaseTileSet().tiles.data(); }

// Puts one tile of `type` back into `bag`, keeping catalogue order.
void PutBack(TileBag& bag, const TileType* type) {
  for (TileCount& entry : bag.tiles) {
    if (entry.type == type) {
      entry.count += 1;
      return;
    }
  }
  auto after = std::find_if(bag.tiles.begin(), bag.tiles.end(), [&](const TileCount& entry) {
    return BaseRank(entry.type) > BaseRank(type);
  });
  bag.tiles.insert(after, TileCount{type, 1});
}

// A new set's bag: every base tile.
TileBag RefilledBag() {
  TileBag bag;
  for (const TileType& type : BaseTileSet().tiles) {
    if (type.count > 0) bag.tiles.push_back({&type, type.count});
  }
  return bag;
}

// The figure step after a tile: a random listed choice, but each player keeps
// their last follower in supply, so that the turn after the board can place
// one.
void FigureStep(Game& game, std::mt19937& random) {
  if (game.state().players[game.state().deciding_player].followers > 1) {
    const LegalActions figures = game.ListLegalActions(nullptr);
    game.Apply(ChooseRandomAction(figures, random));
  } else {
    game.Apply(PassAction{});
  }
}

// The base game's random play (RandomBoardWithDraw). `stack_sets`: past the
// rules (BG-01), a new set whenever the bag runs out (the game itself tracks
// a bag that never runs out), and the board comes back with the bag untracked
// (StackedSetsBoard).
RandomPosition PlayBaseGame(int tiles, uint32_t seed, bool stack_sets) {
  std::mt19937 random(seed);
  GameState start = std::get<GameState>(NewGame({"Player 1", "Player 2"}, RuleSet{}));
  // The set less the start tile: the bag of NewGame, kept in catalogue order
  // here (the tiles are drawn from it) and handed to the position at the end.
  TileBag bag = RefilledBag();
  bag.Remove(start.tiles.front().type);
  start.bag.reset();
  Game game(std::move(start));

  std::optional<RandomPosition> last_turn;  // the latest draw that fits
  for (;;) {
    if (bag.Total() == 0) {
      if (stack_sets) {
        bag = RefilledBag();
      } else {
        // BG-20: the set's last tile was set aside (BG-03): the game is over,
        // and its last turn is the board.
        return std::move(*last_turn);
      }
    }
    const TileType* drawn = PeekRandomTile(bag, random);
    bag.Remove(drawn);
    if (stack_sets) {
      // Past BG-01 the board holds more copies than one set, which an
      // untracked game would not let anyone draw (BG-01): the game tracks a
      // bag of a whole set and the drawn tile, so that it always holds the
      // tile drawn and never runs out (BG-20) while the stack goes on.
      TileBag endless = RefilledBag();
      PutBack(endless, drawn);
      game.mutable_state().bag = std::move(endless);
    }
    const LegalActions placements = game.ListLegalActions(drawn);
    // BG-03: a tile that fits nowhere is set aside and the player draws again.
    if (placements.placements.empty()) continue;
    // The turn's position, the bag with the drawn tile (none when stacked).
    RandomPosition turn{game.state(), drawn, nullptr, std::nullopt};
    if (!stack_sets) {
      TileBag with_drawn = bag;
      PutBack(with_drawn, drawn);
      turn.state.bag = std::move(with_drawn);
    } else {
      turn.state.bag.reset();  // no bag holds the stacked sets' copies
    }
    // BG-01, BG-20: when the set's last tile is drawn, that is the game's last
    // turn, and no copy is left to draw after it.
    if (game.board().tile_count() >= tiles || (!stack_sets && bag.Total() == 0)) return turn;
    last_turn = std::move(turn);  // (in case every tile after it is set aside)
    game.Apply(ChooseRandomAction(placements, random));
    FigureStep(game, random);
  }
}

}  // namespace

TileBag FullBaseSetBag() { return RefilledBag(); }

int RandomIndex(std::mt19937& random, int n) {
  return static_cast<int>(random() % static_cast<uint32_t>(n));
}

const Action& ChooseRandomAction(const LegalActions& legal, std::mt19937& random) {
  const int count = static_cast<int>(legal.actions.size());
  const bool figure_phase = std::holds_alternative<PassAction>(legal.actions.back());
  if (figure_phase && count > 1) {
    // PassAction is listed last, after the follower placements.
    if (RandomIndex(random, 2) == 0) return legal.actions.back();
    return legal.actions[RandomIndex(random, count - 1)];
  }
  return legal.actions[RandomIndex(random, count)];
}

const TileType* PeekRandomTile(const TileBag& bag, std::mt19937& random) {
  int index = RandomIndex(random, bag.Total());
  for (const TileCount& entry : bag.tiles) {
    if (index < entry.count) return entry.type;
    index -= entry.count;
  }
  return nullptr;
}

RandomPosition RandomBoardWithDraw(int tiles, uint32_t seed) {
  return PlayBaseGame(tiles, seed, /*stack_sets=*/false);
}

GameState StackedSetsBoard(int tiles, uint32_t seed) {
  return PlayBaseGame(tiles, seed, /*stack_sets=*/true).state;
}

GameState RandomBoard(int tiles, uint32_t seed) { return RandomBoardWithDraw(tiles, seed).state; }

RuleSet AllExpansionsRules() {
  RuleSet rules;
  rules.expansions = {Expansion::kInnsAndCathedrals,
                      Expansion::kTradersAndBuilders,
                      Expansion::kRiver,
                      Expansion::kKingAndRobberBaron,
                      Expansion::kMageAndWitch,
                      Expansion::kCountOfCarcassonne,
                      Expansion::kAbbeyAndMayor,
                      Expansion::kBridgesCastlesAndBazaars,
                      Expansion::kCult,
                      Expansion::kSiege,
                      Expansion::kHillsAndSheep,
                      Expansion::kPrincessAndDragon,
                      Expansion::kUnderTheBigTop,
                      Expansion::kTower,
                      Expansion::kFestival,
                      Expansion::kPhantom};
  // (Hills & Sheep brings hills, vineyards, and shepherds with their flocks,
  // HS-13..HS-26: the boards' random decisions place shepherds, grow and
  // drive flocks with tokens the bag holds.)
  rules.river_parts = RiverParts::kBoth;
  // The mayor and the wagon with the Count (CO-09); the barn is not built
  // with Siege (SI-Q1).
  rules.am_mayor = true;
  rules.am_wagon = true;
  rules.count_mayor_wagon_count_as_two = true;
  rules.bc_bridges = true;  // BC-03: bridges placed by the random decisions
  rules.bc_castles = true;
  rules.bc_bazaars = true;
  rules.am_abbey = true;
  return rules;
}

RuleSet AbbotRules() {
  RuleSet rules = AllExpansionsRules();
  std::erase_if(rules.expansions, [](Expansion expansion) {
    return expansion == Expansion::kCountOfCarcassonne || expansion == Expansion::kCult ||
           expansion == Expansion::kSiege;
  });
  rules.expansions.push_back(Expansion::kAbbot);
  rules.count_mayor_wagon_count_as_two = false;  // (an option of the Count's)
  rules.am_barn = true;
  return rules;
}

std::optional<Animal> AnimalDrawnWith(const GameState& state, const TileType* drawn) {
  if (drawn == nullptr ||
      std::none_of(drawn->segments.begin(), drawn->segments.end(), [](const SegmentType& segment) {
        return segment.kind == SegmentKind::kCircusSpace;
      })) {
    return std::nullopt;
  }
  for (int animal = 0; animal < kAnimalCount; ++animal) {
    if (state.big_top.supply[animal] > 0) return static_cast<Animal>(animal);
  }
  return std::nullopt;
}

const TileType* PeekDrawableTile(const Game& game, const TileBag& bag, std::mt19937& random) {
  const std::vector<const ExpansionModule*> modules = ModulesFor(game.state().rules);
  TileBag drawable;
  for (const TileCount& entry : bag.tiles) {
    if (entry.count <= 0) continue;
    std::vector<Violation> violations;
    for (const ExpansionModule* module : modules) {
      module->CheckTileDrawn(game, *entry.type, violations);
    }
    if (violations.empty()) drawable.tiles.push_back(entry);
  }
  if (drawable.Total() == 0) return nullptr;
  return PeekRandomTile(drawable, random);
}

TurnDraw DrawForTurn(const Game& game, std::mt19937& random) {
  TurnDraw draw;
  // BC-21: a tile obtained in a bazaar is placed instead of a draw.
  const TileType* held = game.TileInsteadOfDraw();
  draw.from_bazaar = held != nullptr;
  draw.drawn = held != nullptr ? held : PeekDrawableTile(game, *game.state().bag, random);
  if (draw.drawn == nullptr) return draw;
  // HS-03, HS-04: a hill tile goes on a tile drawn from the bag, if one is
  // left once the hill tile is drawn (as the module counts them).
  if (draw.drawn->hill) {
    TileBag rest = *game.state().bag;
    if (rest.CountOf(draw.drawn) > 0) rest.Remove(draw.drawn);
    if (rest.Total() > 0) draw.hidden = PeekRandomTile(rest, random);
  }
  draw.animal = AnimalDrawnWith(game.state(), draw.drawn);
  return draw;
}

DrawBazaarTilesAction RevealBazaarTiles(const Game& game, std::mt19937& random) {
  TileBag rest = *game.state().bag;
  DrawBazaarTilesAction draw;
  for (size_t i = 0; i < game.state().players.size(); ++i) {
    const TileType* tile = PeekDrawableTile(game, rest, random);
    if (tile == nullptr) break;
    draw.tiles.push_back(tile);
    rest.Remove(tile);
  }
  return draw;
}

RandomPosition RandomBoardWithDraw(int tiles, uint32_t seed, const RuleSet& rules) {
  std::mt19937 random(seed);
  Game game(std::get<GameState>(NewGame({"Player 1", "Player 2"}, rules)));
  std::optional<RandomPosition> last_turn;  // the latest draw that fits
  while (game.state().phase == Phase::kPlaceTile) {
    const TurnDraw draw = DrawForTurn(game, random);
    if (draw.drawn == nullptr) break;  // nothing may be drawn: no turn
    const LegalActions placements = game.ListLegalActions(draw.drawn, draw.hidden, draw.animal);
    const bool fits =
        std::any_of(placements.placements.begin(), placements.placements.end(),
                    [&](const LegalPlacement& placement) { return placement.tile == draw.drawn; });
    if (!fits) {  // BG-03: set aside, and the player draws again
      game.Apply(DiscardTileAction{draw.drawn});
      continue;
    }
    last_turn = RandomPosition{game.state(), draw.drawn, draw.hidden, draw.animal};
    if (game.board().tile_count() >= tiles && !draw.from_bazaar) break;
    game.Apply(ChooseRandomAction(placements, random));
    // Every decision until the next tile: the figure step keeps a follower in
    // supply (as above), the expansions' decisions are random.
    while (game.state().phase != Phase::kPlaceTile && game.state().phase != Phase::kGameOver) {
      const Player& decider = game.state().players[game.state().deciding_player];
      if (game.state().phase == Phase::kPlaceFigure && decider.followers <= 1) {
        game.Apply(PassAction{});
      } else if (game.state().phase == Phase::kBazaarDraw) {
        game.Apply(RevealBazaarTiles(game, random));
      } else {
        const LegalActions decisions = game.ListLegalActions(nullptr);
        game.Apply(ChooseRandomAction(decisions, random));
      }
    }
  }
  if (!last_turn) throw std::logic_error("RandomBoardWithDraw: no tile could be drawn");
  // Asked for more than the game holds: its last turn (BG-20).
  return std::move(*last_turn);
}

}  // namespace carcassonne::bench

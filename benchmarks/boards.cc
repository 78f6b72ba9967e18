// Seeded random boards (see boards.h).
#include "benchmarks/boards.h"

#include <algorithm>
#include <optional>
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

// Where the board's tiles come from: the bag of the game, then whole new sets.
class Deck {
 public:
  explicit Deck(TileBag first) : bag_(std::move(first)) {}

  const TileType* Draw(std::mt19937& random) {
    if (bag_.Total() == 0) {
      bag_ = FullBaseSetBag();
      refilled_ = true;
    }
    const TileType* tile = PeekRandomTile(bag_, random);
    bag_.Remove(tile);
    return tile;
  }

  bool refilled() const { return refilled_; }
  const TileBag& bag() const { return bag_; }

 private:
  TileBag bag_;
  bool refilled_ = false;
};

}  // namespace

TileBag FullBaseSetBag() {
  TileBag bag;
  for (const TileType& type : BaseTileSet().tiles) {
    if (type.count > 0) bag.tiles.push_back({&type, type.count});
  }
  return bag;
}

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
  std::mt19937 random(seed);
  GameState start = std::get<GameState>(NewGame({"Player 1", "Player 2"}, RuleSet{}));
  // The first set, less the start tile (the bag of NewGame). Untracked while
  // playing: the deck, not the engine, decides what is drawn.
  TileBag first = FullBaseSetBag();
  const int set_size = first.Total();
  first.Remove(start.tiles.front().type);
  Deck deck(std::move(first));
  start.bag.reset();
  Game game(std::move(start));

  RandomPosition position;
  for (;;) {
    const TileType* drawn = deck.Draw(random);
    const LegalActions placements = game.ListLegalActions(drawn);
    // BG-03: a tile that fits nowhere is set aside and the player draws again.
    if (placements.placements.empty()) continue;
    // Up to a whole set, the position is one a real game reaches: when the
    // set's last tile is drawn, that is the game's last turn (BG-01, BG-20), and
    // no copy is left to draw after it.
    const bool last_of_the_set = !deck.refilled() && deck.bag().Total() == 0 && tiles <= set_size;
    if (game.board().tile_count() >= tiles || last_of_the_set) {
      position.drawn = drawn;
      break;
    }
    game.Apply(ChooseRandomAction(placements, random));
    // Each player keeps their last follower in supply, so that the turn after
    // the board can place one.
    if (game.state().players[game.state().deciding_player].followers > 1) {
      const LegalActions figures = game.ListLegalActions(nullptr);
      game.Apply(ChooseRandomAction(figures, random));
    } else {
      game.Apply(PassAction{});
    }
  }

  position.state = game.state();
  if (!deck.refilled()) {
    TileBag bag = deck.bag();
    PutBack(bag, position.drawn);
    position.state.bag = std::move(bag);
  }
  return position;
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
                      Expansion::kTower};
  // (Hills & Sheep brings hills, vineyards, and shepherds with their flocks,
  // HS-13..HS-26: the boards' random decisions place shepherds, grow and
  // drive flocks with tokens the bag holds.)
  rules.river_parts = RiverParts::kBoth;
  // The mayor and the wagon with the Count (CO-09); the barn is not built
  // with Siege (SI-Q1).
  rules.am_mayor = true;
  rules.am_wagon = true;
  rules.count_mayor_wagon_count_as_two = true;
  rules.bc_castles = true;
  rules.bc_bazaars = true;
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

RandomPosition RandomBoardWithDraw(int tiles, uint32_t seed, const RuleSet& rules) {
  std::mt19937 random(seed);
  GameState start = std::get<GameState>(NewGame({"Player 1", "Player 2"}, rules));
  // A refill: a new bag of the rules' sets, without the river (it is laid).
  TileBag refill = *start.bag;
  for (TileCount& entry : refill.tiles) {
    entry.count = entry.type->river_role == RiverRole::kNone ? entry.type->count : 0;
  }
  std::erase_if(refill.tiles, [](const TileCount& entry) { return entry.count == 0; });
  // The game's own bag, tracked (the rules' drawing order depends on it),
  // until its last tile: then the game stops tracking it (so that it never
  // ends) and the tiles come from refills.
  Game game(std::move(start));
  std::optional<TileBag> deck;

  RandomPosition position;
  for (;;) {
    const TileBag& from = deck ? *deck : *game.state().bag;
    // BC-21: a tile obtained in a bazaar is placed instead of a draw.
    const TileType* held = game.TileInsteadOfDraw();
    const TileType* drawn = held != nullptr ? held : PeekDrawableTile(game, from, random);
    if (drawn == nullptr) {
      game.mutable_state().bag.reset();
      deck = refill;
      continue;
    }
    // HS-03: a hill tile goes on a tile drawn from the game's bag; when that
    // would leave the bag empty, the tiles come from refills instead.
    const TileType* hidden = nullptr;
    if (!deck && drawn->hill) {
      if (game.state().bag->Total() <= 2) {
        game.mutable_state().bag.reset();
        deck = refill;
        continue;
      }
      TileBag rest = *game.state().bag;
      rest.Remove(drawn);
      hidden = PeekRandomTile(rest, random);
    }
    const LegalActions placements =
        game.ListLegalActions(drawn, hidden, AnimalDrawnWith(game.state(), drawn));
    if (placements.placements.empty()) {  // BG-03: set aside
      if (held != nullptr) {
        game.Apply(DiscardTileAction{drawn});
      } else if (deck) {
        deck->Remove(drawn);
      } else if (game.state().bag->Total() > 1) {
        game.Apply(DiscardTileAction{drawn});
      } else {
        game.mutable_state().bag.reset();
        deck = refill;
      }
      continue;
    }
    if (game.board().tile_count() >= tiles) {
      position.drawn = drawn;
      break;
    }
    if (held != nullptr) {
      // (From no bag.)
    } else if (deck) {
      deck->Remove(drawn);
    } else if (game.state().bag->Total() == 1) {
      game.mutable_state().bag.reset();
      deck = refill;
    }
    game.Apply(ChooseRandomAction(placements, random));
    // Every decision until the next tile: the figure step keeps a follower in
    // supply (as above), the expansions' decisions are random.
    while (game.state().phase != Phase::kPlaceTile) {
      const Player& decider = game.state().players[game.state().deciding_player];
      if (game.state().phase == Phase::kPlaceFigure && decider.followers <= 1) {
        game.Apply(PassAction{});
        continue;
      }
      if (game.state().phase == Phase::kBazaarDraw) {
        // BC-19: the bazaar's tiles from the game's bag, while it holds more
        // than the players need (it must not empty); else, untracked, none.
        const int players = static_cast<int>(game.state().players.size());
        DrawBazaarTilesAction draw;
        if (!deck && game.state().bag->Total() > players) {
          TileBag rest = *game.state().bag;
          for (int i = 0; i < players; ++i) {
            const TileType* tile = PeekDrawableTile(game, rest, random);
            if (tile == nullptr) break;
            draw.tiles.push_back(tile);
            rest.Remove(tile);
          }
        }
        if (static_cast<int>(draw.tiles.size()) == players) {
          game.Apply(draw);
        } else {
          if (!deck) {
            game.mutable_state().bag.reset();
            deck = refill;
          }
          game.Apply(PassAction{});
        }
        continue;
      }
      const LegalActions decisions = game.ListLegalActions(nullptr);
      game.Apply(ChooseRandomAction(decisions, random));
    }
  }
  position.state = game.state();
  return position;
}

}  // namespace carcassonne::bench

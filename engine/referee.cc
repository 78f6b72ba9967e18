// The stateless entry points of the engine (see referee.h), and the snapshot
// check that each of them relies on, in its stages. (Over 600 lines: the
// check's stages and the entry points share the start layout, the rule set's
// check and the figure kinds; apart, they would need a header of their own
// for helpers that nothing else uses.)
// Why one file: the snapshot check of the base game in one pass over the state; each expansion
// checks its own part through its module.
#include "engine/referee.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "engine/expansion_module.h"
#include "engine/figures.h"
#include "engine/rule_variants.h"
#include "engine/rules/follower_placement.h"
#include "engine/rules/tile_placement.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

std::string Indexed(std::string_view field, int index) { return Cat(field, "[", index, "]"); }

bool WithinLimits(Position cell) {
  return cell.x >= -kMaxCoordinate && cell.x <= kMaxCoordinate && cell.y >= -kMaxCoordinate &&
         cell.y <= kMaxCoordinate;
}

// Players: 2 to 5 with the base game (the box has 5 colours); Inns &
// Cathedrals brings a sixth.
int MaxPlayers(const RuleSet& rules) {
  return rules.Has(Expansion::kInnsAndCathedrals) ? kMaxPlayers : 5;
}

void CheckRules(const RuleSet& rules, std::string_view prefix, std::vector<Problem>& problems) {
  for (int i = 0; i < static_cast<int>(rules.expansions.size()); ++i) {
    const Expansion expansion = rules.expansions[i];
    if (!IsSupported(expansion)) {
      problems.push_back({Cat(prefix, Indexed("expansions", i)),
                          "this build does not implement this expansion yet"});
    }
    for (int j = 0; j < i; ++j) {
      if (rules.expansions[j] == expansion) {
        problems.push_back({Cat(prefix, Indexed("expansions", i)), "expansion listed twice"});
      }
    }
  }
  for (const ExpansionModule* module : AllModules()) {
    module->CheckRuleOptions(rules, prefix, problems);
  }
  CheckVariantOptions(rules, prefix, problems);  // issue #30's variants
  // Abbey & Mayor: a module needs the expansion; this build implements all
  // four (the abbey without the end-game round AM-07, known gap AM-07).
  const struct {
    bool on;
    std::string_view field;
    std::string_view rules;
    bool built;
  } am_modules[] = {{rules.am_abbey, "am_abbey", "AM-03..AM-06", true},
                    {rules.am_mayor, "am_mayor", "AM-08..AM-10, AM-14", true},
                    {rules.am_wagon, "am_wagon", "AM-11..AM-13", true},
                    {rules.am_barn, "am_barn", "AM-15..AM-20", true}};
  for (const auto& module : am_modules) {
    if (!module.on) continue;
    if (!rules.Has(Expansion::kAbbeyAndMayor)) {
      problems.push_back(
          {Cat(prefix, module.field), "an Abbey & Mayor module needs EXPANSION_ABBEY_AND_MAYOR"});
    } else if (!module.built) {
      problems.push_back({Cat(prefix, module.field),
                          Cat("this build does not implement this Abbey & Mayor module yet (",
                              module.rules, ")")});
    }
  }
  // AMB-13, CO-21: the house rule laying the river before the city is not
  // built (the city's place is fixed by the geometry contract).
  if (rules.count_river_layout == CountRiverLayout::kRiverFirstHouseRule &&
      (!rules.Has(Expansion::kCountOfCarcassonne) || rules.Has(Expansion::kRiver))) {
    problems.push_back({Cat(prefix, "count_river_layout"),
                        "this build does not implement the house rule river_first_house_rule "
                        "(CO-21); with the River the spring goes next to the city (AMB-13)"});
  }
  // Bridges, Castles & Bazaars: the bridges, the castles and the bazaars each
  // need the expansion.
  if ((rules.bc_bridges || rules.bc_castles || rules.bc_bazaars) &&
      !rules.Has(Expansion::kBridgesCastlesAndBazaars)) {
    problems.push_back({Cat(prefix, rules.bc_castles   ? "bc_castles"
                                    : rules.bc_bazaars ? "bc_bazaars"
                                                       : "bc_bridges"),
                        "a Bridges, Castles & Bazaars module needs "
                        "EXPANSION_BRIDGES_CASTLES_AND_BAZAARS"});
  }
}

constexpr std::array<FigureKind, kFigureKindCount> kFigureKinds = {
    FigureKind::kFollower, FigureKind::kBigFollower, FigureKind::kBuilder,    FigureKind::kPig,
    FigureKind::kMayor,    FigureKind::kWagon,       FigureKind::kRingmaster, FigureKind::kShepherd,
    FigureKind::kAbbot,    FigureKind::kPhantom};

std::string_view SupplyField(FigureKind kind) {
  switch (kind) {
    case FigureKind::kFollower:
      return "followers";
    case FigureKind::kBigFollower:
      return "big_followers";
    case FigureKind::kBuilder:
      return "builders";
    case FigureKind::kPig:
      return "pigs";
    case FigureKind::kMayor:
      return "mayors";
    case FigureKind::kWagon:
      return "wagons";
    case FigureKind::kRingmaster:
      return "ringmasters";
    case FigureKind::kShepherd:
      return "shepherds";
    case FigureKind::kAbbot:
      return "abbots";
    case FigureKind::kPhantom:
      return "phantoms";
  }
  return "?";
}

// The segment kinds each figure may stand on: followers BG-05, the mayor a
// city (AM-08), the builder a road or city (TB-09), the pig a field (TB-19),
// the shepherd a field (HS-13).
bool MayStandOn(FigureKind kind, SegmentKind segment) {
  switch (kind) {
    case FigureKind::kFollower:
    case FigureKind::kBigFollower:
    case FigureKind::kMayor:
    case FigureKind::kWagon:
    case FigureKind::kRingmaster:
    case FigureKind::kAbbot:
    case FigureKind::kPhantom:
      return FollowerKindMayStandOn(kind, segment);
    case FigureKind::kBuilder:
      return segment == SegmentKind::kRoad || segment == SegmentKind::kCity;
    case FigureKind::kPig:
    case FigureKind::kShepherd:  // HS-13
      return segment == SegmentKind::kField;
  }
  return false;
}

// The tiles a game starts with: the Count's city (CO-02), or one start tile,
// base:D unless an expansion brings its own (RV-01), at (0, 0) turned 0.
std::vector<PlacedTile> StartLayout(const RuleSet& rules) {
  const std::vector<const ExpansionModule*> modules = ModulesFor(rules);
  for (const ExpansionModule* module : modules) {
    std::vector<PlacedTile> layout = module->StartLayout(rules);
    if (!layout.empty()) return layout;
  }
  for (const ExpansionModule* module : modules) {
    if (const TileType* start = module->StartTile(rules)) return {{start, {0, 0}, Rotation{0}}};
  }
  return {{Catalogue::Get().Find("base:D"), {0, 0}, Rotation{0}}};
}

const PlacedTile* TileOn(const GameState& state, Position cell) {
  for (const PlacedTile& tile : state.tiles) {
    if (tile.cell == cell) return &tile;
  }
  return nullptr;
}

// A figure an action names (the princess's knight, PD-21; the fairy's
// follower, PD-15; the meeple a tower captures, TW-07): its owner a player of
// the game, its kind one of the figure kinds, its segment one of the board.
// Whether that figure stands there, and may be named, is the rules' verdict.
void CheckNamedFigure(const GameState& state, const Figure& figure, const std::string& field,
                      std::vector<Problem>& problems) {
  if (figure.owner < 0 || figure.owner >= static_cast<int>(state.players.size())) {
    problems.push_back({field + ".owner", "no such player"});
  }
  if (static_cast<unsigned>(figure.kind) >= static_cast<unsigned>(kFigureKindCount)) {
    problems.push_back({field + ".kind", "no such figure kind"});
  }
  const PlacedTile* tile = TileOn(state, figure.segment.cell);
  if (tile == nullptr) {
    problems.push_back({field + ".segment", "no tile on that cell"});
  } else if (figure.segment.segment_index < 0 ||
             figure.segment.segment_index >= static_cast<int>(tile->type->segments.size())) {
    problems.push_back({field + ".segment", "no such segment on that tile"});
  }
}

}  // namespace

namespace {

// ----- Stage 1: the rules, the players, the tiles and the bag ----------------

// How many players, each with a score and figure supplies within their bounds
// (referee.h). (Castle tokens, barns and goods: their modules' checks.)
void CheckPlayers(const GameState& state, std::vector<Problem>& problems) {
  const int player_count = static_cast<int>(state.players.size());
  if (player_count < kMinPlayers || player_count > MaxPlayers(state.rules)) {
    problems.push_back({"players", Cat("a game has ", kMinPlayers, " to ", MaxPlayers(state.rules),
                                       " players, not ", player_count)});
  }
  for (int i = 0; i < player_count; ++i) {
    const Player& player = state.players[i];
    if (player.score < 0 || player.score > kMaxScore) {
      problems.push_back({Indexed("players", i) + ".score", Cat("a score is 0 to ", kMaxScore)});
    }
    for (FigureKind kind : kFigureKinds) {
      const int supply = SupplyOf(player, kind);
      const int owned = FiguresOwned(state.rules, kind);
      if (supply < 0 || supply > owned) {
        problems.push_back({Cat(Indexed("players", i), ".", SupplyField(kind)),
                            Cat("a player has 0 to ", owned, " of these in supply in this game")});
      }
    }
  }
}

// The tiles, laid on `board` as they are checked: start tile first, then each
// next to an earlier one with matching sides (BG-02); no more copies of a type
// placed and in the bag than the set holds. Stops at the first bad tile.
void CheckTilesAndBag(const GameState& state, Board& board, std::vector<Problem>& problems) {
  const std::vector<PlacedTile> start = StartLayout(state.rules);
  const int start_count = static_cast<int>(start.size());
  if (static_cast<int>(state.tiles.size()) < start_count) {
    problems.push_back({"tiles", "the start tile (or the Count's city) must be placed first"});
  }
  if (static_cast<int>(state.tiles.size()) > kMaxPlacedTiles) {
    problems.push_back({"tiles", Cat("at most ", kMaxPlacedTiles, " placed tiles")});
    return;
  }
  // Copies of each tile type placed or in the bag, by catalogue rank.
  const Catalogue& catalogue = Catalogue::Get();
  // (64-bit: a bag count may be as large as an int32 on top of the placed
  // copies. On the stack for the catalogue this build has; on the heap past it.)
  std::array<int64_t, 256> used_on_stack;  // (only the first type_count() zeroed)
  std::vector<int64_t> used_on_heap;
  if (catalogue.type_count() > static_cast<int>(used_on_stack.size())) {
    used_on_heap.assign(catalogue.type_count(), 0);
  } else {
    std::fill_n(used_on_stack.begin(), catalogue.type_count(), 0);
  }
  const std::span<int64_t> used =
      used_on_heap.empty() ? std::span<int64_t>(used_on_stack).first(catalogue.type_count())
                           : std::span<int64_t>(used_on_heap);
  int highest_rank_used = -1;
  board.Reserve(static_cast<int>(state.tiles.size()) + 1);
  if (!state.tiles.empty()) {
    // The grid once, for the snapshot's tiles and the next one. The box is
    // bounded by the placed tiles only if they are connected and within the
    // coordinate limits: a connected patch of n tiles spans at most n + 1
    // columns and rows together. Anything else fails the checks below (tile
    // by tile) and gets no grid here.
    Position low = state.tiles.front().cell, high = low;
    for (const PlacedTile& tile : state.tiles) {
      low = {std::min(low.x, tile.cell.x), std::min(low.y, tile.cell.y)};
      high = {std::max(high.x, tile.cell.x), std::max(high.y, tile.cell.y)};
    }
    const int64_t span = static_cast<int64_t>(high.x) - low.x + high.y - low.y + 2;
    if (WithinLimits(low) && WithinLimits(high) &&
        span <= static_cast<int64_t>(state.tiles.size()) + 1) {
      board.ReserveArea(low, high);
    }
  }
  // The set of the last tile found in play (tiles of one set come in runs).
  std::string_view set_in_play;
  for (int i = 0; i < static_cast<int>(state.tiles.size()); ++i) {
    const PlacedTile& tile = state.tiles[i];
    auto field = [i] { return Indexed("tiles", i); };
    if (tile.type == nullptr) {
      problems.push_back({field() + ".tile_type", "unknown tile type"});
      return;
    }
    if (tile.type->set.data() != set_in_play.data()) {
      if (!TileSetInPlay(state.rules, tile.type->set)) {
        problems.push_back({field() + ".tile_type", "this tile's set is not in this game"});
        return;
      }
      set_in_play = tile.type->set;
    }
    if (!WithinLimits(tile.cell)) {
      problems.push_back({field(), Cat("coordinates must lie within ±", kMaxCoordinate)});
      return;
    }
    if (i < start_count) {
      const PlacedTile& expected = start[i];
      if (&tile.type->WithoutBridge() != expected.type || !(tile.cell == expected.cell) ||
          tile.rotation.quarter_turns != 0) {
        problems.push_back(
            {field(), start_count == 1
                          ? Cat("the first tile must be the start tile ", expected.type->id,
                                " at (0, 0) with rotation 0")
                          : Cat("the game starts with the City of Carcassonne (CO-02): tile ", i,
                                " must be ", expected.type->id, " at (", expected.cell.x, ", ",
                                expected.cell.y, ") with rotation 0")});
        return;
      }
    } else {
      if (!TileFits(board, *tile.type, tile.cell, tile.rotation)) {
        const std::vector<Violation> violations =
            CheckTilePlacement(board, *tile.type, tile.cell, tile.rotation);
        problems.push_back({field(), violations.front().message});
        return;
      }
    }
    board.Place(tile);
    // An abbey (AM-01) is a player's, not a copy of the set: its module
    // counts them.
    if (tile.type->abbey) continue;
    const int rank = catalogue.Rank(tile.type);
    used[rank] += 1;
    highest_rank_used = std::max(highest_rank_used, rank);
  }
  if (state.bag) {
    for (int i = 0; i < static_cast<int>(state.bag->tiles.size()); ++i) {
      const TileCount& entry = state.bag->tiles[i];
      auto field = [i] { return Indexed("bag.tiles", i); };
      if (entry.type == nullptr) {
        problems.push_back({field() + ".tile_type", "unknown tile type"});
        continue;
      }
      if (!TileSetInPlay(state.rules, entry.type->set)) {
        problems.push_back({field() + ".tile_type", "this tile's set is not in this game"});
        continue;
      }
      if (entry.count < 0) problems.push_back({field() + ".count", "a count cannot be negative"});
      const int rank = catalogue.Rank(entry.type);
      used[rank] += entry.count;
      highest_rank_used = std::max(highest_rank_used, rank);
    }
  }
  std::vector<std::pair<const TileType*, int64_t>> overused;
  for (int rank = 0; rank <= highest_rank_used; ++rank) {
    if (used[rank] == 0) continue;  // (only the types in use are looked at)
    const TileType& type = catalogue.TypeAt(rank);
    // AB-01: the garden edition's copies when the Abbot is in play.
    if (used[rank] > CopiesInGame(state.rules, type)) overused.push_back({&type, used[rank]});
  }
  std::sort(overused.begin(), overused.end(),
            [](const auto& a, const auto& b) { return a.first->id < b.first->id; });
  for (const auto& [type, count] : overused) {
    // Named by the type's bag entry if it has one, else by the tiles.
    std::string field = "tiles";
    for (int i = 0; state.bag && i < static_cast<int>(state.bag->tiles.size()); ++i) {
      if (state.bag->tiles[i].type == type) field = Indexed("bag.tiles", i) + ".count";
    }
    problems.push_back(
        {std::move(field), Cat("the set has ", CopiesInGame(state.rules, *type), " ", type->id,
                               " tiles; the snapshot uses ", count, " (placed and in the bag)")});
  }
}

// ----- Stage 2: each piece on its own -----------------------------------------

// Each figure: an owner who plays, a kind, a segment on the board that the
// kind may stand on, and no other figure there.
void CheckFigures(const GameState& state, const Board& board, std::vector<Problem>& problems) {
  if (static_cast<int>(state.figures.size()) > kMaxFigures) {
    problems.push_back({"figures", Cat("at most ", kMaxFigures, " figures")});
    return;
  }
  if (state.figures.empty()) return;
  const int player_count = static_cast<int>(state.players.size());
  const bool with_the_count = state.rules.Has(Expansion::kCountOfCarcassonne);
  // Who already stands on each segment of the board (by board-wide segment
  // id): nobody, only followers, or some other figure. (On the stack for the
  // boards of a game; on the heap past them.)
  enum Standing : uint8_t { kNobody, kFollowers, kOtherFigure };
  const int segment_count =
      board.tile_count() == 0
          ? 0
          : board.SegmentId(board.tile_count() - 1, 0) +
                static_cast<int>(board.tile(board.tile_count() - 1).type().segments.size());
  std::array<Standing, 2048> standing_on_stack;  // (only the first segment_count cleared)
  std::vector<Standing> standing_on_heap;
  if (segment_count > static_cast<int>(standing_on_stack.size())) {
    standing_on_heap.assign(segment_count, kNobody);
  } else {
    std::fill_n(standing_on_stack.begin(), segment_count, kNobody);
  }
  const std::span<Standing> standing =
      standing_on_heap.empty() ? std::span<Standing>(standing_on_stack).first(segment_count)
                               : std::span<Standing>(standing_on_heap);
  for (int i = 0; i < static_cast<int>(state.figures.size()); ++i) {
    const Figure& figure = state.figures[i];
    auto field = [i] { return Indexed("figures", i); };
    if (figure.owner < 0 || figure.owner >= player_count) {
      problems.push_back({field() + ".owner", "no such player"});
      continue;
    }
    if (static_cast<unsigned>(figure.kind) >= static_cast<unsigned>(kFigureKindCount)) {
      problems.push_back({field() + ".kind", "no such figure kind"});
      continue;
    }
    const int segment = board.SegmentId(figure.segment);
    if (segment < 0) {
      problems.push_back({field() + ".segment", "no such segment on the board"});
      continue;
    }
    const SegmentKind kind = board.tile(board.TileIndexAt(figure.segment.cell))
                                 .type()
                                 .segments[figure.segment.segment_index]
                                 .kind;
    if (!MayStandOn(figure.kind, kind)) {
      problems.push_back(
          {field() + ".segment", Cat("a ", FigureKindName(figure.kind), " cannot stand on a ",
                                     SegmentKindName(kind), " segment")});
    } else if (!VariantTakesFollowers(state.rules, kind) &&
               (IsFollower(figure.kind) || figure.kind == FigureKind::kPig)) {
      // Option base.farmers = false (BG-05): no farmer, so no pig beside one
      // (TB-19); the shepherd is no farmer (HS-15) and stays. Option
      // abbot.gardens = false (AB-03): no abbot on a garden.
      problems.push_back(
          {field() + ".segment",
           Cat("no ", FigureKindName(figure.kind), " stands on a ", SegmentKindName(kind),
               " in this game (options base.farmers, abbot.gardens)")});
    }
    // HS-13: a shepherd shares its field with farmers ("and vice versa"),
    // also its segment (a farmer may come later, through a magic portal or
    // from Carcassonne); the flock module checks the shepherds.
    if (figure.kind == FigureKind::kShepherd) continue;
    // The Count: followers redeployed from Carcassonne stand with the
    // feature's other followers (CO-10, CO-43).
    const bool shares = with_the_count && IsFollower(figure.kind);
    if (standing[segment] == kOtherFigure || (standing[segment] == kFollowers && !shares)) {
      problems.push_back({field() + ".segment", "another figure already stands on this segment"});
    }
    standing[segment] =
        IsFollower(figure.kind) && standing[segment] != kOtherFigure ? kFollowers : kOtherFigure;
  }
}

// Whose turn and decision it is: players of the game; the features waiting
// for their scoring: segments of the board.
void CheckTurnPieces(const GameState& state, const Board& board, std::vector<Problem>& problems) {
  const int player_count = static_cast<int>(state.players.size());
  if (state.active_player < 0 || state.active_player >= player_count) {
    problems.push_back({"active_player", "no such player"});
  }
  if (state.deciding_player < 0 || state.deciding_player >= player_count) {
    problems.push_back({"deciding_player", "no such player"});
  }
  if (static_cast<int>(state.pending_scorings.size()) > kMaxPlacedTiles) {
    problems.push_back({"count.pending_features", "more features than the board has"});
    return;
  }
  for (int i = 0; i < static_cast<int>(state.pending_scorings.size()); ++i) {
    if (board.SegmentId(state.pending_scorings[i]) < 0) {
      problems.push_back({Indexed("count.pending_features", i), "no such segment on the board"});
    }
  }
}

// ----- Stage 3: the parts together --------------------------------------------

// Every figure kind conserved: supply + board (+ wagons waiting to move, AM-12;
// + followers in Carcassonne) = what each player owns (BG-04, IC-07, TB-09,
// TB-19, AM-01).
void CheckFiguresConserved(const GameState& state, std::vector<Problem>& problems) {
  // (Stage 1 found 2 to kMaxPlayers players, stage 2 every owner one of them,
  // every kind a figure kind.)
  std::array<std::array<int, kFigureKindCount>, kMaxPlayers> on_board{};
  for (const Figure& figure : state.figures) {
    on_board[figure.owner][static_cast<int>(figure.kind)] += 1;
  }
  for (const Figure& wagon : state.wagons_to_move) {
    on_board[wagon.owner][static_cast<int>(wagon.kind)] += 1;
  }
  for (const QuarterFollower& follower : state.count.followers) {
    on_board[follower.owner][static_cast<int>(follower.kind)] += 1;
  }
  // The Tower: meeples on top of towers (TW-03) and prisoners (TW-08), each
  // still its owner's (stage 2 found their owners and kinds valid).
  for (const Tower& tower : state.towers) {
    if (tower.top_owner) on_board[*tower.top_owner][static_cast<int>(tower.top_kind)] += 1;
  }
  for (const Prisoner& prisoner : state.prisoners) {
    on_board[prisoner.owner][static_cast<int>(prisoner.kind)] += 1;
  }
  for (int i = 0; i < static_cast<int>(state.players.size()); ++i) {
    for (FigureKind kind : kFigureKinds) {
      const int supply = SupplyOf(state.players[i], kind);
      const int placed = on_board[i][static_cast<int>(kind)];
      const int owned = FiguresOwned(state.rules, kind);
      if (supply + placed != owned) {
        problems.push_back({Cat(Indexed("players", i), ".", SupplyField(kind)),
                            Cat(FigureKindName(kind), "s in supply (", supply,
                                ") and on the board, in Carcassonne, on towers or in prison (",
                                placed, ") must add up to ", owned)});
      }
    }
  }
}

// The phase: who decides, a tile placed this turn where the phase needs one,
// the builder's second tile, the bag empty once the game is over.
void CheckTurn(const GameState& state, std::vector<Problem>& problems) {
  // AM-12: the owner of the first wagon to move decides.
  // PD-10: each step of the dragon's flight is the next player's.
  const bool out_of_turn =
      state.phase == Phase::kCountRedeploy || state.phase == Phase::kCountFinalRedeploy ||
      state.phase == Phase::kWagonMove || state.phase == Phase::kPlaceCastle ||
      state.phase == Phase::kDragonMove || state.phase == Phase::kBazaarOffer ||
      state.phase == Phase::kBazaarBid || state.phase == Phase::kBazaarSettle;
  if (state.deciding_player != state.active_player && !out_of_turn) {
    problems.push_back({"deciding_player",
                        "the active player makes every decision, except in the Count's "
                        "redeployment rounds, the wagons' moves, the castle offers, the "
                        "dragon's flight and the bazaar's auction"});
  }
  if ((state.phase == Phase::kPlaceFigure || state.phase == Phase::kPlaceMagicFigure ||
       state.phase == Phase::kCountRedeploy || state.phase == Phase::kCountDeploy ||
       state.phase == Phase::kWagonMove || state.phase == Phase::kPlaceCastle ||
       state.phase == Phase::kDragonMove || state.phase == Phase::kTowerCapture ||
       state.phase == Phase::kTowerExchange || state.phase == Phase::kTendFlock ||
       state.phase == Phase::kPlacePhantom) &&
      state.tiles.size() <= StartLayout(state.rules).size()) {
    problems.push_back({"phase", "no tile has been placed this turn"});
  }
  if (!state.rules.Has(Expansion::kTradersAndBuilders) && !state.rules.Has(Expansion::kRiver) &&
      (state.extra_tile_earned || state.second_part)) {
    problems.push_back(
        {"second_part",
         "only the builder (TB-11) and the volcano lake (RV-10) give a second tile"});
  }
  if (state.extra_tile_earned && state.phase != Phase::kPlaceFigure &&
      state.phase != Phase::kPlaceMagicFigure && state.phase != Phase::kCountRedeploy &&
      state.phase != Phase::kCountDeploy && state.phase != Phase::kWagonMove &&
      state.phase != Phase::kPlaceCastle && state.phase != Phase::kSiegeEscape &&
      state.phase != Phase::kDragonMove && state.phase != Phase::kTowerCapture &&
      state.phase != Phase::kTowerExchange && state.phase != Phase::kTendFlock &&
      state.phase != Phase::kPlacePhantom) {
    problems.push_back({"extra_tile_earned",
                        "a second tile is earned by the tile of this turn, before its figure"});
  }
  // BG-20: the game ends when the last tile is placed (or set aside).
  if (state.phase == Phase::kGameOver && state.bag && state.bag->Total() > 0) {
    problems.push_back({"bag.tiles",
                        "the game ends when the last tile of the bag is placed (BG-20): a "
                        "game that is over has an empty bag"});
  }
}

}  // namespace

std::vector<Problem> CheckTilesOnto(const GameState& state, Board& board) {
  std::vector<Problem> problems;
  CheckRules(state.rules, "rules.", problems);
  CheckPlayers(state, problems);
  CheckTilesAndBag(state, board, problems);
  return problems;
}

std::vector<Problem> CheckRestOfSnapshot(const GameState& state, const Board& board) {
  std::vector<Problem> problems;
  // Stage 2: each piece on its own.
  CheckFigures(state, board, problems);
  CheckTurnPieces(state, board, problems);
  // Each expansion's pieces (engine/expansion_module.h).
  for (const ExpansionModule* module : AllModules()) {
    module->CheckOwnPieces(state, board, problems);
  }
  if (!problems.empty()) return problems;
  // Stage 3: the parts together.
  CheckFiguresConserved(state, problems);
  CheckTurn(state, problems);
  if (!problems.empty()) return problems;
  // Stage 4: the expansions' rules between their pieces and the pending
  // decision (the magic figures, the King's and the Robber Baron's holders,
  // the Count's quarters, barns and wagons, castles, shrines, the escape).
  for (const ExpansionModule* module : AllModules()) {
    module->CheckPiecesTogether(state, board, problems);
  }
  return problems;
}

std::vector<Problem> CheckSnapshot(const GameState& state) {
  Board board;
  std::vector<Problem> problems = CheckTilesOnto(state, board);
  if (!problems.empty()) return problems;
  return CheckRestOfSnapshot(state, board);
}

std::variant<Game, std::vector<Problem>> LoadGame(GameState state) {
  Board board;
  std::vector<Problem> problems = CheckTilesOnto(state, board);
  if (!problems.empty()) return problems;
  return LoadGame(std::move(state), std::move(board));
}

std::variant<Game, std::vector<Problem>> LoadGame(GameState state, Board board) {
  std::vector<Problem> problems = CheckRestOfSnapshot(state, board);
  if (!problems.empty()) return problems;
  return Game(std::move(state), std::move(board));
}

std::vector<Problem> CheckAction(const GameState& state, const Action& action) {
  std::vector<Problem> problems;
  // AMB-49: the acting seat is a player of the game.
  if (action.actor &&
      (*action.actor < 0 || *action.actor >= static_cast<int>(state.players.size()))) {
    problems.push_back({"actor", Cat("seat ", *action.actor, " is not a player: seats are 0 to ",
                                     state.players.size() - 1)});
  }
  // AMB-40: each segment of the scoring order is on the board.
  if (action.scoring_order.size() > kMaxScoringOrder) {
    problems.push_back({"scoring_order", Cat("at most ", kMaxScoringOrder, " segments")});
  } else {
    for (int i = 0; i < static_cast<int>(action.scoring_order.size()); ++i) {
      const SegmentAddress& segment = action.scoring_order[i];
      const PlacedTile* tile = TileOn(state, segment.cell);
      if (tile == nullptr) {
        problems.push_back({Indexed("scoring_order", i), "no tile on that cell"});
      } else if (segment.segment_index < 0 ||
                 segment.segment_index >= static_cast<int>(tile->type->segments.size())) {
        problems.push_back({Indexed("scoring_order", i), "no such segment on that tile"});
      }
    }
  }
  if (const auto* place = std::get_if<PlaceTileAction>(&action)) {
    if (place->tile == nullptr) problems.push_back({"place_tile.tile_type", "unknown tile type"});
    if (place->tile != nullptr && !TileSetInPlay(state.rules, place->tile->set)) {
      problems.push_back({"place_tile.tile_type", "this tile's set is not in this game"});
    }
    if (!WithinLimits(place->cell)) {
      problems.push_back({"place_tile", Cat("coordinates must lie within ±", kMaxCoordinate)});
    }
    // HS-03: a tile under a hill exists only with Hills & Sheep, from a set
    // in the game (whether it may go there is the rules' verdict).
    if (place->hidden_tile != nullptr && !state.rules.Has(Expansion::kHillsAndSheep)) {
      problems.push_back({"place_tile.hidden_tile_type",
                          "a tile goes under a hill tile only with EXPANSION_HILLS_AND_SHEEP"});
    } else if (place->hidden_tile != nullptr &&
               !TileSetInPlay(state.rules, place->hidden_tile->set)) {
      problems.push_back({"place_tile.hidden_tile_type", "this tile's set is not in this game"});
    }
    if (place->animal_token && !state.rules.Has(Expansion::kUnderTheBigTop)) {
      problems.push_back({"place_tile.animal_token",
                          "an animal token is drawn only with EXPANSION_UNDER_THE_BIG_TOP"});
    }
  } else if (const auto* figure = std::get_if<PlaceFigureAction>(&action)) {
    const PlacedTile* tile = TileOn(state, figure->segment.cell);
    if (tile == nullptr) {
      problems.push_back({"place_figure.segment", "no tile on that cell"});
    } else if (figure->segment.segment_index < 0 ||
               figure->segment.segment_index >= static_cast<int>(tile->type->segments.size())) {
      problems.push_back({"place_figure.segment", "no such segment on that tile"});
    }
  } else if (const auto* move = std::get_if<MoveMagicFigureAction>(&action)) {
    const PlacedTile* tile = TileOn(state, move->segment.cell);
    if (tile == nullptr) {
      problems.push_back({"move_magic_figure.segment", "no tile on that cell"});
    } else if (move->segment.segment_index < 0 ||
               move->segment.segment_index >= static_cast<int>(tile->type->segments.size())) {
      problems.push_back({"move_magic_figure.segment", "no such segment on that tile"});
    }
  } else if (const auto* wagon = std::get_if<MoveWagonAction>(&action)) {
    const PlacedTile* tile = TileOn(state, wagon->segment.cell);
    if (tile == nullptr) {
      problems.push_back({"move_wagon.segment", "no tile on that cell"});
    } else if (wagon->segment.segment_index < 0 ||
               wagon->segment.segment_index >= static_cast<int>(tile->type->segments.size())) {
      problems.push_back({"move_wagon.segment", "no such segment on that tile"});
    }
  } else if (const auto* shepherd = std::get_if<PlaceShepherdAction>(&action)) {
    // HS-13, HS-14: a segment of the board, a token of the set.
    const PlacedTile* tile = TileOn(state, shepherd->segment.cell);
    if (tile == nullptr) {
      problems.push_back({"place_shepherd.segment", "no tile on that cell"});
    } else if (shepherd->segment.segment_index < 0 ||
               shepherd->segment.segment_index >= static_cast<int>(tile->type->segments.size())) {
      problems.push_back({"place_shepherd.segment", "no such segment on that tile"});
    }
    if (static_cast<unsigned>(shepherd->token) >= static_cast<unsigned>(kSheepTokenKinds)) {
      problems.push_back({"place_shepherd.token", "no such sheep token"});
    }
  } else if (const auto* grow = std::get_if<GrowFlockAction>(&action)) {
    if (static_cast<unsigned>(grow->token) >= static_cast<unsigned>(kSheepTokenKinds)) {
      problems.push_back({"grow_flock.token", "no such sheep token"});  // HS-17
    }
  } else if (const auto* retreat = std::get_if<RetreatAbbotAction>(&action)) {
    // AB-07: the segment the abbot stands on, a segment of the board.
    const PlacedTile* tile = TileOn(state, retreat->segment.cell);
    if (tile == nullptr) {
      problems.push_back({"retreat_abbot.segment", "no tile on that cell"});
    } else if (retreat->segment.segment_index < 0 ||
               retreat->segment.segment_index >= static_cast<int>(tile->type->segments.size())) {
      problems.push_back({"retreat_abbot.segment", "no such segment on that tile"});
    }
  } else if (const auto* escape = std::get_if<EscapeSiegeAction>(&action)) {
    const PlacedTile* tile = TileOn(state, escape->segment.cell);
    if (tile == nullptr) {
      problems.push_back({"escape_siege.segment", "no tile on that cell"});
    } else if (escape->segment.segment_index < 0 ||
               escape->segment.segment_index >= static_cast<int>(tile->type->segments.size())) {
      problems.push_back({"escape_siege.segment", "no such segment on that tile"});
    }
  } else if (const auto* redeploy = std::get_if<RedeployFromQuarterAction>(&action)) {
    // (mayors and wagons with Abbey & Mayor, CO-09). The total in 64 bits:
    // each count may be any int32 here (fuzz finding F8).
    const int64_t total = int64_t{redeploy->followers} + redeploy->big_followers +
                          redeploy->mayors + redeploy->wagons;
    if (redeploy->followers < 0 || redeploy->big_followers < 0 || redeploy->mayors < 0 ||
        redeploy->wagons < 0 || total == 0) {
      problems.push_back({"redeploy_from_quarter",
                          "followers, big_followers, mayors and wagons are counts of 0 or more, "
                          "at least one in all (to move none, pass)"});
    }
    if (redeploy->followers > kMaxFigures || redeploy->big_followers > kMaxFigures ||
        redeploy->mayors > kMaxFigures || redeploy->wagons > kMaxFigures) {
      problems.push_back({"redeploy_from_quarter", "too many followers"});
    }
    if (redeploy->target) {
      const PlacedTile* tile = TileOn(state, redeploy->target->cell);
      if (tile == nullptr) {
        problems.push_back({"redeploy_from_quarter.target", "no tile on that cell"});
      } else if (redeploy->target->segment_index < 0 ||
                 redeploy->target->segment_index >= static_cast<int>(tile->type->segments.size())) {
        problems.push_back({"redeploy_from_quarter.target", "no such segment on that tile"});
      }
    }
  } else if (const auto* step = std::get_if<MoveDragonAction>(&action)) {
    if (!WithinLimits(step->to)) {
      problems.push_back({"move_dragon.to", Cat("coordinates must lie within ±", kMaxCoordinate)});
    }
  } else if (const auto* remove = std::get_if<RemoveKnightAction>(&action)) {
    CheckNamedFigure(state, remove->knight, "remove_knight.knight", problems);  // PD-21
  } else if (const auto* fairy = std::get_if<MoveFairyAction>(&action)) {
    CheckNamedFigure(state, fairy->follower, "move_fairy.follower", problems);  // PD-15
  } else if (const auto* capture = std::get_if<CaptureMeepleAction>(&action)) {
    // TW-07, TW-10: one meeple, a figure on the board or the top of a tower.
    if (capture->figure.has_value() == capture->tower_top.has_value()) {
      problems.push_back(
          {"capture_meeple", "exactly one of figure and tower_top names the meeple captured"});
    }
    if (capture->figure) {
      CheckNamedFigure(state, *capture->figure, "capture_meeple.figure", problems);
    }
    if (capture->tower_top && !WithinLimits(*capture->tower_top)) {
      problems.push_back(
          {"capture_meeple.tower_top", Cat("coordinates must lie within ±", kMaxCoordinate)});
    }
  } else if (const auto* take = std::get_if<TakeFigureBackAction>(&action)) {
    // FV-03 (b), FV-04: one figure, on a segment of the board or a barn.
    if (take->figure.has_value() == take->barn.has_value()) {
      problems.push_back(
          {"take_figure_back", "exactly one of figure and barn names the figure taken back"});
    }
    if (take->figure) {
      CheckNamedFigure(state, *take->figure, "take_figure_back.figure", problems);
    }
    if (take->barn) {
      if (take->barn->owner < 0 || take->barn->owner >= static_cast<int>(state.players.size())) {
        problems.push_back({"take_figure_back.barn.owner", "no such player"});
      }
      if (TileOn(state, take->barn->cell) == nullptr) {
        problems.push_back({"take_figure_back.barn.cell", "no tile on that cell"});
      }
      if (static_cast<unsigned>(take->barn->corner) >= kAllCorners.size()) {
        problems.push_back({"take_figure_back.barn.corner", "no such corner"});
      }
    }
  } else if (const auto* draw = std::get_if<DrawBazaarTilesAction>(&action)) {
    // BC-19: the caller's draw names one known tile per player, from a set in
    // the game (whether each may be drawn now is the rules' verdict).
    if (draw->tiles.size() > static_cast<size_t>(kMaxPlayers)) {
      problems.push_back({"draw_bazaar_tiles.tile_types",
                          Cat("a bazaar reveals one tile per player, at most ", kMaxPlayers)});
    } else {
      for (int i = 0; i < static_cast<int>(draw->tiles.size()); ++i) {
        const TileType* tile = draw->tiles[i];
        if (tile == nullptr) {
          problems.push_back({Indexed("draw_bazaar_tiles.tile_types", i), "unknown tile type"});
        } else if (!TileSetInPlay(state.rules, tile->set)) {
          problems.push_back(
              {Indexed("draw_bazaar_tiles.tile_types", i), "this tile's set is not in this game"});
        }
      }
    }
  } else if (const auto* discard = std::get_if<DiscardTileAction>(&action)) {
    if (discard->tile == nullptr) {
      problems.push_back({"discard_tile.tile_type", "unknown tile type"});
    } else if (!TileSetInPlay(state.rules, discard->tile->set)) {
      problems.push_back({"discard_tile.tile_type", "this tile's set is not in this game"});
    }
  }
  return problems;
}

std::vector<Problem> CheckDrawnTile(const GameState& state, const TileType* tile,
                                    const TileType* hidden, std::optional<Animal> animal) {
  std::vector<Problem> problems;
  // BT-04: an animal token is drawn only with Under the Big Top (whether
  // one goes with this tile is the rules' verdict).
  if (animal && !state.rules.Has(Expansion::kUnderTheBigTop)) {
    problems.push_back(
        {"animal_token", "an animal token is drawn only with EXPANSION_UNDER_THE_BIG_TOP"});
  }
  if (tile != nullptr && !TileSetInPlay(state.rules, tile->set)) {
    problems.push_back({"", "this tile's set is not in this game"});
  }
  if (hidden != nullptr && !state.rules.Has(Expansion::kHillsAndSheep)) {
    problems.push_back(
        {"hidden_tile_type", "a tile goes under a hill tile only with EXPANSION_HILLS_AND_SHEEP"});
  } else if (hidden != nullptr && !TileSetInPlay(state.rules, hidden->set)) {
    problems.push_back({"hidden_tile_type", "this tile's set is not in this game"});
  }
  return problems;
}

std::variant<GameState, std::vector<Problem>> NewGame(const std::vector<std::string>& names,
                                                      const RuleSet& rules) {
  std::vector<Problem> problems;
  CheckRules(rules, "rules.", problems);
  const int count = static_cast<int>(names.size());
  if (count < kMinPlayers || count > MaxPlayers(rules)) {
    problems.push_back({"player_names", Cat("a game has ", kMinPlayers, " to ", MaxPlayers(rules),
                                            " players, not ", count)});
  }
  if (!problems.empty()) return problems;

  GameState state;
  state.rules = rules;
  for (const std::string& name : names) {
    Player player;
    player.name = name;
    for (FigureKind kind : kFigureKinds) SupplyOf(player, kind) = FiguresOwned(rules, kind);
    state.players.push_back(std::move(player));
  }
  state.tiles = StartLayout(rules);
  TileBag bag;
  for (const TileSet* set : Catalogue::Get().sets()) {
    if (!TileSetInPlay(rules, set->name)) continue;
    for (const TileType& type : set->tiles) {
      const int placed = static_cast<int>(
          std::count_if(state.tiles.begin(), state.tiles.end(),
                        [&](const PlacedTile& tile) { return tile.type == &type; }));
      const int count_in_bag = CopiesInGame(rules, type) - placed;  // AB-01
      if (count_in_bag > 0) bag.tiles.push_back({&type, count_in_bag});
    }
  }
  state.bag = std::move(bag);
  state.phase = Phase::kPlaceTile;
  for (const ExpansionModule* module : ModulesFor(rules)) module->SetUpGame(state);
  return state;
}

Verdict ValidateAction(const GameState& state, const Action& action) {
  return Game(state).Validate(action);
}

Outcome ApplyAction(const GameState& state, const Action& action) {
  return ApplyAction(Game(state), action);
}

Outcome ApplyAction(Game game, const Action& action) {
  Outcome outcome;
  outcome.verdict = game.Validate(action);
  if (!outcome.verdict.legal()) return outcome;
  outcome.events = game.Apply(action);
  if (game.FinalScoringBegin()) outcome.final_scoring_begin = *game.FinalScoringBegin();
  outcome.next = game.state();
  return outcome;
}

TurnOutcome PlayTurn(const GameState& state, std::span<const Action> actions) {
  return PlayTurn(Game(state), actions);
}

TurnOutcome PlayTurn(Game game, std::span<const Action> actions) {
  TurnOutcome outcome;
  for (int i = 0; i < static_cast<int>(actions.size()); ++i) {
    outcome.verdict = game.Validate(actions[i]);
    if (!outcome.verdict.legal()) {
      outcome.failed_action_index = i;
      outcome.events.clear();
      return outcome;
    }
    std::vector<ScoreEvent> events = game.Apply(actions[i]);
    if (game.FinalScoringBegin()) {
      outcome.final_scoring_begin =
          static_cast<int>(outcome.events.size() + *game.FinalScoringBegin());
    }
    std::move(events.begin(), events.end(), std::back_inserter(outcome.events));
  }
  outcome.next = game.state();
  return outcome;
}

LegalActions ListLegalActions(const GameState& state, const TileType* drawn, const TileType* hidden,
                              std::optional<Animal> animal) {
  return Game(state).ListLegalActions(drawn, hidden, animal);
}

FinalScoring ScoreGame(const GameState& state) { return ScoreGame(Game(state)); }

FinalScoring ScoreGame(Game game) {
  FinalScoring scoring;
  scoring.events = game.ScoreEndOfGame();
  for (const Player& player : game.state().players) scoring.final_scores.push_back(player.score);
  scoring.decisions_first = game.EndOfGameDecisions();
  if (game.FinalScoringBegin()) scoring.final_scoring_begin = *game.FinalScoringBegin();
  return scoring;
}

std::optional<int> ResolveSegment(const PlacedTile& tile, Location location) {
  return SegmentAt(Orient(tile), location);
}

std::optional<int> ResolveSegment(const PlacedTile& tile, std::string_view segment_id) {
  const int index = tile.type->SegmentIndex(segment_id);
  if (index < 0) return std::nullopt;
  return index;
}

std::optional<int> ResolveSegment(const GameState& state, Position cell, Location location) {
  const PlacedTile* tile = TileOn(state, cell);
  if (tile == nullptr) return std::nullopt;
  return ResolveSegment(*tile, location);
}

std::optional<int> ResolveSegment(const GameState& state, Position cell,
                                  std::string_view segment_id) {
  const PlacedTile* tile = TileOn(state, cell);
  if (tile == nullptr) return std::nullopt;
  return ResolveSegment(*tile, segment_id);
}

std::optional<Location> CanonicalLocation(const GameState& state, const SegmentAddress& segment) {
  const PlacedTile* tile = TileOn(state, segment.cell);
  if (tile == nullptr) return std::nullopt;
  return CanonicalLocation(Orient(*tile), segment.segment_index);
}

}  // namespace carcassonne

// The snapshot, both ways: a GameState read field by field (before the
// engine's consistency checks) and written back. Here the base game's fields
// (the rules, the players, the tiles, the bag, the figures, the turn) and the
// order in which every part is read; each expansion's pieces are read and
// written in its own file, service/state/<expansion>.cc (snapshot_parts.h).
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>
#include <variant>

#include "absl/container/flat_hash_set.h"
#include "engine/board.h"
#include "engine/text.h"
#include "service/convert.h"
#include "service/convert_internal.h"
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

namespace {

// AMB-40: the phases whose snapshot names the features waiting for their
// scoring in GameState.scoring_order (decisions before the turn's scoring).
bool ScoringOrderPhase(int phase) {
  return phase == v1::PHASE_PLACE_CASTLE || phase == v1::PHASE_TEND_FLOCK ||
         phase == v1::PHASE_PLACE_PHANTOM;
}

// The parts read once the tiles are laid, in this order (the order of the
// problems reported): the base game's and each expansion's (snapshot_parts.h).
constexpr PieceReader kPieceReaders[] = {
    ReadWagonsAndBarns,  // Abbey & Mayor
    ReadCastles,         // Bridges, Castles & Bazaars
    ReadScoringOrder,    // AMB-40
    ReadMagicFigures,    // Mage & Witch
    ReadDragon,          // The Princess & the Dragon
    ReadTowers,          // The Tower
    ReadFairy,           // The Princess & the Dragon
    ReadBigTop,          // Under the Big Top
    ReadFlocks,          // Hills & Sheep
    ReadTurn,
    ReadFinalAbbeySeat,      // Abbey & Mayor
    ReadBazaar,              // Bridges, Castles & Bazaars
    ReadKingAndRobberBaron,  // King & Robber Baron
    ReadCount,               // The Count of Carcassonne
};

// The expansions' pieces written after the base game's (the order of the
// fields written makes no difference to the message).
constexpr PieceWriter kPieceWriters[] = {
    WriteAbbeyMayor,   WriteBridgesCastlesBazaars,
    WriteMagicFigures, WritePrincessDragon,
    WriteTowers,       WriteBigTop,
    WriteFlocks,       WriteKingAndRobberBaron,
    WriteCount,
};

// The snapshot read field by field. Once the rules, the players, the tiles
// and the bag are read, the engine's first check lays the tiles on `board`
// (CheckTilesOnto); the segments of the figures and of the expansions' pieces
// are then looked up on it. Its problems are reported only when every field
// could be read (and the rest of the check is the caller's: LoadGame,
// CheckRestOfSnapshot, on `board`).
std::optional<GameState> ReadGameState(const v1::GameState& proto, std::string_view path,
                                       FieldProblems& problems, Board& board) {
  const size_t before = problems.size();
  GameState state;

  if (proto.has_rules()) {
    std::optional<RuleSet> rules =
        RuleSetFromProto(proto.rules(), FieldPath(path, "rules"), problems);
    if (rules) state.rules = std::move(*rules);
  }

  // Every seat (kSeatFields) is judged against the players given (CheckSeat);
  // with none, no seat can name one: the players are missing.
  const int players = proto.players_size();
  if (players == 0) {
    Add(problems, FieldPath(path, "players"), "a game has players: none is given",
        ErrorReason::kFieldRequired);
  }
  auto seat = [&](int32_t value, const auto& field_path) {
    if (players > 0) CheckSeat(value, players, field_path, problems);
  };

  // Players: the engine checks how many a game has; past the most any rule set
  // allows, nothing is read (keeps the work and the error list bounded).
  if (proto.players_size() > kMaxPlayers) {
    Add(problems, FieldPath(path, "players"),
        Cat("a game has at most ", kMaxPlayers, " players, not ", proto.players_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (const v1::Player& player_proto : proto.players()) {
      Player& player = state.players.emplace_back();
      player.name = player_proto.name();
      player.score = player_proto.score();
      player.followers = player_proto.followers();
      player.big_followers = player_proto.big_followers();
      player.builders = player_proto.builders();
      player.pigs = player_proto.pigs();
      player.mayors = player_proto.mayors();
      player.wagons = player_proto.wagons();
      player.castles = player_proto.castles();
      player.barns = player_proto.barns();
      player.abbeys = player_proto.abbeys();
      player.ringmasters = player_proto.ringmasters();
      player.tower_floors = player_proto.tower_floors();
      player.shepherds = player_proto.shepherds();  // HS-01
      player.abbots = player_proto.abbots();
      player.bridges = player_proto.bridges();
      player.phantoms = player_proto.phantoms();  // PH-01
      player.goods.wine = player_proto.goods().wine();
      player.goods.grain = player_proto.goods().grain();
      player.goods.cloth = player_proto.goods().cloth();
    }
  }

  // Tiles. Over the limit, nothing more is read (keeps the work bounded).
  auto tiles_path = [&] { return FieldPath(path, "tiles"); };
  if (proto.tiles_size() > kMaxPlacedTiles) {
    Add(problems, tiles_path(),
        Cat("at most ", kMaxPlacedTiles, " placed tiles, not ", proto.tiles_size()),
        ErrorReason::kTooManyItems);
  } else {
    state.tiles.reserve(proto.tiles_size() + 1);
    for (int i = 0; i < proto.tiles_size(); ++i) {
      std::optional<PlacedTile> tile = ReadTilePlacement(
          proto.tiles(i), [&] { return IndexPath(tiles_path(), i); }, problems);
      // BC-03, BC-06: a tile with a bridge is its bridged type.
      if (tile && proto.tiles(i).bridge() != v1::BRIDGE_AXIS_UNSPECIFIED &&
          !ReadTileBridge(proto.tiles(i), FieldPath(IndexPath(tiles_path(), i), "bridge"), problems,
                          *tile)) {
        continue;
      }
      if (tile) state.tiles.push_back(*tile);
    }
  }

  // Bag: present = tracked. Each type once, counts positive; kept in catalogue
  // order.
  std::vector<int> bag_order;
  if (proto.has_bag() && proto.bag().tiles_size() > CatalogueTypeCount()) {
    Add(problems, FieldPath(path, "bag.tiles"),
        Cat("the bag lists each tile type at most once: at most ", CatalogueTypeCount(),
            " entries, not ", proto.bag().tiles_size()),
        ErrorReason::kTooManyItems);
  } else if (proto.has_bag()) {
    TileBag bag;
    absl::flat_hash_set<const TileType*> seen;
    const std::string bag_path = FieldPath(path, "bag.tiles");
    for (int i = 0; i < proto.bag().tiles_size(); ++i) {
      const v1::TileCount& entry = proto.bag().tiles(i);
      // Field paths are built only to report a problem.
      auto entry_path = [&] { return IndexPath(bag_path, i); };
      const TileType* type = Catalogue::Get().Find(entry.tile_type());
      if (type == nullptr) {
        TileTypeFromProto(entry.tile_type(), FieldPath(entry_path(), "tile_type"), problems);
      }
      if (type != nullptr && !seen.insert(type).second) {
        Add(problems, FieldPath(entry_path(), "tile_type"),
            Cat("the tile type ", type->id, " is listed more than once in the bag"));
        continue;
      }
      if (entry.count() <= 0) {
        Add(problems, FieldPath(entry_path(), "count"),
            Cat("a bag count must be positive, not ", entry.count()));
        continue;
      }
      if (type != nullptr) bag.tiles.push_back({type, entry.count()});
    }
    // (When every entry was read, the engine's bag.tiles[k] is the request's
    // bag.tiles[bag_order[k]].)
    bag_order.resize(bag.tiles.size());
    for (int i = 0; i < static_cast<int>(bag_order.size()); ++i) bag_order[i] = i;
    std::stable_sort(bag_order.begin(), bag_order.end(), [&](int a, int b) {
      return CatalogueRank(bag.tiles[a].type) < CatalogueRank(bag.tiles[b].type);
    });
    TileBag sorted;
    sorted.tiles.reserve(bag.tiles.size());
    for (int i : bag_order) sorted.tiles.push_back(bag.tiles[i]);
    state.bag = std::move(sorted);
  }

  // The rules, the players, the tiles and the bag read: the engine lays the
  // tiles (its first check). The segments below are looked up on that board
  // only when it was laid without a problem.
  std::vector<Problem> laying_problems;
  TileLookup tiles;
  if (problems.size() == before) {
    laying_problems = CheckTilesOnto(state, board);
    if (laying_problems.empty()) tiles.board = &board;
  }

  // Figures: segments are looked up on the board laid above.
  auto figures_path = [&] { return FieldPath(path, "figures"); };
  if (proto.figures_size() > kMaxFigures) {
    Add(problems, figures_path(),
        Cat("at most ", kMaxFigures, " figures, not ", proto.figures_size()),
        ErrorReason::kTooManyItems);
  } else {
    state.figures.reserve(proto.figures_size());
    for (int i = 0; i < proto.figures_size(); ++i) {
      const v1::Figure& figure = proto.figures(i);
      // Field paths are built only to report a problem.
      auto figure_path = [&] { return IndexPath(figures_path(), i); };
      auto segment_path = [&] { return FieldPath(figure_path(), "segment"); };
      seat(figure.owner(), [&] { return FieldPath(figure_path(), "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(figure.kind());
      if (!kind) BadEnum(problems, FieldPath(figure_path(), "kind"), "figure kind", figure.kind());
      std::optional<SegmentAddress> segment;
      if (!figure.has_segment()) {
        Add(problems, segment_path(), "the segment the figure stands on is required",
            ErrorReason::kFieldRequired);
      } else {
        segment = ReadSegment(figure.segment(), tiles, segment_path, problems);
      }
      if (kind && segment) state.figures.push_back({*kind, figure.owner(), *segment});
    }
  }

  const SnapshotReader reader{proto, path, problems, tiles};
  for (PieceReader read : kPieceReaders) read(reader, state);

  if (problems.size() != before) return std::nullopt;
  if (!laying_problems.empty()) {
    // A bag entry named as the request has it.
    constexpr std::string_view kEntry = "bag.tiles[";
    for (Problem& problem : laying_problems) {
      if (!problem.field.starts_with(kEntry)) continue;
      const char* digits = problem.field.data() + kEntry.size();
      int engine_index = -1;
      const auto [end, error] =
          std::from_chars(digits, problem.field.data() + problem.field.size(), engine_index);
      if (error == std::errc() && engine_index >= 0 &&
          engine_index < static_cast<int>(bag_order.size())) {
        problem.field = Cat(kEntry, bag_order[engine_index],
                            std::string_view(end, problem.field.data() + problem.field.size()));
      }
    }
    PrefixProblems(laying_problems, path, ErrorReason::kSnapshotInconsistent, problems);
    return std::nullopt;
  }
  return state;
}

}  // namespace

void ReadScoringOrder(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  const TileLookup tiles = reader.tiles;
  // AMB-40: in PHASE_PLACE_CASTLE, the order of the features still to score.
  auto order_path = [&] { return FieldPath(path, "scoring_order"); };
  if (proto.scoring_order_size() > 0) {
    // Read below only in its phases; its coordinates are checked in any.
    if (proto.scoring_order_size() <= static_cast<int>(kMaxScoringOrder) &&
        (!ScoringOrderPhase(proto.phase()) || proto.count().pending_features_size() > 0)) {
      for (int i = 0; i < proto.scoring_order_size(); ++i) {
        CheckCoordinates(
            proto.scoring_order(i), [&] { return IndexPath(order_path(), i); }, problems);
      }
    }
    if (!ScoringOrderPhase(proto.phase())) {
      Add(problems, order_path(),
          "only in PHASE_PLACE_CASTLE, PHASE_TEND_FLOCK and PHASE_PLACE_PHANTOM (AMB-40)");
    } else if (proto.count().pending_features_size() > 0) {
      Add(problems, order_path(),
          "the features waiting for their scoring are given once: here or in "
          "count.pending_features");
    } else if (proto.scoring_order_size() > static_cast<int>(kMaxScoringOrder)) {
      Add(problems, order_path(), Cat("at most ", kMaxScoringOrder, " features"),
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < proto.scoring_order_size(); ++i) {
        std::optional<SegmentAddress> segment = ReadSegment(
            proto.scoring_order(i), tiles, [&] { return IndexPath(order_path(), i); }, problems);
        if (segment) state.pending_scorings.push_back(*segment);
      }
    }
  }
}

// The turn: its phase, its players and the base game's flags.
void ReadTurn(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  std::optional<Phase> phase = PhaseFromProto(proto.phase());
  if (phase) {
    state.phase = *phase;
  } else {
    BadEnum(problems, FieldPath(path, "phase"), "phase", proto.phase());
  }
  state.active_player = proto.active_player();
  reader.Seat(state.active_player, [&] { return FieldPath(path, "active_player"); });
  state.deciding_player = proto.deciding_player();
  reader.Seat(state.deciding_player, [&] { return FieldPath(path, "deciding_player"); });
  state.extra_tile_earned = proto.extra_tile_earned();
  state.second_part = proto.second_part();
}

std::optional<GameState> GameStateFromProto(const v1::GameState& proto, std::string_view path,
                                            FieldProblems& problems) {
  Board board;
  std::optional<GameState> state = ReadGameState(proto, path, problems, board);
  if (!state) return std::nullopt;
  const size_t before = problems.size();
  PrefixProblems(CheckRestOfSnapshot(*state, board), path, ErrorReason::kSnapshotInconsistent,
                 problems);
  if (problems.size() != before) return std::nullopt;
  return state;
}

std::optional<Game> GameFromProto(const v1::GameState& proto, std::string_view path,
                                  FieldProblems& problems) {
  Board board;
  std::optional<GameState> state = ReadGameState(proto, path, problems, board);
  if (!state) return std::nullopt;
  std::variant<Game, std::vector<Problem>> loaded = LoadGame(std::move(*state), std::move(board));
  if (auto* found = std::get_if<std::vector<Problem>>(&loaded)) {
    PrefixProblems(*found, path, ErrorReason::kSnapshotInconsistent, problems);
    return std::nullopt;
  }
  return std::move(std::get<Game>(loaded));
}

void GameStateToProto(const GameState& state, v1::GameState* proto) {
  proto->Clear();
  RuleSetToProto(state.rules, proto->mutable_rules());
  for (const Player& player : state.players) {
    v1::Player* player_proto = proto->add_players();
    player_proto->set_name(player.name);
    player_proto->set_score(player.score);
    player_proto->set_followers(player.followers);
    player_proto->set_big_followers(player.big_followers);
    player_proto->set_builders(player.builders);
    player_proto->set_pigs(player.pigs);
    player_proto->set_mayors(player.mayors);
    player_proto->set_wagons(player.wagons);
    player_proto->set_castles(player.castles);
    player_proto->set_barns(player.barns);
    player_proto->set_abbeys(player.abbeys);
    player_proto->set_ringmasters(player.ringmasters);
    player_proto->set_tower_floors(player.tower_floors);
    player_proto->set_shepherds(player.shepherds);
    player_proto->set_abbots(player.abbots);
    player_proto->set_bridges(player.bridges);
    player_proto->set_phantoms(player.phantoms);
    if (!(player.goods == TradeGoods{}))
      TradeGoodsToProto(player.goods, player_proto->mutable_goods());
  }
  for (const PlacedTile& tile : state.tiles) {
    v1::PlacedTile* tile_proto = proto->add_tiles();
    tile_proto->set_tile_type(ToString(tile.type->id));
    tile_proto->set_x(tile.cell.x);
    tile_proto->set_y(tile.cell.y);
    tile_proto->set_rotation(tile.rotation.degrees());
    WriteTileBridge(tile, tile_proto);
  }
  for (const Figure& figure : state.figures) FigureToProto(figure, state, proto->add_figures());
  // AMB-40: the order of the features that wait for the castle decisions
  // (or the flock's, HS-25, or the phantom's, PH-07).
  if (state.phase == Phase::kPlaceCastle || state.phase == Phase::kTendFlock ||
      state.phase == Phase::kPlacePhantom) {
    for (const SegmentAddress& segment : state.pending_scorings) {
      SegmentRefToProto(segment, state, proto->add_scoring_order());
    }
  }
  if (state.bag) {
    v1::TileBag* bag = proto->mutable_bag();
    for (const TileCount& entry : state.bag->tiles) {
      if (entry.count <= 0) continue;
      v1::TileCount* entry_proto = bag->add_tiles();
      entry_proto->set_tile_type(ToString(entry.type->id));
      entry_proto->set_count(entry.count);
    }
  }
  proto->set_phase(PhaseToProto(state.phase));
  proto->set_active_player(state.active_player);
  proto->set_deciding_player(state.deciding_player);
  proto->set_extra_tile_earned(state.extra_tile_earned);
  proto->set_second_part(state.second_part);
  for (PieceWriter write : kPieceWriters) write(state, proto);
}

}  // namespace carcassonne::service

// The snapshot, both ways: a GameState read field by field (before the
// engine's consistency checks) and written back.
// (Over 600 lines: reading and writing mirror each other field by field, so a
// new snapshot field is added to both in one place; a split per expansion is a
// debt, like the snapshot itself, which holds every expansion's pieces.)
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <tuple>
#include <utility>
#include <variant>

#include "absl/container/flat_hash_set.h"
#include "engine/board.h"
#include "engine/expansions/bridges.h"
#include "engine/rule_options.h"
#include "engine/text.h"
#include "service/convert.h"
#include "service/convert_internal.h"

namespace carcassonne::service {

namespace {

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
  // A cell's coordinates (CheckCoordinates), `cell_path()` naming the Cell.
  auto cell = [&](const v1::Cell& proto_cell, const auto& cell_path) {
    return CheckCoordinates(proto_cell, cell_path, problems);
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
      if (tile && proto.tiles(i).bridge() != v1::BRIDGE_AXIS_UNSPECIFIED) {
        const std::string bridge_path = FieldPath(IndexPath(tiles_path(), i), "bridge");
        const std::optional<BridgeAxis> axis =
            BridgeAxisFromProto(proto.tiles(i).bridge(), bridge_path, problems);
        if (!axis) continue;
        tile->type = TypeWithBridge(*tile->type, tile->rotation, *axis);
        if (tile->type == nullptr) {
          Add(problems, bridge_path,
              "a bridge ends on two field sides of its tile (BC-04): this tile, so turned, has "
              "none along that axis");
          continue;
        }
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
  // Abbey & Mayor: the wagons waiting to move (AM-12), read like figures.
  auto wagons_path = [&] { return FieldPath(path, "wagons_to_move"); };
  if (proto.wagons_to_move_size() > kMaxPlayers) {
    Add(problems, wagons_path(),
        Cat("at most one wagon per player, ", kMaxPlayers, " in all, not ",
            proto.wagons_to_move_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.wagons_to_move_size(); ++i) {
      const v1::Figure& wagon = proto.wagons_to_move(i);
      const std::string wagon_path = IndexPath(wagons_path(), i);
      seat(wagon.owner(), [&] { return FieldPath(wagon_path, "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(wagon.kind());
      if (!kind) BadEnum(problems, FieldPath(wagon_path, "kind"), "figure kind", wagon.kind());
      std::optional<SegmentAddress> segment;
      if (!wagon.has_segment()) {
        Add(problems, FieldPath(wagon_path, "segment"),
            "the segment the wagon stood on is required", ErrorReason::kFieldRequired);
      } else {
        segment = ReadSegment(
            wagon.segment(), tiles, [&] { return FieldPath(wagon_path, "segment"); }, problems);
      }
      if (kind && segment) state.wagons_to_move.push_back({*kind, wagon.owner(), *segment});
    }
  }
  // Abbey & Mayor: the barns (AM-15).
  auto barns_path = [&] { return FieldPath(path, "barns"); };
  if (proto.barns_size() > kMaxPlayers) {
    Add(problems, barns_path(),
        Cat("at most one barn per player, ", kMaxPlayers, " in all, not ", proto.barns_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.barns_size(); ++i) {
      const v1::Barn& barn = proto.barns(i);
      auto barn_path = [&] { return IndexPath(barns_path(), i); };
      seat(barn.owner(), [&] { return FieldPath(barn_path(), "owner"); });
      const bool within = CheckCoordinates(barn, barn_path, problems);
      const std::optional<Corner> corner = CornerFromProto(barn.corner());
      if (!corner) {
        BadEnum(problems, FieldPath(barn_path(), "corner"), "corner", barn.corner());
        continue;
      }
      if (!within) continue;
      state.barns.push_back({barn.owner(), {barn.x(), barn.y()}, *corner});
    }
  }
  // Bridges, Castles & Bazaars: the castles and the pending castle offers.
  auto castles_path = [&] { return FieldPath(path, "castles"); };
  if (proto.castles_size() > kMaxPlayers * 3) {
    Add(problems, castles_path(),
        Cat("at most 3 castles per player, ", kMaxPlayers * 3, " in all, not ",
            proto.castles_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.castles_size(); ++i) {
      const v1::Castle& castle_proto = proto.castles(i);
      const std::string castle_path = IndexPath(castles_path(), i);
      Castle castle;
      castle.owner = castle_proto.owner();
      seat(castle.owner, [&] { return FieldPath(castle_path, "owner"); });
      castle.built_this_turn = castle_proto.built_this_turn();
      castle.scored = castle_proto.scored();
      castle.pending_points = castle_proto.pending_points();
      if (castle_proto.segments_size() != 2) {
        for (int j = 0; j < castle_proto.segments_size() && j < 2; ++j) {
          CheckCoordinates(
              castle_proto.segments(j),
              [&] { return IndexPath(FieldPath(castle_path, "segments"), j); }, problems);
        }
        Add(problems, FieldPath(castle_path, "segments"),
            Cat("a castle has two city segments (BC-10), not ", castle_proto.segments_size()));
        continue;
      }
      for (int j = 0; j < 2; ++j) {
        std::optional<SegmentAddress> segment = ReadSegment(
            castle_proto.segments(j), tiles,
            [&] { return IndexPath(FieldPath(castle_path, "segments"), j); }, problems);
        if (segment) castle.segments.push_back(*segment);
      }
      if (castle.segments.size() == 2) state.castles.push_back(std::move(castle));
    }
  }
  auto offers_path = [&] { return FieldPath(path, "castle_offers"); };
  if (proto.castle_offers_size() > kMaxCastleOffers) {
    Add(problems, offers_path(),
        Cat("a tile completes at most ", kMaxCastleOffers, " cities, one per side (BC-10), not ",
            proto.castle_offers_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.castle_offers_size(); ++i) {
      std::optional<SegmentAddress> segment = ReadSegment(
          proto.castle_offers(i), tiles, [&] { return IndexPath(offers_path(), i); }, problems);
      if (segment) state.castle_offers.push_back(*segment);
    }
  }
  // AMB-40: in PHASE_PLACE_CASTLE, the order of the features still to score.
  auto order_path = [&] { return FieldPath(path, "scoring_order"); };
  if (proto.scoring_order_size() > 0) {
    // Read below only in its phases; its coordinates are checked in any.
    if (proto.scoring_order_size() <= static_cast<int>(kMaxScoringOrder) &&
        ((proto.phase() != v1::PHASE_PLACE_CASTLE && proto.phase() != v1::PHASE_TEND_FLOCK) ||
         proto.count().pending_features_size() > 0)) {
      for (int i = 0; i < proto.scoring_order_size(); ++i) {
        CheckCoordinates(
            proto.scoring_order(i), [&] { return IndexPath(order_path(), i); }, problems);
      }
    }
    if (proto.phase() != v1::PHASE_PLACE_CASTLE && proto.phase() != v1::PHASE_TEND_FLOCK) {
      Add(problems, order_path(), "only in PHASE_PLACE_CASTLE and PHASE_TEND_FLOCK (AMB-40)");
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

  // Mage & Witch: the magic figures, resolved on the tiles like the figures.
  if (proto.has_magic_figures()) {
    const std::string magic_path = FieldPath(path, "magic_figures");
    const v1::MagicFigures& magic = proto.magic_figures();
    if (magic.has_mage()) {
      state.mage = SegmentFromProto(magic.mage(), tiles, FieldPath(magic_path, "mage"), problems);
    }
    if (magic.has_witch()) {
      state.witch =
          SegmentFromProto(magic.witch(), tiles, FieldPath(magic_path, "witch"), problems);
    }
  }
  std::optional<MagicStep> magic_step = MagicStepFromProto(proto.magic_step());
  if (magic_step) {
    state.magic_step = *magic_step;
  } else {
    Add(problems, FieldPath(path, "magic_step"),
        Cat("unknown magic_step value ", static_cast<int>(proto.magic_step())));
  }

  // The Princess & the Dragon: the dragon and its flight (PD-04, PD-10); the
  // engine's check finds their tiles.
  if (proto.has_dragon() && cell(proto.dragon(), [&] { return FieldPath(path, "dragon"); })) {
    state.dragon = Position{proto.dragon().x(), proto.dragon().y()};
  }
  // A flight has at most 6 steps after its start (PD-10).
  constexpr int kMaxFlightCells = 7;
  if (proto.dragon_flight_size() > kMaxFlightCells) {
    Add(problems, FieldPath(path, "dragon_flight"),
        Cat("a flight has its start and at most 6 steps (PD-10): at most ", kMaxFlightCells,
            " cells, not ", proto.dragon_flight_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.dragon_flight_size(); ++i) {
      const v1::Cell& step = proto.dragon_flight(i);
      if (cell(step, [&] { return IndexPath(FieldPath(path, "dragon_flight"), i); })) {
        state.dragon_flight.push_back({step.x(), step.y()});
      }
    }
  }

  // The Tower: towers, prisoners, the capture pending and the turn's ransom
  // (TW-03..TW-12); the engine's check judges them.
  if (proto.towers_size() > kMaxPlacedTiles) {
    Add(problems, FieldPath(path, "towers"),
        Cat("at most one tower a tile: at most ", kMaxPlacedTiles, " towers, not ",
            proto.towers_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.towers_size(); ++i) {
      const v1::Tower& tower_proto = proto.towers(i);
      Tower tower;
      auto tower_path = [&] { return IndexPath(FieldPath(path, "towers"), i); };
      cell(tower_proto.cell(), [&] { return FieldPath(tower_path(), "cell"); });
      if (tower_proto.has_top_owner()) {
        seat(tower_proto.top_owner(), [&] { return FieldPath(tower_path(), "top_owner"); });
      }
      tower.cell = {tower_proto.cell().x(), tower_proto.cell().y()};
      tower.height = tower_proto.height();
      tower.closed = tower_proto.closed();
      if (tower_proto.has_top_owner()) {
        tower.top_owner = tower_proto.top_owner();
        std::optional<FigureKind> kind = FigureKindFromProto(tower_proto.top_kind());
        if (!kind) {
          BadEnum(problems, FieldPath(path, Cat("towers[", i, "].top_kind")), "figure kind",
                  tower_proto.top_kind());
        } else {
          tower.top_kind = *kind;
        }
      }
      state.towers.push_back(tower);
    }
  }
  if (proto.prisoners_size() > kMaxFigures) {
    Add(problems, FieldPath(path, "prisoners"),
        Cat("at most ", kMaxFigures, " prisoners, not ", proto.prisoners_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.prisoners_size(); ++i) {
      const v1::Prisoner& prisoner = proto.prisoners(i);
      auto prisoner_path = [&] { return IndexPath(FieldPath(path, "prisoners"), i); };
      seat(prisoner.jailer(), [&] { return FieldPath(prisoner_path(), "jailer"); });
      seat(prisoner.owner(), [&] { return FieldPath(prisoner_path(), "owner"); });
      std::optional<FigureKind> kind = FigureKindFromProto(prisoner.kind());
      if (!kind) {
        BadEnum(problems, FieldPath(path, Cat("prisoners[", i, "].kind")), "figure kind",
                prisoner.kind());
        continue;
      }
      state.prisoners.push_back({prisoner.jailer(), prisoner.owner(), *kind});
    }
  }
  if (proto.has_tower_capture() &&
      cell(proto.tower_capture(), [&] { return FieldPath(path, "tower_capture"); })) {
    state.tower_capture = Position{proto.tower_capture().x(), proto.tower_capture().y()};
  }
  state.ransom_paid = proto.ransom_paid();

  // The fairy and its follower (PD-15, PD-19); the engine's check finds
  // them on the board.
  if (proto.has_fairy() && cell(proto.fairy(), [&] { return FieldPath(path, "fairy"); })) {
    state.fairy = Position{proto.fairy().x(), proto.fairy().y()};
  }
  if (proto.has_fairy_follower()) {
    const v1::Figure& follower = proto.fairy_follower();
    auto follower_path = [&] { return FieldPath(path, "fairy_follower"); };
    auto segment_path = [&] { return FieldPath(follower_path(), "segment"); };
    seat(follower.owner(), [&] { return FieldPath(follower_path(), "owner"); });
    std::optional<FigureKind> kind = FigureKindFromProto(follower.kind());
    if (!kind) {
      BadEnum(problems, FieldPath(follower_path(), "kind"), "figure kind", follower.kind());
    }
    std::optional<SegmentAddress> segment;
    if (!follower.has_segment()) {
      Add(problems, segment_path(), "the segment the follower stands on is required",
          ErrorReason::kFieldRequired);
    } else {
      segment = ReadSegment(follower.segment(), tiles, segment_path, problems);
    }
    if (kind && segment) state.fairy_follower = Figure{*kind, follower.owner(), *segment};
  }

  // Under the Big Top: the big top and the tokens (BT-01, BT-04, BT-05); the
  // engine's check bounds the counts and finds the big top's tile.
  if (proto.has_big_top()) {
    const v1::BigTop& big_top = proto.big_top();
    const v1::AnimalTokens& supply = big_top.supply();
    state.big_top.supply = {supply.flea(), supply.monkey(), supply.seal(),
                            supply.bear(), supply.tiger(),  supply.elephant()};
    if (big_top.has_cell() &&
        cell(big_top.cell(), [&] { return FieldPath(path, "big_top.cell"); })) {
      state.big_top.cell = Position{big_top.cell().x(), big_top.cell().y()};
    }
    state.big_top.token =
        AnimalFromProto(big_top.token(), FieldPath(path, "big_top.token"), problems);
    state.big_top.drawn =
        AnimalFromProto(big_top.drawn(), FieldPath(path, "big_top.drawn"), problems);
  }
  // Hills & Sheep: the flocks (one per shepherd, HS-01: at most one per
  // player; at most the 16 sheep tokens of the set each) and the bag; the
  // engine's check judges them against the set (HS-01, HS-24).
  auto flocks_path = [&] { return FieldPath(path, "flocks"); };
  constexpr int kMaxFlockTokens = 16;
  if (proto.flocks_size() > kMaxPlayers) {
    Add(problems, flocks_path(),
        Cat("at most one flock per player, ", kMaxPlayers, " in all, not ", proto.flocks_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.flocks_size(); ++i) {
      const v1::Flock& flock_proto = proto.flocks(i);
      Flock& flock = state.flocks.emplace_back();
      flock.owner = flock_proto.owner();
      seat(flock.owner, [&] { return FieldPath(IndexPath(flocks_path(), i), "owner"); });
      const std::string tokens_path = FieldPath(IndexPath(flocks_path(), i), "tokens");
      if (flock_proto.tokens_size() > kMaxFlockTokens) {
        Add(problems, tokens_path,
            Cat("the set has ", kMaxFlockTokens, " sheep tokens (HS-01), not ",
                flock_proto.tokens_size()));
        continue;
      }
      for (int j = 0; j < flock_proto.tokens_size(); ++j) {
        const std::optional<SheepToken> token = SheepTokenFromProto(flock_proto.tokens(j));
        if (!token) {
          BadEnum(problems, IndexPath(tokens_path, j), "sheep token", flock_proto.tokens(j));
        } else {
          flock.tokens.push_back(*token);
        }
      }
    }
  }
  if (proto.has_sheep_bag()) {
    const v1::SheepBag& bag = proto.sheep_bag();
    state.sheep_bag = SheepBag{
        {bag.one_sheep(), bag.two_sheep(), bag.three_sheep(), bag.four_sheep(), bag.wolves()}};
  }

  std::optional<Phase> phase = PhaseFromProto(proto.phase());
  if (phase) {
    state.phase = *phase;
  } else {
    BadEnum(problems, FieldPath(path, "phase"), "phase", proto.phase());
  }
  state.active_player = proto.active_player();
  seat(state.active_player, [&] { return FieldPath(path, "active_player"); });
  state.deciding_player = proto.deciding_player();
  seat(state.deciding_player, [&] { return FieldPath(path, "deciding_player"); });
  state.extra_tile_earned = proto.extra_tile_earned();
  state.second_part = proto.second_part();
  state.bridge_placed_this_turn = proto.bridge_placed_this_turn();
  // Abbey & Mayor (AM-07): the engine's check judges the seat.
  if (proto.has_final_abbey_last_seat()) {
    state.final_abbey_last_seat = proto.final_abbey_last_seat();
    seat(proto.final_abbey_last_seat(), [&] { return FieldPath(path, "final_abbey_last_seat"); });
  }
  // Bridges, Castles & Bazaars: the bazaar (BC-18..BC-21); the engine's check
  // judges owners, the lot on offer and the phase.
  state.bazaar_due = proto.bazaar_due();
  auto lots_path = [&] { return FieldPath(path, "bazaar_lots"); };
  if (proto.bazaar_lots_size() > kMaxPlayers) {
    Add(problems, lots_path(),
        Cat("at most one tile per player, ", kMaxPlayers, " in all, not ",
            proto.bazaar_lots_size()),
        ErrorReason::kTooManyItems);
  } else {
    for (int i = 0; i < proto.bazaar_lots_size(); ++i) {
      const v1::BazaarLot& lot = proto.bazaar_lots(i);
      if (lot.has_owner()) {
        seat(lot.owner(), [&] { return FieldPath(IndexPath(lots_path(), i), "owner"); });
      }
      const TileType* type = TileTypeFromProto(
          lot.tile_type(), FieldPath(IndexPath(lots_path(), i), "tile_type"), problems);
      if (type == nullptr) continue;
      state.bazaar_lots.push_back(
          {type, lot.has_owner() ? std::optional<int>(lot.owner()) : std::nullopt});
    }
  }
  if (proto.has_bazaar_auction()) {
    const v1::BazaarAuction& auction = proto.bazaar_auction();
    seat(auction.picker(), [&] { return FieldPath(path, "bazaar_auction.picker"); });
    seat(auction.high_bidder(), [&] { return FieldPath(path, "bazaar_auction.high_bidder"); });
    state.bazaar_auction =
        BazaarAuction{auction.lot(), auction.picker(), auction.bid(), auction.high_bidder()};
  }
  // King & Robber Baron: holders and records are checked by the engine
  // (CheckSnapshot).
  if (proto.has_king_and_robber_baron()) {
    const v1::KingAndRobberBaron& tokens = proto.king_and_robber_baron();
    const std::string tokens_path = FieldPath(path, "king_and_robber_baron");
    const std::tuple<bool, int32_t, std::string_view> holders[] = {
        {tokens.has_king_holder(), tokens.king_holder(), "king_holder"},
        {tokens.has_robber_holder(), tokens.robber_holder(), "robber_holder"},
        {tokens.has_king_holder_before_turn(), tokens.king_holder_before_turn(),
         "king_holder_before_turn"},
        {tokens.has_robber_holder_before_turn(), tokens.robber_holder_before_turn(),
         "robber_holder_before_turn"}};
    for (const auto& [present, holder, name] : holders) {
      // (A copy: clang 14 cannot capture a structured binding.)
      const std::string_view field = name;
      if (present) seat(holder, [&] { return FieldPath(tokens_path, field); });
    }
    if (tokens.has_king_holder()) state.king.holder = tokens.king_holder();
    state.king.record = tokens.king_record();
    if (tokens.has_robber_holder()) state.robber_baron.holder = tokens.robber_holder();
    state.robber_baron.record = tokens.robber_record();
    state.king.moved_this_turn = tokens.king_moved_this_turn();
    if (tokens.has_king_holder_before_turn()) {
      state.king.holder_before_turn = tokens.king_holder_before_turn();
    }
    state.robber_baron.moved_this_turn = tokens.robber_moved_this_turn();
    if (tokens.has_robber_holder_before_turn()) {
      state.robber_baron.holder_before_turn = tokens.robber_holder_before_turn();
    }
  }
  // The Count of Carcassonne: the engine checks the consistency
  // (CheckSnapshot); here only what cannot be read.
  if (proto.has_count()) {
    const v1::CountOfCarcassonne& count = proto.count();
    const std::string count_path = FieldPath(path, "count");
    if (count.count_quarter() != v1::QUARTER_UNSPECIFIED) {
      std::optional<Quarter> quarter = QuarterFromProto(count.count_quarter());
      if (quarter) {
        state.count.count = *quarter;
      } else {
        BadEnum(problems, FieldPath(count_path, "count_quarter"), "quarter", count.count_quarter());
      }
    }
    if (count.followers_size() > kMaxFigures) {
      Add(problems, FieldPath(count_path, "followers"),
          Cat("at most ", kMaxFigures, " followers, not ", count.followers_size()),
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < count.followers_size(); ++i) {
        const v1::QuarterFollower& follower = count.followers(i);
        const std::string follower_path = IndexPath(FieldPath(count_path, "followers"), i);
        seat(follower.owner(), [&] { return FieldPath(follower_path, "owner"); });
        std::optional<FigureKind> kind = FigureKindFromProto(follower.kind());
        std::optional<Quarter> quarter = QuarterFromProto(follower.quarter());
        if (!kind)
          BadEnum(problems, FieldPath(follower_path, "kind"), "figure kind", follower.kind());
        if (!quarter) {
          BadEnum(problems, FieldPath(follower_path, "quarter"), "quarter", follower.quarter());
        }
        if (kind && quarter) state.count.followers.push_back({*kind, follower.owner(), *quarter});
      }
    }
    if (count.pending_features_size() > kMaxPlacedTiles) {
      Add(problems, FieldPath(count_path, "pending_features"), "too many pending features",
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < count.pending_features_size(); ++i) {
        std::optional<SegmentAddress> segment =
            SegmentFromProto(count.pending_features(i), tiles,
                             IndexPath(FieldPath(count_path, "pending_features"), i), problems);
        if (segment) state.pending_scorings.push_back(*segment);
      }
    }
    state.count.active_scored = count.active_scored();
    state.count.others_scored = count.others_scored();
    state.count.others_scored_on_completion = count.others_scored_on_completion();
    if (count.final_passed_size() > kMaxPlayers) {
      Add(problems, FieldPath(count_path, "final_passed"), "more players than a game has",
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < count.final_passed_size(); ++i) {
        seat(count.final_passed(i),
             [&] { return IndexPath(FieldPath(count_path, "final_passed"), i); });
        state.count.final_passed.push_back(count.final_passed(i));
      }
    }
    // AMB-12: the mayors and wagons from Carcassonne.
    auto from_path = [&] { return FieldPath(count_path, "from_quarters"); };
    if (count.from_quarters_size() > 2 * kMaxPlayers) {
      Add(problems, from_path(), "at most one mayor and one wagon per player",
          ErrorReason::kTooManyItems);
    } else {
      for (int i = 0; i < count.from_quarters_size(); ++i) {
        const v1::Figure& figure = count.from_quarters(i);
        const std::string figure_path = IndexPath(from_path(), i);
        seat(figure.owner(), [&] { return FieldPath(figure_path, "owner"); });
        std::optional<FigureKind> kind = FigureKindFromProto(figure.kind());
        if (!kind) BadEnum(problems, FieldPath(figure_path, "kind"), "figure kind", figure.kind());
        std::optional<SegmentAddress> segment;
        if (!figure.has_segment()) {
          Add(problems, FieldPath(figure_path, "segment"), "the figure's segment is required",
              ErrorReason::kFieldRequired);
        } else {
          segment = ReadSegment(
              figure.segment(), tiles, [&] { return FieldPath(figure_path, "segment"); }, problems);
        }
        if (kind && segment) state.count.from_quarters.push_back({*kind, figure.owner(), *segment});
      }
    }
  }

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
  v1::RuleSet* rules = proto->mutable_rules();
  for (Expansion expansion : state.rules.expansions) {
    rules->add_expansions(ExpansionToProto(expansion));
  }
  rules->set_tiny_city_points(state.rules.tiny_city_points == TinyCityPoints::kTwoPoints
                                  ? v1::TINY_CITY_POINTS_TWO
                                  : v1::TINY_CITY_POINTS_FOUR);
  // Options are echoed only where they differ from their defaults.
  if (!state.rules.tb_goods) rules->set_tb_goods(false);
  if (!state.rules.tb_builder) rules->set_tb_builder(false);
  if (!state.rules.tb_pig) rules->set_tb_pig(false);
  if (state.rules.am_abbey) rules->set_am_abbey(true);
  if (state.rules.am_mayor) rules->set_am_mayor(true);
  if (state.rules.am_wagon) rules->set_am_wagon(true);
  if (state.rules.am_barn) rules->set_am_barn(true);
  if (state.rules.am_wagon_move == WagonMove::kC1Connected) {
    rules->set_am_wagon_move(v1::AM_WAGON_MOVE_C1_CONNECTED);
  }
  if (state.rules.am_barn_multi == BarnMulti::kMajority) {
    rules->set_am_barn_multi(v1::AM_BARN_MULTI_MAJORITY);
  }
  if (state.rules.mage_witch_magic_tile_choice == MagicTileChoice::kEither) {
    rules->set_mage_witch_magic_tile_choice(v1::MAGIC_TILE_CHOICE_EITHER);
  }
  if (state.rules.river_parts == RiverParts::kRiverTwo) {
    rules->set_river_parts(v1::RIVER_PARTS_RIVER_II);
  } else if (state.rules.river_parts == RiverParts::kBoth) {
    rules->set_river_parts(v1::RIVER_PARTS_BOTH);
  }
  if (!state.rules.river_u_turn_rule) rules->set_river_u_turn_rule(false);
  if (!state.rules.river_lookahead_block) rules->set_river_lookahead_block(false);
  switch (state.rules.king_robber_flat_bonus) {
    case KingRobberFlatBonus::kOff:
      break;
    case KingRobberFlatBonus::kTenEach:
      rules->set_king_robber_flat_bonus(v1::KING_ROBBER_FLAT_BONUS_10_EACH);
      break;
    case KingRobberFlatBonus::kTenEachFortyBoth:
      rules->set_king_robber_flat_bonus(v1::KING_ROBBER_FLAT_BONUS_10_EACH_40_BOTH);
      break;
    case KingRobberFlatBonus::kFifteenEachFortyBoth:
      rules->set_king_robber_flat_bonus(v1::KING_ROBBER_FLAT_BONUS_15_EACH_40_BOTH);
      break;
  }
  switch (state.rules.king_robber_live_scoring) {
    case KingRobberLiveScoring::kOff:
      break;
    case KingRobberLiveScoring::kAfterTransfer:
      rules->set_king_robber_live_scoring(v1::KING_ROBBER_LIVE_SCORING_AFTER_TRANSFER);
      break;
    case KingRobberLiveScoring::kBeforeTransfer:
      rules->set_king_robber_live_scoring(v1::KING_ROBBER_LIVE_SCORING_BEFORE_TRANSFER);
      break;
  }
  if (!state.rules.king_robber_leipzig_counts) rules->set_king_robber_leipzig_counts(false);
  if (!state.rules.king_robber_ignore_road_stubs) {
    rules->set_king_robber_ignore_road_stubs(false);
  }
  if (state.rules.count_trigger == CountTrigger::kCompletion) {
    rules->set_count_trigger(v1::COUNT_TRIGGER_COMPLETION);
  }
  if (state.rules.count_movement == CountMovement::kClockwise) {
    rules->set_count_movement(v1::COUNT_MOVEMENT_CLOCKWISE);
  } else if (state.rules.count_movement == CountMovement::kFollowDeployment) {
    rules->set_count_movement(v1::COUNT_MOVEMENT_FOLLOW_DEPLOYMENT);
  }
  if (state.rules.count_rgg_block_deploy_into_count_quarter) {
    rules->set_count_rgg_block_deploy_into_count_quarter(true);
  }
  if (state.rules.count_mayor_wagon_count_as_two) rules->set_count_mayor_wagon_count_as_two(true);
  if (!state.rules.count_market_redeploy_on_barn) rules->set_count_market_redeploy_on_barn(false);
  if (state.rules.count_market_redeploy_on_farm_join) {
    rules->set_count_market_redeploy_on_farm_join(true);
  }
  if (state.rules.count_final_redeploy == CountFinalRedeploy::kMarketOnly) {
    rules->set_count_final_redeploy(v1::COUNT_FINAL_REDEPLOY_MARKET_ONLY);
  }
  if (state.rules.count_river_layout == CountRiverLayout::kRiverFirstHouseRule) {
    rules->set_count_river_layout(v1::COUNT_RIVER_LAYOUT_RIVER_FIRST_HOUSE_RULE);
  }
  if (state.rules.bc_bridges) rules->set_bc_bridges(true);
  if (state.rules.bc_castles) rules->set_bc_castles(true);
  if (state.rules.bc_bazaars) rules->set_bc_bazaars(true);
  if (!state.rules.bc_bazaar_bidding) rules->set_bc_bazaar_bidding(false);
  if (state.rules.cult_tiles == CultTiles::kHereticsAndShrinesFive) {
    rules->set_cult_tile_set(v1::CULT_TILE_SET_HERETICS_AND_SHRINES_5);
  }
  if (state.rules.siege_pig_besieged_value == SiegePigBesiegedValue::kPlusOne) {
    rules->set_siege_pig_besieged_value(v1::SIEGE_PIG_BESIEGED_VALUE_PLUS_ONE);
  }
  if (state.rules.siege_escape_adjacency == SiegeEscapeAdjacency::kAnyCityTile) {
    rules->set_siege_escape_adjacency(v1::SIEGE_ESCAPE_ADJACENCY_ANY_CITY_TILE);
  }
  if (state.rules.ic_edition == InnsCathedralsEdition::kCurrent) {
    rules->set_ic_edition(v1::IC_EDITION_C31);
  }
  switch (state.rules.ic_c31_incomplete_inn_cathedral) {
    case IncompleteInnCathedral::kNotChosen:
      break;
    case IncompleteInnCathedral::kZero:
      rules->set_ic_c31_incomplete_inn_cathedral(v1::IC_INCOMPLETE_INN_CATHEDRAL_ZERO);
      break;
    case IncompleteInnCathedral::kOrdinary:
      rules->set_ic_c31_incomplete_inn_cathedral(v1::IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY);
      break;
  }
  if (state.rules.hs_hill_tiebreak == HillTiebreak::kMostFollowersOnHills) {
    rules->set_hs_hill_tiebreak(v1::HILL_TIEBREAK_MOST_FOLLOWERS_ON_HILLS);
  }
  if (!state.rules.count_dragon_enters_city_tiles) {
    rules->set_count_dragon_enters_city_tiles(false);
  }
  if (!state.rules.hs_grow_before_closed_scoring) {
    rules->set_hs_grow_before_closed_scoring(false);  // HS-21
  }
  if (state.rules.pd_dragon_move_time == DragonMoveTime::kAfterScoring) {
    rules->set_pd_dragon_move_time(v1::PD_DRAGON_MOVE_TIME_AFTER_SCORING);
  }
  if (state.rules.pd_fairy_placement == FairyPlacement::kOnTile) {
    rules->set_pd_fairy_placement(v1::PD_FAIRY_PLACEMENT_ON_TILE);
  }
  if (state.rules.pd_princess == PrincessRemoval::kMust) {
    rules->set_pd_princess(v1::PD_PRINCESS_MUST);
  }
  if (!state.rules.tw_tower_top_capturable) rules->set_tw_tower_top_capturable(false);
  VariantOptionsToProto(state.rules, rules);  // issue #30's variants
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
    if (!(player.goods == TradeGoods{}))
      TradeGoodsToProto(player.goods, player_proto->mutable_goods());
  }
  for (const PlacedTile& tile : state.tiles) {
    v1::PlacedTile* tile_proto = proto->add_tiles();
    tile_proto->set_tile_type(ToString(tile.type->id));
    tile_proto->set_x(tile.cell.x);
    tile_proto->set_y(tile.cell.y);
    tile_proto->set_rotation(tile.rotation.degrees());
    tile_proto->set_bridge(BridgeAxisToProto(BridgeOn(tile)));
  }
  for (const Figure& figure : state.figures) FigureToProto(figure, state, proto->add_figures());
  for (const Figure& wagon : state.wagons_to_move) {
    FigureToProto(wagon, state, proto->add_wagons_to_move());
  }
  for (const Barn& barn : state.barns) {
    v1::Barn* barn_proto = proto->add_barns();
    barn_proto->set_owner(barn.owner);
    barn_proto->set_x(barn.cell.x);
    barn_proto->set_y(barn.cell.y);
    barn_proto->set_corner(CornerToProto(barn.corner));
  }
  for (const Castle& castle : state.castles) {
    v1::Castle* castle_proto = proto->add_castles();
    for (const SegmentAddress& segment : castle.segments) {
      SegmentRefToProto(segment, state, castle_proto->add_segments());
    }
    castle_proto->set_owner(castle.owner);
    castle_proto->set_built_this_turn(castle.built_this_turn);
    castle_proto->set_scored(castle.scored);
    castle_proto->set_pending_points(castle.pending_points);
  }
  for (const SegmentAddress& offer : state.castle_offers) {
    SegmentRefToProto(offer, state, proto->add_castle_offers());
  }
  // AMB-40: the order of the features that wait for the castle decisions
  // (or the flock's, HS-25).
  if (state.phase == Phase::kPlaceCastle || state.phase == Phase::kTendFlock) {
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
  proto->set_bridge_placed_this_turn(state.bridge_placed_this_turn);
  if (state.mage || state.witch) {
    v1::MagicFigures* magic = proto->mutable_magic_figures();
    if (state.mage) SegmentRefToProto(*state.mage, state, magic->mutable_mage());
    if (state.witch) SegmentRefToProto(*state.witch, state, magic->mutable_witch());
  }
  proto->set_magic_step(MagicStepToProto(state.magic_step));
  if (state.dragon) CellToProto(*state.dragon, proto->mutable_dragon());
  for (Position cell : state.dragon_flight) CellToProto(cell, proto->add_dragon_flight());
  if (state.final_abbey_last_seat) proto->set_final_abbey_last_seat(*state.final_abbey_last_seat);
  proto->set_bazaar_due(state.bazaar_due);
  for (const BazaarLot& lot : state.bazaar_lots) {
    v1::BazaarLot* written = proto->add_bazaar_lots();
    written->set_tile_type(ToString(lot.tile->id));
    if (lot.owner) written->set_owner(*lot.owner);
  }
  if (state.bazaar_auction) {
    v1::BazaarAuction* auction = proto->mutable_bazaar_auction();
    auction->set_lot(state.bazaar_auction->lot);
    auction->set_picker(state.bazaar_auction->picker);
    auction->set_bid(state.bazaar_auction->bid);
    auction->set_high_bidder(state.bazaar_auction->high_bidder);
  }
  if (state.fairy) CellToProto(*state.fairy, proto->mutable_fairy());
  for (const Tower& tower : state.towers) {
    v1::Tower* tower_proto = proto->add_towers();
    CellToProto(tower.cell, tower_proto->mutable_cell());
    tower_proto->set_height(tower.height);
    tower_proto->set_closed(tower.closed);
    if (tower.top_owner) {
      tower_proto->set_top_owner(*tower.top_owner);
      tower_proto->set_top_kind(FigureKindToProto(tower.top_kind));
    }
  }
  for (const Prisoner& prisoner : state.prisoners) {
    v1::Prisoner* prisoner_proto = proto->add_prisoners();
    prisoner_proto->set_jailer(prisoner.jailer);
    prisoner_proto->set_owner(prisoner.owner);
    prisoner_proto->set_kind(FigureKindToProto(prisoner.kind));
  }
  if (state.tower_capture) CellToProto(*state.tower_capture, proto->mutable_tower_capture());
  proto->set_ransom_paid(state.ransom_paid);
  if (state.fairy_follower) {
    FigureToProto(*state.fairy_follower, state, proto->mutable_fairy_follower());
  }
  if (!(state.big_top == BigTopState{})) {
    v1::BigTop* big_top = proto->mutable_big_top();
    v1::AnimalTokens* supply = big_top->mutable_supply();
    supply->set_flea(state.big_top.supply[static_cast<int>(Animal::kFlea)]);
    supply->set_monkey(state.big_top.supply[static_cast<int>(Animal::kMonkey)]);
    supply->set_seal(state.big_top.supply[static_cast<int>(Animal::kSeal)]);
    supply->set_bear(state.big_top.supply[static_cast<int>(Animal::kBear)]);
    supply->set_tiger(state.big_top.supply[static_cast<int>(Animal::kTiger)]);
    supply->set_elephant(state.big_top.supply[static_cast<int>(Animal::kElephant)]);
    if (state.big_top.cell) CellToProto(*state.big_top.cell, big_top->mutable_cell());
    big_top->set_token(AnimalToProto(state.big_top.token));
    big_top->set_drawn(AnimalToProto(state.big_top.drawn));
  }
  for (const Flock& flock : state.flocks) {  // Hills & Sheep
    v1::Flock* flock_proto = proto->add_flocks();
    flock_proto->set_owner(flock.owner);
    for (SheepToken token : flock.tokens) flock_proto->add_tokens(SheepTokenToProto(token));
  }
  if (state.sheep_bag) {
    v1::SheepBag* bag = proto->mutable_sheep_bag();
    bag->set_one_sheep(state.sheep_bag->tokens[0]);
    bag->set_two_sheep(state.sheep_bag->tokens[1]);
    bag->set_three_sheep(state.sheep_bag->tokens[2]);
    bag->set_four_sheep(state.sheep_bag->tokens[3]);
    bag->set_wolves(state.sheep_bag->tokens[4]);
  }
  if (!(state.king == AwardToken{}) || !(state.robber_baron == AwardToken{})) {
    v1::KingAndRobberBaron* tokens = proto->mutable_king_and_robber_baron();
    if (state.king.holder) tokens->set_king_holder(*state.king.holder);
    tokens->set_king_record(state.king.record);
    if (state.robber_baron.holder) tokens->set_robber_holder(*state.robber_baron.holder);
    tokens->set_robber_record(state.robber_baron.record);
    tokens->set_king_moved_this_turn(state.king.moved_this_turn);
    if (state.king.holder_before_turn) {
      tokens->set_king_holder_before_turn(*state.king.holder_before_turn);
    }
    tokens->set_robber_moved_this_turn(state.robber_baron.moved_this_turn);
    if (state.robber_baron.holder_before_turn) {
      tokens->set_robber_holder_before_turn(*state.robber_baron.holder_before_turn);
    }
  }
  // In PHASE_PLACE_CASTLE the pending features are every feature the last
  // tile completed (nothing is scored yet): the engine derives them.
  // (The same in PHASE_TEND_FLOCK, HS-25: written as scoring_order.)
  const bool write_pending = !state.pending_scorings.empty() &&
                             state.phase != Phase::kPlaceCastle && state.phase != Phase::kTendFlock;
  if (state.rules.Has(Expansion::kCountOfCarcassonne) || !(state.count == CountState{}) ||
      write_pending) {
    v1::CountOfCarcassonne* count = proto->mutable_count();
    count->set_count_quarter(QuarterToProto(state.count.count));
    for (const QuarterFollower& follower : state.count.followers) {
      v1::QuarterFollower* follower_proto = count->add_followers();
      follower_proto->set_kind(FigureKindToProto(follower.kind));
      follower_proto->set_owner(follower.owner);
      follower_proto->set_quarter(QuarterToProto(follower.quarter));
    }
    if (write_pending) {
      for (const SegmentAddress& segment : state.pending_scorings) {
        SegmentRefToProto(segment, state, count->add_pending_features());
      }
    }
    count->set_active_scored(state.count.active_scored);
    count->set_others_scored(state.count.others_scored);
    count->set_others_scored_on_completion(state.count.others_scored_on_completion);
    for (int player : state.count.final_passed) count->add_final_passed(player);
    for (const Figure& figure : state.count.from_quarters) {
      FigureToProto(figure, state, count->add_from_quarters());
    }
  }
}

}  // namespace carcassonne::service

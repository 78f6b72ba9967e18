// Bridges, Castles & Bazaars in the snapshot: the bridges on the tiles
// (BC-03, BC-06), the castles and the castle offers (BC-10), the bazaar
// (BC-18..BC-21).
#include "engine/expansions/bridges.h"
#include "service/state/snapshot_parts.h"

namespace carcassonne::service {

bool ReadTileBridge(const v1::PlacedTile& proto, std::string_view bridge_path,
                    FieldProblems& problems, PlacedTile& tile) {
  const std::optional<BridgeAxis> axis =
      BridgeAxisFromProto(proto.bridge(), std::string(bridge_path), problems);
  if (!axis) return false;
  tile.type = TypeWithBridge(*tile.type, tile.rotation, *axis);
  if (tile.type == nullptr) {
    Add(problems, std::string(bridge_path),
        "a bridge ends on two field sides of its tile (BC-04): this tile, so turned, has "
        "none along that axis");
    return false;
  }
  return true;
}

void WriteTileBridge(const PlacedTile& tile, v1::PlacedTile* proto) {
  proto->set_bridge(BridgeAxisToProto(BridgeOn(tile)));
}

void ReadCastles(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
  const TileLookup tiles = reader.tiles;
  // BC-03: a bridge was placed this turn.
  state.bridge_placed_this_turn = proto.bridge_placed_this_turn();
  // The castles and the pending castle offers.
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
      reader.Seat(castle.owner, [&] { return FieldPath(castle_path, "owner"); });
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
}

void ReadBazaar(const SnapshotReader& reader, GameState& state) {
  const v1::GameState& proto = reader.proto;
  const std::string_view path = reader.path;
  FieldProblems& problems = reader.problems;
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
        reader.Seat(lot.owner(), [&] { return FieldPath(IndexPath(lots_path(), i), "owner"); });
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
    reader.Seat(auction.picker(), [&] { return FieldPath(path, "bazaar_auction.picker"); });
    reader.Seat(auction.high_bidder(),
                [&] { return FieldPath(path, "bazaar_auction.high_bidder"); });
    state.bazaar_auction =
        BazaarAuction{auction.lot(), auction.picker(), auction.bid(), auction.high_bidder()};
  }
}

void WriteBridgesCastlesBazaars(const GameState& state, v1::GameState* proto) {
  proto->set_bridge_placed_this_turn(state.bridge_placed_this_turn);
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
}

}  // namespace carcassonne::service

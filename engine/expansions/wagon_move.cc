// Abbey & Mayor: where a scored wagon may move (AM-12, AM-13). The wagon's
// decision itself (Phase::kWagonMove) is in abbey_and_mayor.cc.
//
// - C2 (am.wagon_move = c2_nearby_tiles, AM-12): onto an unfinished road,
//   city or monastery without a follower, on the tile the wagon stood on or
//   one of the 8 around.
// - C1 (am.wagon_move = c1_connected, AM-13): onto such a feature connected
//   to the feature just scored. Connected means, on one tile, a road and the
//   city or monastery it ends at, roads ending at one junction, or a
//   monastery and the city around it (the catalogue's
//   `SegmentType::connected`, from Tile(...).Connects in the set files);
//   and a road or city meeting an abbey's
//   side and the abbey's monastery (AM-03, AM-05: the abbey closes what meets
//   it). The wagon goes onto the segment at the connection: the city at the
//   road's gate, the monastery at its door, the road on the other side of the
//   junction (the one segment where the two features meet).
#include <algorithm>

#include "engine/expansions/abbey_and_mayor.h"
#include "engine/figures.h"
#include "engine/rules/scoring.h"

namespace carcassonne {
namespace {

bool WagonMayGoOn(const SegmentType& segment) {
  // A road stub is not occupiable (AMB-42).
  return FollowerKindMayStandOn(FigureKind::kWagon, segment.kind) && !segment.road_stub;
}

// The index of the monastery segment of the abbey tile (AM-05), or -1.
int AbbeyMonastery(const BoardTile& abbey) {
  const auto& segments = abbey.type().segments;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (segments[i].kind == SegmentKind::kMonastery) return i;
  }
  return -1;
}

// AM-13: the segments connected to the feature `root`, each once, in the
// order found (the feature's segments in id order).
std::vector<SegmentAddress> ConnectedSegments(const Board& board, int root) {
  std::vector<SegmentAddress> connected;
  const auto add = [&](SegmentAddress address) {
    if (std::find(connected.begin(), connected.end(), address) == connected.end()) {
      connected.push_back(address);
    }
  };
  for (const SegmentAddress& address : board.SegmentsOf(root)) {
    const int tile_index = board.TileIndexAt(address.cell);
    const BoardTile& tile = board.tile(tile_index);
    const SegmentType& segment = tile.type().segments[address.segment_index];
    // On the tile: the road's city or monastery, the other roads of its
    // junction, or the roads ending at this city or monastery.
    for (int other = 0; other < static_cast<int>(tile.type().segments.size()); ++other) {
      if ((segment.connected >> other) & 1u) add({address.cell, other});
    }
    if (tile.type().abbey) {
      // The abbey's monastery: what meets the abbey's sides (AM-03, AM-05).
      for (Side side : kAllSides) {
        const int neighbour = board.TileIndexAt(Neighbour(address.cell, side));
        if (neighbour < 0) continue;
        const BoardTile& next = board.tile(neighbour);
        const int theirs = next.segment_at_side[SideIndex(Opposite(side))];
        if (theirs >= 0) add({next.cell(), theirs});
        // HS-27: the segments sharing that side meet the abbey too.
        for (int shared : SegmentsSharingSide(next, Opposite(side))) add({next.cell(), shared});
      }
      continue;
    }
    // A road or city meeting an abbey's side: the abbey's monastery.
    for (Side side : kAllSides) {
      if (tile.segment_at_side[SideIndex(side)] != address.segment_index &&
          !std::ranges::count(SegmentsSharingSide(tile, side), address.segment_index)) {
        continue;
      }
      const int neighbour = board.TileIndexAt(Neighbour(address.cell, side));
      if (neighbour < 0 || !board.tile(neighbour).type().abbey) continue;
      const int monastery = AbbeyMonastery(board.tile(neighbour));
      if (monastery >= 0) add({board.tile(neighbour).cell(), monastery});
    }
  }
  return connected;
}

}  // namespace

bool FollowerStandsIn(const Board& board, const GameState& state, int root) {
  for (const Figure& figure : state.figures) {
    if (!IsFollower(figure.kind)) continue;
    const int segment = board.SegmentId(figure.segment);
    if (segment >= 0 && board.FeatureOf(segment) == root) return true;
  }
  return false;
}

std::vector<SegmentAddress> WagonTargets(const Board& board, const GameState& state,
                                         const SegmentAddress& from) {
  std::vector<SegmentAddress> candidates;
  if (state.rules.am_wagon_move == WagonMove::kC1Connected) {
    // AM-13: connected to the feature the wagon stood on (just scored).
    const int scored = board.SegmentId(from);
    if (scored < 0) return {};
    candidates = ConnectedSegments(board, board.FeatureOf(scored));
  } else {
    // AM-12: every segment on the wagon's tile and the 8 around.
    std::vector<Position> cells = {from.cell};
    for (Position around : Surrounding(from.cell)) cells.push_back(around);
    for (Position cell : cells) {
      const int tile_index = board.TileIndexAt(cell);
      if (tile_index < 0) continue;
      const int count = static_cast<int>(board.tile(tile_index).type().segments.size());
      for (int i = 0; i < count; ++i) candidates.push_back({cell, i});
    }
  }
  std::vector<SegmentAddress> targets;
  for (const SegmentAddress& candidate : candidates) {
    const int tile_index = board.TileIndexAt(candidate.cell);
    if (!WagonMayGoOn(board.tile(tile_index).type().segments[candidate.segment_index])) continue;
    const int root = board.FeatureOf(board.SegmentId(tile_index, candidate.segment_index));
    if (IsComplete(board, root) || FollowerStandsIn(board, state, root)) continue;
    targets.push_back(candidate);
  }
  return targets;
}

}  // namespace carcassonne

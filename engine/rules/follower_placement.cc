// Follower placement legality (BG-04, BG-05).
#include "engine/rules/follower_placement.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "absl/container/flat_hash_set.h"
#include "engine/figures.h"
#include "engine/text.h"

namespace carcassonne {
namespace {

// AM-18: the fields (by root) that hold a barn take no follower.
absl::flat_hash_set<int> BarnFields(const Board& board, const GameState& state) {
  absl::flat_hash_set<int> roots;
  for (const Barn& barn : state.barns) {
    const int field = board.FieldAtCorner(barn.cell, barn.corner);
    if (field >= 0) roots.insert(field);
  }
  return roots;
}

// Features (by root) that hold at least one follower (builders and pigs do not
// occupy, TB-10, TB-20), or a barn (AM-18).
absl::flat_hash_set<int> OccupiedRoots(const Board& board, const GameState& state) {
  absl::flat_hash_set<int> roots = BarnFields(board, state);
  for (const Figure& figure : state.figures) {
    if (!IsFollower(figure.kind)) continue;
    const int segment = board.SegmentId(figure.segment);
    if (segment >= 0) roots.insert(board.FeatureOf(segment));
  }
  return roots;
}

// The rule a placement of `kind` breaks: the big follower's IC-07, the
// mayor's AM-08, the wagon's AM-11, the abbot's AB-03, or `base_rule` for a
// follower.
std::string_view PlacementRule(FigureKind kind, std::string_view base_rule) {
  switch (kind) {
    case FigureKind::kBigFollower:
      return base_rule == "BG-05" ? base_rule : "IC-07";
    case FigureKind::kMayor:
      return "AM-08";
    case FigureKind::kWagon:
      return "AM-11";
    case FigureKind::kAbbot:
      return "AB-03";
    default:
      return base_rule;
  }
}

}  // namespace

bool HasAnyFollower(const Player& player) {
  return player.followers > 0 || player.big_followers > 0 || player.mayors > 0 ||
         player.wagons > 0 || player.ringmasters > 0 || player.abbots > 0;
}

bool VariantTakesFollowers(const RuleSet& rules, SegmentKind kind) {
  if (kind == SegmentKind::kField) return rules.farmers;         // option base.farmers
  if (kind == SegmentKind::kGarden) return rules.abbot_gardens;  // option abbot.gardens
  return true;
}

bool FollowerMayStandOn(SegmentKind kind) {
  // AB-03: the abbot on a garden.
  return kind == SegmentKind::kRoad || kind == SegmentKind::kCity ||
         kind == SegmentKind::kMonastery || kind == SegmentKind::kField ||
         kind == SegmentKind::kGarden;
}

std::vector<Violation> CheckFollowerPlacement(const Board& board, const GameState& state,
                                              int player, int placed_tile_index, FigureKind kind,
                                              const SegmentAddress& segment) {
  std::vector<Violation> violations;
  const Position placed_cell = board.tile(placed_tile_index).cell();
  if (!(segment.cell == placed_cell)) {
    violations.push_back({ViolationCode::kNotOnPlacedTile,
                          Cat("A follower may only be placed on the tile just placed, at (",
                              placed_cell.x, ", ", placed_cell.y, ")."),
                          segment.cell, segment.segment_index, "BG-04"});
    return violations;
  }
  const int segment_id = board.SegmentId(segment);
  const SegmentType& type = board.SegmentTypeOf(segment_id);
  if (type.road_stub) {
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          "This road stub cannot be occupied (AMB-42).", segment.cell,
                          segment.segment_index, "AMB-42"});
  } else if (type.kind == SegmentKind::kCircusSpace) {
    // BT-03: no figure ever stands on a circus space.
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          "No figure may ever stand on a circus space.", segment.cell,
                          segment.segment_index, "BT-03"});
  } else if (type.kind == SegmentKind::kAcrobatSpace) {
    // BT-11 is [unconfirmed] and not built (known gaps): no acrobats.
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          "This build places no acrobats: the acrobat rules are not confirmed "
                          "(BT-11, known gaps).",
                          segment.cell, segment.segment_index, "BT-11"});
  } else if (type.kind == SegmentKind::kGarden && !state.rules.abbot_gardens) {
    // Option abbot.gardens = false: the gardens as if not printed (AB-03).
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          "This game is played without gardens (option abbot.gardens): no figure "
                          "may be placed on a garden.",
                          segment.cell, segment.segment_index, "AB-03"});
  } else if (type.kind == SegmentKind::kGarden && kind != FigureKind::kAbbot) {
    violations.push_back(
        {ViolationCode::kFigureNotAllowed,
         Cat("Only the abbot may stand on a garden, not a ", FigureKindName(kind), "."),
         segment.cell, segment.segment_index, "AB-04"});
  } else if (type.kind == SegmentKind::kField && !state.rules.farmers) {
    // Option base.farmers = false: a follower is never a farmer (BG-05).
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          "This game is played without farmers (option base.farmers): no "
                          "follower may be placed in a field.",
                          segment.cell, segment.segment_index, "BG-05"});
  } else if (!FollowerKindMayStandOn(kind, type.kind)) {
    // AM-08: the mayor goes only into a city.
    violations.push_back({ViolationCode::kFigureNotAllowed,
                          Cat("A ", FigureKindName(kind), " cannot stand on a ",
                              SegmentKindName(type.kind), " segment."),
                          segment.cell, segment.segment_index, PlacementRule(kind, "BG-05")});
  } else if (BarnFields(board, state).contains(board.FeatureOf(segment_id))) {
    violations.push_back({ViolationCode::kFeatureOccupied,
                          "This field holds a barn: no follower may be placed in it.", segment.cell,
                          segment.segment_index, "AM-18"});
  } else if (OccupiedRoots(board, state).contains(board.FeatureOf(segment_id))) {
    violations.push_back({ViolationCode::kFeatureOccupied,
                          Cat("The ", SegmentKindName(type.kind),
                              " this segment belongs to already holds a follower."),
                          segment.cell, segment.segment_index, "BG-04"});
  }
  if (SupplyOf(state.players[player], kind) <= 0) {
    violations.push_back(
        {ViolationCode::kNoFigureInSupply,
         Cat("Player ", player, " has no ", FigureKindName(kind), " left in supply."), segment.cell,
         segment.segment_index, PlacementRule(kind, "BG-04")});
  }
  return violations;
}

std::vector<int> FollowerSegments(const Board& board, const GameState& state, int player,
                                  int tile_index) {
  std::vector<int> segments;
  if (!HasAnyFollower(state.players[player])) return segments;
  const absl::flat_hash_set<int> occupied = OccupiedRoots(board, state);
  const TileType& type = board.tile(tile_index).type();
  for (int i = 0; i < static_cast<int>(type.segments.size()); ++i) {
    if (!FollowerMayStandOn(type.segments[i].kind) || type.segments[i].road_stub) continue;
    if (!VariantTakesFollowers(state.rules, type.segments[i].kind)) continue;
    if (occupied.contains(board.FeatureOf(board.SegmentId(tile_index, i)))) continue;
    segments.push_back(i);
  }
  return segments;
}

FollowerOptionsIfPlaced::FollowerOptionsIfPlaced(const Board& board, const GameState& state,
                                                 int player)
    : board_(board),
      has_follower_(HasAnyFollower(state.players[player])),
      // BG-05 for a follower or a big follower; AM-08 for the mayor, AM-11
      // for the wagon: the kinds the player still has decide the segments.
      // The ringmaster stands where a follower does (BT-16).
      has_plain_(state.players[player].followers > 0 || state.players[player].big_followers > 0 ||
                 state.players[player].ringmasters > 0),
      has_mayor_(state.players[player].mayors > 0),
      has_wagon_(state.players[player].wagons > 0),
      has_abbot_(state.players[player].abbots > 0),
      rules_(state.rules) {
  for (const Figure& figure : state.figures) {
    // Only followers occupy (OccupiedRoots): a shepherd's field takes a
    // farmer (HS-13, HS-15); builders and pigs stand with their owner's.
    if (!IsFollower(figure.kind)) continue;
    const int segment = board.SegmentId(figure.segment);
    if (segment >= 0) occupied_.push_back(board.FeatureOf(segment));
  }
  for (int field : BarnFields(board, state)) occupied_.push_back(field);  // AM-18
  std::sort(occupied_.begin(), occupied_.end());
}

SegmentIndexes FollowerOptionsIfPlaced::For(const TileType& tile, Position cell,
                                            Rotation rotation) const {
  SegmentIndexes result;
  if (!has_follower_) return result;
  const BoardTile oriented = Orient({&tile, cell, rotation});
  const int segment_count = static_cast<int>(tile.segments.size());

  // For each new segment, the existing features it would join (at most 4
  // sides for a road or city, 8 half-edges for a field).
  std::array<std::array<int, 8>, kMaxSegmentsPerTile> joins;
  std::array<int, kMaxSegmentsPerTile> join_count{};
  auto join = [&](int segment, int feature) {
    if (join_count[segment] < 8) joins[segment][join_count[segment]++] = feature;
  };
  for (Side side : kAllSides) {
    const int neighbour_index = board_.TileIndexAt(Neighbour(cell, side));
    if (neighbour_index < 0) continue;
    const BoardTile& neighbour = board_.tile(neighbour_index);
    const int mine = oriented.segment_at_side[SideIndex(side)];
    const int theirs = neighbour.segment_at_side[SideIndex(Opposite(side))];
    if (mine >= 0 && theirs >= 0) {
      const int feature = board_.FeatureOf(board_.SegmentId(neighbour_index, theirs));
      join(mine, feature);
      // HS-27: a segment sharing the side joins across it too, on either tile.
      for (int sharing : SegmentsSharingSide(oriented, side)) join(sharing, feature);
      for (int sharing : SegmentsSharingSide(neighbour, Opposite(side))) {
        join(mine, board_.FeatureOf(board_.SegmentId(neighbour_index, sharing)));
      }
    }
    for (int half_edge = 2 * SideIndex(side); half_edge < 2 * SideIndex(side) + 2; ++half_edge) {
      const int my_field = oriented.segment_at_half_edge[half_edge];
      const int their_field = neighbour.segment_at_half_edge[FacingHalfEdge(half_edge)];
      if (my_field >= 0 && their_field >= 0) {
        join(my_field, board_.FeatureOf(board_.SegmentId(neighbour_index, their_field)));
      }
    }
  }
  // Two new segments that join a common feature end up in one feature; group
  // them transitively, then a group is occupied if any feature it joins is.
  std::array<int, kMaxSegmentsPerTile> group;
  for (int i = 0; i < segment_count; ++i) group[i] = i;
  auto find = [&](int i) {
    while (group[i] != i) i = group[i] = group[group[i]];
    return i;
  };
  for (int a = 0; a < segment_count; ++a) {
    for (int b = a + 1; b < segment_count; ++b) {
      const auto a_end = joins[a].begin() + join_count[a];
      for (int k = 0; k < join_count[b]; ++k) {
        if (std::find(joins[a].begin(), a_end, joins[b][k]) != a_end) {
          group[find(b)] = find(a);
          break;
        }
      }
    }
  }
  std::array<bool, kMaxSegmentsPerTile> group_occupied{};
  for (int i = 0; i < segment_count; ++i) {
    for (int k = 0; k < join_count[i]; ++k) {
      if (std::binary_search(occupied_.begin(), occupied_.end(), joins[i][k])) {
        group_occupied[find(i)] = true;
      }
    }
  }
  for (int i = 0; i < segment_count; ++i) {
    if (!FollowerMayStandOn(tile.segments[i].kind) || tile.segments[i].road_stub ||
        group_occupied[find(i)]) {
      continue;
    }
    const SegmentKind kind = tile.segments[i].kind;
    if (!VariantTakesFollowers(rules_, kind)) continue;
    if (!(has_plain_ && FollowerKindMayStandOn(FigureKind::kFollower, kind)) &&
        !(has_mayor_ && FollowerKindMayStandOn(FigureKind::kMayor, kind)) &&
        !(has_wagon_ && FollowerKindMayStandOn(FigureKind::kWagon, kind)) &&
        !(has_abbot_ && FollowerKindMayStandOn(FigureKind::kAbbot, kind))) {
      continue;
    }
    result.push_back(i);
  }
  return result;
}

}  // namespace carcassonne

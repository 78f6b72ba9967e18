// The pieces the conversions share (convert_*.cc only; not part of the
// service's interface): enum conversions both ways, problem reporting, the
// look-up of a SegmentRef's tile, and the readers of a tile placement and of
// a segment reference (templates: the callers pass a path function so that a
// well-formed field costs no string).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/snapshot_limits.h"
#include "engine/text.h"
#include "service/convert.h"

namespace carcassonne::service {

// Echoed user input is cut to this many bytes (at a UTF-8 character boundary).
inline constexpr size_t kMaxEchoBytes = 64;
// The number of Expansion values (EXPANSION_UNSPECIFIED excluded).
inline constexpr int kExpansionCount = v1::Expansion_MAX;

// `text` in quotes, cut to kMaxEchoBytes.
std::string Quoted(std::string_view text);
// A problem at `field` (reason FIELD_INVALID unless a more precise one is given).
void Add(FieldProblems& problems, std::string field, std::string description,
         ErrorReason reason = ErrorReason::kFieldInvalid);
// Reports an enum field that is UNSPECIFIED where a value is required, or out
// of range.
void BadEnum(FieldProblems& problems, std::string field, std::string_view what, int value);
// The engine's problems (CheckSnapshot: SNAPSHOT_INCONSISTENT, CheckAction:
// ACTION_MALFORMED), their fields under `path`.
void PrefixProblems(const std::vector<Problem>& engine_problems, std::string_view path,
                    ErrorReason reason, FieldProblems& problems);
std::string ToString(std::string_view text);

// Enums, proto -> engine: nothing when the value is out of range or UNSPECIFIED.
std::optional<Location> LocationFromProto(int value);
std::optional<Expansion> ExpansionFromProto(int value);
std::optional<Phase> PhaseFromProto(int value);
std::optional<SheepToken> SheepTokenFromProto(int value);
std::optional<Corner> CornerFromProto(int value);
std::optional<Quarter> QuarterFromProto(int value);
std::optional<MagicStep> MagicStepFromProto(int value);
std::optional<MagicFigure> MagicFigureFromProto(int value);
std::optional<FigureKind> FigureKindFromProto(int value);
std::optional<Rotation> RotationFromProto(int degrees, std::string field, FieldProblems& problems);

// Enums, engine -> proto.
v1::Corner CornerToProto(Corner corner);
v1::SheepToken SheepTokenToProto(SheepToken token);
v1::Location LocationToProto(Location location);
v1::Expansion ExpansionToProto(Expansion expansion);
v1::Phase PhaseToProto(Phase phase);
v1::Quarter QuarterToProto(Quarter quarter);
v1::MagicStep MagicStepToProto(MagicStep step);
v1::MagicFigure MagicFigureToProto(MagicFigure figure);
v1::AnimalToken AnimalToProto(std::optional<Animal> animal);
// Bridges, Castles & Bazaars (BC-03): a bridge's axis (unset: none) and a
// bridge placed with a tile.
std::optional<BridgeAxis> BridgeAxisFromProto(int value, std::string field,
                                              FieldProblems& problems);
v1::BridgeAxis BridgeAxisToProto(std::optional<BridgeAxis> axis);
std::optional<BridgePlacement> BridgeFromProto(const v1::Bridge& proto, std::string_view path,
                                               FieldProblems& problems);
void BridgeToProto(const BridgePlacement& bridge, v1::Bridge* proto);
v1::FigureKind FigureKindToProto(FigureKind kind);
v1::ScoringTrigger TriggerToProto(ScoringTrigger trigger);
v1::Terrain TerrainToProto(Terrain terrain);
v1::SegmentKind SegmentKindToProto(SegmentKind kind);
v1::GoodsKind GoodsToProto(Goods goods);

// Small messages, engine -> proto.
// A snapshot's rule set; options are written only where they differ from
// their defaults.
void RuleSetToProto(const RuleSet& rules, v1::RuleSet* proto);
void TradeGoodsToProto(const TradeGoods& goods, v1::TradeGoods* proto);
void CellToProto(Position cell, v1::Cell* proto);
void FigureToProto(const Figure& figure, const GameState& naming, v1::Figure* proto);

// The first placed tile on `cell`, as the engine's lookups see it.
const PlacedTile* FirstTileOn(const GameState& state, Position cell);
// The number of tile types in the catalogue, and a type's position in it.
int CatalogueTypeCount();
int CatalogueRank(const TileType* type);

// ---------------------------------------------------------------------------
// One rule for every coordinate and every seat of a request (docs/errors-reference.md).
// `path()` names the message (coordinates) or the field (seats); it is called
// only to report a problem, so that a well-formed field costs no string.

// A coordinate pair: the int32 fields `x` and `y` of every message that has
// both (Cell, SegmentRef, PlacedTile, Bridge, Barn, PlaceTile). Each lies
// within the board's extent, |x|, |y| <= kMaxCoordinate
// (engine/snapshot_limits.h); one outside is reported at path().x or
// path().y, COORDINATE_OUT_OF_RANGE. True if both lie within.
template <typename Message, typename PathFunction>
bool CheckCoordinates(const Message& proto, const PathFunction& path, FieldProblems& problems) {
  bool within = true;
  const std::pair<int32_t, std::string_view> coordinates[] = {{proto.x(), "x"}, {proto.y(), "y"}};
  for (const auto& [value, name] : coordinates) {
    if (value >= -kMaxCoordinate && value <= kMaxCoordinate) continue;
    Add(problems, FieldPath(path(), name),
        Cat("a coordinate lies within -", kMaxCoordinate, "..", kMaxCoordinate, ", not ", value),
        ErrorReason::kCoordinateOutOfRange);
    within = false;
  }
  return within;
}

// A seat: an int32 field that names a player by their index into
// GameState.players (the list of them: kSeatFields, convert.h). It is
// 0 to players - 1, players being the number of players of the request's
// snapshot; else it is reported at path(), SEAT_OUT_OF_RANGE. True if it
// names a player.
template <typename PathFunction>
bool CheckSeat(int32_t seat, int players, const PathFunction& path, FieldProblems& problems) {
  if (seat >= 0 && seat < players) return true;
  Add(problems, std::string(path()),
      Cat("a seat is an index into state.players, 0 to ", players - 1, ", not ", seat),
      ErrorReason::kSeatOutOfRange);
  return false;
}

// Where a SegmentRef's tile is looked up: on the board the snapshot's tiles
// were laid on (one look-up on its grid: a snapshot's many references cost
// no scan of its tiles each), or among the tiles of a snapshot (an action's
// few references), or nowhere (the tiles could not be read, or were found
// invalid: nothing downstream reads them).
struct TileLookup {
  const Board* board = nullptr;
  const GameState* state = nullptr;

  bool known() const { return board != nullptr || state != nullptr; }
  const PlacedTile* On(Position cell) const {
    if (board != nullptr) {
      const int index = board->TileIndexAt(cell);
      return index < 0 ? nullptr : &board->tile(index).placed;
    }
    return state != nullptr ? FirstTileOn(*state, cell) : nullptr;
  }
};

// A SegmentRef on the tile at (x, y) of `tiles`. `path()` names the
// SegmentRef; it is called only to report a problem, so that a well-formed
// reference costs no string. With no tiles to look in, only the reference
// itself is checked and nothing is returned.
template <typename PathFunction>
std::optional<SegmentAddress> ReadSegment(const v1::SegmentRef& proto, TileLookup tiles,
                                          const PathFunction& path, FieldProblems& problems) {
  if (!CheckCoordinates(proto, path, problems)) return std::nullopt;
  const Position cell{proto.x(), proto.y()};
  std::optional<Location> location;
  switch (proto.segment_case()) {
    case v1::SegmentRef::kLocation:
      location = LocationFromProto(proto.location());
      if (!location) {
        BadEnum(problems, FieldPath(path(), "location"), "location", proto.location());
        return std::nullopt;
      }
      break;
    case v1::SegmentRef::kSegmentId:
      break;
    case v1::SegmentRef::SEGMENT_NOT_SET:
      Add(problems, FieldPath(path(), "location"),
          "the segment is required: set a location or a segment_id", ErrorReason::kFieldRequired);
      return std::nullopt;
  }
  if (!tiles.known()) return std::nullopt;
  const PlacedTile* tile = tiles.On(cell);
  if (tile == nullptr) {
    Add(problems, std::string(path()), Cat("no tile lies on (", cell.x, ", ", cell.y, ")"),
        ErrorReason::kSegmentNotFound);
    return std::nullopt;
  }
  std::optional<int> index =
      location ? ResolveSegment(*tile, *location) : ResolveSegment(*tile, proto.segment_id());
  if (!index) {
    Add(problems, std::string(path()),
        location ? Cat("the tile ", tile->type->id, " on (", cell.x, ", ", cell.y,
                       ") has no segment touching ", LocationName(*location))
                 : Cat("the tile ", tile->type->id, " on (", cell.x, ", ", cell.y,
                       ") has no segment ", Quoted(proto.segment_id())),
        ErrorReason::kSegmentNotFound);
    return std::nullopt;
  }
  return SegmentAddress{cell, *index};
}

std::optional<SegmentAddress> SegmentFromProto(const v1::SegmentRef& proto, TileLookup tiles,
                                               std::string_view path, FieldProblems& problems);

// The variant options of a RuleSet (fields 500-539, convert_variants.cc):
// read into `rules` (bounds and combinations are the engine's check,
// CheckVariantOptions), and echoed where they differ from their defaults.
void VariantOptionsFromProto(const v1::RuleSet& proto, std::string_view path,
                             FieldProblems& problems, RuleSet& rules);
void VariantOptionsToProto(const RuleSet& rules, v1::RuleSet* proto);

// The snapshot read field by field, before the engine's consistency checks.
// A tile's type, cell and rotation from a message that has them
// (v1::PlacedTile, v1::PlaceTile). `path()` names the message; it is called
// only to report a problem, so that a well-formed tile costs no string.
template <typename TileMessage, typename PathFunction>
std::optional<PlacedTile> ReadTilePlacement(const TileMessage& proto, const PathFunction& path,
                                            FieldProblems& problems) {
  const TileType* type = Catalogue::Get().Find(proto.tile_type());
  const std::optional<Rotation> rotation = Rotation::FromDegrees(proto.rotation());
  const bool within = CheckCoordinates(proto, path, problems);
  if (type != nullptr && rotation && within)
    return PlacedTile{type, Position{proto.x(), proto.y()}, *rotation};
  if (type != nullptr && rotation) return std::nullopt;
  const std::string tile_path = path();
  TileTypeFromProto(proto.tile_type(), FieldPath(tile_path, "tile_type"), problems);
  RotationFromProto(proto.rotation(), FieldPath(tile_path, "rotation"), problems);
  return std::nullopt;
}

}  // namespace carcassonne::service

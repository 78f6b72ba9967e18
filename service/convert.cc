// Proto <-> engine translation (see convert.h).
// (Over 600 lines: every proto <-> engine conversion lives here; the split by what it converts is
// issue #18 point 7, not done yet.)
#include "service/convert.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>
#include <variant>

#include "absl/container/flat_hash_set.h"
#include "engine/board.h"
#include "engine/rule_options.h"
#include "engine/text.h"

namespace carcassonne::service {
namespace {

// Echoed user input is cut to this many bytes (at a UTF-8 character boundary).
constexpr size_t kMaxEchoBytes = 64;

std::string Quoted(std::string_view text) {
  if (text.size() > kMaxEchoBytes) {
    size_t end = kMaxEchoBytes;
    // Do not cut a multi-byte character: back off over continuation bytes.
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    return Cat("\"", text.substr(0, end), "...\"");
  }
  return Cat("\"", text, "\"");
}

void Add(FieldProblems& problems, std::string field, std::string description) {
  problems.push_back({std::move(field), std::move(description)});
}

// ----- enums: proto -> engine ----------------------------------------------

// Reports an enum field that is UNSPECIFIED where a value is required, or out
// of range.
void BadEnum(FieldProblems& problems, std::string field, std::string_view what, int value) {
  if (value == 0) {
    Add(problems, std::move(field), Cat(what, " is required (it is unset or UNSPECIFIED)"));
  } else {
    Add(problems, std::move(field), Cat("unknown ", what, " value ", value));
  }
}

std::optional<Location> LocationFromProto(int value) {
  if (value < v1::LOCATION_N || value > v1::LOCATION_CENTER) return std::nullopt;
  return static_cast<Location>(value - v1::LOCATION_N);
}

std::optional<Expansion> ExpansionFromProto(int value) {
  switch (value) {
    case v1::EXPANSION_INNS_AND_CATHEDRALS:
      return Expansion::kInnsAndCathedrals;
    case v1::EXPANSION_TRADERS_AND_BUILDERS:
      return Expansion::kTradersAndBuilders;
    case v1::EXPANSION_RIVER:
      return Expansion::kRiver;
    case v1::EXPANSION_KING_AND_ROBBER_BARON:
      return Expansion::kKingAndRobberBaron;
    case v1::EXPANSION_COUNT_OF_CARCASSONNE:
      return Expansion::kCountOfCarcassonne;
    case v1::EXPANSION_BRIDGES_CASTLES_AND_BAZAARS:
      return Expansion::kBridgesCastlesAndBazaars;
    case v1::EXPANSION_MAGE_AND_WITCH:
      return Expansion::kMageAndWitch;
    case v1::EXPANSION_ABBEY_AND_MAYOR:
      return Expansion::kAbbeyAndMayor;
    case v1::EXPANSION_CULT:
      return Expansion::kCult;
    case v1::EXPANSION_SIEGE:
      return Expansion::kSiege;
    default:
      return std::nullopt;
  }
}

std::optional<Phase> PhaseFromProto(int value) {
  switch (value) {
    case v1::PHASE_PLACE_TILE:
      return Phase::kPlaceTile;
    case v1::PHASE_PLACE_FIGURE:
      return Phase::kPlaceFigure;
    case v1::PHASE_GAME_OVER:
      return Phase::kGameOver;
    case v1::PHASE_PLACE_MAGIC_FIGURE:
      return Phase::kPlaceMagicFigure;
    case v1::PHASE_COUNT_REDEPLOY:
      return Phase::kCountRedeploy;
    case v1::PHASE_COUNT_DEPLOY:
      return Phase::kCountDeploy;
    case v1::PHASE_COUNT_FINAL_REDEPLOY:
      return Phase::kCountFinalRedeploy;
    case v1::PHASE_WAGON_MOVE:
      return Phase::kWagonMove;
    case v1::PHASE_PLACE_CASTLE:
      return Phase::kPlaceCastle;
    case v1::PHASE_SIEGE_ESCAPE:
      return Phase::kSiegeEscape;
    default:
      return std::nullopt;
  }
}

std::optional<Corner> CornerFromProto(int value) {
  switch (value) {
    case v1::CORNER_NW:
      return Corner::kNorthWest;
    case v1::CORNER_NE:
      return Corner::kNorthEast;
    case v1::CORNER_SE:
      return Corner::kSouthEast;
    case v1::CORNER_SW:
      return Corner::kSouthWest;
    default:
      return std::nullopt;
  }
}

v1::Corner CornerToProto(Corner corner) {
  switch (corner) {
    case Corner::kNorthWest:
      return v1::CORNER_NW;
    case Corner::kNorthEast:
      return v1::CORNER_NE;
    case Corner::kSouthEast:
      return v1::CORNER_SE;
    case Corner::kSouthWest:
      return v1::CORNER_SW;
  }
  return v1::CORNER_UNSPECIFIED;
}

std::optional<Quarter> QuarterFromProto(int value) {
  switch (value) {
    case v1::QUARTER_CASTLE:
      return Quarter::kCastle;
    case v1::QUARTER_MARKET:
      return Quarter::kMarket;
    case v1::QUARTER_BLACKSMITH:
      return Quarter::kBlacksmith;
    case v1::QUARTER_CATHEDRAL:
      return Quarter::kCathedral;
    default:
      return std::nullopt;
  }
}

std::optional<MagicStep> MagicStepFromProto(int value) {
  switch (value) {
    case v1::MAGIC_STEP_UNSPECIFIED:
      return MagicStep::kNone;
    case v1::MAGIC_STEP_MAGIC_TILE:
      return MagicStep::kMagicTile;
    case v1::MAGIC_STEP_SEPARATE:
      return MagicStep::kSeparate;
    default:
      return std::nullopt;
  }
}

std::optional<MagicFigure> MagicFigureFromProto(int value) {
  switch (value) {
    case v1::MAGIC_FIGURE_MAGE:
      return MagicFigure::kMage;
    case v1::MAGIC_FIGURE_WITCH:
      return MagicFigure::kWitch;
    default:
      return std::nullopt;
  }
}

std::optional<FigureKind> FigureKindFromProto(int value) {
  switch (value) {
    case v1::FIGURE_KIND_FOLLOWER:
      return FigureKind::kFollower;
    case v1::FIGURE_KIND_BIG_FOLLOWER:
      return FigureKind::kBigFollower;
    case v1::FIGURE_KIND_BUILDER:
      return FigureKind::kBuilder;
    case v1::FIGURE_KIND_PIG:
      return FigureKind::kPig;
    case v1::FIGURE_KIND_MAYOR:
      return FigureKind::kMayor;
    case v1::FIGURE_KIND_WAGON:
      return FigureKind::kWagon;
    default:
      return std::nullopt;
  }
}

// ----- enums: engine -> proto ----------------------------------------------

v1::Location LocationToProto(Location location) {
  return static_cast<v1::Location>(static_cast<int>(location) + v1::LOCATION_N);
}

v1::Expansion ExpansionToProto(Expansion expansion) {
  switch (expansion) {
    case Expansion::kInnsAndCathedrals:
      return v1::EXPANSION_INNS_AND_CATHEDRALS;
    case Expansion::kTradersAndBuilders:
      return v1::EXPANSION_TRADERS_AND_BUILDERS;
    case Expansion::kRiver:
      return v1::EXPANSION_RIVER;
    case Expansion::kKingAndRobberBaron:
      return v1::EXPANSION_KING_AND_ROBBER_BARON;
    case Expansion::kCountOfCarcassonne:
      return v1::EXPANSION_COUNT_OF_CARCASSONNE;
    case Expansion::kBridgesCastlesAndBazaars:
      return v1::EXPANSION_BRIDGES_CASTLES_AND_BAZAARS;
    case Expansion::kMageAndWitch:
      return v1::EXPANSION_MAGE_AND_WITCH;
    case Expansion::kAbbeyAndMayor:
      return v1::EXPANSION_ABBEY_AND_MAYOR;
    case Expansion::kCult:
      return v1::EXPANSION_CULT;
    case Expansion::kSiege:
      return v1::EXPANSION_SIEGE;
    default:  // an engine value this API version cannot express (yet)
      break;
  }
  return v1::EXPANSION_UNSPECIFIED;
}

v1::Phase PhaseToProto(Phase phase) {
  switch (phase) {
    case Phase::kPlaceTile:
      return v1::PHASE_PLACE_TILE;
    case Phase::kPlaceFigure:
      return v1::PHASE_PLACE_FIGURE;
    case Phase::kGameOver:
      return v1::PHASE_GAME_OVER;
    case Phase::kPlaceMagicFigure:
      return v1::PHASE_PLACE_MAGIC_FIGURE;
    case Phase::kCountRedeploy:
      return v1::PHASE_COUNT_REDEPLOY;
    case Phase::kCountDeploy:
      return v1::PHASE_COUNT_DEPLOY;
    case Phase::kCountFinalRedeploy:
      return v1::PHASE_COUNT_FINAL_REDEPLOY;
    case Phase::kWagonMove:
      return v1::PHASE_WAGON_MOVE;
    case Phase::kPlaceCastle:
      return v1::PHASE_PLACE_CASTLE;
    case Phase::kSiegeEscape:
      return v1::PHASE_SIEGE_ESCAPE;
    default:  // an engine value this API version cannot express (yet)
      break;
  }
  return v1::PHASE_UNSPECIFIED;
}

v1::Quarter QuarterToProto(Quarter quarter) {
  switch (quarter) {
    case Quarter::kCastle:
      return v1::QUARTER_CASTLE;
    case Quarter::kMarket:
      return v1::QUARTER_MARKET;
    case Quarter::kBlacksmith:
      return v1::QUARTER_BLACKSMITH;
    case Quarter::kCathedral:
      return v1::QUARTER_CATHEDRAL;
  }
  return v1::QUARTER_UNSPECIFIED;
}

v1::MagicStep MagicStepToProto(MagicStep step) {
  switch (step) {
    case MagicStep::kMagicTile:
      return v1::MAGIC_STEP_MAGIC_TILE;
    case MagicStep::kSeparate:
      return v1::MAGIC_STEP_SEPARATE;
    default:  // kNone, or a value this API version cannot express (yet)
      break;
  }
  return v1::MAGIC_STEP_UNSPECIFIED;
}

v1::MagicFigure MagicFigureToProto(MagicFigure figure) {
  return figure == MagicFigure::kMage ? v1::MAGIC_FIGURE_MAGE : v1::MAGIC_FIGURE_WITCH;
}

v1::FigureKind FigureKindToProto(FigureKind kind) {
  switch (kind) {
    case FigureKind::kFollower:
      return v1::FIGURE_KIND_FOLLOWER;
    case FigureKind::kBigFollower:
      return v1::FIGURE_KIND_BIG_FOLLOWER;
    case FigureKind::kBuilder:
      return v1::FIGURE_KIND_BUILDER;
    case FigureKind::kPig:
      return v1::FIGURE_KIND_PIG;
    case FigureKind::kMayor:
      return v1::FIGURE_KIND_MAYOR;
    case FigureKind::kWagon:
      return v1::FIGURE_KIND_WAGON;
    default:  // an engine value this API version cannot express (yet)
      break;
  }
  return v1::FIGURE_KIND_UNSPECIFIED;
}

v1::ScoringTrigger TriggerToProto(ScoringTrigger trigger) {
  switch (trigger) {
    case ScoringTrigger::kCompleted:
      return v1::SCORING_TRIGGER_COMPLETED;
    case ScoringTrigger::kEndOfGame:
      return v1::SCORING_TRIGGER_END_OF_GAME;
    case ScoringTrigger::kBarnPlaced:
      return v1::SCORING_TRIGGER_BARN_PLACED;
    case ScoringTrigger::kJoinedToBarn:
      return v1::SCORING_TRIGGER_JOINED_TO_BARN;
    case ScoringTrigger::kLostChallenge:
      return v1::SCORING_TRIGGER_LOST_CHALLENGE;
    default:  // an engine value this API version cannot express (yet)
      break;
  }
  return v1::SCORING_TRIGGER_UNSPECIFIED;
}

v1::Terrain TerrainToProto(Terrain terrain) {
  switch (terrain) {
    case Terrain::kField:
      return v1::TERRAIN_FIELD;
    case Terrain::kRoad:
      return v1::TERRAIN_ROAD;
    case Terrain::kCity:
      return v1::TERRAIN_CITY;
    case Terrain::kRiver:
      return v1::TERRAIN_RIVER;
    case Terrain::kPartial:
      return v1::TERRAIN_PARTIAL;
    case Terrain::kNone:
      return v1::TERRAIN_NONE;
    default:  // an engine value this API version cannot express (yet)
      break;
  }
  return v1::TERRAIN_UNSPECIFIED;
}

v1::SegmentKind SegmentKindToProto(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::kRoad:
      return v1::SEGMENT_KIND_ROAD;
    case SegmentKind::kCity:
      return v1::SEGMENT_KIND_CITY;
    case SegmentKind::kField:
      return v1::SEGMENT_KIND_FIELD;
    case SegmentKind::kMonastery:
      return v1::SEGMENT_KIND_MONASTERY;
    case SegmentKind::kRiver:
      return v1::SEGMENT_KIND_RIVER;
    case SegmentKind::kGarden:
      return v1::SEGMENT_KIND_GARDEN;
    default:  // an engine value this API version cannot express (yet)
      break;
  }
  return v1::SEGMENT_KIND_UNSPECIFIED;
}

v1::GoodsKind GoodsToProto(Goods goods) {
  switch (goods) {
    case Goods::kWine:
      return v1::GOODS_KIND_WINE;
    case Goods::kGrain:
      return v1::GOODS_KIND_GRAIN;
    case Goods::kCloth:
      return v1::GOODS_KIND_CLOTH;
    default:  // kNone, or a value this API version cannot express (yet)
      break;
  }
  return v1::GOODS_KIND_UNSPECIFIED;
}

// ----- helpers ---------------------------------------------------------------

std::string ToString(std::string_view text) { return std::string(text); }

// The first placed tile on `cell`, as the engine's lookups see it.
const PlacedTile* FirstTileOn(const GameState& state, Position cell) {
  for (const PlacedTile& tile : state.tiles) {
    if (tile.cell == cell) return &tile;
  }
  return nullptr;
}

// The number of Expansion values (EXPANSION_UNSPECIFIED excluded).
constexpr int kExpansionCount = v1::Expansion_MAX;

// The number of tile types in the catalogue, and a type's position in it.
int CatalogueTypeCount() { return Catalogue::Get().type_count(); }
int CatalogueRank(const TileType* type) { return Catalogue::Get().Rank(type); }

std::optional<Rotation> RotationFromProto(int degrees, std::string field, FieldProblems& problems) {
  std::optional<Rotation> rotation = Rotation::FromDegrees(degrees);
  if (!rotation) {
    Add(problems, std::move(field),
        Cat("rotation must be 0, 90, 180 or 270 degrees, not ", degrees));
  }
  return rotation;
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
          "the segment is required: set a location or a segment_id");
      return std::nullopt;
  }
  if (!tiles.known()) return std::nullopt;
  const PlacedTile* tile = tiles.On(cell);
  if (tile == nullptr) {
    Add(problems, std::string(path()), Cat("no tile lies on (", cell.x, ", ", cell.y, ")"));
    return std::nullopt;
  }
  std::optional<int> index =
      location ? ResolveSegment(*tile, *location) : ResolveSegment(*tile, proto.segment_id());
  if (!index) {
    Add(problems, std::string(path()),
        location ? Cat("the tile ", tile->type->id, " on (", cell.x, ", ", cell.y,
                       ") has no segment touching ", LocationName(*location))
                 : Cat("the tile ", tile->type->id, " on (", cell.x, ", ", cell.y,
                       ") has no segment ", Quoted(proto.segment_id())));
    return std::nullopt;
  }
  return SegmentAddress{cell, *index};
}

std::optional<SegmentAddress> SegmentFromProto(const v1::SegmentRef& proto, TileLookup tiles,
                                               std::string_view path, FieldProblems& problems) {
  return ReadSegment(
      proto, tiles, [path] { return path; }, problems);
}

void PrefixProblems(const std::vector<Problem>& engine_problems, std::string_view path,
                    FieldProblems& problems) {
  for (const Problem& problem : engine_problems) {
    Add(problems, FieldPath(path, problem.field), problem.message);
  }
}

void TradeGoodsToProto(const TradeGoods& goods, v1::TradeGoods* proto) {
  proto->set_wine(goods.wine);
  proto->set_grain(goods.grain);
  proto->set_cloth(goods.cloth);
}

void CellToProto(Position cell, v1::Cell* proto) {
  proto->set_x(cell.x);
  proto->set_y(cell.y);
}

void FigureToProto(const Figure& figure, const GameState& naming, v1::Figure* proto) {
  proto->set_kind(FigureKindToProto(figure.kind));
  proto->set_owner(figure.owner);
  SegmentRefToProto(figure.segment, naming, proto->mutable_segment());
}

// Locations a segment of `type` touches at rotation 0, in canonical order.
std::vector<Location> CatalogueLocations(const TileType& type, int segment_index) {
  Board single;
  single.Place(PlacedTile{&type, Position{0, 0}, Rotation{0}});
  std::vector<Location> locations;
  for (int i = 0; i < kLocationCount; ++i) {
    const Location location = static_cast<Location>(i);
    if (single.SegmentAt(0, location) == segment_index) locations.push_back(location);
  }
  return locations;
}

v1::GetCatalogResponse BuildCatalog() {
  v1::GetCatalogResponse catalog;
  for (const TileSet* set : Catalogue::Get().sets()) {
    v1::TileSetInfo* set_proto = catalog.add_tile_sets();
    set_proto->set_name(ToString(set->name));
    set_proto->set_title(ToString(set->title));
    for (const TileType& type : set->tiles) {
      v1::TileTypeInfo* type_proto = set_proto->add_tile_types();
      type_proto->set_id(ToString(type.id));
      type_proto->set_count(type.count);
      type_proto->set_start_tile(type.start_tile);
      for (Terrain terrain : type.sides) type_proto->add_sides(TerrainToProto(terrain));
      for (int i = 0; i < static_cast<int>(type.segments.size()); ++i) {
        const SegmentType& segment = type.segments[i];
        v1::SegmentInfo* segment_proto = type_proto->add_segments();
        segment_proto->set_id(ToString(segment.id));
        segment_proto->set_kind(SegmentKindToProto(segment.kind));
        for (Location location : CatalogueLocations(type, i)) {
          segment_proto->add_locations(LocationToProto(location));
        }
        for (int city = 0; city < static_cast<int>(type.segments.size()) && city < 16; ++city) {
          if (segment.bordered_cities & (1u << city)) {
            segment_proto->add_bordered_cities(ToString(type.segments[city].id));
          }
        }
        segment_proto->set_coats_of_arms(segment.coats_of_arms);
        segment_proto->set_inn(segment.inn);
        segment_proto->set_cathedral(segment.cathedral);
        segment_proto->set_goods(GoodsToProto(segment.goods));
        segment_proto->set_pig_herd(segment.pig_herd);
        segment_proto->set_borders_city_of_carcassonne(segment.borders_city_of_carcassonne);
        segment_proto->set_well(segment.well);
        segment_proto->set_tunnel(segment.tunnel);
        segment_proto->set_no_castle_base(segment.no_castle_base);
        segment_proto->set_shrine(segment.shrine);
        segment_proto->set_besieged(segment.besieged);
      }
      type_proto->set_description(ToString(type.description));
      type_proto->set_magic_symbol(type.magic_symbol);
      if (type.river_role != RiverRole::kNone) {
        type_proto->set_river_role(ToString(RiverRoleName(type.river_role)));
      }
      if (type.city_layout) CellToProto(*type.city_layout, type_proto->mutable_city_layout());
      type_proto->set_city_quarters(type.city_quarters);
      type_proto->set_bazaar(type.bazaar);
      if (type.heretics_and_shrines_count >= 0) {
        type_proto->set_heretics_and_shrines_count(type.heretics_and_shrines_count);
      }
      type_proto->set_part(ToString(type.part));
    }
  }
  for (const RuleOption& option : RuleOptions()) {
    v1::RuleOptionInfo* info = catalog.add_rule_options();
    info->set_name(ToString(option.name));
    for (std::string_view value : option.values) info->add_values(ToString(value));
    info->set_default_value(ToString(option.default_value));
    for (std::string_view rule_id : option.rule_ids) info->add_rule_ids(ToString(rule_id));
    info->set_description(ToString(option.description));
  }
  for (const KnownGap& gap : KnownGaps()) {
    v1::KnownGap* info = catalog.add_known_gaps();
    info->set_rule_id(ToString(gap.rule_id));
    info->set_description(ToString(gap.description));
  }
  for (int value = v1::Expansion_MIN; value <= v1::Expansion_MAX; ++value) {
    std::optional<Expansion> expansion = ExpansionFromProto(value);
    if (expansion && IsSupported(*expansion)) {
      catalog.add_supported_expansions(static_cast<v1::Expansion>(value));
    }
  }
  return catalog;
}

}  // namespace

std::string FieldPath(std::string_view path, std::string_view name) {
  if (path.empty()) return std::string(name);
  if (name.empty()) return std::string(path);
  return Cat(path, ".", name);
}

std::string IndexPath(std::string_view path, int index) { return Cat(path, "[", index, "]"); }

// ----- proto -> engine -------------------------------------------------------

std::optional<RuleSet> RuleSetFromProto(const v1::RuleSet& proto, std::string_view path,
                                        FieldProblems& problems) {
  const size_t before = problems.size();
  RuleSet rules;
  // Field paths are built only to report a problem.
  auto expansions_path = [&] { return FieldPath(path, "expansions"); };
  if (proto.expansions_size() > kExpansionCount) {
    Add(problems, expansions_path(),
        Cat("each expansion may be listed once: at most ", kExpansionCount, " entries, not ",
            proto.expansions_size()));
    return std::nullopt;
  }
  for (int i = 0; i < proto.expansions_size(); ++i) {
    const int value = proto.expansions(i);
    std::optional<Expansion> expansion = ExpansionFromProto(value);
    if (!expansion) {
      BadEnum(problems, IndexPath(expansions_path(), i), "expansion", value);
      continue;
    }
    // Duplicates and expansions this build does not implement: the engine's
    // check (CheckSnapshot, NewGame).
    rules.expansions.push_back(*expansion);
  }
  switch (proto.tiny_city_points()) {
    case v1::TINY_CITY_POINTS_UNSPECIFIED:
    case v1::TINY_CITY_POINTS_FOUR:
      rules.tiny_city_points = TinyCityPoints::kFourPoints;
      break;
    case v1::TINY_CITY_POINTS_TWO:
      rules.tiny_city_points = TinyCityPoints::kTwoPoints;
      break;
    default:
      Add(problems, FieldPath(path, "tiny_city_points"),
          Cat("unknown tiny_city_points value ", static_cast<int>(proto.tiny_city_points())));
      break;
  }
  if (proto.has_tb_goods()) rules.tb_goods = proto.tb_goods();
  if (proto.has_tb_builder()) rules.tb_builder = proto.tb_builder();
  if (proto.has_tb_pig()) rules.tb_pig = proto.tb_pig();
  if (proto.has_am_abbey()) rules.am_abbey = proto.am_abbey();
  if (proto.has_am_mayor()) rules.am_mayor = proto.am_mayor();
  if (proto.has_am_wagon()) rules.am_wagon = proto.am_wagon();
  if (proto.has_am_barn()) rules.am_barn = proto.am_barn();
  switch (proto.am_wagon_move()) {
    case v1::AM_WAGON_MOVE_UNSPECIFIED:
    case v1::AM_WAGON_MOVE_C2_NEARBY_TILES:
      rules.am_wagon_move = WagonMove::kC2NearbyTiles;
      break;
    case v1::AM_WAGON_MOVE_C1_CONNECTED:
      rules.am_wagon_move = WagonMove::kC1Connected;
      break;
    default:
      BadEnum(problems, FieldPath(path, "am_wagon_move"), "am_wagon_move", proto.am_wagon_move());
      break;
  }
  switch (proto.am_barn_multi()) {
    case v1::AM_BARN_MULTI_UNSPECIFIED:
    case v1::AM_BARN_MULTI_EACH_OWNER:
      rules.am_barn_multi = BarnMulti::kEachOwner;
      break;
    case v1::AM_BARN_MULTI_MAJORITY:
      rules.am_barn_multi = BarnMulti::kMajority;
      break;
    default:
      BadEnum(problems, FieldPath(path, "am_barn_multi"), "am_barn_multi", proto.am_barn_multi());
      break;
  }
  switch (proto.mage_witch_magic_tile_choice()) {
    case v1::MAGIC_TILE_CHOICE_UNSPECIFIED:
    case v1::MAGIC_TILE_CHOICE_PLACE_SET_ASIDE_FIRST:
      rules.mage_witch_magic_tile_choice = MagicTileChoice::kPlaceSetAsideFirst;
      break;
    case v1::MAGIC_TILE_CHOICE_EITHER:
      rules.mage_witch_magic_tile_choice = MagicTileChoice::kEither;
      break;
    default:
      BadEnum(problems, FieldPath(path, "mage_witch_magic_tile_choice"),
              "mage_witch_magic_tile_choice", proto.mage_witch_magic_tile_choice());
      break;
  }
  switch (proto.river_parts()) {
    case v1::RIVER_PARTS_UNSPECIFIED:
    case v1::RIVER_PARTS_RIVER_I:
      rules.river_parts = RiverParts::kRiverOne;
      break;
    case v1::RIVER_PARTS_RIVER_II:
      rules.river_parts = RiverParts::kRiverTwo;
      break;
    case v1::RIVER_PARTS_BOTH:
      rules.river_parts = RiverParts::kBoth;
      break;
    default:
      BadEnum(problems, FieldPath(path, "river_parts"), "river_parts", proto.river_parts());
      break;
  }
  if (proto.has_river_u_turn_rule()) rules.river_u_turn_rule = proto.river_u_turn_rule();
  if (proto.has_river_lookahead_block()) {
    rules.river_lookahead_block = proto.river_lookahead_block();
  }
  switch (proto.king_robber_flat_bonus()) {
    case v1::KING_ROBBER_FLAT_BONUS_UNSPECIFIED:
    case v1::KING_ROBBER_FLAT_BONUS_OFF:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kOff;
      break;
    case v1::KING_ROBBER_FLAT_BONUS_10_EACH:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kTenEach;
      break;
    case v1::KING_ROBBER_FLAT_BONUS_10_EACH_40_BOTH:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kTenEachFortyBoth;
      break;
    case v1::KING_ROBBER_FLAT_BONUS_15_EACH_40_BOTH:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kFifteenEachFortyBoth;
      break;
    default:
      BadEnum(problems, FieldPath(path, "king_robber_flat_bonus"), "king_robber_flat_bonus",
              proto.king_robber_flat_bonus());
      break;
  }
  switch (proto.king_robber_live_scoring()) {
    case v1::KING_ROBBER_LIVE_SCORING_UNSPECIFIED:
    case v1::KING_ROBBER_LIVE_SCORING_OFF:
      rules.king_robber_live_scoring = KingRobberLiveScoring::kOff;
      break;
    case v1::KING_ROBBER_LIVE_SCORING_AFTER_TRANSFER:
      rules.king_robber_live_scoring = KingRobberLiveScoring::kAfterTransfer;
      break;
    case v1::KING_ROBBER_LIVE_SCORING_BEFORE_TRANSFER:
      rules.king_robber_live_scoring = KingRobberLiveScoring::kBeforeTransfer;
      break;
    default:
      BadEnum(problems, FieldPath(path, "king_robber_live_scoring"), "king_robber_live_scoring",
              proto.king_robber_live_scoring());
      break;
  }
  if (proto.has_king_robber_leipzig_counts()) {
    rules.king_robber_leipzig_counts = proto.king_robber_leipzig_counts();
  }
  if (proto.has_king_robber_ignore_road_stubs()) {
    rules.king_robber_ignore_road_stubs = proto.king_robber_ignore_road_stubs();
  }
  switch (proto.count_trigger()) {
    case v1::COUNT_TRIGGER_UNSPECIFIED:
    case v1::COUNT_TRIGGER_SCORING:
      rules.count_trigger = CountTrigger::kScoring;
      break;
    case v1::COUNT_TRIGGER_COMPLETION:
      rules.count_trigger = CountTrigger::kCompletion;
      break;
    default:
      BadEnum(problems, FieldPath(path, "count_trigger"), "count_trigger", proto.count_trigger());
      break;
  }
  switch (proto.count_movement()) {
    case v1::COUNT_MOVEMENT_UNSPECIFIED:
    case v1::COUNT_MOVEMENT_FREE:
      rules.count_movement = CountMovement::kFree;
      break;
    case v1::COUNT_MOVEMENT_CLOCKWISE:
      rules.count_movement = CountMovement::kClockwise;
      break;
    case v1::COUNT_MOVEMENT_FOLLOW_DEPLOYMENT:
      rules.count_movement = CountMovement::kFollowDeployment;
      break;
    default:
      BadEnum(problems, FieldPath(path, "count_movement"), "count_movement",
              proto.count_movement());
      break;
  }
  if (proto.has_count_rgg_block_deploy_into_count_quarter()) {
    rules.count_rgg_block_deploy_into_count_quarter =
        proto.count_rgg_block_deploy_into_count_quarter();
  }
  switch (proto.count_final_redeploy()) {
    case v1::COUNT_FINAL_REDEPLOY_UNSPECIFIED:
    case v1::COUNT_FINAL_REDEPLOY_ANY_QUARTER:
      rules.count_final_redeploy = CountFinalRedeploy::kAnyQuarter;
      break;
    case v1::COUNT_FINAL_REDEPLOY_MARKET_ONLY:
      rules.count_final_redeploy = CountFinalRedeploy::kMarketOnly;
      break;
    default:
      BadEnum(problems, FieldPath(path, "count_final_redeploy"), "count_final_redeploy",
              proto.count_final_redeploy());
      break;
  }
  switch (proto.count_river_layout()) {
    case v1::COUNT_RIVER_LAYOUT_UNSPECIFIED:
    case v1::COUNT_RIVER_LAYOUT_SPRING_NEXT_TO_CITY:
      rules.count_river_layout = CountRiverLayout::kSpringNextToCity;
      break;
    case v1::COUNT_RIVER_LAYOUT_RIVER_FIRST_HOUSE_RULE:
      rules.count_river_layout = CountRiverLayout::kRiverFirstHouseRule;
      break;
    default:
      BadEnum(problems, FieldPath(path, "count_river_layout"), "count_river_layout",
              proto.count_river_layout());
      break;
  }
  if (proto.has_bc_bridges()) rules.bc_bridges = proto.bc_bridges();
  if (proto.has_bc_castles()) rules.bc_castles = proto.bc_castles();
  if (proto.has_bc_bazaars()) rules.bc_bazaars = proto.bc_bazaars();
  // The Cult (CU-01).
  switch (proto.cult_tile_set()) {
    case v1::CULT_TILE_SET_UNSPECIFIED:
    case v1::CULT_TILE_SET_CULT_6:
      rules.cult_tiles = CultTiles::kRioGrandeSix;
      break;
    case v1::CULT_TILE_SET_HERETICS_AND_SHRINES_5:
      rules.cult_tiles = CultTiles::kHereticsAndShrinesFive;
      break;
    default:
      BadEnum(problems, FieldPath(path, "cult_tile_set"), "cult_tile_set", proto.cult_tile_set());
      break;
  }
  // Siege (SI-08, SI-09, SI-10, SI-11).
  switch (proto.siege_pig_besieged_value()) {
    case v1::SIEGE_PIG_BESIEGED_VALUE_UNSPECIFIED:
    case v1::SIEGE_PIG_BESIEGED_VALUE_DOUBLE:
      rules.siege_pig_besieged_value = SiegePigBesiegedValue::kDouble;
      break;
    case v1::SIEGE_PIG_BESIEGED_VALUE_PLUS_ONE:
      rules.siege_pig_besieged_value = SiegePigBesiegedValue::kPlusOne;
      break;
    default:
      BadEnum(problems, FieldPath(path, "siege_pig_besieged_value"), "siege_pig_besieged_value",
              proto.siege_pig_besieged_value());
      break;
  }
  switch (proto.siege_escape_adjacency()) {
    case v1::SIEGE_ESCAPE_ADJACENCY_UNSPECIFIED:
    case v1::SIEGE_ESCAPE_ADJACENCY_SIEGE_TILE:
      rules.siege_escape_adjacency = SiegeEscapeAdjacency::kSiegeTile;
      break;
    case v1::SIEGE_ESCAPE_ADJACENCY_ANY_CITY_TILE:
      rules.siege_escape_adjacency = SiegeEscapeAdjacency::kAnyCityTile;
      break;
    default:
      BadEnum(problems, FieldPath(path, "siege_escape_adjacency"), "siege_escape_adjacency",
              proto.siege_escape_adjacency());
      break;
  }
  if (problems.size() != before) return std::nullopt;
  return rules;
}

const TileType* TileTypeFromProto(std::string_view id, std::string_view path,
                                  FieldProblems& problems) {
  if (id.empty()) {
    Add(problems, std::string(path), "a tile type id (\"set:code\", e.g. \"base:D\") is required");
    return nullptr;
  }
  const TileType* type = Catalogue::Get().Find(id);
  if (type == nullptr) {
    Add(problems, std::string(path),
        Cat("unknown tile type ", Quoted(id), " (GetCatalog lists the known ones)"));
  }
  return type;
}

namespace {

// The snapshot read field by field, before the engine's consistency checks.
// A tile's type, cell and rotation from a message that has them
// (v1::PlacedTile, v1::PlaceTile). `path()` names the message; it is called
// only to report a problem, so that a well-formed tile costs no string.
template <typename TileMessage, typename PathFunction>
std::optional<PlacedTile> ReadTilePlacement(const TileMessage& proto, const PathFunction& path,
                                            FieldProblems& problems) {
  const TileType* type = Catalogue::Get().Find(proto.tile_type());
  const std::optional<Rotation> rotation = Rotation::FromDegrees(proto.rotation());
  if (type != nullptr && rotation)
    return PlacedTile{type, Position{proto.x(), proto.y()}, *rotation};
  const std::string tile_path = path();
  TileTypeFromProto(proto.tile_type(), FieldPath(tile_path, "tile_type"), problems);
  RotationFromProto(proto.rotation(), FieldPath(tile_path, "rotation"), problems);
  return std::nullopt;
}

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

  // Players: the engine checks how many a game has; past the most any rule set
  // allows, nothing is read (keeps the work and the error list bounded).
  if (proto.players_size() > kMaxPlayers) {
    Add(problems, FieldPath(path, "players"),
        Cat("a game has at most ", kMaxPlayers, " players, not ", proto.players_size()));
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
      player.goods.wine = player_proto.goods().wine();
      player.goods.grain = player_proto.goods().grain();
      player.goods.cloth = player_proto.goods().cloth();
    }
  }

  // Tiles. Over the limit, nothing more is read (keeps the work bounded).
  auto tiles_path = [&] { return FieldPath(path, "tiles"); };
  if (proto.tiles_size() > kMaxPlacedTiles) {
    Add(problems, tiles_path(),
        Cat("at most ", kMaxPlacedTiles, " placed tiles, not ", proto.tiles_size()));
  } else {
    state.tiles.reserve(proto.tiles_size() + 1);
    for (int i = 0; i < proto.tiles_size(); ++i) {
      std::optional<PlacedTile> tile = ReadTilePlacement(
          proto.tiles(i), [&] { return IndexPath(tiles_path(), i); }, problems);
      if (tile) state.tiles.push_back(*tile);
    }
  }

  // Bag: present = tracked. Each type once, counts positive; kept in catalogue
  // order.
  std::vector<int> bag_order;
  if (proto.has_bag() && proto.bag().tiles_size() > CatalogueTypeCount()) {
    Add(problems, FieldPath(path, "bag.tiles"),
        Cat("the bag lists each tile type at most once: at most ", CatalogueTypeCount(),
            " entries, not ", proto.bag().tiles_size()));
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
        Cat("at most ", kMaxFigures, " figures, not ", proto.figures_size()));
  } else {
    state.figures.reserve(proto.figures_size());
    for (int i = 0; i < proto.figures_size(); ++i) {
      const v1::Figure& figure = proto.figures(i);
      // Field paths are built only to report a problem.
      auto figure_path = [&] { return IndexPath(figures_path(), i); };
      auto segment_path = [&] { return FieldPath(figure_path(), "segment"); };
      std::optional<FigureKind> kind = FigureKindFromProto(figure.kind());
      if (!kind) BadEnum(problems, FieldPath(figure_path(), "kind"), "figure kind", figure.kind());
      std::optional<SegmentAddress> segment;
      if (!figure.has_segment()) {
        Add(problems, segment_path(), "the segment the figure stands on is required");
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
            proto.wagons_to_move_size()));
  } else {
    for (int i = 0; i < proto.wagons_to_move_size(); ++i) {
      const v1::Figure& wagon = proto.wagons_to_move(i);
      const std::string wagon_path = IndexPath(wagons_path(), i);
      std::optional<FigureKind> kind = FigureKindFromProto(wagon.kind());
      if (!kind) BadEnum(problems, FieldPath(wagon_path, "kind"), "figure kind", wagon.kind());
      std::optional<SegmentAddress> segment;
      if (!wagon.has_segment()) {
        Add(problems, FieldPath(wagon_path, "segment"),
            "the segment the wagon stood on is required");
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
        Cat("at most one barn per player, ", kMaxPlayers, " in all, not ", proto.barns_size()));
  } else {
    for (int i = 0; i < proto.barns_size(); ++i) {
      const v1::Barn& barn = proto.barns(i);
      const std::optional<Corner> corner = CornerFromProto(barn.corner());
      if (!corner) {
        BadEnum(problems, FieldPath(IndexPath(barns_path(), i), "corner"), "corner", barn.corner());
        continue;
      }
      state.barns.push_back({barn.owner(), {barn.x(), barn.y()}, *corner});
    }
  }
  // Bridges, Castles & Bazaars: the castles and the pending castle offers.
  auto castles_path = [&] { return FieldPath(path, "castles"); };
  if (proto.castles_size() > kMaxPlayers * 3) {
    Add(problems, castles_path(),
        Cat("at most 3 castles per player, ", kMaxPlayers * 3, " in all, not ",
            proto.castles_size()));
  } else {
    for (int i = 0; i < proto.castles_size(); ++i) {
      const v1::Castle& castle_proto = proto.castles(i);
      const std::string castle_path = IndexPath(castles_path(), i);
      Castle castle;
      castle.owner = castle_proto.owner();
      castle.built_this_turn = castle_proto.built_this_turn();
      castle.scored = castle_proto.scored();
      castle.pending_points = castle_proto.pending_points();
      if (castle_proto.segments_size() != 2) {
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
            proto.castle_offers_size()));
  } else {
    for (int i = 0; i < proto.castle_offers_size(); ++i) {
      std::optional<SegmentAddress> segment = ReadSegment(
          proto.castle_offers(i), tiles, [&] { return IndexPath(offers_path(), i); }, problems);
      if (segment) state.castle_offers.push_back(*segment);
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

  std::optional<Phase> phase = PhaseFromProto(proto.phase());
  if (phase) {
    state.phase = *phase;
  } else {
    BadEnum(problems, FieldPath(path, "phase"), "phase", proto.phase());
  }
  state.active_player = proto.active_player();
  state.deciding_player = proto.deciding_player();
  state.extra_tile_earned = proto.extra_tile_earned();
  state.second_part = proto.second_part();
  // King & Robber Baron: holders and records are checked by the engine
  // (CheckSnapshot).
  if (proto.has_king_and_robber_baron()) {
    const v1::KingAndRobberBaron& tokens = proto.king_and_robber_baron();
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
          Cat("at most ", kMaxFigures, " followers, not ", count.followers_size()));
    } else {
      for (int i = 0; i < count.followers_size(); ++i) {
        const v1::QuarterFollower& follower = count.followers(i);
        const std::string follower_path = IndexPath(FieldPath(count_path, "followers"), i);
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
      Add(problems, FieldPath(count_path, "pending_features"), "too many pending features");
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
      Add(problems, FieldPath(count_path, "final_passed"), "more players than a game has");
    } else {
      for (int player : count.final_passed()) state.count.final_passed.push_back(player);
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
    PrefixProblems(laying_problems, path, problems);
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
  PrefixProblems(CheckRestOfSnapshot(*state, board), path, problems);
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
    PrefixProblems(*found, path, problems);
    return std::nullopt;
  }
  return std::move(std::get<Game>(loaded));
}

std::optional<Action> ActionFromProto(const v1::Action& proto, const GameState* state,
                                      std::string_view path, FieldProblems& problems) {
  const size_t before = problems.size();
  std::optional<Action> action;
  switch (proto.action_case()) {
    case v1::Action::kPlaceTile: {
      std::optional<PlacedTile> tile = ReadTilePlacement(
          proto.place_tile(), [&] { return FieldPath(path, "place_tile"); }, problems);
      if (tile) action = PlaceTileAction{tile->type, tile->cell, tile->rotation};
      break;
    }
    case v1::Action::kPlaceFigure: {
      const v1::PlaceFigure& place = proto.place_figure();
      const std::string place_path = FieldPath(path, "place_figure");
      std::optional<FigureKind> kind = FigureKindFromProto(place.kind());
      if (!kind) BadEnum(problems, FieldPath(place_path, "kind"), "figure kind", place.kind());
      const std::string segment_path = FieldPath(place_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!place.has_segment()) {
        Add(problems, segment_path, "the segment to place the figure on is required");
      } else {
        segment = SegmentFromProto(place.segment(), {nullptr, state}, segment_path, problems);
      }
      if (kind && segment) action = PlaceFigureAction{*kind, *segment};
      break;
    }
    case v1::Action::kPass:
      action = PassAction{};
      break;
    case v1::Action::kDiscardTile: {
      const TileType* type = TileTypeFromProto(proto.discard_tile().tile_type(),
                                               FieldPath(path, "discard_tile.tile_type"), problems);
      if (type != nullptr) action = DiscardTileAction{type};
      break;
    }
    case v1::Action::kMoveMagicFigure: {
      const v1::MoveMagicFigure& move = proto.move_magic_figure();
      const std::string move_path = FieldPath(path, "move_magic_figure");
      std::optional<MagicFigure> figure = MagicFigureFromProto(move.figure());
      if (!figure) {
        BadEnum(problems, FieldPath(move_path, "figure"), "magic figure", move.figure());
      }
      const std::string segment_path = FieldPath(move_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!move.has_segment()) {
        Add(problems, segment_path, "the segment to put the magic figure on is required");
      } else {
        segment = SegmentFromProto(move.segment(), {nullptr, state}, segment_path, problems);
      }
      if (figure && segment) action = MoveMagicFigureAction{*figure, *segment};
      break;
    }
    case v1::Action::kSetAsideMagicFigure: {
      const int value = proto.set_aside_magic_figure().figure();
      std::optional<MagicFigure> figure = MagicFigureFromProto(value);
      if (figure) {
        action = SetAsideMagicFigureAction{*figure};
      } else {
        BadEnum(problems, FieldPath(path, "set_aside_magic_figure.figure"), "magic figure", value);
      }
      break;
    }
    case v1::Action::kDeployToQuarter: {
      const v1::DeployToQuarter& deploy = proto.deploy_to_quarter();
      const std::string deploy_path = FieldPath(path, "deploy_to_quarter");
      std::optional<FigureKind> kind = FigureKindFromProto(deploy.kind());
      if (!kind) BadEnum(problems, FieldPath(deploy_path, "kind"), "figure kind", deploy.kind());
      std::optional<Quarter> quarter = QuarterFromProto(deploy.quarter());
      if (!quarter)
        BadEnum(problems, FieldPath(deploy_path, "quarter"), "quarter", deploy.quarter());
      std::optional<Quarter> move_to;
      if (deploy.move_count_to() != v1::QUARTER_UNSPECIFIED) {
        move_to = QuarterFromProto(deploy.move_count_to());
        if (!move_to) {
          BadEnum(problems, FieldPath(deploy_path, "move_count_to"), "quarter",
                  deploy.move_count_to());
        }
      }
      if (kind && quarter && (move_to || deploy.move_count_to() == v1::QUARTER_UNSPECIFIED)) {
        action = DeployToQuarterAction{*kind, *quarter, move_to};
      }
      break;
    }
    case v1::Action::kRedeployFromQuarter: {
      const v1::RedeployFromQuarter& redeploy = proto.redeploy_from_quarter();
      const std::string redeploy_path = FieldPath(path, "redeploy_from_quarter");
      std::optional<Quarter> quarter = QuarterFromProto(redeploy.quarter());
      if (!quarter) {
        BadEnum(problems, FieldPath(redeploy_path, "quarter"), "quarter", redeploy.quarter());
      }
      std::optional<SegmentAddress> target;
      bool target_ok = true;
      if (redeploy.has_target()) {
        target = SegmentFromProto(redeploy.target(), {nullptr, state},
                                  FieldPath(redeploy_path, "target"), problems);
        target_ok = target.has_value() || state == nullptr;
      }
      if (quarter && target_ok) {
        action = RedeployFromQuarterAction{*quarter, redeploy.followers(), redeploy.big_followers(),
                                           target};
      }
      break;
    }
    case v1::Action::kMoveWagon: {
      const std::string segment_path = FieldPath(path, "move_wagon.segment");
      if (!proto.move_wagon().has_segment()) {
        Add(problems, segment_path, "the segment to move the wagon onto is required");
      } else if (std::optional<SegmentAddress> segment = SegmentFromProto(
                     proto.move_wagon().segment(), {nullptr, state}, segment_path, problems)) {
        action = MoveWagonAction{*segment};
      }
      break;
    }
    case v1::Action::kBuildCastle:
      action = BuildCastleAction{};
      break;
    case v1::Action::kEscapeSiege: {
      const v1::EscapeSiege& escape = proto.escape_siege();
      const std::string escape_path = FieldPath(path, "escape_siege");
      std::optional<FigureKind> kind = FigureKindFromProto(escape.kind());
      if (!kind) BadEnum(problems, FieldPath(escape_path, "kind"), "figure kind", escape.kind());
      const std::string segment_path = FieldPath(escape_path, "segment");
      std::optional<SegmentAddress> segment;
      if (!escape.has_segment()) {
        Add(problems, segment_path, "the segment of the follower that escapes is required");
      } else {
        segment = SegmentFromProto(escape.segment(), {nullptr, state}, segment_path, problems);
      }
      if (kind && segment) action = EscapeSiegeAction{*kind, *segment};
      break;
    }
    case v1::Action::kPlaceBarn: {
      const std::optional<Corner> corner = CornerFromProto(proto.place_barn().corner());
      if (!corner) {
        BadEnum(problems, FieldPath(path, "place_barn.corner"), "corner",
                proto.place_barn().corner());
      } else {
        action = PlaceBarnAction{*corner};
      }
      break;
    }
    case v1::Action::ACTION_NOT_SET:
      Add(problems, std::string(path),
          "no decision is set: choose one of place_tile, place_figure, pass, discard_tile, "
          "move_magic_figure, set_aside_magic_figure, deploy_to_quarter, "
          "redeploy_from_quarter, move_wagon, build_castle, place_barn, escape_siege");
      break;
  }
  // AMB-49: the seat taking the decision (unset: the deciding player's).
  if (action && proto.has_actor()) action->actor = proto.actor();
  if (problems.size() != before || !action || state == nullptr) return std::nullopt;
  PrefixProblems(CheckAction(*state, *action), path, problems);
  if (problems.size() != before) return std::nullopt;
  return action;
}

GameState WithTilesPlacedBy(const GameState& state, std::span<const Action> actions) {
  GameState augmented = state;
  for (const Action& action : actions) {
    if (const auto* place = std::get_if<PlaceTileAction>(&action)) {
      augmented.tiles.push_back({place->tile, place->cell, place->rotation});
    }
  }
  return augmented;
}

// ----- engine -> proto -------------------------------------------------------

void SegmentRefToProto(const SegmentAddress& segment, const GameState& naming,
                       v1::SegmentRef* proto) {
  proto->set_x(segment.cell.x);
  proto->set_y(segment.cell.y);
  if (std::optional<Location> location = CanonicalLocation(naming, segment)) {
    proto->set_location(LocationToProto(*location));
    return;
  }
  const PlacedTile* tile = FirstTileOn(naming, segment.cell);
  if (tile != nullptr && segment.segment_index >= 0 &&
      segment.segment_index < static_cast<int>(tile->type->segments.size())) {
    proto->set_segment_id(ToString(tile->type->segments[segment.segment_index].id));
  }
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
  if (state.rules.count_final_redeploy == CountFinalRedeploy::kMarketOnly) {
    rules->set_count_final_redeploy(v1::COUNT_FINAL_REDEPLOY_MARKET_ONLY);
  }
  if (state.rules.count_river_layout == CountRiverLayout::kRiverFirstHouseRule) {
    rules->set_count_river_layout(v1::COUNT_RIVER_LAYOUT_RIVER_FIRST_HOUSE_RULE);
  }
  if (state.rules.bc_bridges) rules->set_bc_bridges(true);
  if (state.rules.bc_castles) rules->set_bc_castles(true);
  if (state.rules.bc_bazaars) rules->set_bc_bazaars(true);
  if (state.rules.cult_tiles == CultTiles::kHereticsAndShrinesFive) {
    rules->set_cult_tile_set(v1::CULT_TILE_SET_HERETICS_AND_SHRINES_5);
  }
  if (state.rules.siege_pig_besieged_value == SiegePigBesiegedValue::kPlusOne) {
    rules->set_siege_pig_besieged_value(v1::SIEGE_PIG_BESIEGED_VALUE_PLUS_ONE);
  }
  if (state.rules.siege_escape_adjacency == SiegeEscapeAdjacency::kAnyCityTile) {
    rules->set_siege_escape_adjacency(v1::SIEGE_ESCAPE_ADJACENCY_ANY_CITY_TILE);
  }
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
    if (!(player.goods == TradeGoods{}))
      TradeGoodsToProto(player.goods, player_proto->mutable_goods());
  }
  for (const PlacedTile& tile : state.tiles) {
    v1::PlacedTile* tile_proto = proto->add_tiles();
    tile_proto->set_tile_type(ToString(tile.type->id));
    tile_proto->set_x(tile.cell.x);
    tile_proto->set_y(tile.cell.y);
    tile_proto->set_rotation(tile.rotation.degrees());
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
  if (state.mage || state.witch) {
    v1::MagicFigures* magic = proto->mutable_magic_figures();
    if (state.mage) SegmentRefToProto(*state.mage, state, magic->mutable_mage());
    if (state.witch) SegmentRefToProto(*state.witch, state, magic->mutable_witch());
  }
  proto->set_magic_step(MagicStepToProto(state.magic_step));
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
  const bool write_pending = !state.pending_scorings.empty() && state.phase != Phase::kPlaceCastle;
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
  }
}

void ActionToProto(const Action& action, const GameState& naming, v1::Action* proto) {
  std::visit(
      [&](const auto& chosen) {
        using T = std::decay_t<decltype(chosen)>;
        if constexpr (std::is_same_v<T, PlaceTileAction>) {
          v1::PlaceTile* place = proto->mutable_place_tile();
          place->set_tile_type(ToString(chosen.tile->id));
          place->set_x(chosen.cell.x);
          place->set_y(chosen.cell.y);
          place->set_rotation(chosen.rotation.degrees());
        } else if constexpr (std::is_same_v<T, PlaceFigureAction>) {
          v1::PlaceFigure* place = proto->mutable_place_figure();
          place->set_kind(FigureKindToProto(chosen.kind));
          SegmentRefToProto(chosen.segment, naming, place->mutable_segment());
        } else if constexpr (std::is_same_v<T, PassAction>) {
          proto->mutable_pass();
        } else if constexpr (std::is_same_v<T, DiscardTileAction>) {
          proto->mutable_discard_tile()->set_tile_type(ToString(chosen.tile->id));
        } else if constexpr (std::is_same_v<T, MoveMagicFigureAction>) {
          v1::MoveMagicFigure* move = proto->mutable_move_magic_figure();
          move->set_figure(MagicFigureToProto(chosen.figure));
          SegmentRefToProto(chosen.segment, naming, move->mutable_segment());
        } else if constexpr (std::is_same_v<T, SetAsideMagicFigureAction>) {
          proto->mutable_set_aside_magic_figure()->set_figure(MagicFigureToProto(chosen.figure));
        } else if constexpr (std::is_same_v<T, BuildCastleAction>) {
          proto->mutable_build_castle();
        } else if constexpr (std::is_same_v<T, EscapeSiegeAction>) {
          v1::EscapeSiege* escape = proto->mutable_escape_siege();
          escape->set_kind(FigureKindToProto(chosen.kind));
          SegmentRefToProto(chosen.segment, naming, escape->mutable_segment());
        } else if constexpr (std::is_same_v<T, PlaceBarnAction>) {
          proto->mutable_place_barn()->set_corner(CornerToProto(chosen.corner));
        } else if constexpr (std::is_same_v<T, MoveWagonAction>) {
          SegmentRefToProto(chosen.segment, naming, proto->mutable_move_wagon()->mutable_segment());
        } else if constexpr (std::is_same_v<T, DeployToQuarterAction>) {
          v1::DeployToQuarter* deploy = proto->mutable_deploy_to_quarter();
          deploy->set_kind(FigureKindToProto(chosen.kind));
          deploy->set_quarter(QuarterToProto(chosen.quarter));
          if (chosen.move_count_to)
            deploy->set_move_count_to(QuarterToProto(*chosen.move_count_to));
        } else if constexpr (std::is_same_v<T, RedeployFromQuarterAction>) {
          v1::RedeployFromQuarter* redeploy = proto->mutable_redeploy_from_quarter();
          redeploy->set_quarter(QuarterToProto(chosen.quarter));
          redeploy->set_followers(chosen.followers);
          redeploy->set_big_followers(chosen.big_followers);
          if (chosen.target) SegmentRefToProto(*chosen.target, naming, redeploy->mutable_target());
        }
        // Any other engine action has no message in this API version: left unset.
      },
      action);
  if (action.actor) proto->set_actor(*action.actor);  // AMB-49
}

v1::ViolationCode ViolationCodeToProto(ViolationCode code) {
  // The engine's numbering is the API's (verdict.h).
  const int value = static_cast<int>(code);
  if (!v1::ViolationCode_IsValid(value)) return v1::VIOLATION_CODE_UNSPECIFIED;
  return static_cast<v1::ViolationCode>(value);
}

v1::FeatureKind FeatureKindToProto(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::kRoad:
      return v1::FEATURE_KIND_ROAD;
    case FeatureKind::kCity:
      return v1::FEATURE_KIND_CITY;
    case FeatureKind::kMonastery:
      return v1::FEATURE_KIND_MONASTERY;
    case FeatureKind::kField:
      return v1::FEATURE_KIND_FIELD;
    case FeatureKind::kTradeGoods:
      return v1::FEATURE_KIND_TRADE_GOODS;
    case FeatureKind::kKing:
      return v1::FEATURE_KIND_KING;
    case FeatureKind::kRobberBaron:
      return v1::FEATURE_KIND_ROBBER_BARON;
    case FeatureKind::kCastle:
      return v1::FEATURE_KIND_CASTLE;
    default:  // an engine value this API version cannot express (yet)
      break;
  }
  return v1::FEATURE_KIND_UNSPECIFIED;
}

void VerdictToProto(const Verdict& verdict, const GameState& naming, v1::Verdict* proto) {
  proto->set_legal(verdict.legal());
  for (const Violation& violation : verdict.violations) {
    v1::Violation* violation_proto = proto->add_violations();
    violation_proto->set_code(ViolationCodeToProto(violation.code));
    violation_proto->set_message(violation.message);
    if (violation.cell) {
      v1::SegmentRef* location = violation_proto->mutable_location();
      if (violation.segment_index) {
        SegmentRefToProto({*violation.cell, *violation.segment_index}, naming, location);
      } else {
        location->set_x(violation.cell->x);
        location->set_y(violation.cell->y);
      }
    }
    violation_proto->set_rule_id(ToString(violation.rule_id));
  }
}

void ScoreEventToProto(const ScoreEvent& event, const GameState& naming, v1::ScoreEvent* proto) {
  proto->set_feature_kind(FeatureKindToProto(event.feature_kind));
  proto->set_trigger(TriggerToProto(event.trigger));
  proto->set_complete(event.complete);
  for (Position cell : event.tiles) CellToProto(cell, proto->add_tiles());
  for (const SegmentAddress& segment : event.segments) {
    SegmentRefToProto(segment, naming, proto->add_segments());
  }
  for (int player : event.majority_players) proto->add_majority_players(player);
  proto->set_majority_strength(event.majority_strength);
  for (const PlayerPoints& points : event.points) {
    v1::PlayerPoints* points_proto = proto->add_points();
    points_proto->set_player(points.player);
    points_proto->set_points(points.points);
  }
  for (const LineItem& item : event.line_items) {
    v1::LineItem* item_proto = proto->add_line_items();
    item_proto->set_description(item.description);
    item_proto->set_count(item.count);
    item_proto->set_points_each(item.points_each);
    item_proto->set_points(item.points);
    item_proto->set_rule_id(ToString(item.rule_id));
    if (item.player >= 0) item_proto->set_player(item.player);
  }
  for (const Figure& figure : event.returned_figures) {
    FigureToProto(figure, naming, proto->add_returned_figures());
  }
  if (event.goods_player >= 0) {
    proto->set_goods_player(event.goods_player);
    TradeGoodsToProto(event.goods_taken, proto->mutable_goods_taken());
  }
  if (event.goods_kind != Goods::kNone) proto->set_goods_kind(GoodsToProto(event.goods_kind));
  if (event.award) {
    v1::KingRobberAward* award = proto->mutable_award();
    if (event.award->holder) award->set_holder(*event.award->holder);
    award->set_record(event.award->record);
    award->set_transferred(event.award->transferred);
    if (event.award->previous_holder) award->set_previous_holder(*event.award->previous_holder);
  }
}

void ScoreEventsToProto(std::span<const ScoreEvent> events, const GameState& naming,
                        google::protobuf::RepeatedPtrField<v1::ScoreEvent>* proto) {
  for (const ScoreEvent& event : events) ScoreEventToProto(event, naming, proto->Add());
}

void LegalActionsToProto(const LegalActions& legal, const GameState& state, const TileType* drawn,
                         v1::ListLegalActionsResponse* proto) {
  for (const Action& action : legal.actions) ActionToProto(action, state, proto->add_actions());
  for (const LegalPlacement& placement : legal.placements) {
    v1::LegalPlacement* placement_proto = proto->add_placements();
    placement_proto->set_x(placement.cell.x);
    placement_proto->set_y(placement.cell.y);
    placement_proto->set_rotation(placement.rotation.degrees());
    if (drawn == nullptr) continue;
    // The tile is not on the board yet: name its segments as placed there.
    GameState single;
    single.tiles.push_back({drawn, placement.cell, placement.rotation});
    for (int segment : placement.follower_segments) {
      SegmentRefToProto({placement.cell, segment}, single, placement_proto->add_figure_segments());
    }
  }
}

void FinalScoringToProto(const FinalScoring& scoring, const GameState& state,
                         v1::ScoreGameResponse* proto) {
  ScoreEventsToProto(scoring.events, state, proto->mutable_events());
  for (int score : scoring.final_scores) proto->add_final_scores(score);
}

v1::FigureKind FigureKindEnumToProto(FigureKind kind) { return FigureKindToProto(kind); }
v1::SegmentKind SegmentKindEnumToProto(SegmentKind kind) { return SegmentKindToProto(kind); }
void FigureOnBoardToProto(const Figure& figure, const GameState& naming, v1::Figure* proto) {
  FigureToProto(figure, naming, proto);
}

const v1::GetCatalogResponse& CatalogProto() {
  // Built once, on first use (thread-safe static initialisation), never freed.
  static const v1::GetCatalogResponse* const catalog = new v1::GetCatalogResponse(BuildCatalog());
  return *catalog;
}

}  // namespace carcassonne::service

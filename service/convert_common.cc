// The conversions every other convert_*.cc uses (convert_internal.h): enums
// both ways, field paths and problems, segment references and small messages.
// (Over 600 lines: one two-way table per enum of the protocol, side by side so
// that a new value is added in one place.)
// Why one file: the enum tables between proto and engine, each a pair of switches kept together.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>
#include <variant>

#include "absl/container/flat_hash_set.h"
#include "engine/board.h"
#include "engine/rule_options.h"
#include "engine/text.h"
#include "service/convert.h"
#include "service/convert_internal.h"

namespace carcassonne::service {

std::string Quoted(std::string_view text) {
  if (text.size() > kMaxEchoBytes) {
    size_t end = kMaxEchoBytes;
    // Do not cut a multi-byte character: back off over continuation bytes.
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    return Cat("\"", text.substr(0, end), "...\"");
  }
  return Cat("\"", text, "\"");
}

void Add(FieldProblems& problems, std::string field, std::string description, ErrorReason reason) {
  problems.push_back({std::move(field), std::move(description), reason});
}

// ----- enums: proto -> engine ----------------------------------------------

// Reports an enum field that is UNSPECIFIED where a value is required, or out
// of range.
void BadEnum(FieldProblems& problems, std::string field, std::string_view what, int value) {
  if (value == 0) {
    Add(problems, std::move(field), Cat(what, " is required (it is unset or UNSPECIFIED)"),
        ErrorReason::kFieldRequired);
  } else {
    Add(problems, std::move(field), Cat("unknown ", what, " value ", value),
        ErrorReason::kEnumValueInvalid);
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
    case v1::EXPANSION_HILLS_AND_SHEEP:
      return Expansion::kHillsAndSheep;
    case v1::EXPANSION_PRINCESS_AND_DRAGON:
      return Expansion::kPrincessAndDragon;
    case v1::EXPANSION_UNDER_THE_BIG_TOP:
      return Expansion::kUnderTheBigTop;
    case v1::EXPANSION_TOWER:
      return Expansion::kTower;
    case v1::EXPANSION_ABBOT:
      return Expansion::kAbbot;
    case v1::EXPANSION_FESTIVAL:
      return Expansion::kFestival;
    case v1::EXPANSION_PHANTOM:
      return Expansion::kPhantom;
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
    case v1::PHASE_DRAGON_MOVE:
      return Phase::kDragonMove;
    case v1::PHASE_FINAL_ABBEY:
      return Phase::kFinalAbbey;
    case v1::PHASE_TOWER_CAPTURE:
      return Phase::kTowerCapture;
    case v1::PHASE_TOWER_EXCHANGE:
      return Phase::kTowerExchange;
    case v1::PHASE_TEND_FLOCK:
      return Phase::kTendFlock;
    case v1::PHASE_BAZAAR_DRAW:
      return Phase::kBazaarDraw;
    case v1::PHASE_BAZAAR_OFFER:
      return Phase::kBazaarOffer;
    case v1::PHASE_BAZAAR_BID:
      return Phase::kBazaarBid;
    case v1::PHASE_BAZAAR_SETTLE:
      return Phase::kBazaarSettle;
    case v1::PHASE_PLACE_PHANTOM:
      return Phase::kPlacePhantom;
    default:
      return std::nullopt;
  }
}

std::optional<SheepToken> SheepTokenFromProto(int value) {
  switch (value) {
    case v1::SHEEP_TOKEN_ONE_SHEEP:
      return SheepToken::kOneSheep;
    case v1::SHEEP_TOKEN_TWO_SHEEP:
      return SheepToken::kTwoSheep;
    case v1::SHEEP_TOKEN_THREE_SHEEP:
      return SheepToken::kThreeSheep;
    case v1::SHEEP_TOKEN_FOUR_SHEEP:
      return SheepToken::kFourSheep;
    case v1::SHEEP_TOKEN_WOLF:
      return SheepToken::kWolf;
    default:
      return std::nullopt;
  }
}

v1::SheepToken SheepTokenToProto(SheepToken token) {
  switch (token) {
    case SheepToken::kOneSheep:
      return v1::SHEEP_TOKEN_ONE_SHEEP;
    case SheepToken::kTwoSheep:
      return v1::SHEEP_TOKEN_TWO_SHEEP;
    case SheepToken::kThreeSheep:
      return v1::SHEEP_TOKEN_THREE_SHEEP;
    case SheepToken::kFourSheep:
      return v1::SHEEP_TOKEN_FOUR_SHEEP;
    case SheepToken::kWolf:
      return v1::SHEEP_TOKEN_WOLF;
  }
  return v1::SHEEP_TOKEN_UNSPECIFIED;
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

std::optional<Animal> AnimalFromProto(int value, std::string field, FieldProblems& problems) {
  if (value == v1::ANIMAL_TOKEN_UNSPECIFIED) return std::nullopt;
  if (!v1::AnimalToken_IsValid(value)) {
    BadEnum(problems, std::move(field), "animal token", value);
    return std::nullopt;
  }
  // ANIMAL_TOKEN_FLEA .. ANIMAL_TOKEN_ELEPHANT follow Animal's order from 1.
  return static_cast<Animal>(value - v1::ANIMAL_TOKEN_FLEA);
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
    case v1::FIGURE_KIND_RINGMASTER:
      return FigureKind::kRingmaster;
    case v1::FIGURE_KIND_SHEPHERD:
      return FigureKind::kShepherd;
    case v1::FIGURE_KIND_ABBOT:
      return FigureKind::kAbbot;
    case v1::FIGURE_KIND_PHANTOM:
      return FigureKind::kPhantom;
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
    case Expansion::kHillsAndSheep:
      return v1::EXPANSION_HILLS_AND_SHEEP;
    case Expansion::kPrincessAndDragon:
      return v1::EXPANSION_PRINCESS_AND_DRAGON;
    case Expansion::kUnderTheBigTop:
      return v1::EXPANSION_UNDER_THE_BIG_TOP;
    case Expansion::kTower:
      return v1::EXPANSION_TOWER;
    case Expansion::kAbbot:
      return v1::EXPANSION_ABBOT;
    case Expansion::kFestival:
      return v1::EXPANSION_FESTIVAL;
    case Expansion::kPhantom:
      return v1::EXPANSION_PHANTOM;
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
    case Phase::kDragonMove:
      return v1::PHASE_DRAGON_MOVE;
    case Phase::kFinalAbbey:
      return v1::PHASE_FINAL_ABBEY;
    case Phase::kTowerCapture:
      return v1::PHASE_TOWER_CAPTURE;
    case Phase::kTowerExchange:
      return v1::PHASE_TOWER_EXCHANGE;
    case Phase::kTendFlock:
      return v1::PHASE_TEND_FLOCK;
    case Phase::kBazaarDraw:
      return v1::PHASE_BAZAAR_DRAW;
    case Phase::kBazaarOffer:
      return v1::PHASE_BAZAAR_OFFER;
    case Phase::kBazaarBid:
      return v1::PHASE_BAZAAR_BID;
    case Phase::kBazaarSettle:
      return v1::PHASE_BAZAAR_SETTLE;
    case Phase::kPlacePhantom:
      return v1::PHASE_PLACE_PHANTOM;
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

v1::AnimalToken AnimalToProto(std::optional<Animal> animal) {
  if (!animal) return v1::ANIMAL_TOKEN_UNSPECIFIED;
  return static_cast<v1::AnimalToken>(static_cast<int>(*animal) + v1::ANIMAL_TOKEN_FLEA);
}

std::optional<BridgeAxis> BridgeAxisFromProto(int value, std::string field,
                                              FieldProblems& problems) {
  switch (value) {
    case v1::BRIDGE_AXIS_UNSPECIFIED:
      return std::nullopt;
    case v1::BRIDGE_AXIS_NORTH_SOUTH:
      return BridgeAxis::kNorthSouth;
    case v1::BRIDGE_AXIS_EAST_WEST:
      return BridgeAxis::kEastWest;
    default:
      BadEnum(problems, std::move(field), "bridge axis", value);
      return std::nullopt;
  }
}

v1::BridgeAxis BridgeAxisToProto(std::optional<BridgeAxis> axis) {
  if (!axis) return v1::BRIDGE_AXIS_UNSPECIFIED;
  return *axis == BridgeAxis::kNorthSouth ? v1::BRIDGE_AXIS_NORTH_SOUTH : v1::BRIDGE_AXIS_EAST_WEST;
}

std::optional<BridgePlacement> BridgeFromProto(const v1::Bridge& proto, std::string_view path,
                                               FieldProblems& problems) {
  const std::string axis_path = FieldPath(path, "axis");
  const bool within = CheckCoordinates(
      proto, [path] { return path; }, problems);
  const std::optional<BridgeAxis> axis = BridgeAxisFromProto(proto.axis(), axis_path, problems);
  if (!within) return std::nullopt;
  if (!axis) {
    if (proto.axis() == v1::BRIDGE_AXIS_UNSPECIFIED) {
      Add(problems, axis_path, "a bridge needs its axis", ErrorReason::kFieldRequired);
    }
    return std::nullopt;
  }
  return BridgePlacement{Position{proto.x(), proto.y()}, *axis};
}

void BridgeToProto(const BridgePlacement& bridge, v1::Bridge* proto) {
  proto->set_x(bridge.cell.x);
  proto->set_y(bridge.cell.y);
  proto->set_axis(BridgeAxisToProto(bridge.axis));
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
    case FigureKind::kRingmaster:
      return v1::FIGURE_KIND_RINGMASTER;
    case FigureKind::kShepherd:
      return v1::FIGURE_KIND_SHEPHERD;
    case FigureKind::kAbbot:
      return v1::FIGURE_KIND_ABBOT;
    case FigureKind::kPhantom:
      return v1::FIGURE_KIND_PHANTOM;
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
    case ScoringTrigger::kStartOfTurn:
      return v1::SCORING_TRIGGER_START_OF_TURN;
    case ScoringTrigger::kRansom:
      return v1::SCORING_TRIGGER_RANSOM;
    case ScoringTrigger::kFlockDriven:
      return v1::SCORING_TRIGGER_FLOCK_DRIVEN;
    case ScoringTrigger::kFieldClosed:
      return v1::SCORING_TRIGGER_FIELD_CLOSED;
    case ScoringTrigger::kWolf:
      return v1::SCORING_TRIGGER_WOLF;
    case ScoringTrigger::kAbbotRetreat:
      return v1::SCORING_TRIGGER_ABBOT_RETREAT;
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
    case Terrain::kAbbey:
      return v1::TERRAIN_ABBEY;
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
    case SegmentKind::kCircusSpace:
      return v1::SEGMENT_KIND_CIRCUS_SPACE;
    case SegmentKind::kAcrobatSpace:
      return v1::SEGMENT_KIND_ACROBAT_SPACE;
    case SegmentKind::kTowerFoundation:
      return v1::SEGMENT_KIND_TOWER_FOUNDATION;
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

std::string ToString(std::string_view text) { return std::string(text); }

// The first placed tile on `cell`, as the engine's lookups see it.
const PlacedTile* FirstTileOn(const GameState& state, Position cell) {
  for (const PlacedTile& tile : state.tiles) {
    if (tile.cell == cell) return &tile;
  }
  return nullptr;
}

// The number of tile types in the catalogue, and a type's position in it.
int CatalogueTypeCount() { return Catalogue::Get().type_count(); }
int CatalogueRank(const TileType* type) { return Catalogue::Get().Rank(type); }

std::optional<Rotation> RotationFromProto(int degrees, std::string field, FieldProblems& problems) {
  std::optional<Rotation> rotation = Rotation::FromDegrees(degrees);
  if (!rotation) {
    Add(problems, std::move(field),
        Cat("rotation must be 0, 90, 180 or 270 degrees, not ", degrees),
        ErrorReason::kRotationInvalid);
  }
  return rotation;
}

std::optional<SegmentAddress> SegmentFromProto(const v1::SegmentRef& proto, TileLookup tiles,
                                               std::string_view path, FieldProblems& problems) {
  return ReadSegment(
      proto, tiles, [path] { return path; }, problems);
}

void PrefixProblems(const std::vector<Problem>& engine_problems, std::string_view path,
                    ErrorReason reason, FieldProblems& problems) {
  for (const Problem& problem : engine_problems) {
    Add(problems, FieldPath(path, problem.field), problem.message, reason);
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

std::string FieldPath(std::string_view path, std::string_view name) {
  if (path.empty()) return std::string(name);
  if (name.empty()) return std::string(path);
  return Cat(path, ".", name);
}

std::string IndexPath(std::string_view path, int index) { return Cat(path, "[", index, "]"); }

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
    case FeatureKind::kCircus:
      return v1::FEATURE_KIND_CIRCUS;
    case FeatureKind::kFairy:
      return v1::FEATURE_KIND_FAIRY;
    case FeatureKind::kRansom:
      return v1::FEATURE_KIND_RANSOM;
    case FeatureKind::kFlock:
      return v1::FEATURE_KIND_FLOCK;
    case FeatureKind::kGarden:
      return v1::FEATURE_KIND_GARDEN;
    case FeatureKind::kBazaar:
      return v1::FEATURE_KIND_BAZAAR;
    default:  // an engine value this API version cannot express (yet)
      break;
  }
  return v1::FEATURE_KIND_UNSPECIFIED;
}

v1::FigureKind FigureKindEnumToProto(FigureKind kind) { return FigureKindToProto(kind); }
v1::SegmentKind SegmentKindEnumToProto(SegmentKind kind) { return SegmentKindToProto(kind); }
void FigureOnBoardToProto(const Figure& figure, const GameState& naming, v1::Figure* proto) {
  FigureToProto(figure, naming, proto);
}

}  // namespace carcassonne::service

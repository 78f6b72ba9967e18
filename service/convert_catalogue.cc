// The catalogue of this build as GetCatalog answers it: tile sets, tile types
// and their segments, rule options, known gaps, supported expansions.
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

namespace {

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
        if (segment.shared_sides != 0 && segment.shared_with >= 0) {
          for (Side side : kAllSides) {
            if (segment.shared_sides & (1u << SideIndex(side))) {
              segment_proto->set_shared_side(LocationToProto(EdgeLocation(side)));
            }
          }
          segment_proto->set_shared_with(ToString(type.segments[segment.shared_with].id));
        }
        segment_proto->set_princess(segment.princess);
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
      type_proto->set_hill(type.hill);
      type_proto->set_vineyard(type.vineyard);
      type_proto->set_volcano(type.volcano);
      type_proto->set_dragon_symbol(type.dragon_symbol);
      type_proto->set_magic_portal(type.magic_portal);
      // AB-01: the garden edition.
      if (type.garden_edition_count >= 0) {
        type_proto->set_garden_edition_count(type.garden_edition_count);
      }
      type_proto->set_garden_twin_of(ToString(type.garden_twin_of));
      type_proto->set_festival(type.festival);  // FV-01
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

const v1::GetCatalogResponse& CatalogProto() {
  // Built once, on first use (thread-safe static initialisation), never freed.
  static const v1::GetCatalogResponse* const catalog = new v1::GetCatalogResponse(BuildCatalog());
  return *catalog;
}

}  // namespace carcassonne::service

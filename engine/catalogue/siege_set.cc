// Siege: 10 tile types, one tile each: The Cathars (siege:ca1 .. ca4; also
// Rio Grande's Siege tiles, same layouts) and The Besiegers (siege:be1 ..
// be6), as printed, in catalogue orientation (rotation 0, north up); each
// city carries the siege symbol (.Besieged(), SI-01, SI-02) and each tile its
// product (.InPart(...)). Transcribes shared/reference/tiles/siege.yaml line
// by line: same order, segment order and local ids;
// tests/engine/catalogue_test.cc checks it against that file. The table's
// vocabulary is in engine/catalogue/tile_data.h.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kSiegeTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("siege:ca1", 1, {kCity, kField, kField, kField}, "city N (besieged)",
       City("c1", {N}).Besieged(),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .InPart("cathars"),
  Tile("siege:ca2", 1, {kCity, kRoad, kField, kRoad}, "city N (besieged); road E-W",
       City("c1", {N}).Besieged(),
       Road("r1", {E, W}),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .InPart("cathars"),
  Tile("siege:ca3", 1, {kCity, kField, kField, kCity}, "city N+W (besieged)",
       City("c1", {N, W}).Besieged(),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"}))
      .InPart("cathars"),
  Tile("siege:ca4", 1, {kCity, kRoad, kRoad, kCity}, "city N+W (besieged); road E-S",
       City("c1", {N, W}).Besieged(),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .InPart("cathars"),
  Tile("siege:be1", 1, {kCity, kCity, kField, kCity}, "city N+E+W (besieged)",
       City("c1", {N, E, W}).Besieged(),
       Field("f1", {SSE, SSW}, {"c1"}))
      .InPart("besiegers"),
  Tile("siege:be2", 1, {kCity, kRoad, kField, kCity},
       "city N+W (besieged); road E (ends on tile)",
       City("c1", {N, W}).Besieged(),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .InPart("besiegers"),
  Tile("siege:be3", 1, {kCity, kField, kRoad, kField}, "city N (besieged); road S (ends on tile)",
       City("c1", {N}).Besieged(),
       Road("r1", {S}),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"})
      .InPart("besiegers"),
  Tile("siege:be4", 1, {kCity, kRoad, kRoad, kField}, "city N (besieged); road E-S",
       City("c1", {N}).Besieged(),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .InPart("besiegers"),
  Tile("siege:be5", 1, {kCity, kField, kRoad, kCity},
       "city N+W (besieged); road S (ends on tile)",
       City("c1", {N, W}).Besieged(),
       Road("r1", {S}),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"})
      .InPart("besiegers"),
  Tile("siege:be6", 1, {kCity, kField, kRoad, kRoad}, "city N (besieged); road S-W",
       City("c1", {N}).Besieged(),
       Road("r1", {S, W}),
       Field("f1", {ENE, ESE, SSE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}))
      .InPart("besiegers"),
};
// clang-format on

static_assert(AllCityReferencesResolve(kSiegeTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kSiegeTiles), "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kSiegeTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kSiegeTiles.size() == 10, "Siege has 10 tile types");
static_assert(TotalCount(kSiegeTiles) == 10, "The Cathars (4) and The Besiegers (6): 10 tiles");

}  // namespace
}  // namespace tile_data

const TileSet& SiegeTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "siege", "Siege: The Cathars (4 tiles) and The Besiegers (6 tiles)", tile_data::kSiegeTiles);
  return *set;
}

}  // namespace carcassonne

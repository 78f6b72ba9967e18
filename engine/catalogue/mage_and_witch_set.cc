// Mage & Witch: 8 tile types, mw:1 .. mw:8 (one tile each), as printed, in
// catalogue orientation (rotation 0, north up). Counts are the classic
// edition's (the garden
// edition's twins, count 0, come last: .GardenTwinOf, the Abbot). Transcribes
// shared/reference/tiles/mage-and-witch.yaml line by line: same order, segment
// order and local ids; tests/engine/catalogue_test.cc checks it against that
// file. The table's vocabulary is in engine/catalogue/tile_data.h.
//
// Every tile carries the magic symbol (.WithMagicSymbol()): placing it obliges
// the player to place or move the mage or the witch.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kMageAndWitchTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("mw:1", 1, {kCity, kRoad, kRoad, kRoad},
       "city N; road E (ends on tile); road S (ends on tile); road W (ends on tile); magic symbol",
       City("c1", {N}),
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}),
       Field("f3", {ESE, SSE}))
      .Connects({"r1", "r2", "r3"})
      .WithMagicSymbol(),
  Tile("mw:2", 1, {kCity, kRoad, kRoad, kCity}, "city N+W; road E-S; magic symbol",
       City("c1", {N, W}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .WithMagicSymbol(),
  Tile("mw:3", 1, {kCity, kCity, kRoad, kCity},
       "city W; city N; city E; road S (ends on tile); magic symbol",
       City("c1", {W}),
       City("c2", {N}),
       City("c3", {E}),
       Road("r1", {S}),
       Field("f1", {SSW}, {"c1", "c2", "c3"}),
       Field("f2", {SSE}, {"c3"}))
      .Connects({"r1", "c3"})
      .WithMagicSymbol(),
  Tile("mw:4", 1, {kRoad, kCity, kRoad, kCity},
       "city E+W; road N (ends on tile); road S (ends on tile); magic symbol",
       City("c1", {E, W}),
       Road("r1", {N}),
       Road("r2", {S}),
       Field("f1", {NNW}, {"c1"}),
       Field("f2", {NNE}, {"c1"}),
       Field("f3", {SSE}, {"c1"}),
       Field("f4", {SSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c1"})
      .WithMagicSymbol(),
  Tile("mw:5", 1, {kCity, kField, kCity, kField}, "city N; city S; magic symbol",
       City("c1", {N}),
       City("c2", {S}),
       Field("f1", {ENE, ESE, WSW, WNW}, {"c1", "c2"}))
      .WithMagicSymbol(),
  Tile("mw:6", 1, {kCity, kCity, kRoad, kCity}, "city N+E+W; road S (ends on tile); magic symbol",
       City("c1", {N, E, W}),
       Road("r1", {S}),
       Field("f1", {SSE}, {"c1"}),
       Field("f2", {SSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .WithMagicSymbol(),
  Tile("mw:7", 1, {kCity, kRoad, kRoad, kRoad},
       "city N; road E (ends on tile); road S-W; magic symbol",
       City("c1", {N}),
       Road("r1", {E}),
       Road("r2", {S, W}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE, WNW}, {"c1"}),
       Field("f3", {SSW, WSW}))
      .Connects({"r1", "c1"})
      .WithMagicSymbol(),
  Tile("mw:8", 1, {kCity, kRoad, kRoad, kCity}, "city N; city W; road E-S; magic symbol",
       City("c1", {N}),
       City("c2", {W}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1", "c2"}),
       Field("f2", {ESE, SSE}))
      .WithMagicSymbol(),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("mw:8g", 0, {kCity, kRoad, kRoad, kCity}, "city N; city W; road E-S; garden; magic symbol; garden twin of mw:8",
       City("c1", {N}),
       City("c2", {W}),
       Road("r1", {E, S}),
       Garden("g1"),
       Field("f1", {ENE, SSW}, {"c1", "c2"}),
       Field("f2", {ESE, SSE}))
      .WithMagicSymbol().GardenTwinOf("mw:8", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kMageAndWitchTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kMageAndWitchTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kMageAndWitchTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kMageAndWitchTiles.size() == 8 + 1,
              "Mage & Witch has 8 tile types and 1 garden twin");
static_assert(TotalCount(kMageAndWitchTiles) == 8, "Mage & Witch has 8 tiles");

}  // namespace
}  // namespace tile_data

const TileSet& MageAndWitchTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set =
      tile_data::NewTileSet("mw", "Mage & Witch (8 land tiles, each with the magic symbol)",
                            tile_data::kMageAndWitchTiles);
  return *set;
}

}  // namespace carcassonne

// Bridges, Castles & Bazaars: the 12 land tiles, 11 tile types bcb:01 ..
// bcb:11 (two bcb:01), as printed, in catalogue orientation (rotation 0,
// north up). Counts are the classic edition's; the garden
// twin bcb:04g (count 0, the Abbot's garden edition, AB-01) comes last. Transcribes
// shared/reference/tiles/bridges-castles-and-bazaars.yaml line by line: same
// order, segment order and local ids; tests/engine/catalogue_test.cc checks
// it against that file. The table's vocabulary is in
// engine/catalogue/tile_data.h.
//
// Symbols: the bazaar (.WithBazaar(), BC-18) is a tile flag, read by the
// bazaars module (engine/expansions/bazaars.h). bcb:04's city may not be
// made a castle (.NoCastleBase(), BC-10). Bridges and castles are pieces,
// not tile facts.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kBridgesCastlesBazaarsTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("bcb:01", 2, {kCity, kCity, kCity, kCity}, "city N+E+S+W; bazaar",
       City("c1", {N, E, S, W})).WithBazaar(),
  Tile("bcb:02", 1, {kCity, kCity, kRoad, kCity},
       "city W; city N; city E; road S (ends on tile)",
       City("c1", {W}),
       City("c2", {N}),
       City("c3", {E}),
       Road("r1", {S}),
       Field("f1", {SSW}, {"c1", "c2", "c3"}),
       Field("f2", {SSE}, {"c3"}))
      .Connects({"r1", "c3"}),
  Tile("bcb:03", 1, {kField, kCity, kField, kCity}, "city E+W; bazaar",
       City("c1", {E, W}),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"})).WithBazaar(),
  Tile("bcb:04", 1, {kField, kRoad, kField, kCity}, "city W; road E (ends on tile)",
       City("c1", {W}).NoCastleBase(),
       Road("r1", {E}),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {ENE}, {"c1"}),
       Field("f3", {ESE, SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("bcb:05", 1, {kCity, kField, kRoad, kField}, "city N; road S (ends on tile); bazaar",
       City("c1", {N}),
       Road("r1", {S}),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"})).WithBazaar(),
  Tile("bcb:06", 1, {kField, kField, kField, kField}, "bazaar",
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW})).WithBazaar(),
  Tile("bcb:07", 1, {kField, kCity, kField, kCity}, "city E+W; monastery",
       City("c1", {E, W}),
       Monastery("m1"),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"}))
      .Connects({"c1", "m1"}),
  Tile("bcb:08", 1, {kField, kRoad, kField, kRoad}, "road E-W; monastery",
       Road("r1", {E, W}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW})),
  Tile("bcb:09", 1, {kField, kField, kRoad, kField},
       "road S (ends on tile) with inn; bazaar",
       Road("r1", {S}).WithInn(),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW})).WithBazaar(),
  Tile("bcb:10", 1, {kRoad, kField, kRoad, kField},
       "road N (ends on tile); road S (ends on tile); bazaar",
       Road("r1", {N}),
       Road("r2", {S}),
       Field("f1", {NNW, SSW, WSW, WNW}),
       Field("f2", {NNE, ENE, ESE, SSE})).WithBazaar(),
  Tile("bcb:11", 1, {kRoad, kField, kRoad, kField},
       "road N (ends on tile); road S (ends on tile) with inn; bazaar",
       Road("r1", {N}),
       Road("r2", {S}).WithInn(),
       Field("f1", {NNW, SSW, WSW, WNW}),
       Field("f2", {NNE, ENE, ESE, SSE})).WithBazaar(),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("bcb:04g", 0, {kField, kRoad, kField, kCity}, "city W; road E (ends on tile); garden; garden twin of bcb:04",
       City("c1", {W}).NoCastleBase(),
       Road("r1", {E}),
       Garden("g1"),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {ENE}, {"c1"}),
       Field("f3", {ESE, SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .GardenTwinOf("bcb:04", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kBridgesCastlesBazaarsTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kBridgesCastlesBazaarsTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kBridgesCastlesBazaarsTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kBridgesCastlesBazaarsTiles.size() == 11 + 1,
              "Bridges, Castles & Bazaars has 11 land tile types and 1 garden twin");
static_assert(TotalCount(kBridgesCastlesBazaarsTiles) == 12,
              "Bridges, Castles & Bazaars has 12 land tiles (BC-01)");

}  // namespace
}  // namespace tile_data

const TileSet& BridgesCastlesBazaarsTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set =
      tile_data::NewTileSet("bcb", "Bridges, Castles and Bazaars (12 land tiles)",
                            tile_data::kBridgesCastlesBazaarsTiles);
  return *set;
}

}  // namespace carcassonne

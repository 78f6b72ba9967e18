// Inns & Cathedrals: 17 tile types, ic:01 .. ic:17 (18 tiles; two ic:01), as
// printed, in catalogue orientation (rotation 0, north up). Counts are the
// classic edition's (the garden
// edition's twins, count 0, come last: .GardenTwinOf, the Abbot). Transcribes
// shared/reference/tiles/inns-and-cathedrals.yaml line by line: same order,
// segment order and local ids; tests/engine/catalogue_test.cc checks it
// against that file. The table's vocabulary is in engine/catalogue/tile_data.h.
//
// Symbols: an inn on a road (.WithInn()), a cathedral in a city
// (.WithCathedral()); ic:07's city may not be made a castle (.NoCastleBase(),
// a Bridges, Castles & Bazaars flag). ic:03 has a field that touches no side.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kInnsAndCathedralsTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("ic:01", 2, {kCity, kCity, kCity, kCity}, "city N+E+S+W (cathedral)",
       City("c1", {N, E, S, W}).WithCathedral()),
  Tile("ic:02", 1, {kField, kRoad, kField, kRoad},
       "road W (ends on tile); road E (ends on tile); monastery",
       Road("r1", {W}),
       Road("r2", {E}),
       Monastery("m1"),
       Field("f1", {ESE, SSE, SSW, WSW}),
       Field("f2", {NNW, NNE, ENE, WNW}))
      .Connects({"r1", "m1"})
      .Connects({"r2", "m1"}),
  Tile("ic:03", 1, {kCity, kCity, kCity, kCity}, "city N; city W; city E; city S",
       City("c1", {N}),
       City("c2", {W}),
       City("c3", {E}),
       City("c4", {S}),
       EnclosedField("f1", {"c1", "c2", "c3", "c4"})),
  Tile("ic:04", 1, {kCity, kCity, kField, kCity}, "city N; city W; city E",
       City("c1", {N}),
       City("c2", {W}),
       City("c3", {E}),
       Field("f1", {SSE, SSW}, {"c1", "c2", "c3"})),
  Tile("ic:05", 1, {kCity, kRoad, kCity, kRoad},
       "city N; city S; road W (ends on tile); road E (ends on tile)",
       City("c1", {N}),
       City("c2", {S}),
       // KR-20, AMB-42: both roads are stubs that end on the tile (the note
       // on ic:05 in the reference facts): not occupiable, and no road for
       // the Robber Baron.
       Road("r1", {W}).Stub(),
       Road("r2", {E}).Stub(),
       Field("f1", {ESE}, {"c2"}),
       Field("f2", {WSW}, {"c2"}),
       Field("f3", {ENE}, {"c1"}),
       Field("f4", {WNW}, {"c1"}))
      .Connects({"r1", "r2", "c1", "c2"}),
  Tile("ic:06", 1, {kCity, kField, kCity, kCity}, "city N+W (1 coat of arms); city S",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       City("c2", {S}),
       Field("f1", {ENE, ESE}, {"c1", "c2"})),
  Tile("ic:07", 1, {kCity, kField, kField, kField}, "city N",
       City("c1", {N}).NoCastleBase(),
       Field("f1", {ENE, ESE}, {"c1"}),
       Field("f2", {SSE, SSW, WSW, WNW}, {"c1"})),
  Tile("ic:08", 1, {kCity, kField, kRoad, kField}, "city N; road S (ends on tile)",
       City("c1", {N}),
       Road("r1", {S}),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("ic:09", 1, {kCity, kRoad, kField, kCity}, "city N+W; road E (ends on tile)",
       City("c1", {N, W}),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("ic:10", 1, {kRoad, kCity, kRoad, kCity},
       "city E+W (1 coat of arms); road N (ends on tile); road S (ends on tile)",
       City("c1", {E, W}, /*coats_of_arms=*/1),
       Road("r1", {N}),
       Road("r2", {S}),
       Field("f1", {NNW}, {"c1"}),
       Field("f2", {NNE}, {"c1"}),
       Field("f3", {SSE}, {"c1"}),
       Field("f4", {SSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c1"}),
  Tile("ic:11", 1, {kCity, kField, kRoad, kCity}, "city N+W; road S (ends on tile) with inn",
       City("c1", {N, W}),
       Road("r1", {S}).WithInn(),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("ic:12", 1, {kCity, kField, kRoad, kRoad}, "city N; road S-W with inn",
       City("c1", {N}),
       Road("r1", {S, W}).WithInn(),
       Field("f1", {SSW, WSW}),
       Field("f2", {ENE, ESE, SSE, WNW}, {"c1"})),
  Tile("ic:13", 1, {kCity, kRoad, kRoad, kCity}, "city N+W (1 coat of arms); road E-S with inn",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       Road("r1", {E, S}).WithInn(),
       Field("f1", {ESE, SSE}),
       Field("f2", {ENE, SSW}, {"c1"})),
  Tile("ic:14", 1, {kField, kRoad, kRoad, kRoad},
       "road E (ends on tile) with inn; road W (ends on tile); road S (ends on tile)",
       Road("r1", {E}).WithInn(),
       Road("r2", {W}),
       Road("r3", {S}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {SSW, WSW}),
       Field("f3", {ESE, SSE}))
      .Connects({"r1", "r2", "r3"}),
  Tile("ic:15", 1, {kField, kRoad, kField, kRoad}, "road E-W with inn",
       Road("r1", {E, W}).WithInn(),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW})),
  Tile("ic:16", 1, {kField, kField, kRoad, kRoad}, "road S-W with inn",
       Road("r1", {S, W}).WithInn(),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW})),
  Tile("ic:17", 1, {kRoad, kRoad, kRoad, kRoad}, "road N-W; road E-S",
       Road("r1", {N, W}),
       Road("r2", {E, S}),
       Field("f1", {NNW, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {NNE, ENE, SSW, WSW})),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("ic:03g", 0, {kCity, kCity, kCity, kCity}, "city N; city W; city E; city S; garden; garden twin of ic:03",
       City("c1", {N}),
       City("c2", {W}),
       City("c3", {E}),
       City("c4", {S}),
       Garden("g1"),
       EnclosedField("f1", {"c1", "c2", "c3", "c4"}))
      .GardenTwinOf("ic:03", 1),
  Tile("ic:15g", 0, {kField, kRoad, kField, kRoad}, "road E-W with inn; garden; garden twin of ic:15",
       Road("r1", {E, W}).WithInn(),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .GardenTwinOf("ic:15", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kInnsAndCathedralsTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kInnsAndCathedralsTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kInnsAndCathedralsTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kInnsAndCathedralsTiles.size() == 17 + 2,
              "Inns & Cathedrals has 17 tile types and 2 garden twins");
static_assert(TotalCount(kInnsAndCathedralsTiles) == 18, "Inns & Cathedrals has 18 tiles");

}  // namespace
}  // namespace tile_data

const TileSet& InnsAndCathedralsTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "ic", "Inns & Cathedrals (18 land tiles, 17 types)", tile_data::kInnsAndCathedralsTiles);
  return *set;
}

}  // namespace carcassonne

// The Festival: 10 tile types, fe:01 .. fe:10 (one tile each), as printed, in
// catalogue orientation (rotation 0, north up), each with the festival symbol
// (.WithFestival(), FV-01; the symbol is no segment, FV-06). Transcribes
// shared/reference/tiles/festival.yaml line by line: same order, segment
// order and local ids; tests/engine/catalogue_test.cc checks it against that
// file. The table's vocabulary is in engine/catalogue/tile_data.h. The 2024
// C3 set's 2 extra tiles are not built (FV-Q1, a known gap).
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kFestivalTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("fe:01", 1, {kField, kCity, kCity, kCity}, "city E+W; city S; festival",
       City("c1", {E, W}),
       City("c2", {S}),
       Field("f1", {NNW, NNE}, {"c1"}),
       EnclosedField("f2", {"c1", "c2"}))
      .WithFestival(),
  Tile("fe:02", 1, {kCity, kCity, kCity, kCity}, "city N+W; city E+S; festival",
       City("c1", {N, W}),
       City("c2", {E, S}),
       EnclosedField("f1", {"c1", "c2"}))
      .WithFestival(),
  Tile("fe:03", 1, {kCity, kField, kRoad, kField}, "city N; road S (ends on tile); festival",
       City("c1", {N}),
       Road("r1", {S}),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"})  // the road ends at the city (AM-13)
      .WithFestival(),
  Tile("fe:04", 1, {kCity, kRoad, kField, kField}, "city N; road E (ends on tile); festival",
       City("c1", {N}),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .Connects({"r1", "c1"})
      .WithFestival(),
  Tile("fe:05", 1, {kCity, kRoad, kCity, kRoad},
       "city N; city S; road W (ends on tile); road E (ends on tile); festival",
       City("c1", {N}),
       City("c2", {S}),
       Road("r1", {W}),
       Road("r2", {E}),
       Field("f1", {ESE}, {"c2"}),
       Field("f2", {WSW}, {"c2"}),
       Field("f3", {ENE}, {"c1"}),
       Field("f4", {WNW}, {"c1"}))
      .WithFestival(),
  Tile("fe:06", 1, {kCity, kRoad, kRoad, kField}, "city N; road E-S; festival",
       City("c1", {N}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .WithFestival(),
  Tile("fe:07", 1, {kField, kField, kRoad, kRoad},
       "road S (ends on tile); road W (ends on tile); monastery; festival",
       Road("r1", {S}),
       Road("r2", {W}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .Connects({"r1", "m1"})  // both roads end at the monastery
      .Connects({"r2", "m1"})
      .WithFestival(),
  Tile("fe:08", 1, {kCity, kField, kField, kRoad}, "city N; road W (ends on tile); festival",
       City("c1", {N}),
       Road("r1", {W}),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE, SSW, WSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .WithFestival(),
  Tile("fe:09", 1, {kCity, kField, kRoad, kRoad}, "city N; road S-W; festival",
       City("c1", {N}),
       Road("r1", {S, W}),
       Field("f1", {ENE, ESE, SSE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}))
      .WithFestival(),
  Tile("fe:10", 1, {kRoad, kRoad, kRoad, kRoad}, "road N-W; road E-S; festival",
       Road("r1", {N, W}),
       Road("r2", {E, S}),
       Field("f1", {NNW, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {NNE, ENE, SSW, WSW}))
      .WithFestival(),
};
// clang-format on

static_assert(AllCityReferencesResolve(kFestivalTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kFestivalTiles), "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kFestivalTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kFestivalTiles.size() == 10, "The Festival has 10 tile types (FV-01)");
static_assert(TotalCount(kFestivalTiles) == 10, "The Festival has 10 tiles (FV-01)");

}  // namespace
}  // namespace tile_data

const TileSet& FestivalTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set =
      tile_data::NewTileSet("festival", "The Festival (10 land tiles with the festival symbol)",
                            tile_data::kFestivalTiles);
  return *set;
}

}  // namespace carcassonne

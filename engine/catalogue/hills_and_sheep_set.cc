// Hills & Sheep: 16 tile types, 18 tiles, hs:01 .. hs:16, as printed, in
// catalogue orientation (rotation 0, north up): 8 with a hill (.WithHill(),
// HS-03, HS-05), 8 with a vineyard (.WithVineyard(), HS-09) and 2 plain
// monasteries (HS-01). hs:02's two cities share the north side
// (.SharesSide(N, "c1"), HS-27). The garden twin hs:14g (count 0, the
// Abbot's garden edition, AB-01) comes last. Transcribes
// shared/reference/tiles/hills-and-sheep.yaml line by line: same order,
// segment order and local ids; tests/engine/catalogue_test.cc checks it
// against that file. The table's vocabulary is in engine/catalogue/tile_data.h.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kHillsAndSheepTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("hs:01", 2, {kCity, kField, kField, kField}, "city N; vineyard",
       City("c1", {N}).NoCastleBase(),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .WithVineyard(),
  Tile("hs:02", 2, {kCity, kCity, kField, kCity},
       "city N+W; city N+E (shares side N with c1); vineyard",
       City("c1", {N, W}),
       City("c2", {N, E}).SharesSide(N, "c1"),
       Field("f1", {SSE, SSW}, {"c1", "c2"}))
      .WithVineyard(),
  Tile("hs:03", 1, {kCity, kField, kField, kCity}, "city N+W; hill",
       City("c1", {N, W}),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"}))
      .WithHill(),
  Tile("hs:04", 1, {kCity, kField, kField, kCity}, "city N; city W; hill",
       City("c1", {N}),
       City("c2", {W}),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1", "c2"}))
      .WithHill(),
  Tile("hs:05", 1, {kCity, kField, kField, kCity}, "city N+W; vineyard",
       City("c1", {N, W}),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"}))
      .WithVineyard(),
  Tile("hs:06", 1, {kCity, kField, kCity, kField}, "city N; city S; hill",
       City("c1", {N}),
       City("c2", {S}),
       Field("f1", {ENE, ESE, WSW, WNW}, {"c1", "c2"}))
      .WithHill(),
  Tile("hs:07", 1, {kField, kCity, kField, kCity}, "city W; city E; vineyard",
       City("c1", {W}).NoCastleBase(),
       City("c2", {E}).NoCastleBase(),
       Field("f1", {NNW, NNE}, {"c1", "c2"}),
       Field("f2", {SSE, SSW}, {"c1", "c2"}))
      .WithVineyard(),
  Tile("hs:08", 1, {kCity, kField, kRoad, kField}, "city N; road S (ends on tile); hill",
       City("c1", {N}),
       Road("r1", {S}),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"})
      .WithHill(),
  Tile("hs:09", 1, {kCity, kRoad, kRoad, kField}, "city N; road E-S; hill",
       City("c1", {N}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .WithHill(),
  Tile("hs:10", 1, {kCity, kRoad, kRoad, kField}, "city N; road E-S; monastery",
       City("c1", {N}),
       Road("r1", {E, S}),
       Monastery("m1"),
       Field("f1", {ENE, SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ESE, SSE})),
  Tile("hs:11", 1, {kRoad, kRoad, kRoad, kField}, "road S (ends on tile); road N-E; monastery",
       Road("r1", {S}),
       Road("r2", {N, E}),
       Monastery("m1"),
       Field("f1", {NNW, ESE, SSE, SSW, WSW, WNW}),
       Field("f2", {NNE, ENE}))
      .Connects({"r1", "m1"}),
  Tile("hs:12", 1, {kCity, kField, kRoad, kCity},
       "city N; city W; road S (ends on tile); vineyard",
       City("c1", {N}),
       City("c2", {W}),
       Road("r1", {S}),
       Field("f1", {SSW}, {"c1", "c2"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"})
      .WithVineyard(),
  Tile("hs:13", 1, {kRoad, kField, kRoad, kField},
       "road N (ends on tile); road S (ends on tile); hill",
       Road("r1", {N}),
       Road("r2", {S}),
       Field("f1", {NNE, ENE, ESE, SSE}),
       Field("f2", {NNW, SSW, WSW, WNW}))
      .Connects({"r1", "r2"})
      .WithHill(),
  Tile("hs:14", 1, {kField, kField, kRoad, kRoad},
       "road W (ends on tile); road S (ends on tile); hill",
       Road("r1", {W}),
       Road("r2", {S}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .Connects({"r1", "r2"})
      .WithHill(),
  Tile("hs:15", 1, {kCity, kField, kRoad, kRoad}, "city N; road S-W; hill",
       City("c1", {N}),
       Road("r1", {S, W}),
       Field("f1", {ENE, ESE, SSE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}))
      .WithHill(),
  Tile("hs:16", 1, {kField, kRoad, kRoad, kRoad},
       "road E-W; road S (ends on tile); vineyard",
       Road("r1", {E, W}),
       Road("r2", {S}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .WithVineyard(),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("hs:14g", 0, {kField, kField, kRoad, kRoad}, "road W (ends on tile); road S (ends on tile); garden; hill; garden twin of hs:14",
       Road("r1", {W}),
       Road("r2", {S}),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .Connects({"r1", "r2"})
      .WithHill().GardenTwinOf("hs:14", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kHillsAndSheepTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kHillsAndSheepTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kHillsAndSheepTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kHillsAndSheepTiles.size() == 16 + 1,
              "Hills & Sheep has 16 tile types and 1 garden twin");
static_assert(TotalCount(kHillsAndSheepTiles) == 18, "Hills & Sheep has 18 tiles");

constexpr int CountWith(bool TileSpec::*flag) {
  int total = 0;
  for (const TileSpec& tile : kHillsAndSheepTiles) total += tile.*flag ? tile.count : 0;
  return total;
}
static_assert(CountWith(&TileSpec::hill) == 8, "8 hill tiles (HS-01)");
static_assert(CountWith(&TileSpec::vineyard) == 8, "8 vineyard tiles (HS-01)");

}  // namespace
}  // namespace tile_data

const TileSet& HillsAndSheepTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "hs", "Hills & Sheep (18 land tiles: 8 hills, 8 vineyards, 2 monasteries)",
      tile_data::kHillsAndSheepTiles);
  return *set;
}

}  // namespace carcassonne

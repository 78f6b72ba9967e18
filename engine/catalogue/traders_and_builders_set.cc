// Traders & Builders: 24 tile types, tb:01 .. tb:24 (one tile each), as
// printed, in catalogue orientation (rotation 0, north up). Counts are the
// classic edition's (the garden
// edition's twins, count 0, come last: .GardenTwinOf, the Abbot). Transcribes
// shared/reference/tiles/traders-and-builders.yaml line by line: same order,
// segment order and local ids; tests/engine/catalogue_test.cc checks it
// against that file. The table's vocabulary is in engine/catalogue/tile_data.h.
//
// Symbols: a trade good in a city (.WithGoods(Goods::kWine), ...). tb:24's
// two roads cross without joining (a bridge); several tiles have a field that
// touches no side.
#include <array>
#include <span>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kTradersAndBuildersTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("tb:01", 1, {kCity, kField, kField, kCity}, "city N+W (grain)",
       City("c1", {N, W}).WithGoods(Goods::kGrain),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("tb:02", 1, {kCity, kField, kField, kCity}, "city N+W (wine)",
       City("c1", {N, W}).WithGoods(Goods::kWine),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("tb:03", 1, {kField, kCity, kCity, kCity}, "city E+W (cloth); city S",
       City("c1", {E, W}).WithGoods(Goods::kCloth),
       City("c2", {S}),
       Field("f1", {NNW, NNE}, {"c1"}),
       EnclosedField("f2", {"c1", "c2"})),
  Tile("tb:04", 1, {kField, kCity, kCity, kCity}, "city E+W (wine); city S",
       City("c1", {E, W}).WithGoods(Goods::kWine),
       City("c2", {S}),
       Field("f1", {NNW, NNE}, {"c1"}),
       EnclosedField("f2", {"c1", "c2"})),
  Tile("tb:05", 1, {kCity, kCity, kField, kCity}, "city N+E+W (grain)",
       City("c1", {N, E, W}).WithGoods(Goods::kGrain),
       Field("f1", {SSE, SSW}, {"c1"})),
  Tile("tb:06", 1, {kCity, kCity, kCity, kCity}, "city N+W (cloth); city S; city E",
       City("c1", {N, W}).WithGoods(Goods::kCloth),
       City("c2", {S}),
       City("c3", {E}),
       EnclosedField("f1", {"c1", "c2", "c3"})),
  Tile("tb:07", 1, {kCity, kRoad, kRoad, kCity},
       "city N+W (cloth); road S (ends on tile); road E (ends on tile)",
       City("c1", {N, W}).WithGoods(Goods::kCloth),
       Road("r1", {S}),
       Road("r2", {E}),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {SSE}, {"c1"}),
       Field("f3", {ESE}, {"c1"}),
       Field("f4", {ENE}, {"c1"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c1"}),
  Tile("tb:08", 1, {kCity, kRoad, kRoad, kCity},
       "city N+W (wine); road S (ends on tile); road E (ends on tile)",
       City("c1", {N, W}).WithGoods(Goods::kWine),
       Road("r1", {S}),
       Road("r2", {E}),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {ESE, SSE}, {"c1"}),
       Field("f3", {ENE}, {"c1"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c1"}),
  Tile("tb:09", 1, {kCity, kRoad, kCity, kCity}, "city N+W (cloth); city S; road E (ends on tile)",
       City("c1", {N, W}).WithGoods(Goods::kCloth),
       City("c2", {S}),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE}, {"c1", "c2"}))
      .Connects({"r1", "c1"}),
  Tile("tb:10", 1, {kCity, kRoad, kCity, kCity}, "city N+W (grain); city S; road E (ends on tile)",
       City("c1", {N, W}).WithGoods(Goods::kGrain),
       City("c2", {S}),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE}, {"c1", "c2"}))
      .Connects({"r1", "c1"}),
  Tile("tb:11", 1, {kCity, kRoad, kField, kCity}, "city N+W (cloth); road E (ends on tile)",
       City("c1", {N, W}).WithGoods(Goods::kCloth),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tb:12", 1, {kCity, kRoad, kField, kCity}, "city N+W (wine); road E (ends on tile)",
       City("c1", {N, W}).WithGoods(Goods::kWine),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE}, {"c1"}),
       Field("f3", {SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tb:13", 1, {kCity, kCity, kRoad, kCity}, "city N+E+W (wine); road S (ends on tile)",
       City("c1", {N, E, W}).WithGoods(Goods::kWine),
       Road("r1", {S}),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {SSE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tb:14", 1, {kCity, kCity, kCity, kCity}, "city N+W (wine); city E+S",
       City("c1", {N, W}).WithGoods(Goods::kWine),
       City("c2", {E, S}),
       EnclosedField("f1", {"c1", "c2"})),
  Tile("tb:15", 1, {kField, kCity, kField, kCity}, "city E+W (wine)",
       City("c1", {E, W}).WithGoods(Goods::kWine),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"})),
  Tile("tb:16", 1, {kCity, kRoad, kField, kField}, "city N; road E (ends on tile)",
       City("c1", {N}),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tb:17", 1, {kField, kCity, kRoad, kCity}, "city E+W (grain); road S (ends on tile)",
       City("c1", {E, W}).WithGoods(Goods::kGrain),
       Road("r1", {S}),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSW}, {"c1"}),
       Field("f3", {SSE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tb:18", 1, {kField, kCity, kRoad, kCity}, "city E+W (wine); road S (ends on tile)",
       City("c1", {E, W}).WithGoods(Goods::kWine),
       Road("r1", {S}),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSW}, {"c1"}),
       Field("f3", {SSE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tb:19", 1, {kRoad, kCity, kRoad, kCity},
       "city E+W (wine); road N (ends on tile); road S (ends on tile)",
       City("c1", {E, W}).WithGoods(Goods::kWine),
       Road("r1", {N}),
       Road("r2", {S}),
       Field("f1", {NNW}, {"c1"}),
       Field("f2", {NNE}, {"c1"}),
       Field("f3", {SSE}, {"c1"}),
       Field("f4", {SSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c1"}),
  Tile("tb:20", 1, {kField, kRoad, kRoad, kRoad},
       "road E (ends on tile); road S (ends on tile); road W (ends on tile); monastery",
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {SSW, WSW}))
      .Connects({"r1", "m1"})
      .Connects({"r2", "m1"})
      .Connects({"r3", "m1"}),
  Tile("tb:21", 1, {kCity, kField, kRoad, kCity}, "city N+W (grain); road S (ends on tile)",
       City("c1", {N, W}).WithGoods(Goods::kGrain),
       Road("r1", {S}),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tb:22", 1, {kCity, kField, kRoad, kCity}, "city N+W (grain); road S (ends on tile)",
       City("c1", {N, W}).WithGoods(Goods::kGrain),
       Road("r1", {S}),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {SSE}, {"c1"}),
       Field("f3", {ENE, ESE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tb:23", 1, {kCity, kField, kRoad, kRoad},
       "city N; road W (ends on tile); road S (ends on tile)",
       City("c1", {N}),
       Road("r1", {W}),
       Road("r2", {S}),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {SSW, WSW}),
       Field("f3", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r2", "c1"}),
  Tile("tb:24", 1, {kRoad, kRoad, kRoad, kRoad}, "road N-S; road E-W",
       Road("r1", {N, S}),
       Road("r2", {E, W}),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW})),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("tb:08g", 0, {kCity, kRoad, kRoad, kCity}, "city N+W (wine); road S (ends on tile); road E (ends on tile); garden; garden twin of tb:08",
       City("c1", {N, W}).WithGoods(Goods::kWine),
       Road("r1", {S}),
       Road("r2", {E}),
       Garden("g1"),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {ESE, SSE}, {"c1"}),
       Field("f3", {ENE}, {"c1"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c1"})
      .GardenTwinOf("tb:08", 1),
  Tile("tb:11g", 0, {kCity, kRoad, kField, kCity}, "city N+W (cloth); road E (ends on tile); garden; garden twin of tb:11",
       City("c1", {N, W}).WithGoods(Goods::kCloth),
       Road("r1", {E}),
       Garden("g1"),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .GardenTwinOf("tb:11", 1),
};
// clang-format on

// How many cities of the table carry `goods` (each type is one tile; a garden
// twin replaces its type's tile in the garden edition, AB-01, and is left out).
constexpr int CountGoods(std::span<const TileSpec> tiles, Goods goods) {
  int n = 0;
  for (const TileSpec& tile : tiles) {
    if (!tile.garden_twin_of.empty()) continue;
    for (int i = 0; i < tile.segment_count; ++i) n += tile.segments[i].goods == goods ? 1 : 0;
  }
  return n;
}

static_assert(AllCityReferencesResolve(kTradersAndBuildersTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kTradersAndBuildersTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kTradersAndBuildersTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kTradersAndBuildersTiles.size() == 24 + 2,
              "Traders & Builders has 24 tile types and 2 garden twins");
static_assert(TotalCount(kTradersAndBuildersTiles) == 24, "Traders & Builders has 24 tiles");
static_assert(CountGoods(kTradersAndBuildersTiles, Goods::kWine) == 9, "9 wine symbols");
static_assert(CountGoods(kTradersAndBuildersTiles, Goods::kGrain) == 6, "6 grain symbols");
static_assert(CountGoods(kTradersAndBuildersTiles, Goods::kCloth) == 5, "5 cloth symbols");

}  // namespace
}  // namespace tile_data

const TileSet& TradersAndBuildersTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "tb", "Traders & Builders (24 land tiles, 24 types)", tile_data::kTradersAndBuildersTiles);
  return *set;
}

}  // namespace carcassonne

// The base game's 24 classic land tile types, base:A .. base:X (72 tiles; the
// start tile is one of the four base:D), as printed, in catalogue orientation
// (rotation 0, north up). Counts are the classic edition's (the garden
// edition's twins, count 0, come last: .GardenTwinOf, the Abbot).
// Transcribes shared/reference/tiles/base.yaml line by line: same segment order
// and local ids; tests/engine/catalogue_test.cc checks it against that file.
//
// Reading a line:
//   Tile(id, count, {N side, E side, S side, W side}, description, segments...)
//   City(id, {sides it touches}, coats_of_arms)   Road(id, {sides it touches})
//   Field(id, {half-edges it touches}, {ids of the cities on this tile it borders})
//   Monastery(id)                                 (touches no side)
// (The vocabulary, shared by every set, is in engine/catalogue/tile_data.h.)
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kBaseTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)
  Tile("base:A", 2, {kField, kField, kRoad, kField}, "road S (ends on tile); monastery",
       Road("r1", {S}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .Connects({"r1", "m1"}),
  Tile("base:B", 4, {kField, kField, kField, kField}, "monastery",
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW})),
  Tile("base:C", 1, {kCity, kCity, kCity, kCity}, "city N+E+S+W (1 coat of arms)",
       City("c1", {N, E, S, W}, /*coats_of_arms=*/1)),
  StartTile("base:D", 4, {kCity, kRoad, kField, kRoad}, "city N; road E-W",
       City("c1", {N}),
       Road("r1", {E, W}),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {ESE, SSE, SSW, WSW})),
  Tile("base:E", 5, {kCity, kField, kField, kField}, "city N",
       City("c1", {N}),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"})),
  Tile("base:F", 2, {kField, kCity, kField, kCity}, "city E+W (1 coat of arms)",
       City("c1", {E, W}, /*coats_of_arms=*/1),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"})),
  Tile("base:G", 1, {kField, kCity, kField, kCity}, "city E+W",
       City("c1", {E, W}),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"})),
  Tile("base:H", 3, {kCity, kField, kCity, kField}, "city N; city S",
       City("c1", {N}),
       City("c2", {S}),
       Field("f1", {ENE, ESE, WSW, WNW}, {"c1", "c2"})),
  Tile("base:I", 2, {kCity, kField, kField, kCity}, "city N; city W",
       City("c1", {N}),
       City("c2", {W}),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1", "c2"})),
  Tile("base:J", 3, {kCity, kRoad, kRoad, kField}, "city N; road E-S",
       City("c1", {N}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ESE, SSE})),
  Tile("base:K", 3, {kCity, kField, kRoad, kRoad}, "city N; road S-W",
       City("c1", {N}),
       Road("r1", {S, W}),
       Field("f1", {ENE, ESE, SSE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW})),
  Tile("base:L", 3, {kCity, kRoad, kRoad, kRoad},
       "city N; road E (ends on tile); road S (ends on tile); road W (ends on tile)",
       City("c1", {N}),
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}),
       Field("f3", {ESE, SSE}))
      .Connects({"r1", "r2", "r3"}),
  Tile("base:M", 2, {kCity, kField, kField, kCity}, "city N+W (1 coat of arms)",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("base:N", 3, {kCity, kField, kField, kCity}, "city N+W",
       City("c1", {N, W}),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("base:O", 2, {kCity, kRoad, kRoad, kCity}, "city N+W (1 coat of arms); road E-S",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE})),
  Tile("base:P", 3, {kCity, kRoad, kRoad, kCity}, "city N+W; road E-S",
       City("c1", {N, W}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE})),
  Tile("base:Q", 1, {kCity, kCity, kField, kCity}, "city N+E+W (1 coat of arms)",
       City("c1", {N, E, W}, /*coats_of_arms=*/1),
       Field("f1", {SSE, SSW}, {"c1"})),
  Tile("base:R", 3, {kCity, kCity, kField, kCity}, "city N+E+W",
       City("c1", {N, E, W}),
       Field("f1", {SSE, SSW}, {"c1"})),
  Tile("base:S", 2, {kCity, kCity, kRoad, kCity},
       "city N+E+W (1 coat of arms); road S (ends on tile)",
       City("c1", {N, E, W}, /*coats_of_arms=*/1),
       Road("r1", {S}),
       Field("f1", {SSE}, {"c1"}),
       Field("f2", {SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("base:T", 1, {kCity, kCity, kRoad, kCity}, "city N+E+W; road S (ends on tile)",
       City("c1", {N, E, W}),
       Road("r1", {S}),
       Field("f1", {SSE}, {"c1"}),
       Field("f2", {SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("base:U", 8, {kField, kRoad, kField, kRoad}, "road E-W",
       Road("r1", {E, W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW})),
  Tile("base:V", 9, {kField, kField, kRoad, kRoad}, "road S-W",
       Road("r1", {S, W}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW})),
  Tile("base:W", 4, {kField, kRoad, kRoad, kRoad},
       "road E (ends on tile); road S (ends on tile); road W (ends on tile)",
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {SSW, WSW}))
      .Connects({"r1", "r2", "r3"}),
  Tile("base:X", 1, {kRoad, kRoad, kRoad, kRoad},
       "road N (ends on tile); road E (ends on tile); road S (ends on tile); road W (ends on tile)",
       Road("r1", {N}),
       Road("r2", {E}),
       Road("r3", {S}),
       Road("r4", {W}),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW}))
      .Connects({"r1", "r2", "r3", "r4"}),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("base:Mg", 0, {kCity, kField, kField, kCity}, "city N+W (1 coat of arms); garden; garden twin of base:M",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       Garden("g1"),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"}))
      .GardenTwinOf("base:M", 1),
  Tile("base:Ng", 0, {kCity, kField, kField, kCity}, "city N+W; garden; garden twin of base:N",
       City("c1", {N, W}),
       Garden("g1"),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"}))
      .GardenTwinOf("base:N", 1),
  Tile("base:Rg", 0, {kCity, kCity, kField, kCity}, "city N+E+W; garden; garden twin of base:R",
       City("c1", {N, E, W}),
       Garden("g1"),
       Field("f1", {SSE, SSW}, {"c1"}))
      .GardenTwinOf("base:R", 1),
  Tile("base:Eg", 0, {kCity, kField, kField, kField}, "city N; garden; garden twin of base:E",
       City("c1", {N}),
       Garden("g1"),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .GardenTwinOf("base:E", 1),
  Tile("base:Hg", 0, {kCity, kField, kCity, kField}, "city N; city S; garden; garden twin of base:H",
       City("c1", {N}),
       City("c2", {S}),
       Garden("g1"),
       Field("f1", {ENE, ESE, WSW, WNW}, {"c1", "c2"}))
      .GardenTwinOf("base:H", 1),
  Tile("base:Ig", 0, {kCity, kField, kField, kCity}, "city N; city W; garden; garden twin of base:I",
       City("c1", {N}),
       City("c2", {W}),
       Garden("g1"),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1", "c2"}))
      .GardenTwinOf("base:I", 1),
  Tile("base:Vg", 0, {kField, kField, kRoad, kRoad}, "road S-W; garden; garden twin of base:V",
       Road("r1", {S, W}),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .GardenTwinOf("base:V", 1),
  Tile("base:Ug", 0, {kField, kRoad, kField, kRoad}, "road E-W; garden; garden twin of base:U",
       Road("r1", {E, W}),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .GardenTwinOf("base:U", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kBaseTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kBaseTiles), "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kBaseTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kBaseTiles.size() == 24 + 8, "the base game has 24 tile types and 8 garden twins");
static_assert(TotalCount(kBaseTiles) == 72, "the base game has 72 tiles");

}  // namespace
}  // namespace tile_data

const TileSet& BaseTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "base", "Carcassonne base game (classic 72 land tiles, letters A-X)", tile_data::kBaseTiles);
  return *set;
}

}  // namespace carcassonne

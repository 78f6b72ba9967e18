// The River and The River II as one set: River I's 10 tile types
// river:1-01 .. river:1-10 (12 tiles) and River II's 12 types river:2-01 ..
// river:2-12 (12 tiles), as printed, in catalogue orientation (rotation 0,
// north up). Counts are the classic edition's (the garden
// edition's twins, count 0, come last: .GardenTwinOf, the Abbot). Each box has
// its own spring, so the spring is listed in both parts (river:1-01 and
// river:2-01, the same tile). Transcribes shared/reference/tiles/river.yaml
// line by line: same order, segment order and local ids;
// tests/engine/catalogue_test.cc checks it against that file. The table's
// vocabulary is in engine/catalogue/tile_data.h.
//
// Tile flags: each tile's role on the river (.WithRiverRole(...)): the spring
// is the river's start tile; the lakes come last; River II's fork is drawn
// right after the spring. River II's lake carries a volcano (.WithVolcano()),
// river:2-07 an inn, river:2-11 a pig herd.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kRiverTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  // River I: 10 types, 12 tiles
  StartTile("river:1-01", 1, {kField, kRiver, kField, kField}, "river E (ends on tile)",
       River("v1", {E}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .WithRiverRole(RiverRole::kSpring),
  Tile("river:1-02", 1, {kField, kField, kField, kRiver}, "river W (ends on tile)",
       River("v1", {W}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .WithRiverRole(RiverRole::kLake),
  Tile("river:1-03", 1, {kCity, kRiver, kCity, kRiver}, "city N; city S; river E-W",
       City("c1", {N}),
       City("c2", {S}),
       River("v1", {E, W}),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {ESE, WSW}, {"c2"}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:1-04", 1, {kCity, kRiver, kRoad, kRiver}, "city N; road S (ends on tile); river E-W",
       City("c1", {N}),
       Road("r1", {S}),
       River("v1", {E, W}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {WNW}, {"c1"}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW}))
      .Connects({"r1", "c1"})
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:1-05", 1, {kField, kRiver, kRoad, kRiver},
       "road S (ends on tile); river E-W; monastery",
       Road("r1", {S}),
       River("v1", {E, W}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {SSW, WSW}))
      .Connects({"r1", "m1"})
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:1-06", 1, {kRiver, kRoad, kRiver, kRoad}, "road E-W; river N-S",
       Road("r1", {E, W}),
       River("v1", {N, S}),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:1-07", 2, {kField, kRiver, kField, kRiver}, "river E-W",
       River("v1", {E, W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:1-08", 1, {kCity, kRiver, kRiver, kCity}, "city N+W; river E-S",
       City("c1", {N, W}),
       River("v1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:1-09", 1, {kRoad, kRoad, kRiver, kRiver}, "road N-E; river S-W",
       Road("r1", {N, E}),
       River("v1", {S, W}),
       Field("f1", {NNW, ESE, SSE, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:1-10", 2, {kField, kField, kRiver, kRiver}, "river S-W",
       River("v1", {S, W}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver),
  // The garden edition (AB-01): river:1-10g in place of a river:1-10
  Tile("river:1-10g", 0, {kField, kField, kRiver, kRiver}, "river S-W; garden; garden twin of river:1-10",
       River("v1", {S, W}),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver).GardenTwinOf("river:1-10", 1),
  // River II: 12 types, 12 tiles
  StartTile("river:2-01", 1, {kField, kRiver, kField, kField}, "river E (ends on tile)",
       River("v1", {E}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .WithRiverRole(RiverRole::kSpring),
  Tile("river:2-02", 1, {kField, kCity, kField, kRiver}, "city E; river W (ends on tile)",
       City("c1", {E}),
       River("v1", {W}),
       Field("f1", {NNW, NNE, WNW}, {"c1"}),
       Field("f2", {SSE, SSW, WSW}, {"c1"}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:2-03", 1, {kField, kField, kField, kRiver}, "river W (ends on tile); volcano",
       River("v1", {W}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .WithRiverRole(RiverRole::kLake)
      .WithVolcano(),
  Tile("river:2-04", 1, {kRiver, kRiver, kField, kRiver}, "river N-E-W",
       River("v1", {N, E, W}),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE, SSW, WSW}))
      .WithRiverRole(RiverRole::kFork),
  Tile("river:2-05", 1, {kRiver, kCity, kRiver, kCity}, "city E+W; river N-S",
       City("c1", {E, W}),
       River("v1", {N, S}),
       Field("f1", {NNE, SSE}, {"c1"}),
       Field("f2", {NNW, SSW}, {"c1"}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:2-06", 1, {kField, kRiver, kField, kRiver}, "river E-W; monastery",
       River("v1", {E, W}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:2-07", 1, {kRiver, kRoad, kRiver, kRoad}, "road E-W with inn; river N-S",
       Road("r1", {E, W}).WithInn(),
       River("v1", {N, S}),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:2-08", 1, {kCity, kRiver, kRoad, kRiver}, "city N; road S (ends on tile); river E-W",
       City("c1", {N}),
       Road("r1", {S}),
       River("v1", {E, W}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {WNW}, {"c1"}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW}))
      .Connects({"r1", "c1"})
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:2-09", 1, {kField, kField, kRiver, kRiver}, "river S-W",
       River("v1", {S, W}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:2-10", 1, {kCity, kRiver, kRiver, kCity}, "city N+W (1 coat of arms); river E-S",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       River("v1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:2-11", 1, {kRiver, kField, kField, kRiver}, "river N-W",
       River("v1", {N, W}),
       Field("f1", {NNE, ENE, ESE, SSE, SSW, WSW}).WithPigHerd(),
       Field("f2", {NNW, WNW}))
      .WithRiverRole(RiverRole::kRiver),
  Tile("river:2-12", 1, {kRoad, kRoad, kRiver, kRiver}, "road N-E; river S-W",
       Road("r1", {N, E}),
       River("v1", {S, W}),
       Field("f1", {NNW, ESE, SSE, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver),
  // The garden edition (AB-01): river:2-09g in place of the river:2-09
  Tile("river:2-09g", 0, {kField, kField, kRiver, kRiver}, "river S-W; garden; garden twin of river:2-09",
       River("v1", {S, W}),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .WithRiverRole(RiverRole::kRiver).GardenTwinOf("river:2-09", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kRiverTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kRiverTiles), "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kRiverTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kRiverTiles.size() == 22 + 2,
              "The River has 10 tile types, The River II 12 and 2 garden twins");
static_assert(TotalCount(kRiverTiles) == 24, "The River and The River II have 12 tiles each");

}  // namespace
}  // namespace tile_data

const TileSet& RiverTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "river", "The River (River I, 12 tiles) and The River II (12 tiles)", tile_data::kRiverTiles);
  return *set;
}

}  // namespace carcassonne

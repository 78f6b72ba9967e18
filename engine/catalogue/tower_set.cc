// The Tower: 17 tile types, 18 land tiles (tower:01 .. tower:17; tower:01
// twice), as printed, in catalogue orientation (rotation 0, north up). Each
// tile shows a tower foundation (TW-01), a segment of its own kind
// (TowerFoundation, touching no side) on which tower floors are built; no
// follower stands on it (TW-04). Counts are the classic edition's (the garden
// twins tower:02g and tower:04g are left out). Transcribes
// shared/reference/tiles/tower.yaml line by line: same order, segment order
// and local ids; tests/engine/catalogue_test.cc checks it against that file.
// The table's vocabulary is in engine/catalogue/tile_data.h.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kTowerTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)
  Tile("tower:01", 2, {kCity, kField, kField, kField}, "city N; tower foundation",
       City("c1", {N}),
       TowerFoundation("t1"),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"})),
  Tile("tower:02", 1, {kField, kField, kField, kField}, "tower foundation",
       TowerFoundation("t1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW})),
  Tile("tower:03", 1, {kField, kField, kField, kField}, "tower foundation; monastery",
       TowerFoundation("t1"),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW})),
  Tile("tower:04", 1, {kField, kField, kRoad, kRoad}, "road W (ends on tile); road S (ends on tile); tower foundation",
       Road("r1", {W}),
       Road("r2", {S}),
       TowerFoundation("t1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW})),
  Tile("tower:05", 1, {kRoad, kRoad, kField, kRoad}, "road W (ends on tile); road N (ends on tile); road E (ends on tile); tower foundation",
       Road("r1", {W}),
       Road("r2", {N}),
       Road("r3", {E}),
       TowerFoundation("t1"),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE, SSW, WSW})),
  Tile("tower:06", 1, {kRoad, kRoad, kRoad, kRoad}, "road N-W; road E-S; tower foundation",
       Road("r1", {N, W}),
       Road("r2", {E, S}),
       TowerFoundation("t1"),
       Field("f1", {NNW, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {NNE, ENE, SSW, WSW})),
  Tile("tower:07", 1, {kRoad, kRoad, kRoad, kRoad}, "road N (ends on tile); road E (ends on tile); road S (ends on tile); road W (ends on tile); tower foundation",
       Road("r1", {N}),
       Road("r2", {E}),
       Road("r3", {S}),
       Road("r4", {W}),
       TowerFoundation("t1"),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW})),
  Tile("tower:08", 1, {kRoad, kCity, kRoad, kCity}, "city E+W; road N-S; tower foundation",
       City("c1", {E, W}),
       Road("r1", {N, S}),
       TowerFoundation("t1"),
       Field("f1", {NNW}, {"c1"}),
       Field("f2", {NNE}, {"c1"}),
       Field("f3", {SSE}, {"c1"}),
       Field("f4", {SSW}, {"c1"})),
  Tile("tower:09", 1, {kCity, kField, kRoad, kField}, "city N; road S (ends on tile); tower foundation",
       City("c1", {N}),
       Road("r1", {S}),
       TowerFoundation("t1"),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"})),
  Tile("tower:10", 1, {kCity, kField, kRoad, kRoad}, "city N; road S-W; tower foundation",
       City("c1", {N}),
       Road("r1", {S, W}),
       TowerFoundation("t1"),
       Field("f1", {ENE, ESE, SSE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW})),
  Tile("tower:11", 1, {kCity, kRoad, kField, kRoad}, "city N; road E-W; tower foundation",
       City("c1", {N}),
       Road("r1", {E, W}),
       TowerFoundation("t1"),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {ENE}, {"c1"}),
       Field("f3", {ESE, SSE, SSW, WSW})),
  Tile("tower:12", 1, {kCity, kField, kField, kCity}, "city N+W; tower foundation",
       City("c1", {N, W}),
       TowerFoundation("t1"),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("tower:13", 1, {kCity, kRoad, kField, kCity}, "city N+W; road E (ends on tile); tower foundation",
       City("c1", {N, W}),
       Road("r1", {E}),
       TowerFoundation("t1"),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE}, {"c1"}),
       Field("f3", {SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tower:14", 1, {kCity, kField, kField, kCity}, "city N; city W; tower foundation",
       City("c1", {N}),
       City("c2", {W}),
       TowerFoundation("t1"),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1", "c2"})),
  Tile("tower:15", 1, {kCity, kRoad, kCity, kRoad}, "city N; city S; road E-W; tower foundation",
       City("c1", {N}),
       City("c2", {S}),
       Road("r1", {E, W}),
       TowerFoundation("t1"),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {ESE, WSW}, {"c2"})),
  Tile("tower:16", 1, {kCity, kCity, kRoad, kCity}, "city N+E+W; road S (ends on tile); tower foundation",
       City("c1", {N, E, W}),
       Road("r1", {S}),
       TowerFoundation("t1"),
       Field("f1", {SSE}, {"c1"}),
       Field("f2", {SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("tower:17", 1, {kCity, kCity, kCity, kCity}, "city N+E+W (1 coat of arms); city S; tower foundation",
       City("c1", {N, E, W}, 1),
       City("c2", {S}),
       TowerFoundation("t1"),
       EnclosedField("f1", {"c1", "c2"})),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("tower:02g", 0, {kField, kField, kField, kField}, "garden; tower foundation; garden twin of tower:02",
       Garden("g1"),
       TowerFoundation("t1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .GardenTwinOf("tower:02", 1),
  Tile("tower:04g", 0, {kField, kField, kRoad, kRoad}, "road W (ends on tile); road S (ends on tile); garden; tower foundation; garden twin of tower:04",
       Road("r1", {W}),
       Road("r2", {S}),
       Garden("g1"),
       TowerFoundation("t1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .GardenTwinOf("tower:04", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kTowerTiles));
static_assert(ConnectionsResolve(kTowerTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(TotalCount(kTowerTiles) == 18, "TW-01: 18 land tiles");

// TW-01: every tile has exactly one tower foundation.
constexpr bool OneFoundationEach() {
  for (const TileSpec& tile : kTowerTiles) {
    int foundations = 0;
    for (int i = 0; i < tile.segment_count; ++i) {
      foundations += tile.segments[i].kind == SegmentKind::kTowerFoundation ? 1 : 0;
    }
    if (foundations != 1) return false;
  }
  return true;
}
static_assert(OneFoundationEach(), "TW-01: one tower foundation on each tile");

}  // namespace
}  // namespace tile_data

const TileSet& TowerTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "tower", "The Tower (18 land tiles, each with a tower foundation)", tile_data::kTowerTiles);
  return *set;
}

}  // namespace carcassonne

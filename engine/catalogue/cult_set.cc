// The Cult / Heretics and Shrines: 6 tile types, cult:1 .. cult:6 (one tile
// each), as printed, in catalogue orientation (rotation 0, north up). `count`
// is Rio Grande's 6-tile set (JCZ cult/6); .InHereticsAndShrines(n) gives the
// copies in Hans im Glueck's 5-tile Heretics and Shrines (JCZ cult/5, without
// cult:6), option cult.tile_set (CU-01). Transcribes
// shared/reference/tiles/cult.yaml line by line: same order, segment order and
// local ids; tests/engine/catalogue_test.cc checks it against that file. The
// table's vocabulary is in engine/catalogue/tile_data.h.
//
// Every tile shows a shrine (.Shrine() on its monastery, CU-02).
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kCultTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("cult:1", 1, {kField, kField, kField, kField}, "shrine",
       Monastery("m1").Shrine(),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .InHereticsAndShrines(1),
  Tile("cult:2", 1, {kCity, kField, kField, kField}, "city N; shrine",
       City("c1", {N}),
       Monastery("m1").Shrine(),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .InHereticsAndShrines(1),
  Tile("cult:3", 1, {kField, kField, kRoad, kField}, "road S (ends on tile); shrine",
       Road("r1", {S}),
       Monastery("m1").Shrine(),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .Connects({"r1", "m1"})
      .InHereticsAndShrines(1),
  Tile("cult:4", 1, {kCity, kField, kRoad, kField}, "city N; road S (ends on tile); shrine",
       City("c1", {N}),
       Road("r1", {S}),
       Monastery("m1").Shrine(),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .Connects({"r1", "m1"})
      .InHereticsAndShrines(1),
  Tile("cult:5", 1, {kRoad, kField, kRoad, kField},
       "road N (ends on tile); road S (ends on tile); shrine",
       Road("r1", {N}),
       Road("r2", {S}),
       Monastery("m1").Shrine(),
       Field("f1", {NNW, SSW, WSW, WNW}),
       Field("f2", {NNE, ENE, ESE, SSE}))
      .Connects({"r1", "m1"})
      .Connects({"r2", "m1"})
      .InHereticsAndShrines(1),
  Tile("cult:6", 1, {kCity, kRoad, kField, kRoad},
       "city N; road W (ends on tile); road E (ends on tile); shrine",
       City("c1", {N}),
       Road("r1", {W}),
       Road("r2", {E}),
       Monastery("m1").Shrine(),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .Connects({"r1", "m1"})
      .Connects({"r2", "m1"})
      .InHereticsAndShrines(0),
};
// clang-format on

static_assert(AllCityReferencesResolve(kCultTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kCultTiles), "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kCultTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kCultTiles.size() == 6, "The Cult has 6 tile types");
static_assert(TotalCount(kCultTiles) == 6, "The Cult (Rio Grande) has 6 tiles");

constexpr int HereticsAndShrinesTotal() {
  int total = 0;
  for (const TileSpec& tile : kCultTiles) total += tile.heretics_and_shrines_count;
  return total;
}
static_assert(HereticsAndShrinesTotal() == 5, "Heretics and Shrines (HiG) has 5 tiles");

}  // namespace
}  // namespace tile_data

const TileSet& CultTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "cult", "The Cult / Heretics and Shrines (shrine tiles)", tile_data::kCultTiles);
  return *set;
}

}  // namespace carcassonne

// The Count of Carcassonne: the 12 tiles of the City of Carcassonne,
// count:1 .. count:12 (one tile each), as printed, in catalogue orientation.
// They are never in the bag: at set-up they are laid as one 4x3 block in
// place of the start tile, each with rotation 0, count:1 at (0, 0) (CO-02,
// geometry.md); AtCityLayout gives each tile's (dx, dy) from count:1.
// Transcribes shared/reference/tiles/count.yaml line by line: same order,
// segment order and local ids; tests/engine/catalogue_test.cc checks it
// against that file. The table's vocabulary is in engine/catalogue/tile_data.h.
//
// Inner sides (between two tiles of the block) are kPartial (the outer field
// ring crosses one half) or kNone. Every field on these tiles borders the
// City of Carcassonne (BordersCityOfCarcassonne: one completed city for farm
// scoring, CO-22). count:7 holds the four quarters (WithQuarters, CO-03);
// count:6 and count:7 have no segment, so no figure can stand on them.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kCountTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("count:1", 1, {kField, kPartial, kPartial, kRoad}, "road W (ends on tile)",
       Road("r1", {W}),
       Field("f1", {NNW, NNE, ENE, WNW}).BordersCityOfCarcassonne(),
       Field("f2", {SSW, WSW}).BordersCityOfCarcassonne()).AtCityLayout(0, 0),
  Tile("count:2", 1, {kField, kPartial, kNone, kPartial}, "fields only",
       Field("f1", {NNW, NNE, ENE, WNW}).BordersCityOfCarcassonne()).AtCityLayout(1, 0),
  Tile("count:3", 1, {kField, kPartial, kNone, kPartial}, "fields only",
       Field("f1", {NNW, NNE, ENE, WNW}).BordersCityOfCarcassonne()).AtCityLayout(2, 0),
  Tile("count:4", 1, {kRoad, kField, kPartial, kPartial}, "road N (ends on tile)",
       Road("r1", {N}),
       Field("f1", {NNW, WNW}).BordersCityOfCarcassonne(),
       Field("f2", {NNE, ENE, ESE, SSE}).BordersCityOfCarcassonne()).AtCityLayout(3, 0),
  Tile("count:5", 1, {kPartial, kNone, kPartial, kField}, "fields only",
       Field("f1", {NNW, SSW, WSW, WNW}).BordersCityOfCarcassonne()).AtCityLayout(0, 1),
  Tile("count:6", 1, {kNone, kNone, kNone, kNone}, "no features").AtCityLayout(1, 1),
  Tile("count:7", 1, {kNone, kNone, kNone, kNone},
       "the four quarters of the City of Carcassonne").AtCityLayout(2, 1).WithQuarters(),
  Tile("count:8", 1, {kPartial, kField, kPartial, kNone}, "fields only",
       Field("f1", {NNE, ENE, ESE, SSE}).BordersCityOfCarcassonne()).AtCityLayout(3, 1),
  Tile("count:9", 1, {kPartial, kPartial, kCity, kField}, "city S",
       City("c1", {S}),
       Field("f1", {NNW, ESE, WSW, WNW}, {"c1"}).BordersCityOfCarcassonne()).AtCityLayout(0, 2),
  Tile("count:10", 1, {kNone, kPartial, kField, kPartial}, "fields only",
       Field("f1", {ESE, SSE, SSW, WSW}).BordersCityOfCarcassonne()).AtCityLayout(1, 2),
  Tile("count:11", 1, {kNone, kPartial, kRoad, kPartial}, "road S (ends on tile)",
       Road("r1", {S}),
       Field("f1", {ESE, SSE}).BordersCityOfCarcassonne(),
       Field("f2", {SSW, WSW}).BordersCityOfCarcassonne()).AtCityLayout(2, 2),
  Tile("count:12", 1, {kPartial, kCity, kField, kPartial}, "city E",
       City("c1", {E}),
       Field("f1", {NNE, SSE, SSW, WSW}, {"c1"}).BordersCityOfCarcassonne()).AtCityLayout(3, 2),
};
// clang-format on

static_assert(AllCityReferencesResolve(kCountTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kCountTiles), "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kCountTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kCountTiles.size() == 12, "The Count of Carcassonne has 12 tile types");
static_assert(TotalCount(kCountTiles) == 12, "The Count of Carcassonne has 12 tiles");

}  // namespace
}  // namespace tile_data

const TileSet& CountTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "count", "The Count of Carcassonne: the 12 tiles of the City of Carcassonne",
      tile_data::kCountTiles);
  return *set;
}

}  // namespace carcassonne

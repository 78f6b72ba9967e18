// King & Robber Baron: 5 land tile types, kr:1 .. kr:5 (one tile each; the
// King and Robber Baron award tiles are not land tiles), as printed, in
// catalogue orientation (rotation 0, north up). Counts are the classic
// edition's (the garden
// edition's twins, count 0, come last: .GardenTwinOf, the Abbot). Transcribes
// shared/reference/tiles/king-and-robber.yaml line by line: same order,
// segment order and local ids; tests/engine/catalogue_test.cc checks it
// against that file. The table's vocabulary is in engine/catalogue/tile_data.h.
//
// kr:5 is a city bridge: two cities cross without joining, and two fields
// touch no side (EnclosedField); they are told apart by their ids.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kKingAndRobberBaronTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("kr:1", 1, {kCity, kField, kField, kField}, "city N; monastery",
       City("c1", {N}),
       Monastery("m1"),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"})),
  Tile("kr:2", 1, {kCity, kField, kField, kRoad}, "city N; road W (ends on tile)",
       City("c1", {N}),
       Road("r1", {W}),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE, SSW, WSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("kr:3", 1, {kCity, kRoad, kRoad, kRoad}, "city N; road W (ends on tile); road E-S",
       City("c1", {N}),
       Road("r1", {W}),
       Road("r2", {E, S}),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {ENE, SSW, WSW}, {"c1"}),
       Field("f3", {ESE, SSE}))
      .Connects({"r1", "c1"}),
  Tile("kr:4", 1, {kCity, kRoad, kRoad, kCity},
       "city N+W; road S (ends on tile); road E (ends on tile)",
       City("c1", {N, W}),
       Road("r1", {S}),
       Road("r2", {E}),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {SSE}, {"c1"}),
       Field("f3", {ESE}, {"c1"}),
       Field("f4", {ENE}, {"c1"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c1"}),
  Tile("kr:5", 1, {kCity, kCity, kCity, kCity}, "city E+W; city N+S",
       City("c1", {E, W}),
       City("c2", {N, S}),
       EnclosedField("f1", {"c1", "c2"}),
       EnclosedField("f2", {"c1", "c2"})),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("kr:2g", 0, {kCity, kField, kField, kRoad}, "city N; road W (ends on tile); garden; garden twin of kr:2",
       City("c1", {N}),
       Road("r1", {W}),
       Garden("g1"),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE, SSW, WSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .GardenTwinOf("kr:2", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kKingAndRobberBaronTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kKingAndRobberBaronTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kKingAndRobberBaronTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kKingAndRobberBaronTiles.size() == 5 + 1,
              "King & Robber Baron has 5 tile types and 1 garden twin");
static_assert(TotalCount(kKingAndRobberBaronTiles) == 5, "King & Robber Baron has 5 tiles");

}  // namespace
}  // namespace tile_data

const TileSet& KingAndRobberBaronTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set =
      tile_data::NewTileSet("kr",
                            "King & Robber Baron (5 land tiles; the King and Robber Baron tiles "
                            "are award tokens, not land tiles)",
                            tile_data::kKingAndRobberBaronTiles);
  return *set;
}

}  // namespace carcassonne

// Under the Big Top: 16 tile types, 20 tiles, bt:01 .. bt:16, in catalogue
// orientation (rotation 0, north up): 5 acrobat tile types (8 tiles, one
// acrobat space each, AcrobatSpace) and 11 circus tile types (12 tiles, one
// circus space each, CircusSpace) (BT-01). The garden twins bt:01g and bt:07g
// (Abbot garden edition) are not in the catalogue: the Abbot is not built.
// Transcribes shared/reference/tiles/under-the-big-top.yaml line by line: same
// order, segment order and local ids; tests/engine/catalogue_test.cc checks
// it against that file. The table's vocabulary is in
// engine/catalogue/tile_data.h.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kUnderTheBigTopTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)
  Tile("bt:01", 1, {kField, kField, kField, kField}, "acrobat space",
       AcrobatSpace("a1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}, {})),
  Tile("bt:02", 1, {kField, kField, kRoad, kField}, "road S (ends on tile); acrobat space",
       Road("r1", {S}),
       AcrobatSpace("a1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}, {})),
  Tile("bt:03", 3, {kField, kField, kRoad, kRoad},
       "road S (ends on tile); road W (ends on tile); acrobat space",
       Road("r1", {S}),
       Road("r2", {W}),
       AcrobatSpace("a1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}, {}),
       Field("f2", {SSW, WSW}, {})),
  Tile("bt:04", 2, {kRoad, kField, kRoad, kField},
       "road S (ends on tile); road N (ends on tile); acrobat space",
       Road("r1", {S}),
       Road("r2", {N}),
       AcrobatSpace("a1"),
       Field("f1", {NNE, ENE, ESE, SSE}, {}),
       Field("f2", {NNW, SSW, WSW, WNW}, {})),
  Tile("bt:05", 1, {kRoad, kRoad, kRoad, kField},
       "road N (ends on tile); road E (ends on tile); road S (ends on tile); acrobat space",
       Road("r1", {N}),
       Road("r2", {E}),
       Road("r3", {S}),
       AcrobatSpace("a1"),
       Field("f1", {NNW, SSW, WSW, WNW}, {}),
       Field("f2", {NNE, ENE}, {}),
       Field("f3", {ESE, SSE}, {})),
  Tile("bt:06", 1, {kField, kField, kRoad, kField}, "road S (ends on tile); circus space",
       Road("r1", {S}),
       CircusSpace("b1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}, {})),
  Tile("bt:07", 1, {kField, kRoad, kRoad, kField},
       "road E (ends on tile); road S (ends on tile); circus space",
       Road("r1", {E}),
       Road("r2", {S}),
       CircusSpace("b1"),
       Field("f1", {NNW, NNE, ENE, SSW, WSW, WNW}, {}),
       Field("f2", {ESE, SSE}, {})),
  Tile("bt:08", 1, {kField, kRoad, kField, kRoad},
       "road W (ends on tile); road E (ends on tile); circus space",
       Road("r1", {W}),
       Road("r2", {E}),
       CircusSpace("b1"),
       Field("f1", {NNW, NNE, ENE, WNW}, {}),
       Field("f2", {ESE, SSE, SSW, WSW}, {})),
  Tile("bt:09", 1, {kField, kRoad, kRoad, kRoad},
       "road S (ends on tile); road W (ends on tile); road E (ends on tile); circus space",
       Road("r1", {S}),
       Road("r2", {W}),
       Road("r3", {E}),
       CircusSpace("b1"),
       Field("f1", {NNW, NNE, ENE, WNW}, {}),
       Field("f2", {SSW, WSW}, {}),
       Field("f3", {ESE, SSE}, {})),
  Tile("bt:10", 1, {kCity, kField, kField, kField}, "city N; circus space",
       City("c1", {N}),
       CircusSpace("b1"),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"})),
  Tile("bt:11", 1, {kCity, kField, kField, kRoad}, "city N; road W (ends on tile); circus space",
       City("c1", {N}),
       Road("r1", {W}),
       CircusSpace("b1"),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE, SSW, WSW}, {"c1"})),
  Tile("bt:12", 2, {kCity, kField, kRoad, kField}, "city N; road S (ends on tile); circus space",
       City("c1", {N}),
       Road("r1", {S}),
       CircusSpace("b1"),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"})),
  Tile("bt:13", 1, {kCity, kRoad, kField, kRoad},
       "city N; road W (ends on tile); road E (ends on tile); circus space",
       City("c1", {N}),
       Road("r1", {W}),
       Road("r2", {E}),
       CircusSpace("b1"),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {WNW}, {"c1"}),
       Field("f3", {ESE, SSE, SSW, WSW}, {})),
  Tile("bt:14", 1, {kCity, kField, kCity, kField}, "city N; city S; circus space",
       City("c1", {N}),
       City("c2", {S}),
       CircusSpace("b1"),
       Field("f1", {WSW, WNW}, {"c1", "c2"}),
       Field("f2", {ENE, ESE}, {"c1", "c2"})),
  Tile("bt:15", 1, {kCity, kCity, kRoad, kField},
       "city N; city E; road S (ends on tile); circus space",
       City("c1", {N}),
       City("c2", {E}),
       Road("r1", {S}),
       CircusSpace("b1"),
       Field("f1", {SSE}, {"c2"}),
       Field("f2", {SSW, WSW, WNW}, {"c1"})),
  Tile("bt:16", 1, {kCity, kRoad, kRoad, kCity},
       "city N+W; road E (ends on tile); road S (ends on tile); circus space",
       City("c1", {N, W}),
       Road("r1", {E}),
       Road("r2", {S}),
       CircusSpace("b1"),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE}, {}),
       Field("f3", {SSW}, {"c1"})),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("bt:01g", 0, {kField, kField, kField, kField}, "acrobat space; garden; garden twin of bt:01",
       AcrobatSpace("a1"),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}, {}))
      .GardenTwinOf("bt:01", 1),
  Tile("bt:07g", 0, {kField, kRoad, kRoad, kField},
       "road E (ends on tile); road S (ends on tile); circus space; garden; garden twin of bt:07",
       Road("r1", {E}),
       Road("r2", {S}),
       CircusSpace("b1"),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, SSW, WSW, WNW}, {}),
       Field("f2", {ESE, SSE}, {}))
      .GardenTwinOf("bt:07", 1),
};
// clang-format on

static_assert(SymbolsOnTheirSegments(kUnderTheBigTopTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kUnderTheBigTopTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kUnderTheBigTopTiles.size() == 16 + 2,
              "Under the Big Top has 16 tile types and 2 garden twins");
static_assert(TotalCount(kUnderTheBigTopTiles) == 20, "Under the Big Top has 20 tiles");

constexpr int CountWith(SegmentKind kind) {
  int total = 0;
  for (const TileSpec& tile : kUnderTheBigTopTiles) {
    for (int i = 0; i < tile.segment_count; ++i) {
      if (tile.segments[i].kind == kind) total += tile.count;
    }
  }
  return total;
}
static_assert(CountWith(SegmentKind::kCircusSpace) == 12, "12 circus tiles (BT-01)");
static_assert(CountWith(SegmentKind::kAcrobatSpace) == 8, "8 acrobat tiles (BT-01)");

}  // namespace
}  // namespace tile_data

const TileSet& UnderTheBigTopTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "bt", "Under the Big Top (20 land tiles: 12 circus tiles, 8 acrobat tiles)",
      tile_data::kUnderTheBigTopTiles);
  return *set;
}

}  // namespace carcassonne

// Abbey & Mayor: the 12 land tile types, am:01 .. am:12 (one tile each), as
// printed, in catalogue orientation (rotation 0, north up). Counts are the
// classic edition's (the garden
// edition's twins, count 0, come last: .GardenTwinOf, the Abbot). The six abbey tiles are not land
// tiles of the bag: each player holds one (AM-01, AM-03), and the facts file leaves them out.
// Transcribes shared/reference/tiles/abbey-and-mayor.yaml line by line: same order, segment order
// and local ids; tests/engine/catalogue_test.cc checks it against that file. The table's vocabulary
// is in engine/catalogue/tile_data.h.
//
// AM-02: am:11's road does not end at its well but goes on three ways, one
// segment with three sides (.WithWell()): the road is complete only once all
// three branches are closed, and all its tiles count (KR-19). am:12's road
// passes under the city (.WithTunnel()): one road from N to S, and only the
// northern part divides the fields.
#include <array>
#include <utility>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kAbbeyAndMayorTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("am:01", 1, {kCity, kCity, kCity, kCity}, "city N+E+S+W (2 coat of arms)",
       City("c1", {N, E, S, W}, 2)),
  Tile("am:02", 1, {kCity, kCity, kCity, kCity}, "city N+S (1 coat of arms); city E+W",
       City("c1", {N, S}, 1),
       City("c2", {E, W}),
       EnclosedField("f1", {"c1", "c2"}),
       EnclosedField("f2", {"c1", "c2"})),
  Tile("am:03", 1, {kCity, kCity, kField, kCity}, "city N (1 coat of arms); city E+W",
       City("c1", {N}, 1).NoCastleBase(),
       City("c2", {E, W}),
       EnclosedField("f1", {"c1", "c2"}),
       Field("f2", {SSE, SSW}, {"c1", "c2"})),
  Tile("am:04", 1, {kCity, kRoad, kRoad, kCity},
       "city N; city W; road E (ends on tile); road S (ends on tile)",
       City("c1", {N}),
       City("c2", {W}),
       Road("r1", {E}),
       Road("r2", {S}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {SSW}, {"c2"}),
       Field("f3", {ESE, SSE}, {"c1", "c2"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c2"}),
  Tile("am:05", 1, {kRoad, kRoad, kRoad, kRoad},
       "road N (ends on tile); road W (ends on tile); road S (ends on tile); road E (ends on "
       "tile); monastery",
       Road("r1", {N}),
       Road("r2", {W}),
       Road("r3", {S}),
       Road("r4", {E}),
       Monastery("m1"),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW}))
      .Connects({"r1", "m1"})
      .Connects({"r2", "m1"})
      .Connects({"r3", "m1"})
      .Connects({"r4", "m1"}),
  Tile("am:06", 1, {kCity, kField, kField, kRoad}, "city N; road W (ends on tile)",
       City("c1", {N}),
       Road("r1", {W}),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE, SSW, WSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("am:07", 1, {kCity, kRoad, kRoad, kField}, "city N; road E-S",
       City("c1", {N}),
       Road("r1", {E, S}),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE}, {"c1"}),
       Field("f3", {ESE, SSE})),
  Tile("am:08", 1, {kCity, kField, kRoad, kRoad}, "city N; road S-W",
       City("c1", {N}),
       Road("r1", {S, W}),
       Field("f1", {ENE, ESE, SSE}, {"c1"}),
       Field("f2", {WNW}, {"c1"}),
       Field("f3", {SSW, WSW})),
  Tile("am:09", 1, {kField, kField, kField, kCity}, "city W (1 coat of arms)",
       City("c1", {W}, 1).NoCastleBase(),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {ENE, ESE}, {"c1"}),
       Field("f3", {SSE, SSW}, {"c1"})),
  Tile("am:10", 1, {kField, kField, kRoad, kField}, "road S (ends on tile)",
       Road("r1", {S}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW})),
  Tile("am:11", 1, {kRoad, kRoad, kField, kRoad}, "road N-E-W",
       Road("r1", {N, E, W}).WithWell(),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE, SSW, WSW})),
  Tile("am:12", 1, {kRoad, kCity, kRoad, kCity}, "city E+W (1 coat of arms); road N-S",
       City("c1", {E, W}, 1),
       Road("r1", {N, S}).WithTunnel(),
       Field("f1", {SSE, SSW}, {"c1"}),
       Field("f2", {NNW}, {"c1"}),
       Field("f3", {NNE}, {"c1"})),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("am:10g", 0, {kField, kField, kRoad, kField}, "road S (ends on tile); garden; garden twin of am:10",
       Road("r1", {S}),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .GardenTwinOf("am:10", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kAbbeyAndMayorTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kAbbeyAndMayorTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kAbbeyAndMayorTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kAbbeyAndMayorTiles.size() == 12 + 1,
              "Abbey & Mayor has 12 land tile types and 1 garden twin");
static_assert(TotalCount(kAbbeyAndMayorTiles) == 12, "Abbey & Mayor has 12 land tiles");

}  // namespace
}  // namespace tile_data

const TileSet& AbbeyAndMayorTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "am", "Abbey & Mayor (12 land tiles; the 6 abbey tiles are not in the data)",
      tile_data::kAbbeyAndMayorTiles);
  return *set;
}

const TileSet& AbbeyTileSet() {
  // AM-01, AM-03: the abbey, built here as the facts file's note says (JCZ
  // builds it in code): four abbey sides that match anything and close what
  // they touch, and a monastery in the centre, its only segment. Count 0:
  // never in the bag; each player holds one (Player.abbeys).
  static const TileSet* const set = [] {
    auto* abbey_set =
        new TileSet{.name = "am",
                    .title = "Abbey & Mayor: the abbey tile (one per player, not in the bag)",
                    .tiles = {}};
    TileType abbey;
    abbey.id = "am:abbey";
    abbey.set = "am";
    abbey.count = 0;
    abbey.sides = {Terrain::kAbbey, Terrain::kAbbey, Terrain::kAbbey, Terrain::kAbbey};
    abbey.description = "abbey: a monastery; every side matches anything and closes what it meets";
    abbey.abbey = true;
    SegmentType monastery;
    monastery.id = "m1";
    monastery.kind = SegmentKind::kMonastery;
    abbey.segments.push_back(monastery);
    ComputeLayouts(abbey);
    abbey_set->tiles.push_back(std::move(abbey));
    return abbey_set;
  }();
  return *set;
}

}  // namespace carcassonne

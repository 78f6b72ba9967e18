// The Princess & the Dragon: 29 tile types, 30 land tiles (pd:01 .. pd:29;
// pd:14 twice), as printed, in catalogue orientation (rotation 0, north up).
// Counts are the classic edition's (the garden twins pd:04g and pd:20g,
// count 0, come last: the Abbot's garden edition, AB-01). Each tile shows one of the expansion's
// symbols (PD-01): a volcano
// (.WithVolcano()), a dragon (.WithDragonSymbol()), a magic portal
// (.WithMagicPortal()) or a princess on its city (City(...).WithPrincess()).
// pd:06 and pd:13 hold a monastery inside a city's tile (PD-03), pd:25 a road
// that passes under a city (.WithTunnel(), PD-03; its two fields are
// separate as the facts file has them, open question PD-Q4). Transcribes
// shared/reference/tiles/princess-and-dragon.yaml line by line: same order,
// segment order and local ids; tests/engine/catalogue_test.cc checks it
// against that file. The table's vocabulary is in
// engine/catalogue/tile_data.h.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kPrincessAndDragonTiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)[.tile flags]
  Tile("pd:01", 1, {kField, kField, kField, kField}, "volcano",
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .WithVolcano(),
  Tile("pd:02", 1, {kRoad, kRoad, kRoad, kRoad}, "road N-W; road E-S; magic portal",
       Road("r1", {N, W}),
       Road("r2", {E, S}),
       Field("f1", {NNW, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {NNE, ENE, SSW, WSW}))
      .WithMagicPortal(),
  Tile("pd:03", 1, {kField, kField, kRoad, kField}, "road S (ends on tile); volcano",
       Road("r1", {S}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW}))
      .WithVolcano(),
  Tile("pd:04", 1, {kCity, kField, kField, kField}, "city N; dragon symbol",
       City("c1", {N}),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .WithDragonSymbol(),
  Tile("pd:05", 1, {kCity, kField, kField, kField}, "city N; volcano",
       City("c1", {N}),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .WithVolcano(),
  Tile("pd:06", 1, {kField, kRoad, kRoad, kRoad},
       "road E (ends on tile); road S (ends on tile); road W (ends on tile); monastery; "
       "dragon symbol",
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {SSW, WSW}))
      .Connects({"r1", "m1"})
      .Connects({"r2", "m1"})
      .Connects({"r3", "m1"})
      .WithDragonSymbol(),
  Tile("pd:07", 1, {kField, kRoad, kRoad, kRoad},
       "road E (ends on tile); road S (ends on tile); road W (ends on tile); dragon symbol",
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {SSW, WSW}))
      .Connects({"r1", "r2", "r3"})
      .WithDragonSymbol(),
  Tile("pd:08", 1, {kField, kRoad, kRoad, kRoad},
       "road E (ends on tile); road S (ends on tile); road W (ends on tile); magic portal",
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {SSW, WSW}))
      .Connects({"r1", "r2", "r3"})
      .WithMagicPortal(),
  Tile("pd:09", 1, {kCity, kRoad, kRoad, kRoad},
       "city N (princess); road E (ends on tile); road S (ends on tile); road W (ends on tile)",
       City("c1", {N}).WithPrincess(),
       Road("r1", {E}),
       Road("r2", {S}),
       Road("r3", {W}),
       Field("f1", {ENE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}),
       Field("f3", {ESE, SSE}))
      .Connects({"r1", "r2", "r3"}),
  Tile("pd:10", 1, {kCity, kCity, kCity, kField}, "city N (princess); city E+S (1 coat of arms)",
       City("c1", {N}).WithPrincess().NoCastleBase(),
       City("c2", {E, S}, 1),
       Field("f1", {WSW, WNW}, {"c1"}),
       EnclosedField("f2", {"c1", "c2"})),
  Tile("pd:11", 1, {kCity, kCity, kField, kCity}, "city N+E+W (princess)",
       City("c1", {N, E, W}).WithPrincess(),
       Field("f1", {SSE, SSW}, {"c1"})),
  Tile("pd:12", 1, {kCity, kCity, kField, kCity}, "city N+E+W (1 coat of arms); magic portal",
       City("c1", {N, E, W}, 1),
       Field("f1", {SSE, SSW}, {"c1"}))
      .WithMagicPortal(),
  Tile("pd:13", 1, {kCity, kCity, kField, kCity}, "city N+E+W; monastery; dragon symbol",
       City("c1", {N, E, W}),
       Monastery("m1"),
       Field("f1", {SSE, SSW}, {"c1"}))
      .Connects({"c1", "m1"})
      .WithDragonSymbol(),
  Tile("pd:14", 2, {kField, kField, kRoad, kRoad}, "road S-W; dragon symbol",
       Road("r1", {S, W}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .WithDragonSymbol(),
  Tile("pd:15", 1, {kField, kField, kRoad, kRoad}, "road S-W; volcano",
       Road("r1", {S, W}),
       Field("f1", {NNW, NNE, ENE, ESE, SSE, WNW}),
       Field("f2", {SSW, WSW}))
      .WithVolcano(),
  Tile("pd:16", 1, {kField, kRoad, kField, kRoad}, "road E-W; dragon symbol",
       Road("r1", {E, W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .WithDragonSymbol(),
  Tile("pd:17", 1, {kField, kRoad, kField, kRoad}, "road E-W; volcano",
       Road("r1", {E, W}),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .WithVolcano(),
  Tile("pd:18", 1, {kCity, kField, kField, kCity}, "city N+W (princess)",
       City("c1", {N, W}).WithPrincess(),
       Field("f1", {ENE, ESE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"})),
  Tile("pd:19", 1, {kCity, kField, kField, kCity}, "city N+W; dragon symbol",
       City("c1", {N, W}),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"}))
      .WithDragonSymbol(),
  Tile("pd:20", 1, {kCity, kField, kField, kCity}, "city N+W (princess)",
       City("c1", {N, W}).WithPrincess(),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("pd:21", 1, {kCity, kCity, kField, kField}, "city E; city N; volcano",
       City("c1", {E}),
       City("c2", {N}),
       Field("f1", {SSE, SSW, WSW, WNW}, {"c1", "c2"}))
      .WithVolcano(),
  Tile("pd:22", 1, {kField, kCity, kField, kCity}, "city E+W (1 coat of arms); dragon symbol",
       City("c1", {E, W}, 1),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"}))
      .WithDragonSymbol(),
  Tile("pd:23", 1, {kCity, kRoad, kRoad, kCity}, "city N+W (princess); road E-S",
       City("c1", {N, W}).WithPrincess(),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE})),
  Tile("pd:24", 1, {kCity, kRoad, kRoad, kCity}, "city N+W; road E-S; magic portal",
       City("c1", {N, W}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .WithMagicPortal(),
  Tile("pd:25", 1, {kRoad, kCity, kRoad, kCity}, "city E+W; road N-S; dragon symbol",
       City("c1", {E, W}),
       Road("r1", {N, S}).WithTunnel(),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {SSE, SSW}, {"c1"}))
      .WithDragonSymbol(),
  Tile("pd:26", 1, {kCity, kField, kRoad, kRoad}, "city N; road S-W; dragon symbol",
       City("c1", {N}),
       Road("r1", {S, W}),
       Field("f1", {ENE, ESE, SSE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}))
      .WithDragonSymbol(),
  Tile("pd:27", 1, {kCity, kField, kRoad, kRoad}, "city N; road S-W; magic portal",
       City("c1", {N}),
       Road("r1", {S, W}),
       Field("f1", {ENE, ESE, SSE, WNW}, {"c1"}),
       Field("f2", {SSW, WSW}))
      .WithMagicPortal(),
  Tile("pd:28", 1, {kCity, kRoad, kRoad, kField}, "city N; road E-S; dragon symbol",
       City("c1", {N}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .WithDragonSymbol(),
  Tile("pd:29", 1, {kCity, kRoad, kRoad, kField}, "city N; road E-S; magic portal",
       City("c1", {N}),
       Road("r1", {E, S}),
       Field("f1", {ENE, SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ESE, SSE}))
      .WithMagicPortal(),
  // The garden edition (AB-01): its garden twins, each in place of one copy
  // of the type it names.
  Tile("pd:04g", 0, {kCity, kField, kField, kField}, "city N; garden; dragon symbol; garden twin of pd:04",
       City("c1", {N}),
       Garden("g1"),
       Field("f1", {ENE, ESE, SSE, SSW, WSW, WNW}, {"c1"}))
      .WithDragonSymbol().GardenTwinOf("pd:04", 1),
  Tile("pd:20g", 0, {kCity, kField, kField, kCity}, "city N+W (princess); garden; garden twin of pd:20",
       City("c1", {N, W}).WithPrincess(),
       Garden("g1"),
       Field("f1", {ENE, ESE, SSE, SSW}, {"c1"}))
      .GardenTwinOf("pd:20", 1),
};
// clang-format on

static_assert(AllCityReferencesResolve(kPrincessAndDragonTiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kPrincessAndDragonTiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kPrincessAndDragonTiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kPrincessAndDragonTiles.size() == 29 + 2,
              "The Princess & the Dragon has 29 tile types and 2 garden twins");
static_assert(TotalCount(kPrincessAndDragonTiles) == 30,
              "The Princess & the Dragon has 30 land tiles (PD-01)");

// PD-01: 6 volcanoes, 12 dragons, 6 portals, 6 princesses; one symbol a tile.
struct SymbolCounts {
  int volcano = 0;
  int dragon = 0;
  int portal = 0;
  int princess = 0;
  int several = 0;
};
constexpr SymbolCounts CountSymbols() {
  SymbolCounts counts;
  for (const TileSpec& tile : kPrincessAndDragonTiles) {
    bool princess = false;
    for (int i = 0; i < tile.segment_count; ++i) princess = princess || tile.segments[i].princess;
    const int symbols =
        int{tile.volcano} + int{tile.dragon_symbol} + int{tile.magic_portal} + int{princess};
    if (symbols != 1) ++counts.several;
    counts.volcano += tile.volcano ? tile.count : 0;
    counts.dragon += tile.dragon_symbol ? tile.count : 0;
    counts.portal += tile.magic_portal ? tile.count : 0;
    counts.princess += princess ? tile.count : 0;
  }
  return counts;
}
static_assert(CountSymbols().volcano == 6 && CountSymbols().dragon == 12 &&
                  CountSymbols().portal == 6 && CountSymbols().princess == 6 &&
                  CountSymbols().several == 0,
              "PD-01: 6 volcano, 12 dragon, 6 portal and 6 princess tiles, one symbol each");

}  // namespace
}  // namespace tile_data

const TileSet& PrincessAndDragonTileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "pd", "The Princess & the Dragon (30 land tiles)", tile_data::kPrincessAndDragonTiles);
  return *set;
}

}  // namespace carcassonne

// Inns & Cathedrals, current edition (C3.1, Hans im Glück 2025): catalogue set
// "ic31", in play with EXPANSION_INNS_CATHEDRALS and option ic.edition = c31
// (IN-01). Ids are the letters of the tile list in
// shared/rules/expansions/c31-inns-cathedrals.md §1.1 (`ic31:A` ...), in
// catalogue orientation (rotation 0, north up, as printed).
//
// The reference tile facts have no C3.1 file, so this table is read off that
// list (edges and "what the tile shows", tagged [from tile art]): each
// segment below is what the drawing description says, and each field is the
// area the roads and city walls described there close off.
// tests/engine/inns_and_cathedrals_c31_test.cc checks every tile against the
// list (sides, inns, cathedrals, coats of arms, gardens, and the number of
// fields against its fan-data column).
//
// Three of the 24 tiles are NOT here, each for an open question of that file
// (engine/rule_options.cc, known gaps IN-02, IN-15, IN-16):
//   C  (IN-Q3: which of its roads the inn counts for),
//   I  (IN-Q2: whether the lanes from its hamlet to the city gates are roads,
//       which decides its roads and fields),
//   T  (IN-Q5, IN-05: the river tile's place in the game is not stated).
// Ka and Kb are the same tile with different art; both are listed, one copy
// each, under their own letters. B and H print a garden (IN-02; the Abbot,
// AB-02); without the Abbot a garden holds nothing.
#include <array>

#include "engine/catalogue/tile_data.h"
#include "engine/tile_type.h"

namespace carcassonne {
namespace tile_data {
namespace {

// clang-format off
constexpr std::array kInnsAndCathedralsC31Tiles = {
  // Tile(id, count, {sides N, E, S, W}, description, segments...)
  Tile("ic31:A", 1, {kField, kField, kRoad, kRoad}, "road S-W with inn",
       Road("r1", {S, W}).WithInn(),
       // Inside the bend (the SW corner) and outside it.
       Field("f1", {SSW, WSW}),
       Field("f2", {NNW, NNE, ENE, ESE, SSE, WNW})),
  Tile("ic31:B", 1, {kField, kRoad, kField, kRoad}, "road E-W with inn; garden",
       Road("r1", {E, W}).WithInn(),
       Garden("g1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW})),
  Tile("ic31:D", 1, {kField, kRoad, kField, kRoad},
       "road W (ends on tile); road E (ends on tile); monastery",
       // Each road ends at the monastery in the centre.
       Road("r1", {W}),
       Road("r2", {E}),
       Monastery("m1"),
       Field("f1", {NNW, NNE, ENE, WNW}),
       Field("f2", {ESE, SSE, SSW, WSW}))
      .Connects({"r1", "m1"})
      .Connects({"r2", "m1"}),
  Tile("ic31:E", 1, {kRoad, kRoad, kRoad, kRoad}, "road N-W; road E-S",
       // Two bends, no junction; a farmhouse in the field between them.
       Road("r1", {N, W}),
       Road("r2", {E, S}),
       Field("f1", {NNW, WNW}),
       Field("f2", {ESE, SSE}),
       Field("f3", {NNE, ENE, SSW, WSW})),
  Tile("ic31:F", 1, {kCity, kRoad, kField, kCity}, "city N+W; road E (ends on tile)",
       // The road from E ends at the city wall.
       City("c1", {N, W}),
       Road("r1", {E}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {ESE, SSE, SSW}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("ic31:G", 1, {kField, kField, kField, kCity}, "city W",
       // The wall runs to the NE corner: a north field and an east+south
       // one. Not a castle base (BC-10): the facts flag ic:07, the same
       // drawing in the second edition, castle_base: false.
       City("c1", {W}).NoCastleBase(),
       Field("f1", {NNW, NNE}, {"c1"}),
       Field("f2", {ENE, ESE, SSE, SSW}, {"c1"})),
  Tile("ic31:H", 1, {kCity, kCity, kCity, kCity}, "city N; city E; city S; city W; garden",
       City("c1", {N}),
       City("c2", {E}),
       City("c3", {S}),
       City("c4", {W}),
       Garden("g1"),
       EnclosedField("f1", {"c1", "c2", "c3", "c4"})),
  Tile("ic31:J", 1, {kCity, kField, kRoad, kField}, "city N; road S (ends on tile)",
       // The road runs from the city gate to the south edge.
       City("c1", {N}),
       Road("r1", {S}),
       Field("f1", {SSW, WSW, WNW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("ic31:Ka", 1, {kCity, kCity, kCity, kCity}, "city N+E+S+W (cathedral)",
       City("c1", {N, E, S, W}).WithCathedral()),
  Tile("ic31:Kb", 1, {kCity, kCity, kCity, kCity}, "city N+E+S+W (cathedral)",
       City("c1", {N, E, S, W}).WithCathedral()),
  Tile("ic31:L", 1, {kCity, kRoad, kRoad, kCity},
       "city N+W (1 coat of arms); road E-S with inn",
       City("c1", {N, W}, /*coats_of_arms=*/1),
       Road("r1", {E, S}).WithInn(),
       // Inside the bend (the SE corner, the inn's) and outside it.
       Field("f1", {ESE, SSE}),
       Field("f2", {ENE, SSW}, {"c1"})),
  Tile("ic31:M", 1, {kCity, kField, kRoad, kRoad}, "city N; road S-W with inn",
       City("c1", {N}),
       Road("r1", {S, W}).WithInn(),
       Field("f1", {SSW, WSW}),
       Field("f2", {ENE, ESE, SSE, WNW}, {"c1"})),
  Tile("ic31:N", 1, {kCity, kField, kRoad, kCity}, "city N+W; road S (ends on tile) with inn",
       // The road from S ends at the city.
       City("c1", {N, W}),
       Road("r1", {S}).WithInn(),
       Field("f1", {SSW}, {"c1"}),
       Field("f2", {ENE, ESE, SSE}, {"c1"}))
      .Connects({"r1", "c1"}),
  Tile("ic31:O", 1, {kCity, kCity, kField, kCity}, "city N; city E; city W",
       City("c1", {N}),
       City("c2", {E}),
       City("c3", {W}),
       Field("f1", {SSE, SSW}, {"c1", "c2", "c3"})),
  Tile("ic31:P", 1, {kCity, kField, kCity, kCity}, "city N+W (1 coat of arms); city S",
       // IN-Q4: the art shows one coat of arms, in the N+W city.
       City("c1", {N, W}, /*coats_of_arms=*/1),
       City("c2", {S}),
       Field("f1", {ENE, ESE}, {"c1", "c2"})),
  Tile("ic31:Q", 1, {kRoad, kCity, kRoad, kCity},
       "city E+W (1 coat of arms); road N (ends on tile); road S (ends on tile)",
       // Both roads end at the city band.
       City("c1", {E, W}, /*coats_of_arms=*/1),
       Road("r1", {N}),
       Road("r2", {S}),
       Field("f1", {NNW}, {"c1"}),
       Field("f2", {NNE}, {"c1"}),
       Field("f3", {SSE}, {"c1"}),
       Field("f4", {SSW}, {"c1"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c1"}),
  Tile("ic31:R", 1, {kCity, kCity, kRoad, kField}, "city N; city E; road S (ends on tile)",
       // The road from S bends to the east city's gate: inside the bend a
       // field by that city; outside it a field by both cities.
       City("c1", {N}),
       City("c2", {E}),
       Road("r1", {S}),
       Field("f1", {SSE}, {"c2"}),
       Field("f2", {SSW, WSW, WNW}, {"c1", "c2"}))
      .Connects({"r1", "c2"}),
  Tile("ic31:S", 1, {kCity, kField, kRoad, kCity}, "city N; city W; road S (ends on tile)",
       // The mirror of ic31:R: the road from S bends to the west city's gate.
       City("c1", {N}),
       City("c2", {W}),
       Road("r1", {S}),
       Field("f1", {SSW}, {"c2"}),
       Field("f2", {ENE, ESE, SSE}, {"c1", "c2"}))
      .Connects({"r1", "c2"}),
  Tile("ic31:U", 1, {kCity, kRoad, kCity, kRoad},
       "city N; city S; road E (ends on tile); road W (ends on tile)",
       // A road from the north city's gate bends to E; a road from W bends to
       // the south city's gate: a field in each bend and one between them.
       City("c1", {N}),
       City("c2", {S}),
       Road("r1", {E}),
       Road("r2", {W}),
       Field("f1", {ENE}, {"c1"}),
       Field("f2", {WSW}, {"c2"}),
       Field("f3", {WNW, ESE}, {"c1", "c2"}))
      .Connects({"r1", "c1"})
      .Connects({"r2", "c2"}),
  Tile("ic31:V", 1, {kCity, kRoad, kRoad, kRoad},
       "city N; road W (ends on tile); road E (ends on tile); road S (ends on tile)",
       // Three roads, each ending at the city (IN-15: the gate area is no
       // road of its own). The city reaches down between the road ends, so
       // each of the four fields borders it (the traced drawing of the fan
       // data, [unconfirmed], agrees; the list's "at its gate" does not
       // say otherwise).
       City("c1", {N}),
       Road("r1", {W}),
       Road("r2", {E}),
       Road("r3", {S}),
       Field("f1", {WNW}, {"c1"}),
       Field("f2", {ENE}, {"c1"}),
       Field("f3", {WSW, SSW}, {"c1"}),
       Field("f4", {SSE, ESE}, {"c1"}))
      .Connects({"r1", "r2", "r3", "c1"}),
  Tile("ic31:W", 1, {kRoad, kRoad, kRoad, kRoad}, "road N-E-S-W (ring road) with inn",
       // IN-11: the four edge roads join a ring round the inn with no
       // junction, so one road; four corner fields and the one inside the ring.
       Road("r1", {N, E, S, W}).WithInn(),
       Field("f1", {NNW, WNW}),
       Field("f2", {NNE, ENE}),
       Field("f3", {ESE, SSE}),
       Field("f4", {SSW, WSW}),
       EnclosedField("f5", {})),
};
// clang-format on

static_assert(AllCityReferencesResolve(kInnsAndCathedralsC31Tiles),
              "a field borders a segment that is not a city of its tile");
static_assert(SymbolsOnTheirSegments(kInnsAndCathedralsC31Tiles),
              "a symbol is on the wrong kind of segment");
static_assert(ConnectionsResolve(kInnsAndCathedralsC31Tiles),
              "a Connects names no road ending on the tile, city or monastery of the tile (AM-13)");
static_assert(kInnsAndCathedralsC31Tiles.size() == 21,
              "24 tiles less C, I and T (open questions IN-Q2, IN-Q3, IN-Q5)");
static_assert(TotalCount(kInnsAndCathedralsC31Tiles) == 21, "one copy of each");

}  // namespace
}  // namespace tile_data

const TileSet& InnsAndCathedralsC31TileSet() {
  // Built on first use and never destroyed.
  static const TileSet* const set = tile_data::NewTileSet(
      "ic31", "Inns & Cathedrals, current edition C3.1 (21 of its 24 land tiles)",
      tile_data::kInnsAndCathedralsC31Tiles);
  return *set;
}

}  // namespace carcassonne

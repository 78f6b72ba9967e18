// Drawing a placed tile from its catalogue segments (see tile_svg.h).
//
// Shapes, all in board orientation (the segment's sides and half-edges turned
// by the tile's rotation, geometry.md "Rotation"):
//   field      the tile's ground is green; on the Count's city tiles the
//              ground is the city's stone and each field is a strip along
//              the half-edges it touches;
//   city       the sides it touches, joined around the tile's border; where
//              the border leaves the city, a curve bowed towards the centre
//              cuts back to the next side of the city;
//   road       a line from each side's midpoint to the centre (one side: a
//              road that ends on the tile), or one curve through the centre
//              joining two sides; a tunnel is dashed, a well is a circle;
//   river      as a road, in blue; a spring and a lake are circles;
//   monastery, garden   a small building, a bush, in the middle;
//   enclosed field      a green patch (it touches no side).
#include "render/tile_svg.h"

#include <bit>
#include <string>
#include <vector>

#include "render/glyphs.h"

namespace carcassonne::render {

namespace {

constexpr Point kCentre{kTileSize / 2, kTileSize / 2};

Point Plus(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
Point Times(Point a, double factor) { return {a.x * factor, a.y * factor}; }
Point Between(Point a, Point b, double t) { return Plus(a, Times(Plus(b, Times(a, -1)), t)); }

// A side's corners, walking the border clockwise: N from the north-west
// corner to the north-east corner, E from there to the south-east, ...
Point SideStart(int side) {
  constexpr Point kCorners[4] = {{0, 0}, {kTileSize, 0}, {kTileSize, kTileSize}, {0, kTileSize}};
  return kCorners[side % 4];
}
Point SideEnd(int side) { return SideStart(side + 1); }
Point SideMiddle(int side) { return Between(SideStart(side), SideEnd(side), 0.5); }
// The unit vector pointing out of the tile across a side.
Point Outward(int side) {
  constexpr Point kOutward[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
  return kOutward[side % 4];
}
// Half-edge i lies on side i / 2: its first half (clockwise) when i is even.
Point HalfEdgeStart(int half_edge) {
  return Between(SideStart(half_edge / 2), SideEnd(half_edge / 2), half_edge % 2 == 0 ? 0 : 0.5);
}
Point HalfEdgeEnd(int half_edge) {
  return Between(SideStart(half_edge / 2), SideEnd(half_edge / 2), half_edge % 2 == 0 ? 0.5 : 1);
}
Point HalfEdgeMiddle(int half_edge) {
  return Between(HalfEdgeStart(half_edge), HalfEdgeEnd(half_edge), 0.5);
}

std::string Translate(Point at) {
  return Join({"translate(", Number(at.x), " ", Number(at.y), ")"});
}

SideMask BoardSides(const TurnedTile& tile, const SegmentType& segment) {
  return RotateSides(segment.edges, tile.rotation);
}
HalfEdgeMask BoardHalfEdges(const TurnedTile& tile, const SegmentType& segment) {
  return RotateHalfEdges(segment.half_edges, tile.rotation);
}
bool TouchesNoSide(const SegmentType& segment) {
  return segment.edges == 0 && segment.half_edges == 0;
}
std::vector<int> SidesOf(SideMask sides) {
  std::vector<int> list;
  for (int side = 0; side < 4; ++side) {
    if (sides & (1u << side)) list.push_back(side);
  }
  return list;
}

// Segments touching no side share the middle of the tile: the only one
// stands in the middle, several stand apart on the diagonals.
Point NoSideAnchor(const TurnedTile& tile, int index) {
  int position = 0;
  int count = 0;
  for (int i = 0; i < static_cast<int>(tile.type->segments.size()); ++i) {
    if (!TouchesNoSide(tile.type->segments[i])) continue;
    if (i == index) position = count;
    ++count;
  }
  if (count <= 1) return kCentre;
  constexpr Point kSpread[4] = {{32, 32}, {68, 68}, {68, 32}, {32, 68}};
  return kSpread[position % 4];
}

// A point on the road or river drawn through `sides` (see LinePath).
Point LineAnchor(SideMask sides) {
  const std::vector<int> list = SidesOf(sides);
  if (list.size() == 2) {
    // On the curve from the first side's midpoint through the centre, 30 %
    // of the way along.
    const double t = 0.3;
    const Point a = SideMiddle(list[0]);
    const Point b = SideMiddle(list[1]);
    return Plus(Plus(Times(a, (1 - t) * (1 - t)), Times(kCentre, 2 * t * (1 - t))),
                Times(b, t * t));
  }
  if (list.empty()) return kCentre;
  return Between(SideMiddle(list[0]), kCentre, 0.5);
}

// SVG path data of a road or river through `sides`.
std::string LinePath(SideMask sides) {
  const std::vector<int> list = SidesOf(sides);
  if (list.size() == 2) {
    return Join({"M", Coordinates(SideMiddle(list[0])), "Q", Coordinates(kCentre), " ",
                 Coordinates(SideMiddle(list[1]))});
  }
  std::string path;
  for (int side : list) {
    Append(path, {"M", Coordinates(SideMiddle(side)), "L", Coordinates(kCentre)});
  }
  return path;
}

// SVG path data of a city touching `sides` (see the file comment).
std::string CityPath(SideMask sides) {
  if (sides == 0x0F) return "M0,0H100V100H0Z";
  if (sides == 0) return "M38,50A12,12 0 1,0 62,50A12,12 0 1,0 38,50Z";
  const auto included = [&](int side) { return (sides & (1u << (side % 4))) != 0; };
  int first = 0;
  while (!included(first) || included(first + 3)) ++first;
  std::string path = Join({"M", Coordinates(SideStart(first))});
  int current = first;
  while (true) {
    Append(path, {"L", Coordinates(SideEnd(current))});
    int next = (current + 1) % 4;
    if (included(next)) {
      current = next;
      continue;
    }
    // Cut back across the tile to the next side of the city, bowed away
    // from the sides skipped.
    Point skipped{0, 0};
    while (!included(next)) {
      skipped = Plus(skipped, Outward(next));
      next = (next + 1) % 4;
    }
    const Point control = Plus(kCentre, Times(skipped, 15));
    Append(path, {"Q", Coordinates(control), " ", Coordinates(SideStart(next))});
    if (next == first) break;
    current = next;
  }
  path += 'Z';
  return path;
}

// Where the symbols of a city or field go: a row below the piece's anchor
// (above it when the anchor is in the lower part of the tile).
Point SymbolRowStart(Point anchor, int symbol_count) {
  const double y = anchor.y > 60 ? anchor.y - 12 : anchor.y + 12;
  return {anchor.x - 5 * (symbol_count - 1), y};
}

void AppendCity(std::string& svg, const TurnedTile& tile, int index) {
  const SegmentType& city = tile.type->segments[index];
  Append(svg, {"<path class=\"city\" data-segment=\"", Escape(city.id), "\" d=\"",
               CityPath(BoardSides(tile, city)),
               "\" fill=\"#c9a66b\" stroke=\"#7a5a2e\" stroke-width=\"1.2\"/>"});
}

void AppendCitySymbols(std::string& svg, const TurnedTile& tile, int index) {
  const SegmentType& city = tile.type->segments[index];
  std::vector<Symbol> symbols(city.coats_of_arms, Symbol::kCoatOfArms);
  if (city.cathedral) symbols.push_back(Symbol::kCathedral);
  if (city.goods == Goods::kWine) symbols.push_back(Symbol::kWine);
  if (city.goods == Goods::kGrain) symbols.push_back(Symbol::kGrain);
  if (city.goods == Goods::kCloth) symbols.push_back(Symbol::kCloth);
  const Point start = SymbolRowStart(SegmentAnchor(tile, index), static_cast<int>(symbols.size()));
  for (size_t i = 0; i < symbols.size(); ++i) {
    AppendSymbol(svg, symbols[i], Plus(start, {10.0 * static_cast<double>(i), 0}));
  }
}

// A road or a river: a dark edge under a lighter line.
void AppendLine(std::string& svg, const TurnedTile& tile, int index) {
  const SegmentType& segment = tile.type->segments[index];
  const bool river = segment.kind == SegmentKind::kRiver;
  // A bridge (BC-03, BC-06): the last segment of a bridged type, in wood.
  const bool bridge = tile.type->bridge_base != nullptr &&
                      index == static_cast<int>(tile.type->segments.size()) - 1;
  const std::string path = LinePath(BoardSides(tile, segment));
  Append(svg, {"<g class=\"",
               std::string(river    ? "river"
                           : bridge ? "bridge"
                                    : "road"),
               "\" data-segment=\"", Escape(segment.id), "\" fill=\"none\">"});
  if (!path.empty()) {
    Append(svg, {"<path d=\"", path, "\" stroke=\"",
                 (river    ? "#1d5f9e"
                  : bridge ? "#3b2a1a"
                           : "#5c4a32"),
                 "\" stroke-width=\"",
                 (river    ? "12"
                  : bridge ? "11"
                           : "9"),
                 "\"/>"});
    Append(svg, {"<path d=\"", path, "\" stroke=\"",
                 (river    ? "#4c9be0"
                  : bridge ? "#b07a45"
                           : "#f4efe0"),
                 "\" stroke-width=\"",
                 (river    ? "9"
                  : bridge ? "7"
                           : "6"),
                 "\"", (segment.tunnel ? " stroke-dasharray=\"5 4\"" : ""), "/>"});
  }
  svg += "</g>";
}

void AppendRoadSymbols(std::string& svg, const TurnedTile& tile, int index) {
  const SegmentType& road = tile.type->segments[index];
  const SideMask sides = BoardSides(tile, road);
  if (road.well) AppendSymbol(svg, Symbol::kWell, kCentre);
  if (road.inn) {
    // Beside the road: to the east of a road leaving north or south, to the
    // south of one leaving east or west.
    const std::vector<int> list = SidesOf(sides);
    const bool north_south = !list.empty() && list[0] % 2 == 0;
    const Point anchor = LineAnchor(sides);
    AppendSymbol(svg, Symbol::kInn, Plus(anchor, north_south ? Point{12, 0} : Point{0, 12}));
  }
}

// A field on a tile of the Count's city: a strip along each half-edge.
void AppendFieldStrips(std::string& svg, const TurnedTile& tile, int index) {
  const SegmentType& field = tile.type->segments[index];
  const HalfEdgeMask half_edges = BoardHalfEdges(tile, field);
  std::string path;
  for (int half_edge = 0; half_edge < 8; ++half_edge) {
    if (!(half_edges & (1u << half_edge))) continue;
    const Point inward = Times(Outward(half_edge / 2), -24);
    const Point a = HalfEdgeStart(half_edge);
    const Point b = HalfEdgeEnd(half_edge);
    Append(path, {"M", Coordinates(a), "L", Coordinates(b), "L", Coordinates(Plus(b, inward)), "L",
                  Coordinates(Plus(a, inward)), "Z"});
  }
  Append(svg, {"<path class=\"field\" data-segment=\"", Escape(field.id), "\" d=\"", path,
               "\" fill=\"#8cc66b\"/>"});
}

void AppendEnclosedField(std::string& svg, const TurnedTile& tile, int index) {
  const Point at = SegmentAnchor(tile, index);
  Append(svg, {"<circle class=\"field\" data-segment=\"", Escape(tile.type->segments[index].id),
               "\" cx=\"", Number(at.x), "\" cy=\"", Number(at.y),
               "\" r=\"9\" fill=\"#8cc66b\" stroke=\"#4d7f35\" stroke-width=\"0.8\"/>"});
}

std::string_view OutlineColour(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::kCity:
      return "#7a2e00";
    case SegmentKind::kRoad:
      return "#333333";
    case SegmentKind::kField:
      return "#1d5e1d";
    case SegmentKind::kRiver:
      return "#0b4f9c";
    case SegmentKind::kMonastery:
    case SegmentKind::kGarden:
    case SegmentKind::kCircusSpace:   // Under the Big Top (BT-01): outlined,
    case SegmentKind::kAcrobatSpace:  // labelled with their ids, no symbol
      return "#8b0000";
    case SegmentKind::kTowerFoundation:  // The Tower (TW-01)
      return "#555555";
  }
  return "#000000";
}

// Lines just inside the sides and half-edges a segment touches, or a dashed
// ring around a segment that touches none, and the segment's id.
void AppendOutline(std::string& svg, const TurnedTile& tile, int index) {
  const SegmentType& segment = tile.type->segments[index];
  const std::string colour(OutlineColour(segment.kind));
  const double inset = segment.kind == SegmentKind::kField ? 6 : 3;
  std::string path;
  Point label_at = SegmentAnchor(tile, index);
  bool labelled = false;
  const auto add = [&](Point a, Point b, int side) {
    const Point inward = Times(Outward(side), -inset);
    const Point along = Times(Plus(b, Times(a, -1)), 0.06);
    Append(path, {"M", Coordinates(Plus(Plus(a, inward), along)), "L",
                  Coordinates(Plus(Plus(b, inward), Times(along, -1)))});
    if (!labelled) {
      label_at = Plus(Between(a, b, 0.5), Times(Outward(side), -(inset + 7)));
      labelled = true;
    }
  };
  const SideMask sides = BoardSides(tile, segment);
  for (int side = 0; side < 4; ++side) {
    if (sides & (1u << side)) add(SideStart(side), SideEnd(side), side);
  }
  const HalfEdgeMask half_edges = BoardHalfEdges(tile, segment);
  for (int half_edge = 0; half_edge < 8; ++half_edge) {
    if (half_edges & (1u << half_edge)) {
      add(HalfEdgeStart(half_edge), HalfEdgeEnd(half_edge), half_edge / 2);
    }
  }
  Append(svg, {"<g class=\"outline\" data-segment=\"", Escape(segment.id), "\" data-kind=\"",
               std::string(SegmentKindName(segment.kind)), "\" stroke=\"", colour,
               "\" fill=\"none\" stroke-width=\"1.6\">"});
  if (path.empty()) {
    const Point at = SegmentAnchor(tile, index);
    Append(svg, {"<circle cx=\"", Number(at.x), "\" cy=\"", Number(at.y),
                 "\" r=\"13\" stroke-dasharray=\"3 2\"/>"});
    label_at = Plus(at, {0, -15});
  } else {
    Append(svg, {"<path d=\"", path, "\"/>"});
  }
  Append(svg, {"<text x=\"", Number(label_at.x), "\" y=\"", Number(label_at.y + 2),
               "\" font-size=\"6\" text-anchor=\"middle\" stroke=\"none\" fill=\"", colour, "\">",
               Escape(segment.id), "</text></g>"});
}

}  // namespace

int SegmentAt(const TurnedTile& tile, Location location) {
  const TileLayout& layout = tile.type->layouts[tile.rotation.quarter_turns % 4];
  if (IsEdge(location)) return layout.segment_at_side[static_cast<int>(location)];
  if (IsHalfEdge(location)) return layout.segment_at_half_edge[HalfEdgeIndex(location)];
  // (A tower foundation, TW-01, is never a figure's place: the centre is the
  // monastery's on a tile that has both.)
  for (int i = 0; i < static_cast<int>(tile.type->segments.size()); ++i) {
    if (TouchesNoSide(tile.type->segments[i]) &&
        tile.type->segments[i].kind != SegmentKind::kTowerFoundation) {
      return i;
    }
  }
  return -1;
}

Point SegmentAnchor(const TurnedTile& tile, int index) {
  const SegmentType& segment = tile.type->segments[index];
  if (TouchesNoSide(segment)) return NoSideAnchor(tile, index);
  const SideMask sides = BoardSides(tile, segment);
  switch (segment.kind) {
    case SegmentKind::kCity: {
      const std::vector<int> list = SidesOf(sides);
      if (list.size() == 1) return Between(SideMiddle(list[0]), kCentre, 0.3);
      if (list.size() == 2 && (list[1] - list[0]) == 2) {
        // A band across the tile: halfway along it from its first side.
        return Between(SideMiddle(list[0]), kCentre, 0.5);
      }
      Point sum{0, 0};
      for (int side : list) sum = Plus(sum, SideMiddle(side));
      return Times(sum, 1.0 / static_cast<double>(list.size()));
    }
    case SegmentKind::kRoad:
    case SegmentKind::kRiver:
      return LineAnchor(sides);
    case SegmentKind::kField: {
      const HalfEdgeMask half_edges = BoardHalfEdges(tile, segment);
      const int first = std::countr_zero(static_cast<unsigned>(half_edges));
      return Plus(HalfEdgeMiddle(first), Times(Outward(first / 2), -12));
    }
    case SegmentKind::kMonastery:
    case SegmentKind::kGarden:
    case SegmentKind::kCircusSpace:
    case SegmentKind::kAcrobatSpace:
    case SegmentKind::kTowerFoundation:
      return NoSideAnchor(tile, index);
  }
  return kCentre;
}

void AppendTile(std::string& svg, const TurnedTile& tile, Position cell, int tile_index,
                bool outline, bool cell_label) {
  const TileType& type = *tile.type;
  const Point origin{static_cast<double>(cell.x) * kTileSize,
                     static_cast<double>(cell.y) * kTileSize};
  const bool count_city = type.city_layout.has_value();
  Append(svg,
         {"<g class=\"tile\" id=\"tile-", std::to_string(tile_index), "\" data-tile-type=\"",
          Escape(type.id), "\" data-x=\"", std::to_string(cell.x), "\" data-y=\"",
          std::to_string(cell.y), "\" data-rotation=\"", std::to_string(tile.rotation.degrees()),
          "\" transform=\"", Translate(origin), "\">"});
  Append(svg, {"<title>", Escape(type.id), " at (", std::to_string(cell.x), ", ",
               std::to_string(cell.y), "), ", std::to_string(tile.rotation.degrees()),
               " degrees: ", Escape(type.description), "</title>"});
  Append(svg, {std::string("<rect class=\"ground\" width=\"100\" height=\"100\" fill=\""),
               (count_city ? "#b9ae9a" : "#8cc66b"), "\"/>"});

  const int segment_count = static_cast<int>(type.segments.size());
  // Ground first (fields), then cities, then roads and rivers over them, then
  // what stands in the middle, then the symbols.
  for (int i = 0; i < segment_count; ++i) {
    const SegmentType& segment = type.segments[i];
    if (segment.kind != SegmentKind::kField) continue;
    if (TouchesNoSide(segment)) continue;
    if (count_city) AppendFieldStrips(svg, tile, i);
  }
  for (int i = 0; i < segment_count; ++i) {
    if (type.segments[i].kind == SegmentKind::kCity) AppendCity(svg, tile, i);
  }
  for (int i = 0; i < segment_count; ++i) {
    if (type.segments[i].kind == SegmentKind::kField && TouchesNoSide(type.segments[i])) {
      AppendEnclosedField(svg, tile, i);
    }
  }
  int road_ends = 0;
  bool middle_taken = false;
  for (int i = 0; i < segment_count; ++i) {
    const SegmentType& segment = type.segments[i];
    if (segment.kind == SegmentKind::kRiver || segment.kind == SegmentKind::kRoad) {
      AppendLine(svg, tile, i);
    }
    if (segment.kind == SegmentKind::kRoad && std::popcount(segment.edges) == 1) ++road_ends;
    if (segment.kind == SegmentKind::kMonastery || segment.kind == SegmentKind::kGarden) {
      middle_taken = true;
    }
  }
  if (type.river_role == RiverRole::kLake || type.river_role == RiverRole::kSpring) {
    const bool lake = type.river_role == RiverRole::kLake;
    Append(svg, {std::string("<circle class=\""), (lake ? "lake" : "spring"),
                 "\" cx=\"50\" cy=\"50\" r=\"", (lake ? "16" : "8"),
                 "\" fill=\"#4c9be0\" stroke=\"#1d5f9e\" stroke-width=\"1.5\"/>"});
    middle_taken = true;
  }
  if (road_ends >= 2 && !middle_taken) {
    // Roads that end on the tile meet at a junction (a village).
    svg +=
        "<path class=\"junction\" d=\"M43,43H57V57H43Z\" fill=\"#8a6d4b\" stroke=\"#3f2f1e\" "
        "stroke-width=\"1\"/>";
  }
  for (int i = 0; i < segment_count; ++i) {
    const SegmentType& segment = type.segments[i];
    if (segment.kind == SegmentKind::kMonastery) {
      AppendSymbol(svg, Symbol::kMonastery, SegmentAnchor(tile, i));
    } else if (segment.kind == SegmentKind::kGarden) {
      AppendSymbol(svg, Symbol::kGarden, SegmentAnchor(tile, i));
    } else if (segment.kind == SegmentKind::kCity) {
      AppendCitySymbols(svg, tile, i);
    } else if (segment.kind == SegmentKind::kRoad) {
      AppendRoadSymbols(svg, tile, i);
    } else if (segment.kind == SegmentKind::kField && segment.pig_herd) {
      AppendSymbol(svg, Symbol::kPigHerd, SymbolRowStart(SegmentAnchor(tile, i), 1));
    }
  }
  // Tile flags: badges along the top of the north-east corner.
  std::vector<Symbol> badges;
  if (type.magic_symbol) badges.push_back(Symbol::kMagicSymbol);
  if (type.volcano) badges.push_back(Symbol::kVolcano);
  if (type.bazaar) badges.push_back(Symbol::kBazaar);
  if (type.festival) badges.push_back(Symbol::kFestival);  // FV-01
  for (size_t i = 0; i < badges.size(); ++i) {
    AppendSymbol(svg, badges[i], {90 - 12 * static_cast<double>(i), 9});
  }
  if (outline) {
    for (int i = 0; i < segment_count; ++i) AppendOutline(svg, tile, i);
  }
  svg +=
      "<rect class=\"border\" width=\"100\" height=\"100\" fill=\"none\" stroke=\"#3d5a2a\" "
      "stroke-width=\"0.8\"/>";
  if (cell_label) {
    svg +=
        "<text class=\"cell\" x=\"3\" y=\"97\" font-size=\"6\" fill=\"#000000\" "
        "fill-opacity=\"0.55\">" +
        std::to_string(cell.x) + "," + std::to_string(cell.y) + "</text>";
  }
  svg += "</g>\n";
}

}  // namespace carcassonne::render

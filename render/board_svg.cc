// Drawing a whole snapshot (see board_svg.h).
// (Over 600 lines: every layer reads the same resolved tiles and the shared
// spots of segments (NextSpot), which one drawing object keeps.)
//
// Layers, bottom to top: the tiles (tile_svg.cc), the highlighted cells, the
// last placed tile's frame, castles, barns, figures, the magic figures, the
// dragon (with its flight so far) and the fairy, the Count's quarters, the
// legend (legend_svg.cc). Board coordinates: the tile at cell (x, y)
// covers [100x, 100x + 100] x [100y, 100y + 100]; the legend stands to the
// right of the board.
// Why one file: one SVG document drawn in one pass (tiles, figures, pieces, legend) whose output
// golden tests pin.
#include "render/board_svg.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/expansions/bridges.h"
#include "engine/tile_type.h"
#include "render/glyphs.h"
#include "render/legend_svg.h"
#include "render/palette.h"
#include "render/tile_svg.h"

namespace carcassonne::render {

namespace api = carcassonne::v1;

namespace {

constexpr double kMargin = 20;

// Where a piece stands: a segment of a placed tile, and the point drawn.
struct SegmentPlace {
  int tile = -1;
  int segment = -1;
  Point at = {};     // board coordinates
  Point local = {};  // tile coordinates
};

std::string_view FigureKindName(api::FigureKind kind) {
  switch (kind) {
    case api::FIGURE_KIND_FOLLOWER:
      return "follower";
    case api::FIGURE_KIND_BIG_FOLLOWER:
      return "big follower";
    case api::FIGURE_KIND_BUILDER:
      return "builder";
    case api::FIGURE_KIND_PIG:
      return "pig";
    case api::FIGURE_KIND_MAYOR:
      return "mayor";
    case api::FIGURE_KIND_WAGON:
      return "wagon";
    case api::FIGURE_KIND_ABBOT:
      return "abbot";  // drawn as a follower (AB-01)
    case api::FIGURE_KIND_RINGMASTER:
      return "ringmaster";  // drawn as a follower (BT-16)
    case api::FIGURE_KIND_SHEPHERD:
      return "shepherd";  // drawn as a follower (HS-13)
    case api::FIGURE_KIND_PHANTOM:
      return "phantom";  // drawn as a follower (PH-01)
    default:
      return "";
  }
}

Piece FigurePiece(api::FigureKind kind) {
  switch (kind) {
    case api::FIGURE_KIND_BIG_FOLLOWER:
      return Piece::kBigFollower;
    case api::FIGURE_KIND_BUILDER:
      return Piece::kBuilder;
    case api::FIGURE_KIND_PIG:
      return Piece::kPig;
    case api::FIGURE_KIND_MAYOR:
      return Piece::kMayor;
    case api::FIGURE_KIND_WAGON:
      return Piece::kWagon;
    default:
      return Piece::kFollower;
  }
}

// The Count's quarters (CO-03), in the clockwise order of CO-19, as drawn: a
// 2 x 2 block, castle north-west, market north-east, blacksmith south-east,
// cathedral south-west.
struct QuarterBox {
  api::Quarter quarter;
  std::string_view name;
  Point corner;
};
constexpr QuarterBox kQuarterBoxes[] = {
    {api::QUARTER_CASTLE, "castle", {2, 2}},
    {api::QUARTER_MARKET, "market", {51, 2}},
    {api::QUARTER_BLACKSMITH, "blacksmith", {51, 51}},
    {api::QUARTER_CATHEDRAL, "cathedral", {2, 51}},
};

// The highlight styles: the value of data-kind, the colour, and whether the
// stroke is dashed.
struct HighlightStyle {
  std::string_view name;
  std::string_view colour;
  bool dashed;
};

HighlightStyle StyleOf(HighlightKind kind) {
  switch (kind) {
    case HighlightKind::kSelected:
      return {"selected", "#1f77b4", false};
    case HighlightKind::kAttention:
      return {"attention", "#e0115f", false};
    case HighlightKind::kPlacement:
      break;
  }
  return {"placement", "#2ca02c", true};
}

class BoardDrawing {
 public:
  BoardDrawing(const api::GameState& state, const RenderOptions& options)
      : state_(state), options_(options) {}

  absl::StatusOr<std::string> Draw();

 private:
  absl::Status ReadTiles();
  // Grows the board's box to hold `cell`.
  void Extend(Position cell);
  void AppendHighlights();
  // `label` when the options ask for labels, else none.
  std::string_view Label(std::string_view label) const { return options_.labels ? label : ""; }
  absl::StatusOr<SegmentPlace> Resolve(const api::SegmentRef& ref, const std::string& path) const;
  absl::StatusOr<std::string_view> OwnerColour(int owner, const std::string& path) const;
  // Where the next piece on a segment stands: pieces sharing a segment
  // stand side by side, towards the middle of the tile, every other one
  // with its label above it so that the labels do not overlap.
  struct Spot {
    Point at;
    bool label_above = false;
  };
  Spot NextSpot(const SegmentPlace& place);
  absl::Status AppendCastles();
  absl::Status AppendBarns();
  absl::Status AppendFigures();
  absl::Status AppendMagicFigures();
  absl::Status AppendDragonAndFairy();
  absl::Status AppendQuarters(Point origin);
  int LastPlacedTile() const;

  const api::GameState& state_;
  const RenderOptions& options_;
  std::vector<TurnedTile> tiles_;
  absl::flat_hash_map<Position, int> tile_at_;
  std::map<std::pair<int, int>, int> pieces_on_segment_;
  bool box_empty_ = true;
  int64_t min_x_ = 0, min_y_ = 0, max_x_ = 0, max_y_ = 0;
  std::string svg_;
};

absl::Status BoardDrawing::ReadTiles() {
  const Catalogue& catalogue = Catalogue::Get();
  for (int i = 0; i < state_.tiles_size(); ++i) {
    const api::PlacedTile& placed = state_.tiles(i);
    const std::string path = absl::StrCat("tiles[", i, "]");
    const TileType* type = catalogue.Find(placed.tile_type());
    if (type == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(path, ".tile_type: \"", placed.tile_type(),
                                                     "\" is not a tile type of the catalogue"));
    }
    const std::optional<Rotation> rotation = Rotation::FromDegrees(placed.rotation());
    if (!rotation) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ".rotation: ", placed.rotation(), " is not 0, 90, 180 or 270"));
    }
    // Bridges, Castles & Bazaars (BC-03, BC-06): the tile with its bridge.
    if (placed.bridge() != api::BRIDGE_AXIS_UNSPECIFIED) {
      const BridgeAxis axis = placed.bridge() == api::BRIDGE_AXIS_NORTH_SOUTH
                                  ? BridgeAxis::kNorthSouth
                                  : BridgeAxis::kEastWest;
      type = TypeWithBridge(*type, *rotation, axis);
      if (type == nullptr) {
        return absl::InvalidArgumentError(absl::StrCat(
            path, ".bridge: the tile has no field sides at both ends of this bridge (BC-04)"));
      }
    }
    const Position cell{placed.x(), placed.y()};
    const auto [it, inserted] = tile_at_.emplace(cell, i);
    if (!inserted) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": the cell (", cell.x, ", ", cell.y,
                                                     ") already holds tiles[", it->second, "]"));
    }
    tiles_.push_back({type, *rotation});
    Extend(cell);
  }
  return absl::OkStatus();
}

void BoardDrawing::Extend(Position cell) {
  if (box_empty_ || cell.x < min_x_) min_x_ = cell.x;
  if (box_empty_ || cell.y < min_y_) min_y_ = cell.y;
  if (box_empty_ || cell.x > max_x_) max_x_ = cell.x;
  if (box_empty_ || cell.y > max_y_) max_y_ = cell.y;
  box_empty_ = false;
}

void BoardDrawing::AppendHighlights() {
  if (options_.highlights.empty()) return;
  svg_ += "<g id=\"highlights\">";
  absl::flat_hash_set<std::pair<Position, HighlightKind>> drawn;
  for (const Highlight& highlight : options_.highlights) {
    if (!drawn.emplace(highlight.cell, highlight.kind).second) continue;  // listed again
    const HighlightStyle style = StyleOf(highlight.kind);
    Append(svg_,
           {"<rect class=\"highlight\" data-kind=\"", style.name, "\" data-x=\"",
            std::to_string(highlight.cell.x), "\" data-y=\"", std::to_string(highlight.cell.y),
            "\" x=\"", Number(highlight.cell.x * kTileSize + 4), "\" y=\"",
            Number(highlight.cell.y * kTileSize + 4), "\" width=\"92\" height=\"92\" fill=\"",
            style.colour, "\" fill-opacity=\"0.22\" stroke=\"", style.colour,
            "\" stroke-width=\"3\"", style.dashed ? " stroke-dasharray=\"8 5\"" : "", "/>"});
  }
  svg_ += "</g>\n";
}

absl::StatusOr<SegmentPlace> BoardDrawing::Resolve(const api::SegmentRef& ref,
                                                   const std::string& path) const {
  const auto it = tile_at_.find(Position{ref.x(), ref.y()});
  if (it == tile_at_.end()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": no tile at (", ref.x(), ", ", ref.y(), ")"));
  }
  const TurnedTile& tile = tiles_[it->second];
  SegmentPlace place{.tile = it->second};
  std::string named;
  switch (ref.segment_case()) {
    case api::SegmentRef::kLocation: {
      const int location = ref.location();
      if (location < api::LOCATION_N || location > api::LOCATION_CENTER) {
        return absl::InvalidArgumentError(
            absl::StrCat(path, ".location: ", location, " is not a location"));
      }
      place.segment = SegmentAt(tile, static_cast<Location>(location - api::LOCATION_N));
      named = api::Location_Name(ref.location());
      break;
    }
    case api::SegmentRef::kSegmentId:
      place.segment = tile.type->SegmentIndex(ref.segment_id());
      named = absl::StrCat("segment id \"", ref.segment_id(), "\"");
      break;
    default:
      return absl::InvalidArgumentError(absl::StrCat(path, ": names no segment"));
  }
  if (place.segment < 0) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": the tile ", std::string(tile.type->id),
                                                   " at (", ref.x(), ", ", ref.y(),
                                                   ") has no segment at ", named));
  }
  const Point anchor = SegmentAnchor(tile, place.segment);
  place.local = anchor;
  place.at = {static_cast<double>(ref.x()) * kTileSize + anchor.x,
              static_cast<double>(ref.y()) * kTileSize + anchor.y};
  return place;
}

absl::StatusOr<std::string_view> BoardDrawing::OwnerColour(int owner,
                                                           const std::string& path) const {
  if (owner < 0 || owner >= state_.players_size()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": player ", owner, " does not exist (",
                                                   state_.players_size(), " players)"));
  }
  return kPlayerColours[owner];
}

BoardDrawing::Spot BoardDrawing::NextSpot(const SegmentPlace& place) {
  constexpr Point kOffsets[] = {{0, 0}, {22, 0}, {0, 20}, {22, 20}, {-22, 0}, {0, -20}};
  const int n = pieces_on_segment_[{place.tile, place.segment}]++;
  const Point offset = kOffsets[n % 6];
  const double shift = 4.0 * (n / 6);
  const double towards_x = place.local.x > kTileSize / 2 ? -1 : 1;
  const double towards_y = place.local.y > kTileSize / 2 ? -1 : 1;
  return {.at = {place.at.x + towards_x * (offset.x + shift),
                 place.at.y + towards_y * (offset.y + shift)},
          .label_above = n % 2 == 1};
}

absl::Status BoardDrawing::AppendCastles() {
  svg_ += "<g id=\"castles\">";
  for (int i = 0; i < state_.castles_size(); ++i) {
    const api::Castle& castle = state_.castles(i);
    const std::string path = absl::StrCat("castles[", i, "]");
    absl::StatusOr<std::string_view> colour = OwnerColour(castle.owner(), path + ".owner");
    if (!colour.ok()) return colour.status();
    std::vector<Point> points;
    for (int s = 0; s < castle.segments_size(); ++s) {
      absl::StatusOr<SegmentPlace> place =
          Resolve(castle.segments(s), absl::StrCat(path, ".segments[", s, "]"));
      if (!place.ok()) return place.status();
      points.push_back(place->at);
    }
    if (points.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ".segments: none"));
    }
    // One castle over its segments (two facing city segments on two
    // tiles): drawn at the middle of their points, linked to each.
    Point middle{0, 0};
    for (const Point& p : points) {
      middle.x += p.x / static_cast<double>(points.size());
      middle.y += p.y / static_cast<double>(points.size());
    }
    std::string link;
    for (const Point& p : points) {
      Append(link, {"M", Coordinates(middle), "L", Coordinates(p)});
    }
    Append(svg_, {"<path class=\"castle-link\" d=\"", link, "\" fill=\"none\" stroke=\"", *colour,
                  "\" stroke-width=\"3\" stroke-dasharray=\"4 3\"/>"});
    const std::string attributes =
        absl::StrCat("class=\"castle\" data-owner=\"", castle.owner(), "\" data-scored=\"",
                     castle.scored() ? "true" : "false", "\" fill-opacity=\"",
                     castle.scored() ? "0.35" : "0.8", "\"");
    AppendPiece(svg_, Piece::kCastle,
                {.at = middle,
                 .scale = 1.3,
                 .fill = *colour,
                 .attributes = attributes,
                 .label = Label(castle.scored() ? "castle (scored)" : "castle"),
                 .label_above = true});
  }
  svg_ += "</g>\n";
  return absl::OkStatus();
}

absl::Status BoardDrawing::AppendBarns() {
  svg_ += "<g id=\"barns\">";
  for (int i = 0; i < state_.barns_size(); ++i) {
    const api::Barn& barn = state_.barns(i);
    const std::string path = absl::StrCat("barns[", i, "]");
    absl::StatusOr<std::string_view> colour = OwnerColour(barn.owner(), path + ".owner");
    if (!colour.ok()) return colour.status();
    if (!tile_at_.contains(Position{barn.x(), barn.y()})) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": no tile at (", barn.x(), ", ", barn.y(), ")"));
    }
    Point corner;
    switch (barn.corner()) {
      case api::CORNER_NW:
        corner = {0, 0};
        break;
      case api::CORNER_NE:
        corner = {kTileSize, 0};
        break;
      case api::CORNER_SE:
        corner = {kTileSize, kTileSize};
        break;
      case api::CORNER_SW:
        corner = {0, kTileSize};
        break;
      default:
        return absl::InvalidArgumentError(
            absl::StrCat(path, ".corner: ", barn.corner(), " is not a corner"));
    }
    const std::string attributes =
        absl::StrCat("class=\"figure\" data-kind=\"barn\" data-place=\"corner\" data-owner=\"",
                     barn.owner(), "\"");
    AppendPiece(svg_, Piece::kBarn,
                {.at = {barn.x() * kTileSize + corner.x, barn.y() * kTileSize + corner.y},
                 .fill = *colour,
                 .attributes = attributes,
                 .label = Label("barn")});
  }
  svg_ += "</g>\n";
  return absl::OkStatus();
}

absl::Status BoardDrawing::AppendFigures() {
  svg_ += "<g id=\"figures\">";
  const auto append = [&](const api::Figure& figure, const std::string& path,
                          bool waiting) -> absl::Status {
    const std::string_view kind = FigureKindName(figure.kind());
    if (kind.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ".kind: ", figure.kind(), " is not a figure kind"));
    }
    absl::StatusOr<std::string_view> colour = OwnerColour(figure.owner(), path + ".owner");
    if (!colour.ok()) return colour.status();
    absl::StatusOr<SegmentPlace> place = Resolve(figure.segment(), path + ".segment");
    if (!place.ok()) return place.status();
    const std::string attributes =
        absl::StrCat("class=\"figure\" data-kind=\"", std::string(kind), "\" data-place=\"",
                     waiting ? "waiting" : "board", "\" data-owner=\"", figure.owner(), "\"");
    const std::string label =
        waiting ? absl::StrCat(std::string(kind), " (to move)") : std::string(kind);
    const Spot spot = NextSpot(*place);
    AppendPiece(svg_, FigurePiece(figure.kind()),
                {.at = spot.at,
                 .fill = *colour,
                 .attributes = attributes,
                 .label = Label(label),
                 .dashed = waiting,
                 .label_above = spot.label_above});
    return absl::OkStatus();
  };
  for (int i = 0; i < state_.figures_size(); ++i) {
    absl::Status status = append(state_.figures(i), absl::StrCat("figures[", i, "]"), false);
    if (!status.ok()) return status;
  }
  for (int i = 0; i < state_.wagons_to_move_size(); ++i) {
    absl::Status status =
        append(state_.wagons_to_move(i), absl::StrCat("wagons_to_move[", i, "]"), true);
    if (!status.ok()) return status;
  }
  svg_ += "</g>\n";
  return absl::OkStatus();
}

absl::Status BoardDrawing::AppendMagicFigures() {
  svg_ += "<g id=\"magic-figures\">";
  const api::MagicFigures& magic = state_.magic_figures();
  const struct {
    bool present;
    const api::SegmentRef& ref;
    std::string_view name;
    Piece piece;
    std::string_view colour;
  } figures[] = {
      {magic.has_mage(), magic.mage(), "mage", Piece::kMage, kMageColour},
      {magic.has_witch(), magic.witch(), "witch", Piece::kWitch, kWitchColour},
  };
  for (const auto& figure : figures) {
    if (!figure.present) continue;
    absl::StatusOr<SegmentPlace> place =
        Resolve(figure.ref, absl::StrCat("magic_figures.", std::string(figure.name)));
    if (!place.ok()) return place.status();
    const std::string attributes =
        absl::StrCat("class=\"magic-figure\" data-kind=\"", std::string(figure.name), "\"");
    const Spot spot = NextSpot(*place);
    AppendPiece(svg_, figure.piece,
                {.at = spot.at,
                 .fill = figure.colour,
                 .attributes = attributes,
                 .label = Label(figure.name),
                 .label_above = spot.label_above});
  }
  svg_ += "</g>\n";
  return absl::OkStatus();
}

// The Princess & the Dragon: the dragon on its tile (upper left quarter, off
// the segments' spots), the cells of its flight so far joined by a dashed
// line, and the fairy beside its follower (or on its tile when it has none).
absl::Status BoardDrawing::AppendDragonAndFairy() {
  if (!state_.has_dragon() && !state_.has_fairy()) return absl::OkStatus();
  svg_ += "<g id=\"dragon-and-fairy\">";
  const auto on_board = [&](const api::Cell& cell, const std::string& path) -> absl::Status {
    if (tile_at_.contains(Position{cell.x(), cell.y()})) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": no tile at (", cell.x(), ", ", cell.y(), ")"));
  };
  if (state_.dragon_flight_size() > 0) {
    std::string path;
    for (int i = 0; i < state_.dragon_flight_size(); ++i) {
      const api::Cell& cell = state_.dragon_flight(i);
      absl::Status status = on_board(cell, absl::StrCat("dragon_flight[", i, "]"));
      if (!status.ok()) return status;
      Append(path, {i == 0 ? "M" : "L", Number(cell.x() * kTileSize + 25.0), ",",
                    Number(cell.y() * kTileSize + 25.0)});
    }
    Append(svg_, {"<path class=\"dragon-flight\" d=\"", path, "\" fill=\"none\" stroke=\"",
                  std::string(kDragonColour), "\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>"});
  }
  if (state_.has_dragon()) {
    absl::Status status = on_board(state_.dragon(), "dragon");
    if (!status.ok()) return status;
    AppendPiece(
        svg_, Piece::kDragon,
        {.at = {state_.dragon().x() * kTileSize + 25.0, state_.dragon().y() * kTileSize + 25.0},
         .fill = kDragonColour,
         .attributes = "class=\"neutral-figure\" data-kind=\"dragon\"",
         .label = Label("dragon")});
  }
  if (state_.has_fairy()) {
    absl::Status status = on_board(state_.fairy(), "fairy");
    if (!status.ok()) return status;
    Point at{state_.fairy().x() * kTileSize + 75.0, state_.fairy().y() * kTileSize + 25.0};
    if (state_.has_fairy_follower()) {
      absl::StatusOr<SegmentPlace> place =
          Resolve(state_.fairy_follower().segment(), "fairy_follower.segment");
      if (!place.ok()) return place.status();
      at = NextSpot(*place).at;
    }
    AppendPiece(svg_, Piece::kFairy,
                {.at = at,
                 .scale = 0.8,
                 .fill = kFairyColour,
                 .attributes = "class=\"neutral-figure\" data-kind=\"fairy\"",
                 .label = Label("fairy")});
  }
  svg_ += "</g>\n";
  return absl::OkStatus();
}

absl::Status BoardDrawing::AppendQuarters(Point origin) {
  const api::CountOfCarcassonne& count = state_.count();
  Append(svg_, {"<g id=\"quarters\" transform=\"translate(", Number(origin.x), " ",
                Number(origin.y), ")\">"});
  int count_quarter = count.count_quarter();
  if (count_quarter == api::QUARTER_UNSPECIFIED) count_quarter = api::QUARTER_CASTLE;
  if (count_quarter < api::QUARTER_CASTLE || count_quarter > api::QUARTER_CATHEDRAL) {
    return absl::InvalidArgumentError(
        absl::StrCat("count.count_quarter: ", count_quarter, " is not a quarter"));
  }
  for (const QuarterBox& box : kQuarterBoxes) {
    Append(svg_, {"<g class=\"quarter\" data-quarter=\"", std::string(box.name), "\">"});
    Append(svg_, {"<rect x=\"", Number(box.corner.x), "\" y=\"", Number(box.corner.y),
                  "\" width=\"47\" height=\"47\" fill=\"#d9cfbd\" stroke=\"#5a4a3a\" "
                  "stroke-width=\"0.8\"/>"});
    Append(svg_, {"<text x=\"", Number(box.corner.x + 23.5), "\" y=\"", Number(box.corner.y + 8),
                  "\" font-size=\"6.5\" text-anchor=\"middle\" fill=\"#3a2d20\">",
                  std::string(box.name), "</text>"});
    int placed = 0;
    for (int i = 0; i < count.followers_size(); ++i) {
      const api::QuarterFollower& follower = count.followers(i);
      const std::string path = absl::StrCat("count.followers[", i, "]");
      if (follower.quarter() < api::QUARTER_CASTLE || follower.quarter() > api::QUARTER_CATHEDRAL) {
        return absl::InvalidArgumentError(
            absl::StrCat(path, ".quarter: ", follower.quarter(), " is not a quarter"));
      }
      if (follower.quarter() != box.quarter) continue;
      const std::string_view kind = FigureKindName(follower.kind());
      if (kind.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat(path, ".kind: ", follower.kind(), " is not a figure kind"));
      }
      absl::StatusOr<std::string_view> colour = OwnerColour(follower.owner(), path + ".owner");
      if (!colour.ok()) return colour.status();
      const Point at{box.corner.x + 8 + 10 * (placed % 4), box.corner.y + 19 + 13 * (placed / 4)};
      const std::string attributes =
          absl::StrCat("class=\"figure\" data-kind=\"", std::string(kind),
                       "\" data-place=\"quarter\" data-owner=\"", follower.owner(), "\"");
      AppendPiece(svg_, FigurePiece(follower.kind()),
                  {.at = at, .scale = 0.55, .fill = *colour, .attributes = attributes});
      ++placed;
    }
    if (box.quarter == count_quarter) {
      AppendPiece(svg_, Piece::kCount,
                  {.at = {box.corner.x + 36, box.corner.y + 31},
                   .scale = 0.75,
                   .fill = kCountColour,
                   .attributes = "class=\"count\"",
                   .label = Label("Count")});
    }
    svg_ += "</g>";
  }
  svg_ += "</g>\n";
  return absl::OkStatus();
}

// The last tile of `tiles` unless it was laid at set-up (the start tile alone,
// or a tile of the Count's city block); -1 then.
int BoardDrawing::LastPlacedTile() const {
  if (!options_.frame_last_tile || tiles_.size() <= 1) return -1;
  if (tiles_.back().type->city_layout.has_value()) return -1;
  return static_cast<int>(tiles_.size()) - 1;
}

absl::StatusOr<std::string> BoardDrawing::Draw() {
  if (state_.players_size() > kMaxPlayers) {
    return absl::InvalidArgumentError(absl::StrCat("players: ", state_.players_size(),
                                                   " players; the renderer has colours for ",
                                                   kMaxPlayers));
  }
  if (absl::Status status = ReadTiles(); !status.ok()) return status;
  for (const Highlight& highlight : options_.highlights) Extend(highlight.cell);

  // The board's box (one empty cell when there is no tile), then the legend
  // to its right.
  const double left = static_cast<double>(min_x_) * kTileSize;
  const double top = static_cast<double>(min_y_) * kTileSize;
  const double right = static_cast<double>(max_x_ + 1) * kTileSize;
  const double bottom = static_cast<double>(max_y_ + 1) * kTileSize;
  const Point legend_origin{right + 2 * kMargin, top};

  svg_ += "<g id=\"tiles\">\n";
  for (int i = 0; i < static_cast<int>(tiles_.size()); ++i) {
    const api::PlacedTile& placed = state_.tiles(i);
    AppendTile(svg_, tiles_[i], Position{placed.x(), placed.y()}, i, options_.outline,
               options_.labels);
  }
  if (tiles_.empty() && options_.highlights.empty()) {
    svg_ +=
        "<text x=\"50\" y=\"55\" font-size=\"9\" text-anchor=\"middle\" fill=\"#444444\">"
        "no tile on the board</text>";
  }
  svg_ += "</g>\n";
  AppendHighlights();
  if (const int last = LastPlacedTile(); last >= 0) {
    const api::PlacedTile& placed = state_.tiles(last);
    svg_ += absl::StrCat("<rect class=\"last-tile\" data-tile-index=\"", last, "\" x=\"",
                         Number(placed.x() * kTileSize + 2), "\" y=\"",
                         Number(placed.y() * kTileSize + 2),
                         "\" width=\"96\" height=\"96\" fill=\"none\" stroke=\"#ff8c00\" "
                         "stroke-width=\"4\"/>\n");
  }
  if (absl::Status status = AppendCastles(); !status.ok()) return status;
  if (absl::Status status = AppendBarns(); !status.ok()) return status;
  if (absl::Status status = AppendFigures(); !status.ok()) return status;
  if (absl::Status status = AppendMagicFigures(); !status.ok()) return status;
  if (absl::Status status = AppendDragonAndFairy(); !status.ok()) return status;

  // The quarters lie on the tile that shows them (count:7); without it on
  // the board, below the legend.
  int quarters_tile = -1;
  for (int i = 0; i < static_cast<int>(tiles_.size()); ++i) {
    if (tiles_[i].type->city_quarters) quarters_tile = i;
  }
  if (quarters_tile >= 0) {
    const api::PlacedTile& placed = state_.tiles(quarters_tile);
    if (absl::Status status = AppendQuarters({placed.x() * kTileSize, placed.y() * kTileSize});
        !status.ok()) {
      return status;
    }
  }
  double legend_height = AppendLegend(
      svg_, LegendOf(state_, LastPlacedTile(), options_.frame_last_tile), legend_origin);
  if (quarters_tile < 0 && state_.has_count()) {
    svg_ += absl::StrCat("<text x=\"", Number(legend_origin.x), "\" y=\"",
                         Number(top + legend_height + 12),
                         "\" font-size=\"9.5\" fill=\"#222222\">The quarters of Carcassonne "
                         "(count:7 is not on the board)</text>\n");
    if (absl::Status status = AppendQuarters({legend_origin.x, top + legend_height + 18});
        !status.ok()) {
      return status;
    }
    legend_height += 18 + kTileSize;
  }

  const double view_left = left - kMargin;
  const double view_top = top - kMargin;
  const double view_width = (right - left) + 3 * kMargin + kLegendWidth;
  const double view_height = std::max(bottom - top, legend_height) + 2 * kMargin;
  std::string document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  Append(document, {"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"",
                    Number(view_left), " ", Number(view_top), " ", Number(view_width), " ",
                    Number(view_height), "\" width=\"", Number(view_width), "\" height=\"",
                    Number(view_height), "\" font-family=\"DejaVu Sans, sans-serif\">\n"});
  document +=
      "<desc>Carcassonne board drawn by carcassonne_render from a "
      "carcassonne.v1.GameState snapshot: " +
      std::to_string(tiles_.size()) + " tiles.</desc>\n";
  Append(document, {"<rect class=\"background\" x=\"", Number(view_left), "\" y=\"",
                    Number(view_top), "\" width=\"", Number(view_width), "\" height=\"",
                    Number(view_height), "\" fill=\"#f6f1e7\"/>\n"});
  document += svg_;
  document += "</svg>\n";
  return document;
}

}  // namespace

api::GameState CatalogueSheet(int per_row) {
  const Catalogue& catalogue = Catalogue::Get();
  api::GameState state;
  for (int rank = 0; rank < catalogue.type_count(); ++rank) {
    api::PlacedTile* tile = state.add_tiles();
    tile->set_tile_type(std::string(catalogue.TypeAt(rank).id));
    tile->set_x(rank % per_row);
    tile->set_y(rank / per_row);
  }
  return state;
}

absl::StatusOr<std::string> RenderBoard(const api::GameState& state, const RenderOptions& options) {
  BoardDrawing drawing(state, options);
  return drawing.Draw();
}

}  // namespace carcassonne::render

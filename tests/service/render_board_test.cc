// RenderBoard (service/handlers.h, render.proto) through its handler, and once
// over the real server. (Over 600 lines: the handler tests, the property over
// random games and the server test share the same helpers: the base board
// played through the handlers, Render, Drawn, WithClass.)
// - a base-game board drawn as a well-formed SVG document holding each placed
//   tile (type, cell, rotation) and each figure in its owner's colour on its
//   tile's cell;
// - highlighted cells at the places computed by hand from the renderer's
//   geometry (a cell is 100 units; a highlight is inset by 4), the board's
//   box grown to hold them, a cell listed twice drawn once; the drawn tile's
//   legal placements from ListLegalActions highlighted, one per cell;
// - labels on and off;
// - a malformed snapshot refused with the same field paths as ValidateAction
//   gives; highlights out of the board's extent or of an unknown style
//   refused with their field paths;
// - the same request gives the same bytes;
// - every tile set's catalogue sheet drawn by the renderer library;
// - property, over random games covering every supported expansion: every
//   snapshot the service returns is drawn (a snapshot that passes the check
//   must render);
// - the RPC registered on the server (raw method table) and answering over
//   gRPC.
// Why one file: one server fixture and one config table shared by the RenderBoard tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "engine/referee.h"
#include "engine/text.h"  // convert_internal.h uses Cat
#include "render/board_svg.h"
#include "render/palette.h"
#include "service/convert.h"
#include "service/convert_internal.h"
#include "service/handlers.h"
#include "tests/engine/random_play.h"
#include "tests/service/server_process.h"
#include "tests/service/xml_reader.h"

namespace carcassonne::service {
namespace {

using test_xml::Document;
using test_xml::Element;

v1::GameState Opening(int players, const RuleSet& rules = RuleSet{}) {
  const std::vector<std::string> names = {"Ann", "Bob", "Cyd", "Dee", "Eve"};
  auto result = NewGame(std::vector<std::string>(names.begin(), names.begin() + players), rules);
  EXPECT_TRUE(std::holds_alternative<GameState>(result));
  v1::GameState proto;
  if (const auto* state = std::get_if<GameState>(&result)) GameStateToProto(*state, &proto);
  return proto;
}

grpc::Status Render(const v1::GameState& state, const v1::RenderBoardOptions& options,
                    v1::RenderBoardResponse* response) {
  v1::RenderBoardRequest request;
  *request.mutable_state() = state;
  *request.mutable_options() = options;
  return HandleRenderBoard(request, response);
}

// The document of a drawn snapshot; fails the test unless it is well-formed
// SVG.
Document Drawn(const v1::RenderBoardResponse& response) {
  EXPECT_EQ(response.content_type(), "image/svg+xml");
  Document document = test_xml::Read(response.svg());
  EXPECT_EQ(document.error, "");
  if (!document.elements.empty()) {
    EXPECT_EQ(document.elements[0].name, "svg");
    EXPECT_EQ(document.elements[0].Attribute("xmlns"), "http://www.w3.org/2000/svg");
  }
  return document;
}

std::vector<const Element*> WithClass(const Document& document, std::string_view name,
                                      std::string_view class_name) {
  std::vector<const Element*> found;
  for (const Element& element : document.elements) {
    if (element.name == name && element.Attribute("class") == std::string(class_name)) {
      found.push_back(&element);
    }
  }
  return found;
}

// The point of a transform="translate(X Y)..." attribute.
std::pair<double, double> Translation(const Element& element) {
  const std::string transform = element.Attribute("transform").value_or("");
  double x = 0, y = 0;
  EXPECT_EQ(std::sscanf(transform.c_str(), "translate(%lf %lf)", &x, &y), 2) << transform;
  return {x, y};
}

// The fields a BadRequest detail names.
std::vector<std::string> BadFields(const grpc::Status& status) {
  return test_server::BadRequestFields(status);
}

// Plays one turn through the handlers: `tile` at the first legal placement
// listed, then the first PlaceFigure listed (a follower on the first segment
// offered) if any, else a Pass.
v1::GameState PlayTurn(const v1::GameState& state, const std::string& tile) {
  v1::ListLegalActionsRequest list;
  *list.mutable_state() = state;
  list.set_tile_type(tile);
  v1::ListLegalActionsResponse listed;
  EXPECT_TRUE(HandleListLegalActions(list, &listed).ok());
  EXPECT_GT(listed.actions_size(), 0) << tile;
  if (listed.actions_size() == 0) return state;
  v1::ApplyActionRequest place;
  *place.mutable_state() = state;
  *place.mutable_action() = listed.actions(0);
  v1::ApplyActionResponse placed;
  EXPECT_TRUE(HandleApplyAction(place, &placed).ok());
  EXPECT_TRUE(placed.verdict().legal());

  v1::ListLegalActionsRequest figures;
  *figures.mutable_state() = placed.state();
  v1::ListLegalActionsResponse offered;
  EXPECT_TRUE(HandleListLegalActions(figures, &offered).ok());
  v1::ApplyActionRequest choose;
  *choose.mutable_state() = placed.state();
  choose.mutable_action()->mutable_pass();
  for (const v1::Action& action : offered.actions()) {
    if (action.has_place_figure()) {
      *choose.mutable_action() = action;
      break;
    }
  }
  v1::ApplyActionResponse chosen;
  EXPECT_TRUE(HandleApplyAction(choose, &chosen).ok());
  EXPECT_TRUE(chosen.verdict().legal());
  return chosen.state();
}

// A base game of two players after three turns: a road, a monastery and a
// city piece laid with a follower each where the first offer allows.
v1::GameState BaseBoard() {
  v1::GameState state = Opening(2);
  for (const char* tile : {"base:U", "base:B", "base:E"}) state = PlayTurn(state, tile);
  return state;
}

// ---------------------------------------------------------------------------

TEST(RenderBoardHandlerTest, BaseBoardHoldsEveryTileAndFigure) {
  const v1::GameState state = BaseBoard();
  ASSERT_EQ(state.tiles_size(), 4);  // the start tile and three turns
  ASSERT_GE(state.figures_size(), 1);
  v1::RenderBoardResponse response;
  const grpc::Status status = Render(state, {}, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  const Document document = Drawn(response);

  const std::vector<const Element*> tiles = WithClass(document, "g", "tile");
  ASSERT_EQ(static_cast<int>(tiles.size()), state.tiles_size());
  for (int i = 0; i < state.tiles_size(); ++i) {
    const v1::PlacedTile& placed = state.tiles(i);
    const Element& tile = *tiles[i];
    EXPECT_EQ(tile.Attribute("id"), "tile-" + std::to_string(i));
    EXPECT_EQ(tile.Attribute("data-tile-type"), placed.tile_type());
    EXPECT_EQ(tile.Attribute("data-x"), std::to_string(placed.x()));
    EXPECT_EQ(tile.Attribute("data-y"), std::to_string(placed.y()));
    EXPECT_EQ(tile.Attribute("data-rotation"), std::to_string(placed.rotation()));
    // The tile at cell (x, y) covers [100x, 100x + 100] x [100y, 100y + 100].
    EXPECT_EQ(Translation(tile), std::make_pair(100.0 * placed.x(), 100.0 * placed.y()));
  }

  // Each figure in its owner's seat colour, drawn inside its tile's cell.
  const std::vector<const Element*> figures = WithClass(document, "g", "figure");
  ASSERT_EQ(static_cast<int>(figures.size()), state.figures_size());
  for (int i = 0; i < state.figures_size(); ++i) {
    const v1::Figure& figure = state.figures(i);
    const Element& drawn = *figures[i];
    EXPECT_EQ(drawn.Attribute("data-kind"), "follower");
    EXPECT_EQ(drawn.Attribute("data-owner"), std::to_string(figure.owner()));
    EXPECT_EQ(drawn.Attribute("fill"), std::string(render::kPlayerColours[figure.owner()]));
    const auto [x, y] = Translation(drawn);
    EXPECT_GE(x, 100.0 * figure.segment().x());
    EXPECT_LE(x, 100.0 * figure.segment().x() + 100);
    EXPECT_GE(y, 100.0 * figure.segment().y());
    EXPECT_LE(y, 100.0 * figure.segment().y() + 100);
  }
  // The last placed tile framed: a 96-unit square 2 units inside its cell.
  const std::vector<const Element*> frame = WithClass(document, "rect", "last-tile");
  ASSERT_EQ(frame.size(), 1u);
  const v1::PlacedTile& last = state.tiles(state.tiles_size() - 1);
  EXPECT_EQ(frame[0]->Attribute("x"), std::to_string(100 * last.x() + 2));
  EXPECT_EQ(frame[0]->Attribute("y"), std::to_string(100 * last.y() + 2));
}

// The opening board (base:D alone at (0, 0)) with three cells highlighted
// around it, one listed twice. Each rect is 4 units inside its cell (92 wide):
// (1, 0) at x = 104, y = 4; (0, -1) at x = 4, y = -96; (-1, 0) at x = -96,
// y = 4. The board's box grows from cell (0, 0) to cells -1..1 x -1..0, so the
// viewBox starts a margin of 20 units before it, at (-120, -120), and is as
// wide as the three columns, three margins and the legend (330): 300 + 60 +
// 330 = 690.
TEST(RenderBoardHandlerTest, HighlightedCellsAtTheirPlaces) {
  v1::RenderBoardOptions options;
  const auto add = [&](int x, int y, v1::HighlightStyle style) {
    v1::CellHighlight* highlight = options.add_highlights();
    highlight->set_x(x);
    highlight->set_y(y);
    highlight->set_style(style);
  };
  add(1, 0, v1::HIGHLIGHT_STYLE_UNSPECIFIED);
  add(0, -1, v1::HIGHLIGHT_STYLE_SELECTED);
  add(-1, 0, v1::HIGHLIGHT_STYLE_ATTENTION);
  add(1, 0, v1::HIGHLIGHT_STYLE_PLACEMENT);  // the first one again: drawn once
  v1::RenderBoardResponse response;
  const grpc::Status status = Render(Opening(2), options, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  const Document document = Drawn(response);

  const std::vector<const Element*> highlights = WithClass(document, "rect", "highlight");
  ASSERT_EQ(highlights.size(), 3u);
  const struct {
    const char* kind;
    const char* x;
    const char* y;
    const char* left;
    const char* top;
  } expected[] = {
      {"placement", "1", "0", "104", "4"},
      {"selected", "0", "-1", "4", "-96"},
      {"attention", "-1", "0", "-96", "4"},
  };
  for (size_t i = 0; i < highlights.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(highlights[i]->Attribute("data-kind"), expected[i].kind);
    EXPECT_EQ(highlights[i]->Attribute("data-x"), expected[i].x);
    EXPECT_EQ(highlights[i]->Attribute("data-y"), expected[i].y);
    EXPECT_EQ(highlights[i]->Attribute("x"), expected[i].left);
    EXPECT_EQ(highlights[i]->Attribute("y"), expected[i].top);
    EXPECT_EQ(highlights[i]->Attribute("width"), "92");
    EXPECT_EQ(highlights[i]->Attribute("height"), "92");
  }
  const std::string view_box = document.elements[0].Attribute("viewBox").value_or("");
  EXPECT_EQ(view_box.rfind("-120 -120 690 ", 0), 0u) << view_box;
}

// The drawn tile's legal placements as ListLegalActions lists them (one per
// cell and rotation), sent as they come: one highlight per cell.
TEST(RenderBoardHandlerTest, LegalPlacementsHighlightedOncePerCell) {
  const v1::GameState state = BaseBoard();
  v1::ListLegalActionsRequest list;
  *list.mutable_state() = state;
  list.set_tile_type("base:V");
  v1::ListLegalActionsResponse listed;
  ASSERT_TRUE(HandleListLegalActions(list, &listed).ok());
  ASSERT_GT(listed.placements_size(), 0);
  v1::RenderBoardOptions options;
  std::set<std::pair<int, int>> cells;
  for (const v1::LegalPlacement& placement : listed.placements()) {
    v1::CellHighlight* highlight = options.add_highlights();
    highlight->set_x(placement.x());
    highlight->set_y(placement.y());
    cells.emplace(placement.x(), placement.y());
  }
  v1::RenderBoardResponse response;
  ASSERT_TRUE(Render(state, options, &response).ok());
  const Document document = Drawn(response);
  std::set<std::pair<int, int>> drawn;
  for (const Element* highlight : WithClass(document, "rect", "highlight")) {
    const int x = std::stoi(highlight->Attribute("data-x").value_or("x"));
    const int y = std::stoi(highlight->Attribute("data-y").value_or("y"));
    EXPECT_TRUE(drawn.emplace(x, y).second) << "(" << x << ", " << y << ") twice";
    EXPECT_EQ(highlight->Attribute("x"), std::to_string(100 * x + 4));
    EXPECT_EQ(highlight->Attribute("y"), std::to_string(100 * y + 4));
    EXPECT_EQ(highlight->Attribute("data-kind"), "placement");
  }
  EXPECT_EQ(drawn, cells);
}

// Labels: the words under the pieces and the cells' coordinates; off, the
// pieces keep their shapes and colours and no text is written on the board.
TEST(RenderBoardHandlerTest, LabelsOnAndOff) {
  const v1::GameState state = BaseBoard();
  const auto texts = [&](bool labels) {
    v1::RenderBoardOptions options;
    options.set_labels(labels);
    v1::RenderBoardResponse response;
    EXPECT_TRUE(Render(state, options, &response).ok());
    const Document document = Drawn(response);
    int cell_texts = 0, figure_texts = 0, figures = 0;
    for (size_t i = 0; i < document.elements.size(); ++i) {
      const Element& element = document.elements[i];
      if (element.name == "g" && element.Attribute("class") == "figure") ++figures;
      if (element.name != "text") continue;
      if (element.Attribute("class") == "cell") ++cell_texts;
      const Element& parent = document.elements[element.parent];
      if (parent.Attribute("class") == "figure") {
        ++figure_texts;
        EXPECT_EQ(element.text, "follower");
      }
    }
    return std::vector<int>{cell_texts, figure_texts, figures};
  };
  const int tiles = state.tiles_size();
  const int figures = state.figures_size();
  EXPECT_EQ(texts(true), (std::vector<int>{tiles, figures, figures}));
  EXPECT_EQ(texts(false), (std::vector<int>{0, 0, figures}));
  // Unset is on.
  v1::RenderBoardResponse unset, on;
  v1::RenderBoardOptions labels_on;
  labels_on.set_labels(true);
  ASSERT_TRUE(Render(state, {}, &unset).ok());
  ASSERT_TRUE(Render(state, labels_on, &on).ok());
  EXPECT_EQ(unset.svg(), on.svg());
}

TEST(RenderBoardHandlerTest, OutlineAndFrameOptions) {
  const v1::GameState state = BaseBoard();
  v1::RenderBoardOptions options;
  options.set_outline(true);
  options.set_frame_last_tile(false);
  v1::RenderBoardResponse response;
  ASSERT_TRUE(Render(state, options, &response).ok());
  const Document document = Drawn(response);
  EXPECT_TRUE(WithClass(document, "rect", "last-tile").empty());
  int outlines = 0;
  for (const Element& element : document.elements) {
    if (element.Attribute("class").value_or("").starts_with("outline")) ++outlines;
  }
  EXPECT_GT(outlines, 0);
}

// The snapshot is read as by every other RPC: the same fields named as
// ValidateAction names them (its action, a Pass, is well-formed).
void ExpectSameProblemsAsValidateAction(const v1::GameState& state) {
  v1::RenderBoardResponse rendered;
  const grpc::Status status = Render(state, {}, &rendered);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  v1::ValidateActionRequest validate;
  *validate.mutable_state() = state;
  validate.mutable_action()->mutable_pass();
  v1::ValidateActionResponse validated;
  const grpc::Status validate_status = HandleValidateAction(validate, &validated);
  EXPECT_EQ(validate_status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_FALSE(BadFields(status).empty());
  EXPECT_EQ(BadFields(status), BadFields(validate_status));
}

TEST(RenderBoardHandlerTest, MalformedSnapshotRefusedAsByValidateAction) {
  v1::RenderBoardResponse response;
  const grpc::Status missing = HandleRenderBoard(v1::RenderBoardRequest{}, &response);
  EXPECT_EQ(missing.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(BadFields(missing), std::vector<std::string>{"state"});

  v1::GameState bad_rotation = Opening(2);
  bad_rotation.mutable_tiles(0)->set_rotation(45);
  {
    SCOPED_TRACE("rotation");
    ExpectSameProblemsAsValidateAction(bad_rotation);
    v1::RenderBoardResponse rendered;
    EXPECT_EQ(BadFields(Render(bad_rotation, {}, &rendered)),
              std::vector<std::string>{"state.tiles[0].rotation"});
  }

  v1::GameState unknown_tile = BaseBoard();
  unknown_tile.mutable_tiles(2)->set_tile_type("base:Z");
  {
    SCOPED_TRACE("tile type");
    ExpectSameProblemsAsValidateAction(unknown_tile);
  }

  v1::GameState bad_owner = BaseBoard();
  ASSERT_GE(bad_owner.figures_size(), 1);
  bad_owner.mutable_figures(0)->set_owner(7);
  {
    SCOPED_TRACE("owner");
    ExpectSameProblemsAsValidateAction(bad_owner);
  }

  // A renderer alone would draw this one (it judges no rule): the service's
  // check refuses it (a figure whose owner has all 7 followers in supply).
  v1::GameState too_many = BaseBoard();
  too_many.mutable_players(too_many.figures(0).owner())->set_followers(7);
  {
    SCOPED_TRACE("supply");
    ExpectSameProblemsAsValidateAction(too_many);
  }
}

TEST(RenderBoardHandlerTest, HighlightsOutOfTheExtentOrOfUnknownStyleAreMalformed) {
  v1::RenderBoardOptions options;
  const auto add = [&](int x, int y, int style) {
    v1::CellHighlight* highlight = options.add_highlights();
    highlight->set_x(x);
    highlight->set_y(y);
    highlight->set_style(static_cast<v1::HighlightStyle>(style));
  };
  add(1024, -1024, 0);  // the extent's corner: fine
  add(1025, 0, 0);
  add(0, -1025, 0);
  add(2, 3, 99);
  v1::RenderBoardResponse response;
  const grpc::Status status = Render(Opening(2), options, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(BadFields(status),
            (std::vector<std::string>{"options.highlights[1].x", "options.highlights[2].y",
                                      "options.highlights[3].style"}));

  // Both a malformed snapshot and a malformed highlight: both named.
  v1::GameState bad_rotation = Opening(2);
  bad_rotation.mutable_tiles(0)->set_rotation(45);
  v1::RenderBoardOptions one;
  one.add_highlights()->set_x(-5000);
  EXPECT_EQ(BadFields(Render(bad_rotation, one, &response)),
            (std::vector<std::string>{"state.tiles[0].rotation", "options.highlights[0].x"}));

  // At most 4096 highlights.
  v1::RenderBoardOptions many;
  for (int i = 0; i < 4097; ++i) many.add_highlights();
  EXPECT_EQ(BadFields(Render(Opening(2), many, &response)),
            std::vector<std::string>{"options.highlights"});
  many.mutable_highlights()->RemoveLast();
  EXPECT_TRUE(Render(Opening(2), many, &response).ok());
}

TEST(RenderBoardHandlerTest, SameRequestSameBytes) {
  const v1::GameState state = BaseBoard();
  v1::RenderBoardOptions options;
  options.add_highlights()->set_x(5);
  options.set_outline(true);
  v1::RenderBoardResponse first, second;
  ASSERT_TRUE(Render(state, options, &first).ok());
  ASSERT_TRUE(Render(state, options, &second).ok());
  EXPECT_EQ(first.SerializeAsString(), second.SerializeAsString());
  EXPECT_FALSE(first.svg().empty());
}

// The catalogue sheet of each tile set (every type of the set at rotation 0,
// 8 to a row) and of the whole catalogue, drawn by the renderer library: a
// tile group per type, in order. (Such a sheet is no game: the service would
// refuse it as a snapshot.)
TEST(RenderBoardLibraryTest, EveryTileSetsCatalogueSheetRenders) {
  const Catalogue& catalogue = Catalogue::Get();
  int types = 0;
  for (const TileSet* set : catalogue.sets()) {
    SCOPED_TRACE(std::string(set->name));
    v1::GameState sheet;
    for (size_t i = 0; i < set->tiles.size(); ++i) {
      v1::PlacedTile* tile = sheet.add_tiles();
      tile->set_tile_type(std::string(set->tiles[i].id));
      tile->set_x(static_cast<int>(i % 8));
      tile->set_y(static_cast<int>(i / 8));
    }
    types += static_cast<int>(set->tiles.size());
    for (const bool outline : {false, true}) {
      render::RenderOptions options;
      options.outline = outline;
      options.frame_last_tile = false;
      const absl::StatusOr<std::string> svg = render::RenderBoard(sheet, options);
      ASSERT_TRUE(svg.ok()) << svg.status();
      const Document document = test_xml::Read(*svg);
      ASSERT_EQ(document.error, "");
      const std::vector<const Element*> tiles = WithClass(document, "g", "tile");
      ASSERT_EQ(tiles.size(), set->tiles.size());
      for (size_t i = 0; i < tiles.size(); ++i) {
        EXPECT_EQ(tiles[i]->Attribute("data-tile-type"), std::string(set->tiles[i].id));
      }
    }
  }
  EXPECT_EQ(types, catalogue.type_count());
  const absl::StatusOr<std::string> whole =
      render::RenderBoard(render::CatalogueSheet(12), render::RenderOptions{});
  ASSERT_TRUE(whole.ok()) << whole.status();
  const Document document = test_xml::Read(*whole);
  ASSERT_EQ(document.error, "");
  EXPECT_EQ(static_cast<int>(WithClass(document, "g", "tile").size()), catalogue.type_count());
}

// ---------------------------------------------------------------------------
// Property: every snapshot the service returns is drawn.

struct Config {
  std::string name;
  RuleSet rules;
  // The figure kinds its random games put on the board (seeds 0 and 1).
  std::vector<v1::FigureKind> figure_kinds;
};

void PrintTo(const Config& config, std::ostream* out) { *out << config.name; }

// Together, every expansion this build supports (checked below) and every
// figure kind.
std::vector<Config> Configs() {
  std::vector<Config> configs;
  const auto add = [&](std::string name, std::vector<Expansion> expansions,
                       std::vector<v1::FigureKind> kinds, auto&& options) {
    RuleSet rules;
    rules.expansions = std::move(expansions);
    options(rules);
    configs.push_back({std::move(name), rules, std::move(kinds)});
  };
  using enum v1::FigureKind;
  add("InnsTradersKingRiver",
      {Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders,
       Expansion::kKingAndRobberBaron, Expansion::kRiver},
      {FIGURE_KIND_FOLLOWER, FIGURE_KIND_BIG_FOLLOWER, FIGURE_KIND_BUILDER, FIGURE_KIND_PIG},
      [](RuleSet&) {});
  add("MageWitchCountAbbeyMayor",
      {Expansion::kMageAndWitch, Expansion::kCountOfCarcassonne, Expansion::kAbbeyAndMayor},
      {FIGURE_KIND_FOLLOWER, FIGURE_KIND_MAYOR, FIGURE_KIND_WAGON}, [](RuleSet& rules) {
        rules.am_abbey = true;
        rules.am_mayor = true;
        rules.am_wagon = true;
        rules.am_barn = true;
      });
  add("BridgesCastlesBazaarsCultSiege",
      {Expansion::kBridgesCastlesAndBazaars, Expansion::kCult, Expansion::kSiege},
      {FIGURE_KIND_FOLLOWER}, [](RuleSet& rules) {
        rules.bc_bridges = true;
        rules.bc_castles = true;
        rules.bc_bazaars = true;
      });
  add("HillsSheepPrincessDragonAbbot",
      {Expansion::kHillsAndSheep, Expansion::kPrincessAndDragon, Expansion::kAbbot},
      {FIGURE_KIND_FOLLOWER, FIGURE_KIND_SHEPHERD, FIGURE_KIND_ABBOT}, [](RuleSet&) {});
  add("BigTopTower", {Expansion::kUnderTheBigTop, Expansion::kTower},
      {FIGURE_KIND_FOLLOWER, FIGURE_KIND_RINGMASTER}, [](RuleSet&) {});
  // The Festival: its tiles' badge, figures taken back (FV-03).
  add("Festival", {Expansion::kFestival}, {FIGURE_KIND_FOLLOWER}, [](RuleSet&) {});
  add("PhantomTower", {Expansion::kPhantom, Expansion::kTower},
      {FIGURE_KIND_FOLLOWER, FIGURE_KIND_PHANTOM}, [](RuleSet&) {});
  return configs;
}

TEST(RenderBoardPropertyTest, ConfigsCoverEverySupportedExpansionAndFigureKind) {
  std::set<int> covered;
  for (const Config& config : Configs()) {
    for (const Expansion expansion : config.rules.expansions) {
      covered.insert(static_cast<int>(expansion));
    }
  }
  std::set<int> supported;
  for (const int expansion : CatalogProto().supported_expansions()) {
    const std::optional<Expansion> engine = ExpansionFromProto(expansion);
    ASSERT_TRUE(engine.has_value()) << expansion;
    supported.insert(static_cast<int>(*engine));
  }
  EXPECT_EQ(covered, supported);
  // And every figure kind the API has.
  std::set<int> kinds_covered, kinds;
  for (const Config& config : Configs()) {
    kinds_covered.insert(config.figure_kinds.begin(), config.figure_kinds.end());
  }
  const google::protobuf::EnumDescriptor* figure_kind = v1::FigureKind_descriptor();
  for (int i = 0; i < figure_kind->value_count(); ++i) {
    if (figure_kind->value(i)->number() != v1::FIGURE_KIND_UNSPECIFIED) {
      kinds.insert(figure_kind->value(i)->number());
    }
  }
  EXPECT_EQ(kinds_covered, kinds);
}

class RenderBoardProperty : public ::testing::TestWithParam<Config> {};

TEST_P(RenderBoardProperty, EveryReturnedSnapshotIsDrawn) {
  const Config& config = GetParam();
  std::set<int> kinds;  // the figure kinds drawn
  for (uint32_t seed = 0; seed < 2; ++seed) {
    RandomPlay play(seed);
    v1::GameState proto = Opening(2 + static_cast<int>(seed) * 2, config.rules);
    ASSERT_GT(proto.tiles_size(), 0);
    for (int step = 0; step < 2000 && proto.phase() != v1::PHASE_GAME_OVER; ++step) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " step " + std::to_string(step));
      v1::RenderBoardResponse rendered;
      const grpc::Status status = Render(proto, {}, &rendered);
      ASSERT_TRUE(status.ok()) << status.error_message();
      for (const v1::Figure& figure : proto.figures()) kinds.insert(figure.kind());
      // Parsing every step's document would dominate the test: every 16th.
      if (step % 16 == 0) {
        const Document document = test_xml::Read(rendered.svg());
        ASSERT_EQ(document.error, "");
        EXPECT_EQ(static_cast<int>(WithClass(document, "g", "tile").size()), proto.tiles_size());
      }
      FieldProblems problems;
      const std::optional<Game> game = GameFromProto(proto, "state", problems);
      ASSERT_TRUE(game.has_value());
      if (game->state().phase == Phase::kPlaceTile) {
        ASSERT_NE(play.Draw(*game), nullptr);
      }
      const LegalActions legal = play.List(*game);
      ASSERT_FALSE(legal.actions.empty());
      const Action action = play.Choose(legal);
      v1::ApplyActionRequest request;
      *request.mutable_state() = proto;
      ActionToProto(action, game->state(), request.mutable_action());
      v1::ApplyActionResponse response;
      ASSERT_TRUE(HandleApplyAction(request, &response).ok());
      ASSERT_TRUE(response.verdict().legal());
      play.Played(action);
      proto = response.state();
    }
    ASSERT_EQ(proto.phase(), v1::PHASE_GAME_OVER);
    v1::RenderBoardResponse rendered;
    const grpc::Status status = Render(proto, {}, &rendered);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_EQ(Drawn(rendered).error, "");
  }
  // The kinds of figure these games put on the board were drawn.
  for (const v1::FigureKind kind : config.figure_kinds) {
    EXPECT_TRUE(kinds.contains(kind)) << v1::FigureKind_Name(kind);
  }
}

INSTANTIATE_TEST_SUITE_P(Expansions, RenderBoardProperty, ::testing::ValuesIn(Configs()),
                         [](const ::testing::TestParamInfo<Config>& info) {
                           return info.param.name;
                         });

// ---------------------------------------------------------------------------
// Over the real server: the method is registered and answers as the handler.

TEST(RenderBoardServerTest, AnswersOverGrpcAsTheHandler) {
  test_server::ServerProcess server;
  ASSERT_EQ(server.Start(), "");
  auto channel = grpc::CreateChannel(server.target(), grpc::InsecureChannelCredentials());
  ASSERT_TRUE(test_server::WaitForServing(channel, test_server::kServiceName)) << server.Log();
  auto stub = v1::RefereeService::NewStub(channel);

  v1::RenderBoardRequest request;
  *request.mutable_state() = BaseBoard();
  request.mutable_options()->add_highlights()->set_x(3);
  v1::RenderBoardResponse over_grpc;
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + test_server::kCallTimeout);
  const grpc::Status status = stub->RenderBoard(&context, request, &over_grpc);
  ASSERT_TRUE(status.ok()) << status.error_message() << server.Log();
  v1::RenderBoardResponse direct;
  ASSERT_TRUE(HandleRenderBoard(request, &direct).ok());
  EXPECT_EQ(over_grpc.SerializeAsString(), direct.SerializeAsString());

  request.mutable_state()->mutable_tiles(0)->set_rotation(45);
  grpc::ClientContext bad_context;
  bad_context.set_deadline(std::chrono::system_clock::now() + test_server::kCallTimeout);
  const grpc::Status bad = stub->RenderBoard(&bad_context, request, &over_grpc);
  EXPECT_EQ(bad.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(BadFields(bad), std::vector<std::string>{"state.tiles[0].rotation"});
}

}  // namespace
}  // namespace carcassonne::service

// The legend beside the board (see legend_svg.h).
#include "render/legend_svg.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "render/glyphs.h"
#include "render/palette.h"

namespace carcassonne::render {

namespace api = carcassonne::v1;

namespace {

std::string Lower(std::string text) {
  for (char& c : text) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c == '_') c = ' ';
  }
  return text;
}

std::string EnumWords(const std::string& name, std::string_view prefix, int value) {
  if (name.empty()) return absl::StrCat(value);
  return Lower(name.substr(std::min(name.size(), prefix.size())));
}

void AppendText(std::string& svg, Point at, double size, std::string_view colour,
                std::string_view text, std::string_view extra = "") {
  absl::StrAppend(&svg, "<text x=\"", Number(at.x), "\" y=\"", Number(at.y), "\" font-size=\"",
                  Number(size), "\" fill=\"", std::string(colour), "\"");
  if (!extra.empty()) absl::StrAppend(&svg, " ", std::string(extra));
  absl::StrAppend(&svg, ">", Escape(text), "</text>");
}

// A swatch of a terrain for the key.
struct TerrainKey {
  std::string_view name;
  std::string_view shapes;
};

constexpr TerrainKey kTerrainKeys[] = {
    {"field", R"(<rect x="-6" y="-6" width="12" height="12" fill="#8cc66b" stroke="#3d5a2a"/>)"},
    {"city", R"(<rect x="-6" y="-6" width="12" height="12" fill="#c9a66b" stroke="#7a5a2e"/>)"},
    {"road", R"(<path d="M-7,0H7" stroke="#5c4a32" stroke-width="6"/>)"
             R"(<path d="M-7,0H7" stroke="#f4efe0" stroke-width="3.5"/>)"},
    {"river", R"(<path d="M-7,0H7" stroke="#1d5f9e" stroke-width="7"/>)"
              R"(<path d="M-7,0H7" stroke="#4c9be0" stroke-width="5"/>)"},
    {"junction", R"(<path d="M-5,-5H5V5H-5Z" fill="#8a6d4b" stroke="#3f2f1e"/>)"},
    {"City of Carcassonne",
     R"(<rect x="-6" y="-6" width="12" height="12" fill="#b9ae9a" stroke="#5a4a3a"/>)"},
};

constexpr Symbol kSymbolKeys[] = {
    Symbol::kMonastery, Symbol::kCoatOfArms,  Symbol::kInn,     Symbol::kCathedral,
    Symbol::kWine,      Symbol::kGrain,       Symbol::kCloth,   Symbol::kPigHerd,
    Symbol::kWell,      Symbol::kMagicSymbol, Symbol::kVolcano, Symbol::kBazaar,
};

std::string DescribeRef(const api::SegmentRef& ref) {
  std::string where = absl::StrCat("(", ref.x(), ", ", ref.y(), ") ");
  if (ref.segment_case() == api::SegmentRef::kSegmentId) return where + ref.segment_id();
  const std::string& name = api::Location_Name(ref.location());
  if (name.empty()) return where + std::to_string(ref.location());
  return where + name.substr(std::string_view("LOCATION_").size());
}

}  // namespace

Legend LegendOf(const api::GameState& state, int last_placed_tile, bool frame_last_tile) {
  Legend legend;
  for (int i = 0; i < state.players_size(); ++i) {
    const api::Player& player = state.players(i);
    std::vector<std::string> supply;
    const auto add = [&](int n, std::string_view one, std::string_view many) {
      if (n != 0) supply.push_back(absl::StrCat(n, " ", std::string(n == 1 ? one : many)));
    };
    add(player.followers(), "follower", "followers");
    add(player.big_followers(), "big follower", "big followers");
    add(player.builders(), "builder", "builders");
    add(player.pigs(), "pig", "pigs");
    add(player.mayors(), "mayor", "mayors");
    add(player.wagons(), "wagon", "wagons");
    add(player.barns(), "barn", "barns");
    add(player.castles(), "castle", "castles");
    const api::TradeGoods& goods = player.goods();
    add(goods.wine(), "wine", "wine");
    add(goods.grain(), "grain", "grain");
    add(goods.cloth(), "cloth", "cloth");
    legend.players.push_back(
        {.name = player.name().empty() ? absl::StrCat("player ", i) : player.name(),
         .score = player.score(),
         .colour = std::string(kPlayerColours[i]),
         .supply = supply.empty() ? "none" : absl::StrJoin(supply, ", "),
         .active = state.active_player() == i,
         .deciding = state.deciding_player() == i});
  }
  if (state.phase() != api::PHASE_UNSPECIFIED) {
    legend.lines.push_back("Phase: " +
                           EnumWords(api::Phase_Name(state.phase()), "PHASE_", state.phase()));
  }
  if (state.magic_step() != api::MAGIC_STEP_UNSPECIFIED) {
    legend.lines.push_back("Magic step: " + EnumWords(api::MagicStep_Name(state.magic_step()),
                                                      "MAGIC_STEP_", state.magic_step()));
  }
  const int last = last_placed_tile;
  if (last >= 0) {
    const api::PlacedTile& tile = state.tiles(last);
    legend.lines.push_back(absl::StrCat("Last placed tile (orange frame): ", tile.tile_type(),
                                        " at (", tile.x(), ", ", tile.y(), "), ", tile.rotation(),
                                        " degrees"));
  } else if (frame_last_tile) {
    legend.lines.push_back("Last placed tile: none (only the set-up tiles)");
  }
  const api::MagicFigures& magic = state.magic_figures();
  if (state.has_magic_figures() || magic.has_mage() || magic.has_witch()) {
    legend.lines.push_back(
        "Mage: " + (magic.has_mage() ? DescribeRef(magic.mage()) : "beside the board") +
        "; witch: " + (magic.has_witch() ? DescribeRef(magic.witch()) : "beside the board"));
  }
  if (state.has_dragon() || state.has_fairy()) {
    const auto cell = [](bool has, const api::Cell& at) -> std::string {
      return has ? absl::StrCat("(", at.x(), ", ", at.y(), ")") : "beside the board";
    };
    std::string line = "Dragon: " + cell(state.has_dragon(), state.dragon());
    if (state.dragon_flight_size() > 0) {
      absl::StrAppend(&line, " (flight: ", state.dragon_flight_size(), " tiles so far)");
    }
    absl::StrAppend(&line, "; fairy: ", cell(state.has_fairy(), state.fairy()));
    legend.lines.push_back(line);
  }
  if (state.has_king_and_robber_baron()) {
    const api::KingAndRobberBaron& kr = state.king_and_robber_baron();
    const auto holder = [&](bool has, int index) -> std::string {
      if (!has) return "nobody";
      if (index < 0 || index >= state.players_size()) return absl::StrCat("player ", index);
      return Shorten(state.players(index).name(), 20);
    };
    legend.lines.push_back(absl::StrCat("King: ", holder(kr.has_king_holder(), kr.king_holder()),
                                        " (largest city: ", kr.king_record(), " tiles)"));
    legend.lines.push_back(
        absl::StrCat("Robber Baron: ", holder(kr.has_robber_holder(), kr.robber_holder()),
                     " (longest road: ", kr.robber_record(), " tiles)"));
  }
  if (state.has_count()) {
    const int quarter = state.count().count_quarter();
    legend.lines.push_back(
        "Count: in the " +
        (quarter == api::QUARTER_UNSPECIFIED
             ? std::string("castle")
             : EnumWords(api::Quarter_Name(state.count().count_quarter()), "QUARTER_", quarter)) +
        " quarter");
  }
  if (state.bag().tiles_size() > 0) {
    int64_t total = 0;
    for (const api::TileCount& count : state.bag().tiles()) total += count.count();
    legend.lines.push_back(absl::StrCat("Tiles in the bag: ", total));
  }
  return legend;
}

double AppendLegend(std::string& svg, const Legend& legend, Point origin) {
  Append(svg, {"<g id=\"legend\" transform=\"translate(", Number(origin.x), " ", Number(origin.y),
               ")\">"});
  double y = 14;
  AppendText(svg, {0, y}, 14, "#222222", "Players", "font-weight=\"bold\"");
  y += 10;
  for (size_t i = 0; i < legend.players.size(); ++i) {
    const LegendPlayer& player = legend.players[i];
    y += 16;
    Append(svg, {"<g class=\"player\" data-player=\"", std::to_string(i), "\" data-colour=\"",
                 player.colour, "\">"});
    AppendPiece(svg, Piece::kFollower,
                {.at = {10, y - 4}, .fill = player.colour, .attributes = "class=\"swatch\""});
    std::string heading = Shorten(player.name, 28) + ": " + std::to_string(player.score) +
                          (player.score == 1 ? " point" : " points");
    if (player.deciding) {
      heading += player.active ? "  (to play)" : "  (to decide)";
    } else if (player.active) {
      heading += "  (active)";
    }
    AppendText(svg, {24, y}, 11, "#111111", heading, player.deciding ? "font-weight=\"bold\"" : "");
    y += 11;
    AppendText(svg, {24, y}, 8, "#444444", "supply: " + player.supply);
    svg += "</g>";
  }
  y += 10;
  for (const std::string& line : legend.lines) {
    y += 13;
    AppendText(svg, {0, y}, 9.5, "#222222", line);
  }
  y += 24;
  AppendText(svg, {0, y}, 11, "#222222", "Key", "font-weight=\"bold\"");
  y += 8;
  // Two columns: terrains and symbols.
  const double key_top = y;
  for (const TerrainKey& key : kTerrainKeys) {
    y += 15;
    Append(svg, {"<g class=\"key\" transform=\"translate(8 ", Number(y - 3), ")\" fill=\"none\">",
                 std::string(key.shapes), "</g>"});
    AppendText(svg, {20, y}, 8.5, "#222222", key.name);
  }
  double symbol_y = key_top;
  int column = 0;
  for (Symbol symbol : kSymbolKeys) {
    if (column == 0) symbol_y += 15;
    const double x = 130 + 100 * column;
    AppendSymbol(svg, symbol, {x + 6, symbol_y - 3}, symbol == Symbol::kMonastery ? 0.6 : 1);
    std::string name(SymbolName(symbol));
    for (char& c : name) {
      if (c == '-') c = ' ';
    }
    AppendText(svg, {x + 16, symbol_y}, 8.5, "#222222", name);
    column = (column + 1) % 2;
  }
  if (symbol_y > y) y = symbol_y;
  svg += "</g>\n";
  return y + 8;
}

}  // namespace carcassonne::render

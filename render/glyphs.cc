// The drawings of tile symbols and pieces (see glyphs.h). Shapes are plain
// paths in a box of about 20 x 20 units around (0, 0).
#include "render/glyphs.h"

#include <cstdlib>
#include <string>
#include <string_view>

namespace carcassonne::render {

std::string_view SymbolName(Symbol symbol) {
  switch (symbol) {
    case Symbol::kCoatOfArms:
      return "coat-of-arms";
    case Symbol::kInn:
      return "inn";
    case Symbol::kCathedral:
      return "cathedral";
    case Symbol::kWine:
      return "wine";
    case Symbol::kGrain:
      return "grain";
    case Symbol::kCloth:
      return "cloth";
    case Symbol::kPigHerd:
      return "pig-herd";
    case Symbol::kWell:
      return "well";
    case Symbol::kMagicSymbol:
      return "magic-symbol";
    case Symbol::kVolcano:
      return "volcano";
    case Symbol::kBazaar:
      return "bazaar";
    case Symbol::kMonastery:
      return "monastery";
    case Symbol::kGarden:
      return "garden";
    case Symbol::kFestival:
      return "festival";
  }
  return "symbol";
}

namespace {

// The shapes of a symbol, around (0, 0).
std::string_view SymbolShapes(Symbol symbol) {
  switch (symbol) {
    case Symbol::kCoatOfArms:
      return R"(<path d="M-3.5,-4H3.5V0Q3.5,3.5 0,5Q-3.5,3.5 -3.5,0Z" fill="#2a56b8" )"
             R"(stroke="#ffffff" stroke-width="0.8"/>)";
    case Symbol::kInn:
      return R"(<path d="M-4,4V-1L0,-4.5L4,-1V4Z" fill="#c0392b" stroke="#3a1a10" )"
             R"(stroke-width="0.6"/><path d="M-1,4V1.5H1V4Z" fill="#3a1a10"/>)";
    case Symbol::kCathedral:
      return R"(<path d="M-4.5,4.5V-1L0,-4L4.5,-1V4.5Z" fill="#ece6d8" stroke="#333333" )"
             R"(stroke-width="0.6"/><path d="M0,-4V-8M-1.6,-6.4H1.6" stroke="#333333" )"
             R"(stroke-width="0.8"/>)";
    case Symbol::kWine:
      return R"(<path d="M0,-4L4,0L0,4L-4,0Z" fill="#8e1b4b" stroke="#222222" )"
             R"(stroke-width="0.6"/>)";
    case Symbol::kGrain:
      return R"(<path d="M0,-4L4,0L0,4L-4,0Z" fill="#e2b007" stroke="#222222" )"
             R"(stroke-width="0.6"/>)";
    case Symbol::kCloth:
      return R"(<path d="M0,-4L4,0L0,4L-4,0Z" fill="#4aa3df" stroke="#222222" )"
             R"(stroke-width="0.6"/>)";
    case Symbol::kPigHerd:
      return R"(<ellipse cx="-2.5" cy="-0.5" rx="3" ry="2" fill="#f4a6b7" stroke="#8a4b5a" )"
             R"(stroke-width="0.5"/><ellipse cx="2.5" cy="1.5" rx="3" ry="2" fill="#f4a6b7" )"
             R"(stroke="#8a4b5a" stroke-width="0.5"/>)";
    case Symbol::kWell:
      return R"(<circle r="3.5" fill="#5aaee0" stroke="#2b4a6b" stroke-width="1.2"/>)";
    case Symbol::kMagicSymbol:
      return R"(<path d="M0,-5L1.18,-1.62L4.76,-1.55L1.9,0.62L2.94,4.05L0,2L-2.94,4.05)"
             R"(L-1.9,0.62L-4.76,-1.55L-1.18,-1.62Z" fill="#8a3fd1" stroke="#ffffff" )"
             R"(stroke-width="0.6"/>)";
    case Symbol::kVolcano:
      return R"(<path d="M-5,4L-1.5,-3H1.5L5,4Z" fill="#7a3b2e" stroke="#2a120c" )"
             R"(stroke-width="0.5"/><circle cy="-5" r="1.5" fill="#e04b1a"/>)";
    case Symbol::kBazaar:
      return R"(<circle r="4" fill="#d4a017" stroke="#6b4e00" stroke-width="0.8"/>)"
             R"(<circle r="1.2" fill="#6b4e00"/>)";
    case Symbol::kMonastery:
      return R"(<path d="M-8,-3H8V8H-8Z" fill="#eadcc0" stroke="#4a3a2a" stroke-width="0.8"/>)"
             R"(<path d="M-10,-3L0,-11L10,-3Z" fill="#b5533c" stroke="#4a3a2a" )"
             R"(stroke-width="0.8"/><path d="M-2,8V3H2V8Z" fill="#4a3a2a"/>)"
             R"(<path d="M0,-11V-15M-1.8,-13.2H1.8" stroke="#4a3a2a" stroke-width="0.9"/>)";
    case Symbol::kGarden:
      return R"(<circle r="6" fill="#2f7d32" stroke="#1b4d1e" stroke-width="0.8"/>)"
             R"(<circle r="3" fill="#4caf50"/>)";
    case Symbol::kFestival:  // a pennant on a pole
      return R"(<path d="M-3,5V-5" stroke="#5a3a1a" stroke-width="0.9"/>)"
             R"(<path d="M-3,-5L4.5,-2.5L-3,0Z" fill="#e0457b" stroke="#7a1f3f" )"
             R"(stroke-width="0.5"/>)";
  }
  return "";
}

// The shapes of a piece, around (0, 0), filled with the group's colour.
std::string_view PieceShapes(Piece piece) {
  switch (piece) {
    case Piece::kFollower:
    case Piece::kBigFollower:
      return R"(<path d="M-3,-3.5L-8,-1.5L-8,1.5L-4,1.5L-7,9L-2,9L0,5L2,9L7,9L4,1.5L8,1.5)"
             R"(L8,-1.5L3,-3.5Z"/><circle cy="-6.5" r="3.6"/>)";
    case Piece::kBuilder:
      return R"(<path d="M-2.5,-3L-6,-1L-6,2L-3.5,1.5L-5,10L-1,10L0,6L1,10L5,10L3.5,1.5)"
             R"(L6,2L6,-1L2.5,-3Z"/><circle cy="-6" r="3"/><path d="M-3.5,-12H3.5V-8.5H-3.5Z"/>)";
    case Piece::kPig:
      return R"(<ellipse cy="1" rx="8.5" ry="5.5"/><circle cx="8" r="2.4"/>)"
             R"(<path d="M-1,-3.5L1,-8L3,-3.5Z"/><path d="M-6,5V9H-3.5V5ZM3.5,5V9H6V5Z"/>)";
    case Piece::kMayor:
      return R"(<path d="M-7,9L-7,-1Q-7,-10 0,-10Q7,-10 7,-1L7,9Z"/>)"
             R"(<path d="M-7,2H7" fill="none"/>)";
    case Piece::kWagon:
      return R"(<path d="M-9,-6H9V3H-9Z"/><path d="M9,-1H12" fill="none"/>)"
             R"(<circle cx="-5" cy="5" r="3.2"/><circle cx="5" cy="5" r="3.2"/>)";
    case Piece::kBarn:
      return R"(<path d="M-9,9L-9,-2L0,-10L9,-2L9,9Z"/><path d="M-3,9V3H3V9" fill="none"/>)";
    case Piece::kCastle:
      return R"(<path d="M-11,9V-7H-7V-3H-3V-7H3V-3H7V-7H11V9Z"/>)"
             R"(<path d="M-3,9V3Q0,0 3,3V9" fill="none"/>)";
    case Piece::kMage:
      return R"(<path d="M-7,9L0,-11L7,9Z"/><circle cy="-11" r="2.2"/>)";
    case Piece::kWitch:
      return R"(<path d="M-5,2L-6,9H6L5,2Z"/><path d="M-9,2H9L2,0L-1,-11L-4,0Z"/>)";
    case Piece::kCount:
      return R"(<path d="M-9,6V-6L-4.5,0L0,-8L4.5,0L9,-6V6Z"/>)";
    case Piece::kDragon:
      // A body with two raised wings and a head to the right.
      return R"(<path d="M-10,6Q-4,-2 4,2L9,-3L11,0L6,5Q0,9 -10,6Z"/>)"
             R"(<path d="M-4,1L-8,-10L0,-2L3,-11L5,1Z"/>)";
    case Piece::kFairy:
      // A small body between two round wings.
      return R"(<ellipse cx="-4.5" cy="-3" rx="4" ry="5"/><ellipse cx="4.5" cy="-3" rx="4" ry="5"/>)"
             R"(<path d="M-1.5,8L0,-6L1.5,8Z"/><circle cy="-8" r="2"/>)";
  }
  return "";
}

// Whether a colour "#rrggbb" is dark (then the piece is outlined in white).
bool IsDark(std::string_view colour) {
  if (colour.size() != 7 || colour[0] != '#') return false;
  const auto channel = [&](int at) {
    return std::strtol(std::string(colour.substr(at, 2)).c_str(), nullptr, 16);
  };
  const long luminance = 299 * channel(1) + 587 * channel(3) + 114 * channel(5);
  return luminance < 80 * 1000;
}

}  // namespace

void AppendSymbol(std::string& svg, Symbol symbol, Point at, double scale) {
  svg += "<g class=\"symbol ";
  svg += SymbolName(symbol);
  Append(svg, {"\" transform=\"translate(", Number(at.x), " ", Number(at.y), ")"});
  if (scale != 1) Append(svg, {" scale(", Number(scale), ")"});
  svg += "\">";
  svg += SymbolShapes(symbol);
  svg += "</g>";
}

void AppendPiece(std::string& svg, Piece piece, const PieceStyle& style) {
  double scale = style.scale;
  if (piece == Piece::kBigFollower) scale *= 1.35;
  svg += "<g ";
  svg += style.attributes;
  svg += " fill=\"";
  svg += style.fill;
  svg += "\" stroke=\"";
  svg += IsDark(style.fill) ? "#ffffff" : "#111111";
  svg += "\" stroke-width=\"0.9\" stroke-linejoin=\"round\"";
  if (style.dashed) svg += " stroke-dasharray=\"2 1.5\" fill-opacity=\"0.55\"";
  Append(svg, {" transform=\"translate(", Number(style.at.x), " ", Number(style.at.y), ")"});
  if (scale != 1) Append(svg, {" scale(", Number(scale), ")"});
  svg += "\">";
  svg += PieceShapes(piece);
  if (!style.label.empty()) {
    Append(svg,
           {"<text y=\"", style.label_above ? "-14" : "16",
            "\" font-size=\"6.5\" text-anchor=\"middle\" fill=\"#111111\" fill-opacity=\"1\" "});
    svg += "stroke=\"#ffffff\" stroke-width=\"1.8\" stroke-dasharray=\"none\" ";
    svg += "paint-order=\"stroke\">";
    svg += Escape(style.label);
    svg += "</text>";
  }
  svg += "</g>";
}

}  // namespace carcassonne::render

// The small drawings of the board: the symbols printed on tiles (coat of
// arms, inn, cathedral, goods, ...) and the pieces that stand on them
// (followers, builder, pig, mayor, wagon, barn, castle, mage, witch, the
// Count). Each is drawn centred on a point, about 16 units across (a tile is
// 100), as a group whose class names what it is.
#pragma once

#include <string>
#include <string_view>

#include "render/svg.h"

namespace carcassonne::render {

// A symbol printed on a tile.
enum class Symbol {
  kCoatOfArms,
  kInn,
  kCathedral,
  kWine,
  kGrain,
  kCloth,
  kPigHerd,
  kWell,
  kMagicSymbol,
  kVolcano,
  kBazaar,
  kMonastery,
  kGarden,
  kFestival,  // the Festival's symbol (FV-01), a tile badge
};

// What the symbol is called in the SVG's class attribute and in the legend:
// "coat-of-arms", "inn", ..., "monastery".
std::string_view SymbolName(Symbol symbol);

// Appends <g class="symbol NAME" transform="translate(at) scale(scale)">...</g>.
void AppendSymbol(std::string& svg, Symbol symbol, Point at, double scale = 1);

// A piece's shape.
enum class Piece {
  kFollower,
  kBigFollower,
  kBuilder,
  kPig,
  kMayor,
  kWagon,
  kBarn,
  kCastle,
  kMage,
  kWitch,
  kCount,
  kDragon,
  kFairy,
};

// How a piece is drawn: where, how large (1 = the board's size), its colour,
// further attributes of its group (class, data-*), and the label written under
// it (empty = none).
struct PieceStyle {
  Point at = {};
  double scale = 1;
  std::string_view fill = {};
  std::string_view attributes = {};
  std::string_view label = {};
  bool dashed = false;       // a piece off its place (a wagon waiting to move)
  bool label_above = false;  // the label over the piece instead of under it
};

// Appends <g ATTRIBUTES fill="FILL" transform="..."><shape/><text>LABEL</text></g>.
void AppendPiece(std::string& svg, Piece piece, const PieceStyle& style);

}  // namespace carcassonne::render

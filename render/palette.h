// The colours of the pieces: one per seat, and the neutral figures'.
#pragma once

#include <iterator>
#include <string_view>

namespace carcassonne::render {

// Seat colours, in seating order. The base game's green is left out: it
// would vanish on the fields.
inline constexpr std::string_view kPlayerColours[] = {"#d62728", "#1f5fd6", "#f2c500",
                                                      "#222222", "#e377c2", "#9e9e9e"};
inline constexpr int kMaxPlayers = static_cast<int>(std::size(kPlayerColours));
inline constexpr std::string_view kMageColour = "#7b2cbf";
inline constexpr std::string_view kWitchColour = "#f28e1c";
inline constexpr std::string_view kCountColour = "#4b2a73";
inline constexpr std::string_view kDragonColour = "#8c1c13";
inline constexpr std::string_view kFairyColour = "#7fd8be";

}  // namespace carcassonne::render

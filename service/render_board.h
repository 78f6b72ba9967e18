// RenderBoard's options (carcassonne.v1.RenderBoardOptions, render.proto) read
// into the renderer's (render/board_svg.h), with the same field paths and
// problems as every other malformed request. The drawing itself is the
// renderer's; no rule is decided here.
#pragma once

#include <optional>
#include <string_view>

#include "carcassonne/v1/referee.pb.h"
#include "render/board_svg.h"
#include "service/convert.h"

namespace carcassonne::service {

// The media type of RenderBoardResponse.svg.
inline constexpr std::string_view kSvgContentType = "image/svg+xml";

// At most this many highlighted cells per request (a board at its limit of
// 1024 tiles has about 2 000 free cells next to it).
inline constexpr int kMaxHighlights = 4096;

// The options at `path` ("options"): every highlighted cell within the
// board's extent (|x|, |y| at most kMaxCoordinate, as a snapshot's cells),
// its style a known value, at most kMaxHighlights of them.
std::optional<render::RenderOptions> RenderOptionsFromProto(const v1::RenderBoardOptions& proto,
                                                            std::string_view path,
                                                            FieldProblems& problems);

}  // namespace carcassonne::service

// RenderBoardOptions -> render::RenderOptions (render_board.h).
#include "service/render_board.h"

#include <cstdlib>
#include <string>

#include "engine/snapshot_limits.h"
#include "engine/text.h"
#include "service/convert_internal.h"

namespace carcassonne::service {
namespace {

std::optional<render::HighlightKind> HighlightKindFromProto(int style) {
  switch (style) {
    case v1::HIGHLIGHT_STYLE_UNSPECIFIED:
    case v1::HIGHLIGHT_STYLE_PLACEMENT:
      return render::HighlightKind::kPlacement;
    case v1::HIGHLIGHT_STYLE_SELECTED:
      return render::HighlightKind::kSelected;
    case v1::HIGHLIGHT_STYLE_ATTENTION:
      return render::HighlightKind::kAttention;
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<render::RenderOptions> RenderOptionsFromProto(const v1::RenderBoardOptions& proto,
                                                            std::string_view path,
                                                            FieldProblems& problems) {
  const size_t problems_before = problems.size();
  render::RenderOptions options;
  options.labels = !proto.has_labels() || proto.labels();
  options.outline = proto.outline();
  options.frame_last_tile = !proto.has_frame_last_tile() || proto.frame_last_tile();
  const std::string highlights_path = FieldPath(path, "highlights");
  if (proto.highlights_size() > kMaxHighlights) {
    problems.push_back({highlights_path,
                        Cat("at most ", kMaxHighlights, " cells may be highlighted, not ",
                            proto.highlights_size()),
                        ErrorReason::kTooManyItems});
    return std::nullopt;
  }
  options.highlights.reserve(static_cast<size_t>(proto.highlights_size()));
  for (int i = 0; i < proto.highlights_size(); ++i) {
    const v1::CellHighlight& highlight = proto.highlights(i);
    const std::string at = IndexPath(highlights_path, i);
    CheckCoordinates(
        highlight, [&] { return at; }, problems);  // the one rule for coordinates
    const std::optional<render::HighlightKind> kind = HighlightKindFromProto(highlight.style());
    if (!kind) {
      problems.push_back({FieldPath(at, "style"),
                          Cat(static_cast<int>(highlight.style()), " is not a HighlightStyle"),
                          ErrorReason::kEnumValueInvalid});
      continue;
    }
    options.highlights.push_back({.cell = {highlight.x(), highlight.y()}, .kind = *kind});
  }
  if (problems.size() != problems_before) return std::nullopt;
  return options;
}

}  // namespace carcassonne::service

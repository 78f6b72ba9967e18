// The board description (engine/board_description.h) as the API's
// DescribeBoardResponse: segments named canonically (geometry.md), the
// scoring events as ScoreEvent messages. No rule is decided here.
#pragma once

#include "carcassonne/v1/referee.pb.h"
#include "engine/board_description.h"

namespace carcassonne::service {

namespace v1 = ::carcassonne::v1;

// `naming` is the snapshot the description was made from.
void BoardDescriptionToProto(const BoardDescription& description, const GameState& naming,
                             v1::DescribeBoardResponse* proto);

}  // namespace carcassonne::service

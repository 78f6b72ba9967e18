// The RPCs as plain functions on the API's messages: validate and translate the
// request (proto -> engine), call the engine, translate the answer back. The
// gRPC server and the scenario runner both call these, so a scenario file runs
// exactly what a live server runs. No rule is decided here.
//
// A malformed request gives INVALID_ARGUMENT with a google.rpc.BadRequest
// detail (serialized into the status' error_details) naming each bad field
// path, e.g. "state.tiles[2].rotation" or "action.place_figure.segment", and
// a google.rpc.ErrorInfo with each one's reason (error_reasons.h).
#pragma once

#include <grpcpp/support/status.h>

#include "carcassonne/v1/referee.pb.h"

namespace carcassonne::service {

namespace v1 = ::carcassonne::v1;

grpc::Status HandleNewGame(const v1::NewGameRequest& request, v1::NewGameResponse* response);
grpc::Status HandleValidateAction(const v1::ValidateActionRequest& request,
                                  v1::ValidateActionResponse* response);
grpc::Status HandleApplyAction(const v1::ApplyActionRequest& request,
                               v1::ApplyActionResponse* response);
grpc::Status HandlePlayTurn(const v1::PlayTurnRequest& request, v1::PlayTurnResponse* response);
grpc::Status HandleListLegalActions(const v1::ListLegalActionsRequest& request,
                                    v1::ListLegalActionsResponse* response);
grpc::Status HandleScoreGame(const v1::ScoreGameRequest& request, v1::ScoreGameResponse* response);
grpc::Status HandleDescribeBoard(const v1::DescribeBoardRequest& request,
                                 v1::DescribeBoardResponse* response);
grpc::Status HandleGetCatalog(const v1::GetCatalogRequest& request,
                              v1::GetCatalogResponse* response);
// The snapshot drawn by the board renderer (render/board_svg.h), as read and
// checked by the other RPCs: a snapshot they refuse is refused here with the
// same field paths, and one they accept is drawn.
grpc::Status HandleRenderBoard(const v1::RenderBoardRequest& request,
                               v1::RenderBoardResponse* response);

}  // namespace carcassonne::service

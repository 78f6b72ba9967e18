// Where the scenario runner sends its requests: the service's handlers in
// this process (the default: the code a live server runs, without a server),
// or a live referee server over gRPC (carcassonne_scenario --target=HOST:PORT,
// plaintext or TLS), to check that server's answers against the same
// scenario files. The statuses and answers are the same either way: a
// server's INVALID_ARGUMENT keeps its field violations (google.rpc.Status
// details).
#pragma once

#include <grpcpp/channel.h>
#include <grpcpp/support/status.h>

#include <chrono>
#include <memory>

#include "carcassonne/v1/referee.pb.h"

namespace carcassonne::scenario {

class RefereeEndpoint {
 public:
  virtual ~RefereeEndpoint() = default;
  virtual grpc::Status NewGame(const v1::NewGameRequest& request,
                               v1::NewGameResponse* response) = 0;
  virtual grpc::Status ApplyAction(const v1::ApplyActionRequest& request,
                                   v1::ApplyActionResponse* response) = 0;
  virtual grpc::Status ListLegalActions(const v1::ListLegalActionsRequest& request,
                                        v1::ListLegalActionsResponse* response) = 0;
  virtual grpc::Status ScoreGame(const v1::ScoreGameRequest& request,
                                 v1::ScoreGameResponse* response) = 0;
};

// The service's handlers (service/handlers.h), called in this process.
std::unique_ptr<RefereeEndpoint> InProcessReferee();

// carcassonne.v1.RefereeService on `channel`; each call has `deadline`.
std::unique_ptr<RefereeEndpoint> RemoteReferee(std::shared_ptr<grpc::Channel> channel,
                                               std::chrono::milliseconds deadline);

}  // namespace carcassonne::scenario

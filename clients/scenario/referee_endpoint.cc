// The scenario runner's two ways to the referee (see referee_endpoint.h).
#include "clients/scenario/referee_endpoint.h"

#include <grpcpp/client_context.h>

#include <utility>

#include "carcassonne/v1/referee.grpc.pb.h"
#include "service/handlers.h"

namespace carcassonne::scenario {
namespace {

class InProcess final : public RefereeEndpoint {
 public:
  grpc::Status NewGame(const v1::NewGameRequest& request, v1::NewGameResponse* response) override {
    return service::HandleNewGame(request, response);
  }
  grpc::Status ApplyAction(const v1::ApplyActionRequest& request,
                           v1::ApplyActionResponse* response) override {
    return service::HandleApplyAction(request, response);
  }
  grpc::Status ListLegalActions(const v1::ListLegalActionsRequest& request,
                                v1::ListLegalActionsResponse* response) override {
    return service::HandleListLegalActions(request, response);
  }
  grpc::Status ScoreGame(const v1::ScoreGameRequest& request,
                         v1::ScoreGameResponse* response) override {
    return service::HandleScoreGame(request, response);
  }
};

class Remote final : public RefereeEndpoint {
 public:
  Remote(std::shared_ptr<grpc::Channel> channel, std::chrono::milliseconds deadline)
      : stub_(v1::RefereeService::NewStub(std::move(channel))), deadline_(deadline) {}

  grpc::Status NewGame(const v1::NewGameRequest& request, v1::NewGameResponse* response) override {
    grpc::ClientContext context;
    SetDeadline(context);
    return stub_->NewGame(&context, request, response);
  }
  grpc::Status ApplyAction(const v1::ApplyActionRequest& request,
                           v1::ApplyActionResponse* response) override {
    grpc::ClientContext context;
    SetDeadline(context);
    return stub_->ApplyAction(&context, request, response);
  }
  grpc::Status ListLegalActions(const v1::ListLegalActionsRequest& request,
                                v1::ListLegalActionsResponse* response) override {
    grpc::ClientContext context;
    SetDeadline(context);
    return stub_->ListLegalActions(&context, request, response);
  }
  grpc::Status ScoreGame(const v1::ScoreGameRequest& request,
                         v1::ScoreGameResponse* response) override {
    grpc::ClientContext context;
    SetDeadline(context);
    return stub_->ScoreGame(&context, request, response);
  }

 private:
  void SetDeadline(grpc::ClientContext& context) const {
    context.set_deadline(std::chrono::system_clock::now() + deadline_);
  }

  std::unique_ptr<v1::RefereeService::Stub> stub_;
  std::chrono::milliseconds deadline_;
};

}  // namespace

std::unique_ptr<RefereeEndpoint> InProcessReferee() { return std::make_unique<InProcess>(); }

std::unique_ptr<RefereeEndpoint> RemoteReferee(std::shared_ptr<grpc::Channel> channel,
                                               std::chrono::milliseconds deadline) {
  return std::make_unique<Remote>(std::move(channel), deadline);
}

}  // namespace carcassonne::scenario

// The RPCs as plain functions (see handlers.h): read and check the request
// (convert.h), call the engine, write the answer. No rule is decided here.
#include "service/handlers.h"

#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/text.h"
#include "service/convert.h"
#include "service/describe_board.h"
#include "service/render_board.h"

namespace carcassonne::service {
namespace {

// PlayTurn takes at most this many steps (a turn of the base game has two).
constexpr int kMaxTurnActions = 16;

// Runs a handler body; an exception (e.g. std::bad_alloc) becomes INTERNAL
// instead of taking the process down.
template <typename Body>
grpc::Status Guarded(Body&& body) {
  try {
    return body();
  } catch (const std::exception& error) {
    return ErrorStatus(ErrorReason::kInternalError, Cat("internal error: ", error.what()));
  } catch (...) {
    return ErrorStatus(ErrorReason::kInternalError, "internal error");
  }
}

// The request's snapshot, checked and laid out as a Game; "state" when missing.
std::optional<Game> ReadGame(bool present, const v1::GameState& proto, FieldProblems& problems) {
  if (!present) {
    problems.push_back({"state", "the game snapshot is required", ErrorReason::kFieldRequired});
    return std::nullopt;
  }
  return GameFromProto(proto, "state", problems);
}

// The request's action, checked against the game's snapshot (none when the
// snapshot is malformed); "action" when missing.
std::optional<Action> ReadAction(bool present, const v1::Action& proto,
                                 const std::optional<Game>& game, FieldProblems& problems) {
  if (!present) {
    problems.push_back({"action", "the action is required", ErrorReason::kFieldRequired});
    return std::nullopt;
  }
  return ActionFromProto(proto, game ? &game->state() : nullptr, "action", problems);
}

// The snapshot and the action of a ValidateAction or ApplyAction request, read
// and checked; INVALID_ARGUMENT (with every problem found) unless both are
// well-formed.
template <typename Request>
grpc::Status ReadGameAndAction(const Request& request, std::optional<Game>& game,
                               std::optional<Action>& action) {
  FieldProblems problems;
  game = ReadGame(request.has_state(), request.state(), problems);
  action = ReadAction(request.has_action(), request.action(), game, problems);
  if (!problems.empty() || !game || !action) return InvalidArgument(problems);
  return grpc::Status::OK;
}

// An illegal verdict, its segments named on the snapshot with the action's
// tile laid (a violation may concern a segment of the tile being placed).
void IllegalVerdictToProto(const Verdict& verdict, const Game& game, const Action& action,
                           v1::Verdict* proto) {
  VerdictToProto(verdict, WithTilesPlacedBy(game.state(), {&action, 1}), proto);
}

}  // namespace

grpc::Status HandleNewGame(const v1::NewGameRequest& request, v1::NewGameResponse* response) {
  return Guarded([&]() -> grpc::Status {
    FieldProblems problems;
    RuleSet rules;
    if (request.has_rules()) {
      std::optional<RuleSet> read = RuleSetFromProto(request.rules(), "rules", problems);
      if (read) rules = std::move(*read);
    }
    if (request.player_names_size() > kMaxPlayers) {
      problems.push_back(
          {"player_names",
           Cat("a game has at most ", kMaxPlayers, " players, not ", request.player_names_size()),
           ErrorReason::kTooManyItems});
    }
    if (!problems.empty()) return InvalidArgument(problems);
    const std::vector<std::string> names(request.player_names().begin(),
                                         request.player_names().end());
    auto result = NewGame(names, rules);
    if (const auto* engine_problems = std::get_if<std::vector<Problem>>(&result)) {
      for (const Problem& problem : *engine_problems) {
        problems.push_back({problem.field, problem.message, ErrorReason::kGameSetupInvalid});
      }
      return InvalidArgument(problems);
    }
    GameStateToProto(std::get<GameState>(result), response->mutable_state());
    return grpc::Status::OK;
  });
}

grpc::Status HandleValidateAction(const v1::ValidateActionRequest& request,
                                  v1::ValidateActionResponse* response) {
  return Guarded([&]() -> grpc::Status {
    std::optional<Game> game;
    std::optional<Action> action;
    if (grpc::Status read = ReadGameAndAction(request, game, action); !read.ok()) return read;
    const Verdict verdict = game->Validate(*action);
    if (verdict.legal()) {
      response->mutable_verdict()->set_legal(true);
    } else {
      IllegalVerdictToProto(verdict, *game, *action, response->mutable_verdict());
    }
    return grpc::Status::OK;
  });
}

grpc::Status HandleApplyAction(const v1::ApplyActionRequest& request,
                               v1::ApplyActionResponse* response) {
  return Guarded([&]() -> grpc::Status {
    std::optional<Game> game;
    std::optional<Action> action;
    if (grpc::Status read = ReadGameAndAction(request, game, action); !read.ok()) return read;
    // Game::Apply expects a legal action: validated here (not through the
    // engine's ApplyAction) so that an illegal verdict is named on the
    // snapshot the request sent.
    const Verdict verdict = game->Validate(*action);
    if (!verdict.legal()) {
      IllegalVerdictToProto(verdict, *game, *action, response->mutable_verdict());
      return grpc::Status::OK;
    }
    const std::vector<ScoreEvent> events = game->Apply(*action);
    VerdictToProto(verdict, game->state(), response->mutable_verdict());
    ScoreEventsToProto(events, game->state(), response->mutable_events());
    if (game->FinalScoringBegin()) {  // AMB-48: the last turn's events, then the final scoring
      response->set_final_scoring_begin(static_cast<int>(*game->FinalScoringBegin()));
    }
    GameStateToProto(game->state(), response->mutable_state());
    return grpc::Status::OK;
  });
}

grpc::Status HandlePlayTurn(const v1::PlayTurnRequest& request, v1::PlayTurnResponse* response) {
  return Guarded([&]() -> grpc::Status {
    FieldProblems problems;
    std::optional<Game> game = ReadGame(request.has_state(), request.state(), problems);
    const int count = request.actions_size();
    std::vector<Action> actions;
    if (count == 0 || count > kMaxTurnActions) {
      problems.push_back({"actions",
                          Cat("a turn has 1 to ", kMaxTurnActions, " actions, not ", count),
                          count == 0 ? ErrorReason::kFieldRequired : ErrorReason::kTooManyItems});
    } else {
      // Step i may name segments of tiles placed by earlier steps: resolve it
      // on the snapshot with those tiles laid. Once a step cannot be read, the
      // later ones are only checked for their own fields.
      std::optional<GameState> board;
      if (game) board = game->state();
      for (int i = 0; i < count; ++i) {
        std::optional<Action> action = ActionFromProto(
            request.actions(i), board ? &*board : nullptr, IndexPath("actions", i), problems);
        if (!action) {
          board.reset();
          continue;
        }
        actions.push_back(*action);
        if (board) {
          if (const auto* place = std::get_if<PlaceTileAction>(&*action)) {
            board->tiles.push_back({place->tile, place->cell, place->rotation});
          }
        }
      }
    }
    if (!problems.empty() || !game || static_cast<int>(actions.size()) != count) {
      return InvalidArgument(problems);
    }
    const GameState state = game->state();
    const TurnOutcome outcome = PlayTurn(std::move(*game), actions);
    response->set_failed_action_index(outcome.failed_action_index);
    if (outcome.next) {
      VerdictToProto(outcome.verdict, *outcome.next, response->mutable_verdict());
      ScoreEventsToProto(outcome.events, *outcome.next, response->mutable_events());
      GameStateToProto(*outcome.next, response->mutable_state());
      if (outcome.final_scoring_begin) {
        response->set_final_scoring_begin(*outcome.final_scoring_begin);  // AMB-48
      }
    } else {
      const int failed = outcome.failed_action_index;
      const size_t steps =
          failed >= 0 && failed < count ? static_cast<size_t>(failed) + 1 : actions.size();
      VerdictToProto(outcome.verdict,
                     WithTilesPlacedBy(state, std::span<const Action>(actions).first(steps)),
                     response->mutable_verdict());
    }
    return grpc::Status::OK;
  });
}

grpc::Status HandleListLegalActions(const v1::ListLegalActionsRequest& request,
                                    v1::ListLegalActionsResponse* response) {
  return Guarded([&]() -> grpc::Status {
    FieldProblems problems;
    std::optional<Game> game = ReadGame(request.has_state(), request.state(), problems);
    // The drawn tile is required in the tile phase and ignored otherwise.
    const TileType* drawn = nullptr;
    // HS-03: the tile drawn to go under a hill tile, if any.
    const TileType* hidden = nullptr;
    // BT-04: the animal token drawn with a circus tile, if any.
    std::optional<Animal> animal;
    if (request.has_state() && request.state().phase() == v1::PHASE_PLACE_TILE) {
      drawn = TileTypeFromProto(request.tile_type(), "tile_type", problems);
      if (!request.hidden_tile_type().empty()) {
        hidden = TileTypeFromProto(request.hidden_tile_type(), "hidden_tile_type", problems);
      }
      animal = AnimalFromProto(request.animal_token(), "animal_token", problems);
    }
    if (game && drawn != nullptr) {
      for (const Problem& problem : CheckDrawnTile(game->state(), drawn, hidden, animal)) {
        problems.push_back({problem.field.empty() ? "tile_type" : problem.field, problem.message});
      }
    }
    if (!problems.empty() || !game) return InvalidArgument(problems);
    const LegalActions legal = game->ListLegalActions(drawn, hidden, animal);
    LegalActionsToProto(legal, game->state(), drawn, response);
    return grpc::Status::OK;
  });
}

grpc::Status HandleScoreGame(const v1::ScoreGameRequest& request, v1::ScoreGameResponse* response) {
  return Guarded([&]() -> grpc::Status {
    FieldProblems problems;
    std::optional<Game> game = ReadGame(request.has_state(), request.state(), problems);
    if (!problems.empty() || !game) return InvalidArgument(problems);
    const GameState state = game->state();
    const FinalScoring scoring = ScoreGame(std::move(*game));
    FinalScoringToProto(scoring, state, response);
    return grpc::Status::OK;
  });
}

grpc::Status HandleDescribeBoard(const v1::DescribeBoardRequest& request,
                                 v1::DescribeBoardResponse* response) {
  return Guarded([&]() -> grpc::Status {
    FieldProblems problems;
    std::optional<Game> game = ReadGame(request.has_state(), request.state(), problems);
    if (!problems.empty() || !game) return InvalidArgument(problems);
    BoardDescriptionToProto(DescribeBoard(*game), game->state(), response);
    return grpc::Status::OK;
  });
}

grpc::Status HandleRenderBoard(const v1::RenderBoardRequest& request,
                               v1::RenderBoardResponse* response) {
  return Guarded([&]() -> grpc::Status {
    FieldProblems problems;
    std::optional<Game> game = ReadGame(request.has_state(), request.state(), problems);
    std::optional<render::RenderOptions> options =
        RenderOptionsFromProto(request.options(), "options", problems);
    if (!problems.empty() || !game || !options) return InvalidArgument(problems);
    // The snapshot as the service answers it (segments named canonically),
    // so that the drawing sees what every other RPC sees.
    v1::GameState snapshot;
    GameStateToProto(game->state(), &snapshot);
    absl::StatusOr<std::string> svg = render::RenderBoard(snapshot, *options);
    if (!svg.ok()) {
      // The renderer refuses only what it cannot draw, and the check above
      // refuses all of that: a refusal here is the service's own fault.
      return grpc::Status(grpc::StatusCode::INTERNAL,
                          Cat("internal error: the checked snapshot could not be drawn: ",
                              std::string(svg.status().message())));
    }
    response->set_svg(std::move(*svg));
    response->set_content_type(std::string(kSvgContentType));
    return grpc::Status::OK;
  });
}

grpc::Status HandleGetCatalog(const v1::GetCatalogRequest& /*request*/,
                              v1::GetCatalogResponse* response) {
  return Guarded([&]() -> grpc::Status {
    response->CopyFrom(CatalogProto());
    return grpc::Status::OK;
  });
}

}  // namespace carcassonne::service

// Fuzz target for one RPC of carcassonne.v1.RefereeService, without the
// network: the input bytes are that RPC's request message (protobuf binary),
// handed to the real handler (service/handlers.h), as a live server would.
// CMake compiles this file once per RPC, naming it in CARCASSONNE_FUZZ_RPC
// (NewGame, ValidateAction, ApplyAction, PlayTurn, ListLegalActions,
// ScoreGame, GetCatalog): fuzz_<rpc in snake case>.
//
// Besides "no crash, no leak, no undefined behaviour, no hang", the target
// checks what the service promises for any request:
//   * the answer is OK or INVALID_ARGUMENT (INTERNAL means an exception
//     escaped the engine or the converter);
//   * INVALID_ARGUMENT carries a google.rpc.BadRequest naming at least one
//     field path;
//   * the same request gets the same answer: the handler runs twice and both
//     answers (status, message, details, response bytes in deterministic
//     serialization) are equal;
//   * every snapshot the service returns (NewGame, ApplyAction and PlayTurn's
//     next state) is accepted when it is sent back: ScoreGame, ValidateAction
//     of a pass and ListLegalActions (with a tile of the bag in the tile
//     phase) answer OK.
#include <cstddef>
#include <cstdint>
#include <string>

#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "service/handlers.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/proto_support.h"

#ifndef CARCASSONNE_FUZZ_RPC
#error "CARCASSONNE_FUZZ_RPC names the RPC under test (tests/fuzz/CMakeLists.txt)"
#endif

namespace carcassonne::fuzz {

namespace v1 = ::carcassonne::v1;

// The request and response types and the handler of each RPC (outside
// the anonymous namespace: each binary uses one of them).
namespace rpc {
#define CARCASSONNE_FUZZ_DEFINE_RPC(Name)                                    \
  struct Name {                                                              \
    using Request = v1::Name##Request;                                       \
    using Response = v1::Name##Response;                                     \
    static constexpr const char* kName = #Name;                              \
    static grpc::Status Handle(const Request& request, Response* response) { \
      return service::Handle##Name(request, response);                       \
    }                                                                        \
  };
CARCASSONNE_FUZZ_DEFINE_RPC(NewGame)
CARCASSONNE_FUZZ_DEFINE_RPC(ValidateAction)
CARCASSONNE_FUZZ_DEFINE_RPC(ApplyAction)
CARCASSONNE_FUZZ_DEFINE_RPC(PlayTurn)
CARCASSONNE_FUZZ_DEFINE_RPC(ListLegalActions)
CARCASSONNE_FUZZ_DEFINE_RPC(ScoreGame)
CARCASSONNE_FUZZ_DEFINE_RPC(GetCatalog)
#undef CARCASSONNE_FUZZ_DEFINE_RPC
}  // namespace rpc

namespace {

std::string Describe(const char* rpc, const grpc::Status& status) {
  return std::string(rpc) + " answered status " + std::to_string(status.error_code()) + ": " +
         status.error_message();
}

// OK or INVALID_ARGUMENT; the latter with a BadRequest naming field paths.
void CheckStatusShape(const char* rpc, const grpc::Status& status) {
  FUZZ_CHECK(status.ok() || status.error_code() == grpc::StatusCode::INVALID_ARGUMENT,
             Describe(rpc, status));
  if (status.ok()) return;
  google::rpc::Status details;
  FUZZ_CHECK(details.ParseFromString(status.error_details()),
             Describe(rpc, status) + " (error_details is not a google.rpc.Status)");
  FUZZ_CHECK(details.code() == grpc::StatusCode::INVALID_ARGUMENT, Describe(rpc, status));
  FUZZ_CHECK(details.details_size() >= 1,
             Describe(rpc, status) + " (no detail in the google.rpc.Status)");
  google::rpc::BadRequest bad_request;
  FUZZ_CHECK(details.details(0).UnpackTo(&bad_request),
             Describe(rpc, status) + " (the first detail is not a BadRequest)");
  FUZZ_CHECK(bad_request.field_violations_size() >= 1,
             Describe(rpc, status) + " (a BadRequest without a field violation)");
  for (const auto& violation : bad_request.field_violations()) {
    FUZZ_CHECK(!violation.field().empty(),
               Describe(rpc, status) +
                   " (a field violation without a field path: " + violation.description() + ")");
  }
}

// A snapshot the service returned is accepted when it comes back.
void CheckSnapshotAccepted(const v1::GameState& state, const char* from) {
  const std::string origin = std::string(" (on the snapshot ") + from + " returned)";
  {
    v1::ScoreGameRequest request;
    *request.mutable_state() = state;
    v1::ScoreGameResponse response;
    const grpc::Status status = service::HandleScoreGame(request, &response);
    FUZZ_CHECK(status.ok(), Describe("ScoreGame", status) + origin);
  }
  {
    v1::ValidateActionRequest request;
    *request.mutable_state() = state;
    request.mutable_action()->mutable_pass();
    v1::ValidateActionResponse response;
    const grpc::Status status = service::HandleValidateAction(request, &response);
    FUZZ_CHECK(status.ok(), Describe("ValidateAction(pass)", status) + origin);
  }
  {
    v1::ListLegalActionsRequest request;
    *request.mutable_state() = state;
    bool askable = state.phase() != v1::PHASE_PLACE_TILE;
    for (const v1::TileCount& entry : state.bag().tiles()) {
      if (askable) break;
      if (entry.count() <= 0) continue;
      request.set_tile_type(entry.tile_type());
      askable = true;
    }
    if (askable) {
      v1::ListLegalActionsResponse response;
      const grpc::Status status = service::HandleListLegalActions(request, &response);
      FUZZ_CHECK(status.ok(), Describe("ListLegalActions", status) + origin + " with tile_type '" +
                                  request.tile_type() + "'");
    }
  }
}

// The snapshot in a response, if the RPC returns one.
template <typename Response>
const v1::GameState* ReturnedSnapshot(const Response& response) {
  if constexpr (requires { response.has_state(); }) {
    if (response.has_state()) return &response.state();
  }
  return nullptr;
}

template <typename Rpc>
int FuzzOneRequest(const uint8_t* data, size_t size) {
  typename Rpc::Request request;
  // Bytes that are not a request of this RPC never reach the handler (the
  // gRPC server answers INTERNAL before it); -1 keeps them out of the corpus.
  if (!request.ParseFromArray(data, static_cast<int>(size))) return -1;

  typename Rpc::Response first;
  const grpc::Status first_status = Rpc::Handle(request, &first);
  CheckStatusShape(Rpc::kName, first_status);

  typename Rpc::Response second;
  const grpc::Status second_status = Rpc::Handle(request, &second);
  FUZZ_CHECK(first_status.error_code() == second_status.error_code() &&
                 first_status.error_message() == second_status.error_message() &&
                 first_status.error_details() == second_status.error_details(),
             std::string("same request, different status: ") + Describe(Rpc::kName, first_status) +
                 " / " + Describe(Rpc::kName, second_status));
  FUZZ_CHECK(DeterministicBytes(first) == DeterministicBytes(second),
             std::string("same request, different ") + Rpc::kName + " response bytes");

  if (const v1::GameState* next = ReturnedSnapshot(first)) {
    CheckSnapshotAccepted(*next, Rpc::kName);
  }
  return 0;
}

}  // namespace
}  // namespace carcassonne::fuzz

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  carcassonne::fuzz::SilenceProtobufLog();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return carcassonne::fuzz::FuzzOneRequest<carcassonne::fuzz::rpc::CARCASSONNE_FUZZ_RPC>(data,
                                                                                         size);
}

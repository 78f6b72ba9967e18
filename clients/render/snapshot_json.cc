// Reading a snapshot from JSON (see snapshot_json.h).
#include "clients/render/snapshot_json.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"

namespace carcassonne::render {

namespace {

std::string Describe(const google::protobuf::util::Status& status) {
  std::string message = status.ToString();
  return message.empty() ? std::string("invalid") : message;
}

}  // namespace

absl::StatusOr<carcassonne::v1::GameState> ParseSnapshot(std::string_view json) {
  if (json.size() > kMaxSnapshotBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the snapshot has ", json.size(), " bytes; at most ", kMaxSnapshotBytes, " are read"));
  }
  // First as any JSON value, to find out which object holds the snapshot.
  google::protobuf::Value document;
  if (auto status = google::protobuf::util::JsonStringToMessage(json, &document); !status.ok()) {
    return absl::InvalidArgumentError("not JSON: " + Describe(status));
  }
  if (document.kind_case() != google::protobuf::Value::kStructValue) {
    return absl::InvalidArgumentError(
        "not a JSON object: expected a GameState or an object with a \"state\" field");
  }
  const google::protobuf::Value* snapshot = &document;
  std::string where = "the document";
  const auto& fields = document.struct_value().fields();
  if (const auto it = fields.find("state"); it != fields.end()) {
    // GameState has no field named "state": this is a request, a response
    // or a scenario file holding one.
    snapshot = &it->second;
    where = "its \"state\" field";
  }
  std::string snapshot_json;
  if (auto status = google::protobuf::util::MessageToJsonString(*snapshot, &snapshot_json);
      !status.ok()) {
    return absl::InvalidArgumentError("cannot read " + where + ": " + Describe(status));
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  carcassonne::v1::GameState state;
  if (auto status = google::protobuf::util::JsonStringToMessage(snapshot_json, &state, options);
      !status.ok()) {
    std::string hint;
    if (snapshot == &document && fields.contains("newGame")) {
      hint = " (a scenario that starts with newGame holds no snapshot)";
    }
    return absl::InvalidArgumentError(
        absl::StrCat(where, " is not a carcassonne.v1.GameState", hint, ": ", Describe(status)));
  }
  return state;
}

}  // namespace carcassonne::render

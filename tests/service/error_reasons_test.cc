// The error reasons (service/error_reasons.h) against their documentation and
// the rules of AIP-193: the table in docs/errors-reference.md lists exactly
// the declared reasons, with the same status codes and metadata keys; names
// and keys have the allowed shape; every status built carries its ErrorInfo;
// a malformed request's ErrorInfo gives each violation's reason by index and
// the first one's path in both spellings; and the JSON spelling rule the
// document states holds for every field of the API. No server needed.
#include "service/error_reasons.h"

#include <google/protobuf/descriptor.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "carcassonne/v1/referee.pb.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"

namespace carcassonne::service {
namespace {

std::string StatusCodeName(grpc::StatusCode code) {
  static const std::map<grpc::StatusCode, std::string> kNames = {
      {grpc::StatusCode::CANCELLED, "CANCELLED"},
      {grpc::StatusCode::INVALID_ARGUMENT, "INVALID_ARGUMENT"},
      {grpc::StatusCode::DEADLINE_EXCEEDED, "DEADLINE_EXCEEDED"},
      {grpc::StatusCode::NOT_FOUND, "NOT_FOUND"},
      {grpc::StatusCode::PERMISSION_DENIED, "PERMISSION_DENIED"},
      {grpc::StatusCode::UNIMPLEMENTED, "UNIMPLEMENTED"},
      {grpc::StatusCode::RESOURCE_EXHAUSTED, "RESOURCE_EXHAUSTED"},
      {grpc::StatusCode::INTERNAL, "INTERNAL"},
      {grpc::StatusCode::UNAVAILABLE, "UNAVAILABLE"},
  };
  auto found = kNames.find(code);
  return found == kNames.end() ? "code " + std::to_string(code) : found->second;
}

// The backticked words of a table cell, in order.
std::vector<std::string> Backticked(const std::string& cell) {
  std::vector<std::string> words;
  static const std::regex kWord("`([^`]*)`");
  for (auto it = std::sregex_iterator(cell.begin(), cell.end(), kWord);
       it != std::sregex_iterator(); ++it) {
    words.push_back((*it)[1]);
  }
  return words;
}

std::vector<std::string> Split(std::string_view text, std::string_view separator) {
  std::vector<std::string> parts;
  if (text.empty()) return parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    parts.emplace_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + separator.size();
  }
}

struct DocumentedReason {
  std::string code;
  std::vector<std::string> keys;
};

// The rows of the reasons table: "| `REASON` | `CODE` | when | keys |".
std::map<std::string, DocumentedReason> DocumentedReasons() {
  std::ifstream in(std::string(CARCASSONNE_SOURCE_DIR) + "/docs/errors-reference.md");
  EXPECT_TRUE(in.good()) << "docs/errors-reference.md is missing";
  std::map<std::string, DocumentedReason> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("| `")) continue;
    const std::vector<std::string> cells = Split(line, " | ");
    if (cells.size() != 4) {
      ADD_FAILURE() << "a table row with " << cells.size() << " cells: " << line;
      continue;
    }
    const std::vector<std::string> reason = Backticked(cells[0]);
    const std::vector<std::string> code = Backticked(cells[1]);
    if (reason.size() != 1 || code.size() != 1) {
      ADD_FAILURE() << "a row without one reason and one code: " << line;
      continue;
    }
    EXPECT_FALSE(rows.contains(reason[0])) << reason[0] << " documented twice";
    rows[reason[0]] = {code[0], Backticked(cells[3])};
  }
  return rows;
}

TEST(ErrorReasonsTest, TheDocumentedTableIsTheDeclaredOne) {
  const std::map<std::string, DocumentedReason> documented = DocumentedReasons();
  std::set<std::string> declared;
  for (const ErrorReasonInfo& info : AllErrorReasons()) {
    const std::string name(info.name);
    declared.insert(name);
    auto row = documented.find(name);
    if (row == documented.end()) {
      ADD_FAILURE() << name << " is declared but not in docs/errors-reference.md";
      continue;
    }
    EXPECT_EQ(row->second.code, StatusCodeName(info.code)) << name;
    EXPECT_EQ(row->second.keys, Split(info.metadata_keys, ", ")) << name;
  }
  for (const auto& [name, row] : documented) {
    EXPECT_TRUE(declared.contains(name)) << name << " is documented but not declared";
  }
  EXPECT_EQ(documented.size(), AllErrorReasons().size());
}

TEST(ErrorReasonsTest, NamesAndKeysHaveTheShapeAip193Asks) {
  static const std::regex kReason("[A-Z0-9_]{1,63}");
  static const std::regex kKey("[a-zA-Z0-9_-]{1,64}|reason<i>");
  std::set<std::string> names;
  for (const ErrorReasonInfo& info : AllErrorReasons()) {
    const std::string name(info.name);
    EXPECT_TRUE(std::regex_match(name, kReason)) << name;
    EXPECT_TRUE(names.insert(name).second) << name << " declared twice";
    EXPECT_NE(info.code, grpc::StatusCode::OK) << name;
    for (const std::string& key : Split(info.metadata_keys, ", ")) {
      EXPECT_TRUE(std::regex_match(key, kKey)) << name << ": " << key;
    }
  }
}

struct Unpacked {
  bool has_info = false;
  google::rpc::ErrorInfo info;
  bool has_bad_request = false;
  google::rpc::BadRequest bad_request;
  int code = -1;
};

Unpacked Unpack(const grpc::Status& status) {
  Unpacked unpacked;
  google::rpc::Status details;
  EXPECT_TRUE(details.ParseFromString(status.error_details()));
  unpacked.code = details.code();
  for (const google::protobuf::Any& any : details.details()) {
    if (any.UnpackTo(&unpacked.info)) unpacked.has_info = true;
    if (any.UnpackTo(&unpacked.bad_request)) unpacked.has_bad_request = true;
  }
  return unpacked;
}

TEST(ErrorReasonsTest, EveryStatusCarriesItsErrorInfo) {
  for (const ErrorReasonInfo& declared : AllErrorReasons()) {
    const grpc::Status status = ErrorStatus(declared.reason, "a message", {{"someKey", "v"}});
    EXPECT_EQ(status.error_code(), declared.code) << declared.name;
    EXPECT_EQ(status.error_message(), "a message");
    const Unpacked unpacked = Unpack(status);
    EXPECT_EQ(unpacked.code, static_cast<int>(declared.code)) << declared.name;
    ASSERT_TRUE(unpacked.has_info) << declared.name;
    EXPECT_EQ(unpacked.info.reason(), declared.name);
    EXPECT_EQ(unpacked.info.domain(), "carcassonne.referee");
    EXPECT_EQ(unpacked.info.metadata().at("someKey"), "v");
  }
}

TEST(ErrorReasonsTest, AMalformedRequestGivesEachViolationsReasonByIndex) {
  const FieldProblems problems = {
      {"action.pay_ransom.jailer", "no such seat", ErrorReason::kSeatOutOfRange},
      {"state.tiles[3].tile_type", "unknown", ErrorReason::kTileTypeUnknown},
  };
  const grpc::Status status = InvalidArgument(problems);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(status.error_message(), "action.pay_ransom.jailer: no such seat (and 1 more problem)");
  const Unpacked unpacked = Unpack(status);
  ASSERT_TRUE(unpacked.has_info);
  ASSERT_TRUE(unpacked.has_bad_request);
  EXPECT_EQ(unpacked.info.reason(), "SEAT_OUT_OF_RANGE");  // the first violation's
  EXPECT_EQ(unpacked.info.domain(), "carcassonne.referee");
  const auto& metadata = unpacked.info.metadata();
  EXPECT_EQ(metadata.at("field"), "action.pay_ransom.jailer");
  EXPECT_EQ(metadata.at("jsonField"), "action.payRansom.jailer");
  EXPECT_EQ(metadata.at("violations"), "2");
  EXPECT_EQ(metadata.at("reason0"), "SEAT_OUT_OF_RANGE");
  EXPECT_EQ(metadata.at("reason1"), "TILE_TYPE_UNKNOWN");
  EXPECT_EQ(metadata.size(), 5u);
  ASSERT_EQ(unpacked.bad_request.field_violations_size(), 2);
  EXPECT_EQ(unpacked.bad_request.field_violations(1).field(), "state.tiles[3].tile_type");
}

// The same problems give the same bytes (the API's determinism): the
// metadata map is written sorted, not in hash order; and the BadRequest comes
// first, where clients written before the ErrorInfo look for it.
TEST(ErrorReasonsTest, TheDetailsAreTheSameBytesEveryTimeWithTheBadRequestFirst) {
  FieldProblems problems;
  for (int i = 0; i < 12; ++i) {
    problems.push_back(
        {"actions[" + std::to_string(i) + "].actor", "no such seat", ErrorReason::kSeatOutOfRange});
  }
  const std::string first = InvalidArgument(problems).error_details();
  for (int i = 0; i < 20; ++i) EXPECT_EQ(InvalidArgument(problems).error_details(), first);
  google::rpc::Status details;
  ASSERT_TRUE(details.ParseFromString(first));
  ASSERT_EQ(details.details_size(), 2);
  EXPECT_TRUE(details.details(0).Is<google::rpc::BadRequest>());
  EXPECT_TRUE(details.details(1).Is<google::rpc::ErrorInfo>());
}

TEST(ErrorReasonsTest, AtMostSixteenViolationsAreSentAndAllAreCounted) {
  FieldProblems problems;
  for (int i = 0; i < 20; ++i) {
    problems.push_back({"actions[" + std::to_string(i) + "]", "bad", ErrorReason::kFieldRequired});
  }
  const Unpacked unpacked = Unpack(InvalidArgument(problems));
  EXPECT_EQ(unpacked.bad_request.field_violations_size(), kMaxFieldViolations);
  const auto& metadata = unpacked.info.metadata();
  EXPECT_EQ(metadata.at("violations"), "20");
  EXPECT_TRUE(metadata.contains("reason15"));
  EXPECT_FALSE(metadata.contains("reason16"));
}

TEST(ErrorReasonsTest, JsonFieldPathWritesEachNameInLowerCamelCase) {
  EXPECT_EQ(JsonFieldPath("state.bazaar_due"), "state.bazaarDue");
  EXPECT_EQ(JsonFieldPath("actions[12].place_tile.bridge.x"), "actions[12].placeTile.bridge.x");
  EXPECT_EQ(JsonFieldPath("state.count.final_passed[0]"), "state.count.finalPassed[0]");
  EXPECT_EQ(JsonFieldPath("state.tiles[2].rotation"), "state.tiles[2].rotation");
  EXPECT_EQ(JsonFieldPath(""), "");
}

// The rule the document states: a field's JSON name is its name in
// lowerCamelCase; no field of the API has a json_name of its own. Checked on
// every field of every message of the API's files.
TEST(ErrorReasonsTest, EveryFieldsJsonNameFollowsTheRule) {
  // The API's files: referee.proto and every file of the package it imports.
  std::vector<const google::protobuf::FileDescriptor*> files = {
      v1::NewGameRequest::descriptor()->file()};
  for (size_t f = 0; f < files.size(); ++f) {
    for (int d = 0; d < files[f]->dependency_count(); ++d) {
      const google::protobuf::FileDescriptor* dependency = files[f]->dependency(d);
      if (dependency->package() == "carcassonne.v1" &&
          std::find(files.begin(), files.end(), dependency) == files.end()) {
        files.push_back(dependency);
      }
    }
  }
  EXPECT_EQ(files.size(), 9u);  // referee.proto and the 8 files it imports
  int checked = 0;
  std::vector<const google::protobuf::Descriptor*> messages;
  for (const google::protobuf::FileDescriptor* file : files) {
    for (int i = 0; i < file->message_type_count(); ++i) messages.push_back(file->message_type(i));
  }
  while (!messages.empty()) {
    const google::protobuf::Descriptor* message = messages.back();
    messages.pop_back();
    for (int i = 0; i < message->nested_type_count(); ++i)
      messages.push_back(message->nested_type(i));
    for (int i = 0; i < message->field_count(); ++i) {
      const google::protobuf::FieldDescriptor* field = message->field(i);
      EXPECT_EQ(field->json_name(), JsonFieldPath(field->name())) << field->full_name();
      ++checked;
    }
  }
  EXPECT_GT(checked, 300);
}

}  // namespace
}  // namespace carcassonne::service

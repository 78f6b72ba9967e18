// Proto3 JSON to a protobuf message, fast: the HTTP port's request bodies
// (Connect with JSON, issue 28). protobuf's JsonStringToMessage goes through a
// generic stream converter (a type resolver, an object writer, the wire format
// and a re-parse), which cost most of the server's CPU per JSON call; this
// parser reads the JSON once, straight into the message by reflection, with
// per-message lookup tables built once.
//
// It is exact by construction: the fast path accepts only a subset of what
// JsonStringToMessage accepts (strict RFC 8259 JSON; fields of the 32- and
// 64-bit integer types, as canonical integers or strings of them, bool,
// string, enum by name or known number, and messages of non-google.protobuf
// types), and fills the message exactly as protobuf would. Whatever it does
// not accept (anything else, malformed or merely unusual input: duplicate
// keys, two members of a oneof, null in a oneof or an array, float, double
// and bytes fields, well-known types, maps, exponents, ...) goes to
// JsonStringToMessage on the same input, whose answer (and error text) is
// returned. No HTTP types here.
#pragma once

#include <google/protobuf/message.h>
#include <google/protobuf/util/json_util.h>

#include <string_view>

namespace carcassonne::service {

// What JsonStringToMessage(json, message, options) does: the same status and
// the same message. The fast path runs when `options` are protobuf's defaults
// (in particular ignore_unknown_fields = false).
google::protobuf::util::Status ParseJsonMessage(
    std::string_view json, google::protobuf::Message* message,
    const google::protobuf::util::JsonParseOptions& options = {});

// The fast path alone (for tests): true when it parsed `json` into `message`
// (cleared first; then exactly JsonStringToMessage's result with default
// options); false when it left the input to protobuf (the message is then
// cleared, whatever it held).
bool FastParseJsonMessage(std::string_view json, google::protobuf::Message* message);

}  // namespace carcassonne::service

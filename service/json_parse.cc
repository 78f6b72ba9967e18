// The fast proto3 JSON reader (json_parse.h): a strict recursive-descent JSON
// parser that writes each value into the message by reflection, with one
// lookup table per message type (its fields by JSON name and by proto name)
// and per enum type (its values by name), built once for a request type and
// every type under it. Any input outside the subset it is sure of makes it
// give up, and protobuf's JsonStringToMessage answers instead.
#include "service/json_parse.h"

#include <google/protobuf/descriptor.h>

#include <bitset>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"

namespace carcassonne::service {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::EnumDescriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// The nesting the fast path follows (protobuf's own limit is deeper; a
// deeper input is left to protobuf).
constexpr int kMaxDepth = 64;

// The most fields (and oneofs) of a message type the fast path reads.
constexpr size_t kMaxFields = 256;

// How the fast path reads a field's JSON value; kOther: it does not.
enum class Kind { kInt32, kInt64, kUint32, kUint64, kBool, kString, kEnum, kMessage, kOther };

struct EnumTable {
  absl::flat_hash_map<std::string, int> by_name;
};

struct MessageTable;

struct FieldEntry {
  const FieldDescriptor* field = nullptr;
  Kind kind = Kind::kOther;
  const MessageTable* message = nullptr;   // kMessage
  const EnumTable* enumeration = nullptr;  // kEnum
};

struct MessageTable {
  const Descriptor* descriptor = nullptr;
  std::vector<FieldEntry> fields;  // by FieldDescriptor::index()
  // JSON name and proto name -> index in `fields`. protobuf looks a key up
  // as a JSON name first, then as a proto name: JSON names are inserted last.
  absl::flat_hash_map<std::string, int> by_name;
};

bool IsWellKnown(const std::string& full_name) {
  return full_name.rfind("google.protobuf.", 0) == 0;
}

// The tables of every message and enum type, built once per request type
// (with every type it reaches) under the mutex; never changed afterwards, so
// a table found is read without the lock.
class Registry {
 public:
  const MessageTable* For(const Descriptor* descriptor) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = messages_.find(descriptor);
    if (it != messages_.end()) return it->second.get();
    std::vector<MessageTable*> added;
    MessageTable* root = Add(descriptor, added);
    // Link the fields to their types' tables once all exist.
    for (MessageTable* table : added) {
      for (FieldEntry& entry : table->fields) {
        if (entry.kind == Kind::kMessage) {
          entry.message = messages_.at(entry.field->message_type()).get();
        }
      }
    }
    return root;
  }

 private:
  MessageTable* Add(const Descriptor* root, std::vector<MessageTable*>& added) {
    std::vector<const Descriptor*> pending = {root};
    while (!pending.empty()) {
      const Descriptor* descriptor = pending.back();
      pending.pop_back();
      if (messages_.contains(descriptor)) continue;
      auto table = std::make_unique<MessageTable>();
      table->descriptor = descriptor;
      table->fields.resize(static_cast<size_t>(descriptor->field_count()));
      for (int i = 0; i < descriptor->field_count(); ++i) {
        const FieldDescriptor* field = descriptor->field(i);
        FieldEntry& entry = table->fields[static_cast<size_t>(i)];
        entry.field = field;
        entry.kind = KindOf(field);
        if (entry.kind == Kind::kMessage) pending.push_back(field->message_type());
        if (entry.kind == Kind::kEnum) entry.enumeration = EnumFor(field->enum_type());
        table->by_name[field->name()] = i;
      }
      for (int i = 0; i < descriptor->field_count(); ++i) {
        table->by_name[descriptor->field(i)->json_name()] = i;
      }
      added.push_back(table.get());
      messages_.emplace(descriptor, std::move(table));
    }
    return messages_.at(root).get();
  }

  static Kind KindOf(const FieldDescriptor* field) {
    if (field->is_map()) return Kind::kOther;
    switch (field->type()) {
      case FieldDescriptor::TYPE_INT32:
      case FieldDescriptor::TYPE_SINT32:
      case FieldDescriptor::TYPE_SFIXED32:
        return Kind::kInt32;
      case FieldDescriptor::TYPE_INT64:
      case FieldDescriptor::TYPE_SINT64:
      case FieldDescriptor::TYPE_SFIXED64:
        return Kind::kInt64;
      case FieldDescriptor::TYPE_UINT32:
      case FieldDescriptor::TYPE_FIXED32:
        return Kind::kUint32;
      case FieldDescriptor::TYPE_UINT64:
      case FieldDescriptor::TYPE_FIXED64:
        return Kind::kUint64;
      case FieldDescriptor::TYPE_BOOL:
        return Kind::kBool;
      case FieldDescriptor::TYPE_STRING:
        return Kind::kString;
      case FieldDescriptor::TYPE_ENUM:
        return IsWellKnown(field->enum_type()->full_name()) ? Kind::kOther : Kind::kEnum;
      case FieldDescriptor::TYPE_MESSAGE:
        return IsWellKnown(field->message_type()->full_name()) ? Kind::kOther : Kind::kMessage;
      default:
        return Kind::kOther;
    }
  }

  const EnumTable* EnumFor(const EnumDescriptor* descriptor) {
    auto it = enums_.find(descriptor);
    if (it != enums_.end()) return it->second.get();
    auto table = std::make_unique<EnumTable>();
    for (int i = 0; i < descriptor->value_count(); ++i) {
      table->by_name.emplace(descriptor->value(i)->name(), descriptor->value(i)->number());
    }
    const EnumTable* result = table.get();
    enums_.emplace(descriptor, std::move(table));
    return result;
  }

  std::mutex mutex_;
  absl::flat_hash_map<const Descriptor*, std::unique_ptr<MessageTable>> messages_;
  absl::flat_hash_map<const EnumDescriptor*, std::unique_ptr<EnumTable>> enums_;
};

Registry& TheRegistry() {
  static Registry* registry = new Registry();
  return *registry;
}

// Appends code point `c` (not a surrogate, at most U+10FFFF) in UTF-8.
void AppendUtf8(uint32_t c, std::string& out) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

// The length of the well-formed UTF-8 sequence (RFC 3629: no overlong form,
// no surrogate, at most U+10FFFF) at `p` (before `end`), starting with a byte
// >= 0x80; 0 when it is not one.
size_t Utf8SequenceLength(const unsigned char* p, const unsigned char* end) {
  const auto left = static_cast<size_t>(end - p);
  auto continuation = [&](size_t i) { return i < left && (p[i] & 0xC0) == 0x80; };
  const unsigned char b = p[0];
  if (b >= 0xC2 && b <= 0xDF) return continuation(1) ? 2 : 0;
  if (b >= 0xE0 && b <= 0xEF) {
    if (!continuation(1) || !continuation(2)) return 0;
    if (b == 0xE0 && p[1] < 0xA0) return 0;   // overlong
    if (b == 0xED && p[1] >= 0xA0) return 0;  // surrogate
    return 3;
  }
  if (b >= 0xF0 && b <= 0xF4) {
    if (!continuation(1) || !continuation(2) || !continuation(3)) return 0;
    if (b == 0xF0 && p[1] < 0x90) return 0;   // overlong
    if (b == 0xF4 && p[1] >= 0x90) return 0;  // above U+10FFFF
    return 4;
  }
  return 0;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// An integer in canonical JSON form, -?(0|[1-9][0-9]*) ("-0" excluded),
// within [min, max]: its value.
bool CanonicalInteger(absl::string_view text, int64_t min, uint64_t max, bool* negative,
                      uint64_t* magnitude) {
  size_t i = 0;
  *negative = !text.empty() && text[0] == '-';
  if (*negative) ++i;
  if (i == text.size() || text.size() - i > 20) return false;
  if (text[i] == '0' && text.size() - i > 1) return false;
  uint64_t value = 0;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    const auto digit = static_cast<uint64_t>(text[i] - '0');
    if (value > (std::numeric_limits<uint64_t>::max() - digit) / 10) return false;
    value = value * 10 + digit;
  }
  if (*negative) {
    // -min as unsigned, without overflowing for INT64_MIN.
    const uint64_t limit = min >= 0 ? 0 : static_cast<uint64_t>(-(min + 1)) + 1;
    if (value == 0 || value > limit) return false;
  } else if (value > max) {
    return false;
  }
  *magnitude = value;
  return true;
}

// The value of an integer within [min, max] (see CanonicalInteger).
template <typename Int>
bool CanonicalInt(absl::string_view text, Int* value) {
  bool negative = false;
  uint64_t magnitude = 0;
  if (!CanonicalInteger(text, static_cast<int64_t>(std::numeric_limits<Int>::min()),
                        static_cast<uint64_t>(std::numeric_limits<Int>::max()), &negative,
                        &magnitude)) {
    return false;
  }
  // Negative only for signed types, where 0 - magnitude fits.
  *value = negative ? static_cast<Int>(0 - magnitude) : static_cast<Int>(magnitude);
  return true;
}

// One pass over the input; every method returns false to give up (the
// message is then in an unspecified state and the caller clears it).
class Reader {
 public:
  explicit Reader(std::string_view json) : p_(json.data()), end_(json.data() + json.size()) {}

  bool Document(const MessageTable& table, Message* message) {
    SkipWhitespace();
    if (!Object(table, message, 0)) return false;
    SkipWhitespace();
    return p_ == end_;
  }

 private:
  void SkipWhitespace() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool Consume(char c) {
    SkipWhitespace();
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }

  bool Peek(char c) {
    SkipWhitespace();
    return p_ != end_ && *p_ == c;
  }

  bool Literal(std::string_view word) {
    if (static_cast<size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) {
      return false;
    }
    p_ += word.size();
    return true;
  }

  // A JSON string (the opening quote next): its text, decoded. The text is a
  // view of the input when it has no escape, else of `scratch`.
  bool String(std::string& scratch, absl::string_view* text) {
    if (!Consume('"')) return false;
    const char* start = p_;
    while (p_ != end_) {
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        *text = absl::string_view(start, static_cast<size_t>(p_ - start));
        ++p_;
        return true;
      }
      if (c == '\\' || c < 0x20 || c >= 0x80) break;
      ++p_;
    }
    scratch.assign(start, static_cast<size_t>(p_ - start));
    while (p_ != end_) {
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        ++p_;
        *text = absl::string_view(scratch);
        return true;
      }
      if (c < 0x20) return false;
      if (c >= 0x80) {
        const size_t length = Utf8SequenceLength(reinterpret_cast<const unsigned char*>(p_),
                                                 reinterpret_cast<const unsigned char*>(end_));
        if (length == 0) return false;
        scratch.append(p_, length);
        p_ += length;
        continue;
      }
      if (c != '\\') {
        scratch.push_back(static_cast<char>(c));
        ++p_;
        continue;
      }
      if (!Escape(scratch)) return false;
    }
    return false;
  }

  // An escape (at the backslash), appended decoded.
  bool Escape(std::string& out) {
    ++p_;
    if (p_ == end_) return false;
    const char c = *p_++;
    switch (c) {
      case '"':
      case '\\':
      case '/':
        out.push_back(c);
        return true;
      case 'b':
        out.push_back('\b');
        return true;
      case 'f':
        out.push_back('\f');
        return true;
      case 'n':
        out.push_back('\n');
        return true;
      case 'r':
        out.push_back('\r');
        return true;
      case 't':
        out.push_back('\t');
        return true;
      case 'u':
        break;
      default:
        return false;
    }
    uint32_t unit = 0;
    if (!Hex4(&unit)) return false;
    if (unit >= 0xDC00 && unit <= 0xDFFF) return false;  // a lone low surrogate
    if (unit >= 0xD800 && unit <= 0xDBFF) {
      uint32_t low = 0;
      if (!Literal("\\u") || !Hex4(&low) || low < 0xDC00 || low > 0xDFFF) return false;
      unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
    }
    AppendUtf8(unit, out);
    return true;
  }

  bool Hex4(uint32_t* unit) {
    if (end_ - p_ < 4) return false;
    uint32_t value = 0;
    for (int i = 0; i < 4; ++i) {
      const int digit = HexDigit(p_[i]);
      if (digit < 0) return false;
      value = value * 16 + static_cast<uint32_t>(digit);
    }
    p_ += 4;
    *unit = value;
    return true;
  }

  // A JSON number that is an integer in canonical form within Int's range
  // (an exponent or a fraction gives up).
  template <typename Int>
  bool IntegerNumber(Int* value) {
    SkipWhitespace();
    const char* start = p_;
    if (p_ != end_ && *p_ == '-') ++p_;
    while (p_ != end_ && *p_ >= '0' && *p_ <= '9') ++p_;
    if (p_ != end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) return false;
    return CanonicalInt(absl::string_view(start, static_cast<size_t>(p_ - start)), value);
  }

  // An integer field's value: a JSON number, or a string holding one.
  template <typename Int>
  bool Integer(Int* value) {
    if (Peek('"')) {
      absl::string_view text;
      return String(scratch_, &text) && CanonicalInt(text, value);
    }
    return IntegerNumber(value);
  }

  bool Bool(bool* value) {
    SkipWhitespace();
    if (Literal("true")) {
      *value = true;
      return true;
    }
    if (Literal("false")) {
      *value = false;
      return true;
    }
    return false;
  }

  // An enum field's value: a value's name, or a JSON number that is the
  // number of one of its values.
  bool Enum(const FieldEntry& entry, int* number) {
    if (Peek('"')) {
      absl::string_view name;
      if (!String(scratch_, &name)) return false;
      const auto it = entry.enumeration->by_name.find(name);
      if (it == entry.enumeration->by_name.end()) return false;
      *number = it->second;
      return true;
    }
    int32_t value = 0;
    if (!IntegerNumber(&value)) return false;
    if (entry.field->enum_type()->FindValueByNumber(value) == nullptr) return false;
    *number = value;
    return true;
  }

  // One value of `entry` (one element of it when repeated) into `message`.
  bool Value(const FieldEntry& entry, Message* message, const Reflection* reflection, int depth) {
    const FieldDescriptor* field = entry.field;
    const bool repeated = field->is_repeated();
    switch (entry.kind) {
      case Kind::kInt32: {
        int32_t value = 0;
        if (!Integer(&value)) return false;
        repeated ? reflection->AddInt32(message, field, value)
                 : reflection->SetInt32(message, field, value);
        return true;
      }
      case Kind::kInt64: {
        int64_t value = 0;
        if (!Integer(&value)) return false;
        repeated ? reflection->AddInt64(message, field, value)
                 : reflection->SetInt64(message, field, value);
        return true;
      }
      case Kind::kUint32: {
        uint32_t value = 0;
        if (!Integer(&value)) return false;
        repeated ? reflection->AddUInt32(message, field, value)
                 : reflection->SetUInt32(message, field, value);
        return true;
      }
      case Kind::kUint64: {
        uint64_t value = 0;
        if (!Integer(&value)) return false;
        repeated ? reflection->AddUInt64(message, field, value)
                 : reflection->SetUInt64(message, field, value);
        return true;
      }
      case Kind::kBool: {
        bool value = false;
        if (!Bool(&value)) return false;
        repeated ? reflection->AddBool(message, field, value)
                 : reflection->SetBool(message, field, value);
        return true;
      }
      case Kind::kString: {
        absl::string_view text;
        if (!Peek('"') || !String(scratch_, &text)) return false;
        std::string value(text.data(), text.size());
        repeated ? reflection->AddString(message, field, std::move(value))
                 : reflection->SetString(message, field, std::move(value));
        return true;
      }
      case Kind::kEnum: {
        int number = 0;
        if (!Enum(entry, &number)) return false;
        repeated ? reflection->AddEnumValue(message, field, number)
                 : reflection->SetEnumValue(message, field, number);
        return true;
      }
      case Kind::kMessage: {
        Message* child = repeated ? reflection->AddMessage(message, field)
                                  : reflection->MutableMessage(message, field);
        return Object(*entry.message, child, depth + 1);
      }
      case Kind::kOther:
        return false;
    }
    return false;
  }

  // A JSON object (next) into `message`, of type `table`.
  bool Object(const MessageTable& table, Message* message, int depth) {
    if (depth > kMaxDepth || !Consume('{')) return false;
    const Reflection* reflection = message->GetReflection();
    // The fields seen (a duplicate key gives up), and the oneofs set; a type
    // with more fields than kMaxFields is left to protobuf.
    if (table.fields.size() > kMaxFields ||
        static_cast<size_t>(table.descriptor->oneof_decl_count()) > kMaxFields) {
      return false;
    }
    std::bitset<kMaxFields> seen;
    std::bitset<kMaxFields> oneof_set;
    if (Consume('}')) return true;
    while (true) {
      absl::string_view key;
      if (!Peek('"') || !String(key_scratch_, &key)) return false;
      const auto it = table.by_name.find(key);
      if (it == table.by_name.end()) return false;
      const FieldEntry& entry = table.fields[static_cast<size_t>(it->second)];
      if (seen[static_cast<size_t>(it->second)]) return false;
      seen[static_cast<size_t>(it->second)] = true;
      if (entry.kind == Kind::kOther || !Consume(':')) return false;
      SkipWhitespace();
      if (Literal("null")) {
        // null: the field is absent; left to protobuf in a oneof (proto3
        // optional fields included).
        if (entry.field->containing_oneof() != nullptr) return false;
      } else {
        if (const auto* oneof = entry.field->real_containing_oneof()) {
          if (oneof_set[static_cast<size_t>(oneof->index())]) return false;
          oneof_set[static_cast<size_t>(oneof->index())] = true;
        }
        if (entry.field->is_repeated()) {
          if (!Array(entry, message, reflection, depth)) return false;
        } else if (!Value(entry, message, reflection, depth)) {
          return false;
        }
      }
      if (Consume('}')) return true;
      if (!Consume(',')) return false;
    }
  }

  // A JSON array (next) of `entry`'s values (no null among them).
  bool Array(const FieldEntry& entry, Message* message, const Reflection* reflection, int depth) {
    if (!Consume('[')) return false;
    if (Consume(']')) return true;
    while (true) {
      if (!Value(entry, message, reflection, depth)) return false;
      if (Consume(']')) return true;
      if (!Consume(',')) return false;
    }
  }

  const char* p_;
  const char* end_;
  std::string scratch_;      // a value's decoded text
  std::string key_scratch_;  // a key's decoded text
};

}  // namespace

bool FastParseJsonMessage(std::string_view json, Message* message) {
  message->Clear();
  const MessageTable* table = TheRegistry().For(message->GetDescriptor());
  if (IsWellKnown(table->descriptor->full_name())) return false;
  Reader reader(json);
  if (reader.Document(*table, message)) return true;
  message->Clear();
  return false;
}

google::protobuf::util::Status ParseJsonMessage(
    std::string_view json, Message* message,
    const google::protobuf::util::JsonParseOptions& options) {
  const bool defaults = !options.ignore_unknown_fields && !options.case_insensitive_enum_parsing;
  if (defaults && FastParseJsonMessage(json, message)) {
    return google::protobuf::util::Status();
  }
  return google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(json.data(), json.size()), message, options);
}

}  // namespace carcassonne::service

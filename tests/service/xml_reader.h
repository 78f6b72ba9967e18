// A strict reader of the XML the board renderer writes, for the tests: it
// checks that a document is well-formed (one root element, every tag closed
// in order, names and quoted attributes, no attribute twice, text and
// attribute values with only the five predefined entities and character
// references) and lists its elements in document order with their
// attributes, so that a test can look for the elements it expects. Not a
// general XML parser: no DOCTYPE, no CDATA, no processing instruction other
// than the XML declaration.
#pragma once

#include <cctype>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace carcassonne::test_xml {

struct Element {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;  // values unescaped
  std::string text;  // the text directly inside it (unescaped), children's left out
  int depth = 0;     // the root is 0
  int parent = -1;   // index into the document's elements; -1 for the root

  // The attribute's value, or nullopt.
  std::optional<std::string> Attribute(std::string_view attribute) const {
    for (const auto& [key, value] : attributes) {
      if (key == attribute) return value;
    }
    return std::nullopt;
  }
};

struct Document {
  std::vector<Element> elements;  // document order
  std::string error;              // empty when well-formed
};

namespace internal {

inline bool NameStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' || c == ':';
}
inline bool NameChar(char c) {
  return NameStart(c) || std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '.';
}

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  Document Read() {
    SkipDeclaration();
    SkipMisc();
    if (!AtElement()) return Fail("no root element");
    if (!ReadElement(-1, 0)) return std::move(document_);
    SkipMisc();
    if (pos_ != text_.size()) return Fail("content after the root element");
    return std::move(document_);
  }

 private:
  Document Fail(std::string message) {
    if (document_.error.empty()) {
      document_.error = message + " at byte " + std::to_string(pos_);
    }
    return std::move(document_);
  }
  bool Failed(std::string message) {
    Fail(std::move(message));
    return false;
  }

  bool StartsWith(std::string_view prefix) const { return text_.substr(pos_).starts_with(prefix); }
  bool AtElement() const {
    return pos_ + 1 < text_.size() && text_[pos_] == '<' && NameStart(text_[pos_ + 1]);
  }
  void SkipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])) != 0) {
      ++pos_;
    }
  }
  void SkipDeclaration() {
    if (!StartsWith("<?xml ")) return;
    const size_t end = text_.find("?>", pos_);
    pos_ = end == std::string_view::npos ? text_.size() : end + 2;
  }
  // Whitespace and comments outside the root.
  void SkipMisc() {
    while (true) {
      SkipSpace();
      if (!StartsWith("<!--")) return;
      const size_t end = text_.find("-->", pos_);
      pos_ = end == std::string_view::npos ? text_.size() : end + 3;
    }
  }

  std::optional<std::string> ReadName() {
    if (pos_ >= text_.size() || !NameStart(text_[pos_])) return std::nullopt;
    const size_t start = pos_;
    while (pos_ < text_.size() && NameChar(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }

  // Character data up to `stop` (not included), entities resolved; false on
  // a bare '&' or '<' (or, in an attribute, the other quote is fine).
  bool ReadCharacters(std::string_view stops, std::string& out) {
    while (pos_ < text_.size() && stops.find(text_[pos_]) == std::string_view::npos) {
      const char c = text_[pos_];
      if (c == '<') return Failed("'<' in character data");
      if (c != '&') {
        out += c;
        ++pos_;
        continue;
      }
      const size_t end = text_.find(';', pos_);
      if (end == std::string_view::npos || end - pos_ > 10) return Failed("a bare '&'");
      const std::string_view entity = text_.substr(pos_ + 1, end - pos_ - 1);
      if (entity == "amp") {
        out += '&';
      } else if (entity == "lt") {
        out += '<';
      } else if (entity == "gt") {
        out += '>';
      } else if (entity == "quot") {
        out += '"';
      } else if (entity == "apos") {
        out += '\'';
      } else if (entity.size() > 1 && entity[0] == '#') {
        out += '?';  // a character reference: its value does not matter here
      } else {
        return Failed("unknown entity &" + std::string(entity) + ";");
      }
      pos_ = end + 1;
    }
    return true;
  }

  bool ReadElement(int parent, int depth) {
    ++pos_;  // '<'
    Element element;
    element.parent = parent;
    element.depth = depth;
    std::optional<std::string> name = ReadName();
    if (!name) return Failed("an element without a name");
    element.name = *name;
    while (true) {
      const size_t before = pos_;
      SkipSpace();
      if (StartsWith("/>") || StartsWith(">")) break;
      if (pos_ == before) return Failed("no space before an attribute of <" + element.name + ">");
      std::optional<std::string> key = ReadName();
      if (!key) return Failed("a malformed attribute in <" + element.name + ">");
      if (element.Attribute(*key)) return Failed("attribute " + *key + " twice");
      SkipSpace();
      if (!StartsWith("=")) return Failed("attribute " + *key + " without '='");
      ++pos_;
      SkipSpace();
      if (pos_ >= text_.size() || (text_[pos_] != '"' && text_[pos_] != '\'')) {
        return Failed("attribute " + *key + " not quoted");
      }
      const char quote = text_[pos_++];
      std::string value;
      if (!ReadCharacters(std::string_view(&quote, 1), value)) return false;
      if (pos_ >= text_.size()) return Failed("an unterminated attribute value");
      ++pos_;
      element.attributes.emplace_back(std::move(*key), std::move(value));
    }
    const int index = static_cast<int>(document_.elements.size());
    document_.elements.push_back(std::move(element));
    if (StartsWith("/>")) {
      pos_ += 2;
      return true;
    }
    ++pos_;  // '>'
    while (true) {
      std::string text;
      if (!ReadCharacters("<", text)) return false;
      document_.elements[index].text += text;
      if (pos_ >= text_.size()) {
        return Failed("<" + document_.elements[index].name + "> is not closed");
      }
      if (StartsWith("</")) {
        pos_ += 2;
        std::optional<std::string> closing = ReadName();
        if (!closing || *closing != document_.elements[index].name) {
          return Failed("</" + closing.value_or("") + "> closes <" +
                        document_.elements[index].name + ">");
        }
        SkipSpace();
        if (!StartsWith(">")) return Failed("a malformed closing tag");
        ++pos_;
        return true;
      }
      if (StartsWith("<!--")) {
        const size_t end = text_.find("-->", pos_);
        if (end == std::string_view::npos) return Failed("an unterminated comment");
        pos_ = end + 3;
        continue;
      }
      if (!AtElement()) return Failed("a malformed tag");
      if (!ReadElement(index, depth + 1)) return false;
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
  Document document_;
};

}  // namespace internal

// The document's elements, or an error saying where it is not well-formed.
inline Document Read(std::string_view text) { return internal::Reader(text).Read(); }

}  // namespace carcassonne::test_xml

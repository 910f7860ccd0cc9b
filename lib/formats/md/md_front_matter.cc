// libyaml's event parser turned into a located tree, and YAML scalar/flow writing.
#include "formats/md/md_front_matter.h"

#include <yaml.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>

namespace qbank::formats {
namespace {

constexpr size_t kMaxDepth = 64;

class YamlParser {
 public:
  YamlParser() { yaml_parser_initialize(&parser_); }
  ~YamlParser() { yaml_parser_delete(&parser_); }
  YamlParser(const YamlParser&) = delete;
  YamlParser& operator=(const YamlParser&) = delete;
  yaml_parser_t* get() { return &parser_; }

 private:
  yaml_parser_t parser_;
};

class Event {
 public:
  Event() = default;
  ~Event() {
    if (filled_) yaml_event_delete(&event_);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  bool Parse(yaml_parser_t* parser) {
    filled_ = yaml_parser_parse(parser, &event_) != 0;
    return filled_;
  }
  const yaml_event_t& get() const { return event_; }

 private:
  yaml_event_t event_{};
  bool filled_ = false;
};

bool IsIntegerText(std::string_view s) {
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (i == s.size()) return false;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
  }
  return true;
}

bool IsFloatText(std::string_view s) {
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  bool digits = false;
  bool dot = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      digits = true;
    } else if (c == '.' && !dot) {
      dot = true;
    } else if ((c == 'e' || c == 'E') && digits) {
      ++i;
      if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
      if (i == s.size()) return false;
      for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
      }
      return true;
    } else {
      return false;
    }
  }
  return digits;
}

bool IsNullWord(std::string_view s) {
  return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}
bool IsTrueWord(std::string_view s) { return s == "true" || s == "True" || s == "TRUE"; }
bool IsFalseWord(std::string_view s) { return s == "false" || s == "False" || s == "FALSE"; }

void AppendQuoted(std::string& out, std::string_view text) {
  out += '"';
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    // YAML reads U+0085, U+2028 and U+2029 as line breaks and U+FEFF as a byte-order mark.
    std::string_view rest = text.substr(i);
    if (rest.substr(0, 2) == "\xC2\x85" || rest.substr(0, 3) == "\xE2\x80\xA8" ||
        rest.substr(0, 3) == "\xE2\x80\xA9" || rest.substr(0, 3) == "\xEF\xBB\xBF") {
      out += rest[0] == '\xC2'   ? "\\u0085"
             : rest[0] == '\xEF' ? "\\uFEFF"
             : rest[2] == '\xA8' ? "\\u2028"
                                 : "\\u2029";
      i += rest[0] == '\xC2' ? 1 : 2;
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04X", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void AppendFlow(std::string& out, const model::Value& value) {
  if (value.is_null()) {
    out += "null";
  } else if (value.is_bool()) {
    out += value.as_bool() ? "true" : "false";
  } else if (value.is_int()) {
    out += std::to_string(value.as_int());
  } else if (value.is_double()) {
    double d = value.as_double();
    if (!std::isfinite(d)) {
      out += "null";
      return;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    std::string s = buf;
    // The shortest text that reads back as the same double.
    for (int precision = 1; precision <= 17; ++precision) {
      std::snprintf(buf, sizeof buf, "%.*g", precision, d);
      if (std::strtod(buf, nullptr) == d && std::string_view(buf).find('e') == std::string::npos) {
        s = buf;
        break;
      }
    }
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    out += s;
  } else if (value.is_string()) {
    AppendQuoted(out, value.as_string());
  } else if (value.is_array()) {
    out += '[';
    bool first = true;
    for (const model::Value& item : value.as_array()) {
      if (!first) out += ", ";
      first = false;
      AppendFlow(out, item);
    }
    out += ']';
  } else {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.as_object()) {
      if (!first) out += ", ";
      first = false;
      AppendQuoted(out, key);
      out += ": ";
      AppendFlow(out, item);
    }
    out += '}';
  }
}

}  // namespace

const YamlNode* YamlNode::Find(std::string_view key) const {
  for (const auto& [k, v] : members) {
    if (k.scalar == key) return &v;
  }
  return nullptr;
}

namespace {

// Builds the YamlNode tree from libyaml's events, one event at a time.
class YamlTreeBuilder {
 public:
  YamlTreeBuilder(const SourceText& source, uint32_t first_line)
      : source_(source), first_line_(first_line) {}

  // An error at `mark` (a place in the front matter, counted from its first line).
  Status Error(const yaml_mark_t& mark, const std::string& message) const {
    return Status::InvalidInput(message).At(
        source_.path(), SourceSpan::Point(first_line_ + static_cast<uint32_t>(mark.line),
                                          static_cast<uint32_t>(mark.column) + 1));
  }

  // Takes in one event; sets `*done` at the end of the stream.
  Status Take(const yaml_event_t& e, bool* done) {
    switch (e.type) {
      case YAML_STREAM_START_EVENT:
      case YAML_DOCUMENT_END_EVENT:
      case YAML_NO_EVENT:
        return Status::Ok();
      case YAML_DOCUMENT_START_EVENT:
        if (++documents_ > 1) {
          return Error(e.start_mark, "expected one YAML document in the front matter");
        }
        return Status::Ok();
      case YAML_STREAM_END_EVENT:
        *done = true;
        return Status::Ok();
      case YAML_ALIAS_EVENT:
        return Error(e.start_mark, "expected no YAML aliases (*name) in the front matter");
      case YAML_SCALAR_EVENT:
        return TakeScalar(e);
      case YAML_SEQUENCE_START_EVENT:
      case YAML_MAPPING_START_EVENT:
        return Open(e);
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT: {
        YamlNode node = std::move(stack_.back().node);
        stack_.pop_back();
        return Add(std::move(node), e.start_mark);
      }
    }
    return Status::Ok();
  }

  // The tree, once the stream has ended (an empty mapping for empty front matter).
  YamlNode TakeRoot() {
    if (root_) return std::move(*root_);
    YamlNode empty;
    empty.kind = YamlNode::Kind::kMapping;
    empty.line = first_line_;
    empty.column = 1;
    return empty;
  }

 private:
  struct Frame {
    YamlNode node;
    bool has_key = false;
    YamlNode key;
  };

  Status TakeScalar(const yaml_event_t& e) {
    if (e.data.scalar.anchor != nullptr) {
      return Error(e.start_mark, "expected no YAML anchors (&name) in the front matter");
    }
    YamlNode node;
    node.scalar.assign(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
    node.plain = e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
    node.single_line = e.start_mark.line == e.end_mark.line;
    node.line = first_line_ + static_cast<uint32_t>(e.start_mark.line);
    node.column = static_cast<uint32_t>(e.start_mark.column) + 1;
    return Add(std::move(node), e.start_mark);
  }

  // A sequence or mapping starts.
  Status Open(const yaml_event_t& e) {
    bool sequence = e.type == YAML_SEQUENCE_START_EVENT;
    const yaml_char_t* anchor =
        sequence ? e.data.sequence_start.anchor : e.data.mapping_start.anchor;
    if (anchor != nullptr) {
      return Error(e.start_mark, "expected no YAML anchors (&name) in the front matter");
    }
    if (stack_.size() >= kMaxDepth) {
      return Error(e.start_mark, "expected front matter nested at most " +
                                     std::to_string(kMaxDepth) + " levels deep");
    }
    Frame frame;
    frame.node.kind = sequence ? YamlNode::Kind::kSequence : YamlNode::Kind::kMapping;
    frame.node.line = first_line_ + static_cast<uint32_t>(e.start_mark.line);
    frame.node.column = static_cast<uint32_t>(e.start_mark.column) + 1;
    stack_.push_back(std::move(frame));
    return Status::Ok();
  }

  // Places a finished node in the one being built (as a key, a value or an item), or as the root.
  Status Add(YamlNode node, const yaml_mark_t& mark) {
    if (stack_.empty()) {
      root_ = std::move(node);
      return Status::Ok();
    }
    Frame& top = stack_.back();
    if (top.node.kind == YamlNode::Kind::kSequence) {
      top.node.items.push_back(std::move(node));
    } else if (!top.has_key) {
      if (node.kind != YamlNode::Kind::kScalar) {
        return Error(mark, "expected a plain key in the front matter, found a list or mapping");
      }
      top.key = std::move(node);
      top.has_key = true;
    } else {
      top.node.members.push_back({std::move(top.key), std::move(node)});
      top.has_key = false;
    }
    return Status::Ok();
  }

  const SourceText& source_;
  uint32_t first_line_;
  std::vector<Frame> stack_;
  std::optional<YamlNode> root_;
  int documents_ = 0;
};

}  // namespace

Result<YamlNode> ParseYamlWithLibyaml(const SourceText& source, size_t begin, size_t end) {
  std::string_view text = std::string_view(source.content()).substr(begin, end - begin);
  YamlTreeBuilder builder(source, source.PositionAt(begin).line);
  YamlParser parser;
  yaml_parser_set_input_string(parser.get(), reinterpret_cast<const unsigned char*>(text.data()),
                               text.size());
  yaml_parser_set_encoding(parser.get(), YAML_UTF8_ENCODING);
  for (bool done = false; !done;) {
    Event event;
    if (!event.Parse(parser.get())) {
      const yaml_parser_t* p = parser.get();
      std::string problem = p->problem != nullptr ? p->problem : "malformed YAML";
      if (p->context != nullptr) problem += std::string(" ") + p->context;
      return builder.Error(p->problem_mark,
                           "expected valid YAML in the front matter (" + problem + ")");
    }
    QBANK_RETURN_IF_ERROR(builder.Take(event.get(), &done));
  }
  return builder.TakeRoot();
}

namespace {

bool IsKeyByte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

bool IsValueByte(char c) { return IsKeyByte(c) || c == '.'; }

bool IsAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The front matter a writer makes and most people write: lines "key: value" with an ASCII key
// and a value of letters, digits, '_', '-' and '.' that starts with a letter or digit. YAML reads
// such a line as a plain key and a plain scalar whose text is the value as written, so the tree
// is built here without libyaml (whose set-up alone cost more than reading the question). Any
// other line (a list, a quote, a comment, a blank, a tab, a carriage return, a non-ASCII byte)
// returns nullopt and the caller asks libyaml.
std::optional<YamlNode> ParseSimpleMapping(std::string_view text, uint32_t first_line) {
  if (text.empty()) return std::nullopt;
  YamlNode root;
  root.kind = YamlNode::Kind::kMapping;
  root.line = first_line;
  root.column = 1;
  uint32_t line = first_line;
  for (size_t pos = 0; pos < text.size(); ++line) {
    size_t newline = text.find('\n', pos);
    if (newline == std::string_view::npos) newline = text.size();
    std::string_view row = text.substr(pos, newline - pos);
    pos = newline + 1;
    size_t colon = 0;
    while (colon < row.size() && IsKeyByte(row[colon])) ++colon;
    // "key: v": a key starting with a letter or digit, one space after the colon, a value.
    if (colon == 0 || !IsAlnum(row[0]) || colon + 2 >= row.size() || row[colon] != ':' ||
        row[colon + 1] != ' ' || !IsAlnum(row[colon + 2])) {
      return std::nullopt;
    }
    for (size_t i = colon + 3; i < row.size(); ++i) {
      if (!IsValueByte(row[i])) return std::nullopt;
    }
    YamlMember member;
    member.key.scalar.assign(row.substr(0, colon));
    member.key.plain = true;
    member.key.line = line;
    member.key.column = 1;
    member.value.scalar.assign(row.substr(colon + 2));
    member.value.plain = true;
    member.value.line = line;
    member.value.column = static_cast<uint32_t>(colon) + 3;
    root.members.push_back(std::move(member));
  }
  return root;
}

}  // namespace

Result<YamlNode> ParseYaml(const SourceText& source, size_t begin, size_t end) {
  std::string_view text = std::string_view(source.content()).substr(begin, end - begin);
  std::optional<YamlNode> simple = ParseSimpleMapping(text, source.PositionAt(begin).line);
  if (simple.has_value()) return std::move(*simple);
  return ParseYamlWithLibyaml(source, begin, end);
}

model::Value YamlToValue(const YamlNode& node) {
  switch (node.kind) {
    case YamlNode::Kind::kSequence: {
      model::Value::Array items;
      for (const YamlNode& item : node.items) items.push_back(YamlToValue(item));
      return model::Value(std::move(items));
    }
    case YamlNode::Kind::kMapping: {
      model::Value::Object members;
      for (const auto& [key, value] : node.members) members[key.scalar] = YamlToValue(value);
      return model::Value(std::move(members));
    }
    case YamlNode::Kind::kScalar:
      break;
  }
  const std::string& s = node.scalar;
  if (!node.plain) return model::Value(s);
  if (IsNullWord(s)) return model::Value();
  if (IsTrueWord(s)) return model::Value(true);
  if (IsFalseWord(s)) return model::Value(false);
  if (IsIntegerText(s)) {
    int64_t i = 0;
    const char* first = s.data() + (s[0] == '+' ? 1 : 0);
    auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), i);
    if (ec == std::errc() && ptr == s.data() + s.size()) return model::Value(i);
  }
  if (IsFloatText(s)) {
    double d = std::strtod(s.c_str(), nullptr);
    if (std::isfinite(d)) return model::Value(d);
  }
  return model::Value(s);
}

std::string YamlScalar(std::string_view text, bool keep_type_words) {
  bool plain = !text.empty();
  if (plain) {
    constexpr std::string_view kIndicators = "-?:,[]{}#&*!|>'\"%@`";
    if (kIndicators.find(text.front()) != std::string_view::npos) plain = false;
    if (text.front() == ' ' || text.back() == ' ' || text.back() == ':') plain = false;
    if (text.find(": ") != std::string_view::npos || text.find(" #") != std::string_view::npos) {
      plain = false;
    }
    for (unsigned char c : text) {
      if (c < 0x20 || c == 0x7F) plain = false;
    }
    // U+0085, U+2028 and U+2029 are line breaks to YAML.
    if (text.find("\xC2\x85") != std::string_view::npos ||
        text.find("\xE2\x80\xA8") != std::string_view::npos ||
        text.find("\xE2\x80\xA9") != std::string_view::npos ||
        text.find("\xEF\xBB\xBF") != std::string_view::npos) {
      plain = false;
    }
    if (IsNullWord(text)) plain = false;  // read back as no value at all
    if (keep_type_words) {
      YamlNode probe;
      probe.plain = true;
      probe.scalar = std::string(text);
      if (!YamlToValue(probe).is_string()) plain = false;
    }
  }
  if (plain) return std::string(text);
  std::string out;
  AppendQuoted(out, text);
  return out;
}

std::string YamlFlow(const model::Value& value) {
  std::string out;
  AppendFlow(out, value);
  return out;
}

}  // namespace qbank::formats

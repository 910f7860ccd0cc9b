// The located JSON parser over RapidJSON's iterative SAX reader, with schema validation through
// RapidJSON's SchemaValidator (its refusals worded in schema_message.cc). The writer is writer.cc.
#include "json/document.h"

#include <rapidjson/document.h>
#include <rapidjson/reader.h>
#include <rapidjson/schema.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <mutex>

#include "base/swar.h"
#include "base/utf8_text.h"
#include "json/schema_message.h"
#include "text/unicode.h"

namespace qbank::json {

struct Schema::Impl {
  rapidjson::Document document;  // the schema as written, for wording messages
  std::unique_ptr<rapidjson::SchemaDocument> compiled;
  // RapidJSON 1.1's "pattern" matcher keeps its work state inside the compiled schema, so two
  // validations of one schema must not run at the same time.
  mutable std::mutex validating;
};

namespace {

// Numbers arrive as text and are converted here with std::from_chars (exact, and free of the
// undefined behaviour fuzzing found in RapidJSON 1.1's own string-to-double code).
constexpr unsigned kReaderFlags = rapidjson::kParseIterativeFlag |
                                  rapidjson::kParseValidateEncodingFlag |
                                  rapidjson::kParseNumbersAsStringsFlag;
// For text already known to be valid UTF-8 (checked in one fast pass first): strings are copied
// byte for byte instead of decoded character by character.
constexpr unsigned kCheckedReaderFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;
// For the schema document RapidJSON keeps itself (its numbers are the schema author's bounds).
constexpr unsigned kSchemaDocumentFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

// A read-only stream over the source, bounded by its end: past the end it gives '\0' and stays put
// (RapidJSON's UTF-8 validation takes a sequence's continuation bytes without looking, so a
// truncated sequence at the end of the file must not read beyond it). Unlike rapidjson's
// StringStream it is not copied inside the reader, so Tell() seen from a handler is the offset
// just after the token being reported.
struct SourceStream {
  using Ch = char;
  SourceStream(const char* begin, const char* end) : src_(begin), head_(begin), end_(end) {}
  Ch Peek() const { return head_ < end_ ? *head_ : '\0'; }
  Ch Take() { return head_ < end_ ? *head_++ : '\0'; }
  size_t Tell() const { return static_cast<size_t>(head_ - src_); }
  Ch* PutBegin() { return nullptr; }
  void Put(Ch) {}
  void Flush() {}
  size_t PutEnd(Ch*) { return 0; }

  const char* src_;
  const char* head_;
  const char* end_;
};

}  // namespace
}  // namespace qbank::json

namespace rapidjson {

// RapidJSON copies a string's bytes one Take() and Put() at a time, except from its own string
// streams with SSE (which read past the end of the text). For text already checked as UTF-8 (the
// only parse that calls this), the run up to the first '"', '\\' or control character is found
// eight bytes at a time, within the text, and copied at once; RapidJSON reads what stops it.
template <>
template <>
inline void GenericReader<UTF8<>, UTF8<>, CrtAllocator>::ScanCopyUnescapedString<
    qbank::json::SourceStream, GenericReader<UTF8<>, UTF8<>, CrtAllocator>::StackStream<char>>(
    qbank::json::SourceStream& is, StackStream<char>& os) {
  namespace swar = qbank::swar;
  const char* p = is.head_;
  const char* const end = is.end_;
  while (end - p >= 8) {
    const uint64_t w = swar::Load(p);
    // The first flag is exact: a byte under 0x20 may flag the bytes after it, by its borrow.
    const uint64_t stop =
        swar::FirstBytesBelow(w, 0x20) | swar::BytesEqual(w, '"') | swar::BytesEqual(w, '\\');
    if (stop != 0) {
      p += swar::FirstFlag(stop);
      break;
    }
    p += 8;
  }
  while (p < end && *p != '"' && *p != '\\' && static_cast<unsigned char>(*p) >= 0x20) ++p;
  const auto length = static_cast<SizeType>(p - is.head_);
  if (length != 0) std::memcpy(os.Push(length), is.head_, length);
  is.head_ = p;
}

}  // namespace rapidjson

namespace qbank::json {
namespace {

bool IsNumberChar(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Offset of the opening quote of the string whose closing quote is at `close`.
size_t StringBegin(std::string_view content, size_t close) {
  size_t i = close;
  while (i > 0) {
    --i;
    if (content[i] != '"') continue;
    size_t backslashes = 0;
    for (size_t j = i; j > 0 && content[j - 1] == '\\'; --j) ++backslashes;
    if (backslashes % 2 == 0) return i;
  }
  return 0;
}

// Offset where the scalar token that ends at `end` (exclusive) begins.
size_t ScalarBegin(std::string_view content, size_t end) {
  if (end == 0) return 0;
  char last = content[end - 1];
  if (last == '"') return StringBegin(content, end - 1);
  if (last == 'l') return end >= 4 ? end - 4 : 0;  // null
  if (last == 'e') {                               // true or false
    return end >= 5 && content[end - 5] == 'f' ? end - 5 : (end >= 4 ? end - 4 : 0);
  }
  size_t i = end;
  while (i > 0 && IsNumberChar(content[i - 1])) --i;
  return i;
}

// Builds the tree from SAX events with an explicit stack.
// The offset in `content` of a \uDC00-\uDFFF escape that does not follow a \uD800-\uDBFF one
// between `begin` and `end` (a string token), or npos. RapidJSON refuses a lone high surrogate
// but decodes a lone low one into bytes that are not UTF-8.
size_t FindLoneLowSurrogate(std::string_view content, size_t begin, size_t end) {
  auto hex4 = [&](size_t at) -> int {
    if (at + 4 > end) return -1;
    int v = 0;
    for (size_t k = at; k < at + 4; ++k) {
      char c = content[k];
      int d = c >= '0' && c <= '9'   ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                     : -1;
      if (d < 0) return -1;
      v = v * 16 + d;
    }
    return v;
  };
  bool after_high = false;
  for (size_t i = begin; i + 1 < end; ++i) {
    if (content[i] != '\\') {
      after_high = false;
      continue;
    }
    if (content[i + 1] != 'u') {
      after_high = false;
      ++i;
      continue;
    }
    int v = hex4(i + 2);
    if (v >= 0xDC00 && v <= 0xDFFF && !after_high) return i;
    after_high = v >= 0xD800 && v <= 0xDBFF;
    i += 5;
  }
  return std::string_view::npos;
}

std::string SyntaxMessage(rapidjson::ParseErrorCode code, std::string_view content, size_t offset);

class TreeBuilder {
 public:
  struct Frame {
    Node node;
    std::string key;  // the member whose value comes next (objects)
    size_t key_begin = 0;
    size_t key_end = 0;
  };

  explicit TreeBuilder(const ParseOptions& options) : options_(options) {}

  // Adds a complete value to the open container (or makes it the root). A non-OK Status comes
  // from the streaming callback.
  Status Value(Node node) {
    if (stack_.empty()) {
      root_ = std::move(node);
      return Status::Ok();
    }
    Frame& top = stack_.back();
    if (top.node.is_array()) {
      if (stack_.size() == 2 && options_.on_element && stack_[0].node.is_object() &&
          stack_[0].key == options_.stream_member) {
        return options_.on_element(std::move(node));
      }
      top.node.mutable_items().push_back(std::move(node));
    } else {
      top.node.mutable_members().push_back(
          Member{std::move(top.key), top.key_begin, top.key_end, std::move(node)});
    }
    return Status::Ok();
  }
  void Start(Kind kind, size_t begin) {
    stack_.emplace_back();
    Node& node = stack_.back().node;
    node = Node(kind);
    node.set_range(begin, begin + 1);
    // Room for a typical question's or option's members up front, not grown 1, 2, 4.
    if (kind == Kind::kObject) node.mutable_members().reserve(4);
  }
  void Key(std::string key, size_t begin, size_t end) {
    Frame& top = stack_.back();
    top.key = std::move(key);
    top.key_begin = begin;
    top.key_end = end;
  }
  Status End(size_t end) {
    Node node = std::move(stack_.back().node);
    stack_.pop_back();
    node.set_range(node.begin(), end);
    return Value(std::move(node));
  }

  const std::vector<Frame>& stack() const { return stack_; }
  Node& root() { return root_; }

 private:
  const ParseOptions& options_;
  std::vector<Frame> stack_;
  Node root_;
};

// The SAX handler between RapidJSON's reader, the (optional) schema validator and the builder.
// It checks the nesting depth and turns a validator refusal into a located message.
class Handler {
 public:
  using Ch = char;

  Handler(const SourceText& src, const SourceStream& stream, const ParseOptions& options,
          const Schema::Impl* schema, rapidjson::SchemaValidator* validator)
      : content_(src.content()),
        src_(src),
        stream_(stream),
        max_depth_(options.max_depth),
        schema_(schema),
        validator_(validator),
        builder_(options) {}

  bool Null() {
    if (validator_ && !validator_->Null()) return SchemaScalarError(Kind::kNull);
    return Scalar(Node());
  }
  bool Bool(bool b) {
    if (validator_ && !validator_->Bool(b)) return SchemaScalarError(Kind::kBool);
    Node n;
    n.set_bool(b);
    return Scalar(std::move(n));
  }
  bool Int(int i) {
    if (validator_ && !validator_->Int(i)) return SchemaScalarError(Kind::kInt);
    return IntValue(i);
  }
  bool Uint(unsigned u) {
    if (validator_ && !validator_->Uint(u)) return SchemaScalarError(Kind::kInt);
    return IntValue(u);
  }
  bool Int64(int64_t i) {
    if (validator_ && !validator_->Int64(i)) return SchemaScalarError(Kind::kInt);
    return IntValue(i);
  }
  bool Uint64(uint64_t u) {
    if (validator_ && !validator_->Uint64(u)) return SchemaScalarError(Kind::kInt);
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      Node n;
      n.set_double(static_cast<double>(u));
      return Scalar(std::move(n));
    }
    return IntValue(static_cast<int64_t>(u));
  }
  bool Double(double d) {
    // RapidJSON's enum hasher converts doubles to 64-bit integers, which is undefined beyond
    // their range; such values compare the same against any bound a bank or config schema uses.
    constexpr double kHashable = 9e18;
    double checked = std::fabs(d) > kHashable ? std::copysign(kHashable, d) : d;
    if (validator_ && !validator_->Double(checked)) return SchemaScalarError(Kind::kDouble);
    Node n;
    n.set_double(d);
    return Scalar(std::move(n));
  }
  bool RawNumber(const char* str, rapidjson::SizeType length, bool /*copy*/) {
    const char* end = str + length;
    if (std::find_if(str, end, [](char c) { return c == '.' || c == 'e' || c == 'E'; }) == end) {
      int64_t i = 0;
      auto [p, ec] = std::from_chars(str, end, i);
      if (ec == std::errc() && p == end) return Int64(i);
      uint64_t u = 0;
      auto [pu, ecu] = std::from_chars(str, end, u);
      if (ecu == std::errc() && pu == end) return Uint64(u);
      // Integers beyond 64 bits are read as doubles, as RapidJSON does.
    }
    double d = 0;
    auto [p, ec] = std::from_chars(str, end, d);
    if (ec == std::errc::result_out_of_range) {
      // Underflow reads as zero; overflow is an error (RapidJSON catches most of it earlier).
      const char* e = std::find_if(str, end, [](char c) { return c == 'e' || c == 'E'; });
      if (e + 1 < end && e[1] == '-') {
        d = str[0] == '-' ? -0.0 : 0.0;
      } else {
        error_ = src_.ErrorAt(stream_.Tell() - length, "expected a number that fits in a double");
        return false;
      }
    } else if (ec != std::errc() || p != end) {
      error_ = src_.ErrorAt(stream_.Tell() - length, "expected a number");
      return false;
    }
    return Double(d);
  }
  bool String(const char* str, rapidjson::SizeType length, bool copy) {
    size_t end = stream_.Tell();
    size_t begin = StringBegin(content_, end - 1);
    if (!CheckSurrogates(begin, end)) return false;
    if (validator_ && !validator_->String(str, length, copy)) {
      return SchemaScalarError(Kind::kString);
    }
    Node n;
    n.set_string(std::string(str, length), HasEscape(begin, end));
    n.set_range(begin, end);
    return Check(builder_.Value(std::move(n)));
  }
  bool StartObject() { return Start(Kind::kObject); }
  bool StartArray() { return Start(Kind::kArray); }
  bool Key(const char* str, rapidjson::SizeType length, bool copy) {
    size_t end = stream_.Tell();
    size_t begin = StringBegin(content_, end - 1);
    if (!CheckSurrogates(begin, end)) return false;
    if (validator_ && !validator_->Key(str, length, copy)) {
      return SchemaError(begin, Kind::kString, /*at_key=*/true);
    }
    builder_.Key(std::string(str, length), begin, end);
    return true;
  }
  bool EndObject(rapidjson::SizeType count) {
    if (validator_ && !validator_->EndObject(count)) return SchemaEndError(Kind::kObject);
    --depth_;
    return Check(builder_.End(stream_.Tell() + 1));  // reported before the '}' is taken
  }
  bool EndArray(rapidjson::SizeType count) {
    if (validator_ && !validator_->EndArray(count)) return SchemaEndError(Kind::kArray);
    --depth_;
    return Check(builder_.End(stream_.Tell() + 1));
  }

  const Status& error() const { return error_; }
  const Status& callback_status() const { return callback_status_; }
  Node& root() { return builder_.root(); }

 private:
  bool CheckSurrogates(size_t begin, size_t end) {
    if (!HasEscape(begin, end)) return true;
    size_t lone = FindLoneLowSurrogate(content_, begin, end);
    if (lone == std::string_view::npos) return true;
    error_ = src_.ErrorAt(
        lone, SyntaxMessage(rapidjson::kParseErrorStringUnicodeSurrogateInvalid, content_, lone));
    return false;
  }
  bool HasEscape(size_t begin, size_t end) const {
    if (end < begin + 2) return false;
    return std::memchr(content_.data() + begin + 1, '\\', end - begin - 2) != nullptr;
  }
  bool IntValue(int64_t i) {
    Node n;
    n.set_int(i);
    return Scalar(std::move(n));
  }
  bool Scalar(Node n) {
    size_t end = stream_.Tell();
    n.set_range(ScalarBegin(content_, end), end);
    return Check(builder_.Value(std::move(n)));
  }
  bool Check(Status status) {
    if (status.ok()) return true;
    callback_status_ = std::move(status);
    return false;
  }
  bool Start(Kind kind) {
    size_t begin = stream_.Tell();  // the iterative reader reports before taking the bracket
    if (++depth_ > max_depth_) {
      error_ = src_.ErrorAt(begin, "expected at most " + std::to_string(max_depth_) +
                                       " levels of nested arrays and objects (nesting deeper "
                                       "than " +
                                       std::to_string(max_depth_) + " levels)");
      return false;
    }
    if (validator_) {
      bool ok = kind == Kind::kObject ? validator_->StartObject() : validator_->StartArray();
      if (!ok) return SchemaError(begin, kind, false);
    }
    builder_.Start(kind, begin);
    return true;
  }
  bool SchemaScalarError(Kind found) {
    return SchemaError(ScalarBegin(content_, stream_.Tell()), found, false);
  }
  bool SchemaEndError(Kind found) {
    size_t begin = builder_.stack().empty() ? 0 : builder_.stack().back().node.begin();
    return SchemaError(begin, found, false);
  }

  // Records the validator's refusal at `offset`, worded by SchemaMessage.
  bool SchemaError(size_t offset, Kind found, bool at_key) {
    std::vector<const Node*> open;
    open.reserve(builder_.stack().size());
    for (const TreeBuilder::Frame& frame : builder_.stack()) open.push_back(&frame.node);
    error_ =
        src_.ErrorAt(offset, SchemaMessage(*validator_, schema_->document, open, found, at_key));
    return false;
  }

  std::string_view content_;
  const SourceText& src_;
  const SourceStream& stream_;
  int max_depth_;
  int depth_ = 0;
  const Schema::Impl* schema_;
  rapidjson::SchemaValidator* validator_;
  TreeBuilder builder_;
  Status error_;
  Status callback_status_;
};

// The wording of a RapidJSON syntax error at `offset`.
// A hint for the usual hand-editing slips at `offset`: comments, single quotes, a trailing comma,
// literals from other languages. Empty when none applies.
std::string SlipHint(std::string_view content, size_t offset) {
  if (offset >= content.size()) return "";
  char c = content[offset];
  if (c == '/' && offset + 1 < content.size() &&
      (content[offset + 1] == '/' || content[offset + 1] == '*')) {
    return " (JSON has no comments)";
  }
  if (c == '\'') return " (JSON strings take double quotes)";
  if (c == '}' || c == ']') {
    size_t before = content.find_last_not_of(" \t\r\n", offset == 0 ? 0 : offset - 1);
    if (offset > 0 && before != std::string_view::npos && content[before] == ',') {
      return std::string(" (JSON allows no comma before '") + c + "')";
    }
  }
  size_t end = offset;
  std::string word;
  while (end < content.size() && word.size() < 16 &&
         ((content[end] >= 'A' && content[end] <= 'Z') ||
          (content[end] >= 'a' && content[end] <= 'z'))) {
    word += static_cast<char>(content[end] | 0x20);  // lower case
    ++end;
  }
  if (word == "true" || word == "false" || word == "null") {
    return " (the JSON literals true, false and null are lower case)";
  }
  if (word == "none" || word == "nil" || word == "undefined" || word == "nan" ||
      word == "infinity") {
    return " (JSON has no such literal: use null, or a number)";
  }
  return "";
}

std::string SyntaxMessage(rapidjson::ParseErrorCode code, std::string_view content, size_t offset) {
  using rapidjson::ParseErrorCode;
  switch (code) {
    case rapidjson::kParseErrorDocumentEmpty:
      return "expected a JSON value, found the end of the file";
    case rapidjson::kParseErrorDocumentRootNotSingular:
      return "expected the end of the file after the top-level value";
    case rapidjson::kParseErrorValueInvalid:
      if (offset >= content.size()) return "expected a value, found the end of the file";
      return "expected a value (object, array, string, number, true, false or null)" +
             SlipHint(content, offset);
    case rapidjson::kParseErrorObjectMissName:
      if (offset >= content.size()) return "expected a member name, found the end of the file";
      return "expected a member name in double quotes" + SlipHint(content, offset);
    case rapidjson::kParseErrorObjectMissColon:
      return "expected ':' after the member name";
    case rapidjson::kParseErrorObjectMissCommaOrCurlyBracket:
      if (offset >= content.size()) return "expected ',' or '}', found the end of the file";
      return "expected ',' or '}' after an object member";
    case rapidjson::kParseErrorArrayMissCommaOrSquareBracket:
      if (offset >= content.size()) return "expected ',' or ']', found the end of the file";
      return "expected ',' or ']' after an array element";
    case rapidjson::kParseErrorStringUnicodeEscapeInvalidHex:
      return "expected four hexadecimal digits after \\u";
    case rapidjson::kParseErrorStringUnicodeSurrogateInvalid:
      return "expected a valid UTF-16 surrogate pair (\\uD800-\\uDBFF followed by "
             "\\uDC00-\\uDFFF)";
    case rapidjson::kParseErrorStringEscapeInvalid:
      if (offset < content.size() && static_cast<unsigned char>(content[offset]) < 0x20) {
        return "expected an escape sequence instead of a raw control character in a string";
      }
      return "expected a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)";
    case rapidjson::kParseErrorStringMissQuotationMark:
      return "expected '\"' to close the string, found the end of the file";
    case rapidjson::kParseErrorStringInvalidEncoding:
      return "expected valid UTF-8";
    case rapidjson::kParseErrorNumberTooBig:
      return "expected a number that fits in a double";
    case rapidjson::kParseErrorNumberMissFraction:
      return "expected a digit after the decimal point";
    case rapidjson::kParseErrorNumberMissExponent:
      return "expected a digit in the exponent";
    default:
      return "expected valid JSON";
  }
}

Result<Node> ParseImpl(const SourceText& src, const ParseOptions& options,
                       const Schema::Impl* schema) {
  const std::string& content = src.content();
  // A raw NUL would end RapidJSON's stream early; any raw NUL is invalid JSON anyway.
  if (size_t offset = content.find('\0'); offset != std::string::npos) {
    return src.ErrorAt(offset, "expected JSON text, found a NUL byte");
  }
  SourceStream stream(content.data(), content.data() + content.size());
  if (content.size() >= 3 && content.compare(0, 3, "\xEF\xBB\xBF") == 0) stream.head_ += 3;

  std::unique_ptr<rapidjson::SchemaValidator> validator;
  if (schema != nullptr)
    validator = std::make_unique<rapidjson::SchemaValidator>(*schema->compiled);
  Handler handler(src, stream, options, schema, validator.get());
  rapidjson::Reader reader;
  rapidjson::ParseResult result = text::IsValidUtf8(content)
                                      ? reader.Parse<kCheckedReaderFlags>(stream, handler)
                                      : reader.Parse<kReaderFlags>(stream, handler);
  if (result) return std::move(handler.root());
  if (!handler.error().ok()) return handler.error();
  if (!handler.callback_status().ok()) return handler.callback_status();
  size_t offset = result.Offset();
  if (result.Code() == rapidjson::kParseErrorValueInvalid) {
    // RapidJSON stops inside a misspelt literal ("tru"); point at its first letter.
    while (offset > 0 && offset <= content.size() && content[offset - 1] >= 'a' &&
           content[offset - 1] <= 'z') {
      --offset;
    }
  }
  if (result.Code() == rapidjson::kParseErrorStringInvalidEncoding) {
    // RapidJSON reports the string; name the first bad byte.
    size_t bad = 0;
    if (!text::IsValidUtf8(content, &bad)) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(content[bad]));
      return src.ErrorAt(bad, std::string("expected valid UTF-8, found the byte ") + hex);
    }
  }
  if (offset < content.size() && static_cast<unsigned char>(content[offset]) >= 0x80 &&
      result.Code() != rapidjson::kParseErrorStringInvalidEncoding) {
    size_t bad = 0;
    if (!text::IsValidUtf8(content.substr(offset, 4), &bad) && bad == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(content[offset]));
      return src.ErrorAt(offset, std::string("expected valid UTF-8, found the byte ") + hex);
    }
  }
  return src.ErrorAt(offset, SyntaxMessage(result.Code(), content, offset));
}

}  // namespace

std::string_view KindName(Kind kind) {
  switch (kind) {
    case Kind::kNull:
      return "null";
    case Kind::kBool:
      return "boolean";
    case Kind::kInt:
      return "integer";
    case Kind::kDouble:
      return "number";
    case Kind::kString:
      return "string";
    case Kind::kArray:
      return "array";
    case Kind::kObject:
      return "object";
  }
  return "null";
}

double Node::as_double() const {
  if (kind_ == Kind::kInt) return static_cast<double>(int_);
  return kind_ == Kind::kDouble ? double_ : 0;
}

const Node* Node::Find(std::string_view key) const {
  for (const Member& m : members_) {
    if (m.key == key) return &m.value;
  }
  return nullptr;
}

model::Value Node::ToValue() const {
  switch (kind_) {
    case Kind::kNull:
      return model::Value();
    case Kind::kBool:
      return model::Value(bool_);
    case Kind::kInt:
      return model::Value(int_);
    case Kind::kDouble:
      return model::Value(double_);
    case Kind::kString:
      return model::Value(string_);
    case Kind::kArray: {
      model::Value::Array a;
      a.reserve(items_.size());
      for (const Node& n : items_) a.push_back(n.ToValue());
      return model::Value(std::move(a));
    }
    case Kind::kObject: {
      model::Value::Object o;
      for (const Member& m : members_) o[m.key] = m.value.ToValue();
      return model::Value(std::move(o));
    }
  }
  return model::Value();
}

Result<Node> Parse(const SourceText& src, const ParseOptions& options) {
  return ParseImpl(src, options, nullptr);
}

Result<Schema> Schema::Load(const SourceText& schema_src) {
  Result<Node> syntax = Parse(schema_src);
  if (!syntax.ok()) return syntax.status();
  if (!syntax->is_object()) {
    return schema_src.ErrorAt(syntax->begin(), "expected a schema object");
  }
  auto impl = std::make_shared<Impl>();
  const std::string& content = schema_src.content();
  size_t skip = content.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  impl->document.Parse<kSchemaDocumentFlags>(content.c_str() + skip, content.size() - skip);
  if (impl->document.HasParseError()) {
    return schema_src.ErrorAt(impl->document.GetErrorOffset() + skip,
                              "expected a valid JSON Schema document");
  }
  impl->compiled = std::make_unique<rapidjson::SchemaDocument>(impl->document);
  Schema schema;
  schema.impl_ = std::move(impl);
  return schema;
}

Result<Node> Schema::ParseAndValidate(const SourceText& src, const ParseOptions& options) const {
  if (impl_ == nullptr) return Status::Internal("a Schema not made by Schema::Load");
  std::lock_guard<std::mutex> lock(impl_->validating);
  return ParseImpl(src, options, impl_.get());
}

Status Schema::Validate(const SourceText& src, const ParseOptions& options) const {
  Result<Node> node = ParseAndValidate(src, options);
  return node.ok() ? Status::Ok() : node.status();
}

Status ValidateSchema(const SourceText& src, const SourceText& schema_src) {
  Result<Schema> schema = Schema::Load(schema_src);
  if (!schema.ok()) return schema.status();
  return schema->Validate(src);
}

}  // namespace qbank::json

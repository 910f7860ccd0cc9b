// The JSON door: a located JSON tree (every node knows its byte range in the source), a parser that
// never recurses on nesting depth, JSON Schema validation with readable messages, and a writer.
#ifndef QBANK_JSON_DOCUMENT_H_
#define QBANK_JSON_DOCUMENT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_text.h"
#include "base/status.h"
#include "model/value.h"

namespace qbank::json {

enum class Kind { kNull, kBool, kInt, kDouble, kString, kArray, kObject };
// "null", "boolean", "integer", "number", "string", "array", "object" (JSON Schema's names).
std::string_view KindName(Kind kind);

struct Member;

// One JSON value and where it is in its source. Object members keep document order (duplicate
// keys are kept as written). Offsets are byte offsets into the SourceText that was parsed: a
// string's range includes its quotes. A number is kInt when it is written without fraction or
// exponent and fits in int64, otherwise kDouble (converted exactly; underflow reads as 0).
class Node {
 public:
  Node() = default;  // null, at offset 0
  explicit Node(Kind kind);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_bool() const { return kind_ == Kind::kBool; }
  bool is_int() const { return kind_ == Kind::kInt; }
  bool is_double() const { return kind_ == Kind::kDouble; }
  bool is_number() const { return kind_ == Kind::kInt || kind_ == Kind::kDouble; }
  bool is_string() const { return kind_ == Kind::kString; }
  bool is_array() const { return kind_ == Kind::kArray; }
  bool is_object() const { return kind_ == Kind::kObject; }

  // Accessors return the zero value when the node is of another kind.
  bool as_bool() const { return kind_ == Kind::kBool && bool_; }
  int64_t as_int() const { return kind_ == Kind::kInt ? int_ : 0; }
  // Integers convert to double.
  double as_double() const;
  const std::string& as_string() const { return string_; }
  std::string& mutable_string() { return string_; }
  const std::vector<Node>& items() const { return items_; }
  std::vector<Node>& mutable_items() { return items_; }
  const std::vector<Member>& members() const { return members_; }
  std::vector<Member>& mutable_members() { return members_; }

  // The first member named `key`, or nullptr (also when this is not an object).
  const Node* Find(std::string_view key) const;

  // Byte range [begin, end) of the value in the source.
  size_t begin() const { return begin_; }
  size_t end() const { return end_; }
  // For strings: true when the source spelled the string with at least one backslash escape, so
  // the value is not a byte-for-byte copy of the source between the quotes.
  bool escaped() const { return escaped_; }

  // The value without locations. Objects become model::Value objects (keys sorted; for a
  // duplicated key the last one wins). Recurses to the node's depth, which Parse bounds.
  model::Value ToValue() const;

  void set_bool(bool b) { kind_ = Kind::kBool, bool_ = b; }
  void set_int(int64_t i) { kind_ = Kind::kInt, int_ = i; }
  void set_double(double d) { kind_ = Kind::kDouble, double_ = d; }
  void set_string(std::string s, bool escaped) {
    kind_ = Kind::kString, string_ = std::move(s), escaped_ = escaped;
  }
  void set_range(size_t begin, size_t end) { begin_ = begin, end_ = end; }

 private:
  Kind kind_ = Kind::kNull;
  bool bool_ = false;
  bool escaped_ = false;
  int64_t int_ = 0;
  double double_ = 0;
  size_t begin_ = 0;
  size_t end_ = 0;
  std::string string_;
  std::vector<Node> items_;
  std::vector<Member> members_;
};

// An object member: its key (unescaped), the key's byte range (with quotes) and its value.
struct Member {
  std::string key;
  size_t key_begin = 0;
  size_t key_end = 0;
  Node value;
};

// Defined after Member is complete: a constructor's body needs the members' destructors.
inline Node::Node(Kind kind) : kind_(kind) {}

struct ParseOptions {
  // Arrays and objects nested deeper than this are an error ("nesting deeper than N levels").
  int max_depth = 512;
  // Streaming, for big files: when `on_element` is set, each element of the array that is the
  // value of the top-level object's member `stream_member` is handed to `on_element` as soon as it
  // is complete, and not kept in the tree (that array stays empty), so memory holds one element at
  // a time. A non-OK Status from `on_element` stops the parse and is returned as is.
  std::string stream_member;
  std::function<Status(Node&&)> on_element;
};

// Parses `src` (UTF-8, an optional byte order mark is skipped) into a located tree. Errors are
// InvalidInput with "path:line:col: expected ..." naming the first offending byte: syntax errors,
// truncation, invalid UTF-8, NUL bytes, nesting deeper than options.max_depth. Never recurses on
// the input's depth.
Result<Node> Parse(const SourceText& src, const ParseOptions& options = {});

// A compiled JSON Schema (draft-04, as RapidJSON implements it): load once, validate many. Copies
// share the compiled schema; it may be used from several threads (validations of one schema take
// turns, because RapidJSON's pattern matcher keeps state in it).
class Schema {
 public:
  // An empty schema: validating with it is a Usage error. Use Load.
  Schema() = default;
  // Parses and compiles `schema_src`. Errors name the schema file's line:col. Local "$ref"s
  // ("#/definitions/x") are supported; remote ones are not resolved.
  static Result<Schema> Load(const SourceText& schema_src);

  // Parses `src` and validates it in one pass. On success returns the located tree; on a
  // schema violation returns InvalidInput "path:line:col: <instance path>: expected ...",
  // e.g. "bank.json:12:22: questions[3].options[1].correct: expected boolean, found string".
  // The instance path is omitted for the root; the position is that of the offending value (for
  // a missing member, its object's opening brace; for an unexpected member, its key).
  Result<Node> ParseAndValidate(const SourceText& src, const ParseOptions& options = {}) const;
  // Like ParseAndValidate, without keeping the tree.
  Status Validate(const SourceText& src, const ParseOptions& options = {}) const;

  struct Impl;

 private:
  std::shared_ptr<const Impl> impl_;
};

// Validates `src` against the schema in `schema_src` (both parsed here); see Schema.
Status ValidateSchema(const SourceText& src, const SourceText& schema_src);

// Writes `value` as JSON: object keys in model::Value's (sorted) order, `indent` spaces per level
// (0 for one line without spaces), UTF-8 kept as is (only '"', '\\' and control characters are
// escaped; invalid UTF-8 becomes U+FFFD), integers as integers, doubles with the shortest
// round-trip digits (and ".0" when integral, so they read back as doubles), NaN and infinities as
// null. No trailing newline. The same value always gives the same bytes.
std::string WriteValue(const model::Value& value, int indent = 2);

// Appends WriteValue's text for `value` to `out`, as if nested `level` levels deep (so its inner
// lines are indented by (level + 1) * indent spaces).
void AppendValue(const model::Value& value, int indent, int level, std::string& out);

// Appends `s` as a JSON string literal (with quotes) to `out`, escaped as WriteValue does.
void AppendQuoted(std::string_view s, std::string& out);

}  // namespace qbank::json

#endif  // QBANK_JSON_DOCUMENT_H_

// YAML front matter for the md format: a located tree read with libyaml (this file pair is the
// libyaml door), and the YAML scalar writer the md exporter uses.
#ifndef QBANK_FORMATS_MD_MD_FRONT_MATTER_H_
#define QBANK_FORMATS_MD_MD_FRONT_MATTER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/source_text.h"
#include "base/status.h"
#include "model/value.h"

namespace qbank::formats {

// One node of a YAML document.
struct YamlMember;

struct YamlNode {
  enum class Kind { kScalar, kSequence, kMapping };
  Kind kind = Kind::kScalar;
  std::string scalar;  // kScalar: the value as YAML reads it
  bool plain = false;  // kScalar written without quotes (so "true", "12", "~" have their types)
  bool single_line = true;      // kScalar written on one line (so the value is as written)
  uint32_t line = 0;            // 1-based, in the file
  uint32_t column = 0;          // 1-based, in code points
  std::vector<YamlNode> items;  // kSequence
  // kMapping: key, value in document order (a struct, not std::pair, which needs complete types).
  std::vector<YamlMember> members;

  // The value of mapping key `key`, or nullptr.
  const YamlNode* Find(std::string_view key) const;
};

struct YamlMember {
  YamlNode key;
  YamlNode value;
};

// Parses source bytes [begin, end) (whole lines starting at a line start) as one YAML document.
// An empty document is an empty mapping. Errors are InvalidInput "path:line:col: ..." naming the
// position in the file; aliases and anchors are refused (no entity-expansion tricks), and so is
// nesting deeper than 64 levels.
Result<YamlNode> ParseYaml(const SourceText& source, size_t begin, size_t end);
// ParseYaml always through libyaml: the same tree, without the shortcut ParseYaml takes for front
// matter of plain "key: value" lines (which tests compare with this).
Result<YamlNode> ParseYamlWithLibyaml(const SourceText& source, size_t begin, size_t end);

// A YAML node as a model::Value: plain scalars resolve null (null, ~, empty), booleans
// (true/false), integers and floats; everything else, and every quoted scalar, is a string.
model::Value YamlToValue(const YamlNode& node);

// `text` as a YAML scalar: plain when that reads back as the same string, else double-quoted with
// JSON-compatible escapes. Null words ("~", "null") are always quoted; with `keep_type_words`,
// text that would resolve to a number or boolean as a plain scalar is quoted too (for values
// whose type matters).
std::string YamlScalar(std::string_view text, bool keep_type_words = true);

// `value` in YAML flow style (JSON-compatible: strings double-quoted, objects {"k": v}).
std::string YamlFlow(const model::Value& value);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_MD_MD_FRONT_MATTER_H_

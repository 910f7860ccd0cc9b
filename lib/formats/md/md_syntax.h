// What the md reader and writer share: section names, escapes and the front matter's keys.
#ifndef QBANK_FORMATS_MD_MD_SYNTAX_H_
#define QBANK_FORMATS_MD_MD_SYNTAX_H_

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "base/suggest.h"
#include "base/utf8_text.h"
#include "formats/md/md_format.h"
#include "formats/md/md_front_matter.h"
#include "formats/source_decoding.h"
#include "formats/suppression_directive.h"

namespace qbank::formats::md_syntax {

using model::Value;

constexpr std::string_view kSections[] = {"Question", "Trap", "Options", "Explanation"};

// "## Question" and friends: the section name, or empty.
inline std::string_view SectionOf(std::string_view line) {
  std::string_view t = TrimRight(line);
  if (t.substr(0, 3) != "## ") return {};
  std::string_view name = Trim(t.substr(3));
  for (std::string_view s : kSections) {
    if (name == s) return s;
  }
  return {};
}

// "<!-- ... -->" on a line of its own: the inside, or nullopt.
inline std::optional<std::string_view> CommentOf(std::string_view line) {
  std::string_view t = Trim(line);
  if (t.substr(0, 4) != "<!--" || t.size() < 7 || t.substr(t.size() - 3) != "-->") {
    return std::nullopt;
  }
  return t.substr(4, t.size() - 7);
}

// A line the reader takes as structure when it appears inside a text section: "---", a section
// heading, a suppression directive. The writer escapes one with a backslash, which the reader
// removes.
inline bool IsStructuralLine(std::string_view line) {
  if (TrimRight(line) == "---" || !SectionOf(line).empty()) return true;
  std::optional<std::string_view> comment = CommentOf(line);
  SuppressionDirective directive;
  return comment && ParseSuppressionDirective(*comment, directive);
}

// True for a continuation line of an option's text that the writer escapes with a backslash
// (which the reader removes): a "> " line would start the rationale, a suppression directive
// would be taken as one, and a line starting with a backslash would lose it to the unescaping.
inline bool IsEscapedInOptionText(std::string_view line) {
  line = Trim(line);
  if (line.empty()) return false;
  if (line[0] == '>' || line[0] == '\\') return true;
  std::optional<std::string_view> comment = CommentOf(line);
  SuppressionDirective directive;
  return comment && ParseSuppressionDirective(*comment, directive);
}

// The fence marker (``` or ~~~) a line opens or closes, or empty.
inline std::string_view FenceOf(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;
  std::string_view rest = line.substr(i);
  if (rest.substr(0, 3) == "```") return "```";
  if (rest.substr(0, 3) == "~~~") return "~~~";
  return {};
}

}  // namespace qbank::formats::md_syntax

#endif  // QBANK_FORMATS_MD_MD_SYNTAX_H_

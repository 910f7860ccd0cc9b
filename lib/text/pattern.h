// Regular expressions from configuration, run on RE2: time linear in the text, no recursion, so a
// pattern a user writes cannot hang or overflow the stack on a long id. This folder is the only
// place that includes re2/.
#ifndef QBANK_TEXT_PATTERN_H_
#define QBANK_TEXT_PATTERN_H_

#include <memory>
#include <string>
#include <string_view>

#include "base/status.h"

namespace qbank::text {

// A compiled regular expression in RE2's syntax (Perl's, without backreferences and lookaround:
// https://github.com/google/re2/wiki/Syntax). Copies share the compiled program; it is immutable
// and safe to use from several threads.
class Pattern {
 public:
  // Compiles `pattern` (UTF-8). InvalidInput saying what RE2 refused ("invalid escape sequence:
  // \1"; backreferences and lookaround are not supported) when it cannot be compiled.
  static Result<Pattern> Compile(std::string_view pattern);

  // True when the pattern matches the whole of `text`. `first_group`, when given, gets the text
  // of the first capturing group, or is cleared when the pattern has none or it did not take
  // part in the match.
  bool FullMatch(std::string_view text, std::string* first_group = nullptr) const;
  // True when the pattern matches some part of `text`.
  bool PartialMatch(std::string_view text) const;
  // Number of capturing groups.
  int GroupCount() const;
  const std::string& source() const { return source_; }

 private:
  struct Program;
  Pattern(std::string source, std::shared_ptr<const Program> program)
      : source_(std::move(source)), program_(std::move(program)) {}
  std::string source_;
  std::shared_ptr<const Program> program_;
};

}  // namespace qbank::text

#endif  // QBANK_TEXT_PATTERN_H_

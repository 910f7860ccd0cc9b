// Pattern over RE2.
#include "text/pattern.h"

#include <re2/re2.h>

#include <utility>

namespace qbank::text {

struct Pattern::Program {
  explicit Program(std::string_view pattern, const RE2::Options& options)
      : re(re2::StringPiece(pattern.data(), pattern.size()), options) {}
  RE2 re;
};

Result<Pattern> Pattern::Compile(std::string_view pattern) {
  RE2::Options options;
  options.set_log_errors(false);  // the error is returned, not written to stderr
  options.set_encoding(RE2::Options::EncodingUTF8);
  auto program = std::make_shared<const Program>(pattern, options);
  if (!program->re.ok()) {
    std::string why = program->re.error();
    RE2::ErrorCode code = program->re.error_code();
    if (code == RE2::ErrorBadEscape || code == RE2::ErrorBadPerlOp ||
        code == RE2::ErrorBadNamedCapture || code == RE2::ErrorRepeatArgument) {
      why += "; backreferences (\\1) and lookaround ((?=...), (?!...), (?<=...)) are not supported";
    } else if (code == RE2::ErrorPatternTooLarge) {
      why += "; expected a smaller pattern";
    }
    return Status::InvalidInput("not a regular expression RE2 can run (" + why + ")");
  }
  return Pattern(std::string(pattern), std::move(program));
}

bool Pattern::FullMatch(std::string_view text, std::string* first_group) const {
  re2::StringPiece input(text.data(), text.size());
  if (first_group == nullptr || program_->re.NumberOfCapturingGroups() == 0) {
    if (first_group != nullptr) first_group->clear();
    return RE2::FullMatch(input, program_->re);
  }
  re2::StringPiece group;
  if (!RE2::FullMatch(input, program_->re, &group)) return false;
  if (group.data() == nullptr) {
    first_group->clear();
  } else {
    first_group->assign(group.data(), group.size());
  }
  return true;
}

bool Pattern::PartialMatch(std::string_view text) const {
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), program_->re);
}

int Pattern::GroupCount() const { return program_->re.NumberOfCapturingGroups(); }

}  // namespace qbank::text

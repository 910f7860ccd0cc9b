// all-of-the-above: an option that stands for all the others ("All of the above").
#ifndef QBANK_LINT_RULES_FLAWS_ALL_OF_THE_ABOVE_H_
#define QBANK_LINT_RULES_FLAWS_ALL_OF_THE_ABOVE_H_

#include "lint/rule.h"

namespace qbank::lint {

// Reports each option of a single-answer or true/false question whose text, read loosely (case,
// emphasis and end punctuation ignored), is "All of the above" or a variant ("All of these", "All
// the options listed", "All of the above are correct"; see StandsForAllOptions). The message says
// whether it is the key and whether options follow it (then "above" leaves them out). Multiple-
// answer questions are not checked: there the reader marks each option on its own. No options.
class AllOfTheAboveRule : public Rule {
 public:
  std::string_view id() const override { return "all-of-the-above"; }
  std::string_view summary() const override {
    return "An option is \"All of the above\": recognising two true options is enough to pick it.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_ALL_OF_THE_ABOVE_H_

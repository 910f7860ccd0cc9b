// option-fragment (flaws): an option that is a broken piece of a sentence where the others are not.
#ifndef QBANK_LINT_RULES_FLAWS_OPTION_FRAGMENT_H_
#define QBANK_LINT_RULES_FLAWS_OPTION_FRAGMENT_H_

#include "lint/rule.h"

namespace qbank::lint {

// In a choice question with at least three options, reports an option that starts with a
// lower-case joining word ("and", "or", "but", "nor": "But ..." starts a sentence, "NOR" is a gate)
// or stops in the middle of a clause (its last word, as written, "and", "or", "but", "the", "a",
// "an", or a final comma; "Vitamin A" ends with a label, "a^2 = a" with a variable) when no other
// option of the question does the same: a fragment left by a split option or a lost line.
// English words. No options.
class OptionFragmentRule : public Rule {
 public:
  std::string_view id() const override { return "option-fragment"; }
  std::string_view summary() const override {
    return "An option starts with \"and\"/\"or\"/\"but\" or stops mid-clause where the other "
           "options do not.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_OPTION_FRAGMENT_H_

// duplicate-options: two options of one question that are the same after normalisation.
#ifndef QBANK_LINT_RULES_ANSWERS_DUPLICATE_OPTIONS_H_
#define QBANK_LINT_RULES_ANSWERS_DUPLICATE_OPTIONS_H_

#include "lint/rule.h"

namespace qbank::lint {

// Options compare equal under text::OptionComparisonKey (NFKC, case folding, white space and
// trivial edge punctuation ignored; signs and maths symbols kept). Reported on the later option,
// with the earlier one as a related location. Empty options are left to empty-field.
class DuplicateOptionsRule : public Rule {
 public:
  std::string_view id() const override { return "duplicate-options"; }
  std::string_view summary() const override {
    return "Two options of a question are the same after normalisation, case and punctuation.";
  }
  Severity default_severity() const override { return Severity::kError; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ANSWERS_DUPLICATE_OPTIONS_H_

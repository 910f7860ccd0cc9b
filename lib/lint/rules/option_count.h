// option-count: the number of options is within the configured range for the question type.
#ifndef QBANK_LINT_RULES_OPTION_COUNT_H_
#define QBANK_LINT_RULES_OPTION_COUNT_H_

#include <cstdint>

#include "lint/rule.h"

namespace qbank::lint {

// Options: "single", "multiple", "true-false", each a number (exact count) or {"min", "max"}.
// Defaults: single 4, multiple 3 to 10, true-false 2.
class OptionCountRule : public Rule {
 public:
  struct Range {
    int64_t min = 0;
    int64_t max = 0;
  };
  std::string_view id() const override { return "option-count"; }
  std::string_view summary() const override {
    return "The number of options is as configured for the question type (default 4 for single "
           "answer).";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  Status Configure(const model::Value& options) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  Range single_{4, 4};
  Range multiple_{3, 10};
  Range true_false_{2, 2};
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_OPTION_COUNT_H_

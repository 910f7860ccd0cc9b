// option-order: numeric options not in ascending or descending order.
#ifndef QBANK_LINT_RULES_FLAWS_OPTION_ORDER_H_
#define QBANK_LINT_RULES_FLAWS_OPTION_ORDER_H_

#include "lint/rule.h"

namespace qbank::lint {

// Applies to choice questions with at least three options that are all numbers with the same unit
// (ParseWrittenNumber: "12", "-3.5", "$1,200", "3/4", "25%", "40 km/h") and all different. Reports
// the question when the values are neither ascending nor descending, on the first option that
// breaks the order the first two set. No options.
class OptionOrderRule : public Rule {
 public:
  std::string_view id() const override { return "option-order"; }
  std::string_view summary() const override {
    return "Numeric options are not in ascending or descending order.";
  }
  Severity default_severity() const override { return Severity::kInfo; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_OPTION_ORDER_H_

// missing-rationale: an option without a rationale.
#ifndef QBANK_LINT_RULES_MISSING_RATIONALE_H_
#define QBANK_LINT_RULES_MISSING_RATIONALE_H_

#include "lint/rule.h"

namespace qbank::lint {

// Every option of a choice question should say why it is right or wrong. When no option has a
// rationale the question gets one finding (on its stem) instead of one per option.
class MissingRationaleRule : public Rule {
 public:
  std::string_view id() const override { return "missing-rationale"; }
  std::string_view summary() const override {
    return "An option has no rationale saying why it is right or wrong.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_MISSING_RATIONALE_H_

// unused-suppression: a question's suppression that suppressed nothing, or names no rule.
#ifndef QBANK_LINT_RULES_SUPPRESSIONS_UNUSED_SUPPRESSION_H_
#define QBANK_LINT_RULES_SUPPRESSIONS_UNUSED_SUPPRESSION_H_

#include <set>
#include <string>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// A suppression whose rule ran on the question and found nothing to suppress, or that names a rule
// that does not exist. Suppressions of rules that are off for the question are not reported
// (another configuration may need them). A RuleScope::kSuppressions rule: the engine calls
// CheckSuppressions on each question with suppressions once they have been applied.
class UnusedSuppressionRule : public Rule {
 public:
  static constexpr std::string_view kId = "unused-suppression";
  std::string_view id() const override { return kId; }
  std::string_view summary() const override {
    return "A suppression that suppresses nothing, or names an unknown rule.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kSuppressions; }

  // Reports the suppressions of question `index` with used[i] false whose rule is in `ran` (or
  // is "*" when anything ran), and those naming no registered rule.
  void CheckSuppressions(const LintContext& ctx, size_t index, const std::vector<bool>& used,
                         const std::set<std::string, std::less<>>& ran,
                         Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SUPPRESSIONS_UNUSED_SUPPRESSION_H_

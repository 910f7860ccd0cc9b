// Per-question lint suppressions (model::Question::suppressions, filled by importers from a bank
// file's "suppress" list or a text format's comment directive), and the rule that reports the
// suppressions that suppress nothing.
#ifndef QBANK_LINT_SUPPRESSIONS_H_
#define QBANK_LINT_SUPPRESSIONS_H_

#include <set>
#include <string>
#include <vector>

#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::lint {

// Removes from `findings` (all on `question`) those whose rule the question suppresses; sets
// (*used)[i] for each suppression i that removed at least one. A suppression of "*" removes every
// finding except those of "unused-suppression". `used` is resized to the suppression count.
void ApplySuppressions(const model::Question& question, std::vector<Finding>& findings,
                       std::vector<bool>* used);

// unused-suppression: a suppression whose rule ran on the question and found nothing to
// suppress, or that names a rule that does not exist. Suppressions of rules that are off for the
// question are not reported (another configuration may need them). The engine calls
// CheckSuppressions after ApplySuppressions; CheckQuestion does nothing for this rule.
class UnusedSuppressionRule : public Rule {
 public:
  static constexpr std::string_view kId = "unused-suppression";
  std::string_view id() const override { return kId; }
  std::string_view summary() const override {
    return "A suppression that suppresses nothing, or names an unknown rule.";
  }
  Severity default_severity() const override { return Severity::kWarning; }

  // Reports the suppressions of question `index` with used[i] false whose rule is in `ran` (or
  // is "*" when anything ran), and those naming no registered rule.
  void CheckSuppressions(const LintContext& ctx, size_t index, const std::vector<bool>& used,
                         const std::set<std::string, std::less<>>& ran, Reporter& reporter) const;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_SUPPRESSIONS_H_

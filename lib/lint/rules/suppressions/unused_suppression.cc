// unused-suppression: reports the suppressions of a question that suppressed nothing.
#include "lint/rules/suppressions/unused_suppression.h"

#include "base/suggest.h"
#include "lint/registry.h"

namespace qbank::lint {

void UnusedSuppressionRule::CheckSuppressions(const LintContext& ctx, size_t index,
                                              const std::vector<bool>& used,
                                              const std::set<std::string, std::less<>>& ran,
                                              Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  for (size_t i = 0; i < q.suppressions.size(); ++i) {
    const model::Suppression& s = q.suppressions[i];
    std::string path = "suppress[" + std::to_string(i) + "]";
    if (s.rule != "*" && RuleRegistry::Default().Find(s.rule) == nullptr) {
      reporter.ReportAt(index, s.span, path, s.rule,
                        "suppression names unknown rule '" + s.rule + "'" +
                            DidYouMean(s.rule, RuleRegistry::Default().Ids()));
      continue;
    }
    if (i < used.size() && used[i]) continue;
    bool rule_ran = s.rule == "*" ? !ran.empty() : ran.count(s.rule) != 0;
    if (!rule_ran) continue;
    reporter.ReportAt(index, s.span, path, s.rule,
                      s.rule == "*"
                          ? "suppression of every rule is unused: no rule reported "
                            "anything on this question"
                          : "suppression of '" + s.rule +
                                "' is unused: the rule reported nothing on this question");
  }
}

}  // namespace qbank::lint

// Applying per-question suppressions and reporting the unused ones.
#include "lint/suppressions.h"

#include <algorithm>

#include "lint/registry.h"

namespace qbank::lint {

void ApplySuppressions(const model::Question& question, std::vector<Finding>& findings,
                       std::vector<bool>* used) {
  used->assign(question.suppressions.size(), false);
  if (question.suppressions.empty()) return;
  auto suppressed = [&](const Finding& f) {
    bool hit = false;
    for (size_t i = 0; i < question.suppressions.size(); ++i) {
      const std::string& rule = question.suppressions[i].rule;
      bool matches = rule == f.rule_id || (rule == "*" && f.rule_id != UnusedSuppressionRule::kId);
      if (matches) {
        (*used)[i] = true;
        hit = true;
      }
    }
    return hit;
  };
  findings.erase(std::remove_if(findings.begin(), findings.end(), suppressed), findings.end());
}

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
                        "suppression names unknown rule '" + s.rule + "'");
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

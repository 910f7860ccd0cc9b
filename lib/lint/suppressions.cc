// Applying per-question suppressions.
#include "lint/suppressions.h"

#include <algorithm>

#include "lint/rules/suppressions/unused_suppression.h"

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

}  // namespace qbank::lint

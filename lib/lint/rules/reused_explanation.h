// reused-explanation: one explanation or rationale used by many questions.
#ifndef QBANK_LINT_RULES_REUSED_EXPLANATION_H_
#define QBANK_LINT_RULES_REUSED_EXPLANATION_H_

#include "lint/rule.h"

namespace qbank::lint {

// Explanations and option rationales are compared by their comparison keys. A text of at least
// `min-words` words used by at least `min-questions` different questions is reported on every use
// after the first, naming the first and the number of questions sharing it.
class ReusedExplanationRule : public Rule {
 public:
  std::string_view id() const override { return "reused-explanation"; }
  std::string_view summary() const override {
    return "One explanation or rationale is reused word for word across many questions.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  int64_t min_questions_ = 3;
  int64_t min_words_ = 8;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_REUSED_EXPLANATION_H_

// true-false-balance: true/false questions key "True" (or "False") more often than chance.
#ifndef QBANK_LINT_RULES_BANK_TRUE_FALSE_BALANCE_H_
#define QBANK_LINT_RULES_BANK_TRUE_FALSE_BALANCE_H_

#include "lint/key_statistics.h"
#include "lint/rule.h"

namespace qbank::lint {

// For each source file, and for the whole bank when it has several: true/false questions (type
// true-false, or single-answer with the options "True" and "False") by what their key says, tested
// against half and half (chi-square, one degree of freedom). Reported when p < 0.001 and each
// expected count is at least `min-expected` (default 10: 20 questions). Options: "min-expected".
class TrueFalseBalanceRule : public Rule {
 public:
  std::string_view id() const override { return "true-false-balance"; }
  std::string_view summary() const override {
    return "True/false questions key \"True\" (or \"False\") more often than chance (p < 0.001).";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  KeyStatisticsOptions statistics_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_BANK_TRUE_FALSE_BALANCE_H_

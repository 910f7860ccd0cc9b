// key-balance: the keys sit at some positions more often than chance.
#ifndef QBANK_LINT_RULES_BANK_KEY_BALANCE_H_
#define QBANK_LINT_RULES_BANK_KEY_BALANCE_H_

#include "lint/key_statistics.h"
#include "lint/rule.h"

namespace qbank::lint {

// For each source file, and for the whole bank when it has several, and for each option count:
// the positions of the keys of single-answer questions with one key, tested against an even spread
// by a chi-square test (ComputeKeyStatistics). Reported when p < 0.001 and the test means
// something: every position's expected count is at least `min-expected` (default 10: 40 questions
// of four options). The message and the JSON report's "statistics" give the counts, chi-square,
// degrees of freedom and p-value. Options: "min-expected".
class KeyBalanceRule : public Rule {
 public:
  std::string_view id() const override { return "key-balance"; }
  std::string_view summary() const override {
    return "The keys sit at some positions (A, B, ...) more often than chance (chi-square, "
           "p < 0.001).";
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

#endif  // QBANK_LINT_RULES_BANK_KEY_BALANCE_H_

// longest-key-rate: the key is the longest option more (or less) often than chance.
#ifndef QBANK_LINT_RULES_BANK_LONGEST_KEY_RATE_H_
#define QBANK_LINT_RULES_BANK_LONGEST_KEY_RATE_H_

#include "lint/key_statistics.h"
#include "lint/rule.h"

namespace qbank::lint {

// For each source file, and for the whole bank when it has several: of the single-answer questions
// with one key and a single longest option, how many key that option, against 1/n for n options
// (ComputeKeyStatistics; chi-square, one degree of freedom, either direction). Reported when
// p < 0.001 and both expected counts (key longest, key not longest) are at least `min-expected`
// (default 10: 40 questions of four options). Options: "min-expected".
class LongestKeyRateRule : public Rule {
 public:
  std::string_view id() const override { return "longest-key-rate"; }
  std::string_view summary() const override {
    return "The key is the longest option more (or less) often than chance (p < 0.001).";
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

#endif  // QBANK_LINT_RULES_BANK_LONGEST_KEY_RATE_H_

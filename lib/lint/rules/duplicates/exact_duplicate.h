// exact-duplicate: questions with the same stem and the same options in any order.
#ifndef QBANK_LINT_RULES_DUPLICATES_EXACT_DUPLICATE_H_
#define QBANK_LINT_RULES_DUPLICATES_EXACT_DUPLICATE_H_

#include <memory>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// Stems and options are compared by their comparison keys (text::MakeTextKey: case, spacing,
// punctuation, invisible characters and look-alike letters do not count). Each later copy is
// reported on its stem, naming the first (a related location). A copy whose key differs from the
// first's is reported as an error whatever the rule's severity.
class ExactDuplicateRule : public Rule {
 public:
  std::string_view id() const override { return "exact-duplicate"; }
  std::string_view summary() const override {
    return "Two questions have the same stem and the same options (in any order).";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  std::vector<std::string_view> path_options() const override { return {"against"}; }
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  std::vector<std::shared_ptr<const model::Bank>> others_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_DUPLICATES_EXACT_DUPLICATE_H_

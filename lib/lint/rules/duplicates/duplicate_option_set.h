// duplicate-option-set: the same set of options under a different stem.
#ifndef QBANK_LINT_RULES_DUPLICATES_DUPLICATE_OPTION_SET_H_
#define QBANK_LINT_RULES_DUPLICATES_DUPLICATE_OPTION_SET_H_

#include <memory>
#include <vector>

#include "lint/rule.h"
#include "similarity/question_features.h"

namespace qbank::lint {

// Options are compared as a set of comparison keys, in any order. Stock options (`stock-options`,
// by default "all of the above", "true", "false", ...) do not count; at least `min-options` other
// options with at least `min-words` non-numeric words between them must remain, so four numbers
// or a true/false pair never match. A set shared by more than `max-questions` questions is a
// convention of the bank (a rating scale) and is not reported. Questions whose stems are the same
// or alike (half their words shared) are left to exact-duplicate and near-duplicate. Each later
// question is reported on its first option, naming the first question with that set. Option
// `against` names banks to compare with without checking them.
class DuplicateOptionSetRule : public Rule {
 public:
  std::string_view id() const override { return "duplicate-option-set"; }
  std::string_view summary() const override {
    return "Two questions with different stems have the same set of options.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  similarity::FeatureOptions features_;
  int64_t max_questions_ = 10;
  std::vector<std::shared_ptr<const model::Bank>> others_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_DUPLICATES_DUPLICATE_OPTION_SET_H_

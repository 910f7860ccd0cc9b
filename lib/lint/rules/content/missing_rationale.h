// missing-rationale: an option without a rationale.
#ifndef QBANK_LINT_RULES_CONTENT_MISSING_RATIONALE_H_
#define QBANK_LINT_RULES_CONTENT_MISSING_RATIONALE_H_

#include <cstdint>

#include "lint/rule.h"

namespace qbank::lint {

// Every option of a choice question should say why it is right or wrong. When no option has a
// rationale the question gets one finding (on its stem) instead of one per option; when that is
// so in most questions of a file (option "file-wide-percent", default 80), the file gets one
// finding (on its first such question) instead of one per question.
class MissingRationaleRule : public Rule {
 public:
  std::string_view id() const override { return "missing-rationale"; }
  std::string_view summary() const override {
    return "An option has no rationale saying why it is right or wrong.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  int64_t file_wide_percent_ = 80;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_CONTENT_MISSING_RATIONALE_H_

// absolute-terms (flaws): distractors worded with absolute terms while the key is not.
#ifndef QBANK_LINT_RULES_FLAWS_ABSOLUTE_TERMS_H_
#define QBANK_LINT_RULES_FLAWS_ABSOLUTE_TERMS_H_

#include "lint/rule.h"

namespace qbank::lint {

// In a single-answer question with at least three options, reports the distractors that use an
// absolute term ("always", "never", "all", "none", "only"; option "terms" replaces the list) as a
// word of their own, when the key uses none and the stem does not use that term itself (a stem
// that asks "which is always true" makes the options answer in kind). Options that stand for the
// others ("all of the above", "none of these") and statement combinations ("I and II only") are not
// read. One finding per question, at the first such distractor, naming them all. English words,
// ASCII case ignored.
class AbsoluteTermsRule : public Rule {
 public:
  std::string_view id() const override { return "absolute-terms"; }
  std::string_view summary() const override {
    return "Distractors use absolute terms (always, never, all, none, only) while the key does "
           "not: test-wise readers rule them out.";
  }
  Severity default_severity() const override { return Severity::kInfo; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  std::vector<std::string> terms_ = {"always", "never", "all", "none", "only"};
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_ABSOLUTE_TERMS_H_

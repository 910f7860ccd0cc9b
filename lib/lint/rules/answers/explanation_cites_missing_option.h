// explanation-cites-missing-option: an explanation or rationale names an option letter the
// question does not have ("option E" in a four-option question).
#ifndef QBANK_LINT_RULES_ANSWERS_EXPLANATION_CITES_MISSING_OPTION_H_
#define QBANK_LINT_RULES_ANSWERS_EXPLANATION_CITES_MISSING_OPTION_H_

#include "lint/rule.h"

namespace qbank::lint {

// Uses the references of option_references.h in the explanation and in every rationale.
class ExplanationCitesMissingOptionRule : public Rule {
 public:
  std::string_view id() const override { return "explanation-cites-missing-option"; }
  std::string_view summary() const override {
    return "The explanation or a rationale cites an option letter the question does not have.";
  }
  Severity default_severity() const override { return Severity::kError; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ANSWERS_EXPLANATION_CITES_MISSING_OPTION_H_

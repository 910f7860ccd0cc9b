// none-of-the-above: an option that says no other option is right ("None of the above").
#ifndef QBANK_LINT_RULES_FLAWS_NONE_OF_THE_ABOVE_H_
#define QBANK_LINT_RULES_FLAWS_NONE_OF_THE_ABOVE_H_

#include "lint/rule.h"

namespace qbank::lint {

// Reports each option of a single-answer or true/false question whose text, read loosely, is
// "None of the above" or a variant ("None of these", "Neither of the above", "None of the options
// given is correct"; see StandsForAllOptions). A plain "None" (an answer to "how many") is not
// reported. The message says whether it is the key. No options.
class NoneOfTheAboveRule : public Rule {
 public:
  std::string_view id() const override { return "none-of-the-above"; }
  std::string_view summary() const override {
    return "An option is \"None of the above\": as the key it shows only what the reader rules "
           "out.";
  }
  Severity default_severity() const override { return Severity::kInfo; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_NONE_OF_THE_ABOVE_H_

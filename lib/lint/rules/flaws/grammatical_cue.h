// grammatical-cue: a stem ending in "a" or "an" whose article only the key agrees with.
#ifndef QBANK_LINT_RULES_FLAWS_GRAMMATICAL_CUE_H_
#define QBANK_LINT_RULES_FLAWS_GRAMMATICAL_CUE_H_

#include "lint/rule.h"

namespace qbank::lint {

// Applies to single-answer questions whose stem, read loosely (a trailing blank "____" or "..."
// dropped), ends with the word "a" or "an". Each option's first word is read for the sound it
// starts with: a vowel letter (with exceptions: "one", "once", "uni-" as in "unit", "use", "eu-"),
// "hour", "honest", "honour", "heir", and abbreviations in capitals by the name of their first
// letter ("an MRI", "a UN body"); options starting with a digit or other symbol, or a word whose
// sound is not sure ("herb", most "u" words), leave the question unchecked. Reports the key when it
// agrees with the article and every distractor does not. No options.
class GrammaticalCueRule : public Rule {
 public:
  std::string_view id() const override { return "grammatical-cue"; }
  std::string_view summary() const override {
    return "The stem ends in \"a\"/\"an\" and only the key agrees with the article.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_GRAMMATICAL_CUE_H_

// negative-stem: a question sentence that asks for the option that is not, is false or is least,
// without emphasising the negative word.
#ifndef QBANK_LINT_RULES_FLAWS_NEGATIVE_STEM_H_
#define QBANK_LINT_RULES_FLAWS_NEGATIVE_STEM_H_

#include "lint/rule.h"

namespace qbank::lint {

// Reads only the question sentence of the stem (QuestionSentence: the sentence ending at the last
// '?' of the last line, or that line's last sentence; statement lines after it are skipped), so a
// "not" in a reading passage or a quoted text is not reported. The sentence must ask something: it
// ends with '?' or ':', or holds "which", "what", "who", "following", "except" or a blank "___".
// In it, reports the first of "not", "cannot", "except", "least", "false", "incorrect", "untrue"
// written in lower case and without emphasis (not "NOT", "**not**", "_not_", "<b>not</b>",
// "<em>not</em>"). The word must follow a selection word ("which", "what", "who" opening the
// sentence, after a preposition or before "of"/"one"; or "following") and not sit in a relative
// clause opened after it ("what do we call someone who does not ..."); "except" may instead close
// the sentence ("All of the following
// ... except"). Not negative: "not only", "not just", "or not", "if not", "but not", "not-for-
// profit", ", not ..." (an aside), "least" other than "least likely/important/appropriate/..."
// ("the least possible value" asks for a minimum), "false"/"incorrect" before a noun ("false
// positive"), "except when/if/that", "nothing ... except ____" (asks for the one thing that is).
// No options.
class NegativeStemRule : public Rule {
 public:
  std::string_view id() const override { return "negative-stem"; }
  std::string_view summary() const override {
    return "The question asks for the option that is NOT (EXCEPT, LEAST, false) without "
           "emphasising the negative word.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_NEGATIVE_STEM_H_

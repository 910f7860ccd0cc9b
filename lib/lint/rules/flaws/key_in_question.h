// key-in-question (flaws): a stem or option that ends by stating the answer ("Answer: C").
#ifndef QBANK_LINT_RULES_FLAWS_KEY_IN_QUESTION_H_
#define QBANK_LINT_RULES_FLAWS_KEY_IN_QUESTION_H_

#include "lint/rule.h"

namespace qbank::lint {

// Reports a stem or option of a choice question whose text ends with a statement of the answer
// by letter, as lint/option_references.h reads one ("Answer: C", "Correct Answer: (B)", "Ans. D",
// "the correct answer is A", "B is the correct option"), for a letter the question has, with
// nothing after it but white space and sentence punctuation: what the learner sees gives the key
// away. One finding per field, at the stated letter; the message says whether the letter is the
// key. No options.
class KeyInQuestionRule : public Rule {
 public:
  std::string_view id() const override { return "key-in-question"; }
  std::string_view summary() const override {
    return "A stem or option ends by stating the answer (\"Answer: C\"), showing the learner the "
           "key.";
  }
  Severity default_severity() const override { return Severity::kError; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_KEY_IN_QUESTION_H_

// answer-mismatch: the answer the text states is not the keyed option.
#ifndef QBANK_LINT_RULES_ANSWER_MISMATCH_H_
#define QBANK_LINT_RULES_ANSWER_MISMATCH_H_

#include "lint/rule.h"

namespace qbank::lint {

// Two sources of a stated answer are checked against the option marks: the question's
// stated_answer (the page's "Correct answer" block: an option's text or its letter), and
// statements in the explanation such as "Answer: C", "The correct answer is B", "the answer is
// (B)" (see option_references.h). A statement naming an option that does not exist is left to
// explanation-cites-missing-option.
class AnswerMismatchRule : public Rule {
 public:
  std::string_view id() const override { return "answer-mismatch"; }
  std::string_view summary() const override {
    return "The answer named by the correct-answer block or the explanation is not the key.";
  }
  Severity default_severity() const override { return Severity::kError; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ANSWER_MISMATCH_H_

// answer-mismatch: the answer the text states is not the keyed option.
#ifndef QBANK_LINT_RULES_ANSWERS_ANSWER_MISMATCH_H_
#define QBANK_LINT_RULES_ANSWERS_ANSWER_MISMATCH_H_

#include "lint/rule.h"

namespace qbank::lint {

// Two sources of a stated answer are checked against the option marks: the question's
// stated_answer (the page's "Correct answer" block: an option's text or its letter), and
// statements in the explanation such as "Answer: C", "The correct answer is B", "the answer is
// (B)" (see option_references.h). A statement naming an option that does not exist is left to
// explanation-cites-missing-option. The exam-trap note is read like the explanation.
//
// Fix: when a statement's letter is not the key but the key's text is written beside the letter
// ("The answer is B, \"A vacuum\"", "A vacuum (B) is the correct answer"), the options were
// reordered after the text was written, and the fix rewrites the letter to the key's current one.
// When no option's text, or a non-key option's text, is beside the letter, a reorder cannot be
// told from a wrong key or a wrong explanation: the finding says it is not fixed automatically.
class AnswerMismatchRule : public Rule {
 public:
  std::string_view id() const override { return "answer-mismatch"; }
  std::string_view summary() const override {
    return "The answer named by the correct-answer block, the explanation or the trap note is not "
           "the key.";
  }
  Severity default_severity() const override { return Severity::kError; }
  bool can_fix() const override { return true; }
  std::string_view fix_summary() const override {
    return "rewrites a stated letter to the key's when the key's text is beside it (the options "
           "were reordered)";
  }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ANSWERS_ANSWER_MISMATCH_H_

// statement-options: options that combine numbered or lettered statements ("I and II only",
// "Both A and C") the stem does not list.
#ifndef QBANK_LINT_RULES_FLAWS_STATEMENT_OPTIONS_H_
#define QBANK_LINT_RULES_FLAWS_STATEMENT_OPTIONS_H_

#include "lint/rule.h"

namespace qbank::lint {

// An option is a combination when, read loosely, it is made only of labels (Roman numerals
// "I".."X" and "i".."x", numbers 1-9, capital letters A-J, each optionally in parentheses) and the
// words "and", "or", "only", "both", "neither", "nor", "all", "of", "&" and commas, with at least
// two labels or one label and "only" ("II only", "Both A and C", "(i), (ii) and (iv)",
// "1, 2 and 3"), joined by a comma or one of those words ("A B C", a title, is not one); capital
// letters only up to the question's last option. Numbers count only when
// every option of the question is such a combination, so "1 only" beside "0 and 1 only" (a count)
// is not one; numbered and Roman labels must be the first N with none repeated in an option, so
// "2, 2, 3" and "4, 7" (a triangle's sides) are not statements. A label is listed by the stem when
// the stem shows it as a list marker ("I.", "II)", "(iii)", "2.", "(B)", "Statement 1") or, for a
// capital letter, as a word of its own ("points A and B"). Reports the first combination option
// whose labels the stem does not all list, naming the missing ones. No options.
class StatementOptionsRule : public Rule {
 public:
  std::string_view id() const override { return "statement-options"; }
  std::string_view summary() const override {
    return "Options combine statements or options (\"I and II only\", \"Both A and C\") the stem "
           "does not list.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_STATEMENT_OPTIONS_H_

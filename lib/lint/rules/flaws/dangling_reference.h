// dangling-reference (flaws): a stem that points at something the question does not hold.
#ifndef QBANK_LINT_RULES_FLAWS_DANGLING_REFERENCE_H_
#define QBANK_LINT_RULES_FLAWS_DANGLING_REFERENCE_H_

#include "lint/rule.h"

namespace qbank::lint {

// Reads the stem of a choice question as lower-case ASCII words and reports the first reference
// to something outside the question:
// - another question: "according to question 5", "in questions 3 and 4", "see Q2", "(Q2)", "the
//   previous question", "the question above" (not "Q2"/"(Q3)" where the stem speaks of quarters
//   or fiscal years);
// - a passage ("the passage above", "the above text") with fewer than kPassageWords words before
//   it, or one "below" / "the following passage" with fewer after it;
// - a picture or table ("the figure shows", "the diagram above", "shown in the graph", "Figure 2")
//   when the stem holds no image (HTML <img> or <svg>, Markdown ![...]) and, for a table, no table
//   (<table>, a tab, or a line with two "|"). One "below" / "following" with kWrittenOutWords
//   words after it, or one after three lines of text (a chart written out), is taken as there.
// No options.
class DanglingReferenceRule : public Rule {
 public:
  std::string_view id() const override { return "dangling-reference"; }
  std::string_view summary() const override {
    return "A stem points at something the question does not contain (\"in question 5\", \"the "
           "passage above\", \"the figure shows\").";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_DANGLING_REFERENCE_H_

// option-debris: an option that still carries its letter or number, a placeholder, or markup left
// over from a conversion.
#ifndef QBANK_LINT_RULES_CONTENT_OPTION_DEBRIS_H_
#define QBANK_LINT_RULES_CONTENT_OPTION_DEBRIS_H_

#include "lint/rule.h"

namespace qbank::lint {

// Reports, once per option of a choice question, the first of:
// - a label of its own position before the text: "A)59", "(b) Paris", "3: none", "C. Oslo" (the
//   letter or number of the option's place, followed by ')', ']' or ':'; a '.' label counts only
//   when at least two options of the question carry theirs, so "A. Lincoln" alone is not debris);
// - a placeholder as the whole text: "...", "…", "-", "--", "—", "_", "N/A", "TBD", "TBA", "TODO",
//   "FIXME", "XXX", "placeholder", "lorem ipsum ...", "Option B", "Answer 2", "Choice C";
// - in a plain-text question (markup plain), an HTML tag (<p>, <br>, </div>, <span ...>, ...), a
//   character entity (&nbsp;, &amp;, &#39;) or a literal "\n" / "\t" escape.
// No options.
class OptionDebrisRule : public Rule {
 public:
  std::string_view id() const override { return "option-debris"; }
  std::string_view summary() const override {
    return "An option still carries its own letter, is a placeholder, or holds leftover markup.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_CONTENT_OPTION_DEBRIS_H_

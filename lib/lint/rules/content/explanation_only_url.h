// explanation-only-url: an explanation that is nothing but a link.
#ifndef QBANK_LINT_RULES_CONTENT_EXPLANATION_ONLY_URL_H_
#define QBANK_LINT_RULES_CONTENT_EXPLANATION_ONLY_URL_H_

#include <string_view>

#include "lint/rule.h"

namespace qbank::lint {

// True when `text` holds links and nothing else: each non-blank line one URL (http://, https://
// or www.) or Markdown link "[text](URL)", with an optional list marker ("- ", "* ", "1. "), an
// optional leading "See", "See:", "Ref:", "Source:", "Reference:" (or a line of only such a lead,
// "References:"), optional <> or () around the URL and trailing . , or ;.
bool IsOnlyUrl(std::string_view text);

// An explanation (or a rationale) that only links elsewhere teaches nothing on the page.
class ExplanationOnlyUrlRule : public Rule {
 public:
  std::string_view id() const override { return "explanation-only-url"; }
  std::string_view summary() const override {
    return "The explanation or a rationale is only a URL.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_CONTENT_EXPLANATION_ONLY_URL_H_

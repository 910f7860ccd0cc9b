// layout: the places where a file differs from `qbank fmt`'s canonical form of it, each with a fix
// that writes that place as fmt would (eslint-plugin-prettier's model: the formatter's output
// reported through the linter, so `lint --fix` also formats).
#ifndef QBANK_LINT_RULES_HOUSE_STYLE_LAYOUT_H_
#define QBANK_LINT_RULES_HOUSE_STYLE_LAYOUT_H_

#include <string>
#include <string_view>

#include "lint/rule.h"

namespace qbank::lint {

// What lines `before` of a file and fmt's lines `after` for them differ in, as a message starts:
// "blank lines differ" (only blank lines), "trailing white space differs", "indentation differs",
// "label style differs" (only a short first word ending in ')', '.', ':', or a bullet), "spacing
// differs" (white space or line breaks elsewhere), else "layout differs".
std::string_view LayoutDifference(std::string_view before, std::string_view after);

// A RuleScope::kBank rule: for each file the linted questions come from, the file's text is
// compared line by line with the canonical form RuleEnvironment::canonical_form() gives (fmt's:
// the format's writer over what its reader read); each run of differing lines is one finding, at
// its first differing character, on no question, with a fix that replaces exactly those lines.
// Files fmt leaves alone (no canonical form, a loss, input errors or warnings) and runs without a
// canonical form get no finding. No options.
class LayoutRule : public Rule {
 public:
  std::string_view id() const override { return "layout"; }
  std::string_view summary() const override {
    return "The file's layout differs from the canonical form `qbank fmt` writes.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  bool can_fix() const override { return true; }
  std::string_view fix_summary() const override {
    return "writes the differing lines as `qbank fmt` writes them, and nothing else";
  }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  RuleEnvironment::CanonicalForm canonical_form_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_HOUSE_STYLE_LAYOUT_H_

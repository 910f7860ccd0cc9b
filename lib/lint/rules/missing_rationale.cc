// missing-rationale: options whose rationale is empty.
#include "lint/rules/missing_rationale.h"

namespace qbank::lint {
namespace {

bool IsBlank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

}  // namespace

void MissingRationaleRule::CheckQuestion(const LintContext& ctx, size_t index,
                                         Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.empty()) return;
  size_t missing = 0;
  for (const model::Option& o : q.options) missing += IsBlank(o.rationale.value);
  if (missing == 0) return;
  if (missing == q.options.size()) {
    SourceSpan span = q.stem.span.known() ? q.stem.span : q.span;
    reporter.ReportAt(index, span, "options", "",
                      "no option has a rationale; say why each option is right or wrong");
    return;
  }
  for (size_t i = 0; i < q.options.size(); ++i) {
    const model::Option& o = q.options[i];
    if (!IsBlank(o.rationale.value)) continue;
    reporter.Report(index, o.text, "options[" + std::to_string(i) + "].rationale",
                    "option " + model::OptionLetter(i) + " has no rationale; say why it is " +
                        (o.correct ? "right" : "wrong"));
  }
}

}  // namespace qbank::lint

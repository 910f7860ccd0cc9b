// explanation-cites-missing-option: option letters past the last option.
#include "lint/rules/answers/explanation_cites_missing_option.h"

#include "base/str_cat.h"
#include "lint/option_references.h"

namespace qbank::lint {
namespace {

constexpr int kMaxFindingsPerField = 5;
constexpr size_t kExplanation = static_cast<size_t>(-1);  // CheckText's explanation, not an option

// Checks the explanation (`option` kExplanation) or option `option`'s rationale. The path and words
// for the message are made only for a finding.
void CheckText(size_t index, const model::Question& q, size_t option, Reporter& reporter) {
  const model::Text& text = option == kExplanation ? q.explanation : *q.options[option].rationale;
  if (text.value.empty()) return;
  int reported = 0;
  for (const OptionReference& ref : FindOptionReferences(text.value)) {
    if (ref.option < q.options.size()) continue;
    // A text that cites dozens of missing options needs rewriting, not dozens of findings.
    if (++reported > kMaxFindingsPerField) return;
    std::string last = model::OptionLetter(q.options.size() - 1);
    std::string path = option == kExplanation ? std::string("explanation")
                                              : "options[" + std::to_string(option) + "].rationale";
    std::string what = option == kExplanation
                           ? std::string("the explanation")
                           : "the rationale of option " + model::OptionLetter(option);
    reporter.ReportRange(index, text, ref.begin, ref.end, path,
                         StrCat({what, " cites option ", model::OptionLetter(ref.option),
                                 ", but the question has only options A to ", last}));
  }
}

}  // namespace

void ExplanationCitesMissingOptionRule::CheckQuestion(const LintContext& ctx, size_t index,
                                                      Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.empty()) return;
  CheckText(index, q, kExplanation, reporter);
  for (size_t i = 0; i < q.options.size(); ++i) CheckText(index, q, i, reporter);
}

}  // namespace qbank::lint

// explanation-cites-missing-option: option letters past the last option.
#include "lint/rules/answers/explanation_cites_missing_option.h"

#include "lint/option_references.h"

namespace qbank::lint {
namespace {

constexpr int kMaxFindingsPerField = 5;

void CheckText(size_t index, const model::Question& q, const model::Text& text,
               const std::string& path, const char* what, Reporter& reporter) {
  int reported = 0;
  for (const OptionReference& ref : FindOptionReferences(text.value)) {
    if (ref.option < q.options.size()) continue;
    // A text that cites dozens of missing options needs rewriting, not dozens of findings.
    if (++reported > kMaxFindingsPerField) return;
    std::string last = model::OptionLetter(q.options.size() - 1);
    reporter.ReportRange(index, text, ref.begin, ref.end, path,
                         std::string(what) + " cites option " + model::OptionLetter(ref.option) +
                             ", but the question has only options A to " + last);
  }
}

}  // namespace

void ExplanationCitesMissingOptionRule::CheckQuestion(const LintContext& ctx, size_t index,
                                                      Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.empty()) return;
  CheckText(index, q, q.explanation, "explanation", "the explanation", reporter);
  for (size_t i = 0; i < q.options.size(); ++i) {
    CheckText(index, q, q.options[i].rationale, "options[" + std::to_string(i) + "].rationale",
              ("the rationale of option " + model::OptionLetter(i)).c_str(), reporter);
  }
}

}  // namespace qbank::lint

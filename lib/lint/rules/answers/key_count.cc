// key-count: counts the options marked correct.
#include "lint/rules/answers/key_count.h"

namespace qbank::lint {

void KeyCountRule::CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type)) return;
  std::string type(model::QuestionTypeName(q.type));
  if (q.options.empty()) {
    reporter.Report(index, q.stem, "options",
                    type + " question has no options, so it can have no key; add the options");
    return;
  }
  std::vector<size_t> keys = q.KeyIndexes();
  if (keys.empty()) {
    std::string expected = q.type == model::QuestionType::kMultipleAnswer
                               ? "mark at least one option correct"
                               : "mark exactly one option correct";
    reporter.Report(index, q.stem, "stem", type + " question has no key; " + expected);
    return;
  }
  if (keys.size() == 1 || q.type == model::QuestionType::kMultipleAnswer) return;
  std::string letters;
  for (size_t k : keys) letters += (letters.empty() ? "" : ", ") + model::OptionLetter(k);
  // Point at the second key: the first is most likely the intended one.
  const model::Option& second = q.options[keys[1]];
  SourceSpan span = second.correct_span.known() ? second.correct_span : second.text.span;
  reporter.ReportAt(index, span, "options[" + std::to_string(keys[1]) + "].correct",
                    second.text.value,
                    type + " question has " + std::to_string(keys.size()) + " keys (" + letters +
                        "); expected exactly one");
}

}  // namespace qbank::lint

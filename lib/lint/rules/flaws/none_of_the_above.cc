// none-of-the-above: matches each option's loose phrase against the "none of the above" forms.
#include "lint/rules/flaws/none_of_the_above.h"

#include "lint/rules/shared/item_text.h"

namespace qbank::lint {

void NoneOfTheAboveRule::CheckQuestion(const LintContext& ctx, size_t index,
                                       Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (q.type != model::QuestionType::kSingleAnswer && q.type != model::QuestionType::kTrueFalse) {
    return;
  }
  for (size_t i = 0; i < q.options.size(); ++i) {
    const model::Option& o = q.options[i];
    if (!OptionStandsForAllOptions(o.text.value, {"none", "neither"})) continue;
    std::string message =
        "option " + model::OptionLetter(i) + " \"" + o.text.value + "\"" +
        (o.correct ? " is the key: it shows only that the reader ruled the others out, not that "
                     "they know the answer; state the right answer as an option"
                   : " is a distractor: it is rarely chosen and adds little; replace it with a "
                     "plausible wrong answer");
    reporter.Report(index, o.text, "options[" + std::to_string(i) + "]", std::move(message));
  }
}

}  // namespace qbank::lint

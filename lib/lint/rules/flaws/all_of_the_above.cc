// all-of-the-above: matches each option's loose phrase against the "all of the above" forms.
#include "lint/rules/flaws/all_of_the_above.h"

#include "lint/rules/shared/item_text.h"

namespace qbank::lint {

void AllOfTheAboveRule::CheckQuestion(const LintContext& ctx, size_t index,
                                      Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (q.type != model::QuestionType::kSingleAnswer && q.type != model::QuestionType::kTrueFalse) {
    return;
  }
  for (size_t i = 0; i < q.options.size(); ++i) {
    const model::Option& o = q.options[i];
    if (!OptionStandsForAllOptions(o.text.value, {"all"})) continue;
    std::string message = "option " + model::OptionLetter(i) + " \"" + o.text.value + "\"" +
                          (o.correct ? " is the key" : " is a distractor") +
                          ": a reader who knows two options are true picks it without knowing "
                          "the rest; write options that each stand alone";
    std::string phrase = LoosePhrase(o.text.value);
    bool above = phrase.find("above") != std::string::npos ||
                 phrase.find("preceding") != std::string::npos ||
                 phrase.find("previous") != std::string::npos;
    if (above && i + 1 < q.options.size()) {
      message += " (and it is not the last option, so the options after it are not \"above\")";
    }
    reporter.Report(index, o.text, "options[" + std::to_string(i) + "]", std::move(message));
  }
}

}  // namespace qbank::lint

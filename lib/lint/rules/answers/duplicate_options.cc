// duplicate-options: compares the options' comparison keys pairwise (questions have few options).
#include "lint/rules/answers/duplicate_options.h"

#include "text/words.h"

namespace qbank::lint {

void DuplicateOptionsRule::CheckQuestion(const LintContext& ctx, size_t index,
                                         Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  std::vector<std::string> keys;
  keys.reserve(q.options.size());
  for (const model::Option& o : q.options) keys.push_back(text::OptionComparisonKey(o.text.value));
  for (size_t i = 1; i < keys.size(); ++i) {
    if (keys[i].empty()) continue;
    for (size_t j = 0; j < i; ++j) {
      if (keys[i] != keys[j]) continue;
      std::string path = "options[" + std::to_string(i) + "]";
      Finding& f =
          reporter.Report(index, q.options[i].text, path,
                          "option " + model::OptionLetter(i) + " is the same as option " +
                              model::OptionLetter(j) + " (\"" + q.options[j].text.value + "\")");
      f.related.push_back({q.options[j].text.span, "option " + model::OptionLetter(j) + " is here",
                           q.id.value,
                           reporter.QuestionPath(index) + ".options[" + std::to_string(j) + "]"});
      break;  // one finding per duplicated option
    }
  }
}

}  // namespace qbank::lint

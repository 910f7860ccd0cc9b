// duplicate-options: compares the options' comparison keys pairwise (questions have few options).
#include "lint/rules/answers/duplicate_options.h"

#include <optional>
#include <string>
#include <vector>

#include "text/words.h"

namespace qbank::lint {

void DuplicateOptionsRule::CheckQuestion(const LintContext& ctx, size_t index,
                                         Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  const size_t n = q.options.size();
  // Options whose signatures differ cannot have the same key: the keys are made only for the
  // options some other one may equal (usually none).
  std::vector<std::optional<uint64_t>> signatures(n);
  for (size_t i = 0; i < n; ++i) {
    signatures[i] = text::OptionComparisonSignature(q.options[i].text.value);
  }
  auto may_equal = [&](size_t i, size_t j) {
    return !signatures[i] || !signatures[j] || *signatures[i] == *signatures[j];
  };
  std::vector<std::optional<std::string>> keys(n);
  auto key = [&](size_t i) -> const std::string& {
    if (!keys[i]) keys[i] = text::OptionComparisonKey(q.options[i].text.value);
    return *keys[i];
  };
  for (size_t i = 1; i < n; ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (!may_equal(i, j) || key(i).empty() || key(i) != key(j)) continue;
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

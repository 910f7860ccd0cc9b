// option-order: parse every option as a number, then check the sequence is monotonic.
#include "lint/rules/flaws/option_order.h"

#include <vector>

#include "lint/rules/shared/item_text.h"

namespace qbank::lint {

void OptionOrderRule::CheckQuestion(const LintContext& ctx, size_t index,
                                    Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.size() < 3) return;
  std::vector<double> values;
  std::string unit;
  for (size_t i = 0; i < q.options.size(); ++i) {
    std::optional<WrittenNumber> n = ParseWrittenNumber(q.options[i].text.value);
    if (!n) return;
    if (i == 0) unit = n->unit;
    if (n->unit != unit) return;
    for (double v : values) {
      if (v == n->value) return;  // equal values: duplicate-options' business
    }
    values.push_back(n->value);
  }
  bool ascending = values[1] > values[0];
  for (size_t i = 2; i < values.size(); ++i) {
    if ((values[i] > values[i - 1]) == ascending) continue;
    std::string list;
    for (const model::Option& o : q.options) list += (list.empty() ? "" : ", ") + o.text.value;
    reporter.Report(index, q.options[i].text, "options[" + std::to_string(i) + "]",
                    "the options are numbers out of order (" + list +
                        "): list them in ascending or descending order, so readers find their "
                        "answer and the key's place gives nothing away");
    return;
  }
}

}  // namespace qbank::lint

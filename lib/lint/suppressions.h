// Per-question lint suppressions (model::Question::suppressions, filled by importers from a bank
// file's "suppress" list or a text format's comment directive). The rule that reports the
// suppressions that suppress nothing is lint/rules/unused_suppression.h.
#ifndef QBANK_LINT_SUPPRESSIONS_H_
#define QBANK_LINT_SUPPRESSIONS_H_

#include <string>
#include <vector>

#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::lint {

// Removes from `findings` (all on `question`) those whose rule the question suppresses; sets
// (*used)[i] for each suppression i that removed at least one. A suppression of "*" removes every
// finding except those of "unused-suppression". `used` is resized to the suppression count.
void ApplySuppressions(const model::Question& question, std::vector<Finding>& findings,
                       std::vector<bool>* used);

}  // namespace qbank::lint

#endif  // QBANK_LINT_SUPPRESSIONS_H_

// Comparison of two banks field by field: what `qbank fmt` checks after writing a file back in its
// own format and reading the result again, and what the round-trip tests compare.
#ifndef QBANK_MODEL_BANK_COMPARE_H_
#define QBANK_MODEL_BANK_COMPARE_H_

#include <string>
#include <vector>

#include "model/bank.h"

namespace qbank::model {

// The fields whose values differ between `a` and `b`, named as the bank file names them ("stem",
// "options[2].rationale", "tags", "extensions.gift.comments"), in the model's field order. Text
// is compared by value (spans are ignored); extensions are compared member by member, so a
// format's data names its key. Empty when the questions hold the same values.
std::vector<std::string> QuestionDifferences(const Question& a, const Question& b);

// The same for the bank's own fields ("title", "extensions.gift"); questions are not compared.
std::vector<std::string> BankFieldDifferences(const Bank& a, const Bank& b);

}  // namespace qbank::model

#endif  // QBANK_MODEL_BANK_COMPARE_H_

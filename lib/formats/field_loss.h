// Field loss accounting shared by the exporters: walks a bank and records in a LossReport every
// value of a model field that the target format cannot carry, under one stable field name.
#ifndef QBANK_FORMATS_FIELD_LOSS_H_
#define QBANK_FORMATS_FIELD_LOSS_H_

#include <set>
#include <string>
#include <string_view>

#include "formats/format.h"
#include "model/bank.h"

namespace qbank::formats {

// The field names, as they appear in the loss report (the names of the normalised bank file):
//   bank: bank.id bank.title bank.exam bank.publisher bank.language bank.declared_size
//         bank.origin bank.extensions.<key>
//   question: id exam domain stem trap stated_answer explanation tags difficulty markup authors
//         review.date review.reviewer review.checked_against origin.statement origin.references
//         suppress extensions.<key>
//   option: options.rationale options.weight options.extensions.<key>
// A set holding "extensions" (or "bank.extensions", "options.extensions") carries every key of
// that object; "extensions.gift" carries only that key.
using FieldSet = std::set<std::string, std::less<>>;

// Records the bank-level values whose field is not in `held` (one count per value).
void ReportBankLoss(const model::Bank& bank, const FieldSet& held, LossReport& loss);

// Records the values of `question` (and of its options) whose field is not in `held`: one count
// per non-empty text, per tag, per author, per reference, per suppression, per extension key, per
// option rationale or weight; "markup" counts a question whose markup is not plain; "id" counts
// an id that re-import could not derive (one that differs from model::DeriveQuestionId).
void ReportQuestionLoss(const model::Question& question, const FieldSet& held, LossReport& loss);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_FIELD_LOSS_H_

// The writer of the normalised bank file: the canonical JSON form of a model::Bank
// (docs/bank-format.md).
#ifndef QBANK_JSON_BANK_WRITER_H_
#define QBANK_JSON_BANK_WRITER_H_

#include <functional>
#include <string>

#include "model/bank.h"

namespace qbank::json {

// The bank as canonical JSON: members in the fixed order of schemas/bank.schema.json, empty
// strings, arrays and objects left out (an option's `correct` is always written; `type` always;
// `markup` only when not plain), two-space indent, UTF-8 without \u escapes for non-ASCII
// (control characters escaped), a final newline. Writes the values as they are: run
// model::NormalizeBank first for the normalised form. Extensions that are not objects are not
// written (the model keeps extensions as objects). Spans and sources are not written.
std::string WriteBank(const model::Bank& bank);

// A question as it is to be written: the question itself, or a changed copy that lives until the
// next call.
using QuestionView = std::function<const model::Question&(const model::Question&)>;

// The same for `bank`'s own fields and `questions` (not `bank.questions`), each as `view` gives
// it: a writer that changes each question (the json export normalises it) needs no copy of the
// whole bank.
std::string WriteBank(const model::Bank& bank, const model::QuestionList& questions,
                      const QuestionView& view);

}  // namespace qbank::json

#endif  // QBANK_JSON_BANK_WRITER_H_

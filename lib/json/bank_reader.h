// The reader of the normalised bank file (docs/bank-format.md): validation against the bank schema
// and a model::Bank with a span on every field.
#ifndef QBANK_JSON_BANK_READER_H_
#define QBANK_JSON_BANK_READER_H_

#include <cstdint>
#include <string_view>

#include "base/source_text.h"
#include "base/status.h"
#include "model/bank.h"

namespace qbank::json {

// The text of schemas/bank.schema.json, embedded in the library when it was built.
std::string_view BankSchemaText();

// Reads the bank file `src` (registered as source `file` of `bank`) into `bank`. The file is
// validated against the bank schema while it is parsed; questions are converted one at a time, so
// memory holds the model, not a JSON tree. Each bank-level field (id, title, exam, publisher,
// language, declared_size, origin, extensions) is set only when still empty in `bank`; questions
// are appended in file order. Every Text gets the span of its string's content (inside the
// quotes) in `file`, verbatim when the string had no escapes; questions, options and suppressions
// get the span of their object; Option::correct_span is the `correct` value. Returns
// InvalidInput "path:line:col: ..." for a syntax error, a schema violation (with the instance
// path, e.g. "questions[3].options[1].correct: expected boolean, found string") or a member
// written twice, and then leaves `bank` unchanged.
Status ReadBank(const SourceText& src, uint32_t file, model::Bank& bank);

}  // namespace qbank::json

#endif  // QBANK_JSON_BANK_READER_H_

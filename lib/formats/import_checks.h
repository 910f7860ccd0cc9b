// The checks the import pipeline runs over what one input added, whatever its format: text is text
// (no U+0000 or other C0 or C1 control, or DEL, however it got there: raw, or through a JSON, XML
// or GIFT escape), and each question stays within the per-input limits.
#ifndef QBANK_FORMATS_IMPORT_CHECKS_H_
#define QBANK_FORMATS_IMPORT_CHECKS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"
#include "model/bank.h"

namespace qbank::formats {

// The byte offset of the first control character in the UTF-8 text `s` (U+0000-U+001F other than
// tab, line feed and carriage return; U+007F; U+0080-U+009F), or std::string_view::npos.
size_t FindControlCharacter(std::string_view s);

// How a control character is named in messages: "U+0000 (NUL)", "U+001B (ESC)", "U+0085".
std::string DescribeControlCharacter(std::string_view s, size_t offset);

// Limits on one question, far above any real question, that keep a data dump read as a question
// bank from exhausting memory in the steps after import (docs/reliability.md).
struct ImportLimits {
  size_t max_field_bytes = 1 << 20;  // one text field (a stem, an option, an explanation)
  size_t max_options = 1000;         // options of one question
  size_t max_list_values = 10000;    // tags, authors, references of one question
};

// What CheckImported found: a problem in the bank's own fields (which sinks the input), and the
// first problem of each question that has one (those questions are dropped; the input's other
// questions stay, as for any per-question error).
struct ImportCheck {
  Status bank;
  std::vector<std::pair<size_t, Status>> questions;  // question index, its first problem
};

// Checks what the import of one input added to `bank`: the questions from index `first_question`
// on, and the bank's own fields. Each problem is an InvalidInput:
//   "path:line:col: FIELD: expected text, found the control character U+0000 (NUL) ..." (the
//   exact place when the field is verbatim, else where the field starts);
//   "path:line:col: FIELD: N bytes long; at most M bytes a field ...";
//   "path:line:col: question with N options; at most M ...".
ImportCheck CheckImported(const model::Bank& bank, size_t first_question,
                          const ImportLimits& limits = {});

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_IMPORT_CHECKS_H_

// What the Aiken reader and writer share: the characters that count as space on a line.
#ifndef QBANK_FORMATS_AIKEN_AIKEN_SYNTAX_H_
#define QBANK_FORMATS_AIKEN_AIKEN_SYNTAX_H_

#include <algorithm>
#include <cctype>

#include "base/utf8_text.h"
#include "formats/aiken/aiken_format.h"
#include "formats/field_loss.h"
#include "formats/source_decoding.h"

namespace qbank::formats::aiken_syntax {

inline bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

}  // namespace qbank::formats::aiken_syntax

#endif  // QBANK_FORMATS_AIKEN_AIKEN_SYNTAX_H_

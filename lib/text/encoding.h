// Character encodings: turning the bytes of a file written in a legacy encoding (windows-1252,
// ISO-8859-1, Shift_JIS, ...) into UTF-8 through ICU's converters (this folder is the ICU door).
#ifndef QBANK_TEXT_ENCODING_H_
#define QBANK_TEXT_ENCODING_H_

#include <string>
#include <string_view>

#include "base/status.h"

namespace qbank::text {

// `bytes` decoded from `encoding` (any name or alias ICU knows: "windows-1252", "latin1",
// "UTF-16LE", ...) and re-encoded as UTF-8; a leading byte-order mark is dropped. Returns
// NotFound "unknown encoding 'NAME'" when ICU has no such converter, and InvalidInput
// "byte N is not valid ENCODING" when the bytes are not valid in that encoding (no replacement
// characters are ever produced silently); the offset of that byte then goes to `*error_offset`.
Result<std::string> ConvertToUtf8(std::string_view bytes, std::string_view encoding,
                                  size_t* error_offset = nullptr);

// True when `encoding` names UTF-8 (case and punctuation ignored: "utf8", "UTF-8").
bool IsUtf8EncodingName(std::string_view encoding);

}  // namespace qbank::text

#endif  // QBANK_TEXT_ENCODING_H_

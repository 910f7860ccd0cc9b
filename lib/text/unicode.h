// Unicode basics for the whole library: UTF-8 validation, NFC, white-space normalisation. This
// folder is the only place that includes ICU.
#ifndef QBANK_TEXT_UNICODE_H_
#define QBANK_TEXT_UNICODE_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace qbank::text {

// True when `s` is well-formed UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF).
// Otherwise false, with the byte offset of the first bad sequence in `*error_offset`.
bool IsValidUtf8(std::string_view s, size_t* error_offset = nullptr);

// `s` in Unicode Normalization Form C. `s` must be valid UTF-8.
std::string ToNfc(std::string_view s);
// True when `s` is already NFC (cheap for ASCII).
bool IsNfc(std::string_view s);

// NFC plus white-space normalisation of a field value: every line's trailing white space removed,
// runs of spaces and tabs inside a line made one space, leading and trailing blank lines and
// white space removed, more than one blank line in a row made one, CRLF made LF. Line breaks
// inside the value are kept (paragraphs stay paragraphs).
std::string NormalizeField(std::string_view s);

// Lower-cased (full Unicode case folding) copy of `s`.
std::string FoldCase(std::string_view s);

}  // namespace qbank::text

#endif  // QBANK_TEXT_UNICODE_H_

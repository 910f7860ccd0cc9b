// Unicode character classes for scans that walk a text code point by code point (the typography
// rule): ICU's properties behind plain functions, so callers outside text/ need no ICU.
#ifndef QBANK_TEXT_CHARACTERS_H_
#define QBANK_TEXT_CHARACTERS_H_

namespace qbank::text {

// True when `c` is a letter of any script (ICU u_isalpha: general category L) or a combining
// mark (category M), which belongs to the letter before it ("e" + U+0301 is one letter "é").
// False for values that are no code point.
bool IsLetterOrMark(char32_t c);

// True when `c` is an upper-case letter (u_isupper) or a combining mark, so a capital with an
// accent written as two code points still reads as a capital ("E" + U+0301).
bool IsUpperCaseOrMark(char32_t c);

}  // namespace qbank::text

#endif  // QBANK_TEXT_CHARACTERS_H_

// Character classes over ICU's uchar.h.
#include "text/characters.h"

#include <unicode/uchar.h>

namespace qbank::text {
namespace {

bool IsCodePoint(char32_t c) { return c <= 0x10FFFF; }

bool IsMark(char32_t c) { return (U_GET_GC_MASK(static_cast<UChar32>(c)) & U_GC_M_MASK) != 0; }

}  // namespace

bool IsLetterOrMark(char32_t c) {
  return IsCodePoint(c) && (u_isalpha(static_cast<UChar32>(c)) || IsMark(c));
}

bool IsUpperCaseOrMark(char32_t c) {
  return IsCodePoint(c) && (u_isupper(static_cast<UChar32>(c)) || IsMark(c));
}

}  // namespace qbank::text

// UTF-8 text at the byte level, without ICU: ASCII white space (test and trim), decoding one
// UTF-8 sequence (forwards or backwards) and the byte-order mark. The one copy of these for every
// folder (text/ has the Unicode-aware rest).
#ifndef QBANK_BASE_UTF8_TEXT_H_
#define QBANK_BASE_UTF8_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace qbank {

// ' ', '\t', '\r' or '\n': the white space every format skips around fields and lines.
constexpr bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// True when `s` is empty or only white space.
constexpr bool IsBlank(std::string_view s) {
  for (char c : s) {
    if (!IsBlank(c)) return false;
  }
  return true;
}

// The number of white-space bytes at the start of `s` (its size when all blank).
constexpr size_t CountLeadingBlanks(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && IsBlank(s[n])) ++n;
  return n;
}

// `s` without white space at its end.
constexpr std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

// `s` without white space at either end.
constexpr std::string_view Trim(std::string_view s) {
  s.remove_prefix(CountLeadingBlanks(s));
  return TrimRight(s);
}

// The length of the well-formed UTF-8 sequence starting at s[i] (1 for ASCII), with its code
// point in `*code_point` when given; 0 when the bytes there are not one: a continuation or
// invalid lead byte, a sequence cut short, an overlong form, a surrogate or a value above
// U+10FFFF. `i` must be inside `s`.
constexpr size_t Utf8SequenceLength(std::string_view s, size_t i, char32_t* code_point = nullptr) {
  auto c = static_cast<unsigned char>(s[i]);
  size_t len = 0;
  char32_t cp = 0;
  char32_t min = 0;
  if (c < 0x80) {
    len = 1, cp = c;
  } else if (c >= 0xC2 && c <= 0xDF) {
    len = 2, cp = c & 0x1F, min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3, cp = c & 0x0F, min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4, cp = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (len > s.size() - i) return 0;
  for (size_t k = 1; k < len; ++k) {
    auto d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  if (code_point != nullptr) *code_point = cp;
  return len;
}

// The UTF-8 byte-order mark. Readers drop it from the front of a file (formats::DropByteOrderMark,
// which records it as SourceText::file_offset()); the commands that rewrite a user's file in place
// (`lint --fix`, `fmt --write`) keep it there.
inline constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// `rewritten`, a writer's new form of `file`, with the byte-order mark `file` begins with put in
// front, unless `rewritten` begins with one already (a mark the writer wrote itself).
inline std::string KeepByteOrderMark(std::string_view file, std::string rewritten) {
  if (file.starts_with(kByteOrderMark) && !rewritten.starts_with(kByteOrderMark)) {
    rewritten.insert(0, kByteOrderMark);
  }
  return rewritten;
}

// The length of the well-formed UTF-8 sequence that ends just before s[i] (so it starts at
// s[i - length]), with its code point in `*code_point` when given; 0 when `i` is 0 or the bytes
// before `i` end no well-formed sequence (a lone continuation byte, a sequence cut short). Reads
// at most four bytes back. `i` must be at most s.size().
constexpr size_t Utf8SequenceBefore(std::string_view s, size_t i, char32_t* code_point = nullptr) {
  for (size_t length = 1; length <= 4 && length <= i; ++length) {
    if ((static_cast<unsigned char>(s[i - length]) & 0xC0) == 0x80) continue;  // continuation
    return Utf8SequenceLength(s, i - length, code_point) == length ? length : 0;
  }
  return 0;
}

}  // namespace qbank

#endif  // QBANK_BASE_UTF8_TEXT_H_

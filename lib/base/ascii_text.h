// ASCII text at the byte level: case-insensitive comparison (ASCII letters only, which is what
// markup names, URL schemes and option texts compared letter by letter need) and the scans over
// lines and runs of one byte that text rules repeat. The one copy of these for every folder.
#ifndef QBANK_BASE_ASCII_TEXT_H_
#define QBANK_BASE_ASCII_TEXT_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace qbank {

// `c` with an ASCII capital made small; every other byte as it is.
constexpr char AsciiToLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

// True when `a` and `b` are equal with ASCII letter case ignored.
constexpr bool AsciiEqualIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiToLower(a[i]) != AsciiToLower(b[i])) return false;
  }
  return true;
}

// `s` with every ASCII capital made small (other bytes, UTF-8 sequences included, as they are).
inline std::string AsciiLowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = AsciiToLower(c);
  return out;
}

// True when `s` starts with `prefix`, ASCII letter case ignored.
constexpr bool AsciiStartsWithIgnoringCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && AsciiEqualIgnoringCase(s.substr(0, prefix.size()), prefix);
}

// The end of the line holding byte `at`: the offset of the next '\n' from `at` on, or the size of
// `s` when there is none.
constexpr size_t LineEnd(std::string_view s, size_t at) {
  size_t end = s.find('\n', at);
  return end == std::string_view::npos ? s.size() : end;
}

// How many bytes equal to `c` stand in a row from `at` on (0 when `at` is past the end).
constexpr size_t RunLength(std::string_view s, size_t at, char c) {
  size_t n = 0;
  while (at + n < s.size() && s[at + n] == c) ++n;
  return n;
}

}  // namespace qbank

#endif  // QBANK_BASE_ASCII_TEXT_H_

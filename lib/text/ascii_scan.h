// Internal to lib/text/: stepping over runs of ASCII bytes eight at a time, the fast paths' first
// step (ASCII text needs no decoding, and most question text is ASCII).
#ifndef QBANK_TEXT_ASCII_SCAN_H_
#define QBANK_TEXT_ASCII_SCAN_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace qbank::text::internal {

// The offset of the first byte at or after `at` that is not ASCII, or text.size().
inline size_t NextNonAscii(std::string_view text, size_t at) {
  const size_t n = text.size();
  const char* p = text.data();
  while (at + 8 <= n) {
    uint64_t block;
    std::memcpy(&block, p + at, 8);
    if ((block & 0x8080808080808080ULL) != 0) break;
    at += 8;
  }
  while (at < n && static_cast<unsigned char>(p[at]) < 0x80) ++at;
  return at;
}

// True when every byte of `text` is ASCII.
inline bool IsAsciiText(std::string_view text) { return NextNonAscii(text, 0) == text.size(); }

}  // namespace qbank::text::internal

#endif  // QBANK_TEXT_ASCII_SCAN_H_

// Eight bytes at a time in one 64-bit word (SWAR, "SIMD within a register"), for the byte scans
// of the readers and text checks. Each byte's answer is its top bit (0x80), so a block's answers
// are one word: tested at once, counted by a multiplication, the first found by countr_zero.
// Blocks are read in memory order on a little-endian machine (byte 0 is the lowest).
#ifndef QBANK_BASE_SWAR_H_
#define QBANK_BASE_SWAR_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace qbank::swar {

inline constexpr uint64_t kOnes = 0x0101010101010101ULL;
inline constexpr uint64_t kHighBits = 0x8080808080808080ULL;

// The eight bytes at `p`.
inline uint64_t Load(const char* p) {
  uint64_t word;
  std::memcpy(&word, p, sizeof word);
  return word;
}

// 0x80 in each byte of `word` equal to `c`, 0 in the others. Exact for any bytes: the low seven
// bits of a byte, plus 0x7F, cannot carry out of it.
inline uint64_t BytesEqual(uint64_t word, unsigned char c) {
  const uint64_t x = word ^ (c * kOnes);
  return ~(((x & ~kHighBits) + ~kHighBits) | x) & kHighBits;
}

// How many bytes of `flags` (each 0x80 or 0) are set, by one multiplication: std::popcount is a
// library call without -mpopcnt.
inline size_t CountFlags(uint64_t flags) {
  return static_cast<size_t>(((flags >> 7) * kOnes) >> 56);
}

// 0x80 in each byte of `ascii`, a block whose bytes are all below 0x80, that is at least `c`
// (1 <= c <= 0x80): no sum carries out of a byte below 0x80.
inline uint64_t BytesAtLeast(uint64_t ascii, unsigned char c) {
  return (ascii + (0x80 - c) * kOnes) & kHighBits;
}

// 0x80 in each ASCII letter and digit of `ascii`, a block whose bytes are all below 0x80.
inline uint64_t AsciiLettersAndDigits(uint64_t ascii) {
  const uint64_t folded = ascii | 0x20 * kOnes;  // upper case to lower; no other byte to a letter
  const uint64_t letters = BytesAtLeast(folded, 'a') & ~BytesAtLeast(folded, 'z' + 1);
  const uint64_t digits = BytesAtLeast(ascii, '0') & ~BytesAtLeast(ascii, '9' + 1);
  return letters | digits;
}

// 0x80 in the first byte of `word` below `c` (1 <= c <= 0x80), and maybe in bytes after it (a
// byte below `c` borrows from the next); 0 when no byte is. For FirstFlag, not for counting.
inline uint64_t FirstBytesBelow(uint64_t word, unsigned char c) {
  return (word - c * kOnes) & ~word & kHighBits;
}

// How many bytes of `text` are `c`, eight at a time.
inline size_t CountBytes(std::string_view text, unsigned char c) {
  size_t count = 0, i = 0;
  for (; i + 8 <= text.size(); i += 8) count += CountFlags(BytesEqual(Load(text.data() + i), c));
  for (; i < text.size(); ++i) count += static_cast<unsigned char>(text[i]) == c ? 1 : 0;
  return count;
}

// The index (0 to 7) of the first set byte of `flags`, which is not 0.
inline size_t FirstFlag(uint64_t flags) { return static_cast<size_t>(std::countr_zero(flags)) / 8; }

}  // namespace qbank::swar

#endif  // QBANK_BASE_SWAR_H_

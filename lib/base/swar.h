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

// The index (0 to 7) of the first set byte of `flags`, which is not 0.
inline size_t FirstFlag(uint64_t flags) { return static_cast<size_t>(std::countr_zero(flags)) / 8; }

}  // namespace qbank::swar

#endif  // QBANK_BASE_SWAR_H_

// Fingerprints of token sequences: 64-bit token hashes, word n-gram (shingle) hashes, and
// winnowing, the local selection of n-gram fingerprints that keeps every long shared run visible.
#ifndef QBANK_SIMILARITY_FINGERPRINT_H_
#define QBANK_SIMILARITY_FINGERPRINT_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "text/text_key.h"

namespace qbank::similarity {

// A 64-bit hash of one token (FNV-1a, then a final avalanche so low bits are usable). The same
// bytes give the same hash on every run and machine; the reference index file depends on it.
// Inline: the features pass hashes every token of every field.
inline uint64_t HashToken(std::string_view token) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : token) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  // Murmur3's finaliser: FNV's low bits are weak, and the index buckets by the top bits.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

// Mixes `value` into `seed` (order matters): for hashing sequences of hashes.
inline uint64_t CombineHash(uint64_t seed, uint64_t value) {
  uint64_t h = seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
  h ^= h >> 31;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 29;
  return h;
}

// The hashes of every token of `key`, in order.
std::vector<uint64_t> TokenHashes(const text::TextKey& key);

// Hash of each word n-gram: out[i] covers tokens[i, i + n). Empty when tokens.size() < n; n >= 1.
std::vector<uint64_t> NgramHashes(const std::vector<uint64_t>& tokens, size_t n);

// Winnowing (Schleimer, Wilkerson, Aiken 2003): of every window of `window` consecutive hashes
// the smallest is selected (the rightmost on ties), each selected position once, ascending. When
// there are fewer hashes than `window`, the smallest one is selected. Two sequences that share a
// run of window + n - 1 tokens share at least one selected n-gram. window >= 1.
std::vector<size_t> Winnow(const std::vector<uint64_t>& hashes, size_t window);

}  // namespace qbank::similarity

#endif  // QBANK_SIMILARITY_FINGERPRINT_H_

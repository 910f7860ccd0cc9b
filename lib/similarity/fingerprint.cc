// Token hashing, n-gram hashing and winnowing.
#include "similarity/fingerprint.h"

#include <deque>

namespace qbank::similarity {

std::vector<uint64_t> TokenHashes(const text::TextKey& key) {
  std::vector<uint64_t> out;
  out.reserve(key.size());
  for (size_t i = 0; i < key.size(); ++i) out.push_back(HashToken(key.Word(i)));
  return out;
}

std::vector<uint64_t> NgramHashes(const std::vector<uint64_t>& tokens, size_t n) {
  std::vector<uint64_t> out;
  if (n == 0 || tokens.size() < n) return out;
  out.reserve(tokens.size() - n + 1);
  for (size_t i = 0; i + n <= tokens.size(); ++i) {
    uint64_t h = 0x6a09e667f3bcc908ULL;
    for (size_t k = 0; k < n; ++k) h = CombineHash(h, tokens[i + k]);
    out.push_back(h);
  }
  return out;
}

std::vector<size_t> Winnow(const std::vector<uint64_t>& hashes, size_t window) {
  std::vector<size_t> selected;
  if (hashes.empty()) return selected;
  if (window == 0) window = 1;
  if (hashes.size() <= window) {
    size_t best = 0;
    for (size_t i = 1; i < hashes.size(); ++i) {
      if (hashes[i] <= hashes[best]) best = i;
    }
    selected.push_back(best);
    return selected;
  }
  // A monotone deque of positions whose hashes increase strictly from front to back; the front is
  // the window's rightmost minimum.
  std::deque<size_t> candidates;
  for (size_t i = 0; i < hashes.size(); ++i) {
    while (!candidates.empty() && hashes[candidates.back()] >= hashes[i]) candidates.pop_back();
    candidates.push_back(i);
    if (candidates.front() + window <= i) candidates.pop_front();
    if (i + 1 >= window) {
      size_t pick = candidates.front();
      if (selected.empty() || selected.back() != pick) selected.push_back(pick);
    }
  }
  return selected;
}

}  // namespace qbank::similarity

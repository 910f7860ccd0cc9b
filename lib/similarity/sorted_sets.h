// Sets kept as ascending sequences without repeats (distinct word hashes or ranks): how many
// values two of them share, and their Jaccard similarity.
#ifndef QBANK_SIMILARITY_SORTED_SETS_H_
#define QBANK_SIMILARITY_SORTED_SETS_H_

#include <cstddef>

namespace qbank::similarity {

// The number of values ascending, repeat-free sequences a[0, na) and b[0, nb) share.
template <typename T>
size_t CommonCount(const T* a, size_t na, const T* b, size_t nb) {
  size_t i = 0, j = 0, common = 0;
  while (i < na && j < nb) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++common;
      ++i;
      ++j;
    }
  }
  return common;
}

// Jaccard similarity |A and B| / |A or B| of sets of `na` and `nb` values sharing `common`; 0
// when both are empty.
inline double Jaccard(size_t common, size_t na, size_t nb) {
  if (na + nb == 0) return 0.0;
  return static_cast<double>(common) / static_cast<double>(na + nb - common);
}

}  // namespace qbank::similarity

#endif  // QBANK_SIMILARITY_SORTED_SETS_H_

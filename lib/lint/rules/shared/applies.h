// Whether a per-bank rule applies to a question: the engine passes CheckBank the indexes of the
// questions the rule applies to, ascending.
#ifndef QBANK_LINT_RULES_SHARED_APPLIES_H_
#define QBANK_LINT_RULES_SHARED_APPLIES_H_

#include <algorithm>
#include <cstddef>
#include <span>

namespace qbank::lint {

// True when question `index` is one of `indexes` (ascending), the questions a rule applies to.
inline bool Applies(std::span<const size_t> indexes, size_t index) {
  return std::binary_search(indexes.begin(), indexes.end(), index);
}

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_APPLIES_H_

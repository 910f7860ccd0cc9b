// Edit distance and the nearest known name.
#include "base/suggest.h"

#include <algorithm>
#include <limits>

#include "base/ascii_text.h"

namespace qbank {

size_t EditDistance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic-programming table: two back (for transpositions), one back, this.
  const size_t n = b.size();
  std::vector<size_t> two_back(n + 1), one_back(n + 1), row(n + 1);
  for (size_t j = 0; j <= n; ++j) one_back[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (size_t j = 1; j <= n; ++j) {
      size_t cost = AsciiToLower(a[i - 1]) == AsciiToLower(b[j - 1]) ? 0 : 1;
      row[j] = std::min({one_back[j] + 1, row[j - 1] + 1, one_back[j - 1] + cost});
      if (i > 1 && j > 1 && AsciiToLower(a[i - 1]) == AsciiToLower(b[j - 2]) &&
          AsciiToLower(a[i - 2]) == AsciiToLower(b[j - 1])) {
        row[j] = std::min(row[j], two_back[j - 2] + 1);
      }
    }
    std::swap(two_back, one_back);
    std::swap(one_back, row);
  }
  return one_back[n];
}

std::optional<std::string> Suggest(std::string_view typed, const std::vector<std::string>& known) {
  if (typed.empty()) return std::nullopt;
  const size_t limit = typed.size() <= 3 ? 1 : 2;
  size_t best = std::numeric_limits<size_t>::max();
  const std::string* nearest = nullptr;
  for (const std::string& name : known) {
    // The distance is at least the difference in length: a 10 MB name is compared with nothing
    // (the table would take seconds per known name).
    size_t longer = std::max(typed.size(), name.size());
    if (longer - std::min(typed.size(), name.size()) > limit) continue;
    size_t d = EditDistance(typed, name);
    if (d < best) {
      best = d;
      nearest = &name;
    }
  }
  if (nearest != nullptr && best <= limit) return *nearest;
  if (typed.size() < 3) return std::nullopt;
  const std::string* only = nullptr;
  for (const std::string& name : known) {
    if (!AsciiStartsWithIgnoringCase(name, typed)) continue;
    if (only != nullptr) return std::nullopt;  // ambiguous
    only = &name;
  }
  if (only != nullptr) return *only;
  return std::nullopt;
}

std::string DidYouMean(std::string_view typed, const std::vector<std::string>& known,
                       std::string_view prefix) {
  std::optional<std::string> name = Suggest(typed, known);
  if (!name) return "";
  return "; did you mean '" + std::string(prefix) + *name + "'?";
}

}  // namespace qbank

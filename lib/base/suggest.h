// "Did you mean": the known name nearest to a mistyped one (a command, option, rule id, config
// key), by edit distance with transpositions, or as the one name the typed text begins.
#ifndef QBANK_BASE_SUGGEST_H_
#define QBANK_BASE_SUGGEST_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qbank {

// The optimal-string-alignment distance between `a` and `b` (Damerau-Levenshtein where a swap of
// two adjacent characters costs 1 and no substring is edited twice), over bytes, ignoring ASCII
// case.
size_t EditDistance(std::string_view a, std::string_view b);

// The name among `known` the user most likely meant by `typed`: the nearest by EditDistance when
// it is at most 2 (at most 1 for a typed name of three characters or fewer), the earliest in
// `known` on a tie; else the only name that starts with `typed` (of three characters or more);
// else nullopt. An exact match (ignoring case) is returned as itself.
std::optional<std::string> Suggest(std::string_view typed, const std::vector<std::string>& known);

// "; did you mean 'NAME'?" for Suggest's answer (NAME prefixed with `prefix`, e.g. "--"), or ""
// when there is none: to append to an "unknown ..." message.
std::string DidYouMean(std::string_view typed, const std::vector<std::string>& known,
                       std::string_view prefix = "");

}  // namespace qbank

#endif  // QBANK_BASE_SUGGEST_H_

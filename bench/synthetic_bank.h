// Synthetic banks for the duplicate benchmark: random questions in an invented vocabulary (10-80
// word stems, four options, templated openings in a good share of them) with planted duplicates of
// every kind the duplicate checks must catch, and the list of what was planted.
#ifndef QBANK_BENCH_SYNTHETIC_BANK_H_
#define QBANK_BENCH_SYNTHETIC_BANK_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/bank.h"

namespace qbank::bench {

enum class PlantKind {
  kExact,       // the same question again
  kFormatting,  // case, spacing, punctuation and emphasis changed
  kWordSwap,    // a few neighbouring words swapped
  kReorder,     // clauses of the stem reordered, options shuffled
  kSynonyms,    // a few words replaced by others
  kLookalike,   // look-alike Cyrillic letters and zero-width spaces
  kNumbers,     // the numbers in the stem changed
  kOptionSet,   // the same options under a new stem
  kSwap,        // words swapped anywhere in the stem (not only neighbours), two options exchanged
  kMixed,       // two words replaced, two neighbouring swaps and two words inserted, together
  kNumeric,     // a problem with numbers in the stem and numeric options, other values in each
  kPartialOverlap,  // the stem's opening fifth dropped and a new clause of as many words added
};
inline constexpr int kPlantKinds = 12;
std::string_view PlantKindName(PlantKind kind);

struct PlantedPair {
  uint32_t original = 0;  // question indexes in the bank
  uint32_t copy = 0;
  PlantKind kind = PlantKind::kExact;
};

struct SyntheticBank {
  model::Bank bank;
  std::vector<PlantedPair> planted;
};

struct SyntheticOptions {
  size_t questions = 10000;      // total, planted copies included
  double planted_share = 0.05;   // share of the questions that are planted copies
  double templated_share = 0.4;  // share of stems that open with a stock template
  uint64_t seed = 1;
  // When not empty, only these kinds are planted (each an equal share); else every kind.
  std::vector<PlantKind> kinds;
};

// A bank of `options.questions` questions; each original has at most one planted copy, copies
// are spread through the bank. The same options give the same bank.
SyntheticBank MakeSyntheticBank(const SyntheticOptions& options);

// Random prose in the same vocabulary (for reference documents): `words` words.
std::string SyntheticProse(size_t words, uint64_t seed);

// Question text as a dump would print it: the stem, then "A. ..." lines.
std::string DumpText(const model::Question& question);

// `text` with `swaps` pairs of neighbouring words swapped (deterministic for a seed).
std::string SwapWords(const std::string& text, size_t swaps, uint64_t seed);
// `text` with Latin letters a, c, e, o, p, x replaced by Cyrillic look-alikes in some words and a
// zero-width space inserted in others.
std::string Disguise(const std::string& text, uint64_t seed);

}  // namespace qbank::bench

#endif  // QBANK_BENCH_SYNTHETIC_BANK_H_

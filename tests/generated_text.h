// What the fast-path property tests share: random texts made of pieces, and the MMLU test split
// when it is there.
#ifndef QBANK_TESTS_GENERATED_TEXT_H_
#define QBANK_TESTS_GENERATED_TEXT_H_

#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace qbank::testing {

// 1 to `max_pieces` pieces drawn from `pieces`, each followed by a space with probability
// 1/`space_one_in` (else glued to the next, so words of several pieces form).
inline std::string RandomPieces(const std::vector<std::string>& pieces, size_t max_pieces,
                                size_t space_one_in, std::mt19937& rng) {
  std::uniform_int_distribution<size_t> count(1, max_pieces), pick(0, pieces.size() - 1),
      glue(0, space_one_in - 1);
  std::string text;
  for (size_t i = count(rng); i > 0; --i) {
    text += pieces[pick(rng)];
    if (glue(rng) == 0) text += ' ';
  }
  return text;
}

// The MMLU test split (one CSV per subject) beside the checkout (../shared/data/mmlu-test) or
// beside the folder of worktrees (../../shared/data/mmlu-test); empty when neither is there.
inline std::filesystem::path MmluTestDir() {
  const std::filesystem::path source(QBANK_SOURCE_DIR);
  for (const std::filesystem::path& dir :
       {source / ".." / "shared" / "data" / "mmlu-test",
        source / ".." / ".." / "shared" / "data" / "mmlu-test"}) {
    if (std::filesystem::is_directory(dir)) return dir;
  }
  return {};
}

}  // namespace qbank::testing

#endif  // QBANK_TESTS_GENERATED_TEXT_H_

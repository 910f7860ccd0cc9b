// Rule categories: every rule belongs to one, named at its registration, so a user can select or
// ignore a whole group (`--select flaws`, `--ignore house-style`), as ruff selects by prefix.
#ifndef QBANK_LINT_CATEGORY_H_
#define QBANK_LINT_CATEGORY_H_

#include <optional>
#include <span>
#include <string_view>

namespace qbank::lint {

// In the order `qbank rules` lists them. Each rule's files are in lib/lint/rules/<folder>/, the
// folder being the name with '-' written '_'.
enum class Category {
  kAnswers,       // the options and the key: mismatches, counts, copies, what the explanation cites
  kContent,       // the texts a question needs: empty or overlong fields, rationales, debris
  kFlaws,         // item-writing flaws: cues, negative stems, all/none of the above
  kDuplicates,    // the same question, option set or explanation twice, within and across banks
  kOriginality,   // copies of leaked material: dump markers, overlap with reference corpora
  kCharacters,    // invisible and look-alike characters
  kBank,          // the bank as a whole: key balance, longest-key rate, true/false balance
  kHouseStyle,    // a team's own conventions: typography, layout, metadata, review age
  kImport,        // what the readers report: import errors and warnings
  kSuppressions,  // suppression directives that suppress nothing
};

// "answers", "content", ..., "house-style": what users type after --select and in a config.
std::string_view CategoryName(Category category);

// One line for `qbank rules` and rules/README.md.
std::string_view CategorySummary(Category category);

// The category named `name` (as CategoryName writes it), or nullopt.
std::optional<Category> ParseCategory(std::string_view name);

// Every category, in the order of the enum.
std::span<const Category> AllCategories();

}  // namespace qbank::lint

#endif  // QBANK_LINT_CATEGORY_H_

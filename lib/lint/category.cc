// Rule categories: names and summaries.
#include "lint/category.h"

#include <array>

namespace qbank::lint {
namespace {

struct CategoryInfo {
  Category category;
  std::string_view name;
  std::string_view summary;
};

constexpr std::array<CategoryInfo, 10> kCategories = {{
    {Category::kAnswers, "answers",
     "the options and the key: mismatches, key counts, copied options, what the explanation cites"},
    {Category::kContent, "content",
     "the texts a question needs: empty or overlong fields, rationales, link-only explanations, "
     "debris left in options"},
    {Category::kFlaws, "flaws",
     "item-writing flaws: cues to the key, negative stems, all or none of the above"},
    {Category::kDuplicates, "duplicates",
     "the same question, option set or explanation twice, within a bank and across banks"},
    {Category::kOriginality, "originality",
     "copies of leaked material: exam-dump markers, overlap with a reference corpus"},
    {Category::kCharacters, "characters", "invisible and look-alike characters"},
    {Category::kBank, "bank",
     "the bank as a whole: key positions, how often the key is the longest option, true/false "
     "balance"},
    {Category::kHouseStyle, "house-style",
     "a team's own conventions: typography, layout, required metadata, review age"},
    {Category::kImport, "import", "what the readers report: import errors and warnings"},
    {Category::kSuppressions, "suppressions", "suppression directives that suppress nothing"},
}};

constexpr std::array<Category, kCategories.size()> kOrder = [] {
  std::array<Category, kCategories.size()> order{};
  for (size_t i = 0; i < kCategories.size(); ++i) order[i] = kCategories[i].category;
  return order;
}();

const CategoryInfo& InfoOf(Category category) {
  for (const CategoryInfo& info : kCategories) {
    if (info.category == category) return info;
  }
  return kCategories.front();  // unreachable: every enumerator is in the table
}

}  // namespace

std::string_view CategoryName(Category category) { return InfoOf(category).name; }

std::string_view CategorySummary(Category category) { return InfoOf(category).summary; }

std::optional<Category> ParseCategory(std::string_view name) {
  for (const CategoryInfo& info : kCategories) {
    if (info.name == name) return info.category;
  }
  return std::nullopt;
}

std::span<const Category> AllCategories() { return kOrder; }

}  // namespace qbank::lint

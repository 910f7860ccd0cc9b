// The rule registry and the one list of built-in rules.
#include "lint/registry.h"

#include <algorithm>

#include "lint/rules/answers/answer_mismatch.h"
#include "lint/rules/answers/duplicate_options.h"
#include "lint/rules/answers/explanation_cites_missing_option.h"
#include "lint/rules/answers/key_count.h"
#include "lint/rules/answers/option_count.h"
#include "lint/rules/answers/paraphrased_options.h"
#include "lint/rules/bank/key_balance.h"
#include "lint/rules/bank/longest_key_rate.h"
#include "lint/rules/bank/true_false_balance.h"
#include "lint/rules/characters/invisible_characters.h"
#include "lint/rules/characters/lookalike_characters.h"
#include "lint/rules/characters/mojibake.h"
#include "lint/rules/content/empty_field.h"
#include "lint/rules/content/explanation_only_url.h"
#include "lint/rules/content/field_length.h"
#include "lint/rules/content/missing_rationale.h"
#include "lint/rules/content/option_debris.h"
#include "lint/rules/duplicates/contradicting_copies.h"
#include "lint/rules/duplicates/duplicate_option_set.h"
#include "lint/rules/duplicates/exact_duplicate.h"
#include "lint/rules/duplicates/near_duplicate.h"
#include "lint/rules/duplicates/reused_explanation.h"
#include "lint/rules/duplicates/same_stem.h"
#include "lint/rules/flaws/absolute_terms.h"
#include "lint/rules/flaws/all_of_the_above.h"
#include "lint/rules/flaws/dangling_reference.h"
#include "lint/rules/flaws/grammatical_cue.h"
#include "lint/rules/flaws/key_echoes_stem.h"
#include "lint/rules/flaws/key_in_question.h"
#include "lint/rules/flaws/key_length_cue.h"
#include "lint/rules/flaws/negative_stem.h"
#include "lint/rules/flaws/none_of_the_above.h"
#include "lint/rules/flaws/option_fragment.h"
#include "lint/rules/flaws/option_order.h"
#include "lint/rules/flaws/statement_options.h"
#include "lint/rules/flaws/ungrammatical_option.h"
#include "lint/rules/house_style/layout.h"
#include "lint/rules/house_style/required_metadata.h"
#include "lint/rules/house_style/review_age.h"
#include "lint/rules/house_style/typography.h"
#include "lint/rules/import/import_error.h"
#include "lint/rules/import/import_warning.h"
#include "lint/rules/originality/dump_markers.h"
#include "lint/rules/originality/reference_overlap.h"
#include "lint/rules/suppressions/unused_suppression.h"

namespace qbank::lint {

// Every built-in rule, one line each, in alphabetical order of id, with its category.
void RegisterBuiltinRules(RuleRegistry& registry) {
  registry.Add<AbsoluteTermsRule>(Category::kFlaws);
  registry.Add<AllOfTheAboveRule>(Category::kFlaws);
  registry.Add<AnswerMismatchRule>(Category::kAnswers);
  registry.Add<ContradictingCopiesRule>(Category::kDuplicates);
  registry.Add<DanglingReferenceRule>(Category::kFlaws);
  registry.Add<DumpMarkersRule>(Category::kOriginality);
  registry.Add<DuplicateOptionSetRule>(Category::kDuplicates);
  registry.Add<DuplicateOptionsRule>(Category::kAnswers);
  registry.Add<EmptyFieldRule>(Category::kContent);
  registry.Add<ExactDuplicateRule>(Category::kDuplicates);
  registry.Add<ExplanationCitesMissingOptionRule>(Category::kAnswers);
  registry.Add<ExplanationOnlyUrlRule>(Category::kContent);
  registry.Add<FieldLengthRule>(Category::kContent);
  registry.Add<GrammaticalCueRule>(Category::kFlaws);
  registry.Add<ImportErrorRule>(Category::kImport);
  registry.Add<ImportWarningRule>(Category::kImport);
  registry.Add<InvisibleCharactersRule>(Category::kCharacters);
  registry.Add<KeyBalanceRule>(Category::kBank);
  registry.Add<KeyCountRule>(Category::kAnswers);
  registry.Add<KeyEchoesStemRule>(Category::kFlaws);
  registry.Add<KeyInQuestionRule>(Category::kFlaws);
  registry.Add<KeyLengthCueRule>(Category::kFlaws);
  registry.Add<LayoutRule>(Category::kHouseStyle);
  registry.Add<LongestKeyRateRule>(Category::kBank);
  registry.Add<LookalikeCharactersRule>(Category::kCharacters);
  registry.Add<MissingRationaleRule>(Category::kContent);
  registry.Add<MojibakeRule>(Category::kCharacters);
  registry.Add<NearDuplicateRule>(Category::kDuplicates);
  registry.Add<NegativeStemRule>(Category::kFlaws);
  registry.Add<NoneOfTheAboveRule>(Category::kFlaws);
  registry.Add<OptionCountRule>(Category::kAnswers);
  registry.Add<OptionDebrisRule>(Category::kContent);
  registry.Add<OptionFragmentRule>(Category::kFlaws);
  registry.Add<OptionOrderRule>(Category::kFlaws);
  registry.Add<ParaphrasedOptionsRule>(Category::kAnswers);
  registry.Add<ReferenceOverlapRule>(Category::kOriginality);
  registry.Add<RequiredMetadataRule>(Category::kHouseStyle);
  registry.Add<ReusedExplanationRule>(Category::kDuplicates);
  registry.Add<ReviewAgeRule>(Category::kHouseStyle);
  registry.Add<SameStemRule>(Category::kDuplicates);
  registry.Add<StatementOptionsRule>(Category::kFlaws);
  registry.Add<TrueFalseBalanceRule>(Category::kBank);
  registry.Add<TypographyRule>(Category::kHouseStyle);
  registry.Add<UngrammaticalOptionRule>(Category::kFlaws);
  registry.Add<UnusedSuppressionRule>(Category::kSuppressions);
}

const RuleRegistry& RuleRegistry::Default() {
  static const RuleRegistry* registry = [] {
    auto* r = new RuleRegistry();
    RegisterBuiltinRules(*r);
    return r;
  }();
  return *registry;
}

void RuleRegistry::Add(Category category, Factory factory) {
  ++registrations_;
  std::unique_ptr<Rule> prototype = factory();
  if (prototype == nullptr || Find(prototype->id()) != nullptr) return;
  auto at =
      std::lower_bound(entries_.begin(), entries_.end(), prototype->id(),
                       [](const Entry& e, std::string_view id) { return e.prototype->id() < id; });
  entries_.insert(at, Entry{std::move(prototype), std::move(factory), category});
}

std::unique_ptr<Rule> RuleRegistry::Create(std::string_view id) const {
  for (const Entry& e : entries_) {
    if (e.prototype->id() == id) return e.factory();
  }
  return nullptr;
}

const Rule* RuleRegistry::Find(std::string_view id) const {
  auto at = std::lower_bound(
      entries_.begin(), entries_.end(), id,
      [](const Entry& e, std::string_view key) { return e.prototype->id() < key; });
  if (at == entries_.end() || at->prototype->id() != id) return nullptr;
  return at->prototype.get();
}

std::vector<std::string> RuleRegistry::Ids() const {
  std::vector<std::string> ids;
  for (const Entry& e : entries_) ids.emplace_back(e.prototype->id());
  return ids;
}

std::optional<Category> RuleRegistry::CategoryOf(std::string_view id) const {
  for (const Entry& e : entries_) {
    if (e.prototype->id() == id) return e.category;
  }
  return std::nullopt;
}

std::vector<std::string> RuleRegistry::IdsIn(Category category) const {
  std::vector<std::string> ids;
  for (const Entry& e : entries_) {
    if (e.category == category) ids.emplace_back(e.prototype->id());
  }
  return ids;
}

std::vector<std::string> RuleRegistry::IdsAndCategories() const {
  std::vector<std::string> names = Ids();
  for (Category c : AllCategories()) names.emplace_back(CategoryName(c));
  return names;
}

std::vector<const Rule*> RuleRegistry::All() const {
  std::vector<const Rule*> out;
  for (const Entry& e : entries_) out.push_back(e.prototype.get());
  return out;
}

}  // namespace qbank::lint

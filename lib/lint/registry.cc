// The rule registry and the one list of built-in rules.
#include "lint/registry.h"

#include <algorithm>

#include "lint/rules/all_of_the_above.h"
#include "lint/rules/answer_mismatch.h"
#include "lint/rules/contradicting_copies.h"
#include "lint/rules/dump_markers.h"
#include "lint/rules/duplicate_option_set.h"
#include "lint/rules/duplicate_options.h"
#include "lint/rules/empty_field.h"
#include "lint/rules/exact_duplicate.h"
#include "lint/rules/explanation_cites_missing_option.h"
#include "lint/rules/explanation_only_url.h"
#include "lint/rules/field_length.h"
#include "lint/rules/grammatical_cue.h"
#include "lint/rules/import_error.h"
#include "lint/rules/import_warning.h"
#include "lint/rules/invisible_characters.h"
#include "lint/rules/key_balance.h"
#include "lint/rules/key_count.h"
#include "lint/rules/key_length_cue.h"
#include "lint/rules/layout.h"
#include "lint/rules/longest_key_rate.h"
#include "lint/rules/lookalike_characters.h"
#include "lint/rules/missing_rationale.h"
#include "lint/rules/near_duplicate.h"
#include "lint/rules/negative_stem.h"
#include "lint/rules/none_of_the_above.h"
#include "lint/rules/option_count.h"
#include "lint/rules/option_debris.h"
#include "lint/rules/option_order.h"
#include "lint/rules/reference_overlap.h"
#include "lint/rules/required_metadata.h"
#include "lint/rules/reused_explanation.h"
#include "lint/rules/review_age.h"
#include "lint/rules/statement_options.h"
#include "lint/rules/true_false_balance.h"
#include "lint/rules/typography.h"
#include "lint/rules/unused_suppression.h"

namespace qbank::lint {

// Every built-in rule, one line each, in alphabetical order of id.
void RegisterBuiltinRules(RuleRegistry& registry) {
  registry.Add<AllOfTheAboveRule>();
  registry.Add<AnswerMismatchRule>();
  registry.Add<ContradictingCopiesRule>();
  registry.Add<DumpMarkersRule>();
  registry.Add<DuplicateOptionSetRule>();
  registry.Add<DuplicateOptionsRule>();
  registry.Add<EmptyFieldRule>();
  registry.Add<ExactDuplicateRule>();
  registry.Add<ExplanationCitesMissingOptionRule>();
  registry.Add<ExplanationOnlyUrlRule>();
  registry.Add<FieldLengthRule>();
  registry.Add<GrammaticalCueRule>();
  registry.Add<ImportErrorRule>();
  registry.Add<ImportWarningRule>();
  registry.Add<InvisibleCharactersRule>();
  registry.Add<KeyBalanceRule>();
  registry.Add<KeyCountRule>();
  registry.Add<KeyLengthCueRule>();
  registry.Add<LayoutRule>();
  registry.Add<LongestKeyRateRule>();
  registry.Add<LookalikeCharactersRule>();
  registry.Add<MissingRationaleRule>();
  registry.Add<NearDuplicateRule>();
  registry.Add<NegativeStemRule>();
  registry.Add<NoneOfTheAboveRule>();
  registry.Add<OptionCountRule>();
  registry.Add<OptionDebrisRule>();
  registry.Add<OptionOrderRule>();
  registry.Add<ReferenceOverlapRule>();
  registry.Add<RequiredMetadataRule>();
  registry.Add<ReusedExplanationRule>();
  registry.Add<ReviewAgeRule>();
  registry.Add<StatementOptionsRule>();
  registry.Add<TrueFalseBalanceRule>();
  registry.Add<TypographyRule>();
  registry.Add<UnusedSuppressionRule>();
}

const RuleRegistry& RuleRegistry::Default() {
  static const RuleRegistry* registry = [] {
    auto* r = new RuleRegistry();
    RegisterBuiltinRules(*r);
    return r;
  }();
  return *registry;
}

void RuleRegistry::Add(Factory factory) {
  ++registrations_;
  std::unique_ptr<Rule> prototype = factory();
  if (prototype == nullptr || Find(prototype->id()) != nullptr) return;
  auto at =
      std::lower_bound(entries_.begin(), entries_.end(), prototype->id(),
                       [](const Entry& e, std::string_view id) { return e.prototype->id() < id; });
  entries_.insert(at, Entry{std::move(prototype), std::move(factory)});
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

std::vector<const Rule*> RuleRegistry::All() const {
  std::vector<const Rule*> out;
  for (const Entry& e : entries_) out.push_back(e.prototype.get());
  return out;
}

}  // namespace qbank::lint

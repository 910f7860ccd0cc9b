// near-duplicate: questions reworded, reordered, with a few words changed or options shuffled.
#ifndef QBANK_LINT_RULES_DUPLICATES_NEAR_DUPLICATE_H_
#define QBANK_LINT_RULES_DUPLICATES_NEAR_DUPLICATE_H_

#include <memory>
#include <vector>

#include "lint/rule.h"
#include "lint/rules/shared/group_members.h"
#include "lint/rules/shared/variant_families.h"
#include "similarity/duplicate_finder.h"
#include "similarity/similarity_join.h"

namespace qbank::lint {

// Questions whose distinct words (stem and options, as comparison keys) have a Jaccard similarity
// at or above `min-similarity` percent, found by an exact prefix-filtered similarity join (no
// all-pairs comparison) and clustered into groups (similarity::FindNearDuplicateGroups). Words in
// more than `frequent-share` percent of the questions (and more than `frequent-min-questions` of
// them) are ignored, so templated openings do not make pairs; questions with fewer than
// `min-words` remaining words take no part. Exact duplicates are left to exact-duplicate. Each
// group is one finding on its first member's stem, with the similarity and the words that differ
// from the next member, and the other members (up to 20) as related locations. A member that
// suppresses the rule leaves the group; the rest is still reported. Option `against` names banks
// to compare with without checking them; the family options (VariantFamilies) make a group of one
// declared family an info note. With `stem-differences` "wording", a pair is reported only when
// the two stems ask the same thing in other wording (similarity::SameStemWording, with the words
// of rules/terms/function-words.txt left out) and are not the very same stem (same-stem's): a
// content word, a number or a negation changed in the stem makes another question.
class NearDuplicateRule : public Rule {
 public:
  std::string_view id() const override { return "near-duplicate"; }
  std::string_view summary() const override {
    return "Two questions are reworded, reordered or slightly changed copies of each other.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  std::vector<std::string_view> path_options() const override { return {"against"}; }
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  GroupMembers SelectMembers(const LintContext& ctx, const similarity::BankFeatures& features,
                             const similarity::NearGroup& group,
                             std::span<const size_t> indexes) const;
  void ReportGroup(const LintContext& ctx, const similarity::BankFeatures& features,
                   const similarity::NearGroup& group, const GroupMembers& m,
                   Reporter& reporter) const;

  // Whether member `other` stays in a group led by `lead` under `stem-differences`.
  bool SameQuestion(const similarity::BankFeatures& features, uint32_t lead,
                    const similarity::QuestionText& lead_text, uint32_t other) const;

  similarity::JoinOptions join_;
  bool wording_only_ = false;           // stem-differences: "wording" (true) or "any"
  similarity::WordSet function_words_;  // rules/terms/function-words.txt, when wording_only_
  VariantFamilies families_;
  std::vector<std::shared_ptr<const model::Bank>> others_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_DUPLICATES_NEAR_DUPLICATE_H_

// near-duplicate: questions reworded, reordered, with a few words changed or options shuffled.
#ifndef QBANK_LINT_RULES_NEAR_DUPLICATE_H_
#define QBANK_LINT_RULES_NEAR_DUPLICATE_H_

#include <memory>
#include <vector>

#include "lint/rule.h"
#include "similarity/similarity_join.h"

namespace qbank::lint {

// Pairs whose distinct words (stem and options, as comparison keys) have a Jaccard similarity at
// or above `min-similarity` percent, found by an exact prefix-filtered similarity join (no
// all-pairs comparison). Words in more than `frequent-share` percent of the questions (and more
// than `frequent-min-questions` of them) are ignored, so templated openings do not make pairs;
// questions with fewer than `min-words` remaining words take no part. Exact duplicates are left to
// exact-duplicate. The later question of a pair is reported on its stem with the similarity and
// the words that differ, naming the other (a related location). Option `against` names banks to
// compare with without checking them (pairs within those banks are not reported).
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
  similarity::JoinOptions join_;
  std::vector<std::shared_ptr<const model::Bank>> others_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_NEAR_DUPLICATE_H_

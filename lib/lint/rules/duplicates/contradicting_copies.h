// contradicting-copies: near duplicates that ask the same thing and key different answers.
#ifndef QBANK_LINT_RULES_DUPLICATES_CONTRADICTING_COPIES_H_
#define QBANK_LINT_RULES_DUPLICATES_CONTRADICTING_COPIES_H_

#include <memory>
#include <vector>

#include "lint/rule.h"
#include "similarity/similarity_join.h"

namespace qbank::lint {

// Takes the near-duplicate pairs (the same similarity join as near-duplicate, shared with it when
// both run with the same options) and reports a pair of single-answer or true/false questions with
// one key each when
// - their stems are the same words and symbols in the same order (case, spacing and punctuation
//   aside), so a changed or moved word ("sum"/"product", "f"/"g", "not", "J >> a"/"J << a",
//   "doubles the momentum ... its energy"/"doubles the energy ... its momentum") makes them
//   different questions, not copies; the options are what differs (one reworded, one replaced); and
// - each question's key is also an option of the other, not keyed there: one says "True", the
//   other "False"; one keys "Paris", the other offers "Paris" as a distractor.
// Exact copies whose keys differ are exact-duplicate's finding (an error there). The later
// question of a pair is reported on its key, naming the other. Options: those of near-duplicate
// ("min-similarity", "frequent-share", "frequent-min-questions", "min-words", "against").
class ContradictingCopiesRule : public Rule {
 public:
  std::string_view id() const override { return "contradicting-copies"; }
  std::string_view summary() const override {
    return "Two copies of a question key different answers: at most one of them is right.";
  }
  Severity default_severity() const override { return Severity::kError; }
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

#endif  // QBANK_LINT_RULES_DUPLICATES_CONTRADICTING_COPIES_H_

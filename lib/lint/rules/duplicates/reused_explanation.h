// reused-explanation: one explanation or rationale used by many questions.
#ifndef QBANK_LINT_RULES_DUPLICATES_REUSED_EXPLANATION_H_
#define QBANK_LINT_RULES_DUPLICATES_REUSED_EXPLANATION_H_

#include "lint/rule.h"
#include "lint/rules/shared/other_banks.h"

namespace qbank::lint {

// Explanations and option rationales are compared by their comparison keys. A text of at least
// `min-words` words used by at least `min-questions` different questions is reported on every use
// after the first, naming the first and the number of questions sharing it. Option `against`
// names banks (dumps) whose explanations and rationales are compared with the checked ones as
// fields of their own: a checked text of at least `min-words` words whose words and neighbouring
// pairs are at least `against-min-similarity` percent the same as one of theirs
// (similarity::FindCopiedExplanations) is reported on its own, on the shared words, naming the
// other field's question and where the quote from it stands.
class ReusedExplanationRule : public Rule {
 public:
  std::string_view id() const override { return "reused-explanation"; }
  std::string_view summary() const override {
    return "One explanation or rationale is reused word for word across many questions, or copied "
           "from a bank compared against.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  std::vector<std::string_view> path_options() const override { return {"against"}; }
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  void ReportReuse(const LintContext& ctx, std::span<const size_t> indexes,
                   Reporter& reporter) const;
  void ReportCopies(const LintContext& ctx, std::span<const size_t> indexes,
                    Reporter& reporter) const;

  int64_t min_questions_ = 3;
  int64_t min_words_ = 8;
  int64_t against_min_similarity_ = 50;
  OtherBanks others_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_DUPLICATES_REUSED_EXPLANATION_H_

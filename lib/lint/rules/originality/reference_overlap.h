// reference-overlap: a question that shares a long run or a large share of word n-grams with a
// reference document (a leaked dump, a public source) in the reference index.
#ifndef QBANK_LINT_RULES_ORIGINALITY_REFERENCE_OVERLAP_H_
#define QBANK_LINT_RULES_ORIGINALITY_REFERENCE_OVERLAP_H_

#include <memory>

#include "lint/rule.h"
#include "similarity/reference_index.h"

namespace qbank::lint {

// The question's stem and options (comparison keys, one word stream) are
// fingerprinted like the index (winnowed word n-grams) and looked up. A document is reported when
// the question shares a run of at least `min-run-words` words with it, or at least
// `min-share` percent of its fingerprints. The references come from `index` (a file made by
// `qbank index build`, read when the rule is configured) and/or `references` (an object of
// document name -> text, for a few passages kept in the config). Without either the rule finds
// nothing. Reported on the field where the shared run starts, quoting it, with the reference
// document and line.
class ReferenceOverlapRule : public Rule {
 public:
  std::string_view id() const override { return "reference-overlap"; }
  std::string_view summary() const override {
    return "A question shares a long passage with a reference document (a dump or a source).";
  }
  Severity default_severity() const override { return Severity::kError; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  std::vector<std::string_view> path_options() const override { return {"index"}; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  std::vector<std::shared_ptr<const similarity::ReferenceIndex>> indexes_;
  similarity::OverlapOptions overlap_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ORIGINALITY_REFERENCE_OVERLAP_H_

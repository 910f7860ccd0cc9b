// option-count: the number of options fits the file's own norm (or the configured range).
#ifndef QBANK_LINT_RULES_ANSWERS_OPTION_COUNT_H_
#define QBANK_LINT_RULES_ANSWERS_OPTION_COUNT_H_

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "lint/rule.h"

namespace qbank::lint {

// A choice question needs at least two options: fewer is always reported, and no option at all is
// an error whatever the rule's severity. Beyond that, options "single", "multiple", "true-false"
// (each a number, the exact count, or {"min", "max"}) set the range for a type. Unconfigured,
// single-answer and true/false questions take the usual count of their file (the mode among the
// file's questions of that type, the larger on a tie, once the file has at least five of them) as
// the norm and are reported when they differ from it; multiple-answer questions are only held to
// two or more. The practice-page preset sets "single": 4.
//
// A binary question is never held to a count: two options that are a pair of the list
// rules/terms/binary-options.txt (yes/no, true/false and their equivalents in other languages), in
// either order, compared after full case folding. Option "extra-pairs" adds pairs ("a | b").
class OptionCountRule : public Rule {
 public:
  struct Range {
    int64_t min = 0;
    int64_t max = 0;
  };
  std::string_view id() const override { return "option-count"; }
  std::string_view summary() const override {
    return "A question has fewer than two options, or another number than its file's usual "
           "count (or the configured one).";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  // The configured range for questions of `type` (none for other types).
  const std::optional<Range>& RangeFor(model::QuestionType type) const;
  // Whether the two options of `q` are a binary pair.
  bool IsBinary(const model::Question& q) const;

  // Each pair as its two folded options, the smaller first.
  std::set<std::pair<std::string, std::string>> binary_pairs_;

  std::optional<Range> single_;
  std::optional<Range> multiple_;
  std::optional<Range> true_false_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ANSWERS_OPTION_COUNT_H_

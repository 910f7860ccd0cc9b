// same-stem (duplicates): questions that ask the same stem with other options.
#ifndef QBANK_LINT_RULES_DUPLICATES_SAME_STEM_H_
#define QBANK_LINT_RULES_DUPLICATES_SAME_STEM_H_

#include <cstdint>
#include <set>
#include <string>

#include "lint/rule.h"

namespace qbank::lint {

// Groups the bank's choice questions by their stem's comparison key (text::MakeTextKey: case,
// punctuation, typography, invisible characters and look-alike letters folded; the hash the
// duplicate rules share) and reports each question of a group whose options differ from the
// group's first question's, naming that one. Exact copies (same options too) are left to
// exact-duplicate. Stems that rely on their options are not reported: a stem with fewer than
// "min-content-words" (default 3) words outside rules/terms/generic-stem-words.txt ("Which of the
// following is true?", "Name the composer."), and a stem the bank asks with more than
// "max-option-sets" (default 2) different option sets (a generic stem learned from the bank); and a
// stem that says "following" ("Which of the following ...") is reported only beside a question
// that shares at least one option with it.
class SameStemRule : public Rule {
 public:
  std::string_view id() const override { return "same-stem"; }
  std::string_view summary() const override {
    return "Questions with the same stem (after case, punctuation and look-alike folding) but "
           "different options.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  // The words of `stem`'s comparison key outside the generic list.
  size_t ContentWords(std::string_view stem) const;

  std::set<std::string, std::less<>> generic_words_;
  int64_t min_content_words_ = 3;
  int64_t max_option_sets_ = 2;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_DUPLICATES_SAME_STEM_H_

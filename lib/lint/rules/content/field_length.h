// field-length: stem, trap, explanation and rationales within configured word counts.
#ifndef QBANK_LINT_RULES_CONTENT_FIELD_LENGTH_H_
#define QBANK_LINT_RULES_CONTENT_FIELD_LENGTH_H_

#include <cstdint>

#include "lint/rule.h"

namespace qbank::lint {

// Words are counted by text::CountWords (ICU word breaks; Chinese and Japanese by dictionary
// words). Options: "stem", "trap", "explanation", "rationale", each {"min": N, "max": N} (0 for
// no bound). Empty fields are not checked (empty-field and missing-rationale report those), nor
// an explanation or rationale that is only a link (explanation-only-url reports those).
// The defaults flag only lengths that are defects in any bank (measured on MMLU and the samples);
// the practice-page preset sets the house-style bounds of the seed pages. rules/field-length.md
// gives the figures.
class FieldLengthRule : public Rule {
 public:
  struct Bounds {
    int64_t min = 0;
    int64_t max = 0;  // 0: no maximum
  };
  std::string_view id() const override { return "field-length"; }
  std::string_view summary() const override {
    return "Stem, trap, explanation or rationale is shorter or longer than the configured words.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  // Defects on any bank (rules/field-length.md): an explanation, trap or rationale too short to
  // say anything; any field far past the longest seen in real banks.
  Bounds stem_{0, 1000};
  Bounds trap_{3, 1000};
  Bounds explanation_{3, 2000};
  Bounds rationale_{2, 1000};
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_CONTENT_FIELD_LENGTH_H_

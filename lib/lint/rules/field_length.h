// field-length: stem, trap, explanation and rationales within configured word counts.
#ifndef QBANK_LINT_RULES_FIELD_LENGTH_H_
#define QBANK_LINT_RULES_FIELD_LENGTH_H_

#include <cstdint>

#include "lint/rule.h"

namespace qbank::lint {

// Words are counted by text::CountWords (ICU word breaks; Chinese and Japanese by dictionary
// words). Options: "stem", "trap", "explanation", "rationale", each {"min": N, "max": N} (0 for
// no bound). Empty fields are not checked (empty-field and missing-rationale report those).
// The defaults come from the seed pages; rules/field-length.md explains them.
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
  Status Configure(const model::Value& options) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  // A third of the shortest and four times the longest of the seed pages (rules/field-length.md).
  Bounds stem_{5, 80};
  Bounds trap_{10, 120};
  Bounds explanation_{22, 280};
  Bounds rationale_{16, 220};
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FIELD_LENGTH_H_

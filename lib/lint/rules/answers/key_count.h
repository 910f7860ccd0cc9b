// key-count: the number of keys fits the question type.
#ifndef QBANK_LINT_RULES_ANSWERS_KEY_COUNT_H_
#define QBANK_LINT_RULES_ANSWERS_KEY_COUNT_H_

#include "lint/rule.h"

namespace qbank::lint {

// Single answer: exactly one key. Multiple answer: at least one. True/false: one key (its option
// count is option-count's business). A choice question with no options at all has no key either.
// Other question types are not checked.
class KeyCountRule : public Rule {
 public:
  std::string_view id() const override { return "key-count"; }
  std::string_view summary() const override {
    return "The number of keys fits the question type (single answer: exactly one).";
  }
  Severity default_severity() const override { return Severity::kError; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ANSWERS_KEY_COUNT_H_

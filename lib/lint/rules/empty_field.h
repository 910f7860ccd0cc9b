// empty-field: a stem, option or explanation with no text.
#ifndef QBANK_LINT_RULES_EMPTY_FIELD_H_
#define QBANK_LINT_RULES_EMPTY_FIELD_H_

#include <string>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// Option "fields": which of "stem", "options", "explanation", "trap" must not be empty (default
// the first three). A field of only white space is empty. Options and explanation are checked for
// choice questions only; the stem for every type but "description".
class EmptyFieldRule : public Rule {
 public:
  std::string_view id() const override { return "empty-field"; }
  std::string_view summary() const override {
    return "The stem, an option or the explanation is empty.";
  }
  Severity default_severity() const override { return Severity::kError; }
  Status Configure(const model::Value& options) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  bool stem_ = true;
  bool options_ = true;
  bool explanation_ = true;
  bool trap_ = false;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_EMPTY_FIELD_H_

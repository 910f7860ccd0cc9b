// empty-field: a stem, option or explanation with no text.
#ifndef QBANK_LINT_RULES_CONTENT_EMPTY_FIELD_H_
#define QBANK_LINT_RULES_CONTENT_EMPTY_FIELD_H_

#include <cstdint>
#include <string>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// Option "fields": which of "stem", "options", "explanation", "trap" must not be empty (default
// "stem" and "options"; the practice-page preset adds the other two). A field of only white space
// is empty. Options and explanation are checked for choice questions only; the stem for every type
// but "description". An explanation or trap empty in most questions of a file (option
// "file-wide-percent", default 80) is one finding for the file, on its first such question.
class EmptyFieldRule : public Rule {
 public:
  std::string_view id() const override { return "empty-field"; }
  std::string_view summary() const override {
    return "The stem, an option or the explanation is empty.";
  }
  Severity default_severity() const override { return Severity::kError; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

 private:
  bool stem_ = true;
  bool options_ = true;
  bool explanation_ = false;
  bool trap_ = false;
  int64_t file_wide_percent_ = 80;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_CONTENT_EMPTY_FIELD_H_

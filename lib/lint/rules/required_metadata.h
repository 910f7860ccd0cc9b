// required-metadata: metadata fields the configuration requires on every question.
#ifndef QBANK_LINT_RULES_REQUIRED_METADATA_H_
#define QBANK_LINT_RULES_REQUIRED_METADATA_H_

#include <string>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// Option "fields": a list of field names, each one of: exam, domain, trap, difficulty, tags,
// authors, authors.name, authors.credentials, review.date, review.reviewer,
// review.checked_against, origin.statement, origin.references. Default: none (the rule checks
// nothing until configured; the strict preset requires a set).
class RequiredMetadataRule : public Rule {
 public:
  std::string_view id() const override { return "required-metadata"; }
  std::string_view summary() const override {
    return "A metadata field the configuration requires (author, review date, ...) is missing.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  Status Configure(const model::Value& options) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

  // The field names "fields" accepts.
  static const std::vector<std::string_view>& KnownFields();

 private:
  std::vector<std::string> fields_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_REQUIRED_METADATA_H_

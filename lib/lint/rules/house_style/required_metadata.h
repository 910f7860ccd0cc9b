// required-metadata: metadata fields the configuration requires on every question.
#ifndef QBANK_LINT_RULES_HOUSE_STYLE_REQUIRED_METADATA_H_
#define QBANK_LINT_RULES_HOUSE_STYLE_REQUIRED_METADATA_H_

#include <cstdint>
#include <string>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// Option "fields": a list of field names, each one of: exam, domain, trap, difficulty, tags,
// authors, authors.name, authors.credentials, review.date, review.reviewer,
// review.checked_against, origin.statement, origin.references. Default: none (the rule checks
// nothing until configured; the practice-page preset requires a set). A field missing from most
// questions of a file (option "file-wide-percent", default 80) is one finding for the file, on its
// first such question.
class RequiredMetadataRule : public Rule {
 public:
  std::string_view id() const override { return "required-metadata"; }
  std::string_view summary() const override {
    return "A metadata field the configuration requires (author, review date, ...) is missing.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override;

  // The field names "fields" accepts.
  static const std::vector<std::string_view>& KnownFields();

 private:
  std::vector<std::string> fields_;
  int64_t file_wide_percent_ = 80;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_HOUSE_STYLE_REQUIRED_METADATA_H_

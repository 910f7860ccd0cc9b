// import-warning: a part of an input read the way Moodle reads it, or dropped the way Moodle drops
// it, where the file probably does not say what its writer meant.
#ifndef QBANK_LINT_RULES_IMPORT_IMPORT_WARNING_H_
#define QBANK_LINT_RULES_IMPORT_IMPORT_WARNING_H_

#include "lint/rule.h"

namespace qbank::lint {

// A RuleScope::kImport rule: its findings are the import warnings of the run (the diagnostics
// with Diagnostic::warning), one each, at the place the importer names. Always a warning: a
// configuration may name it only with severity "warning" and no options.
class ImportWarningRule : public Rule {
 public:
  static constexpr std::string_view kId = "import-warning";
  std::string_view id() const override { return kId; }
  std::string_view summary() const override {
    return "A part of an input read, or dropped, as Moodle does, though the file probably means "
           "something else.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kImport; }

  void CheckImportErrors(const LintContext& ctx, std::span<const Diagnostic> errors,
                         Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_IMPORT_IMPORT_WARNING_H_

// import-error: an input file (or a question in it) that could not be read, reported as a finding
// so one broken file does not hide the findings in the others.
#ifndef QBANK_LINT_RULES_IMPORT_IMPORT_ERROR_H_
#define QBANK_LINT_RULES_IMPORT_IMPORT_ERROR_H_

#include "lint/rule.h"

namespace qbank::lint {

// A RuleScope::kImport rule: its findings are the import errors of the run (the diagnostics that
// are not warnings), one each, at the place the importer names, on no question. Always an error: a
// configuration may name it only with severity "error" and no options (config.cc refuses anything
// else), so it is planned once and applies to every file.
class ImportErrorRule : public Rule {
 public:
  static constexpr std::string_view kId = "import-error";
  std::string_view id() const override { return kId; }
  std::string_view summary() const override {
    return "An input file, or a question in it, that could not be read.";
  }
  Severity default_severity() const override { return Severity::kError; }
  RuleScope scope() const override { return RuleScope::kImport; }

  // One finding per error. The fingerprint holds the file's path in normal form ("bank/x.json"
  // and "./bank/x.json" are one file) and the message.
  void CheckImportErrors(const LintContext& ctx, std::span<const Diagnostic> errors,
                         Reporter& reporter) const override;
};

// The finding of rule reporter's rule for import diagnostic `d` (an error or a warning): at d's
// place (a point becomes one character), on no question, fingerprinted by the file's path in
// normal form and the message.
void ReportImportDiagnostic(const Diagnostic& d, Reporter& reporter);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_IMPORT_IMPORT_ERROR_H_

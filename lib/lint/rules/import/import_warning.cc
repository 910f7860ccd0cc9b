// import-warning: the import warnings of a run as findings.
#include "lint/rules/import/import_warning.h"

#include "lint/rules/import/import_error.h"

namespace qbank::lint {

void ImportWarningRule::CheckImportErrors(const LintContext&, std::span<const Diagnostic> errors,
                                          Reporter& reporter) const {
  for (const Diagnostic& d : errors) {
    if (d.warning) ReportImportDiagnostic(d, reporter);
  }
}

}  // namespace qbank::lint

// import-error: the import errors of a run as findings (and how any import diagnostic becomes one).
#include "lint/rules/import/import_error.h"

#include <filesystem>

namespace qbank::lint {

void ReportImportDiagnostic(const Diagnostic& d, Reporter& reporter) {
  SourceSpan span = d.span;
  if (span.end_line == 0 && span.line != 0) {
    span.end_line = span.line;
    span.end_column = span.column + 1;
  }
  std::string file = std::filesystem::path(d.path).lexically_normal().generic_string();
  // The file stands where a field path would in the fingerprint; the finding itself names no
  // field.
  Finding& f = reporter.ReportBank(span, file, d.message, d.message);
  f.field_path.clear();
}

void ImportErrorRule::CheckImportErrors(const LintContext&, std::span<const Diagnostic> errors,
                                        Reporter& reporter) const {
  for (const Diagnostic& d : errors) {
    if (!d.warning) ReportImportDiagnostic(d, reporter);
  }
}

}  // namespace qbank::lint

// The text lint report: compiler-style lines with the source line and a caret under the span,
// then a summary line.
#ifndef QBANK_REPORT_TEXT_REPORT_H_
#define QBANK_REPORT_TEXT_REPORT_H_

#include <ostream>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "report/report.h"

namespace qbank::report {

// For each finding:
//   path:line:col: severity: message [rule-id]
//   <the source line>
//   <spaces>^~~~            (under the span's part on that line)
// then "path:line:col: note: ..." for each related location, and at the end one summary line:
// "3 errors, 1 warning in 2 files (14 questions checked)" or "no findings (14 questions in 6 files
// checked)". Findings without a source line get no caret. Colours when options.color.
void WriteTextReport(const ReportInput& input, const ReportOptions& options, std::ostream& out);

// Import errors, written as findings are: for each, "path:line:col: error: message", then the
// source line and a caret when `bank` holds the text of the file it names.
void WriteImportErrors(const std::vector<Diagnostic>& errors, const model::Bank& bank,
                       std::ostream& out);

// `text` with control characters (other than tab) and bidi controls written as "<U+202E>", so a
// terminal shows them instead of obeying them.
std::string EscapeForTerminal(std::string_view text);

// The two lines under a finding: `line` (through EscapeForTerminal), then the caret line for
// columns [column, end_column) (end on a later line: to the end of `line`). Tabs in the padding are
// kept so the caret lines up; wide (East Asian) characters take two cells. Empty when column is 0.
std::string CaretLines(std::string_view line, uint32_t column, uint32_t end_column,
                       bool span_continues);

// The summary line, without a newline.
std::string SummaryLine(const ReportInput& input);

}  // namespace qbank::report

#endif  // QBANK_REPORT_TEXT_REPORT_H_

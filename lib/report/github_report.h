// The GitHub Actions report: one workflow command per finding, which the runner turns into an
// annotation on the pull request's diff, then a plain-text summary.
#ifndef QBANK_REPORT_GITHUB_REPORT_H_
#define QBANK_REPORT_GITHUB_REPORT_H_

#include <ostream>
#include <string>
#include <string_view>

#include "report/report_context.h"

namespace qbank::report {

// How many annotations of each kind GitHub shows per step; the summary says when there are more.
inline constexpr size_t kGithubAnnotationsShown = 10;

// One line per finding:
//   ::error file=bank/q.md,line=3,col=5,endLine=3,endColumn=9,title=key-count::message
// (warning -> ::warning, info -> ::notice; properties that are unknown are left out; a finding
// without a file has no properties but the title). Then a blank line and a summary: counts per
// severity and per rule, and, when there are more than kGithubAnnotationsShown errors or warnings
// or notices, a note that GitHub shows only that many and where the rest are (this log). No
// findings: one line "qbank: no findings in N files (R rules)".
// Written to `out` as it goes (the log is never held whole in memory).
void WriteGithubAnnotations(const ReportContext& ctx, std::ostream& out);
// The same, as a string.
std::string WriteGithubAnnotations(const ReportContext& ctx);

// Escapes a workflow command's message: '%' -> %25, CR -> %0D, LF -> %0A; other control
// characters but TAB, and invalid UTF-8, become U+FFFD.
std::string EscapeGithubData(std::string_view text);
// Escapes a workflow command's property value: as EscapeGithubData, and ':' -> %3A, ',' -> %2C.
std::string EscapeGithubProperty(std::string_view text);

}  // namespace qbank::report

#endif  // QBANK_REPORT_GITHUB_REPORT_H_

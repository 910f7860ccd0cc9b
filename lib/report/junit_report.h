// The JUnit XML report that Jenkins and GitLab read: one test suite per bank file, one test case
// per finding, so a lint run shows up as failing tests next to the build's own.
#ifndef QBANK_REPORT_JUNIT_REPORT_H_
#define QBANK_REPORT_JUNIT_REPORT_H_

#include <ostream>
#include <string>
#include <string_view>

#include "lint/rule.h"
#include "report/report_context.h"

namespace qbank::report {

// Writes <testsuites name="qbank lint" tests failures errors="0" time="0"> with one <testsuite>
// per source file of the bank (in source order; name and file = the repo-relative path) and, when
// some findings have no file, a last suite named "bank". Each finding is a <testcase> with
// classname = rule id and name = "<question id> <field path inside the question>" (stable when
// questions move; a repeated name within a suite gets " #2", " #3", ...). A finding at or above
// `fail_on` holds a <failure type="<severity>" message="<message>"> whose text is "path:line:col:
// severity: message [rule]"; one below it passes and carries that text in <system-out>. A file
// without findings has one passing test case "no findings" (classname "qbank"), so a clean run
// still reports tests. Only elements and attributes of the common JUnit schema (Jenkins xunit
// junit-10.xsd) are used; text is escaped and characters XML 1.0 forbids become U+FFFD.
// Written to `out` a suite at a time (the document is never held whole in memory).
void WriteJunit(const ReportContext& ctx, lint::Severity fail_on, std::ostream& out);
// The same, as a string.
std::string WriteJunit(const ReportContext& ctx, lint::Severity fail_on);

// Escapes `text` for XML character data and attribute values (&, <, >, ", ', and CR, LF, TAB as
// character references so attribute values keep them); invalid UTF-8 and characters XML 1.0
// forbids become U+FFFD.
std::string EscapeXml(std::string_view text);

}  // namespace qbank::report

#endif  // QBANK_REPORT_JUNIT_REPORT_H_

// The CI report formats by name (sarif, github, junit) and the context they need, built from the
// ReportInput every lint report writer receives.
#ifndef QBANK_REPORT_CI_REPORT_H_
#define QBANK_REPORT_CI_REPORT_H_

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "lint/rule.h"
#include "report/report.h"
#include "report/report_context.h"

namespace qbank::report {

// "sarif", "github", "junit".
std::vector<std::string_view> CiReportFormatNames();

// The report in CI format `name`, or nullopt when `name` is not one of CiReportFormatNames().
// `fail_on` is the failing severity (JUnit marks findings below it as passing); nullopt (--fail-on
// none) passes every finding.
// Writes the report in CI format `name` to `out` as it goes; false (nothing written) when `name` is
// not one of CiReportFormatNames().
bool WriteCiReport(std::string_view name, const ReportContext& ctx,
                   std::optional<lint::Severity> fail_on, std::ostream& out);
// The same, as a string.
std::optional<std::string> WriteCiReport(std::string_view name, const ReportContext& ctx,
                                         std::optional<lint::Severity> fail_on);

// The context for `input`: its bank and findings; its rules described with their doc pages from
// "<data_dir>/rules" read through `fs`; the library version; and `repo_root` as the root file
// names are written relative to (empty: as the bank names them).
ReportContext MakeReportContext(const ReportInput& input, const FileSystem& fs,
                                const std::string& data_dir, const std::string& repo_root);

}  // namespace qbank::report

#endif  // QBANK_REPORT_CI_REPORT_H_

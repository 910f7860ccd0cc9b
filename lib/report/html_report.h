// The HTML lint report (`qbank lint --format html`, `qbank stats --format html`): one
// self-contained page with the bank's statistics as inline SVG charts and the findings as a table
// that sorts and filters in the browser, with no server and no request of any kind.
#ifndef QBANK_REPORT_HTML_REPORT_H_
#define QBANK_REPORT_HTML_REPORT_H_

#include <ostream>

#include "lint/bank_statistics.h"
#include "report/report.h"

namespace qbank::report {

// Writes the page for `input`, its statistics computed by lint::ComputeBankStatistics on
// lint::Today(). With options.preview_dir set, each finding on a question links to the question
// in the preview site there (report/html_page.h PreviewPages) and each rule to the site's page of
// it. Every chart's numbers are in data-value attributes equal to `qbank stats --format json`'s.
void WriteHtmlReport(const ReportInput& input, const ReportOptions& options, std::ostream& out);

// The same page from statistics already computed.
void WriteHtmlReport(const ReportInput& input, const lint::BankStatistics& stats,
                     const ReportOptions& options, std::ostream& out);

}  // namespace qbank::report

#endif  // QBANK_REPORT_HTML_REPORT_H_

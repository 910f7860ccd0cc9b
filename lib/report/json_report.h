// The JSON lint report, documented by schemas/report.schema.json.
#ifndef QBANK_REPORT_JSON_REPORT_H_
#define QBANK_REPORT_JSON_REPORT_H_

#include <ostream>

#include "model/value.h"
#include "report/report.h"

namespace qbank::report {

// The report as a value: {"qbank_report": 1, "tool": {...}, "summary": {...}, "findings": [...]}
// (see the schema for every field). Keys come out sorted, so the same findings give the same
// bytes.
model::Value JsonReportValue(const ReportInput& input);
// Writes JsonReportValue two-space indented, with a final newline.
void WriteJsonReport(const ReportInput& input, const ReportOptions& options, std::ostream& out);

}  // namespace qbank::report

#endif  // QBANK_REPORT_JSON_REPORT_H_

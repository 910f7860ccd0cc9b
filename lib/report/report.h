// What every lint report writer receives, and the table of writers by --format name.
#ifndef QBANK_REPORT_REPORT_H_
#define QBANK_REPORT_REPORT_H_

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::report {

struct ReportInput {
  const model::Bank* bank = nullptr;
  const std::vector<lint::Finding>* findings = nullptr;  // sorted as the engine returns them
  std::vector<const lint::Rule*> rules;  // every rule that ran (for writers that list them)
  size_t files_checked = 0;
  size_t questions_checked = 0;
};

struct ReportOptions {
  bool color = false;  // ANSI colours (text only); the caller decides (terminal, NO_COLOR)
  // html only: the preview site (`qbank preview -o DIR`) each finding links to; "" for no links.
  std::string preview_dir = {};
};

// Writes one report to `out`.
using ReportWriter = void (*)(const ReportInput& input, const ReportOptions& options,
                              std::ostream& out);

// The writer for --format `name` ("text", "json"), or nullptr.
ReportWriter FindReportWriter(std::string_view name);
// The names FindReportWriter knows, in order, for help and errors.
std::vector<std::string_view> ReportFormatNames();

}  // namespace qbank::report

#endif  // QBANK_REPORT_REPORT_H_

// What qbank's HTML pages share (the lint report, `qbank stats --format html`, the preview site):
// escaping, the style sheet, inline SVG charts of the bank's statistics, and where the preview
// site puts each question, so a report can link to it.
#ifndef QBANK_REPORT_HTML_PAGE_H_
#define QBANK_REPORT_HTML_PAGE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "base/html_escape.h"
#include "lint/bank_statistics.h"
#include "model/bank.h"

namespace qbank::report {

// `text` with &, <, >, " and ' as character references (safe in text and quoted attributes);
// invalid UTF-8 replaced with U+FFFD. The one escaping function, from base/.
using ::qbank::EscapeHtml;

// `text` percent-encoded for a URL fragment or path segment (unreserved characters kept).
std::string EncodeUrlPart(std::string_view text);

// The CSS every qbank page uses: readable type, colours with at least 4.5:1 contrast, a visible
// focus ring, and print rules (no controls, no navigation, answers shown only where revealed).
std::string_view PageStyle();

// The preview site's page (relative to the site folder) of each question of `bank`, by index:
// "q/<file>-<n>.html", where <file> is the source file's name made safe and <n> counts pages of
// kQuestionsPerPage questions of that file from 1. A question's anchor is its id (EncodeUrlPart).
constexpr size_t kQuestionsPerPage = 100;
std::vector<std::string> PreviewPages(const model::Bank& bank);

// One bar of a chart.
struct Bar {
  std::string label;
  double value = 0;
};

// An inline SVG bar chart titled `title` (also its accessible name), vertical bars with the
// value above each; `key` names the chart in data-chart and each bar's rect carries data-label and
// data-value, so tests can read the numbers back. `reference` > 0 draws a dashed line at that value
// labelled `reference_label` (the uniform spread of key positions).
std::string BarChartSvg(std::string_view key, std::string_view title, const std::vector<Bar>& bars,
                        double reference = 0, std::string_view reference_label = {});

// A horizontal bar chart (long labels: rules, files), same data attributes as BarChartSvg.
std::string HorizontalBarChartSvg(std::string_view key, std::string_view title,
                                  const std::vector<Bar>& bars);

// The histogram of `d` as a BarChartSvg, one bar per bin labelled "low-high" (or "low").
std::string HistogramSvg(std::string_view key, std::string_view title, const lint::Distribution& d);

// "12345", "0.0012", "3.1e-07": a number for a table cell or a data attribute (whole numbers in
// full).
std::string FormatNumber(double value);

}  // namespace qbank::report

#endif  // QBANK_REPORT_HTML_PAGE_H_

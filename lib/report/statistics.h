// Lint statistics: how many findings each rule produced, by severity, as a small table
// (`qbank lint --statistics`).
#ifndef QBANK_REPORT_STATISTICS_H_
#define QBANK_REPORT_STATISTICS_H_

#include <string>
#include <vector>

#include "lint/rule.h"

namespace qbank::report {

// A table with one row per rule (every id in `rules_ran`, then any other rule with findings,
// sorted by id), columns errors, warnings, info and total, and a last "total" row:
//   rule                errors  warnings  info  total
//   key-count                1         0     0      1
//   total                    1         0     0      1
// Every line ends with '\n'; the rule column is as wide as the longest id.
std::string FormatStatistics(const std::vector<lint::Finding>& findings,
                             const std::vector<std::string>& rules_ran);

}  // namespace qbank::report

#endif  // QBANK_REPORT_STATISTICS_H_

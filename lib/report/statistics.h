// Lint statistics: how many findings each rule produced, by severity, as a small table
// (`qbank lint --statistics`).
#ifndef QBANK_REPORT_STATISTICS_H_
#define QBANK_REPORT_STATISTICS_H_

#include <string>
#include <vector>

#include "lint/rule.h"

namespace qbank::report {

// A table with one row per rule that reported (most findings first, ties by id), columns errors,
// warnings, info and total, a "total" row, and how many of `rules_ran` found nothing:
//   rule                errors  warnings  info  total
//   key-count                1         0     0      1
//   total                    1         0     0      1
//   2 other rules ran and found nothing
// Every line ends with '\n'; the rule column is as wide as the longest id.
std::string FormatStatistics(const std::vector<lint::Finding>& findings,
                             const std::vector<std::string>& rules_ran);

}  // namespace qbank::report

#endif  // QBANK_REPORT_STATISTICS_H_

// The library side of `qbank stats`: the bank as numbers (lint/bank_statistics.h) as a text table,
// JSON or the HTML report's page.
#ifndef QBANK_COMMANDS_STATS_H_
#define QBANK_COMMANDS_STATS_H_

#include <ostream>
#include <string>
#include <string_view>

#include "commands/lint.h"

namespace qbank::commands {

struct StatsOptions {
  // The inputs, the configuration and the rules as for `qbank lint` (the findings per rule and
  // file and the duplicate clusters come from a lint run); its report fields are not used.
  LintOptions lint;
  std::string format = "text";  // text, json or html
  std::string output;           // -o FILE; "" or "-" for `out`
  // --findings: every rule the configuration plans runs, so the findings per rule and per file
  // count them all. Without it only the rules whose numbers stats shows run (kStatsRules: the
  // duplicate rules for the clusters, and the import rules); the html report always runs all.
  bool findings = false;
};

// The rules stats runs without --findings.
inline constexpr std::string_view kStatsRules[] = {"exact-duplicate", "near-duplicate",
                                                   "import-error", "import-warning"};

// Reads and lints the inputs and writes their statistics in `format` to `output` or `out`.
// Returns 0, or 2 for a usage error (unknown format, no input) or an input that did not import
// (after writing the statistics of the rest).
int RunStats(const StatsOptions& options, std::ostream& out, std::ostream& err);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_STATS_H_

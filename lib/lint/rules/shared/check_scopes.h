// The scopes a bank-level statistic is reported on: each source file, then the whole bank.
#ifndef QBANK_LINT_RULES_SHARED_CHECK_SCOPES_H_
#define QBANK_LINT_RULES_SHARED_CHECK_SCOPES_H_

#include <span>
#include <string>
#include <vector>

#include "lint/key_statistics.h"
#include "lint/rule.h"

namespace qbank::lint {

// The bank-level checks report a test at p below this and an effect of at least
// KeyStatisticsOptions::min_effect.
constexpr double kSignificance = 0.001;

// True when `test` means something, is significant and its effect is large enough to exploit.
bool Reportable(const CountTest& test, const KeyStatisticsOptions& options);

// "Cohen's w = 0.12": the effect as messages print it.
std::string FormatEffect(const CountTest& test);

// Reads options "min-expected" (an integer from 5) and "min-effect" (Cohen's w, 0 to 1) into
// `out`; no other options.
Status ReadStatisticsOptions(const model::Value& options, KeyStatisticsOptions* out);

struct CheckScope {
  std::string name;  // "file bank/a.csv", or "the bank (57 files)"
  std::string file;  // the file's path; empty for the whole bank
  SourceSpan span;   // the first question of the file; unknown for the whole bank
  std::vector<size_t> indexes;
};

// One scope per source file holding some of `indexes` (in file order), then, when they come from
// more than one file, the whole bank.
std::vector<CheckScope> CheckScopes(const LintContext& ctx, std::span<const size_t> indexes);

// Reports `message` with `statistics` on `scope` (ReportBank: no question; the fingerprint names
// the rule and the file, so it survives changes of the numbers).
void ReportScope(Reporter& reporter, const CheckScope& scope, std::string message,
                 model::Value statistics);

// "12,345".
std::string WithThousands(size_t n);
// "22.9%".
std::string Percent(double part, double whole);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_CHECK_SCOPES_H_

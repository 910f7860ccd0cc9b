// longest-key-rate: one chi-square test per scope.
#include "lint/rules/bank/longest_key_rate.h"

#include <cmath>
#include <cstdio>

#include "lint/rules/shared/check_scopes.h"

namespace qbank::lint {

Status LongestKeyRateRule::Configure(const model::Value& options, const RuleEnvironment&) {
  return ReadStatisticsOptions(options, &statistics_);
}

void LongestKeyRateRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                   Reporter& reporter) const {
  for (const CheckScope& scope : CheckScopes(ctx, indexes)) {
    std::shared_ptr<const KeyStatistics> shared =
        SharedKeyStatistics(ctx, scope.indexes, statistics_);
    const KeyStatistics& s = *shared;
    const LongestKeys& lk = s.longest;
    if (!Reportable(lk.test, statistics_)) continue;
    const double n = static_cast<double>(lk.questions);
    bool more = static_cast<double>(lk.key_longest) > lk.expected;
    char stat[64], gain[32];
    std::snprintf(gain, sizeof gain, "%.1f",
                  100.0 * std::fabs(static_cast<double>(lk.key_longest) - lk.expected) / n);
    std::snprintf(stat, sizeof stat, "%.1f", lk.test.chi_square);
    model::Value::Object o = CountTestValue(lk.test).as_object();
    o["scope"] = scope.file.empty() ? "bank" : "file";
    o["key_longest"] = static_cast<int64_t>(lk.key_longest);
    o["expected"] = std::round(lk.expected * 10) / 10;
    ReportScope(reporter, scope,
                "in " + scope.name + ", the key is the longest option in " +
                    WithThousands(lk.key_longest) + " of " + WithThousands(lk.questions) +
                    " questions (" + Percent(static_cast<double>(lk.key_longest), n) +
                    ") against " + WithThousands(static_cast<size_t>(std::lround(lk.expected))) +
                    " (" + Percent(lk.expected, n) + ") by chance (chi-square " + stat +
                    ", 1 df, p = " + FormatPValue(lk.test.p_value) + ", " + FormatEffect(lk.test) +
                    "); readers gain by " + (more ? "picking" : "avoiding") +
                    " the longest option (" + gain + " percentage points over chance)",
                model::Value(std::move(o)));
  }
}

}  // namespace qbank::lint

// true-false-balance: one chi-square test per scope.
#include "lint/rules/bank/true_false_balance.h"

#include <cstdio>

#include "lint/rules/shared/check_scopes.h"

namespace qbank::lint {

Status TrueFalseBalanceRule::Configure(const model::Value& options, const RuleEnvironment&) {
  return ReadStatisticsOptions(options, &statistics_);
}

void TrueFalseBalanceRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                     Reporter& reporter) const {
  for (const CheckScope& scope : CheckScopes(ctx, indexes)) {
    std::shared_ptr<const KeyStatistics> shared =
        SharedKeyStatistics(ctx, scope.indexes, statistics_);
    const KeyStatistics& s = *shared;
    const TrueFalseKeys& tf = s.true_false;
    if (!Reportable(tf.test, statistics_)) continue;
    bool to_true = tf.true_keys > tf.false_keys;
    size_t more = to_true ? tf.true_keys : tf.false_keys;
    char stat[64], gain[32];
    std::snprintf(gain, sizeof gain, "%.1f",
                  100.0 * (static_cast<double>(more) / static_cast<double>(tf.test.total) - 0.5));
    std::snprintf(stat, sizeof stat, "%.1f", tf.test.chi_square);
    model::Value::Object o = CountTestValue(tf.test).as_object();
    o["scope"] = scope.file.empty() ? "bank" : "file";
    o["true_keys"] = static_cast<int64_t>(tf.true_keys);
    o["false_keys"] = static_cast<int64_t>(tf.false_keys);
    ReportScope(reporter, scope,
                "in " + scope.name + ", " + WithThousands(more) + " of " +
                    WithThousands(tf.test.total) + " true/false questions (" +
                    Percent(static_cast<double>(more), static_cast<double>(tf.test.total)) +
                    ") are keyed \"" + (to_true ? "True" : "False") +
                    "\" against half by chance (chi-square " + stat +
                    ", 1 df, p = " + FormatPValue(tf.test.p_value) + ", " + FormatEffect(tf.test) +
                    "); readers who always answer \"" + (to_true ? "True" : "False") +
                    "\" when unsure gain " + gain + " percentage points over chance",
                model::Value(std::move(o)));
  }
}

}  // namespace qbank::lint

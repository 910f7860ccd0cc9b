// key-balance: one chi-square test per scope and option count.
#include "lint/rules/bank/key_balance.h"

#include <cstdio>

#include "lint/rules/shared/check_scopes.h"

namespace qbank::lint {

Status KeyBalanceRule::Configure(const model::Value& options, const RuleEnvironment&) {
  return ReadStatisticsOptions(options, &statistics_);
}

void KeyBalanceRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                               Reporter& reporter) const {
  for (const CheckScope& scope : CheckScopes(ctx, indexes)) {
    std::shared_ptr<const KeyStatistics> shared =
        SharedKeyStatistics(ctx, scope.indexes, statistics_);
    const KeyStatistics& s = *shared;
    for (const KeyPositions& kp : s.positions) {
      if (!Reportable(kp.test, statistics_)) continue;
      std::string spread;
      size_t favoured = 0;
      model::Value::Array counts;
      for (size_t p = 0; p < kp.counts.size(); ++p) {
        spread += (p == 0 ? "" : ", ") + model::OptionLetter(p) + " " +
                  Percent(static_cast<double>(kp.counts[p]), static_cast<double>(kp.test.total));
        counts.push_back(static_cast<int64_t>(kp.counts[p]));
        if (kp.counts[p] > kp.counts[favoured]) favoured = p;
      }
      // What always guessing the favoured letter gains over chance, in percentage points.
      char gain[32];
      std::snprintf(
          gain, sizeof gain, "%.1f",
          100.0 * (static_cast<double>(kp.counts[favoured]) / static_cast<double>(kp.test.total) -
                   1.0 / static_cast<double>(kp.options)));
      char stat[64];
      std::snprintf(stat, sizeof stat, "%.1f", kp.test.chi_square);
      model::Value value = CountTestValue(kp.test);
      model::Value::Object o = value.as_object();
      o["scope"] = scope.file.empty() ? "bank" : "file";
      o["options"] = static_cast<int64_t>(kp.options);
      o["counts"] = model::Value(std::move(counts));
      ReportScope(reporter, scope,
                  "in " + scope.name + ", the keys of the " + WithThousands(kp.test.total) + " " +
                      std::to_string(kp.options) + "-option questions sit unevenly: " + spread +
                      " against " + Percent(1, static_cast<double>(kp.options)) +
                      " each (chi-square " + stat + ", " +
                      std::to_string(kp.test.degrees_of_freedom) +
                      " df, p = " + FormatPValue(kp.test.p_value) + ", " + FormatEffect(kp.test) +
                      "); a reader who guesses " + model::OptionLetter(favoured) +
                      " when unsure gains " + gain + " percentage points over chance",
                  model::Value(std::move(o)));
    }
  }
}

}  // namespace qbank::lint

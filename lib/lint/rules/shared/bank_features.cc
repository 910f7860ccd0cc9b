// The linted bank's similarity features, made once per run.
#include "lint/rules/shared/bank_features.h"

#include <cstdint>
#include <string>
#include <vector>

#include "base/str_cat.h"

namespace qbank::lint {

std::shared_ptr<const similarity::BankFeatures> LintedBankFeatures(
    const LintContext& ctx, const similarity::FeatureOptions& options, const OtherBanks& others) {
  std::vector<const model::Bank*> banks = {ctx.bank};
  for (const auto& b : others) banks.push_back(b.get());
  // Rules with the same options and the same other banks share one computation.
  std::string key = "bank-features";
  for (const model::Bank* b : banks) {
    key += StrCat({" ", std::to_string(reinterpret_cast<uintptr_t>(b))});
  }
  key += StrCat({" ", std::to_string(options.option_set_min_options), " ",
                 std::to_string(options.option_set_min_words)});
  for (const std::string& s : options.stock_options) key += "\n" + s;
  return ctx.shared->Get<similarity::BankFeatures>(
      key, [&] { return similarity::ComputeBankFeatures(banks, 1, options, 0); });
}

}  // namespace qbank::lint

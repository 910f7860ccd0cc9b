// The similarity features of the bank being linted (and of the banks it is compared with),
// computed once per run and shared by the duplicate rules through LintContext::shared.
#ifndef QBANK_LINT_RULES_SHARED_BANK_FEATURES_H_
#define QBANK_LINT_RULES_SHARED_BANK_FEATURES_H_

#include <memory>

#include "lint/rule.h"
#include "lint/rules/shared/other_banks.h"
#include "similarity/duplicate_finder.h"

namespace qbank::lint {

// The features of ctx.bank followed by `others` (record i < ctx.bank->questions.size() is
// question i of ctx.bank), on all cores.
std::shared_ptr<const similarity::BankFeatures> LintedBankFeatures(
    const LintContext& ctx, const similarity::FeatureOptions& options = {},
    const OtherBanks& others = {});

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_BANK_FEATURES_H_

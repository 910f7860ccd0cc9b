// What the duplicate rules share: the similarity features of the bank being linted (computed once
// per run and shared through similarity's cache) and how a question is named in their messages.
#ifndef QBANK_LINT_RULES_BANK_FEATURES_H_
#define QBANK_LINT_RULES_BANK_FEATURES_H_

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "lint/rule.h"
#include "similarity/duplicate_finder.h"

namespace qbank::lint {

// The features of ctx.bank (record i is question i), on all cores.
std::shared_ptr<const similarity::BankFeatures> LintedBankFeatures(
    const LintContext& ctx, const similarity::FeatureOptions& options = {});

// `question "ID" (path:line)`: how a finding names another question.
std::string DescribeQuestion(const model::Bank& bank, const model::Question& question);

// True when question `index` is one of `indexes` (ascending), the questions a rule applies to.
bool Applies(std::span<const size_t> indexes, size_t index);

// The letters of the options marked correct ("B", "A, C"; "none" when no option is).
std::string KeyLetters(const model::Question& question);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_BANK_FEATURES_H_

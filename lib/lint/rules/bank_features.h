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

// Banks compared against but not checked (`--against`, or a rule's "against" option).
using OtherBanks = std::vector<std::shared_ptr<const model::Bank>>;

// Reads the banks named by option "against" (files or folders in any importable format) of a
// duplicate rule, through env.LoadBank (so each bank is imported once per run and shared by the
// rules naming it). InvalidInput "option 'against': ..." when the option is not a list of strings
// or an input does not import cleanly.
Status LoadOtherBanks(const model::Value& options, const RuleEnvironment& env, OtherBanks* out);

// The features of ctx.bank followed by `others` (record i < ctx.bank->questions.size() is
// question i of ctx.bank), on all cores.
std::shared_ptr<const similarity::BankFeatures> LintedBankFeatures(
    const LintContext& ctx, const similarity::FeatureOptions& options = {},
    const OtherBanks& others = {});

// The near-duplicate pairs of `features` under `join` (similarity::FindNearDuplicates), made once
// per run: the rules asking with the same features and join options share one similarity join
// (near-duplicate and contradicting-copies with their default options).
std::shared_ptr<const std::vector<similarity::SimilarPair>> SharedNearDuplicates(
    const LintContext& ctx, const std::shared_ptr<const similarity::BankFeatures>& features,
    const similarity::JoinOptions& join);

// Reads the join options near-duplicate and contradicting-copies take ("min-similarity",
// "frequent-share", "frequent-min-questions", "min-words"; see near-duplicate's page) into `join`,
// defaults first.
Status ReadJoinOptions(const model::Value& options, similarity::JoinOptions* join);

// How a finding names record `record` of `features`: DescribeQuestion in its own bank.
std::string DescribeRecord(const similarity::BankFeatures& features, size_t record);

// `question "ID" (path:line)`: how a finding names another question.
std::string DescribeQuestion(const model::Bank& bank, const model::Question& question);

// True when question `index` is one of `indexes` (ascending), the questions a rule applies to.
bool Applies(std::span<const size_t> indexes, size_t index);

// The letters of the options marked correct ("B", "A, C"; "none" when no option is).
std::string KeyLetters(const model::Question& question);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_BANK_FEATURES_H_

// The near-duplicate pairs of a run, shared by the rules that ask for them with the same options
// (near-duplicate and contradicting-copies), and the join options those rules take.
#ifndef QBANK_LINT_RULES_SHARED_NEAR_DUPLICATE_PAIRS_H_
#define QBANK_LINT_RULES_SHARED_NEAR_DUPLICATE_PAIRS_H_

#include <memory>
#include <span>
#include <vector>

#include "lint/rule.h"
#include "lint/rules/shared/other_banks.h"
#include "similarity/duplicate_finder.h"

namespace qbank::lint {

// The near-duplicate groups of `features` under `join` (similarity::FindNearDuplicateGroups), made
// once per run: the rules asking with the same features and join options share one similarity join
// (near-duplicate and contradicting-copies with their default options).
std::shared_ptr<const std::vector<similarity::NearGroup>> SharedNearGroups(
    const LintContext& ctx, const std::shared_ptr<const similarity::BankFeatures>& features,
    const similarity::JoinOptions& join);

// The default "min-similarity" of near-duplicate and contradicting-copies (one default, so the two
// share one similarity join): chosen from the recall curve of the duplicate benchmark
// (docs/duplicates.md): 97.5% of the planted copies of 100,000 questions, none unplanted.
inline constexpr int64_t kNearDuplicateMinSimilarity = 60;

// Reads the join options near-duplicate and contradicting-copies take ("min-similarity",
// "frequent-share", "frequent-min-questions", "min-words"; see near-duplicate's page) into `join`,
// defaults first.
Status ReadJoinOptions(const model::Value& options, similarity::JoinOptions* join);

// Configure for a rule over near-duplicate pairs: checks that `options` holds only the join
// options and "against", reads the join options into `join` and loads the "against" banks.
Status ConfigurePairRule(const model::Value& options, const RuleEnvironment& env,
                         similarity::JoinOptions* join, OtherBanks* others);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_NEAR_DUPLICATE_PAIRS_H_

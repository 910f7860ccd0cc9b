// The near-duplicate pairs of a run, made once, and the options that choose them.
#include "lint/rules/shared/near_duplicate_pairs.h"

#include <cstdint>
#include <string>
#include <utility>

namespace qbank::lint {

std::shared_ptr<const std::vector<similarity::NearGroup>> SharedNearGroups(
    const LintContext& ctx, const std::shared_ptr<const similarity::BankFeatures>& features,
    const similarity::JoinOptions& join) {
  std::string key =
      "near-duplicate groups " + std::to_string(reinterpret_cast<uintptr_t>(features.get())) + " " +
      std::to_string(join.threshold) + " " + std::to_string(join.frequent_share) + " " +
      std::to_string(join.frequent_min_records) + " " + std::to_string(join.min_tokens);
  return ctx.shared->Get<std::vector<similarity::NearGroup>>(key, [&] {
    return std::make_shared<const std::vector<similarity::NearGroup>>(
        similarity::FindNearDuplicateGroups(*features, join));
  });
}

Status ReadJoinOptions(const model::Value& options, similarity::JoinOptions* join) {
  int64_t similarity = kNearDuplicateMinSimilarity, against = 50, share = 2, min_questions = 20,
          min_words = 5;
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-similarity", 30, 100, &similarity));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "against-min-similarity", 30, 100, &against));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "frequent-share", 1, 100, &share));
  QBANK_RETURN_IF_ERROR(
      ReadIntOption(options, "frequent-min-questions", 1, 1000000, &min_questions));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-words", 1, 1000, &min_words));
  join->threshold = static_cast<double>(similarity) / 100.0;
  join->against_threshold = static_cast<double>(against) / 100.0;
  join->frequent_share = static_cast<double>(share) / 100.0;
  join->frequent_min_records = static_cast<size_t>(min_questions);
  join->min_tokens = static_cast<size_t>(min_words);
  return Status::Ok();
}

Status ConfigurePairRule(const model::Value& options, const RuleEnvironment& env,
                         similarity::JoinOptions* join, OtherBanks* others) {
  QBANK_RETURN_IF_ERROR(
      CheckOptionKeys(options, {"min-similarity", "against-min-similarity", "frequent-share",
                                "frequent-min-questions", "min-words", "against"}));
  QBANK_RETURN_IF_ERROR(ReadJoinOptions(options, join));
  return LoadOtherBanks(options, env, others);
}

}  // namespace qbank::lint

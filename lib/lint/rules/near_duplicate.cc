// near-duplicate: the similarity join over the bank's features, then the word differences.
#include "lint/rules/near_duplicate.h"

#include <cmath>

#include "lint/rules/bank_features.h"

namespace qbank::lint {
namespace {

std::string QuotedList(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ", ";
    out += "\"" + w + "\"";
  }
  return out.empty() ? "nothing" : out;
}

}  // namespace

Status NearDuplicateRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(
      options,
      {"min-similarity", "frequent-share", "frequent-min-questions", "min-words", "against"}));
  int64_t similarity = 70, share = 2, min_questions = 20, min_words = 5;
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-similarity", 30, 100, &similarity));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "frequent-share", 1, 100, &share));
  QBANK_RETURN_IF_ERROR(
      ReadIntOption(options, "frequent-min-questions", 1, 1000000, &min_questions));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-words", 1, 1000, &min_words));
  join_.threshold = static_cast<double>(similarity) / 100.0;
  join_.frequent_share = static_cast<double>(share) / 100.0;
  join_.frequent_min_records = static_cast<size_t>(min_questions);
  join_.min_tokens = static_cast<size_t>(min_words);
  return LoadOtherBanks(options, env, &others_);
}

void NearDuplicateRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                  Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx, {}, others_);
  const size_t mine = features->linted_records;
  for (const similarity::SimilarPair& pair : similarity::FindNearDuplicates(*features, join_)) {
    // Report on the later question of the bank; on the earlier one when only it is checked or
    // the later one is in another bank.
    size_t here = pair.b, there = pair.a;
    if (here >= mine || !Applies(indexes, here)) std::swap(here, there);
    if (here >= mine || !Applies(indexes, here)) continue;
    const model::Question& q = ctx.bank->questions[here];
    const model::Question& other = features->question(there);
    // Questions on one shared reading passage that ask different things are a test layout.
    if (similarity::SharePassageOnly(q, other)) continue;
    similarity::WordDifference diff = similarity::DifferingWords(q, other, 6);
    int percent = static_cast<int>(std::floor(pair.similarity * 100.0 + 1e-9));
    std::string differs = diff.only_in_a.empty() && diff.only_in_b.empty()
                              ? "the same words in another order or layout"
                              : "only here: " + QuotedList(diff.only_in_a) +
                                    "; only there: " + QuotedList(diff.only_in_b);
    Finding& f = reporter.Report(here, q.stem, "stem",
                                 "near duplicate of " + DescribeRecord(*features, there) + ", " +
                                     std::to_string(percent) + "% similar; " + differs);
    if (there < mine) {
      f.related.push_back({other.stem.span, "the other question is here", other.id.value,
                           reporter.QuestionPath(there) + ".stem"});
    }
  }
}

}  // namespace qbank::lint

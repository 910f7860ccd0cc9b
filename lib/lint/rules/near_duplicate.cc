// near-duplicate: the similarity join over the bank's features, then the word differences.
#include "lint/rules/near_duplicate.h"

#include <cmath>

#include "lint/rules/bank_features.h"
#include "lint/rules/near_duplicate_pairs.h"
#include "lint/rules/other_banks.h"
#include "lint/rules/question_description.h"

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
  return ConfigurePairRule(options, env, &join_, &others_);
}

void NearDuplicateRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                  Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx, {}, others_);
  const size_t mine = features->linted_records;
  auto pairs = SharedNearDuplicates(ctx, features, join_);
  for (const similarity::SimilarPair& pair : *pairs) {
    size_t here = 0, there = 0;
    if (!OrientPair(pair, mine, indexes, &here, &there)) continue;
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

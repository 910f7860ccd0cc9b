// duplicate-option-set: groups questions by the hash of their non-stock option keys.
#include "lint/rules/duplicate_option_set.h"

#include <algorithm>

#include "lint/rules/applies.h"
#include "lint/rules/bank_features.h"
#include "lint/rules/other_banks.h"
#include "lint/rules/question_description.h"

namespace qbank::lint {

Status DuplicateOptionSetRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(
      CheckOptionKeys(options, {"stock-options", "min-options", "min-words", "max-questions"}));
  std::vector<std::string> stock;
  bool has_stock = options.Find("stock-options") != nullptr;
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "stock-options", &stock));
  if (has_stock) {
    features_.stock_options.clear();
    for (const std::string& s : stock) features_.stock_options.push_back(similarity::KeyText(s));
  }
  int64_t min_options = 3, min_words = 6;
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-options", 1, 100, &min_options));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-words", 0, 10000, &min_words));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "max-questions", 2, 1000000, &max_questions_));
  features_.option_set_min_options = static_cast<size_t>(min_options);
  features_.option_set_min_words = static_cast<size_t>(min_words);
  return LoadOtherBanks(options, env, &others_);
}

void DuplicateOptionSetRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                       Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx, features_, others_);
  const size_t mine = features->linted_records;
  for (const similarity::OptionSetGroup& group :
       similarity::FindSharedOptionSets(*features, static_cast<size_t>(max_questions_))) {
    for (size_t i = 0; i < group.members.size(); ++i) {
      const size_t index = group.members[i];
      if (index >= mine || !Applies(indexes, index)) continue;
      size_t first = group.members.front();
      if (i == 0) {
        auto other = std::find_if(group.members.begin(), group.members.end(),
                                  [&](uint32_t r) { return r >= mine; });
        if (other == group.members.end()) continue;
        first = *other;
      }
      const model::Question& q = ctx.bank->questions[index];
      const model::Question& original = features->question(first);
      if (q.options.empty()) continue;
      Finding& f = reporter.Report(
          index, q.options.front().text, "options[0]",
          "same options as " + DescribeRecord(*features, first) + " under a different stem");
      if (first < mine && !original.options.empty()) {
        f.related.push_back({original.options.front().text.span, "the same options are here",
                             original.id.value, reporter.QuestionPath(first) + ".options[0]"});
      }
    }
  }
}

}  // namespace qbank::lint

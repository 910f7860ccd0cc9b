// duplicate-option-set: groups questions by the hash of their non-stock option keys.
#include "lint/rules/duplicates/duplicate_option_set.h"

#include <algorithm>

#include "lint/rules/shared/applies.h"
#include "lint/rules/shared/bank_features.h"
#include "lint/rules/shared/group_members.h"
#include "lint/rules/shared/other_banks.h"
#include "lint/rules/shared/question_description.h"

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
    std::vector<size_t> records(group.members.begin(), group.members.end());
    GroupMembers m = PickGroupMembers(*ctx.bank, records, mine, indexes, id());
    for (size_t i : m.suppressed) {
      const size_t r = records[i];
      if (!Applies(indexes, r) || ctx.bank->questions[r].options.empty()) continue;
      reporter.Report(r, ctx.bank->questions[r].options.front().text, "options[0]",
                      "same options as other questions of its group (suppressed here)");
    }
    if (m.lead == GroupMembers::kNone || m.others.empty()) continue;
    const size_t here = records[m.lead];
    const model::Question& q = ctx.bank->questions[here];
    if (q.options.empty()) continue;
    const size_t first_other = records[m.others.front()];
    std::string message = m.others.size() == 1
                              ? "same options as " + DescribeRecord(*features, first_other) +
                                    " under a different stem"
                              : "same options as " + std::to_string(m.others.size()) +
                                    " other questions under different stems, the first " +
                                    DescribeRecord(*features, first_other) +
                                    MoreMembersNote(m.others.size());
    Finding& f = reporter.Report(here, q.options.front().text, "options[0]", std::move(message));
    f.group_members.push_back(q.id.value);
    for (size_t i : m.others) f.group_members.push_back(features->question(records[i]).id.value);
    for (size_t k = 0; k < m.others.size() && k < kListedMembers; ++k) {
      const size_t r = records[m.others[k]];
      const model::Question& other = features->question(r);
      if (r >= mine || other.options.empty()) continue;
      f.related.push_back({other.options.front().text.span, "the same options are here",
                           other.id.value, reporter.QuestionPath(r) + ".options[0]"});
    }
  }
}

}  // namespace qbank::lint

// reused-explanation: groups explanation and rationale texts by the hash of their keys.
#include "lint/rules/reused_explanation.h"

#include "lint/rules/applies.h"
#include "lint/rules/bank_features.h"
#include "lint/rules/explanation_only_url.h"
#include "lint/rules/group_members.h"
#include "lint/rules/question_description.h"

namespace qbank::lint {
namespace {

const model::Text& Field(const model::Question& q, int32_t option) {
  return option < 0 ? q.explanation : q.options[static_cast<size_t>(option)].rationale;
}

std::string FieldPath(int32_t option) {
  return option < 0 ? "explanation" : "options[" + std::to_string(option) + "].rationale";
}

std::string FieldName(int32_t option) {
  return option < 0 ? "explanation"
                    : "rationale of option " + model::OptionLetter(static_cast<size_t>(option));
}

}  // namespace

Status ReusedExplanationRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"min-questions", "min-words"}));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-questions", 2, 1000000, &min_questions_));
  return ReadIntOption(options, "min-words", 1, 10000, &min_words_);
}

void ReusedExplanationRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                      Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx);
  const size_t mine = features->linted_records;
  for (const similarity::ReuseGroup& group : similarity::FindReusedExplanations(
           *features, static_cast<size_t>(min_questions_), static_cast<size_t>(min_words_))) {
    const auto [first, first_option] = group.members.front();
    // The same reference link under many questions is explanation-only-url's finding (one per
    // question), not a copied explanation.
    if (IsOnlyUrl(Field(ctx.bank->questions[first], first_option).value)) continue;
    std::vector<size_t> questions;
    for (const auto& [index, option] : group.members) questions.push_back(index);
    GroupMembers m = PickGroupMembers(*ctx.bank, questions, mine, indexes, id());
    for (size_t i : m.suppressed) {
      const auto [index, option] = group.members[i];
      if (!Applies(indexes, index)) continue;
      reporter.Report(index, Field(ctx.bank->questions[index], option), FieldPath(option),
                      "the " + FieldName(option) + " is used again elsewhere (suppressed here)");
    }
    if (m.lead == GroupMembers::kNone || m.others.empty()) continue;
    const auto [index, option] = group.members[m.lead];
    const model::Question& q = ctx.bank->questions[index];
    const auto [other_index, other_option] = group.members[m.others.front()];
    std::string where = other_index == index
                            ? "this question's " + FieldName(other_option)
                            : "the " + FieldName(other_option) + " of " +
                                  DescribeQuestion(*ctx.bank, ctx.bank->questions[other_index]);
    std::string message = "the " + FieldName(option) + " is the same text as " + where;
    if (m.others.size() > 1) {
      message += " and " + std::to_string(m.others.size() - 1) + " more field" +
                 (m.others.size() == 2 ? "" : "s");
    }
    message += " (" + std::to_string(group.questions) + " questions use it)" +
               MoreMembersNote(m.others.size());
    Finding& f = reporter.Report(index, Field(q, option), FieldPath(option), std::move(message));
    // Members are fields: "q-7 explanation", "q-9 options[1].rationale".
    f.group_members.push_back(q.id.value + " " + FieldPath(option));
    for (size_t i : m.others) {
      const auto [r, o] = group.members[i];
      f.group_members.push_back(ctx.bank->questions[r].id.value + " " + FieldPath(o));
    }
    for (size_t k = 0; k < m.others.size() && k < kListedMembers; ++k) {
      const auto [r, o] = group.members[m.others[k]];
      const model::Question& other = ctx.bank->questions[r];
      f.related.push_back({Field(other, o).span, "also used here", other.id.value,
                           reporter.QuestionPath(r) + "." + FieldPath(o)});
    }
  }
}

}  // namespace qbank::lint

// reused-explanation: groups explanation and rationale texts by the hash of their keys.
#include "lint/rules/reused_explanation.h"

#include "lint/rules/applies.h"
#include "lint/rules/bank_features.h"
#include "lint/rules/explanation_only_url.h"
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
  for (const similarity::ReuseGroup& group : similarity::FindReusedExplanations(
           *features, static_cast<size_t>(min_questions_), static_cast<size_t>(min_words_))) {
    const auto [first, first_option] = group.members.front();
    const model::Question& original = ctx.bank->questions[first];
    // The same reference link under many questions is explanation-only-url's finding (one per
    // question), not a copied explanation.
    if (IsOnlyUrl(Field(original, first_option).value)) continue;
    for (size_t i = 1; i < group.members.size(); ++i) {
      const auto [index, option] = group.members[i];
      if (!Applies(indexes, index)) continue;
      const model::Question& q = ctx.bank->questions[index];
      std::string where = index == first ? "this question's " + FieldName(first_option)
                                         : "the " + FieldName(first_option) + " of " +
                                               DescribeQuestion(*ctx.bank, original);
      Finding& f =
          reporter.Report(index, Field(q, option), FieldPath(option),
                          "the " + FieldName(option) + " is the same text as " + where + " (" +
                              std::to_string(group.questions) + " questions use it)");
      f.related.push_back({Field(original, first_option).span, "first used here", original.id.value,
                           reporter.QuestionPath(first) + "." + FieldPath(first_option)});
    }
  }
}

}  // namespace qbank::lint

// reused-explanation: groups explanation and rationale texts by the hash of their keys.
#include "lint/rules/duplicates/reused_explanation.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "lint/rules/content/explanation_only_url.h"
#include "lint/rules/shared/applies.h"
#include "lint/rules/shared/bank_features.h"
#include "lint/rules/shared/group_members.h"
#include "lint/rules/shared/question_description.h"
#include "text/text_key.h"

namespace qbank::lint {
namespace {

const model::Text& Field(const model::Question& q, int32_t option) {
  return option < 0 ? q.explanation : *q.options[static_cast<size_t>(option)].rationale;
}

std::string FieldPath(int32_t option) {
  return option < 0 ? "explanation" : "options[" + std::to_string(option) + "].rationale";
}

std::string FieldName(int32_t option) {
  return option < 0 ? "explanation"
                    : "rationale of option " + model::OptionLetter(static_cast<size_t>(option));
}

}  // namespace

Status ReusedExplanationRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(
      options, {"min-questions", "min-words", "against", "against-min-similarity"}));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-questions", 2, 1000000, &min_questions_));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-words", 1, 10000, &min_words_));
  QBANK_RETURN_IF_ERROR(
      ReadIntOption(options, "against-min-similarity", 30, 100, &against_min_similarity_));
  return LoadOtherBanks(options, env, &others_);
}

void ReusedExplanationRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                      Reporter& reporter) const {
  ReportReuse(ctx, indexes, reporter);
  if (!others_.empty()) ReportCopies(ctx, indexes, reporter);
}

// Texts used by min-questions questions of the checked bank: one finding per text.
void ReusedExplanationRule::ReportReuse(const LintContext& ctx, std::span<const size_t> indexes,
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

namespace {

int Percent(double similarity) { return static_cast<int>(std::floor(similarity * 100.0 + 1e-9)); }

// Two questions whose stems and options have at least this share of their words and neighbouring
// pairs in common are copies as a whole: near-duplicate's against-min-similarity default.
constexpr double kSameQuestion = 0.5;

// The finding on `c`'s field: on the longest run of words the two texts share, quoting that run as
// the other bank has it and saying where it stands there.
Finding& ReportCopy(const LintContext& ctx, const similarity::BankFeatures& features,
                    const similarity::CopiedExplanation& c, Reporter& reporter) {
  const model::Text& mine = Field(ctx.bank->questions[c.record], c.option);
  const model::Question& other = features.question(c.other);
  const model::Text& theirs = Field(other, c.other_option);
  text::KeyOptions key_options;
  key_options.context_script = features.features[c.record].script;
  const text::TextKey mine_key = text::MakeTextKey(mine.value, key_options);
  key_options.context_script = features.features[c.other].script;
  const text::TextKey their_key = text::MakeTextKey(theirs.value, key_options);
  similarity::SharedRun run = similarity::LongestSharedRun(mine_key, their_key);
  size_t begin = 0, end = mine.value.size(), their_begin = 0, their_end = theirs.value.size();
  if (run.words > 0) {
    std::tie(begin, end) = mine_key.SourceRange(run.a_first, run.a_first + run.words);
    std::tie(their_begin, their_end) = their_key.SourceRange(run.b_first, run.b_first + run.words);
  }
  const model::Bank& their_bank = *features.banks[features.refs[c.other].bank];
  const SourceSpan at = Reporter::SubSpan(theirs, their_begin, their_end);
  std::string message =
      "the " + FieldName(c.option) + " is " + std::to_string(Percent(c.similarity)) +
      "% similar to the " + FieldName(c.other_option) + " of " +
      DescribeQuestionAt(their_bank, other, at) + ": \"" +
      ShortQuote(theirs.value.substr(their_begin, their_end - their_begin)) + "\"";
  return reporter.ReportRange(c.record, mine, begin, end, FieldPath(c.option), std::move(message));
}

}  // namespace

// Texts of the checked bank copied from one in an `against` bank: one finding per question, on its
// first copied field, naming the others. A copy whose two questions are copies as a whole is left
// to exact-duplicate and near-duplicate, which report the question.
void ReusedExplanationRule::ReportCopies(const LintContext& ctx, std::span<const size_t> indexes,
                                         Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx, {}, others_);
  similarity::JoinOptions join;
  join.threshold = static_cast<double>(against_min_similarity_) / 100.0;
  join.min_tokens = static_cast<size_t>(min_words_);  // not a few rare words among common ones
  std::vector<similarity::CopiedExplanation> copies =
      similarity::FindCopiedExplanations(*features, join, static_cast<size_t>(min_words_));
  std::erase_if(copies, [&](const similarity::CopiedExplanation& c) {
    return !Applies(indexes, c.record) ||
           IsOnlyUrl(Field(ctx.bank->questions[c.record], c.option).value) ||
           features->features[c.record].exact_hash == features->features[c.other].exact_hash ||
           similarity::QuestionSimilarity(ctx.bank->questions[c.record],
                                          features->question(c.other)) >= kSameQuestion;
  });
  for (size_t i = 0; i < copies.size();) {
    size_t next = i + 1;  // copies of one question are neighbours
    while (next < copies.size() && copies[next].record == copies[i].record) ++next;
    Finding& f = ReportCopy(ctx, *features, copies[i], reporter);
    for (size_t k = i + 1; k < next; ++k) {
      f.message += (k == i + 1 ? "; also copied: the " : ", the ") + FieldName(copies[k].option);
    }
    i = next;
  }
}

}  // namespace qbank::lint

// Shared pieces of the duplicate rules.
#include "lint/rules/bank_features.h"

#include <algorithm>

namespace qbank::lint {

Status LoadOtherBanks(const model::Value& options, const RuleEnvironment& env, OtherBanks* out) {
  out->clear();
  std::vector<std::string> paths;
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "against", &paths));
  for (const std::string& path : paths) {
    Result<std::shared_ptr<const model::Bank>> bank = env.LoadBank(path);
    if (!bank.ok()) return Status::InvalidInput("option 'against': " + bank.status().message());
    out->push_back(std::move(bank.value()));
  }
  return Status::Ok();
}

std::shared_ptr<const similarity::BankFeatures> LintedBankFeatures(
    const LintContext& ctx, const similarity::FeatureOptions& options, const OtherBanks& others) {
  std::vector<const model::Bank*> banks = {ctx.bank};
  for (const auto& b : others) banks.push_back(b.get());
  // Rules with the same options and the same other banks share one computation.
  std::string key = "bank-features";
  for (const model::Bank* b : banks) key += " " + std::to_string(reinterpret_cast<uintptr_t>(b));
  key += " " + std::to_string(options.option_set_min_options) + " " +
         std::to_string(options.option_set_min_words);
  for (const std::string& s : options.stock_options) key += "\n" + s;
  return ctx.shared->Get<similarity::BankFeatures>(
      key, [&] { return similarity::ComputeBankFeatures(banks, 1, options, 0); });
}

std::shared_ptr<const std::vector<similarity::SimilarPair>> SharedNearDuplicates(
    const LintContext& ctx, const std::shared_ptr<const similarity::BankFeatures>& features,
    const similarity::JoinOptions& join) {
  std::string key =
      "near-duplicates " + std::to_string(reinterpret_cast<uintptr_t>(features.get())) + " " +
      std::to_string(join.threshold) + " " + std::to_string(join.frequent_share) + " " +
      std::to_string(join.frequent_min_records) + " " + std::to_string(join.min_tokens);
  return ctx.shared->Get<std::vector<similarity::SimilarPair>>(key, [&] {
    return std::make_shared<const std::vector<similarity::SimilarPair>>(
        similarity::FindNearDuplicates(*features, join));
  });
}

Status ReadJoinOptions(const model::Value& options, similarity::JoinOptions* join) {
  int64_t similarity = 70, share = 2, min_questions = 20, min_words = 5;
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-similarity", 30, 100, &similarity));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "frequent-share", 1, 100, &share));
  QBANK_RETURN_IF_ERROR(
      ReadIntOption(options, "frequent-min-questions", 1, 1000000, &min_questions));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-words", 1, 1000, &min_words));
  join->threshold = static_cast<double>(similarity) / 100.0;
  join->frequent_share = static_cast<double>(share) / 100.0;
  join->frequent_min_records = static_cast<size_t>(min_questions);
  join->min_tokens = static_cast<size_t>(min_words);
  return Status::Ok();
}

std::string DescribeRecord(const similarity::BankFeatures& features, size_t record) {
  const similarity::QuestionRef& ref = features.refs[record];
  return DescribeQuestion(*features.banks[ref.bank], features.question(record));
}

std::string DescribeQuestion(const model::Bank& bank, const model::Question& question) {
  const SourceSpan& span = question.stem.span.known() ? question.stem.span : question.span;
  std::string place = bank.SourcePath(span.file);
  if (span.line != 0) place += ":" + std::to_string(span.line);
  return "question \"" + question.id.value + "\" (" + place + ")";
}

bool Applies(std::span<const size_t> indexes, size_t index) {
  return std::binary_search(indexes.begin(), indexes.end(), index);
}

std::string KeyLetters(const model::Question& question) {
  std::string out;
  for (size_t k : question.KeyIndexes()) {
    if (!out.empty()) out += ", ";
    out += model::OptionLetter(k);
  }
  return out.empty() ? "none" : out;
}

}  // namespace qbank::lint

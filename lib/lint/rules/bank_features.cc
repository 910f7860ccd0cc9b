// Shared pieces of the duplicate rules.
#include "lint/rules/bank_features.h"

#include <algorithm>

namespace qbank::lint {

std::shared_ptr<const similarity::BankFeatures> LintedBankFeatures(
    const LintContext& ctx, const similarity::FeatureOptions& options) {
  return similarity::ComputeBankFeatures({ctx.bank}, 1, options, 0);
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

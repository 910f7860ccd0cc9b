// contradicting-copies: filters the shared near-duplicate pairs by stem words and keys.
#include "lint/rules/contradicting_copies.h"

#include <cctype>

#include "lint/rules/bank_features.h"
#include "lint/rules/near_duplicate_pairs.h"
#include "lint/rules/other_banks.h"
#include "lint/rules/question_description.h"
#include "text/words.h"

namespace qbank::lint {
namespace {

// The stem's words (ASCII letters lower-cased; other bytes kept) and its symbols other than
// sentence punctuation and quotes, in order.
std::vector<std::string> StemWords(std::string_view stem) {
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  for (char c : stem) {
    unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || u >= 0x80) {
      word += static_cast<char>(std::tolower(u));
    } else {
      flush();
      if (!std::isspace(u) && std::string_view(".,;:!?\"'()[]").find(c) == std::string_view::npos) {
        words.push_back(std::string(1, c));
      }
    }
  }
  flush();
  return words;
}

// The comparison key of the key option, or nullopt unless the question has exactly one key.
std::optional<std::string> KeyText(const model::Question& q) {
  std::vector<size_t> keys = q.KeyIndexes();
  if (keys.size() != 1) return std::nullopt;
  return text::OptionComparisonKey(q.options[keys[0]].text.value);
}

bool Offers(const model::Question& q, const std::string& key) {
  for (const model::Option& o : q.options) {
    if (!o.correct && text::OptionComparisonKey(o.text.value) == key) return true;
  }
  return false;
}

bool Applicable(const model::Question& q) {
  return q.type == model::QuestionType::kSingleAnswer || q.type == model::QuestionType::kTrueFalse;
}

}  // namespace

Status ContradictingCopiesRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  return ConfigurePairRule(options, env, &join_, &others_);
}

void ContradictingCopiesRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                        Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx, {}, others_);
  const size_t mine = features->linted_records;
  auto pairs = SharedNearDuplicates(ctx, features, join_);
  for (const similarity::SimilarPair& pair : *pairs) {
    size_t here = 0, there = 0;
    if (!OrientPair(pair, mine, indexes, &here, &there)) continue;
    const model::Question& q = ctx.bank->questions[here];
    const model::Question& other = features->question(there);
    if (!Applicable(q) || !Applicable(other)) continue;
    std::optional<std::string> key = KeyText(q), other_key = KeyText(other);
    if (!key || !other_key || *key == *other_key) continue;
    if (!Offers(q, *other_key) || !Offers(other, *key)) continue;
    if (StemWords(q.stem.value) != StemWords(other.stem.value)) continue;
    size_t k = q.KeyIndexes()[0], ok = other.KeyIndexes()[0];
    Finding& f = reporter.Report(
        here, q.options[k].text, "options[" + std::to_string(k) + "]",
        "this question keys option " + model::OptionLetter(k) + " (\"" + q.options[k].text.value +
            "\") but its copy " + DescribeRecord(*features, there) + " keys option " +
            model::OptionLetter(ok) + " (\"" + other.options[ok].text.value +
            "\"), which is a distractor here: at most one of them is right");
    if (there < mine) {
      f.related.push_back({other.options[ok].text.span, "the copy keys this option", other.id.value,
                           reporter.QuestionPath(there) + ".options[" + std::to_string(ok) + "]"});
    }
  }
}

}  // namespace qbank::lint

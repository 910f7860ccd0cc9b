// same-stem: groups the shared stem hashes, then counts option sets and content words per group.
#include "lint/rules/duplicates/same_stem.h"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "lint/rules/shared/bank_features.h"
#include "lint/rules/shared/question_description.h"
#include "lint/rules/shared/term_lists.h"
#include "text/text_key.h"

namespace qbank::lint {

namespace {

// The comparison keys of the question's options.
std::set<std::string> OptionKeys(const model::Question& q) {
  std::set<std::string> keys;
  for (const model::Option& o : q.options) keys.insert(text::MakeTextKey(o.text.value).key);
  return keys;
}

// Whether the stem says "following" ("Which of the following ...", "in the following list").
bool MentionsFollowing(std::string_view stem) {
  text::TextKey key = text::MakeTextKey(stem);
  for (size_t i = 0; i < key.size(); ++i) {
    if (key.Word(i) == "following") return true;
  }
  return false;
}

}  // namespace

Status SameStemRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"min-content-words", "max-option-sets"}));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-content-words", 0, 1000, &min_content_words_));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "max-option-sets", 2, 1000000, &max_option_sets_));
  Result<std::string> list = ReadTermList(env, "generic-stem-words.txt", "generic stem words");
  if (!list.ok()) return list.status();
  generic_words_.clear();
  for (const auto& entry : TermLines(*list)) {
    text::TextKey key = text::MakeTextKey(entry.second);
    for (size_t i = 0; i < key.size(); ++i) generic_words_.emplace(key.Word(i));
  }
  return Status::Ok();
}

size_t SameStemRule::ContentWords(std::string_view stem) const {
  text::TextKey key = text::MakeTextKey(stem);
  size_t content = 0;
  for (size_t i = 0; i < key.size(); ++i) content += generic_words_.count(key.Word(i)) == 0;
  return content;
}

void SameStemRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                             Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx);
  const model::Bank& bank = *ctx.bank;
  // Questions by stem hash, in bank order.
  std::unordered_map<uint64_t, std::vector<size_t>> by_stem;
  for (size_t index : indexes) {
    const model::Question& q = bank.questions[index];
    const similarity::QuestionFeatures& f = features->features[index];
    if (!model::IsChoiceType(q.type) || q.options.empty() || f.stem_words == 0) continue;
    by_stem[f.stem_hash].push_back(index);
  }
  std::vector<const std::vector<size_t>*> groups;
  for (const auto& [hash, members] : by_stem) {
    if (members.size() >= 2) groups.push_back(&members);
  }
  // Reported in bank order, whatever the hash map's order.
  std::sort(groups.begin(), groups.end(),
            [](const auto* a, const auto* b) { return a->front() < b->front(); });
  for (const std::vector<size_t>* members : groups) {
    std::unordered_set<uint64_t> option_sets;
    for (size_t index : *members) option_sets.insert(features->features[index].exact_hash);
    if (option_sets.size() < 2 || option_sets.size() > static_cast<size_t>(max_option_sets_)) {
      continue;
    }
    const size_t first = members->front();
    const model::Question& original = bank.questions[first];
    if (ContentWords(original.stem.value) < static_cast<size_t>(min_content_words_)) continue;
    const uint64_t first_set = features->features[first].exact_hash;
    // "Which of the following ..." leans on its options: asked again with none of them, it is
    // another question.
    const bool leans_on_options = MentionsFollowing(original.stem.value);
    std::set<std::string> first_options;
    if (leans_on_options) first_options = OptionKeys(original);
    for (size_t k = 1; k < members->size(); ++k) {
      const size_t index = (*members)[k];
      if (features->features[index].exact_hash == first_set) continue;
      const model::Question& copy = bank.questions[index];
      if (leans_on_options) {
        std::set<std::string> options = OptionKeys(copy);
        bool shared = std::any_of(options.begin(), options.end(), [&](const std::string& o) {
          return first_options.count(o) != 0;
        });
        if (!shared) continue;
      }
      Finding& f = reporter.Report(
          index, copy.stem, "stem",
          "same stem as " + DescribeQuestion(bank, original) +
              ", with other options: one question asked twice; keep one, or make the stems say "
              "what differs");
      f.related.push_back({original.stem.span, "the same stem is here", original.id.value,
                           reporter.QuestionPath(first) + ".stem"});
    }
  }
}

}  // namespace qbank::lint

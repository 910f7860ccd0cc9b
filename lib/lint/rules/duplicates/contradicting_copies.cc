// contradicting-copies: filters the shared near-duplicate pairs by stem words and keys.
#include "lint/rules/duplicates/contradicting_copies.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "lint/rules/shared/applies.h"
#include "lint/rules/shared/bank_features.h"
#include "lint/rules/shared/near_duplicate_pairs.h"
#include "lint/rules/shared/other_banks.h"
#include "lint/rules/shared/question_description.h"
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
  auto groups = SharedNearGroups(ctx, features, join_);
  for (const similarity::NearGroup& group : *groups) {
    // Most groups agree on their keys: the features' hash of the keyed options says so at once.
    const uint64_t first_keys = features->features[group.members.front()].key_hash;
    if (std::all_of(group.members.begin(), group.members.end(),
                    [&](uint32_t r) { return features->features[r].key_hash == first_keys; })) {
      continue;
    }
    // The group's copies that key one option each, with their key and stem words.
    struct Copy {
      size_t record;
      std::string key;
      std::vector<std::string> words;
    };
    std::vector<Copy> copies;
    std::map<std::string, size_t> votes;
    for (uint32_t r : group.members) {
      const model::Question& q = features->question(r);
      if (!Applicable(q)) continue;
      std::optional<std::string> key = KeyText(q);
      if (!key) continue;
      ++votes[*key];
      copies.push_back({r, std::move(*key), StemWords(q.stem.value)});
    }
    if (votes.size() < 2) continue;
    // The rest of the group's answer: the key most copies have (the earliest copy's on a tie).
    std::string agreed = copies.front().key;
    for (const auto& [key, count] : votes) {
      if (count > votes[agreed]) agreed = key;
    }
    for (const Copy& c : copies) {
      if (c.key == agreed || c.record >= mine || !Applies(indexes, c.record)) continue;
      const model::Question& q = ctx.bank->questions[c.record];
      // A copy with the same stem words whose distractor is this question's key, and the other
      // way round.
      auto it = std::find_if(copies.begin(), copies.end(), [&](const Copy& o) {
        return o.key == agreed && o.words == c.words && Offers(q, o.key) &&
               Offers(features->question(o.record), c.key);
      });
      if (it == copies.end()) continue;
      const model::Question& other = features->question(it->record);
      size_t k = q.KeyIndexes()[0], ok = other.KeyIndexes()[0];
      Finding& f = reporter.Report(
          c.record, q.options[k].text, "options[" + std::to_string(k) + "]",
          "this question keys option " + model::OptionLetter(k) + " (\"" + q.options[k].text.value +
              "\") but its copy " + DescribeRecord(*features, it->record) + " keys option " +
              model::OptionLetter(ok) + " (\"" + other.options[ok].text.value +
              "\"), which is a distractor here: at most one of them is right");
      if (it->record < mine) {
        f.related.push_back(
            {other.options[ok].text.span, "the copy keys this option", other.id.value,
             reporter.QuestionPath(it->record) + ".options[" + std::to_string(ok) + "]"});
      }
    }
  }
}

}  // namespace qbank::lint

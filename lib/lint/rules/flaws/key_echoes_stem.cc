// key-echoes-stem: the stems of each option's content words against the stem's.
#include "lint/rules/flaws/key_echoes_stem.h"

#include <map>
#include <vector>

#include "base/ascii_text.h"
#include "lint/rules/shared/item_text.h"
#include "lint/rules/shared/term_lists.h"
#include "text/stemmer.h"

namespace qbank::lint {
namespace {

bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The number of ASCII letter runs in `text`.
size_t WordCount(std::string_view text) {
  size_t count = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    count += IsAsciiLetter(text[i]) && (i == 0 || !IsAsciiLetter(text[i - 1]));
  }
  return count;
}

// The content words of `text`: stem -> the word as first written (lower case).
std::map<std::string, std::string> ContentStems(std::string_view text,
                                                const std::set<std::string, std::less<>>& generic) {
  std::map<std::string, std::string> out;
  for (size_t i = 0; i < text.size();) {
    if (!IsAsciiLetter(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && IsAsciiLetter(text[j])) ++j;
    std::string word = AsciiLowered(text.substr(i, j - i));
    i = j;
    if (word.size() < 4 || generic.count(word) != 0) continue;
    out.emplace(text::Stem(word), word);
  }
  return out;
}

}  // namespace

Status KeyEchoesStemRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"max-stem-words"}));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "max-stem-words", 1, 100000, &max_stem_words_));
  Result<std::string> list = ReadTermList(env, "generic-stem-words.txt", "generic stem words");
  if (!list.ok()) return list.status();
  generic_words_.clear();
  for (const auto& entry : TermLines(*list)) generic_words_.emplace(AsciiLowered(entry.second));
  return Status::Ok();
}

void KeyEchoesStemRule::CheckQuestion(const LintContext& ctx, size_t index,
                                      Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (q.type != model::QuestionType::kSingleAnswer || q.options.size() < 3) return;
  std::vector<size_t> keys = q.KeyIndexes();
  if (keys.size() != 1) return;
  for (const model::Option& o : q.options) {
    if (OptionStandsForAllOptions(o.text.value, {"all", "none", "neither", "both"})) return;
  }
  if (WordCount(q.stem.value) > static_cast<size_t>(max_stem_words_)) return;
  std::map<std::string, std::string> stem = ContentStems(q.stem.value, generic_words_);
  if (stem.empty()) return;
  // The key first: most keys echo nothing, and then the distractors need no stemming.
  std::vector<std::string> echoed;
  for (const auto& [s, word] : ContentStems(q.options[keys[0]].text.value, generic_words_)) {
    auto in_stem = stem.find(s);
    if (in_stem != stem.end()) {
      echoed.push_back(in_stem->second == word ? word : in_stem->second + "/" + word);
    }
  }
  if (echoed.empty()) return;
  for (size_t i = 0; i < q.options.size(); ++i) {
    if (i == keys[0]) continue;
    for (const auto& entry : ContentStems(q.options[i].text.value, generic_words_)) {
      if (stem.count(entry.first) != 0) return;  // a distractor echoes the stem too
    }
  }
  std::string list;
  for (const std::string& w : echoed) list += (list.empty() ? "\"" : ", \"") + w + "\"";
  const model::Option& key = q.options[keys[0]];
  reporter.Report(index, key.text, "options[" + std::to_string(keys[0]) + "]",
                  "the key repeats the stem's " + list +
                      " and no distractor repeats any word of the stem: test-wise readers pick "
                      "the option that echoes the question; reword the key, or let distractors "
                      "use the stem's words too");
}

}  // namespace qbank::lint

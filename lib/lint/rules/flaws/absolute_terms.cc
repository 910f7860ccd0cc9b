// absolute-terms: each option's loose words against the term list.
#include "lint/rules/flaws/absolute_terms.h"

#include <algorithm>

#include "base/ascii_text.h"
#include "lint/rules/shared/item_text.h"

namespace qbank::lint {
namespace {

// The word of `phrase` (a LoosePhrase), without punctuation at its ends.
std::string_view Bare(std::string_view w) {
  auto punct = [](char c) {
    return std::string_view(".,;:!?\"'()[]*_").find(c) != std::string_view::npos;
  };
  while (!w.empty() && punct(w.front())) w.remove_prefix(1);
  while (!w.empty() && punct(w.back())) w.remove_suffix(1);
  return w;
}

bool IsQualifier(std::string_view w) {
  return w == "not" || w == "almost" || w == "nearly" || w == "virtually" || w == "practically";
}

bool StartsWithDigit(std::string_view w) { return !w.empty() && w[0] >= '0' && w[0] <= '9'; }

// A name written in title case ("Always Delay Learning"): every word of three or more letters
// starts with a capital.
bool IsTitleCase(std::string_view text) {
  size_t words = 0;
  for (size_t i = 0; i < text.size();) {
    while (i < text.size() && text[i] == ' ') ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j - i >= 3) {
      if (!(text[i] >= 'A' && text[i] <= 'Z')) return false;
      ++words;
    }
    i = j;
  }
  return words >= 2;
}

// The terms of `terms` that `text` uses as absolute claims, in list order. Not one after "not",
// "almost", "nearly", "virtually" or "practically" ("not always", "virtually all"); not "only"
// before a number or "a"/"an" ("only 15 years old", "only a witness": merely); nothing in a
// title-case name.
std::vector<std::string> TermsIn(std::string_view text, const std::vector<std::string>& terms) {
  std::vector<std::string> found;
  if (IsTitleCase(text)) return found;
  std::string phrase = LoosePhrase(text);
  std::vector<std::string_view> words = SplitWords(phrase);
  for (size_t i = 0; i < words.size(); ++i) {
    std::string_view bare = Bare(words[i]);
    for (const std::string& t : terms) {
      if (bare != t || std::find(found.begin(), found.end(), t) != found.end()) continue;
      if (i > 0 && IsQualifier(Bare(words[i - 1]))) continue;
      if (bare == "only" && i + 1 < words.size()) {
        std::string_view next = Bare(words[i + 1]);
        if (StartsWithDigit(next) || next == "a" || next == "an") continue;
      }
      found.push_back(t);
    }
  }
  return found;
}

// An option made only of statement labels and connectives ("I and II only", "1 and 3 only").
bool IsCombination(std::string_view text) {
  std::string phrase = LoosePhrase(text);
  bool label = false;
  for (std::string_view w : SplitWords(phrase)) {
    std::string_view bare = Bare(w);
    if (bare == "and" || bare == "or" || bare == "only" || bare == "both" || bare == "neither" ||
        bare == "nor" || bare.empty()) {
      continue;
    }
    if (bare.find_first_not_of("ivx0123456789abcdefgh") != std::string_view::npos ||
        bare.size() > 4) {
      return false;
    }
    label = true;
  }
  return label;
}

}  // namespace

Status AbsoluteTermsRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"terms"}));
  std::vector<std::string> terms;
  if (options.Find("terms") != nullptr) {
    QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "terms", &terms));
    terms_.clear();
    for (const std::string& t : terms) terms_.push_back(LoosePhrase(t));
  }
  return Status::Ok();
}

void AbsoluteTermsRule::CheckQuestion(const LintContext& ctx, size_t index,
                                      Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (q.type != model::QuestionType::kSingleAnswer || q.options.size() < 3) return;
  std::vector<size_t> keys = q.KeyIndexes();
  if (keys.size() != 1) return;
  auto readable = [&](const model::Option& o) {
    return !OptionStandsForAllOptions(o.text.value, {"all", "none", "neither", "both"}) &&
           !IsCombination(o.text.value);
  };
  // Most questions hold none of the terms anywhere in their options: one cheap look first.
  bool any_term = false;
  for (const model::Option& o : q.options) {
    std::string lowered = AsciiLowered(o.text.value);
    for (const std::string& t : terms_) any_term = any_term || lowered.find(t) != std::string::npos;
  }
  if (!any_term) return;
  const model::Option& key = q.options[keys[0]];
  if (!readable(key) || !TermsIn(key.text.value, terms_).empty()) return;
  std::vector<std::string> in_stem = TermsIn(q.stem.value, terms_);
  std::vector<size_t> marked;
  std::vector<std::string> used;
  for (size_t i = 0; i < q.options.size(); ++i) {
    if (i == keys[0] || !readable(q.options[i])) continue;
    bool any = false;
    for (const std::string& t : TermsIn(q.options[i].text.value, terms_)) {
      if (std::find(in_stem.begin(), in_stem.end(), t) != in_stem.end()) continue;
      any = true;
      if (std::find(used.begin(), used.end(), t) == used.end()) used.push_back(t);
    }
    if (any) marked.push_back(i);
  }
  if (marked.empty()) return;
  std::string letters, words;
  for (size_t i : marked) letters += (letters.empty() ? "" : ", ") + model::OptionLetter(i);
  for (const std::string& t : used) words += (words.empty() ? "\"" : ", \"") + t + "\"";
  const model::Option& first = q.options[marked.front()];
  reporter.Report(index, first.text, "options[" + std::to_string(marked.front()) + "]",
                  std::string(marked.size() == 1 ? "distractor " : "distractors ") + letters +
                      " use" + (marked.size() == 1 ? "s " : " ") + words +
                      " and the key does not: test-wise readers rule out absolute claims without "
                      "knowing the answer; qualify the distractors, or word the key as firmly");
}

}  // namespace qbank::lint

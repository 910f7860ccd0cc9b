// ungrammatical-option: the stem's last words, then how each option starts.
#include "lint/rules/flaws/ungrammatical_option.h"

#include <optional>
#include <string>
#include <vector>

#include "lint/rules/shared/article_sound.h"
#include "lint/rules/shared/item_text.h"

namespace qbank::lint {
namespace {

bool OneOf(std::string_view w, std::initializer_list<std::string_view> set) {
  for (std::string_view s : set) {
    if (w == s) return true;
  }
  return false;
}

// An option's text from its first letter or digit (quotes, brackets and emphasis skipped).
std::string_view Opening(std::string_view text) {
  size_t b = text.find_first_not_of(" \t\n\"'*_(");
  return b == std::string_view::npos ? std::string_view() : text.substr(b);
}

// The option's first word as written (up to a space or punctuation).
std::string_view FirstWord(std::string_view text) {
  std::string_view t = Opening(text);
  size_t e = t.find_first_of(" \t\n,.;:!?)");
  return t.substr(0, e);
}

// The one option, among `fits` (per option: fits the stem, does not, or unsure), that does not fit
// where every other one does; nullopt otherwise.
std::optional<size_t> TheOneOddOption(const std::vector<int>& fits) {
  std::optional<size_t> odd;
  for (size_t i = 0; i < fits.size(); ++i) {
    if (fits[i] < 0) return std::nullopt;  // unsure
    if (fits[i] == 0) {
      if (odd) return std::nullopt;
      odd = i;
    }
  }
  return odd;
}

// Whether the stem's last words are an infinitive's "to": after "is"/"are"/"was"/"were", "order",
// "able", "likely", "used", "helps", "tends", "serves", "aims", "needs", "wants", "going".
bool EndsWithInfinitiveTo(const std::vector<std::string_view>& words) {
  if (words.size() < 3 || words.back() != "to") return false;
  std::string_view before = words[words.size() - 2];
  return OneOf(before, {"is",     "are",      "was",      "were",     "order", "able",  "unable",
                        "likely", "unlikely", "used",     "help",     "helps", "tend",  "tends",
                        "serve",  "serves",   "aim",      "aims",     "need",  "needs", "want",
                        "wants",  "going",    "designed", "intended", "meant"});
}

// Per option: 1 when it can open a verb phrase (a first word of lower-case letters, the first
// perhaps a capital, that is no article, determiner or pronoun), 0 when it opens with an article,
// -1 otherwise.
int VerbPhraseFit(std::string_view text) {
  std::string word(FirstWord(text));
  if (word.empty()) return -1;
  // "Filter blood" as the others are written: only the first letter may be a capital.
  if (word[0] >= 'A' && word[0] <= 'Z') word[0] = static_cast<char>(word[0] - 'A' + 'a');
  if (OneOf(word, {"the", "a", "an"})) return 0;
  for (char c : word) {
    if (c < 'a' || c > 'z') return -1;  // a number, a name in capitals, a symbol
  }
  if (OneOf(word, {"this", "that", "these", "those", "its", "their",   "his",   "her",  "our",
                   "my",   "your", "some",  "any",   "all", "each",    "every", "both", "it",
                   "they", "none", "only",  "not",   "no",  "neither", "either"})) {
    return -1;
  }
  return 1;
}

}  // namespace

void UngrammaticalOptionRule::CheckQuestion(const LintContext& ctx, size_t index,
                                            Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.size() < 3) return;
  std::string stem = LoosePhrase(q.stem.value);
  std::vector<std::string_view> words = SplitWords(stem);
  if (words.empty()) return;
  std::string_view last = words.back();
  // An unfinished sentence, its last word as written: "hepatitis A?" ends with a label.
  std::string_view written = q.stem.value;
  while (!written.empty() &&
         std::string_view(" \t\n_.:").find(written.back()) != std::string_view::npos) {
    written.remove_suffix(1);
  }
  if (written.empty() || written.back() == '?' || (last.size() <= 2 && !written.ends_with(last))) {
    return;
  }
  std::vector<int> fits;
  std::string why;
  if (last == "a" || last == "an") {
    Sound wanted = last == "an" ? Sound::kVowel : Sound::kConsonant;
    for (const model::Option& o : q.options) {
      Sound sound = FirstSound(Opening(o.text.value));
      fits.push_back(sound == Sound::kUnsure ? -1 : sound == wanted ? 1 : 0);
    }
    why = "the stem ends with \"" + std::string(last) +
          "\" and this option does not fit that article where the others do";
  } else if (EndsWithInfinitiveTo(words)) {
    for (const model::Option& o : q.options) fits.push_back(VerbPhraseFit(o.text.value));
    why = "the stem ends with \"" + std::string(words[words.size() - 2]) +
          " to\", which a verb completes, and this option starts with an article where the "
          "others start with a verb";
  } else {
    return;
  }
  std::optional<size_t> odd = TheOneOddOption(fits);
  if (!odd) return;
  reporter.Report(index, q.options[*odd].text, "options[" + std::to_string(*odd) + "]",
                  "option " + model::OptionLetter(*odd) + " \"" + q.options[*odd].text.value +
                      "\" does not complete the stem: " + why +
                      "; reword it so every option reads on from the stem");
}

}  // namespace qbank::lint

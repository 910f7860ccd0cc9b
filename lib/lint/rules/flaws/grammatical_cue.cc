// grammatical-cue: the stem's last word, then the first sound of each option.
#include "lint/rules/flaws/grammatical_cue.h"

#include <cctype>

#include "base/ascii_text.h"
#include "lint/rules/shared/item_text.h"

namespace qbank::lint {
namespace {

enum class Sound { kVowel, kConsonant, kUnsure };

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// The sound `word` (as written) starts with.
Sound FirstSound(std::string_view word) {
  if (word.empty() || !std::isalpha(static_cast<unsigned char>(word[0]))) return Sound::kUnsure;
  size_t letters = 0;
  bool capitals = true;
  while (letters < word.size() && std::isalpha(static_cast<unsigned char>(word[letters]))) {
    if (std::islower(static_cast<unsigned char>(word[letters]))) capitals = false;
    ++letters;
  }
  if (capitals && (letters >= 2 || letters == word.size())) {
    // An abbreviation or a lone letter, said by the name of its first letter: "an FBI agent".
    return std::string_view("AEFHILMNORSX").find(word[0]) != std::string_view::npos
               ? Sound::kVowel
               : Sound::kConsonant;
  }
  std::string w = AsciiLowered(word.substr(0, letters));
  for (std::string_view p : {"hour", "honest", "honor", "honour", "heir"}) {
    if (StartsWith(w, p)) return Sound::kVowel;
  }
  if (StartsWith(w, "herb")) return Sound::kUnsure;
  if (w == "one" || StartsWith(w, "once") || StartsWith(w, "one-") || StartsWith(w, "eu") ||
      StartsWith(w, "ewe")) {
    return Sound::kConsonant;
  }
  if (w[0] == 'u') {
    for (std::string_view p : {"unit", "uniq", "univ", "uniform", "union", "unic", "unif", "unil",
                               "unis", "use", "usu", "usa", "uti", "ura", "uri", "ure", "uro"}) {
      if (StartsWith(w, p)) return Sound::kConsonant;
    }
    // "un-" before a consonant, and "up", "ul", "um", "ug", "ub", "ud", "ut" are said with a vowel
    // ("an unlikely", "an ultimate"); the other "u" words are left alone.
    if (w.size() >= 3 && StartsWith(w, "un") &&
        std::string_view("aeiou").find(w[2]) == std::string_view::npos) {
      return Sound::kVowel;
    }
    for (std::string_view p : {"up", "ul", "um", "ug", "ub", "ud", "ut"}) {
      if (StartsWith(w, p)) return Sound::kVowel;
    }
    return Sound::kUnsure;
  }
  return std::string_view("aeio").find(w[0]) != std::string_view::npos ? Sound::kVowel
                                                                       : Sound::kConsonant;
}

}  // namespace

void GrammaticalCueRule::CheckQuestion(const LintContext& ctx, size_t index,
                                       Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (q.type != model::QuestionType::kSingleAnswer || q.options.size() < 3) return;
  std::vector<size_t> keys = q.KeyIndexes();
  if (keys.size() != 1) return;
  std::string stem = LoosePhrase(q.stem.value);
  std::vector<std::string_view> words = SplitWords(stem);
  if (words.empty()) return;
  std::string_view article = words.back();
  if (article != "a" && article != "an") return;
  Sound wanted = article == "an" ? Sound::kVowel : Sound::kConsonant;
  for (size_t i = 0; i < q.options.size(); ++i) {
    std::string_view text = q.options[i].text.value;
    size_t b = text.find_first_not_of(" \t\n\"'*_(");
    if (b == std::string_view::npos) return;
    Sound sound = FirstSound(text.substr(b));
    if (sound == Sound::kUnsure) return;
    bool agrees = sound == wanted;
    if (agrees != (i == keys[0])) return;
  }
  size_t key = keys[0];
  reporter.Report(index, q.options[key].text, "options[" + std::to_string(key) + "]",
                  "the stem ends with \"" + std::string(article) + "\" and only the key (option " +
                      model::OptionLetter(key) +
                      ") fits that article: end the stem before the article, or write \"a/an\" "
                      "into the options");
}

}  // namespace qbank::lint

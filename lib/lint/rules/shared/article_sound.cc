// The sound a word starts with, for the article before it ("a" or "an").
#include "lint/rules/shared/article_sound.h"

#include <cctype>
#include <string>

#include "base/ascii_text.h"

namespace qbank::lint {
namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

}  // namespace

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

}  // namespace qbank::lint

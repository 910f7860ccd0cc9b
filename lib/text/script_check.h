// Script checks: invisible characters and look-alike (mixed-script or foreign-script) words, the
// tricks used to make a copied question escape a duplicate check.
#ifndef QBANK_TEXT_SCRIPT_CHECK_H_
#define QBANK_TEXT_SCRIPT_CHECK_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "text/text_key.h"

namespace qbank::text {

enum class InvisibleKind {
  kZeroWidth,       // U+200B..U+200D, U+2060, U+FEFF
  kBidiControl,     // U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069
  kSoftHyphen,      // U+00AD
  kOtherIgnorable,  // any other Default_Ignorable_Code_Point (variation selectors, tags, fillers)
};
// "zero-width character", "bidi control", "soft hyphen", "default-ignorable character".
std::string_view InvisibleKindName(InvisibleKind kind);

struct InvisibleChar {
  size_t offset = 0;  // byte offset in the text
  size_t length = 0;  // bytes
  char32_t code_point = 0;
  InvisibleKind kind = InvisibleKind::kOtherIgnorable;
};

// The invisible characters in UTF-8 `text` (invalid bytes skipped), in order. Characters that
// ordinary writing needs are not reported: a zero width joiner between two pictographs (emoji
// sequences); a zero width (non-)joiner after a letter of a script other than Latin, Greek or
// Cyrillic (Persian, Indic); a variation selector or tag character after a non-ASCII character.
std::vector<InvisibleChar> FindInvisibleCharacters(std::string_view text);
// The same, decoding every character (ASCII runs included) with ICU: the reference the fast path
// of FindInvisibleCharacters is tested against.
std::vector<InvisibleChar> FindInvisibleCharactersWithIcu(std::string_view text);

// "U+200B ZERO WIDTH SPACE" (the Unicode name when ICU knows it).
std::string CodePointLabel(char32_t c);

struct LookalikeWord {
  enum class Kind {
    kMixedScript,    // letters from scripts ordinary writing does not mix, some looking alike
    kForeignScript,  // a word wholly in another script than the text, every letter a look-alike
  };
  Kind kind = Kind::kMixedScript;
  size_t begin = 0;  // byte range of the word in the text
  size_t end = 0;
  std::string scripts;     // the word's scripts, e.g. "Latin+Cyrillic"
  std::string looks_like;  // the word as the reader sees it (its skeleton), e.g. "paypal"
  // The word retyped in the script it pretends to be: each letter of another script replaced by
  // the one letter of that script it imitates, in its case ("Pаypal" with a Cyrillic "а" gives
  // "Paypal"); other characters kept. Empty when some letter imitates no single letter of that
  // script (its skeleton is several letters, or not of the script), so no safe retyping is known.
  std::string replacement;
};

// The words of UTF-8 `text` (ICU word breaks) that disguise letters:
//  - a word mixing scripts (beyond Han with kana, Bopomofo or Hangul, and Latin with those) where
//    some letter outside the word's own script looks like a letter of it, except short notation
//    of at most four letters mixing Latin and Greek ("σx", "nα", "4πηr3");
//  - a word of at least two letters written wholly in another script than `context_script` whose
//    every letter looks like a letter of the context script ("рор" in Cyrillic in English text).
// A capital where a capital is expected (a word's first letter, any letter of an all-capitals
// word) counts by what the capital looks like ("Тhe", "КМS" with Cyrillic capitals).
// `context_script` kNoScript: the text's DominantScript. Text wholly in one script (Greek,
// Russian, Japanese) is never reported, nor a single foreign letter used as a symbol ("α").
//
// Only the stretches of `text` between ASCII spaces and line breaks that hold a non-ASCII byte go
// through ICU when the context is Latin (or the text has no letters); otherwise the whole text.
std::vector<LookalikeWord> FindLookalikeWords(std::string_view text,
                                              int context_script = kNoScript);
// The same over the whole text with ICU: the reference FindLookalikeWords is tested against.
std::vector<LookalikeWord> FindLookalikeWordsWithIcu(std::string_view text,
                                                     int context_script = kNoScript);

}  // namespace qbank::text

#endif  // QBANK_TEXT_SCRIPT_CHECK_H_

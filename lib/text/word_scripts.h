// Internal to lib/text/: the ICU pieces that comparison keys and script checks share (decoding with
// a map back to byte offsets, word segments, the scripts of a word, confusable skeletons).
#ifndef QBANK_TEXT_WORD_SCRIPTS_H_
#define QBANK_TEXT_WORD_SCRIPTS_H_

#include <unicode/unistr.h>

#include <cstdint>
#include <string_view>
#include <vector>

namespace qbank::text::internal {

// A text decoded to UTF-16 with, for every UTF-16 unit, the byte offset in the UTF-8 source it
// came from (plus one entry for the end). Invalid UTF-8 bytes are skipped.
struct DecodedText {
  icu::UnicodeString u16;
  std::vector<uint32_t> offsets;  // u16.length() + 1 entries: where each unit's character starts
  std::vector<uint32_t> ends;     // u16.length() entries: where each unit's character ends
  // The source byte range of units [begin, end), end > begin: kept characters only, so a dropped
  // invisible character after the last one is not included.
  uint32_t SourceBegin(int32_t begin) const { return offsets[static_cast<size_t>(begin)]; }
  uint32_t SourceEnd(int32_t end) const { return ends[static_cast<size_t>(end) - 1]; }
};

// Decodes `text`; when `drop_ignorables`, default-ignorable code points are left out (their bytes
// then belong to no unit).
void Decode(std::string_view text, bool drop_ignorables, DecodedText* out);

// A word-break segment [begin, end) of a decoded text with ICU's rule status (>= 100: a word).
struct Segment {
  int32_t begin;
  int32_t end;
  int32_t status;
};
// The word-break segments of `u16` (a per-thread ICU word iterator, root locale).
std::vector<Segment> WordSegments(const icu::UnicodeString& u16);

// The script of `c`, or kNoScript for Common, Inherited and unknown characters.
int LetterScript(UChar32 c);

// The scripts of a word and the script it is written in.
struct WordScripts {
  int own = -1;          // `context` when the word has letters of it, else the script of most
                         // letters (ties: Latin, then the lowest code)
  bool mixed = false;    // letters from scripts that ordinary writing does not mix in one word
  int letter_count = 0;  // characters with a script
};
WordScripts AnalyzeWord(const icu::UnicodeString& u16, int32_t begin, int32_t end, int context);

// The ASCII character a typographic one stands for in comparisons: curly and modifier
// apostrophes and primes ("\u2019", "\u02BC") read as "'", curly and angle quotes as '"', hyphens,
// dashes and the minus sign as "-", no-break and other fixed-width spaces as " "; any other `c` is
// returned unchanged. Writers' tools put these in at random ("can\u2019t" and "can't" are one
// word), so every comparison key folds them.
UChar32 FoldTypographic(UChar32 c);

// The confusable skeleton of the case-folded code point `c` (cached per thread).
const icu::UnicodeString& CharSkeleton(UChar32 c);
// What capital `c` looks like where a capital is expected (the first letter of a word, any letter
// of an all-capitals word): the skeleton of `c` itself, case-folded. Cyrillic "\u0422" folds to
// "\u0442", which looks like no Latin letter, yet the capital is a perfect "T". Equals
// CharSkeleton(c) for characters that are not capitals.
const icu::UnicodeString& CapitalSkeleton(UChar32 c);
// The ASCII capital that capital `c` (not ASCII) imitates, lowercased ("h" for Greek "\u0397" and
// Cyrillic "\u041D", "i" for Cyrillic "\u0406"): the letter A-Z whose UTS #39 skeleton equals
// c's; 0 when there is none or `c` is not a capital.
UChar32 LatinCapitalTwin(UChar32 c);
// The ASCII letter a small non-ASCII Latin letter imitates ("i" for dotless "\u0131", "a" for
// Latin alpha "\u0251"): its skeleton when that is one ASCII letter; 0 otherwise (accented
// letters, whose skeleton keeps the accent, and letters with a compatibility form).
UChar32 LatinTwin(UChar32 c);
// The letter digit `c` imitates between two letters ("Micr0soft", "Dep1oy"): "o" for 0, "l" for
// 1 (their skeletons); 0 for every other character.
UChar32 DigitTwin(UChar32 c);
// True when `c` is not in `script` and its skeleton differs from `c` and consists only of
// characters of `script` (or Common/Inherited ones; for Latin, only ASCII letters): `c` looks like
// a letter of `script`.
bool LooksLikeScript(UChar32 c, int script);
// LooksLikeScript, or, when `capital_position` and `c` is a capital, CapitalSkeleton(c) looks like
// letters of `script`.
bool LooksLikeScriptAt(UChar32 c, int script, bool capital_position);
// The skeleton LooksLikeScriptAt went by: CharSkeleton(c) when it looks like `script`, else
// CapitalSkeleton(c) in a capital position.
const icu::UnicodeString& SkeletonAt(UChar32 c, int script, bool capital_position);

// For each character of word [begin, end) of `u16`, whether it stands where a capital is
// expected: the word's first letter, and every letter of a word with no lower-case letter
// ("KMS", "HTTPS"). One entry per UTF-16 unit from `begin`.
std::vector<bool> CapitalPositions(const icu::UnicodeString& u16, int32_t begin, int32_t end);

}  // namespace qbank::text::internal

#endif  // QBANK_TEXT_WORD_SCRIPTS_H_

// Word counting and loose comparison keys over ICU, for the lint rules (this folder is the ICU
// door). Words are counted with ICU's word break iterator, which segments Chinese and Japanese text
// with its dictionary: each dictionary word of ideographs or kana counts as one word, like a Latin
// word.
#ifndef QBANK_TEXT_WORDS_H_
#define QBANK_TEXT_WORDS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qbank::text {

// The number of words in UTF-8 `text`: ICU word-break segments that hold letters, numbers, kana or
// ideographs (UBRK_WORD_NONE segments, i.e. spaces and punctuation, do not count). "don't",
// "3.14" and "e-mail" follow ICU's rules (one, one and two words). Invalid UTF-8 is counted as
// far as ICU reads it (bad bytes become U+FFFD) and never crashes. Thread-safe.
size_t CountWords(std::string_view text);
// The same with ICU's iterator whatever the text (CountWords counts ASCII text without it): the
// reference CountWords is tested against.
size_t CountWordsWithIcu(std::string_view text);

// A key under which two answer options count as "the same": NFKC; typographic apostrophes, quotes,
// dashes and no-break spaces read as their ASCII forms; white space dropped next to
// symbols and punctuation and made one space between words; sentence punctuation (. , ; : ! ?) at
// the end and one pair of enclosing quotation marks removed; the first letter of each word of
// three or more letters case folded. Case inside a word and in shorter words, signs, mathematical
// symbols, digits and a lone prime (6') are kept, so "-1" and "1", "x+1" and "x-1", "Bb" and "bb",
// "CO" and "Co", "a ab" and "aab" stay apart.
std::string OptionComparisonKey(std::string_view text);
// The same through ICU's NFKC whatever the text (OptionComparisonKey takes ASCII text byte by
// byte): the reference OptionComparisonKey is tested against.
std::string OptionComparisonKeyWithIcu(std::string_view text);
// A hash of ASCII `text`'s letters and digits, lower-cased, in order: OptionComparisonKey keeps
// every letter and digit and only lower-cases some, so two ASCII texts whose signatures differ
// have different keys, and most pairs of options are told apart without making a key. Nullopt
// when `text` is not ASCII (NFKC may make letters of other characters).
std::optional<uint64_t> OptionComparisonSignature(std::string_view text);

// Terminal cells `text` takes: wide and fullwidth (East Asian Width W/F) characters 2, combining
// marks and other zero-width characters 0, the rest 1. Tabs count 1 (callers keep them as tabs).
size_t DisplayWidth(std::string_view text);

}  // namespace qbank::text

#endif  // QBANK_TEXT_WORDS_H_

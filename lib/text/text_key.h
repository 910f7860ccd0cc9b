// Comparison keys: a normalised word sequence of a text that defeats formatting, case, invisible
// characters and look-alike letters, with a map from each key word back to its bytes in the text.
#ifndef QBANK_TEXT_TEXT_KEY_H_
#define QBANK_TEXT_TEXT_KEY_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qbank::text {

// A script code (ICU's UScriptCode value, kept as an int so callers need not include ICU).
// kNoScript when a text has no letters.
inline constexpr int kNoScript = -1;
// The ICU code of the Latin script, for callers that want to state a context without ICU.
int LatinScript();

// The script with the most letters in `text` (UTF-8; invalid bytes are skipped), ignoring
// Common and Inherited characters (digits, punctuation, combining marks); kNoScript when there
// are none. Ties go to Latin, then to the lower script code.
int DominantScript(std::string_view text);

// The English name of script `script` ("Latin", "Cyrillic"), or "none" for kNoScript.
std::string ScriptName(int script);

// One token of a key and where it came from.
struct KeyWord {
  uint32_t key_begin = 0;  // byte range in TextKey::key
  uint32_t key_end = 0;
  uint32_t source_begin = 0;  // byte range in the original text
  uint32_t source_end = 0;
};

// The comparison key of a text: its words (by ICU word breaks) and kept symbols, each normalised
// with NFKC, full case folding and invisible characters removed; letters that only look like
// letters of the surrounding script are replaced by what they look like (ICU confusable
// skeletons). Tokens are joined by single spaces in `key`.
struct TextKey {
  std::string key;
  std::vector<KeyWord> words;

  size_t size() const { return words.size(); }
  // Token `i` (0 <= i < size()) as it stands in the key.
  std::string_view Word(size_t i) const {
    return std::string_view(key).substr(words[i].key_begin, words[i].key_end - words[i].key_begin);
  }
  // Byte offset in the original text of key byte `key_offset`: the start of the token holding it,
  // or, between tokens and at the end, the end of the token before it (0 for an empty key).
  size_t SourceOffset(size_t key_offset) const;
  // The original byte range [begin, end) covering tokens [first, last); first < last <= size().
  std::pair<size_t, size_t> SourceRange(size_t first, size_t last) const;
};

struct KeyOptions {
  // The script of the surrounding text (the question's dominant script): a word written wholly in
  // another script whose every letter looks like a letter of this one is read as this script.
  // kNoScript: use DominantScript(text).
  int context_script = kNoScript;
  // Pure-ASCII texts, and the ASCII words of other Latin texts, take a fast path that gives the
  // same tokens as ICU; false forces ICU for every word (tests compare the two).
  bool ascii_fast_path = true;
};

// The comparison key of UTF-8 `text` (invalid sequences are skipped, never read past the end).
//
// Tokens are the words ICU's word-break rules find (letters, numbers, kana, ideographs; "can't",
// "3.14" and "e.g" stay whole) plus the symbols that change meaning: math symbols (+ = < > ...),
// currency signs, "%", "^", a "-" directly before a digit (so "-1" is not "1") and a "*" or "/"
// between two operands ("2*3", "1/2"; Markdown "**bold**" is not one). Punctuation, white
// space, markup characters and default-ignorable code points (zero width, bidi controls, soft
// hyphen, variation selectors) never make a token.
//
// Look-alike letters: in a word that mixes scripts (other than the mixes ordinary writing uses:
// Han with kana, Bopomofo or Hangul, each possibly with Latin), every letter outside the word's
// own script (the context script when the word has letters of it, else the script of most of its
// letters) that looks like a letter of it is replaced by its confusable skeleton; a word
// wholly in another script than `context_script` is replaced letter by letter only when every
// letter's skeleton is in the context script. Ordinary text (upper case included) keeps its
// letters: skeletons are never applied to letters of a word's own script, so "Mill" stays "mill".
// Where a capital is expected (a word's first letter, every letter of a word with no lower-case
// letter) a capital is read by what the capital looks like: Cyrillic "Тhe" and "КМS" are "the" and
// "kms", although the small letters of "Т", "К" and "М" look like no Latin letter.
//
// Typographic characters read as their ASCII forms (internal::FoldTypographic): curly apostrophes
// ("can’t" is "can't"), dashes and the minus sign before a digit ("–1" and "−1" are "-1"), no-break
// spaces.
TextKey MakeTextKey(std::string_view text, const KeyOptions& options = {});

// Receives the tokens of a comparison key one by one (see VisitKeyTokens).
class KeyTokenSink {
 public:
  virtual ~KeyTokenSink() = default;
  // Token `word` (as it stands in the key; valid only during the call) and its byte range in
  // the original text.
  virtual void Token(std::string_view word, size_t source_begin, size_t source_end) = 0;
};

// Gives `sink` the tokens of MakeTextKey(text, options), in order, without building the key: for
// callers that only hash or count them. Pure-ASCII texts (the fast path) allocate nothing.
void VisitKeyTokens(std::string_view text, const KeyOptions& options, KeyTokenSink& sink);

// VisitKeyTokens with a callable f(std::string_view word, size_t source_begin, size_t source_end).
template <typename F>
void ForEachKeyToken(std::string_view text, const KeyOptions& options, F&& f) {
  struct Adapter final : KeyTokenSink {
    explicit Adapter(F& fn) : fn_(fn) {}
    void Token(std::string_view word, size_t source_begin, size_t source_end) override {
      fn_(word, source_begin, source_end);
    }
    F& fn_;
  } adapter(f);
  VisitKeyTokens(text, options, adapter);
}

// What `word` looks like: the UTS #39 confusable skeletons of its characters (ICU), in UTF-8,
// invisible characters dropped. For messages ("looks like ...").
std::string Skeleton(std::string_view word);

}  // namespace qbank::text

#endif  // QBANK_TEXT_TEXT_KEY_H_

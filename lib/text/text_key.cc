// Comparison keys over ICU: word breaks, NFKC case folding, confusable skeletons.
#include "text/text_key.h"

#include <unicode/normalizer2.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "text/ascii_scan.h"
#include "text/word_scripts.h"

namespace qbank::text {
namespace {

using internal::DecodedText;

const icu::Normalizer2* NfkcCasefold() {
  static const icu::Normalizer2* instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFKCCasefoldInstance(status);
    return U_SUCCESS(status) ? n : nullptr;
  }();
  return instance;
}

// Eight bytes at a time (internal::IsAsciiText): every key, token visit and script guess asks.
bool IsAscii(std::string_view s) { return internal::IsAsciiText(s); }

// ASCII classes of the word-break rules (UAX #29 as ICU tailors it: no colon in MidLetter). The
// three classes that make words come first (IsWordClass); one byte each, so the table is 256 bytes.
enum class AsciiClass : uint8_t {
  kLetter,
  kDigit,
  kExtendNumLet,
  kMidNumLet,
  kMidNum,
  kQuote,
  kOther
};

struct AsciiClassTable {
  AsciiClass classes[256];
  constexpr AsciiClassTable() : classes() {
    for (int c = 0; c < 256; ++c) {
      AsciiClass cls = AsciiClass::kOther;
      // ICU counts "@" as a letter (so "name@example.com" is one word).
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '@') {
        cls = AsciiClass::kLetter;
      } else if (c >= '0' && c <= '9') {
        cls = AsciiClass::kDigit;
      } else if (c == '_') {
        cls = AsciiClass::kExtendNumLet;
      } else if (c == '.') {
        cls = AsciiClass::kMidNumLet;
      } else if (c == ',' || c == ';') {
        cls = AsciiClass::kMidNum;
      } else if (c == '\'') {
        cls = AsciiClass::kQuote;
      }
      classes[c] = cls;
    }
  }
};
constexpr AsciiClassTable kAsciiClasses;

bool IsAsciiAlpha(char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

AsciiClass ClassOf(char c) { return kAsciiClasses.classes[static_cast<unsigned char>(c)]; }

// `c` in lower case (ASCII letters only).
char AsciiLower(char c) {
  return static_cast<char>(c + ((static_cast<unsigned char>(c - 'A') < 26) ? 'a' - 'A' : 0));
}

// A letter, digit or "_": a byte that continues a word.
constexpr bool IsWordClass(AsciiClass cls) { return cls <= AsciiClass::kExtendNumLet; }

// For each byte: bit 0 when it continues a word (IsWordClass), bit 1 when it is a "0" or "1".
struct WordByteTable {
  uint8_t bits[256];
  constexpr WordByteTable() : bits() {
    for (int c = 0; c < 256; ++c) {
      bits[c] = static_cast<uint8_t>((IsWordClass(kAsciiClasses.classes[c]) ? 1 : 0) |
                                     (c == '0' || c == '1' ? 2 : 0));
    }
  }
};
constexpr WordByteTable kWordBytes;

// Eight ASCII bytes with their capitals in lower case: a byte's top bit after adding 0x3F is
// set from "A" up, after adding 0x25 from "[" up (no byte carries into the next).
uint64_t AsciiLower8(uint64_t block) {
  uint64_t from_a = block + 0x3F3F3F3F3F3F3F3FULL;
  uint64_t past_z = block + 0x2525252525252525ULL;
  uint64_t upper = from_a & ~past_z & 0x8080808080808080ULL;
  return block | (upper >> 2);
}

// Words up to this many bytes are lower-cased into a buffer on the stack as they are scanned.
constexpr size_t kShortWord = 64;

// Scans the run of word bytes (IsWordClass) of ASCII `p` that starts at `i` (one of them) and
// ends by `n`; returns the offset after it. Writes the run lower-cased to out[at - begin] for
// each offset `at` below begin + kShortWord (`out` holds kShortWord + 8 bytes) and sets
// *zero_or_one when the run holds a "0" or "1". Eight bytes a step: a table look-up per byte and
// no branch on each, so a word's end costs no mispredicted branch per byte.
size_t ScanWordRun(const char* p, size_t i, size_t n, size_t begin, char* out, bool* zero_or_one) {
  while (i + 8 <= n) {
    // The eight bytes' table bits, byte b in bits 8b.. (spelt out: no loop, no variable shift).
    auto bits = [&](size_t b) {
      return uint64_t{kWordBytes.bits[static_cast<unsigned char>(p[i + b])]} << (8 * b);
    };
    uint64_t v = bits(0) | bits(1) | bits(2) | bits(3) | bits(4) | bits(5) | bits(6) | bits(7);
    // The run's length in the block: the first byte whose bit 0 is clear (8 when none is).
    uint32_t run = static_cast<uint32_t>(std::countr_zero(~v & 0x0101010101010101ULL)) / 8;
    uint64_t in_run = run == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * run)) - 1;
    if (i - begin < kShortWord) {
      uint64_t block;
      std::memcpy(&block, p + i, 8);
      block = AsciiLower8(block);
      std::memcpy(out + (i - begin), &block, 8);
    }
    *zero_or_one = *zero_or_one || (v & in_run & 0x0202020202020202ULL) != 0;
    i += run;
    if (run < 8) return i;
  }
  for (; i < n && IsWordClass(ClassOf(p[i])); ++i) {
    if (i - begin < kShortWord) out[i - begin] = AsciiLower(p[i]);
    *zero_or_one = *zero_or_one || (p[i] & 0xFE) == '0';
  }
  return i;
}

bool IsSpaceChar(UChar32 c) { return c == 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Symbols that change the meaning of a text and so stay in its key. `previous` and `next` are the
// characters around `c` (0 at the ends).
bool IsKeptSymbol(UChar32 c, UChar32 previous, UChar32 next) {
  if (c == '%' || c == '^') return true;
  if (c == '-') return next >= '0' && next <= '9';
  if (c == '*' || c == '/') {
    // An operator between two operands ("2*3", "sqrt(2)*sqrt(3)", "1/2"); not Markdown emphasis
    // ("**bold**") or a slash standing apart.
    return !IsSpaceChar(previous) && !IsSpaceChar(next) && previous != '*' && next != '*' &&
           previous != '/' && next != '/';
  }
  int8_t type = u_charType(c);
  return type == U_MATH_SYMBOL || type == U_CURRENCY_SYMBOL;
}

// For each ASCII byte, whether IsKeptSymbol can hold for it (whatever its neighbours): the bytes
// it names and ICU's ASCII math and currency symbols. The ASCII scan asks IsKeptSymbol only
// about these, not about every space and punctuation mark.
struct KeptCandidates {
  bool maybe[128] = {};
  KeptCandidates() {
    for (UChar32 c = 0; c < 128; ++c) {
      int8_t type = u_charType(c);
      maybe[c] = c == '%' || c == '^' || c == '-' || c == '*' || c == '/' ||
                 type == U_MATH_SYMBOL || type == U_CURRENCY_SYMBOL;
    }
  }
};

void AddToken(TextKey* key, std::string_view token, size_t source_begin, size_t source_end) {
  if (token.empty()) return;
  if (!key->key.empty()) key->key.push_back(' ');
  KeyWord w;
  w.key_begin = static_cast<uint32_t>(key->key.size());
  key->key.append(token);
  w.key_end = static_cast<uint32_t>(key->key.size());
  w.source_begin = static_cast<uint32_t>(source_begin);
  w.source_end = static_cast<uint32_t>(source_end);
  key->words.push_back(w);
}

// The tokens of a pure-ASCII text (the same as ICU's word breaks give; tests compare the two).
void VisitAsciiTokens(std::string_view text, KeyTokenSink& sink) {
  static const KeptCandidates kKept;
  char buffer[kShortWord + 8];
  std::string long_word;
  const char* p = text.data();
  size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    if (!IsWordClass(ClassOf(p[i]))) {
      unsigned char c = static_cast<unsigned char>(p[i]);
      if (c < 128 && kKept.maybe[c]) {
        unsigned char previous = i > 0 ? static_cast<unsigned char>(p[i - 1]) : 0;
        unsigned char next = i + 1 < n ? static_cast<unsigned char>(p[i + 1]) : 0;
        if (IsKeptSymbol(c, previous, next)) sink.Token(text.substr(i, 1), i, i + 1);
      }
      ++i;
      continue;
    }
    // The word's bytes go to `buffer` lower-cased as they are scanned (a longer word than
    // kShortWord is copied again below), so a word is read once.
    size_t begin = i;
    bool zero_or_one = false;
    for (;;) {
      i = ScanWordRun(p, i, n, begin, buffer, &zero_or_one);
      // p[i - 1] is the word's last letter, digit or "_" so far; a mid mark between two letters
      // ("can't", "e.g") or two digits ("3.14", "1,000") joins the next run to the word.
      if (i + 1 < n) {
        AsciiClass last = ClassOf(p[i - 1]);
        AsciiClass mid = ClassOf(p[i]);
        AsciiClass after = ClassOf(p[i + 1]);
        bool letter_mid = last == AsciiClass::kLetter && after == AsciiClass::kLetter &&
                          (mid == AsciiClass::kMidNumLet || mid == AsciiClass::kQuote);
        bool number_mid = last == AsciiClass::kDigit && after == AsciiClass::kDigit &&
                          (mid == AsciiClass::kMidNumLet || mid == AsciiClass::kMidNum ||
                           mid == AsciiClass::kQuote);
        if (letter_mid || number_mid) {
          if (i - begin < kShortWord) buffer[i - begin] = p[i];  // no mark has a lower case
          ++i;
          continue;
        }
      }
      break;
    }
    if (i - begin == 1 && p[begin] == '_') continue;  // ICU: a lone "_" is no word ("__" is)
    size_t length = i - begin;
    const char* word = p + begin;
    char* out = buffer;
    if (length > kShortWord) {
      long_word.resize(length);
      out = long_word.data();
      for (size_t k = 0; k < length; ++k) out[k] = AsciiLower(word[k]);
    }
    if (zero_or_one) {
      // A 0 or 1 between two letters reads as the letter it imitates (internal::DigitTwin).
      for (size_t k = 1; k + 1 < length; ++k) {
        char c = word[k];
        if ((c & 0xFE) == '0' && IsAsciiAlpha(word[k - 1]) && IsAsciiAlpha(word[k + 1])) {
          out[k] = c == '0' ? 'o' : 'l';
        }
      }
    }
    sink.Token(std::string_view(out, length), begin, i);
  }
}

// Builds a TextKey from the tokens it is given.
class KeyBuilder final : public KeyTokenSink {
 public:
  explicit KeyBuilder(size_t text_size) {
    key_.key.reserve(text_size);
    key_.words.reserve(text_size / 5 + 1);
  }
  void Token(std::string_view word, size_t source_begin, size_t source_end) override {
    AddToken(&key_, word, source_begin, source_end);
  }
  TextKey Take() { return std::move(key_); }

 private:
  TextKey key_;
};

void AppendNormalized(const icu::UnicodeString& word, std::string* out) {
  const icu::Normalizer2* nfkc_cf = NfkcCasefold();
  if (nfkc_cf == nullptr) {
    word.toUTF8String(*out);
    return;
  }
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString normalized = nfkc_cf->normalize(word, status);
  if (U_FAILURE(status)) normalized = word;
  normalized.toUTF8String(*out);
}

// The key word of an ICU word segment whose source bytes [begin, end) are all ASCII, in a Latin
// (or letterless) text: what the ICU path below makes of it (no look-alikes to read; NFKC
// case folding of ASCII is lower case; a 0 or 1 between two letters reads as o or l), made
// without decoding, analysing or normalising the word.
void AddAsciiWord(TextKey* key, std::string_view text, size_t begin, size_t end) {
  std::string word(text.substr(begin, end - begin));
  for (size_t k = 0; k < word.size(); ++k) {
    char c = word[k];
    if (c >= 'A' && c <= 'Z') word[k] = static_cast<char>(c - 'A' + 'a');
    if ((c == '0' || c == '1') && k > 0 && k + 1 < word.size() &&
        IsAsciiAlpha(text[begin + k - 1]) && IsAsciiAlpha(text[begin + k + 1])) {
      word[k] = c == '0' ? 'o' : 'l';
    }
  }
  AddToken(key, word, begin, end);
}

// The symbols of a segment that is no word (spaces, punctuation) that stay in the key.
void AddKeptSymbols(TextKey* key, const DecodedText& decoded, const internal::Segment& seg) {
  const icu::UnicodeString& u = decoded.u16;
  std::string token;
  for (int32_t i = seg.begin; i < seg.end;) {
    UChar32 c = internal::FoldTypographic(u.char32At(i));
    int32_t next_index = i + U16_LENGTH(u.char32At(i));
    UChar32 next = next_index < u.length() ? internal::FoldTypographic(u.char32At(next_index)) : 0;
    UChar32 previous = i > 0 ? internal::FoldTypographic(u.char32At(i - 1)) : 0;
    if (IsKeptSymbol(c, previous, next)) {
      token.clear();
      AppendNormalized(icu::UnicodeString(c), &token);
      AddToken(key, token, decoded.SourceBegin(i), decoded.SourceEnd(next_index));
    }
    i = next_index;
  }
}

TextKey IcuKey(std::string_view text, int context, bool ascii_words) {
  TextKey key;
  DecodedText decoded;
  internal::Decode(text, /*drop_ignorables=*/true, &decoded);
  const icu::UnicodeString& u = decoded.u16;
  if (context == kNoScript) context = DominantScript(text);
  // ASCII words of a Latin text take a short cut (most words of a text with a curly quote or an
  // accented name); in another script's text they may be look-alikes and take the long way.
  ascii_words = ascii_words && (context == USCRIPT_LATIN || context == kNoScript);
  std::string token;
  icu::UnicodeString word;
  for (const internal::Segment& seg : internal::WordSegments(u)) {
    size_t source_begin = decoded.SourceBegin(seg.begin);
    size_t source_end = decoded.SourceEnd(seg.end);
    if (seg.status < UBRK_WORD_NONE_LIMIT) {
      AddKeptSymbols(&key, decoded, seg);
      continue;
    }
    if (ascii_words && IsAscii(text.substr(source_begin, source_end - source_begin))) {
      AddAsciiWord(&key, text, source_begin, source_end);
      continue;
    }
    internal::WordScripts scripts = internal::AnalyzeWord(u, seg.begin, seg.end, context);
    // Which letters to read as what they look like (see MakeTextKey's contract).
    // Capitals where a capital is expected ("Тhe", "КМS") are read by what the capital looks
    // like (internal::CapitalSkeleton).
    int target = kNoScript;
    std::vector<bool> capital;
    auto capital_at = [&](int32_t i) { return capital[static_cast<size_t>(i - seg.begin)]; };
    if (scripts.mixed) {
      target = scripts.own;
      capital = internal::CapitalPositions(u, seg.begin, seg.end);
    } else if (scripts.letter_count > 0 && context != kNoScript && scripts.own != context) {
      capital = internal::CapitalPositions(u, seg.begin, seg.end);
      bool all_look_alike = true;
      for (int32_t i = seg.begin; i < seg.end && all_look_alike;) {
        UChar32 c = u.char32At(i);
        if (internal::LetterScript(c) >= 0 &&
            !internal::LooksLikeScriptAt(c, context, capital_at(i))) {
          all_look_alike = false;
        }
        i += U16_LENGTH(c);
      }
      if (all_look_alike) target = context;
    }
    bool latin = target == USCRIPT_LATIN || (target == kNoScript && scripts.own == USCRIPT_LATIN);
    word.remove();
    for (int32_t i = seg.begin; i < seg.end;) {
      UChar32 c = u.char32At(i);
      bool at_capital = target != kNoScript && capital_at(i);
      UChar32 before = i > seg.begin ? u.char32At(i - 1) : 0;
      i += U16_LENGTH(c);
      UChar32 after = i < seg.end ? u.char32At(i) : 0;
      if (target != kNoScript && internal::LooksLikeScriptAt(c, target, at_capital)) {
        word.append(internal::SkeletonAt(c, target, at_capital));
      } else if (UChar32 twin = latin ? internal::LatinTwin(c) : 0) {
        word.append(twin);
      } else if (UChar32 digit =
                     latin && u_isalpha(before) && u_isalpha(after) ? internal::DigitTwin(c) : 0) {
        word.append(digit);
      } else {
        word.append(internal::FoldTypographic(c));
      }
    }
    token.clear();
    AppendNormalized(word, &token);
    AddToken(&key, token, source_begin, source_end);
  }
  return key;
}

}  // namespace

int LatinScript() { return USCRIPT_LATIN; }

int DominantScript(std::string_view text) {
  if (IsAscii(text)) {
    for (unsigned char c : text) {
      if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return USCRIPT_LATIN;
    }
    return kNoScript;
  }
  DecodedText decoded;
  internal::Decode(text, /*drop_ignorables=*/true, &decoded);
  std::vector<std::pair<int, int>> counts;  // script, letters
  const icu::UnicodeString& u = decoded.u16;
  for (int32_t i = 0; i < u.length();) {
    UChar32 c = u.char32At(i);
    i += U16_LENGTH(c);
    int script = internal::LetterScript(c);
    if (script < 0) continue;
    auto it = std::find_if(counts.begin(), counts.end(),
                           [script](const auto& p) { return p.first == script; });
    if (it == counts.end()) {
      counts.emplace_back(script, 1);
    } else {
      ++it->second;
    }
  }
  if (counts.empty()) return kNoScript;
  auto best = counts.begin();
  for (auto it = counts.begin(); it != counts.end(); ++it) {
    auto rank = [](const std::pair<int, int>& p) {
      return std::make_tuple(p.second, p.first == USCRIPT_LATIN, -p.first);
    };
    if (rank(*it) > rank(*best)) best = it;
  }
  return best->first;
}

std::string ScriptName(int script) {
  if (script < 0) return "none";
  const char* name = uscript_getName(static_cast<UScriptCode>(script));
  return name != nullptr ? std::string(name) : "script " + std::to_string(script);
}

size_t TextKey::SourceOffset(size_t key_offset) const {
  if (words.empty()) return 0;
  // The first token that ends after key_offset.
  auto it = std::upper_bound(words.begin(), words.end(), key_offset,
                             [](size_t off, const KeyWord& w) { return off < w.key_end; });
  if (it == words.end()) return words.back().source_end;
  if (key_offset >= it->key_begin) return it->source_begin;
  return it == words.begin() ? it->source_begin : std::prev(it)->source_end;
}

std::pair<size_t, size_t> TextKey::SourceRange(size_t first, size_t last) const {
  if (words.empty() || first >= last || first >= words.size()) return {0, 0};
  last = std::min(last, words.size());
  return {words[first].source_begin, words[last - 1].source_end};
}

TextKey MakeTextKey(std::string_view text, const KeyOptions& options) {
  if (text.size() > UINT32_MAX / 2) text = text.substr(0, UINT32_MAX / 2);
  if (options.ascii_fast_path && IsAscii(text)) {
    KeyBuilder builder(text.size());
    VisitAsciiTokens(text, builder);
    return builder.Take();
  }
  return IcuKey(text, options.context_script, options.ascii_fast_path);
}

void VisitKeyTokens(std::string_view text, const KeyOptions& options, KeyTokenSink& sink) {
  if (text.size() > UINT32_MAX / 2) text = text.substr(0, UINT32_MAX / 2);
  if (options.ascii_fast_path && IsAscii(text)) {
    VisitAsciiTokens(text, sink);
    return;
  }
  TextKey key = IcuKey(text, options.context_script, options.ascii_fast_path);
  for (size_t i = 0; i < key.size(); ++i) {
    sink.Token(key.Word(i), key.words[i].source_begin, key.words[i].source_end);
  }
}

std::string Skeleton(std::string_view word) {
  DecodedText decoded;
  internal::Decode(word, /*drop_ignorables=*/true, &decoded);
  icu::UnicodeString out;
  for (int32_t i = 0; i < decoded.u16.length();) {
    UChar32 c = decoded.u16.char32At(i);
    i += U16_LENGTH(c);
    out.append(internal::CharSkeleton(c));
  }
  std::string result;
  out.toUTF8String(result);
  return result;
}

}  // namespace qbank::text

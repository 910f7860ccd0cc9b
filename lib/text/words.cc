// Word counting with ICU's dictionary-based word break iterator, and option comparison keys.
#include "text/words.h"

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "base/swar.h"
#include "text/ascii_scan.h"
#include "text/word_scripts.h"

namespace qbank::text {
namespace {

// One word break iterator per thread: creating one costs far more than counting a field.
icu::BreakIterator* ThreadWordIterator() {
  thread_local std::unique_ptr<icu::BreakIterator> iterator = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> it(
        icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status)) it.reset();
    return it;
  }();
  return iterator.get();
}

// Fallback when ICU has no word iterator: runs of ASCII letters and digits (and every non-ASCII
// byte sequence) separated by anything else.
size_t CountWordsWithoutIcu(std::string_view text) {
  size_t count = 0;
  bool in_word = false;
  for (unsigned char c : text) {
    bool word_char =
        c >= 0x80 || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
    if (word_char && !in_word) ++count;
    in_word = word_char;
  }
  return count;
}

// Punctuation that ends a sentence or a list item, dropped at the end of an option. Not at the
// start: ".5" and "5" differ.
bool IsTrailingPunctuation(UChar32 c) {
  switch (c) {
    case '.':
    case ',':
    case ';':
    case ':':
    case '!':
    case '?':
    case 0x3002:  // ideographic full stop
    case 0xFF0C:  // fullwidth comma
    case 0x3001:  // ideographic comma
      return true;
    default:
      return false;
  }
}

// The closing quote for an opening one, or 0.
UChar32 ClosingQuote(UChar32 c) {
  switch (c) {
    case '"':
      return '"';
    case '\'':
      return '\'';
    case 0x201C:
      return 0x201D;
    case 0x2018:
      return 0x2019;
    case 0x00AB:
      return 0x00BB;
    default:
      return 0;
  }
}

// The range [begin, end) of `cps` (code points, or the bytes of ASCII text) left when trailing
// sentence punctuation and one pair of enclosing quotes are removed, in any nesting.
template <typename Sequence>
std::pair<size_t, size_t> TrimmedRange(const Sequence& cps) {
  size_t begin = 0;
  size_t end = cps.size();
  for (bool changed = true; changed;) {
    changed = false;
    while (end > begin && IsTrailingPunctuation(static_cast<UChar32>(cps[end - 1]))) {
      --end;
      changed = true;
    }
    const UChar32 close = end - begin >= 2 ? ClosingQuote(static_cast<UChar32>(cps[begin])) : 0;
    if (close != 0 && static_cast<UChar32>(cps[end - 1]) == close) {
      ++begin;
      --end;
      changed = true;
    }
  }
  return {begin, end};
}

void AppendUtf8(UChar32 c, std::string& out) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
    return;
  }
  uint8_t buf[U8_MAX_LENGTH];
  int32_t n = 0;
  UBool error = false;
  U8_APPEND(buf, n, U8_MAX_LENGTH, c, error);
  if (!error) out.append(reinterpret_cast<const char*>(buf), static_cast<size_t>(n));
}

bool IsWordChar(UChar32 c) {
  if (c < 0x80) {  // ASCII: letters and digits, without ICU's property lookups
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
  }
  return u_isalnum(c) != 0 || u_charType(c) == U_NON_SPACING_MARK;
}

// White_Space (u_isUWhiteSpace), ASCII answered without ICU: tab to carriage return and space.
bool IsWhiteSpace(UChar32 c) {
  if (c < 0x80) return c == ' ' || (c >= '\t' && c <= '\r');
  return u_isUWhiteSpace(c) != 0;
}

// Simple case folding (u_foldCase), ASCII answered without ICU.
UChar32 FoldCase(UChar32 c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  return u_foldCase(c, U_FOLD_CASE_DEFAULT);
}

// The word-break classes of ASCII characters (Unicode's Word_Break property, UAX #29).
enum class AsciiBreak : uint8_t {
  kOther,
  kCr,
  kLf,
  kNewline,      // vertical tab, form feed
  kSpace,        // WSegSpace
  kLetter,       // ALetter, and @ in ICU's rules
  kNumeric,      // 0-9
  kMidLetter,    // none in ASCII: ICU's rules take ":" out of UAX #29's MidLetter
  kMidNum,       // , ;
  kMidNumLetQ,   // . and the apostrophe (MidNumLet, Single_Quote)
  kExtendNumLet  // _
};

constexpr AsciiBreak AsciiBreakOf(unsigned char c) {
  // ICU's rules add "@" to ALetter (e-mail addresses stay one word).
  if (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '@') return AsciiBreak::kLetter;
  if (c >= '0' && c <= '9') return AsciiBreak::kNumeric;
  switch (c) {
    case '\r':
      return AsciiBreak::kCr;
    case '\n':
      return AsciiBreak::kLf;
    case '\v':
    case '\f':
      return AsciiBreak::kNewline;
    case ' ':
      return AsciiBreak::kSpace;
    case ',':
    case ';':
      return AsciiBreak::kMidNum;
    case '.':
    case '\'':
      return AsciiBreak::kMidNumLetQ;
    case '_':
      return AsciiBreak::kExtendNumLet;
    default:
      return AsciiBreak::kOther;
  }
}

constexpr std::array<AsciiBreak, 128> kAsciiBreak = [] {
  std::array<AsciiBreak, 128> table{};
  for (unsigned c = 0; c < 128; ++c) table[c] = AsciiBreakOf(static_cast<unsigned char>(c));
  return table;
}();

// UAX #29's rules WB3 to WB13b between two characters of classes `before` and `here`, with the
// classes of the one before them and the one after (kOther at the text's edges); no Extend or
// Format characters, Katakana or Hebrew in ASCII. True when there is no break.
bool AsciiJoined(AsciiBreak before2, AsciiBreak before, AsciiBreak here, AsciiBreak after) {
  using B = AsciiBreak;
  auto mid_letter = [](B b) { return b == B::kMidLetter || b == B::kMidNumLetQ; };
  auto mid_num = [](B b) { return b == B::kMidNum || b == B::kMidNumLetQ; };
  auto alnum = [](B b) { return b == B::kLetter || b == B::kNumeric; };
  if (before == B::kCr && here == B::kLf) return true;                                 // WB3
  if (before == B::kSpace && here == B::kSpace) return true;                           // WB3d
  if (alnum(before) && alnum(here)) return true;                                       // WB5, 8-10
  if (before == B::kLetter && mid_letter(here) && after == B::kLetter) return true;    // WB6
  if (before2 == B::kLetter && mid_letter(before) && here == B::kLetter) return true;  // WB7
  if (before2 == B::kNumeric && mid_num(before) && here == B::kNumeric) return true;   // WB11
  if (before == B::kNumeric && mid_num(here) && after == B::kNumeric) return true;     // WB12
  if ((alnum(before) || before == B::kExtendNumLet) && here == B::kExtendNumLet) {
    return true;  // WB13a
  }
  return before == B::kExtendNumLet && alnum(here);  // WB13b
}

// CountAsciiWords by walking UAX #29's rules byte by byte: any ASCII text.
size_t CountAsciiWordsByRules(std::string_view text) {
  const size_t n = text.size();
  auto at = [&](size_t i) {
    return i < n ? kAsciiBreak[static_cast<unsigned char>(text[i]) & 0x7F] : AsciiBreak::kOther;
  };
  size_t count = 0;
  size_t begin = 0;
  // Whether the segment from `begin` holds a letter or digit, or is underscores only.
  bool alnum = false, underscores = true;
  AsciiBreak before2 = AsciiBreak::kOther, before = AsciiBreak::kOther, here = at(0);
  auto is_alnum = [](AsciiBreak b) {
    return b == AsciiBreak::kLetter || b == AsciiBreak::kNumeric;
  };
  for (size_t i = 0; i < n; ++i) {
    if (i > 0 && is_alnum(before) && is_alnum(here)) {
      // Inside a run of letters and digits nothing breaks (WB5, WB8 to WB10): step to the run's
      // last byte, with the classes of the two before it, as the byte-by-byte walk would.
      size_t last = i;
      while (last + 1 < n && is_alnum(at(last + 1))) ++last;
      alnum = true;
      underscores = false;
      if (last > i) {
        before2 = at(last - 1);
        before = at(last);
      } else {
        before2 = before;
        before = here;
      }
      here = at(last + 1);
      i = last;
      continue;
    }
    AsciiBreak after = at(i + 1);
    if (i > 0 && !AsciiJoined(before2, before, here, after)) {
      if (alnum || (underscores && i - begin >= 2)) ++count;
      begin = i;
      alnum = false;
      underscores = true;
    }
    alnum = alnum || here == AsciiBreak::kLetter || here == AsciiBreak::kNumeric;
    underscores = underscores && here == AsciiBreak::kExtendNumLet;
    before2 = before;
    before = here;
    here = after;
  }
  if (n > 0 && (alnum || (underscores && n - begin >= 2))) ++count;
  return count;
}

// 0x80 in each letter, digit or '@' (ICU's ALetter) of ASCII block `x`.
inline uint64_t AlnumBytes(uint64_t x) {
  return swar::AsciiLettersAndDigits(x) | swar::BytesEqual(x, '@');
}

// CountWords for ASCII text without ICU: UAX #29's segments, counting those ICU gives a word
// status: holding a letter or digit, or two or more underscores (ICU's rule 13a gives "__" the
// letter status). Text without an underscore (nearly all) is counted in one pass over its
// letter-and-digit runs: without ExtendNumLet, the only segments holding a letter or digit are
// such runs joined by one middle character between two letters (WB6, WB7: . ') or two digits
// (WB11, WB12: . ' , ;); every other rule joins bytes that count for no word. Text with one goes
// through CountAsciiWordsByRules.
size_t CountAsciiWords(std::string_view text) {
  if (text.find('_') != std::string_view::npos) return CountAsciiWordsByRules(text);
  // Words = runs of letters and digits, less the joins between two runs (a middle character
  // between two letters or two digits).
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  auto kind = [&](size_t i) { return kAsciiBreak[bytes[i] & 0x7F]; };
  auto alnum = [&](size_t i) {
    const AsciiBreak b = kind(i);
    return b == AsciiBreak::kLetter || b == AsciiBreak::kNumeric;
  };
  auto joined_at = [&](size_t k) {  // byte k, a middle character, joins the runs beside it
    if (k == 0 || k + 1 >= n) return false;
    const AsciiBreak mid = kind(k), before = kind(k - 1), after = kind(k + 1);
    const bool letters = before == AsciiBreak::kLetter && after == AsciiBreak::kLetter;
    const bool digits = before == AsciiBreak::kNumeric && after == AsciiBreak::kNumeric;
    return (mid == AsciiBreak::kMidNumLetQ && (letters || digits)) ||
           (mid == AsciiBreak::kMidNum && digits);
  };
  size_t starts = 0, joins = 0;
  uint64_t before = 0;  // 0x80 in byte 0 when the byte before this block is a letter or digit
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const uint64_t x = swar::Load(text.data() + i);
    if ((x & swar::kHighBits) != 0) break;  // not ASCII (CountMixedWords' are): byte by byte
    const uint64_t a = AlnumBytes(x);
    starts += swar::CountFlags(a & ~((a << 8) | before));
    before = a >> 56;
    for (uint64_t mid = swar::BytesEqual(x, '.') | swar::BytesEqual(x, '\'') |
                        swar::BytesEqual(x, ',') | swar::BytesEqual(x, ';');
         mid != 0; mid &= mid - 1) {
      joins += joined_at(i + swar::FirstFlag(mid)) ? 1 : 0;
    }
  }
  bool previous = before != 0;
  for (; i < n; ++i) {
    const bool here = alnum(i);
    starts += here && !previous ? 1 : 0;
    previous = here;
    joins += joined_at(i) ? 1 : 0;
  }
  return starts - joins;
}

bool IsAsciiSpace(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// Whether ICU's word segments of a text always break between bytes at-1 and at: both are ASCII
// and exactly one is white space. No rule of UAX #29 joins white space with a letter, digit or
// punctuation (WB3d joins spaces only with spaces, WB4 attaches only Extend, Format and ZWJ,
// which are not ASCII), and the rules that look one character further (WB6, WB7, WB11, WB12)
// need letters or digits on both sides of the middle character, so the segments on either side
// come out the same when each side is segmented alone.
bool IsAsciiCut(std::string_view text, size_t at) {
  const auto before = static_cast<unsigned char>(text[at - 1]);
  const auto here = static_cast<unsigned char>(text[at]);
  return before < 0x80 && here < 0x80 && IsAsciiSpace(before) != IsAsciiSpace(here);
}

// CountWords of text holding a non-ASCII byte: cut into pieces at IsAsciiCut's places, the
// pieces of ASCII counted without ICU and the others with it (consecutive pieces of one kind
// together, so a Latin text with one accented word makes one ICU call on that word).
size_t CountMixedWords(std::string_view text) {
  const size_t n = text.size();
  size_t count = 0;
  size_t run = 0, piece = 0;  // the start of the run of pieces of one kind, and of the piece
  bool run_ascii = true, piece_ascii = true;
  auto count_run = [&](size_t end) {
    std::string_view part = text.substr(run, end - run);
    count += run_ascii ? CountAsciiWords(part) : CountWordsWithIcu(part);
  };
  for (size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (i > 0 && IsAsciiCut(text, i)) {
      if (piece_ascii != run_ascii) {
        count_run(piece);
        run = piece;
        run_ascii = piece_ascii;
      }
      piece = i;
      piece_ascii = true;
    }
    if (c >= 0x80) piece_ascii = false;
  }
  if (piece_ascii != run_ascii) {
    count_run(piece);
    run = piece;
    run_ascii = piece_ascii;
  }
  count_run(n);
  return count;
}

// OptionComparisonKey of ASCII `text`, byte by byte: the steps of OptionComparisonKeyWithIcu,
// whose classes (white space, word characters, trailing punctuation, quotes, case folding) are
// plain byte tests in ASCII, and NFKC and the typographic fold change nothing.
std::string AsciiOptionComparisonKey(std::string_view text) {
  auto is_word = [](char c) {
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
  };
  std::string key;
  key.reserve(text.size());
  bool pending_space = false;
  for (char c : text) {
    if (c == ' ' || (c >= '\t' && c <= '\r')) {
      pending_space = true;
      continue;
    }
    if (pending_space && !key.empty() && is_word(key.back()) && is_word(c)) key.push_back(' ');
    pending_space = false;
    key.push_back(c);
  }
  auto [begin, end] = TrimmedRange(key);
  key.resize(end);
  key.erase(0, begin);
  for (size_t i = 0; i < key.size();) {
    size_t j = i;
    while (j < key.size() && is_word(key[j])) ++j;
    if (j - i >= 3 && key[i] >= 'A' && key[i] <= 'Z') key[i] = static_cast<char>(key[i] + 32);
    i = j == i ? i + 1 : j;
  }
  return key;
}

}  // namespace

size_t CountWords(std::string_view text) {
  // ASCII text (most fields) follows the same rules without ICU's iterator; in other text only
  // the stretches holding a non-ASCII byte need it.
  const size_t first = internal::NextNonAscii(text, 0);
  if (first == text.size()) return CountAsciiWords(text);
  return CountMixedWords(text);
}

size_t CountWordsWithIcu(std::string_view text) {
  if (text.empty()) return 0;
  icu::BreakIterator* it = ThreadWordIterator();
  if (it == nullptr) return CountWordsWithoutIcu(text);
  UErrorCode status = U_ZERO_ERROR;
  UText* ut = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status);
  if (U_FAILURE(status)) {
    utext_close(ut);
    return CountWordsWithoutIcu(text);
  }
  it->setText(ut, status);
  size_t count = 0;
  if (U_SUCCESS(status)) {
    it->first();
    while (it->next() != icu::BreakIterator::DONE) {
      if (it->getRuleStatus() != UBRK_WORD_NONE) ++count;
    }
  } else {
    count = CountWordsWithoutIcu(text);
  }
  // Detach the iterator from the UText before closing it.
  icu::UnicodeString empty;
  it->setText(empty);
  utext_close(ut);
  return count;
}

std::string OptionComparisonKey(std::string_view text) {
  // ASCII is its own NFKC and typographic fold: most options take the byte path, without ICU.
  if (internal::IsAsciiText(text)) return AsciiOptionComparisonKey(text);
  return OptionComparisonKeyWithIcu(text);
}

std::optional<uint64_t> OptionComparisonSignature(std::string_view text) {
  uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a
  for (char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x80) return std::nullopt;
    const auto lower = static_cast<unsigned char>(b | 0x20);
    if ((b >= '0' && b <= '9') || (lower >= 'a' && lower <= 'z')) {
      hash = (hash ^ (b <= '9' ? b : lower)) * 0x100000001b3ULL;
    }
  }
  return hash;
}

std::string OptionComparisonKeyWithIcu(std::string_view text) {
  // Code points after NFKC.
  std::vector<UChar32> input;
  input.reserve(text.size());
  {
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(
        icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    if (U_SUCCESS(status) && nfkc != nullptr) {
      icu::UnicodeString normalized = nfkc->normalize(u, status);
      if (U_SUCCESS(status)) u = normalized;
    }
    for (int32_t i = 0; i < u.length();) {
      UChar32 c = u.char32At(i);
      i += U16_LENGTH(c);
      input.push_back(internal::FoldTypographic(c));
    }
  }
  // White space: dropped next to symbols and punctuation ("x + 1" is "x+1"), one space between
  // words ("a ab" stays apart from "aab").
  std::vector<UChar32> cps;
  bool pending_space = false;
  for (UChar32 c : input) {
    if (IsWhiteSpace(c)) {
      pending_space = true;
      continue;
    }
    if (pending_space && !cps.empty() && IsWordChar(cps.back()) && IsWordChar(c)) {
      cps.push_back(' ');
    }
    pending_space = false;
    cps.push_back(c);
  }
  // Trailing sentence punctuation and one pair of enclosing quotes, in any nesting.
  auto [begin, end] = TrimmedRange(cps);
  // Case: only the first letter of a word of three or more letters is folded ("The Kidney" is
  // "the kidney"); case inside a word and in short words carries meaning (genotypes "Bb" and
  // "bb", formulas "CO" and "Co", units "mW", numerals "II").
  // Words of one or two letters keep their case whole: they are symbols more often than words.
  std::string out;
  for (size_t i = begin; i < end;) {
    size_t j = i;
    while (j < end && IsWordChar(cps[j])) ++j;
    if (j == i) {
      AppendUtf8(cps[i], out);
      ++i;
      continue;
    }
    for (size_t k = i; k < j; ++k) {
      UChar32 c = cps[k];
      if (k == i && j - i >= 3) c = FoldCase(c);
      AppendUtf8(c, out);
    }
    i = j;
  }
  return out;
}

size_t DisplayWidth(std::string_view text) {
  size_t width = 0;
  int32_t i = 0;
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const auto n = static_cast<int32_t>(text.size());
  while (i < n) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) {
      ++width;  // an invalid byte shows as one replacement character
      continue;
    }
    if (c < 0x80) {
      ++width;
      continue;
    }
    int8_t category = u_charType(c);
    if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK ||
        category == U_FORMAT_CHAR) {
      continue;
    }
    int ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    width += (ea == U_EA_WIDE || ea == U_EA_FULLWIDTH) ? 2 : 1;
  }
  return width;
}

}  // namespace qbank::text

// Shared ICU helpers for comparison keys and script checks.
#include "text/word_scripts.h"

#include <unicode/brkiter.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <memory>
#include <unordered_map>
#include <vector>

namespace qbank::text::internal {
namespace {

struct SpoofCloser {
  void operator()(USpoofChecker* sc) const { uspoof_close(sc); }
};

USpoofChecker* ThreadSpoofChecker() {
  thread_local std::unique_ptr<USpoofChecker, SpoofCloser> checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* sc = uspoof_open(&status);
    if (U_FAILURE(status)) sc = nullptr;
    return std::unique_ptr<USpoofChecker, SpoofCloser>(sc);
  }();
  return checker.get();
}

// True when a word made of `scripts` is ordinary writing: one script, or the mixes UTS #39's
// "highly restrictive" level allows (Latin with Han and kana, with Han and Bopomofo, with Han and
// Hangul).
bool IsOrdinaryMix(const std::vector<int>& scripts) {
  if (scripts.size() <= 1) return true;
  static const std::array<std::array<int, 4>, 3> kAllowed = {{
      {USCRIPT_LATIN, USCRIPT_HAN, USCRIPT_HIRAGANA, USCRIPT_KATAKANA},
      {USCRIPT_LATIN, USCRIPT_HAN, USCRIPT_BOPOMOFO, USCRIPT_LATIN},
      {USCRIPT_LATIN, USCRIPT_HAN, USCRIPT_HANGUL, USCRIPT_LATIN},
  }};
  for (const auto& allowed : kAllowed) {
    bool all_in = std::all_of(scripts.begin(), scripts.end(), [&](int s) {
      return std::find(allowed.begin(), allowed.end(), s) != allowed.end();
    });
    if (all_in) return true;
  }
  return false;
}

}  // namespace

void Decode(std::string_view text, bool drop_ignorables, DecodedText* out) {
  out->u16.remove();
  out->offsets.clear();
  out->ends.clear();
  out->offsets.reserve(text.size() + 1);
  out->ends.reserve(text.size());
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  int32_t length = static_cast<int32_t>(std::min<size_t>(text.size(), INT32_MAX));
  // The UTF-16 units are gathered in a plain buffer and handed to the UnicodeString once:
  // appending a code point at a time to a UnicodeString costs several times as much.
  thread_local std::vector<UChar> units;
  units.clear();
  units.reserve(text.size());
  int32_t i = 0;
  while (i < length) {
    int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0) continue;  // ill-formed: skipped
    if (drop_ignorables && c >= 0x80 &&
        u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
      continue;
    }
    if (c <= 0xFFFF) {
      units.push_back(static_cast<UChar>(c));
    } else {
      units.push_back(U16_LEAD(c));
      units.push_back(U16_TRAIL(c));
    }
    out->offsets.push_back(static_cast<uint32_t>(start));
    out->ends.push_back(static_cast<uint32_t>(i));
    if (c > 0xFFFF) {
      out->offsets.push_back(static_cast<uint32_t>(start));
      out->ends.push_back(static_cast<uint32_t>(i));
    }
  }
  out->offsets.push_back(static_cast<uint32_t>(length));
  out->u16.append(units.data(), 0, static_cast<int32_t>(units.size()));
}

std::vector<Segment> WordSegments(const icu::UnicodeString& u16) {
  thread_local std::unique_ptr<icu::BreakIterator> iterator = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> it(
        icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status)) it.reset();
    return it;
  }();
  std::vector<Segment> segments;
  if (!iterator) {
    // Without break data every character run is one segment; keep the text usable.
    if (u16.length() > 0) segments.push_back({0, u16.length(), 200});
    return segments;
  }
  iterator->setText(u16);
  int32_t begin = iterator->first();
  for (int32_t end = iterator->next(); end != icu::BreakIterator::DONE;
       begin = end, end = iterator->next()) {
    segments.push_back({begin, end, iterator->getRuleStatus()});
  }
  return segments;
}

int LetterScript(UChar32 c) {
  UErrorCode status = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript(c, &status);
  if (U_FAILURE(status) || script == USCRIPT_COMMON || script == USCRIPT_INHERITED ||
      script == USCRIPT_UNKNOWN) {
    return -1;
  }
  return script;
}

WordScripts AnalyzeWord(const icu::UnicodeString& u16, int32_t begin, int32_t end, int context) {
  WordScripts result;
  std::vector<int> scripts;
  std::vector<int> counts;
  for (int32_t i = begin; i < end;) {
    UChar32 c = u16.char32At(i);
    i += U16_LENGTH(c);
    int script = LetterScript(c);
    if (script < 0) continue;
    ++result.letter_count;
    auto it = std::find(scripts.begin(), scripts.end(), script);
    if (it == scripts.end()) {
      scripts.push_back(script);
      counts.push_back(1);
    } else {
      ++counts[static_cast<size_t>(it - scripts.begin())];
    }
  }
  if (scripts.empty()) return result;
  // The context script wins when the word has letters of it ("sеа" with a Latin s and Cyrillic
  // е, а is a Latin word in English text); otherwise the script of most letters.
  size_t best = 0;
  for (size_t k = 1; k < scripts.size(); ++k) {
    auto rank = [&](size_t idx) {
      return std::make_tuple(scripts[idx] == context, counts[idx], scripts[idx] == USCRIPT_LATIN,
                             -scripts[idx]);
    };
    if (rank(k) > rank(best)) best = k;
  }
  result.own = scripts[best];
  result.mixed = !IsOrdinaryMix(scripts);
  return result;
}

const icu::UnicodeString& CharSkeleton(UChar32 c) {
  thread_local std::unordered_map<UChar32, icu::UnicodeString> cache;
  auto it = cache.find(c);
  if (it != cache.end()) return it->second;
  icu::UnicodeString skeleton(c);
  if (USpoofChecker* sc = ThreadSpoofChecker()) {
    // Folded first, so a capital look-alike maps like its small letter (Cyrillic "І" reads
    // "i", as the Latin "I" it imitates folds to "i"; the raw skeleton of both is "l").
    UChar32 folded = u_foldCase(c, U_FOLD_CASE_DEFAULT);
    UChar in[2];
    int32_t in_length = 0;
    U16_APPEND_UNSAFE(in, in_length, folded);
    UChar out[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = uspoof_getSkeleton(sc, 0, in, in_length, out, 32, &status);
    if (U_SUCCESS(status) && n > 0) skeleton = icu::UnicodeString(out, n);
  }
  return cache.emplace(c, std::move(skeleton)).first->second;
}

UChar32 FoldTypographic(UChar32 c) {
  if (c < 0x80) return c;
  switch (c) {
    case 0x2018:  // left single quotation mark
    case 0x2019:  // right single quotation mark
    case 0x201A:  // single low-9 quotation mark
    case 0x201B:  // single high-reversed-9 quotation mark
    case 0x2032:  // prime
    case 0x02BC:  // modifier letter apostrophe
    case 0xFF07:  // fullwidth apostrophe
      return '\'';
    case 0x201C:
    case 0x201D:
    case 0x201E:
    case 0x201F:
    case 0x2033:  // double prime
    case 0x00AB:
    case 0x00BB:
    case 0xFF02:
      return '"';
    case 0x2010:  // hyphen
    case 0x2011:  // non-breaking hyphen
    case 0x2012:  // figure dash
    case 0x2013:  // en dash
    case 0x2014:  // em dash
    case 0x2015:  // horizontal bar
    case 0x2212:  // minus sign
    case 0xFE63:
    case 0xFF0D:
      return '-';
    case 0x00A0:  // no-break space
    case 0x2007:  // figure space
    case 0x202F:  // narrow no-break space
      return ' ';
    default:
      return c;
  }
}

namespace {

// The raw skeleton of `c` (not case-folded).
icu::UnicodeString RawSkeleton(UChar32 c) {
  icu::UnicodeString skeleton(c);
  USpoofChecker* sc = ThreadSpoofChecker();
  if (sc == nullptr) return skeleton;
  UChar in[2];
  int32_t in_length = 0;
  U16_APPEND_UNSAFE(in, in_length, c);
  UChar out[32];
  UErrorCode status = U_ZERO_ERROR;
  int32_t n = uspoof_getSkeleton(sc, 0, in, in_length, out, 32, &status);
  if (U_SUCCESS(status) && n > 0) skeleton = icu::UnicodeString(out, n);
  return skeleton;
}

// The raw skeleton of `c`, then case-folded.
icu::UnicodeString FoldedRawSkeleton(UChar32 c) {
  icu::UnicodeString skeleton = RawSkeleton(c);
  skeleton.foldCase();
  return skeleton;
}

// True when `skeleton` (of a character not in `script`) consists of letters of `script`.
bool SkeletonInScript(const icu::UnicodeString& skeleton, UChar32 c, int script) {
  if (skeleton == icu::UnicodeString(c)) return false;
  bool any_letter = false;
  for (int32_t i = 0; i < skeleton.length();) {
    UChar32 s = skeleton.char32At(i);
    i += U16_LENGTH(s);
    int s_script = LetterScript(s);
    if (s_script < 0) continue;
    if (s_script != script) return false;
    // Latin look-alikes must look like basic letters: "в" (skeleton "ʙ") is a Russian letter,
    // not a disguised "b".
    if (script == USCRIPT_LATIN && s >= 0x80) return false;
    any_letter = true;
  }
  return any_letter;
}

}  // namespace

UChar32 LatinCapitalTwin(UChar32 c) {
  if (c < 0x80 || !u_isupper(c)) return 0;
  // The raw skeleton of each ASCII capital (not folded: "I" and "l" share the skeleton "l", and
  // the capital is what a capital imitates).
  thread_local const std::unordered_map<std::u16string, UChar32> kTwins = [] {
    std::unordered_map<std::u16string, UChar32> twins;
    for (UChar32 x = 'A'; x <= 'Z'; ++x) {
      icu::UnicodeString raw = RawSkeleton(x);
      twins.emplace(std::u16string(raw.getBuffer(), static_cast<size_t>(raw.length())), x);
    }
    return twins;
  }();
  thread_local std::unordered_map<UChar32, UChar32> cache;
  auto cached = cache.find(c);
  if (cached != cache.end()) return cached->second;
  icu::UnicodeString raw = RawSkeleton(c);
  auto it = kTwins.find(std::u16string(raw.getBuffer(), static_cast<size_t>(raw.length())));
  UChar32 twin = it == kTwins.end() ? 0 : it->second - 'A' + 'a';
  cache.emplace(c, twin);
  return twin;
}

UChar32 LatinTwin(UChar32 c) {
  if (c < 0x80 || LetterScript(c) != USCRIPT_LATIN || u_foldCase(c, U_FOLD_CASE_DEFAULT) != c) {
    return 0;
  }
  const icu::UnicodeString& skeleton = CharSkeleton(c);
  if (skeleton.length() != 1) return 0;
  UChar32 s = skeleton.char32At(0);
  return (s >= 'a' && s <= 'z') ? s : 0;
}

UChar32 DigitTwin(UChar32 c) {
  if (c == '0') return 'o';
  if (c == '1') return 'l';
  return 0;
}

const icu::UnicodeString& CapitalSkeleton(UChar32 c) {
  if (!u_isupper(c)) return CharSkeleton(c);
  thread_local std::unordered_map<UChar32, icu::UnicodeString> cache;
  auto it = cache.find(c);
  if (it != cache.end()) return it->second;
  return cache.emplace(c, FoldedRawSkeleton(c)).first->second;
}

bool LooksLikeScriptAt(UChar32 c, int script, bool capital_position) {
  if (capital_position && script == USCRIPT_LATIN && LetterScript(c) != script &&
      LatinCapitalTwin(c) != 0) {
    return true;
  }
  if (LooksLikeScript(c, script)) return true;
  if (!capital_position || script < 0 || !u_isupper(c) || LetterScript(c) == script) return false;
  return SkeletonInScript(CapitalSkeleton(c), c, script);
}

const icu::UnicodeString& SkeletonAt(UChar32 c, int script, bool capital_position) {
  if (capital_position && script == USCRIPT_LATIN && LetterScript(c) != script) {
    if (UChar32 twin = LatinCapitalTwin(c)) {
      thread_local std::unordered_map<UChar32, icu::UnicodeString> cache;
      return cache.try_emplace(twin, twin).first->second;
    }
  }
  if (capital_position && !LooksLikeScript(c, script) && LooksLikeScriptAt(c, script, true)) {
    return CapitalSkeleton(c);
  }
  return CharSkeleton(c);
}

std::vector<bool> CapitalPositions(const icu::UnicodeString& u16, int32_t begin, int32_t end) {
  std::vector<bool> capital(static_cast<size_t>(std::max(0, end - begin)), false);
  bool any_lower = false;
  for (int32_t i = begin; i < end;) {
    UChar32 c = u16.char32At(i);
    i += U16_LENGTH(c);
    any_lower = any_lower || u_islower(c);
  }
  bool first_letter = true;
  for (int32_t i = begin; i < end;) {
    UChar32 c = u16.char32At(i);
    int32_t next = i + U16_LENGTH(c);
    bool letter = u_isalpha(c) != 0;
    if (letter && (first_letter || !any_lower)) {
      for (int32_t k = i; k < next; ++k) capital[static_cast<size_t>(k - begin)] = true;
    }
    if (letter) first_letter = false;
    i = next;
  }
  return capital;
}

bool LooksLikeScript(UChar32 c, int script) {
  if (script < 0 || LetterScript(c) == script) return false;
  return SkeletonInScript(CharSkeleton(c), c, script);
}

}  // namespace qbank::text::internal

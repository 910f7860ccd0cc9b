// Invisible-character and look-alike word checks over ICU.
#include "text/script_check.h"

#include <unicode/locid.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdio>

#include "text/ascii_scan.h"
#include "text/word_scripts.h"

namespace qbank::text {
namespace {

constexpr int kMaxNotationLetters = 4;

InvisibleKind KindOf(UChar32 c) {
  if (c == 0x00AD) return InvisibleKind::kSoftHyphen;
  if ((c >= 0x200B && c <= 0x200D) || c == 0x2060 || c == 0xFEFF) return InvisibleKind::kZeroWidth;
  if (c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
      (c >= 0x2066 && c <= 0x2069)) {
    return InvisibleKind::kBidiControl;
  }
  return InvisibleKind::kOtherIgnorable;
}

bool IsInvisible(UChar32 c) {
  return c == 0x00AD || c == 0x061C || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF ||
         (c >= 0x80 && u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT));
}

bool IsPictograph(UChar32 c) {
  return c >= 0 && u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC);
}

bool IsVariationOrTag(UChar32 c) {
  return (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF) ||
         (c >= 0x180B && c <= 0x180D) || c == 0x180F || (c >= 0xE0020 && c <= 0xE007F);
}

// A script whose writing uses joiners between letters (Arabic, Indic, ...).
bool UsesJoiners(UChar32 c) {
  int script = internal::LetterScript(c);
  return script >= 0 && script != USCRIPT_LATIN && script != USCRIPT_GREEK &&
         script != USCRIPT_CYRILLIC;
}

// The word [begin, end) of `u` with each letter outside `target` replaced by the one letter of
// `target` it imitates, in its case; "" when some letter imitates no single letter of `target`.
std::string Retyped(const icu::UnicodeString& u, int32_t begin, int32_t end, int target,
                    const std::vector<bool>& capital) {
  icu::UnicodeString out;
  for (int32_t i = begin; i < end;) {
    UChar32 c = u.char32At(i);
    bool at_capital = capital[static_cast<size_t>(i - begin)];
    i += U16_LENGTH(c);
    int script = internal::LetterScript(c);
    if (script < 0 || script == target) {
      out.append(c);
      continue;
    }
    if (!internal::LooksLikeScriptAt(c, target, at_capital)) return "";
    icu::UnicodeString letter = internal::SkeletonAt(c, target, at_capital);
    if (u_isupper(c)) letter.toUpper(icu::Locale::getRoot());
    if (letter.countChar32() != 1 || internal::LetterScript(letter.char32At(0)) != target) {
      return "";
    }
    out.append(letter);
  }
  std::string utf8;
  out.toUTF8String(utf8);
  return utf8;
}

// True for the ASCII bytes at which ICU always breaks words: spaces, tabs and line breaks.
bool IsAsciiBreak(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

}  // namespace

std::string_view InvisibleKindName(InvisibleKind kind) {
  switch (kind) {
    case InvisibleKind::kZeroWidth:
      return "zero-width character";
    case InvisibleKind::kBidiControl:
      return "bidi control";
    case InvisibleKind::kSoftHyphen:
      return "soft hyphen";
    case InvisibleKind::kOtherIgnorable:
      return "default-ignorable character";
  }
  return "invisible character";
}

namespace {

// FindInvisibleCharacters; with `skip_ascii`, runs of ASCII bytes (never invisible) are stepped
// over eight bytes at a time instead of decoded one by one.
std::vector<InvisibleChar> InvisibleCharacters(std::string_view text, bool skip_ascii) {
  std::vector<InvisibleChar> found;
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  int32_t length = static_cast<int32_t>(std::min<size_t>(text.size(), INT32_MAX));
  UChar32 previous = -1;  // the last visible code point, -1 at the start
  int32_t i = 0;
  while (i < length) {
    if (skip_ascii && s[i] < 0x80) {
      auto next = static_cast<int32_t>(std::min<size_t>(
          internal::NextNonAscii(text, static_cast<size_t>(i)), static_cast<size_t>(length)));
      previous = s[next - 1];
      i = next;
      continue;
    }
    int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0) continue;
    if (!IsInvisible(c)) {
      previous = c;
      continue;
    }
    bool allowed = false;
    if (c == 0x200D || c == 0x200C) {
      UChar32 next = -1;
      if (i < length) {
        int32_t j = i;
        U8_NEXT(s, j, length, next);
      }
      allowed = (c == 0x200D && IsPictograph(previous) && IsPictograph(next)) ||
                (previous >= 0 && UsesJoiners(previous));
    } else if (IsVariationOrTag(c)) {
      allowed = previous >= 0x80;
    }
    if (allowed) continue;
    InvisibleChar ic;
    ic.offset = static_cast<size_t>(start);
    ic.length = static_cast<size_t>(i - start);
    ic.code_point = static_cast<char32_t>(c);
    ic.kind = KindOf(c);
    found.push_back(ic);
  }
  return found;
}

}  // namespace

std::vector<InvisibleChar> FindInvisibleCharacters(std::string_view text) {
  return InvisibleCharacters(text, /*skip_ascii=*/true);
}

std::vector<InvisibleChar> FindInvisibleCharactersWithIcu(std::string_view text) {
  return InvisibleCharacters(text, /*skip_ascii=*/false);
}

std::string CodePointLabel(char32_t c) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(c));
  std::string label = buffer;
  char name[128];
  UErrorCode status = U_ZERO_ERROR;
  int32_t n = u_charName(static_cast<UChar32>(c), U_UNICODE_CHAR_NAME, name, sizeof name, &status);
  if (U_SUCCESS(status) && n > 0) {
    // Appended, not `" " + std::string(...)`: GCC 12 at -O3 warns falsely (-Wrestrict) on that.
    label += ' ';
    label.append(name, static_cast<size_t>(n));
  }
  return label;
}

namespace {

// FindLookalikeWords over the whole of `text` with ICU, `context_script` already resolved
// (kNoScript here: the text has no letters), each word's range offset by `base`; appends to
// `found`.
void LookalikeWordsIcu(std::string_view text, int context_script, size_t base,
                       std::vector<LookalikeWord>* found_out) {
  std::vector<LookalikeWord>& found = *found_out;
  internal::DecodedText decoded;
  internal::Decode(text, /*drop_ignorables=*/true, &decoded);
  const icu::UnicodeString& u = decoded.u16;
  for (const internal::Segment& seg : internal::WordSegments(u)) {
    if (seg.status < UBRK_WORD_NONE_LIMIT) continue;
    internal::WordScripts scripts = internal::AnalyzeWord(u, seg.begin, seg.end, context_script);
    if (scripts.letter_count == 0) continue;
    std::vector<int> seen;
    bool mixed_lookalike = false;
    bool greek_capital_twin = false;
    bool all_look_like_context = true;
    std::vector<bool> capital = internal::CapitalPositions(u, seg.begin, seg.end);
    auto capital_at = [&](int32_t i) { return capital[static_cast<size_t>(i - seg.begin)]; };
    for (int32_t i = seg.begin; i < seg.end;) {
      UChar32 c = u.char32At(i);
      bool at_capital = capital_at(i);
      i += U16_LENGTH(c);
      int script = internal::LetterScript(c);
      if (script >= 0 && std::find(seen.begin(), seen.end(), script) == seen.end()) {
        seen.push_back(script);
      }
      if (scripts.mixed && internal::LooksLikeScriptAt(c, scripts.own, at_capital)) {
        mixed_lookalike = true;
      }
      // A Greek capital that is a perfect Latin capital ("QS\u0391") is disguise, not notation.
      if (at_capital && script == USCRIPT_GREEK && internal::LatinCapitalTwin(c) != 0) {
        greek_capital_twin = true;
      }
      if (script >= 0 && !internal::LooksLikeScriptAt(c, context_script, at_capital)) {
        all_look_like_context = false;
      }
    }
    // Short notation that mixes Latin and Greek letters ("σx", "nα", "4πr") is maths, not
    // disguise: a disguised word needs more letters to pass for one.
    bool greek_notation =
        scripts.mixed && !greek_capital_twin && scripts.letter_count <= kMaxNotationLetters &&
        std::all_of(seen.begin(), seen.end(),
                    [](int s) { return s == USCRIPT_LATIN || s == USCRIPT_GREEK; });
    LookalikeWord word;
    if (scripts.mixed && mixed_lookalike && !greek_notation) {
      word.kind = LookalikeWord::Kind::kMixedScript;
    } else if (!scripts.mixed && context_script != kNoScript && scripts.own != context_script &&
               scripts.letter_count >= 2 && all_look_like_context) {
      word.kind = LookalikeWord::Kind::kForeignScript;
    } else {
      continue;
    }
    int target = word.kind == LookalikeWord::Kind::kMixedScript ? scripts.own : context_script;
    icu::UnicodeString looks;
    for (int32_t i = seg.begin; i < seg.end;) {
      UChar32 c = u.char32At(i);
      bool at_capital = capital_at(i);
      i += U16_LENGTH(c);
      if (!internal::LooksLikeScriptAt(c, target, at_capital)) {
        looks.append(c);
        continue;
      }
      // Skeletons are folded; a capital is shown as the capital it imitates ("KMS").
      icu::UnicodeString skeleton = internal::SkeletonAt(c, target, at_capital);
      if (u_isupper(c)) skeleton.toUpper(icu::Locale::getRoot());
      looks.append(skeleton);
    }
    word.begin = base + decoded.SourceBegin(seg.begin);
    word.end = base + decoded.SourceEnd(seg.end);
    for (size_t k = 0; k < seen.size(); ++k) {
      if (k > 0) word.scripts += "+";
      word.scripts += ScriptName(seen[k]);
    }
    looks.toUTF8String(word.looks_like);
    word.replacement = Retyped(u, seg.begin, seg.end, target, capital);
    found.push_back(std::move(word));
  }
}

}  // namespace

std::vector<LookalikeWord> FindLookalikeWords(std::string_view text, int context_script) {
  if (context_script == kNoScript) context_script = DominantScript(text);
  std::vector<LookalikeWord> found;
  // In another script's text an ASCII word may itself be a look-alike ("pop" in Russian text):
  // the whole text takes the ICU path.
  if (context_script != USCRIPT_LATIN && context_script != kNoScript) {
    LookalikeWordsIcu(text, context_script, 0, &found);
    return found;
  }
  // In Latin (or letterless) text a word of ASCII characters only is neither mixed nor foreign,
  // and ICU breaks words at every ASCII space, tab and line break: only the stretches between
  // such breaks that hold a non-ASCII byte go through ICU.
  const size_t n = text.size();
  size_t at = 0;
  while (true) {
    size_t first = internal::NextNonAscii(text, at);
    if (first == n) break;
    size_t begin = first;
    while (begin > at && !IsAsciiBreak(text[begin - 1])) --begin;
    size_t end = first + 1;
    while (end < n && !IsAsciiBreak(text[end])) ++end;
    LookalikeWordsIcu(text.substr(begin, end - begin), context_script, begin, &found);
    at = end;
  }
  return found;
}

std::vector<LookalikeWord> FindLookalikeWordsWithIcu(std::string_view text, int context_script) {
  if (context_script == kNoScript) context_script = DominantScript(text);
  std::vector<LookalikeWord> found;
  LookalikeWordsIcu(text, context_script, 0, &found);
  return found;
}

}  // namespace qbank::text

// Word counting with ICU's dictionary-based word break iterator, and option comparison keys.
#include "text/words.h"

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include <memory>

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

bool IsTrivialEdgePunctuation(UChar32 c) {
  switch (c) {
    case '.':
    case ',':
    case ';':
    case ':':
    case '!':
    case '?':
    case '"':
    case '\'':
    case 0x2018:
    case 0x2019:
    case 0x201C:
    case 0x201D:
    case 0x00AB:
    case 0x00BB:
    case 0x3002:
    case 0xFF0C:
    case 0x3001:
      return true;
    default:
      return false;
  }
}

}  // namespace

size_t CountWords(std::string_view text) {
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
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc_cf = icu::Normalizer2::getNFKCCasefoldInstance(status);
  if (U_SUCCESS(status) && nfkc_cf != nullptr) {
    icu::UnicodeString folded = nfkc_cf->normalize(u, status);
    if (U_SUCCESS(status)) u = folded;
  }
  icu::UnicodeString kept;
  for (int32_t i = 0; i < u.length();) {
    UChar32 c = u.char32At(i);
    i += U16_LENGTH(c);
    if (u_isUWhiteSpace(c)) continue;
    kept.append(c);
  }
  int32_t begin = 0;
  int32_t end = kept.length();
  while (begin < end) {
    UChar32 c = kept.char32At(begin);
    if (!IsTrivialEdgePunctuation(c)) break;
    begin += U16_LENGTH(c);
  }
  while (end > begin) {
    UChar32 c = kept.char32At(end - 1);
    if (!IsTrivialEdgePunctuation(c)) break;
    end -= U16_LENGTH(c);
  }
  std::string out;
  kept.tempSubStringBetween(begin, end).toUTF8String(out);
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

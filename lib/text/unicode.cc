// UTF-8 validation, normalisation and case folding over ICU.
#include "text/unicode.h"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <cstdint>
#include <cstring>

#include "base/utf8_text.h"

namespace qbank::text {
namespace {

bool IsAscii(std::string_view s) {
  for (unsigned char c : s) {
    if (c >= 0x80) return false;
  }
  return true;
}

const icu::Normalizer2* NfcInstance() {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFCInstance(status);
  return U_SUCCESS(status) ? n : nullptr;
}

}  // namespace

bool IsValidUtf8(std::string_view s, size_t* error_offset) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size();
  size_t i = 0;
  while (i < n) {
    // Runs of ASCII, eight bytes at a time.
    while (i + 8 <= n) {
      uint64_t word;
      std::memcpy(&word, p + i, sizeof word);
      if ((word & 0x8080808080808080ULL) != 0) break;
      i += 8;
    }
    if (i >= n) break;
    size_t len = p[i] < 0x80 ? 1 : Utf8SequenceLength(s, i);
    if (len == 0) {
      if (error_offset) *error_offset = i;
      return false;
    }
    i += len;
  }
  return true;
}

bool IsNfc(std::string_view s) {
  if (IsAscii(s)) return true;
  const icu::Normalizer2* nfc = NfcInstance();
  if (nfc == nullptr) return true;
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  bool result = nfc->isNormalized(u, status);
  return U_SUCCESS(status) ? result : true;
}

std::string ToNfc(std::string_view s) {
  if (IsNfc(s)) return std::string(s);
  const icu::Normalizer2* nfc = NfcInstance();
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  icu::UnicodeString out = nfc->normalize(u, status);
  if (U_FAILURE(status)) return std::string(s);
  std::string result;
  out.toUTF8String(result);
  return result;
}

std::string NormalizeField(std::string_view input) {
  std::string s = ToNfc(input);
  std::string out;
  out.reserve(s.size());
  int pending_newlines = 0;  // line breaks seen since the last text
  bool pending_space = false;
  bool at_start = true;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\r') {
      if (i + 1 < s.size() && s[i + 1] == '\n') continue;
      c = '\n';
    }
    if (c == '\n') {
      ++pending_newlines;
      pending_space = false;
      continue;
    }
    if (c == ' ' || c == '\t') {
      pending_space = true;
      continue;
    }
    if (!at_start) {
      if (pending_newlines > 0) {
        out.append(pending_newlines >= 2 ? "\n\n" : "\n");
      } else if (pending_space) {
        out.push_back(' ');
      }
    }
    pending_newlines = 0;
    pending_space = false;
    at_start = false;
    out.push_back(c);
  }
  return out;
}

std::string FoldCase(std::string_view s) {
  if (IsAscii(s)) {
    std::string out(s);
    for (char& c : out) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
  }
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  u.foldCase();
  std::string out;
  u.toUTF8String(out);
  return out;
}

}  // namespace qbank::text

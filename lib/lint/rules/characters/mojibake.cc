// mojibake: a scan of each refused file for C1 sequences, each mapped to what it stood for.
#include "lint/rules/characters/mojibake.h"

#include <array>
#include <cstdio>
#include <set>

#include "base/str_cat.h"
#include "text/encoding.h"

namespace qbank::lint {
namespace {

// The C1 character at `at` of `s` (0x80-0x9F), or 0.
unsigned C1At(std::string_view s, size_t at) {
  if (at + 1 >= s.size() || static_cast<unsigned char>(s[at]) != 0xC2) return 0;
  auto b = static_cast<unsigned char>(s[at + 1]);
  return b >= 0x80 && b <= 0x9F ? b : 0;
}

// The Latin-1 supplement or C1 character (U+0080-U+00BF, two bytes C2 xx) at `at`, or 0.
unsigned HighLatin1At(std::string_view s, size_t at) {
  if (at + 1 >= s.size() || static_cast<unsigned char>(s[at]) != 0xC2) return 0;
  auto b = static_cast<unsigned char>(s[at + 1]);
  return b >= 0x80 && b <= 0xBF ? b : 0;
}

// What Windows-1252 reads byte 0x80 + i as, in UTF-8; empty where it defines nothing.
const std::array<std::string, 32>& Windows1252Punctuation() {
  static const std::array<std::string, 32> table = [] {
    std::array<std::string, 32> t;
    for (unsigned i = 0; i < 32; ++i) {
      std::string byte(1, static_cast<char>(0x80 + i));
      Result<std::string> utf8 = text::ConvertToUtf8(byte, "windows-1252");
      // ICU maps the five undefined bytes to the C1 controls themselves.
      if (utf8.ok() && !(utf8->size() == 2 && static_cast<unsigned char>((*utf8)[0]) == 0xC2)) {
        t[i] = *utf8;
      }
    }
    return t;
  }();
  return table;
}

bool IsC1ControlError(const Diagnostic& d) {
  size_t at = d.message.find("control character U+00");
  if (at == std::string::npos) return false;
  char digit = at + 22 < d.message.size() ? d.message[at + 22] : 0;
  return digit == '8' || digit == '9';
}

}  // namespace

std::vector<MojibakeRepair> FindMojibake(std::string_view s) {
  std::vector<MojibakeRepair> out;
  for (size_t i = 0; i + 1 < s.size();) {
    unsigned c = C1At(s, i);
    if (c == 0) {
      // '"' U+009D: the last byte of a closing quote (E2 80 9D) whose first two a cleanup made
      // '"': the quote is there, the control character goes. (The '"' stays as it is: in a CSV
      // file it may be half of a doubled quote.)
      if (s[i] == '"' && C1At(s, i + 1) == 0x9D) {
        out.push_back({i + 1, i + 3, ""});
        i += 3;
        continue;
      }
      ++i;
      continue;
    }
    // U+0080 then U+0080-U+00BF: E2 80 xx without its E2.
    if (c == 0x80) {
      if (unsigned next = HighLatin1At(s, i + 2); next != 0) {
        std::string punct = "\xE2\x80";
        punct += static_cast<char>(next);
        out.push_back({i, i + 4, std::move(punct)});
        i += 4;
        continue;
      }
    }
    // U+0089 "Û" "Ï" and U+0089 "Û" U+009D: “ and ”.
    if (c == 0x89 && s.substr(i + 2, 2) == "\u00DB") {
      if (s.substr(i + 4, 2) == "\u00CF") {
        out.push_back({i, i + 6, "\u201C"});
        i += 6;
        continue;
      }
      if (C1At(s, i + 4) == 0x9D) {
        out.push_back({i, i + 6, "\u201D"});
        i += 6;
        continue;
      }
    }
    const std::string& punct = Windows1252Punctuation()[c - 0x80];
    if (!punct.empty()) out.push_back({i, i + 2, punct});
    i += 2;
  }
  return out;
}

void MojibakeRule::CheckImportErrors(const LintContext& ctx, std::span<const Diagnostic> errors,
                                     Reporter& reporter) const {
  std::set<uint32_t> files;
  for (const Diagnostic& d : errors) {
    if (!d.warning && IsC1ControlError(d) && d.span.file < ctx.bank->sources.size() &&
        ctx.bank->sources[d.span.file] != nullptr) {
      files.insert(d.span.file);
    }
  }
  for (uint32_t file : files) {
    const SourceText& source = *ctx.bank->sources[file];
    const std::string& content = source.content();
    for (MojibakeRepair& r : FindMojibake(content)) {
      std::string found;
      for (size_t k = r.begin; k < r.end;) {
        unsigned c = C1At(content, k);
        char code[16];  // "U+" and up to 8 hex digits: GCC cannot tell c is a C1 code point
        if (c != 0) {
          std::snprintf(code, sizeof code, "U+%04X", c);
          found += StrCat({found.empty() ? "" : " ", code});
          k += 2;
        } else {
          size_t len = (static_cast<unsigned char>(content[k]) & 0xE0) == 0xC0 ? 2 : 1;
          found += (found.empty() ? "\"" : " \"") + content.substr(k, len) + "\"";
          k += len;
        }
      }
      SourceSpan span = source.SpanOf(r.begin, r.end, file);
      // The fingerprint holds the line, so each repair of a file has its own.
      std::string offending(source.Line(span.line));
      Finding& f = reporter.ReportBank(
          span, source.path(), offending,
          r.replacement.empty()
              ? found +
                    " is the last byte of a closing quote decoded with the wrong encoding, "
                    "after the quote itself; the import refuses control characters: delete "
                    "it (qbank lint --fix does)"
              : found + " is \"" + r.replacement +
                    "\" decoded with the wrong encoding (Windows-1252 or UTF-8 bytes read as "
                    "Latin-1); the import refuses control characters: write \"" +
                    r.replacement + "\" (qbank lint --fix does)");
      f.field_path.clear();
      f.fix = Fix{file, r.begin, r.end, std::move(r.replacement)};
    }
  }
}

}  // namespace qbank::lint

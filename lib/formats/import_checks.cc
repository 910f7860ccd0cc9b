// The import pipeline's checks of what an input added: control characters and limits.
#include "formats/import_checks.h"

#include <cstdio>
#include <cstring>
#include <optional>

#include "base/source_span.h"
#include "base/source_text.h"
#include "model/iso_date.h"

namespace qbank::formats {
namespace {

using model::Text;
using model::Value;

const char* const kC0Names[32] = {"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
                                  "BS",  "HT",  "LF",  "VT",  "FF",  "CR",  "SO",  "SI",
                                  "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
                                  "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};

// Whether the character at `offset` of UTF-8 `s` is a C1 control (U+0080-U+009F: two bytes,
// C2 80 to C2 9F).
bool IsC1(std::string_view s, size_t offset) {
  return offset + 1 < s.size() && static_cast<unsigned char>(s[offset]) == 0xC2 &&
         static_cast<unsigned char>(s[offset + 1]) < 0xA0;
}

// A field's name as a message gives it ("options[2].text"): the parts, made into a string only for
// a message (every field of every question is checked, and nearly all pass).
struct FieldName {
  static constexpr size_t kNoIndex = static_cast<size_t>(-1);
  std::string_view base;
  size_t index = kNoIndex;
  std::string_view suffix;

  FieldName(const char* b) : base(b) {}         // NOLINT(google-explicit-constructor)
  FieldName(const std::string& b) : base(b) {}  // NOLINT(google-explicit-constructor)
  FieldName(std::string_view b, size_t i, std::string_view s = {}) : base(b), index(i), suffix(s) {}

  std::string str() const {
    std::string out(base);
    if (index != kNoIndex) {  // appended, not operator+: GCC 12's false -Wrestrict at -O3
      out += '[';
      out += std::to_string(index);
      out += ']';
    }
    out += suffix;
    return out;
  }
};

// Walks the texts of one question (or the bank) and stops at the first control character.
class Checker {
 public:
  Checker(const model::Bank& bank, const ImportLimits& limits) : bank_(bank), limits_(limits) {}

  bool found() const { return !message_.empty(); }
  Status status() const {
    if (!found()) return Status::Ok();
    return Status::InvalidInput(message_).At(path_, place_);
  }

  // `fallback` is where a field without a known span is reported (its question, say).
  void CheckText(const Text& text, const FieldName& field, const SourceSpan& fallback) {
    if (found()) return;
    if (text.value.size() > limits_.max_field_bytes) {
      SourceSpan span = text.span.known() ? text.span : fallback;
      Fail(span, span.line, span.column,
           field.str() + ": " + std::to_string(text.value.size()) + " bytes long; at most " +
               std::to_string(limits_.max_field_bytes) +
               " bytes a field (is this a data file rather than questions?)");
      return;
    }
    size_t offset = FindControlCharacter(text.value);
    if (offset == std::string_view::npos) return;
    SourceSpan span = text.span.known() ? text.span : fallback;
    uint32_t line = span.line;
    uint32_t column = span.column;
    if (text.verbatim && text.span.known()) {
      // The value is in the file byte for byte from its start: walk it to the character.
      SourcePosition at = Advance({line, column}, std::string_view(text.value).substr(0, offset));
      line = at.line;
      column = at.column;
    }
    Fail(span, line, column,
         field.str() + ": expected text, found the control character " +
             DescribeControlCharacter(text.value, offset) +
             " (only tab and line breaks are allowed; remove it, or write what it stood for" +
             (IsC1(text.value, offset) ? "; U+0080-U+009F usually come from text decoded with the "
                                         "wrong encoding, such as UTF-8 read as Windows-1252"
                                       : "") +
             ")");
  }

  // A date as the bank file's schema takes it: YYYY-MM or YYYY-MM-DD. Every reader's dates meet
  // it, so a bank read from any format can be written as a bank file and read back.
  void CheckDate(const Text& text, const FieldName& field, const SourceSpan& fallback) {
    if (found() || text.empty() || model::ParseIsoDate(text.value)) return;
    SourceSpan span = text.span.known() ? text.span : fallback;
    Fail(span, span.line, span.column,
         field.str() +
             ": expected a date as YYYY-MM or YYYY-MM-DD (such as 2026-05 or 2026-05-14), "
             "found '" +
             text.value.substr(0, 40) + "'");
  }

  void CheckValue(const Value& value, const FieldName& field, const SourceSpan& where) {
    if (found() || value.is_null()) return;
    if (value.is_string()) {
      CheckText(Text(value.as_string()), field, where);
    } else if (value.is_array()) {
      const std::string name = field.str();
      size_t i = 0;
      for (const Value& v : value.as_array()) CheckValue(v, FieldName(name, i++), where);
    } else if (value.is_object()) {
      const std::string name = field.str();
      for (const auto& [key, v] : value.as_object()) {
        CheckText(Text(key), FieldName(name, FieldName::kNoIndex, " (a key)"), where);
        std::string member = name;
        member += ".";
        member += key;
        CheckValue(v, member, where);
      }
    }
  }

  // An option's credit as the bank file's schema takes it: -100 to 100 percent. Every reader's
  // weights meet it, so a bank read from any format can be written as a bank file and read back.
  void CheckWeight(const std::optional<double>& weight, const FieldName& field,
                   const SourceSpan& at) {
    if (found() || !weight || (*weight >= -100 && *weight <= 100)) return;
    char number[64];
    std::snprintf(number, sizeof number, "%g", *weight);
    Fail(at, at.line, at.column,
         field.str() + ": expected a credit from -100 to 100 percent, found " + number);
  }

  // A list longer than `max`: reported at `at`.
  void CheckCount(size_t count, size_t max, const std::string& what, const SourceSpan& at) {
    if (found() || count <= max) return;
    Fail(at, at.line, at.column,
         "question with " + std::to_string(count) + " " + what + "; at most " +
             std::to_string(max) + " are read");
  }

  void CheckQuestion(const model::Question& q) {
    const SourceSpan& at = q.span;
    CheckCount(q.options.size(), limits_.max_options, "options", at);
    CheckCount(q.tags.size(), limits_.max_list_values, "tags", at);
    CheckCount(q.authors.size(), limits_.max_list_values, "authors", at);
    CheckCount(q.origin->references.size(), limits_.max_list_values, "references", at);
    CheckText(q.id, "id", at);
    CheckText(q.exam, "exam", at);
    CheckText(q.domain, "domain", at);
    CheckText(q.stem, "stem", at);
    CheckText(q.trap, "trap", at);
    for (size_t i = 0; i < q.options.size(); ++i) {
      const model::Option& o = q.options[i];
      const SourceSpan& option_at = o.span.known() ? o.span : at;
      CheckText(o.text, {"options", i, ".text"}, option_at);
      CheckText(o.rationale, {"options", i, ".rationale"}, option_at);
      CheckWeight(o.weight, {"options", i, ".weight"}, option_at);
      CheckValue(o.extensions, {"options", i, ".extensions"}, option_at);
    }
    CheckText(q.stated_answer, "stated answer", at);
    CheckText(q.explanation, "explanation", at);
    for (size_t i = 0; i < q.tags.size(); ++i) {
      CheckText(q.tags[i], {"tags", i}, at);
    }
    CheckText(q.difficulty, "difficulty", at);
    for (size_t i = 0; i < q.authors.size(); ++i) {
      const model::Person& p = q.authors[i];
      CheckText(p.initials, {"authors", i, ".initials"}, at);
      CheckText(p.name, {"authors", i, ".name"}, at);
      CheckText(p.credentials, {"authors", i, ".credentials"}, at);
      for (const Text& role : p.roles) CheckText(role, {"authors", i, ".roles"}, at);
    }
    CheckText(q.review->date, "review.date", at);
    CheckDate(q.review->date, "review.date", at);
    CheckText(q.review->reviewer, "review.reviewer", at);
    CheckText(q.review->checked_against, "review.checked_against", at);
    CheckText(q.origin->statement, "origin.statement", at);
    for (const Text& ref : q.origin->references) CheckText(ref, "origin.references", at);
    for (const model::Suppression& s : q.suppressions) {
      CheckText(Text(s.rule), "suppression rule", s.span.known() ? s.span : at);
      CheckText(Text(s.reason), "suppression reason", s.span.known() ? s.span : at);
    }
    CheckValue(q.extensions, "extensions", at);
  }

  void CheckBank() {
    SourceSpan none;
    CheckText(bank_.id, "bank id", none);
    CheckText(bank_.title, "bank title", none);
    CheckText(bank_.exam, "bank exam", none);
    CheckText(bank_.publisher, "bank publisher", none);
    CheckText(bank_.language, "bank language", none);
    CheckText(bank_.origin, "bank origin", none);
    CheckValue(bank_.extensions, "bank extensions", none);
  }

 private:
  // Records the first problem: `message` at `line`:`column` of the file `span` is in.
  void Fail(const SourceSpan& span, uint32_t line, uint32_t column, std::string message) {
    // A bank-level field a reader gave no place: it came from the file just read, the last source
    // (the checks run after each file).
    uint32_t file = span.file;
    if (file == SourceSpan::kNoFile && !bank_.sources.empty()) {
      file = static_cast<uint32_t>(bank_.sources.size() - 1);
    }
    path_ = bank_.SourcePath(file);
    place_ = SourceSpan::Point(line, column);
    message_ = std::move(message);
  }

  const model::Bank& bank_;
  const ImportLimits& limits_;
  std::string message_;
  std::string path_;
  SourceSpan place_;
};

}  // namespace

namespace {

// True when one of the eight bytes of `word` may be a control character or the lead byte of one:
// below 0x20, 0x7F or 0xC2 (a byte-parallel test; it may say true for a byte after one of those,
// never false for one).
bool MayHoldControl(uint64_t word) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  auto has_zero = [](uint64_t x) { return (x - kOnes) & ~x & kHigh; };
  uint64_t below_space = (word - 0x20 * kOnes) & ~word & kHigh;
  return (below_space | has_zero(word ^ (0x7F * kOnes)) | has_zero(word ^ (0xC2 * kOnes))) != 0;
}

// Whether the character at byte `i` of `s` is a control character (other than tab and line
// breaks), or the lead byte of a C1 control.
bool IsControlAt(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x20) return c != '\t' && c != '\n' && c != '\r';
  if (c == 0x7F) return true;
  return c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
         static_cast<unsigned char>(s[i + 1]) <= 0x9F;  // U+0080-U+009F
}

}  // namespace

size_t FindControlCharacter(std::string_view s) {
  // Eight bytes at a time (every field of every question is scanned at import); a block that may
  // hold one (a line break does too) is looked at byte by byte, and the scan goes on after it.
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, s.data() + i, sizeof word);
    if (!MayHoldControl(word)) continue;
    for (size_t k = i; k < i + 8; ++k) {
      if (IsControlAt(s, k)) return k;
    }
  }
  for (; i < s.size(); ++i) {
    if (IsControlAt(s, i)) return i;
  }
  return std::string_view::npos;
}

std::string DescribeControlCharacter(std::string_view s, size_t offset) {
  unsigned code = static_cast<unsigned char>(s[offset]);
  if (code == 0xC2 && offset + 1 < s.size()) code = static_cast<unsigned char>(s[offset + 1]);
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", code);
  std::string out = buf;
  if (code < 0x20) {
    out += " (" + std::string(kC0Names[code]) + ")";
  } else if (code == 0x7F) {
    out += " (DEL)";
  }
  return out;
}

ImportCheck CheckImported(const model::Bank& bank, size_t first_question,
                          const ImportLimits& limits) {
  ImportCheck out;
  Checker bank_checker(bank, limits);
  bank_checker.CheckBank();
  out.bank = bank_checker.status();
  for (size_t i = first_question; i < bank.questions.size(); ++i) {
    Checker checker(bank, limits);
    checker.CheckQuestion(bank.questions[i]);
    if (checker.found()) out.questions.emplace_back(i, checker.status());
  }
  return out;
}

}  // namespace qbank::formats

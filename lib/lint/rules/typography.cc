// typography: a byte scan of each prose field for characters not in the configured style.
#include "lint/rules/typography.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <iterator>

#include "base/utf8_text.h"
#include "lint/rules/item_text.h"
#include "lint/rules/prose_text.h"
#include "lint/rules/question_fields.h"

namespace qbank::lint {
namespace {

constexpr size_t npos = std::string_view::npos;
constexpr char32_t kNone = 0;

constexpr std::string_view kLeftDouble = "\u201C";
constexpr std::string_view kRightDouble = "\u201D";
constexpr std::string_view kLeftSingle = "\u2018";
constexpr std::string_view kRightSingle = "\u2019";
constexpr std::string_view kEllipsis = "\u2026";
constexpr std::string_view kNoBreakSpace = "\u00A0";

using Edits = std::vector<TypographyEdit>;
using Kind = TypographyEdit::Kind;

// What a byte that starts or ends no well-formed UTF-8 sequence reads as: no code point at all
// (not a letter, digit, space or punctuation), so malformed text is never rewritten around.
constexpr char32_t kMalformed = 0xFFFFFFFF;

// The code point starting at `at` and its length in bytes (a malformed byte: kMalformed, 1).
char32_t DecodeAt(std::string_view s, size_t at, size_t* length) {
  char32_t cp = 0;
  *length = Utf8SequenceLength(s, at, &cp);
  if (*length != 0) return cp;
  *length = 1;
  return kMalformed;
}

// The code point before byte `at` on its line; kNone at the start of the text or a line.
char32_t Before(std::string_view s, size_t at) {
  if (at == 0) return kNone;
  char32_t cp = 0;
  if (Utf8SequenceBefore(s, at, &cp) == 0) return kMalformed;
  return cp == '\n' || cp == '\r' ? kNone : cp;
}

// The code point at byte `at`; kNone at the end of the text or a line.
char32_t At(std::string_view s, size_t at) {
  if (at >= s.size()) return kNone;
  size_t length = 0;
  char32_t cp = DecodeAt(s, at, &length);
  return cp == '\n' || cp == '\r' ? kNone : cp;
}

bool IsDigit(char32_t c) { return c >= '0' && c <= '9'; }
bool IsBlank(char32_t c) { return c == kNone || c == ' ' || c == '\t' || c == 0xA0; }
// ASCII letters, and letters of other scripts roughly (outside the punctuation and symbol
// blocks).
bool IsLetter(char32_t c) {
  if (c < 0x80) return std::isalpha(static_cast<int>(c)) != 0;
  return c >= 0xC0 && c <= 0x10FFFF && c != 0xD7 && c != 0xF7 && !(c >= 0x2000 && c <= 0x2BFF);
}
bool IsOpener(char32_t c) {
  return IsBlank(c) || c == '(' || c == '[' || c == '{' || c == '>' || c == 0x2014 || c == 0x2013;
}
bool IsCloser(char32_t c) {
  return IsBlank(c) || c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?' ||
         c == ')' || c == ']' || c == '}' || c == '-' || c == '/' || c == '<' || c == 0x2014 ||
         c == 0x2013 || c == 0x2026 || c == 0x2019 || c == 0x201D;
}

// Letters in a row ending just before `at` / starting at `at` (ASCII only; enough to tell "x" from
// "word").
size_t LettersBefore(std::string_view s, size_t at) {
  size_t n = 0;
  while (n < at && std::isalpha(static_cast<unsigned char>(s[at - n - 1]))) ++n;
  return n;
}
size_t LettersFrom(std::string_view s, size_t at) {
  size_t n = 0;
  while (at + n < s.size() && std::isalpha(static_cast<unsigned char>(s[at + n]))) ++n;
  return n;
}

bool Prose(const std::vector<bool>& mask, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    if (mask[i]) return false;
  }
  return true;
}

void Add(Edits& edits, Kind kind, size_t begin, size_t end, std::string_view replacement) {
  edits.push_back({kind, begin, end, std::string(replacement)});
}

size_t LineEnd(std::string_view s, size_t at) {
  size_t end = s.find('\n', at);
  return end == npos ? s.size() : end;
}

void StraightQuotes(std::string_view s, const std::vector<bool>& mask, Edits& edits) {
  for (size_t i = 0; i < s.size();) {
    size_t length = 0;
    char32_t cp = DecodeAt(s, i, &length);
    if (!mask[i]) {
      if (cp == 0x201C || cp == 0x201D || cp == 0x201E || cp == 0x201F) {
        Add(edits, Kind::kQuote, i, i + length, "\"");
      } else if (cp == 0x2018 || cp == 0x2019 || cp == 0x201A || cp == 0x201B) {
        Add(edits, Kind::kQuote, i, i + length, "'");
      }
    }
    i += length;
  }
}

// The straight double quotes of the line [begin, end), curled when they open and close in turn.
void CurlDoubleQuotesOfLine(std::string_view s, const std::vector<bool>& mask, size_t begin,
                            size_t end, Edits& edits) {
  Edits line;
  bool open = false;
  for (size_t i = begin; i < end; ++i) {
    if (s[i] != '"' || mask[i]) continue;
    char32_t before = Before(s, i), after = At(s, i + 1);
    if (!open && IsOpener(before) && !IsBlank(after)) {
      Add(line, Kind::kQuote, i, i + 1, kLeftDouble);
      open = true;
    } else if (open && !IsBlank(before) && IsCloser(after)) {
      Add(line, Kind::kQuote, i, i + 1, kRightDouble);
      open = false;
    } else {
      return;  // an inch mark, a quote glued to a word, an unmatched quote: leave the line
    }
  }
  if (!open) edits.insert(edits.end(), line.begin(), line.end());
}

// The straight single quotes of the line [begin, end): apostrophes, and quotes that open a word
// and close later on the line.
void CurlSingleQuotesOfLine(std::string_view s, const std::vector<bool>& mask, size_t begin,
                            size_t end, Edits& edits) {
  size_t pending = npos;
  for (size_t i = begin; i < end; ++i) {
    if (s[i] != '\'' || mask[i]) continue;
    char32_t before = Before(s, i), after = At(s, i + 1);
    if (IsDigit(before)) continue;  // a prime: 5'10"
    if (IsLetter(before) && IsLetter(after)) {
      Add(edits, Kind::kQuote, i, i + 1, kRightSingle);  // don't, O'Brien
    } else if ((IsOpener(before) || before == 0x201C) && IsLetter(after)) {
      pending = i;
    } else if ((IsLetter(before) || before == '.' || before == '!' || before == '?') &&
               IsCloser(after)) {
      // (IsCloser is false for '(' and '\'': "f'(x)" and "x''" are primes.)
      if (pending != npos) {
        Add(edits, Kind::kQuote, pending, pending + 1, kLeftSingle);
        Add(edits, Kind::kQuote, i, i + 1, kRightSingle);
        pending = npos;
      } else if (LettersBefore(s, i) >= 2) {
        Add(edits, Kind::kQuote, i, i + 1, kRightSingle);  // students' (not x')
      }
    }
  }
}

void CurlyQuotes(std::string_view s, const std::vector<bool>& mask, Edits& edits) {
  for (size_t line = 0; line <= s.size(); line = LineEnd(s, line) + 1) {
    size_t end = LineEnd(s, line);
    CurlDoubleQuotesOfLine(s, mask, line, end, edits);
    CurlSingleQuotesOfLine(s, mask, line, end, edits);
    if (end == s.size()) break;
  }
}

void Ellipses(std::string_view s, const std::vector<bool>& mask, TypographyStyle::Ellipsis style,
              Edits& edits) {
  if (style == TypographyStyle::Ellipsis::kThreeDots) {
    for (size_t at = s.find(kEllipsis); at != npos; at = s.find(kEllipsis, at + 1)) {
      if (!mask[at]) Add(edits, Kind::kEllipsis, at, at + kEllipsis.size(), "...");
    }
    return;
  }
  for (size_t at = s.find("..."); at != npos; at = s.find("...", at + 1)) {
    size_t n = 0;
    while (at + n < s.size() && s[at + n] == '.') ++n;
    bool exact = n == 3 && (at == 0 || s[at - 1] != '.');
    bool range = IsDigit(Before(s, at)) && IsDigit(At(s, at + 3));  // 1...10
    if (exact && !range && Prose(mask, at, at + 3)) {
      Add(edits, Kind::kEllipsis, at, at + 3, kEllipsis);
    }
    at += n - 1;
  }
}

size_t SpacesBefore(std::string_view s, size_t at) {
  size_t n = 0;
  while (n < at && s[at - n - 1] == ' ') ++n;
  return n;
}
size_t SpacesFrom(std::string_view s, size_t at) {
  size_t n = 0;
  while (at + n < s.size() && s[at + n] == ' ') ++n;
  return n;
}

// True when a word of two or more letters ends at `at`, or a closing quote after a letter does.
bool WordEndsAt(std::string_view s, size_t at) {
  if (LettersBefore(s, at) >= 2) return true;
  char32_t c = Before(s, at);
  if (c != '"' && c != 0x201D && c != 0x2019) return false;
  size_t length = c < 0x80 ? 1 : 3;
  return at >= length && IsLetter(Before(s, at - length));
}

// True when a word of two or more letters starts at `at`, or an opening quote before a letter
// does.
bool WordStartsAt(std::string_view s, size_t at) {
  if (LettersFrom(s, at) >= 2) return true;
  char32_t c = At(s, at);
  if (c != '"' && c != 0x201C && c != 0x2018) return false;
  return IsLetter(At(s, at + (c < 0x80 ? 1 : 3)));
}

bool AllCapitals(std::string_view word) {
  for (char c : word) {
    if (!std::isupper(static_cast<unsigned char>(c))) return false;
  }
  return !word.empty();
}

// A line holding an operator ('=', '+', '*', '^', '<', '>', '×', '÷') is a formula or code: its
// hyphens and dashes are minus signs ("MC = TC - TFC", "(high - low) + 1").
bool FormulaLine(std::string_view s, size_t at) {
  size_t begin = s.rfind('\n', at);
  begin = begin == npos ? 0 : begin + 1;
  size_t end = LineEnd(s, at);
  std::string_view line = s.substr(begin, end - begin);
  return line.find_first_of("=+*^<>") != npos || line.find("\u00D7") != npos ||
         line.find("\u00F7") != npos;
}

// A dash written at [at, at + length) with the spaces around it: the range it covers, or an
// empty range when it is not a dash between words. Words of two or more letters on both sides
// ("x - y", "72 – 9", "y – 4" are minus signs, "40 – 54" a range), not both in capitals, on a
// line that is no formula.
TextRange DashAt(std::string_view s, size_t at, size_t length, char32_t dash) {
  size_t before = SpacesBefore(s, at), after = SpacesFrom(s, at + length);
  TextRange none;
  if (!WordEndsAt(s, at - before) || !WordStartsAt(s, at + length + after)) return none;
  // "LUMO – HOMO", "TC - TFC": between acronyms a dash is a minus or a label's separator.
  size_t left = LettersBefore(s, at - before), right = LettersFrom(s, at + length + after);
  if (AllCapitals(s.substr(at - before - left, left)) &&
      AllCapitals(s.substr(at + length + after, right))) {
    return none;
  }
  if (FormulaLine(s, at)) return none;
  if (dash == '-' && length == 1 && (before == 0 || after == 0)) {
    return none;  // a hyphen: "well-known", "e-mail -based"
  }
  if (dash == '-' && (before == 0) != (after == 0)) {
    return none;  // "run --fix" is an option
  }
  if (dash == 0x2013 && (before == 0 || after == 0)) {
    return none;  // a closed en dash joins a compound: "Michelson–Morley"
  }
  return TextRange{at - before, at + length + after};
}

void Dashes(std::string_view s, const std::vector<bool>& mask, TypographyStyle::Dashes style,
            Edits& edits) {
  std::string_view wanted = style == TypographyStyle::Dashes::kEm         ? "\u2014"
                            : style == TypographyStyle::Dashes::kSpacedEm ? " \u2014 "
                                                                          : " \u2013 ";
  for (size_t i = 0; i < s.size();) {
    size_t length = 0;
    char32_t cp = DecodeAt(s, i, &length);
    if (cp == '-') {
      while (i + length < s.size() && s[i + length] == '-') ++length;
    }
    bool candidate = (cp == '-' && length <= 2) || cp == 0x2014 || cp == 0x2013;
    if (candidate && !mask[i]) {
      TextRange r = DashAt(s, i, length, cp);
      if (r.end > r.begin && Prose(mask, r.begin, r.end) &&
          s.substr(r.begin, r.end - r.begin) != wanted) {
        Add(edits, Kind::kDash, r.begin, r.end, wanted);
      }
    }
    i += length;
  }
}

// Units that follow a number ("5 kg", "20 %"): SI units with their common prefixes, data sizes
// and rates. One-letter words that are English or option letters ("a", "A", "I") are not in it.
bool IsUnit(std::string_view unit) {
  static constexpr std::string_view kUnits[] = {
      "%",       "\u2030", "\u00B0C", "\u00B0F", "\u00B0",  "K",       "kg",      "g",    "mg",
      "\u00B5g", "ng",     "km",      "m",       "cm",      "mm",      "\u00B5m", "nm",   "pm",
      "s",       "ms",     "\u00B5s", "ns",      "min",     "h",       "Hz",      "kHz",  "MHz",
      "GHz",     "THz",    "W",       "kW",      "MW",      "GW",      "mW",      "V",    "mV",
      "kV",      "mA",     "kA",      "\u03A9",  "k\u03A9", "M\u03A9", "J",       "kJ",   "MJ",
      "eV",      "keV",    "MeV",     "GeV",     "N",       "kN",      "Pa",      "kPa",  "MPa",
      "GPa",     "hPa",    "bar",     "mbar",    "atm",     "mL",      "ml",      "dL",   "dB",
      "mol",     "mmol",   "KB",      "kB",      "MB",      "GB",      "TB",      "KiB",  "MiB",
      "GiB",     "TiB",    "kbit",    "Mbit",    "Gbit",    "bps",     "kbps",    "Mbps", "Gbps",
      "cal",     "kcal",   "mmHg",    "rpm",     "mph"};
  return std::find(std::begin(kUnits), std::end(kUnits), unit) != std::end(kUnits);
}

// The unit word starting at `at` ("kg", "km/h", "%"), up to a character that cannot be in one.
std::string_view UnitWordAt(std::string_view s, size_t at) {
  size_t end = at;
  while (end < s.size()) {
    size_t length = 0;
    char32_t cp = DecodeAt(s, end, &length);
    bool part = (cp < 0x80 && std::isalpha(static_cast<int>(cp))) || cp == '/' || cp == '%' ||
                cp == 0x2030 || cp == 0xB0 || cp == 0xB5 || cp == 0x3A9;
    if (!part) break;
    end += length;
  }
  return s.substr(at, end - at);
}

bool IsUnitWord(std::string_view word) {
  if (word.empty() || word.back() == '/') return false;
  for (size_t begin = 0; begin <= word.size();) {
    size_t slash = word.find('/', begin);
    if (slash == npos) slash = word.size();
    if (!IsUnit(word.substr(begin, slash - begin))) return false;
    begin = slash + 1;
  }
  return true;
}

void UnitSpaces(std::string_view s, const std::vector<bool>& mask, Edits& edits) {
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] != ' ' || mask[i] || !IsDigit(static_cast<unsigned char>(s[i - 1]))) continue;
    // The number: digits, '.' and ',' back to a non-word character ("B12 m" is no number).
    size_t start = i;
    while (start > 0 && (IsDigit(static_cast<unsigned char>(s[start - 1])) || s[start - 1] == '.' ||
                         s[start - 1] == ',')) {
      --start;
    }
    if (start > 0 && IsLetter(Before(s, start))) continue;
    std::string_view word = UnitWordAt(s, i + 1);
    char32_t after = At(s, i + 1 + word.size());
    if (!IsUnitWord(word) || IsLetter(after) || IsDigit(after)) continue;
    if (Prose(mask, i + 1, i + 1 + word.size())) {
      Add(edits, Kind::kUnitSpace, i, i + 1, kNoBreakSpace);
    }
  }
}

void DoubledSpaces(std::string_view s, const std::vector<bool>& mask, Edits& edits) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != ' ') continue;
    size_t n = SpacesFrom(s, i);
    // Two spaces between two characters of one line: not indentation, not trailing spaces, not
    // three or more (columns aligned by hand: "CaCl2   calcium chloride").
    if (n == 2 && !IsBlank(Before(s, i)) && !IsBlank(At(s, i + n)) && Prose(mask, i, i + n)) {
      Add(edits, Kind::kDoubledSpace, i, i + n, " ");
    }
    i += n - 1;
  }
}

}  // namespace

std::vector<TypographyEdit> FindTypographyEdits(std::string_view text,
                                                const TypographyStyle& style) {
  std::vector<bool> mask = NonProseMask(text);
  Edits edits;
  // Dashes first: they take the spaces around them, which then are no doubled spaces.
  if (style.dashes != TypographyStyle::Dashes::kAny) Dashes(text, mask, style.dashes, edits);
  if (style.quotes == TypographyStyle::Quotes::kStraight) StraightQuotes(text, mask, edits);
  if (style.quotes == TypographyStyle::Quotes::kCurly) CurlyQuotes(text, mask, edits);
  if (style.ellipsis != TypographyStyle::Ellipsis::kAny) {
    Ellipses(text, mask, style.ellipsis, edits);
  }
  if (style.unit_space_non_breaking) UnitSpaces(text, mask, edits);
  if (style.single_spaces) DoubledSpaces(text, mask, edits);
  std::stable_sort(
      edits.begin(), edits.end(),
      [](const TypographyEdit& a, const TypographyEdit& b) { return a.begin < b.begin; });
  Edits kept;
  for (TypographyEdit& e : edits) {
    if (kept.empty() || e.begin >= kept.back().end) kept.push_back(std::move(e));
  }
  return kept;
}

namespace {

// Reads option `key` as one of `names` (index into it); leaves *out when the key is absent.
Status ReadChoice(const model::Value& options, const std::string& key,
                  std::initializer_list<std::string_view> names, int* out) {
  const model::Value* v = options.Find(key);
  if (v == nullptr) return Status::Ok();
  int i = 0;
  std::string expected;
  for (std::string_view name : names) {
    if (v->is_string() && v->as_string() == name) {
      *out = i;
      return Status::Ok();
    }
    expected += (i == 0                                    ? ""
                 : i + 1 == static_cast<int>(names.size()) ? " or "
                                                           : ", ") +
                ("\"" + std::string(name) + "\"");
    ++i;
  }
  return Status::InvalidInput("option '" + key + "': expected " + expected);
}

std::string Counted(size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// "2 straight quotes (quotes: curly)" for each kind of edit, in the order of TypographyEdit::Kind.
std::vector<std::string> DescribeEdits(const Edits& edits, const TypographyStyle& style) {
  std::array<size_t, 5> counts{};
  for (const TypographyEdit& e : edits) ++counts[static_cast<size_t>(e.kind)];
  bool curly = style.quotes == TypographyStyle::Quotes::kCurly;
  bool character = style.ellipsis == TypographyStyle::Ellipsis::kCharacter;
  std::string_view dashes = style.dashes == TypographyStyle::Dashes::kEm         ? "em"
                            : style.dashes == TypographyStyle::Dashes::kSpacedEm ? "spaced-em"
                                                                                 : "spaced-en";
  std::vector<std::string> parts;
  if (size_t n = counts[0]) {
    parts.push_back(curly ? Counted(n, "straight quote", "straight quotes") + " (quotes: curly)"
                          : Counted(n, "curly quote", "curly quotes") + " (quotes: straight)");
  }
  if (size_t n = counts[1]) {
    parts.push_back(std::to_string(n) + (character ? " \"...\" (ellipsis: character)"
                                                   : " \"\u2026\" (ellipsis: three-dots)"));
  }
  if (size_t n = counts[2]) {
    parts.push_back(Counted(n, "dash", "dashes") + " (dashes: " + std::string(dashes) + ")");
  }
  if (size_t n = counts[3]) {
    parts.push_back(Counted(n, "ordinary space", "ordinary spaces") +
                    " before a unit (unit-space: non-breaking)");
  }
  if (size_t n = counts[4]) parts.push_back(Counted(n, "doubled space", "doubled spaces"));
  return parts;
}

std::string JoinParts(const std::vector<std::string>& parts) {
  std::string joined;
  for (size_t i = 0; i < parts.size(); ++i) {
    joined += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  }
  return joined;
}

}  // namespace

Status TypographyRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(
      CheckOptionKeys(options, {"quotes", "ellipsis", "dashes", "unit-space", "spaces"}));
  int quotes = 0, ellipsis = 0, dashes = 0, unit_space = 0, spaces = 0;
  QBANK_RETURN_IF_ERROR(ReadChoice(options, "quotes", {"any", "straight", "curly"}, &quotes));
  QBANK_RETURN_IF_ERROR(
      ReadChoice(options, "ellipsis", {"any", "three-dots", "character"}, &ellipsis));
  QBANK_RETURN_IF_ERROR(
      ReadChoice(options, "dashes", {"any", "em", "spaced-em", "spaced-en"}, &dashes));
  QBANK_RETURN_IF_ERROR(ReadChoice(options, "unit-space", {"any", "non-breaking"}, &unit_space));
  QBANK_RETURN_IF_ERROR(ReadChoice(options, "spaces", {"single", "any"}, &spaces));
  style_.quotes = static_cast<TypographyStyle::Quotes>(quotes);
  style_.ellipsis = static_cast<TypographyStyle::Ellipsis>(ellipsis);
  style_.dashes = static_cast<TypographyStyle::Dashes>(dashes);
  style_.unit_space_non_breaking = unit_space == 1;
  style_.single_spaces = spaces == 0;
  return Status::Ok();
}

void TypographyRule::CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  for (const QuestionField& field : AuthoredTextFields(q)) {
    // Metadata (exam, domain, difficulty, tags) are names, not prose.
    if (field.path == "exam" || field.path == "domain" || field.path == "difficulty" ||
        field.path.rfind("tags[", 0) == 0) {
      continue;
    }
    const std::string& value = field.text->value;
    Edits edits = FindTypographyEdits(value, style_);
    if (edits.empty()) continue;
    bool bare = field.label.rfind("option ", 0) == 0;
    std::string message =
        (bare ? "" : "the ") + field.label + " has " + JoinParts(DescribeEdits(edits, style_));
    Finding& finding = reporter.ReportRange(index, *field.text, edits.front().begin,
                                            edits.front().end, field.path, message);
    // One edit from the first to the last change, keeping what lies between.
    size_t begin = edits.front().begin, end = edits.back().end;
    std::string rewritten;
    size_t at = begin;
    for (const TypographyEdit& e : edits) {
      rewritten.append(value, at, e.begin - at);
      rewritten += e.replacement;
      at = e.end;
    }
    finding.fix = reporter.FixRange(*field.text, begin, end, std::move(rewritten));
  }
}

}  // namespace qbank::lint

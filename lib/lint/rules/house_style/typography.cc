// typography: one scan of each prose field, decoded once, for characters not in the configured
// style.
#include "lint/rules/house_style/typography.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>

#include "base/utf8_text.h"
#include "lint/rules/shared/item_text.h"
#include "lint/rules/shared/prose_text.h"
#include "lint/rules/shared/question_fields.h"
#include "text/characters.h"

namespace qbank::lint {
namespace {

constexpr size_t npos = std::string_view::npos;
// What Before and At read at the start or end of the text or of a line.
constexpr char32_t kNone = 0;
// What a byte that starts no well-formed UTF-8 sequence decodes to: no code point at all (not a
// letter, digit, space or punctuation), so malformed text is never rewritten around.
constexpr char32_t kMalformed = 0xFFFFFFFF;

constexpr std::string_view kLeftDouble = "\u201C";
constexpr std::string_view kRightDouble = "\u201D";
constexpr std::string_view kLeftSingle = "\u2018";
constexpr std::string_view kRightSingle = "\u2019";
constexpr std::string_view kEllipsis = "\u2026";
constexpr std::string_view kNoBreakSpace = "\u00A0";

using Edits = std::vector<TypographyEdit>;
using Kind = TypographyEdit::Kind;

bool IsDigit(char32_t c) { return c >= '0' && c <= '9'; }
// A space, or the edge of a line or the text (kNone).
bool IsBlank(char32_t c) { return c == kNone || c == ' ' || c == '\t' || c == 0xA0; }
bool IsLetter(char32_t c) {
  if (c < 0x80) return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
  return text::IsLetterOrMark(c);  // false for kMalformed
}
bool IsOpener(char32_t c) {
  return IsBlank(c) || c == '(' || c == '[' || c == '{' || c == '>' || c == 0x2014 || c == 0x2013;
}
bool IsCloser(char32_t c) {
  return IsBlank(c) || c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?' ||
         c == ')' || c == ']' || c == '}' || c == '-' || c == '/' || c == '<' || c == 0x2014 ||
         c == 0x2013 || c == 0x2026 || c == 0x2019 || c == 0x201D;
}
bool IsCurlyDouble(char32_t c) { return c >= 0x201C && c <= 0x201F; }
bool IsCurlySingle(char32_t c) { return c >= 0x2018 && c <= 0x201B; }

// Where each kind of edit stands among edits that start at the same byte: a dash takes the spaces
// around it first, so they are then no doubled space.
int Priority(Kind kind) {
  switch (kind) {
    case Kind::kDash:
      return 0;
    case Kind::kQuote:
      return 1;
    case Kind::kEllipsis:
      return 2;
    case Kind::kUnitSpace:
      return 3;
    case Kind::kDoubledSpace:
      return 4;
  }
  return 5;
}

// True when `s` holds a byte some part of `style` looks at (a quote, a dot, a hyphen, the lead
// byte of a typographic character, two spaces, a space after a digit). Most fields hold none and
// are not decoded at all.
bool MayNeedEdits(std::string_view s, const TypographyStyle& style) {
  bool curly = style.quotes == TypographyStyle::Quotes::kCurly;
  bool typographic = style.quotes == TypographyStyle::Quotes::kStraight ||
                     style.ellipsis == TypographyStyle::Ellipsis::kThreeDots ||
                     style.dashes != TypographyStyle::Dashes::kAny;
  bool dots = style.ellipsis == TypographyStyle::Ellipsis::kCharacter;
  bool hyphens = style.dashes != TypographyStyle::Dashes::kAny;
  char previous = 0;
  for (char c : s) {
    if ((curly && (c == '"' || c == '\'')) || (typographic && c == '\xE2') || (dots && c == '.') ||
        (hyphens && c == '-') ||
        (c == ' ' && ((style.single_spaces && previous == ' ') ||
                      (style.unit_space_non_breaking && previous >= '0' && previous <= '9')))) {
      return true;
    }
    previous = c;
  }
  return false;
}

// The scan of one field: its text decoded once into code points (with the byte where each
// starts) and its prose mask, then one pass that looks at each character the style cares about.
// The buffers are kept between fields.
class TypographyScan {
 public:
  explicit TypographyScan(const TypographyStyle& style) : style_(style) {}

  // The edits for `text` (sorted, not overlapping), in `edits`.
  void Find(std::string_view text, Edits& edits) {
    edits.clear();
    if (!MayNeedEdits(text, style_)) return;
    Decode(text);
    mask_ = NonProseMask(text);
    edits_ = &edits;
    for (size_t k = 0; k < cps_.size(); ++k) Visit(k);
    EndLine();
    std::sort(edits.begin(), edits.end(), [](const TypographyEdit& a, const TypographyEdit& b) {
      return a.begin != b.begin ? a.begin < b.begin : Priority(a.kind) < Priority(b.kind);
    });
    size_t kept = 0;
    for (size_t i = 0; i < edits.size(); ++i) {
      if (kept > 0 && edits[i].begin < edits[kept - 1].end) continue;
      if (i != kept) edits[kept] = std::move(edits[i]);
      ++kept;
    }
    edits.resize(kept);
  }

 private:
  void Decode(std::string_view text) {
    s_ = text;
    cps_.clear();
    at_.clear();
    for (size_t i = 0; i < text.size();) {
      char32_t cp = 0;
      size_t length = Utf8SequenceLength(text, i, &cp);
      cps_.push_back(length == 0 ? kMalformed : cp);
      at_.push_back(static_cast<uint32_t>(i));
      i += length == 0 ? 1 : length;
    }
    at_.push_back(static_cast<uint32_t>(text.size()));
    line_begin_ = 0;
    formula_line_ = npos;
    double_open_ = false;
    double_broken_ = false;
    line_doubles_.clear();
    pending_single_ = npos;
  }

  // The code point before code point k on its line; kNone at the start of the text or a line.
  char32_t Before(size_t k) const {
    if (k == 0) return kNone;
    char32_t c = cps_[k - 1];
    return c == '\n' || c == '\r' ? kNone : c;
  }
  // Code point k; kNone at the end of the text or a line.
  char32_t At(size_t k) const {
    if (k >= cps_.size()) return kNone;
    char32_t c = cps_[k];
    return c == '\n' || c == '\r' ? kNone : c;
  }
  bool Masked(size_t k) const { return mask_[at_[k]]; }
  // True when no byte of code points [begin, end) is masked.
  bool Prose(size_t begin, size_t end) const {
    for (size_t i = at_[begin]; i < at_[end]; ++i) {
      if (mask_[i]) return false;
    }
    return true;
  }
  void Add(Kind kind, size_t begin, size_t end, std::string_view replacement, Edits& to) {
    to.push_back({kind, at_[begin], at_[end], std::string(replacement)});
  }
  // How many code points equal to `c` stand in a row before k / from k.
  size_t RunBefore(size_t k, char32_t c) const {
    size_t n = 0;
    while (n < k && cps_[k - n - 1] == c) ++n;
    return n;
  }
  size_t RunFrom(size_t k, char32_t c) const {
    size_t n = 0;
    while (k + n < cps_.size() && cps_[k + n] == c) ++n;
    return n;
  }
  // Letters in a row ending just before k / starting at k.
  size_t LettersBefore(size_t k) const {
    size_t n = 0;
    while (n < k && IsLetter(cps_[k - n - 1])) ++n;
    return n;
  }
  size_t LettersFrom(size_t k) const {
    size_t n = 0;
    while (k + n < cps_.size() && IsLetter(cps_[k + n])) ++n;
    return n;
  }
  bool AllCapitals(size_t begin, size_t end) const {
    for (size_t k = begin; k < end; ++k) {
      if (!text::IsUpperCaseOrMark(cps_[k])) return false;
    }
    return begin < end;
  }

  void Visit(size_t k) {
    char32_t c = cps_[k];
    if (c == '\n') {
      EndLine();
      line_begin_ = k + 1;
      return;
    }
    if (style_.quotes == TypographyStyle::Quotes::kCurly) {
      if (c == '"') CurlDouble(k);
      if (c == '\'') CurlSingle(k);
    } else if (style_.quotes == TypographyStyle::Quotes::kStraight && !Masked(k)) {
      if (IsCurlyDouble(c)) Add(Kind::kQuote, k, k + 1, "\"", *edits_);
      if (IsCurlySingle(c)) Add(Kind::kQuote, k, k + 1, "'", *edits_);
    }
    if (style_.ellipsis == TypographyStyle::Ellipsis::kCharacter && c == '.') Dots(k);
    if (style_.ellipsis == TypographyStyle::Ellipsis::kThreeDots && c == 0x2026 && !Masked(k)) {
      Add(Kind::kEllipsis, k, k + 1, "...", *edits_);
    }
    if (style_.dashes != TypographyStyle::Dashes::kAny &&
        ((c == '-' && (k == 0 || cps_[k - 1] != '-')) || c == 0x2014 || c == 0x2013)) {
      Dash(k);
    }
    if (c == ' ' && style_.unit_space_non_breaking) UnitSpace(k);
    if (c == ' ' && style_.single_spaces && (k == 0 || cps_[k - 1] != ' ')) DoubledSpace(k);
  }

  // quotes: curly. A line's straight double quotes are curled when they open and close in turn,
  // else none of them: they wait in line_doubles_ for the end of the line.
  void CurlDouble(size_t k) {
    if (double_broken_ || Masked(k)) return;
    char32_t before = Before(k), after = At(k + 1);
    if (!double_open_ && IsOpener(before) && !IsBlank(after)) {
      Add(Kind::kQuote, k, k + 1, kLeftDouble, line_doubles_);
      double_open_ = true;
    } else if (double_open_ && !IsBlank(before) && IsCloser(after)) {
      Add(Kind::kQuote, k, k + 1, kRightDouble, line_doubles_);
      double_open_ = false;
    } else {
      double_broken_ = true;  // an inch mark, a quote glued to a word, an unmatched quote
    }
  }

  // Straight single quotes: apostrophes, and quotes that open a word and close later on the line.
  void CurlSingle(size_t k) {
    if (Masked(k)) return;
    char32_t before = Before(k), after = At(k + 1);
    if (IsDigit(before)) return;  // a prime: 5'10"
    if (IsLetter(before) && IsLetter(after)) {
      Add(Kind::kQuote, k, k + 1, kRightSingle, *edits_);  // don't, O'Brien
    } else if ((IsOpener(before) || before == 0x201C) && IsLetter(after)) {
      pending_single_ = k;
    } else if ((IsLetter(before) || before == '.' || before == '!' || before == '?') &&
               IsCloser(after)) {
      // (IsCloser is false for '(' and '\'': "f'(x)" and "x''" are primes.)
      if (pending_single_ != npos) {
        Add(Kind::kQuote, pending_single_, pending_single_ + 1, kLeftSingle, *edits_);
        Add(Kind::kQuote, k, k + 1, kRightSingle, *edits_);
        pending_single_ = npos;
      } else if (LettersBefore(k) >= 2) {
        Add(Kind::kQuote, k, k + 1, kRightSingle, *edits_);  // students' (not x')
      }
    }
  }

  void EndLine() {
    if (!double_broken_ && !double_open_) {
      edits_->insert(edits_->end(), line_doubles_.begin(), line_doubles_.end());
    }
    line_doubles_.clear();
    double_open_ = false;
    double_broken_ = false;
    pending_single_ = npos;
  }

  // ellipsis: character. Exactly three dots, not between digits ("1...10").
  void Dots(size_t k) {
    if (k > 0 && cps_[k - 1] == '.') return;  // not the start of the run
    if (RunFrom(k, '.') != 3) return;
    bool range = IsDigit(Before(k)) && IsDigit(At(k + 3));
    if (!range && Prose(k, k + 3)) Add(Kind::kEllipsis, k, k + 3, kEllipsis, *edits_);
  }

  // True when a word of two or more letters ends just before k, or a closing quote after a letter
  // does.
  bool WordEndsAt(size_t k) const {
    if (LettersBefore(k) >= 2) return true;
    char32_t c = Before(k);
    if (c != '"' && c != 0x201D && c != 0x2019) return false;
    return IsLetter(Before(k - 1));
  }
  // True when a word of two or more letters starts at k, or an opening quote before a letter does.
  bool WordStartsAt(size_t k) const {
    if (LettersFrom(k) >= 2) return true;
    char32_t c = At(k);
    if (c != '"' && c != 0x201C && c != 0x2018) return false;
    return IsLetter(At(k + 1));
  }

  // A line holding an operator ('=', '+', '*', '^', '<', '>', '×', '÷') is a formula or code: its
  // hyphens and dashes are minus signs ("MC = TC - TFC", "(high - low) + 1"). Read once per line.
  bool FormulaLine() {
    if (formula_line_ != line_begin_) {
      formula_line_ = line_begin_;
      formula_ = false;
      for (size_t k = line_begin_; k < cps_.size() && cps_[k] != '\n'; ++k) {
        char32_t c = cps_[k];
        if (c == '=' || c == '+' || c == '*' || c == '^' || c == '<' || c == '>' || c == 0xD7 ||
            c == 0xF7) {
          formula_ = true;
          break;
        }
      }
    }
    return formula_;
  }

  // dashes. The dash at k (a run of hyphens, an em or an en dash) with the spaces around it, when
  // it stands between words: words of two or more letters on both sides ("x - y", "72 – 9", "y –
  // 4" are minus signs, "40 – 54" a range), not both in capitals, on a line that is no formula.
  void Dash(size_t k) {
    char32_t dash = cps_[k];
    size_t length = dash == '-' ? RunFrom(k, '-') : 1;
    if (dash == '-' && length > 2) return;
    if (Masked(k)) return;
    size_t before = RunBefore(k, ' '), after = RunFrom(k + length, ' ');
    if (dash == '-' && length == 1 && (before == 0 || after == 0)) {
      return;  // a hyphen: "well-known", "e-mail -based"
    }
    if (dash == '-' && (before == 0) != (after == 0)) return;  // "run --fix" is an option
    if (dash == 0x2013 && (before == 0 || after == 0)) {
      return;  // a closed en dash joins a compound or a range: "Michelson–Morley", "1990–1995"
    }
    size_t left_end = k - before, right_begin = k + length + after;
    if (!WordEndsAt(left_end) || !WordStartsAt(right_begin)) return;
    // "LUMO – HOMO", "TC - TFC": between acronyms a dash is a minus or a label's separator.
    size_t left = LettersBefore(left_end), right = LettersFrom(right_begin);
    if (AllCapitals(left_end - left, left_end) && AllCapitals(right_begin, right_begin + right)) {
      return;
    }
    if (FormulaLine()) return;
    std::string_view wanted = style_.dashes == TypographyStyle::Dashes::kEm         ? "\u2014"
                              : style_.dashes == TypographyStyle::Dashes::kSpacedEm ? " \u2014 "
                                                                                    : " \u2013 ";
    if (Prose(left_end, right_begin) &&
        s_.substr(at_[left_end], at_[right_begin] - at_[left_end]) != wanted) {
      Add(Kind::kDash, left_end, right_begin, wanted, *edits_);
    }
  }

  // unit-space: non-breaking. The one space at k between a number and a unit.
  void UnitSpace(size_t k) {
    if (k == 0 || k + 1 >= cps_.size() || Masked(k) || !IsDigit(cps_[k - 1])) return;
    // The number: digits, '.' and ',' back to a non-word character ("B12 m" is no number).
    size_t start = k;
    while (start > 0 &&
           (IsDigit(cps_[start - 1]) || cps_[start - 1] == '.' || cps_[start - 1] == ',')) {
      --start;
    }
    if (start > 0 && IsLetter(Before(start))) return;
    size_t end = k + 1;
    while (end < cps_.size() && IsUnitPart(cps_[end])) ++end;
    char32_t after = At(end);
    std::string_view word = s_.substr(at_[k + 1], at_[end] - at_[k + 1]);
    if (!IsUnitWord(word) || IsLetter(after) || IsDigit(after)) return;
    if (Prose(k + 1, end)) Add(Kind::kUnitSpace, k, k + 1, kNoBreakSpace, *edits_);
  }

  static bool IsUnitPart(char32_t c) {
    return (c < 0x80 && IsLetter(c)) || c == '/' || c == '%' || c == 0x2030 || c == 0xB0 ||
           c == 0xB5 || c == 0x3A9;
  }

  // Units that follow a number ("5 kg", "20 %"): SI units with their common prefixes, data sizes
  // and rates. One-letter words that are English or option letters ("a", "A", "I") are not in it.
  static bool IsUnit(std::string_view unit) {
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

  // A unit, or units joined by '/' ("km/h", "m/s").
  static bool IsUnitWord(std::string_view word) {
    if (word.empty() || word.back() == '/') return false;
    for (size_t begin = 0; begin <= word.size();) {
      size_t slash = word.find('/', begin);
      if (slash == npos) slash = word.size();
      if (!IsUnit(word.substr(begin, slash - begin))) return false;
      begin = slash + 1;
    }
    return true;
  }

  // spaces: single. The run of spaces starting at k, when it is two spaces between two characters
  // of one line: not indentation, not trailing spaces, not three or more (columns aligned by hand:
  // "CaCl2   calcium chloride").
  void DoubledSpace(size_t k) {
    if (RunFrom(k, ' ') != 2) return;
    if (!IsBlank(Before(k)) && !IsBlank(At(k + 2)) && Prose(k, k + 2)) {
      Add(Kind::kDoubledSpace, k, k + 2, " ", *edits_);
    }
  }

  const TypographyStyle& style_;
  std::string_view s_;
  std::vector<char32_t> cps_;  // the field's code points (kMalformed for a bad byte)
  std::vector<uint32_t> at_;   // the byte where each starts, then the text's size
  std::vector<bool> mask_;     // NonProseMask, per byte
  Edits* edits_ = nullptr;
  size_t line_begin_ = 0;       // the code point that starts the current line
  size_t formula_line_ = npos;  // the line FormulaLine last read, and what it found
  bool formula_ = false;
  Edits line_doubles_;  // the current line's curled double quotes, kept when they pair up
  bool double_open_ = false;
  bool double_broken_ = false;
  size_t pending_single_ = npos;  // a ' opening a word, waiting for its closing one
};

}  // namespace

std::vector<TypographyEdit> FindTypographyEdits(std::string_view text,
                                                const TypographyStyle& style) {
  Edits edits;
  TypographyScan(style).Find(text, edits);
  return edits;
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
    using Kind = QuestionField::Kind;
    if (field.kind == Kind::kExam || field.kind == Kind::kDomain ||
        field.kind == Kind::kDifficulty || field.kind == Kind::kTag) {
      continue;
    }
    const std::string& value = field.text->value;
    Edits edits = FindTypographyEdits(value, style_);
    if (edits.empty()) continue;
    bool bare = field.kind == Kind::kOption;
    std::string message =
        (bare ? "" : "the ") + field.label() + " has " + JoinParts(DescribeEdits(edits, style_));
    Finding& finding = reporter.ReportRange(index, *field.text, edits.front().begin,
                                            edits.front().end, field.path(), message);
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

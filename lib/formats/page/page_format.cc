// The practice-page layout: a line-based parser that maps every line of a page to the model, and
// the writer that puts the same lines back.
#include "formats/page/page_format.h"

#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <utility>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/source_decoding.h"

namespace qbank::formats {
namespace {

using model::Option;
using model::Person;
using model::Question;
using model::Text;
using model::Value;

constexpr size_t kNone = static_cast<size_t>(-1);

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kTitleSuffix = " Practice Question";
constexpr std::string_view kTitleAlone = "Practice Question";
constexpr std::string_view kAnswerMark = "\xE2\x9C\x93";   // ✓ alone on a line
constexpr std::string_view kKeyLine = "- \xE2\x9C\x93";    // "- ✓"
constexpr std::string_view kWrongLine = "- \xE2\x9C\x97";  // "- ✗"
constexpr std::string_view kTrapSign = "\xE2\x9A\xA0";     // ⚠
constexpr std::string_view kMiddleDot = " \xC2\xB7 ";      // " · "
constexpr std::string_view kSeparator = "---";
constexpr std::string_view kAuthorPrefix = "Written and reviewed by ";
constexpr std::string_view kReviewPrefix = "Last reviewed ";
constexpr std::string_view kCheckedPrefix = "checked against ";
constexpr std::string_view kDirectivePrefix = "qbank:";
constexpr std::string_view kDisablePrefix = "qbank: disable ";
constexpr std::string_view kWhyPrefix = "Why ";
constexpr std::string_view kWhyCorrect = "Why this is correct";
constexpr std::string_view kWhyWrong = "Why it's wrong here";
constexpr std::string_view kInitialsExpected =
    "expected the author's initials (one word, such as 'JD') on the line before 'Written and "
    "reviewed by'";
constexpr std::string_view kTitleExpected =
    "expected a title line '<EXAM> <Domain> Practice Question'";

// The fixed lines of a page. `slot` is the key under extensions.page.headings that holds a page's
// own wording; `shown` is how error messages name the line.
enum Slot {
  kTrap,
  kChoices,
  kMatters,
  kInstruction,
  kAnswer,
  kAnalysis,
  kBreakdown,
  kForEach,
  kAbout,
  kSlotCount
};
struct Heading {
  std::string_view slot;
  std::string_view text;
  std::string_view shown;
};
constexpr std::array<Heading, kSlotCount> kHeadings = {{
    {"trap", "\xE2\x9A\xA0 Common exam trap", "'\xE2\x9A\xA0 Common exam trap'"},
    {"choices", "Answer choices", "'Answer choices'"},
    {"matters", "Why each option matters", "'Why each option matters'"},
    {"instruction",
     "Answer the question above first, then reveal the full breakdown to understand why each "
     "option is right or wrong.",
     "'Answer the question above first, ...'"},
    {"answer", "Correct answer & explanation", "'Correct answer & explanation'"},
    {"analysis", "Answer analysis", "'Answer analysis'"},
    {"breakdown", "Option-by-option breakdown", "'Option-by-option breakdown'"},
    {"for_each",
     "For each option: why learners choose it and why it is or isn't the right answer here.",
     "'For each option: ...'"},
    {"about", "About these practice questions", "'About these practice questions'"},
}};
// Slots whose usual wording is a sentence; the others are short headings without a final period.
bool IsSentenceSlot(Slot slot) { return slot == kInstruction || slot == kForEach; }

constexpr std::array<std::string_view, 12> kMonths = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};

bool IsMarkLine(std::string_view line) { return line == kKeyLine || line == kWrongLine; }

bool IsSpaceOrTab(char c) { return c == ' ' || c == '\t'; }

// True for a mark line ("✓", "- ✓", "- ✗", "---") with spaces or tabs around it.
bool IsPaddedMark(std::string_view line) {
  size_t first = 0;
  while (first < line.size() && IsSpaceOrTab(line[first])) ++first;
  size_t last = line.size();
  while (last > first && IsSpaceOrTab(line[last - 1])) --last;
  if (first == 0 && last == line.size()) return false;
  std::string_view core = line.substr(first, last - first);
  return core == kAnswerMark || IsMarkLine(core) || core == kSeparator;
}

// The slot whose usual wording is exactly `line`, or kSlotCount.
Slot HeadingSlotOf(std::string_view line) {
  for (size_t i = 0; i < kHeadings.size(); ++i) {
    if (kHeadings[i].text == line) return static_cast<Slot>(i);
  }
  return kSlotCount;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || IsUpper(c) || IsDigit(c) || c == '-' || c == '&';
}

// "2026-09" for "September 2026", "2026-09-05" for "September 5, 2026"; nullopt otherwise.
std::optional<std::string> ParseReviewDate(std::string_view s) {
  size_t space = s.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  std::string_view month = s.substr(0, space);
  size_t m = 0;
  while (m < kMonths.size() && kMonths[m] != month) ++m;
  if (m == kMonths.size()) return std::nullopt;
  std::string_view rest = s.substr(space + 1);
  std::string day;
  size_t comma = rest.find(", ");
  if (comma != std::string_view::npos) {
    std::string_view d = rest.substr(0, comma);
    if (d.empty() || d.size() > 2 || d[0] == '0' || !IsDigit(d[0]) ||
        (d.size() == 2 && !IsDigit(d[1]))) {
      return std::nullopt;
    }
    int value = d.size() == 1 ? d[0] - '0' : (d[0] - '0') * 10 + (d[1] - '0');
    if (value > 31) return std::nullopt;
    day = (value < 10 ? "-0" : "-") + std::string(d);
    rest = rest.substr(comma + 2);
  }
  if (rest.size() != 4 || !IsDigit(rest[0]) || !IsDigit(rest[1]) || !IsDigit(rest[2]) ||
      !IsDigit(rest[3])) {
    return std::nullopt;
  }
  std::string iso = std::string(rest) + "-" + (m < 9 ? "0" : "") + std::to_string(m + 1) + day;
  return iso;
}

// The page wording of an ISO date ("2026-09" -> "September 2026", "2026-09-05" -> "September 5,
// 2026"); nullopt for anything else.
std::optional<std::string> FormatReviewDate(std::string_view iso) {
  if ((iso.size() != 7 && iso.size() != 10) || iso[4] != '-') return std::nullopt;
  for (size_t i : {0, 1, 2, 3, 5, 6}) {
    if (!IsDigit(iso[i])) return std::nullopt;
  }
  int month = (iso[5] - '0') * 10 + (iso[6] - '0');
  if (month < 1 || month > 12) return std::nullopt;
  std::string out(kMonths[static_cast<size_t>(month - 1)]);
  if (iso.size() == 10) {
    if (iso[7] != '-' || !IsDigit(iso[8]) || !IsDigit(iso[9])) return std::nullopt;
    int day = (iso[8] - '0') * 10 + (iso[9] - '0');
    if (day < 1 || day > 31) return std::nullopt;
    out += " " + std::to_string(day) + ",";
  }
  out += " " + std::string(iso.substr(0, 4));
  return out;
}

// A rule id as a directive names it: "*" or lower-case words of letters and digits joined by '-'.
bool IsRuleId(std::string_view id) {
  if (id == "*") return true;
  if (id.empty() || id.front() == '-' || id.back() == '-') return false;
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i];
    bool ok = (c >= 'a' && c <= 'z') || IsDigit(c) || (c == '-' && id[i - 1] != '-');
    if (!ok) return false;
  }
  return true;
}

// A publisher-like name at text[pos]: one to four words, each starting with an upper-case letter,
// joined by single spaces. Returns its length (0 when there is none).
size_t NameLength(std::string_view text, size_t pos) {
  size_t end = pos;
  size_t words = 0;
  size_t i = pos;
  while (words < 4 && i < text.size() && IsUpper(text[i])) {
    size_t j = i;
    while (j < text.size() && IsNameChar(text[j])) ++j;
    end = j;
    ++words;
    if (j + 1 < text.size() && text[j] == ' ' && IsUpper(text[j + 1])) {
      i = j + 1;
    } else {
      break;
    }
  }
  return end - pos;
}

// A place a publisher name was seen: by which pattern, in which text (0 about, 1 footer, 2.. the
// roles) and where.
struct NameSighting {
  std::string name;
  int pattern = 0;
  size_t field = 0;
  size_t offset = 0;
};

// Publisher names the About paragraph, the footer and the roles state, in the patterns practice
// pages use: "<Name> writes ...", "... on <Name>," (about); "part of <Name>'s ...", "<Name>
// provides ..." (footer); "... of <Name>" / "... at <Name>" ending a role.
std::vector<NameSighting> SightPublisher(std::string_view about, std::string_view footer,
                                         const std::vector<std::string_view>& roles) {
  std::vector<NameSighting> out;
  int pattern = 0;
  auto add = [&](size_t field, std::string_view text, size_t pos, size_t len) {
    out.push_back({std::string(text.substr(pos, len)), pattern, field, pos});
  };
  if (size_t n = NameLength(about, 0); n != 0 && about.substr(n).starts_with(" writes ")) {
    add(0, about, 0, n);
  }
  pattern = 1;
  for (size_t p = about.find(" on "); p != std::string_view::npos; p = about.find(" on ", p + 1)) {
    size_t start = p + 4;
    size_t n = NameLength(about, start);
    if (n != 0 &&
        (start + n == about.size() || about[start + n] == ',' || about[start + n] == '.')) {
      add(0, about, start, n);
    }
  }
  pattern = 2;
  for (size_t p = footer.find("part of "); p != std::string_view::npos;
       p = footer.find("part of ", p + 1)) {
    size_t start = p + 8;
    size_t n = NameLength(footer, start);
    std::string_view after = footer.substr(start + n);
    if (n != 0 && (after.starts_with("'s ") || after.starts_with("\xE2\x80\x99s "))) {
      add(1, footer, start, n);
    }
  }
  pattern = 3;
  for (size_t p = 0; p < footer.size();) {
    size_t n = NameLength(footer, p);
    if (n != 0 && footer.substr(p + n).starts_with(" provides ")) add(1, footer, p, n);
    size_t next = footer.find(". ", p);
    if (next == std::string_view::npos) break;
    p = next + 2;
  }
  pattern = 4;
  for (size_t r = 0; r < roles.size(); ++r) {
    std::string_view role = roles[r];
    for (std::string_view word : {std::string_view(" of "), std::string_view(" at ")}) {
      size_t p = role.rfind(word);
      if (p == std::string_view::npos) continue;
      size_t start = p + word.size();
      size_t n = NameLength(role, start);
      if (n != 0 && start + n == role.size()) add(2 + r, role, start, n);
    }
  }
  return out;
}

// The first name sighted by at least two different patterns: a publisher found reliably (one
// pattern alone may catch a product or a place: "questions on Kubernetes, ...").
const NameSighting* ReliablePublisher(const std::vector<NameSighting>& sightings) {
  std::map<std::string_view, std::pair<int, size_t>> seen;  // name -> (first pattern, first index)
  for (size_t i = 0; i < sightings.size(); ++i) {
    const NameSighting& s = sightings[i];
    auto [it, added] = seen.try_emplace(s.name, s.pattern, i);
    if (!added && it->second.first != s.pattern) return &sightings[it->second.second];
  }
  return nullptr;
}

// The bank size an About paragraph declares: a number (digits, with ',' between groups) after
// "of " ("One of 352 ...") or before " in total", " questions", " practice questions" or
// " original". Returns the value and the number's byte range in `about`.
struct DeclaredSize {
  int64_t value = 0;
  size_t offset = 0;
  size_t length = 0;
};
std::optional<DeclaredSize> FindDeclaredSize(std::string_view about) {
  for (size_t i = 0; i < about.size(); ++i) {
    if (!IsDigit(about[i]) || (i > 0 && (IsDigit(about[i - 1]) || about[i - 1] == ','))) continue;
    size_t j = i;
    std::string digits;
    while (j < about.size()) {
      if (IsDigit(about[j])) {
        digits += about[j++];
      } else if (about[j] == ',' && j + 3 < about.size() && IsDigit(about[j + 1]) &&
                 IsDigit(about[j + 2]) && IsDigit(about[j + 3])) {
        ++j;  // a thousands separator: "1,200"
      } else {
        break;
      }
    }
    if (digits.size() > 12) continue;
    std::string_view before = about.substr(0, i);
    std::string_view after = about.substr(j);
    bool declared = before.ends_with("of ") || after.starts_with(" in total") ||
                    after.starts_with(" questions") || after.starts_with(" practice questions") ||
                    after.starts_with(" original");
    if (!declared) continue;
    DeclaredSize size;
    std::from_chars(digits.data(), digits.data() + digits.size(), size.value);
    size.offset = i;
    size.length = j - i;
    return size;
  }
  return std::nullopt;
}

// The roles of a roles line, split on " · ", as (offset, length) pairs; none for an empty line.
std::vector<std::pair<size_t, size_t>> SplitRoles(std::string_view line) {
  std::vector<std::pair<size_t, size_t>> out;
  if (line.empty()) return out;
  size_t from = 0;
  while (true) {
    size_t dot = line.find(kMiddleDot, from);
    size_t end = dot == std::string_view::npos ? line.size() : dot;
    out.emplace_back(from, end - from);
    if (dot == std::string_view::npos) break;
    from = dot + kMiddleDot.size();
  }
  return out;
}

// One line of the file: its text without the line break, and where that text starts.
struct Line {
  std::string_view text;
  size_t begin = 0;
};

// Facts a page states about its bank.
struct BankFacts {
  Text publisher;
  std::optional<int64_t> declared_size;
  SourceSpan declared_size_span;
};

// Parses one page: lines [begin, end) of the file.
class PageParser {
 public:
  PageParser(const SourceText& source, const std::vector<Line>& lines, size_t begin, size_t end,
             uint32_t file, bool crlf)
      : source_(source), lines_(lines), begin_(begin), end_(end), file_(file), crlf_(crlf) {}

  Status Parse(Question& q, BankFacts& facts);

 private:
  std::string_view L(size_t i) const { return lines_[i].text; }
  size_t LineEnd(size_t i) const { return lines_[i].begin + lines_[i].text.size(); }
  // The error for line `i` (column 1), or for the end of the page when `i` is past it.
  Status ErrorAtLine(size_t i, std::string_view message) const {
    return ErrorAt(i < end_ ? lines_[i].begin : LineEnd(end_ - 1), message);
  }
  Status ErrorAt(size_t offset, std::string_view message) const {
    return source_.ErrorAt(offset, message);
  }
  // Lines [a, b) as one field, joined by '\n'; an empty field has an empty span where it would be.
  Text Field(size_t a, size_t b) const;
  // Bytes [from, from + len) of line `line`.
  Text Part(size_t line, size_t from, size_t len) const;
  // The source offset of byte `offset` of Field(a, b).value.
  size_t FieldOffset(size_t a, size_t b, size_t offset) const;
  template <typename Pred>
  size_t Find(size_t from, size_t to, Pred pred) const {
    for (size_t i = from; i < to; ++i) {
      if (pred(L(i))) return i;
    }
    return kNone;
  }
  // An error when a line of fixed slots [first, first + count) reads as another fixed line or as
  // a sentence where a short heading belongs (a line of the page is missing or doubled).
  Status CheckSlots(size_t first, Slot slot, size_t count) const;
  void KeepHeading(Question& q, Slot slot, size_t line) const;

  // A mark line ("✓", "- ✓", "- ✗", "---") or title padded with white space would silently read
  // as text; it is an error instead.
  Status CheckWhiteSpaceAroundMarks() const;
  Status ParseTitle(Question& q) const;
  // Where the parts of a page start, found from its anchors (the lone ✓, the first option mark,
  // "Written and reviewed by"); kNone for a part the page lacks.
  struct Layout {
    size_t body_end = kNone;  // the first of the trailing "qbank:" directive lines
    size_t answer = kNone;    // the lone ✓
    size_t first_option = kNone;
    size_t about = kNone;
    size_t author = kNone;
    size_t roles = kNone;
    size_t review = kNone;
    size_t options_end = kNone;
    size_t footer = kNone;
  };
  // Finds the ✓ line and reads the stem, the trap and the four fixed lines before it.
  Status ParseHead(Question& q, Layout& at) const;
  // Reads the answer text and the explanation after the ✓, up to the first option.
  Status ParseAnswerBlock(Question& q, Layout& at) const;
  // Reads the options, the about paragraph, the author, the review line and the footer.
  Status ParseTail(Question& q, Layout& at) const;
  // Reads the about paragraph (or its empty place when the page has none).
  Status ParseAbout(Question& q, const Layout& at) const;
  // The bank's declared size and publisher, as the about paragraph, footer and roles state them.
  void ReadBankFacts(const Question& q, const Layout& at, BankFacts& facts) const;
  Status ParseOptions(Question& q, size_t first, size_t end) const;
  Status ParseAuthor(Question& q, size_t line, size_t roles_line) const;
  Status ParseReview(Question& q, size_t line) const;
  Status ParseDirective(Question& q, size_t line) const;

  const SourceText& source_;
  const std::vector<Line>& lines_;
  size_t begin_;
  size_t end_;
  uint32_t file_;
  bool crlf_;
};

Text PageParser::Field(size_t a, size_t b) const {
  Text t;
  t.verbatim = true;
  if (a >= b) {
    size_t at = a < end_ ? lines_[a].begin : LineEnd(end_ - 1);
    t.span = source_.SpanOf(at, at, file_);
    return t;
  }
  for (size_t i = a; i < b; ++i) {
    if (i > a) t.value += '\n';
    t.value.append(L(i));
  }
  t.span = source_.SpanOf(lines_[a].begin, LineEnd(b - 1), file_);
  t.verbatim = !crlf_ || b - a == 1;
  return t;
}

Text PageParser::Part(size_t line, size_t from, size_t len) const {
  Text t(std::string(L(line).substr(from, len)));
  size_t at = lines_[line].begin + from;
  t.span = source_.SpanOf(at, at + t.value.size(), file_);
  t.verbatim = true;
  return t;
}

size_t PageParser::FieldOffset(size_t a, size_t b, size_t offset) const {
  for (size_t i = a; i < b; ++i) {
    if (offset <= L(i).size()) return lines_[i].begin + offset;
    offset -= L(i).size() + 1;
  }
  return b > a ? LineEnd(b - 1) : lines_[a].begin;
}

Status PageParser::CheckSlots(size_t first, Slot slot, size_t count) const {
  for (size_t k = 0; k < count; ++k) {
    Slot expected = static_cast<Slot>(slot + k);
    std::string_view line = L(first + k);
    Slot found = HeadingSlotOf(line);
    bool misplaced = found != kSlotCount && found != expected;
    bool sentence =
        !IsSentenceSlot(expected) && found == kSlotCount && (line.empty() || line.back() == '.');
    if (!misplaced && !sentence) continue;
    // When the neighbours of a missing line have their usual wording, name the gap between them.
    std::vector<size_t> at(count, kNone);
    for (size_t i = first > begin_ + 1 ? first - 1 : first; i < first + count; ++i) {
      Slot s = HeadingSlotOf(L(i));
      if (s >= slot && s < slot + count && at[s - slot] == kNone) at[s - slot] = i;
    }
    auto shown = [&](size_t j) { return std::string(kHeadings[slot + j].shown); };
    // Whether line `i` could be fixed line j in other wording.
    auto could_be = [&](size_t i, size_t j) {
      if (i < first || i >= first + count || HeadingSlotOf(L(i)) != kSlotCount) return false;
      return IsSentenceSlot(static_cast<Slot>(slot + j)) || (!L(i).empty() && L(i).back() != '.');
    };
    for (size_t j = 0; j < count; ++j) {
      if (at[j] != kNone) continue;
      if (j > 0 && at[j - 1] != kNone && !could_be(at[j - 1] + 1, j)) {
        return ErrorAtLine(at[j - 1] + 1, "expected " + shown(j) + " after " + shown(j - 1));
      }
      if (j + 1 < count && at[j + 1] != kNone && !could_be(at[j + 1] - 1, j)) {
        return ErrorAtLine(at[j + 1], "expected " + shown(j) + " before " + shown(j + 1));
      }
    }
    return ErrorAtLine(first + k, "expected " + shown(k) +
                                      " on this line (a line of the page is "
                                      "missing)");
  }
  return Status::Ok();
}

void PageParser::KeepHeading(Question& q, Slot slot, size_t line) const {
  if (L(line) == kHeadings[slot].text) return;
  q.extensions["page"]["headings"][std::string(kHeadings[slot].slot)] = std::string(L(line));
}

Status PageParser::ParseTitle(Question& q) const {
  std::string_view t = L(begin_);
  if (t == kTitleAlone) {
    q.exam = Part(begin_, 0, 0);
    q.domain = Part(begin_, 0, 0);
    return Status::Ok();
  }
  if (!t.ends_with(kTitleSuffix)) return ErrorAtLine(begin_, kTitleExpected);
  std::string_view head = t.substr(0, t.size() - kTitleSuffix.size());
  size_t space = head.find(' ');
  if (space == 0) return ErrorAtLine(begin_, "expected the exam code at the start of the title");
  q.exam = Part(begin_, 0, std::min(space, head.size()));
  if (space == std::string_view::npos) {
    q.domain = Part(begin_, head.size(), 0);
  } else if (space + 1 == head.size()) {
    return ErrorAt(lines_[begin_].begin + space + 1, "expected the domain after the exam code");
  } else {
    q.domain = Part(begin_, space + 1, head.size() - space - 1);
  }
  return Status::Ok();
}

Status PageParser::ParseOptions(Question& q, size_t first, size_t end) const {
  for (size_t i = first; i < end;) {
    bool correct = L(i) == kKeyLine;
    size_t next = Find(i + 1, end, IsMarkLine);
    if (next == kNone) next = end;
    std::string mark = "'" + std::string(L(i)) + "'";
    if (i + 1 >= next) return ErrorAtLine(i + 1, "expected the option text after " + mark);
    if (i + 2 >= next || !L(i + 2).starts_with(kWhyPrefix)) {
      return ErrorAtLine(i + 2, "expected '" + std::string(correct ? kWhyCorrect : kWhyWrong) +
                                    "' after the option text");
    }
    Option o;
    o.correct = correct;
    o.correct_span = source_.SpanOf(lines_[i].begin + 2, LineEnd(i), file_);
    o.text = Field(i + 1, i + 2);
    if (L(i + 2) != (correct ? kWhyCorrect : kWhyWrong)) {
      o.extensions["page"]["why"] = std::string(L(i + 2));
    }
    o.rationale = Field(i + 3, next);
    o.span = source_.SpanOf(lines_[i].begin, LineEnd(next - 1), file_);
    q.options.push_back(std::move(o));
    i = next;
  }
  return Status::Ok();
}

Status PageParser::ParseAuthor(Question& q, size_t line, size_t roles_line) const {
  std::string_view rest = L(line).substr(kAuthorPrefix.size());
  size_t comma = rest.find(", ");
  size_t name_len = std::min(comma, rest.size());
  size_t at = kAuthorPrefix.size();
  if (name_len == 0 || IsBlank(rest.substr(0, name_len))) {
    return ErrorAt(lines_[line].begin + at,
                   "expected the author's name after 'Written and reviewed by '");
  }
  if (L(line - 1).empty() || L(line - 1).find(' ') != std::string_view::npos) {
    return ErrorAtLine(line - 1, kInitialsExpected);
  }
  Person p;
  p.initials = Field(line - 1, line);
  p.name = Part(line, at, name_len);
  p.credentials = comma == std::string_view::npos ? Part(line, L(line).size(), 0)
                                                  : Part(line, at + comma + 2, kNone);
  if (roles_line != kNone) {
    // Columns counted on from role to role: a line of many roles stays linear.
    SourcePosition start = source_.PositionAt(lines_[roles_line].begin);
    uint32_t column = start.column;
    size_t counted = 0;
    for (auto [from, len] : SplitRoles(L(roles_line))) {
      Text role(std::string(L(roles_line).substr(from, len)));
      column +=
          static_cast<uint32_t>(CountCodePoints(L(roles_line).substr(counted, from - counted)));
      uint32_t end_column = column + static_cast<uint32_t>(CountCodePoints(role.value));
      role.span = SourceSpan{file_, start.line, column, start.line, end_column};
      role.verbatim = true;
      p.roles.push_back(std::move(role));
      column = end_column;
      counted = from + len;
    }
  }
  q.review.reviewer = p.name;
  q.authors.push_back(std::move(p));
  return Status::Ok();
}

Status PageParser::ParseReview(Question& q, size_t line) const {
  std::string_view rest = L(line).substr(kReviewPrefix.size());
  size_t dot = rest.find(kMiddleDot);
  std::string_view date = rest.substr(0, dot);
  size_t date_at = lines_[line].begin + kReviewPrefix.size();
  std::optional<std::string> iso = ParseReviewDate(date);
  if (!iso) {
    return ErrorAt(date_at,
                   "expected the review date as '<Month> <YYYY>' or '<Month> <D>, <YYYY>' "
                   "after 'Last reviewed '");
  }
  q.review.date.value = *iso;
  q.review.date.span = source_.SpanOf(date_at, date_at + date.size(), file_);
  q.review.date.verbatim = false;
  if (dot == std::string_view::npos) {
    q.review.checked_against = Part(line, L(line).size(), 0);
    return Status::Ok();
  }
  size_t after = kReviewPrefix.size() + dot + kMiddleDot.size();
  if (!L(line).substr(after).starts_with(kCheckedPrefix)) {
    return ErrorAt(lines_[line].begin + after,
                   "expected 'checked against <what>' after the review date and ' \xC2\xB7 '");
  }
  q.review.checked_against = Part(line, after + kCheckedPrefix.size(), kNone);
  return Status::Ok();
}

Status PageParser::ParseDirective(Question& q, size_t line) const {
  std::string_view t = L(line);
  size_t at = lines_[line].begin;
  if (!t.starts_with(kDisablePrefix)) {
    return ErrorAt(at, "expected a directive 'qbank: disable <rule-id>: <reason>'");
  }
  std::string_view rest = t.substr(kDisablePrefix.size());
  size_t colon = rest.find(": ");
  std::string_view rule = rest.substr(0, colon);
  if (!IsRuleId(rule)) {
    return ErrorAt(at + kDisablePrefix.size(),
                   "expected a rule id (lower-case words joined by '-', or '*') after 'qbank: "
                   "disable '");
  }
  model::Suppression s;
  s.rule = std::string(rule);
  if (colon != std::string_view::npos) {
    s.reason = std::string(rest.substr(colon + 2));
    if (IsBlank(s.reason)) {
      return ErrorAt(at + kDisablePrefix.size() + colon + 2,
                     "expected a reason after 'qbank: disable " + s.rule + ": '");
    }
  }
  s.span = source_.SpanOf(at, LineEnd(line), file_);
  q.suppressions.push_back(std::move(s));
  return Status::Ok();
}

Status PageParser::CheckWhiteSpaceAroundMarks() const {
  for (size_t i = begin_; i < end_; ++i) {
    std::string_view line = L(i);
    size_t first = 0;
    while (first < line.size() && IsSpaceOrTab(line[first])) ++first;
    size_t last = line.size();
    while (last > first && IsSpaceOrTab(line[last - 1])) --last;
    if (first == 0 && last == line.size()) continue;
    std::string_view core = line.substr(first, last - first);
    size_t at = lines_[i].begin + (first != 0 ? 0 : last);
    if (IsPaddedMark(line)) {
      return ErrorAt(at, "expected '" + std::string(core) +
                             "' alone on its line, without white space around it");
    }
    if (i == begin_ && first == 0 && core.ends_with(kTitleAlone)) {
      return ErrorAt(at,
                     "expected the title line to end with 'Practice Question', without white "
                     "space after it");
    }
  }
  return Status::Ok();
}

Status PageParser::Parse(Question& q, BankFacts& facts) {
  Layout at;
  // Trailing "qbank:" lines are directives, not page text.
  at.body_end = end_;
  while (at.body_end > begin_ + 1 && L(at.body_end - 1).starts_with(kDirectivePrefix)) {
    --at.body_end;
  }
  QBANK_RETURN_IF_ERROR(CheckWhiteSpaceAroundMarks());
  QBANK_RETURN_IF_ERROR(ParseTitle(q));
  q.span = source_.SpanOf(lines_[begin_].begin, LineEnd(end_ - 1), file_);
  QBANK_RETURN_IF_ERROR(ParseHead(q, at));
  QBANK_RETURN_IF_ERROR(ParseAnswerBlock(q, at));
  QBANK_RETURN_IF_ERROR(ParseTail(q, at));
  for (size_t i = at.body_end; i < end_; ++i) QBANK_RETURN_IF_ERROR(ParseDirective(q, i));
  ReadBankFacts(q, at, facts);
  q.type = model::QuestionType::kSingleAnswer;
  q.markup = model::Markup::kPlain;
  return Status::Ok();
}

Status PageParser::ParseHead(Question& q, Layout& at) const {
  // The answer block's lone ✓ anchors the head of the page: the four fixed lines stand right
  // before it, the stem and the trap before them.
  const size_t body_end = at.body_end;
  size_t stem_begin = begin_ + 1;
  size_t answer = Find(stem_begin, body_end, [](std::string_view t) { return t == kAnswerMark; });
  if (answer == kNone) {
    size_t line =
        Find(stem_begin, body_end, [](std::string_view t) { return t == kHeadings[kAnswer].text; });
    if (line != kNone) {
      ++line;
    } else {
      line = Find(stem_begin, body_end, IsMarkLine);
      if (line == kNone) line = body_end;
    }
    return ErrorAtLine(line,
                       "expected the correct-answer block: a line '\xE2\x9C\x93' after "
                       "'Correct answer & explanation', then the answer text");
  }
  const std::string kFixedHead =
      "expected the four lines 'Answer choices', 'Why each option matters', 'Answer the question "
      "above first, ...' and 'Correct answer & explanation' before '\xE2\x9C\x93'";
  size_t trap =
      Find(stem_begin, answer, [](std::string_view t) { return t.starts_with(kTrapSign); });
  size_t slots = answer - 4;  // may wrap when the page is short; checked first
  if (trap == stem_begin ||
      (trap == kNone && answer < stem_begin + 5 &&
       (answer == stem_begin || HeadingSlotOf(L(stem_begin)) != kSlotCount))) {
    return ErrorAtLine(stem_begin, "expected the question stem after the title line");
  }
  if (trap != kNone ? answer < trap + 5 : answer < stem_begin + 5) {
    return ErrorAtLine(answer, kFixedHead);
  }
  size_t stem_end = trap != kNone ? trap : slots;
  bool stem_blank = true;
  for (size_t i = stem_begin; i < stem_end; ++i) stem_blank = stem_blank && IsBlank(L(i));
  if (stem_blank) return ErrorAtLine(stem_begin, "expected the question stem after the title line");
  QBANK_RETURN_IF_ERROR(CheckSlots(slots, kChoices, 4));
  q.stem = Field(stem_begin, stem_end);
  if (trap != kNone) {
    KeepHeading(q, kTrap, trap);
    q.trap = Field(trap + 1, slots);
    if (q.trap.empty()) q.extensions["page"]["trap_heading"] = true;
  } else {
    q.trap = Field(slots, slots);
  }
  for (size_t k = 0; k < 4; ++k) KeepHeading(q, static_cast<Slot>(kChoices + k), slots + k);
  at.answer = answer;
  return Status::Ok();
}

Status PageParser::ParseAnswerBlock(Question& q, Layout& at) const {
  // The answer text, the explanation, then the three fixed lines before the first option.
  const size_t body_end = at.body_end;
  const size_t answer = at.answer;
  if (answer + 1 >= body_end || IsMarkLine(L(answer + 1))) {
    return ErrorAtLine(answer + 1, "expected the answer text after '\xE2\x9C\x93'");
  }
  size_t first_option = Find(answer + 2, body_end, IsMarkLine);
  if (first_option == kNone) {
    size_t line = Find(answer + 2, body_end,
                       [](std::string_view t) { return t == kHeadings[kForEach].text; });
    if (line != kNone) {
      ++line;
    } else {
      line = Find(answer + 2, body_end, [](std::string_view t) {
        return t == kHeadings[kAbout].text || t.starts_with(kAuthorPrefix);
      });
      if (line == kNone) line = body_end;
    }
    return ErrorAtLine(line,
                       "expected the option-by-option breakdown: a line '- \xE2\x9C\x93' or "
                       "'- \xE2\x9C\x97' for each option, then its text, its 'Why ...' line "
                       "and its rationale");
  }
  if (first_option < answer + 5) {
    if (HeadingSlotOf(L(answer + 1)) != kSlotCount) {
      return ErrorAtLine(answer + 1, "expected the answer text after '\xE2\x9C\x93'");
    }
    return ErrorAtLine(first_option,
                       "expected the three lines 'Answer analysis', "
                       "'Option-by-option breakdown' and 'For each option: ...' "
                       "before the first option");
  }
  size_t breakdown = first_option - 3;
  QBANK_RETURN_IF_ERROR(CheckSlots(breakdown, kAnalysis, 3));
  q.stated_answer = Field(answer + 1, answer + 2);
  if (q.stated_answer.empty()) q.extensions["page"]["empty_answer"] = true;
  q.explanation = Field(answer + 2, breakdown);
  for (size_t k = 0; k < 3; ++k) KeepHeading(q, static_cast<Slot>(kAnalysis + k), breakdown + k);
  at.first_option = first_option;
  return Status::Ok();
}

Status PageParser::ParseTail(Question& q, Layout& at) const {
  // The tail: About heading and paragraph, initials, author, roles, review, footer. "Written and
  // reviewed by" anchors it; the About heading is found by its wording, or stands three lines
  // above the author line when the page words it differently.
  const size_t body_end = at.body_end;
  const size_t first_option = at.first_option;
  size_t author = Find(first_option + 1, body_end,
                       [](std::string_view t) { return t.starts_with(kAuthorPrefix); });
  size_t about = Find(first_option + 1, author != kNone ? author : body_end,
                      [](std::string_view t) { return t == kHeadings[kAbout].text; });
  if (about == kNone && author != kNone) {
    if (author < first_option + 6) {
      return ErrorAtLine(author,
                         "expected 'About these practice questions', the about paragraph "
                         "and the author's initials before 'Written and reviewed by'");
    }
    about = author - 3;
    QBANK_RETURN_IF_ERROR(CheckSlots(about, kAbout, 1));
  }
  size_t review_from = author != kNone ? author + 1 : (about != kNone ? about + 1 : first_option);
  size_t review =
      Find(review_from, body_end, [](std::string_view t) { return t.starts_with(kReviewPrefix); });
  at.author = author;
  at.about = about;
  at.review = review;
  at.options_end = about != kNone ? about : (review != kNone ? review : body_end);
  QBANK_RETURN_IF_ERROR(ParseOptions(q, first_option, at.options_end));
  QBANK_RETURN_IF_ERROR(ParseAbout(q, at));

  if (author != kNone) {
    at.roles = author + 1 < body_end && author + 1 != review ? author + 1 : kNone;
    size_t after = at.roles != kNone ? at.roles + 1 : author + 1;
    if (review != kNone && review != after) {
      return ErrorAtLine(after,
                         "expected 'Last reviewed <Month> <YYYY> \xC2\xB7 checked against "
                         "<what>' after the author's roles");
    }
    QBANK_RETURN_IF_ERROR(ParseAuthor(q, author, at.roles));
    at.footer = after;
  }
  if (review != kNone) {
    QBANK_RETURN_IF_ERROR(ParseReview(q, review));
    at.footer = review + 1;
  }
  if (at.footer != kNone && at.footer < body_end) {
    q.extensions["page"]["footer"] = Field(at.footer, body_end).value;
  }
  return Status::Ok();
}

Status PageParser::ParseAbout(Question& q, const Layout& at) const {
  if (at.about == kNone) {
    q.origin.statement = Field(at.options_end, at.options_end);
    return Status::Ok();
  }
  size_t about_end =
      at.author != kNone ? at.author - 1 : (at.review != kNone ? at.review : at.body_end);
  if (about_end <= at.about) return ErrorAtLine(at.author, kInitialsExpected);
  KeepHeading(q, kAbout, at.about);
  q.origin.statement = Field(at.about + 1, about_end);
  if (q.origin.statement.empty()) q.extensions["page"]["about_heading"] = true;
  return Status::Ok();
}

void PageParser::ReadBankFacts(const Question& q, const Layout& at, BankFacts& facts) const {
  size_t about_first = at.about != kNone ? at.about + 1 : at.options_end;
  size_t about_last = at.options_end;
  if (at.about != kNone) {
    about_last =
        at.author != kNone ? at.author - 1 : (at.review != kNone ? at.review : at.body_end);
  }
  if (std::optional<DeclaredSize> size = FindDeclaredSize(q.origin.statement.value)) {
    size_t offset = FieldOffset(about_first, about_last, size->offset);
    facts.declared_size = size->value;
    facts.declared_size_span = source_.SpanOf(offset, offset + size->length, file_);
  }
  // Role texts as views of the roles line, so a sighting there maps back to the source.
  std::vector<std::pair<size_t, size_t>> role_ranges;
  std::vector<std::string_view> role_views;
  if (at.roles != kNone) {
    role_ranges = SplitRoles(L(at.roles));
    for (auto [from, len] : role_ranges) role_views.push_back(L(at.roles).substr(from, len));
  }
  std::string footer_text;
  if (at.footer != kNone && at.footer < at.body_end) {
    footer_text = Field(at.footer, at.body_end).value;
  }
  std::vector<NameSighting> sightings =
      SightPublisher(q.origin.statement.value, footer_text, role_views);
  if (const NameSighting* s = ReliablePublisher(sightings)) {
    size_t offset = 0;
    if (s->field == 0) {
      offset = FieldOffset(about_first, about_last, s->offset);
    } else if (s->field == 1) {
      offset = FieldOffset(at.footer, at.body_end, s->offset);
    } else {
      offset = lines_[at.roles].begin + role_ranges[s->field - 2].first + s->offset;
    }
    facts.publisher.value = s->name;
    facts.publisher.span = source_.SpanOf(offset, offset + s->name.size(), file_);
    facts.publisher.verbatim = true;
  }
}

// Splits `content` into lines. CRLF when every line break is CRLF; then CRs are not line text.
struct SplitText {
  std::vector<Line> lines;
  bool crlf = false;
  bool final_newline = false;
};
SplitText SplitLines(std::string_view content) {
  SplitText out;
  size_t breaks = 0;
  size_t crlf_breaks = 0;
  for (size_t i = 0; i < content.size(); ++i) {
    if (content[i] != '\n') continue;
    ++breaks;
    if (i > 0 && content[i - 1] == '\r') ++crlf_breaks;
  }
  out.crlf = breaks != 0 && crlf_breaks == breaks;
  size_t pos = 0;
  while (true) {
    size_t nl = content.find('\n', pos);
    if (nl == std::string_view::npos) {
      out.lines.push_back({content.substr(pos), pos});
      break;
    }
    size_t end = out.crlf ? nl - 1 : nl;
    out.lines.push_back({content.substr(pos, end - pos), pos});
    pos = nl + 1;
    if (pos == content.size()) {
      out.final_newline = true;
      break;
    }
  }
  return out;
}

// The string at question.extensions.page.<key>, or "".
std::string_view PageExtensionString(const Question& q, const char* key) {
  const Value* page = q.extensions.Find("page");
  const Value* v = page != nullptr ? page->Find(key) : nullptr;
  return v != nullptr && v->is_string() ? std::string_view(v->as_string()) : std::string_view();
}

// True when `wording`, written in the place of fixed line `slot`, reads back as that line.
bool ReadsBackAs(Slot slot, std::string_view wording) {
  if (wording.find_first_of("\r\n") != std::string_view::npos) return false;
  if (wording == kSeparator || wording == kAnswerMark || IsMarkLine(wording) ||
      IsPaddedMark(wording) || wording.starts_with(kDirectivePrefix)) {
    return false;
  }
  Slot usual = HeadingSlotOf(wording);
  if (usual != kSlotCount && usual != slot) return false;
  if (slot == kTrap) return wording.starts_with(kTrapSign);
  if (slot == kAbout &&
      (wording.starts_with(kAuthorPrefix) || wording.starts_with(kReviewPrefix))) {
    return false;
  }
  return IsSentenceSlot(slot) || (!wording.empty() && wording.back() != '.');
}

// Writes questions as pages. Text that a page would read back as structure (a "---" line, an
// option mark inside a rationale, ...) has no escape in a page: such lines are left out and
// reported as "<field> (line read as structure)".
class PageWriter {
 public:
  // Writes with line break `eol` ("\n" or "\r\n").
  PageWriter(const model::Bank& bank, std::string eol, LossReport& loss)
      : bank_(bank), eol_(std::move(eol)), loss_(loss) {}
  // Appends the page of `q` (without a final line break) to `out`; fails for a question a page
  // cannot show (no stem, no options).
  Status Write(const Question& q, std::string& out);

 private:
  // What one page is made of, read from the question before any line is pushed.
  struct Draft {
    const Person* person = nullptr;   // the author, when the page gets an author line
    std::optional<std::string> date;  // the review date as a page writes it
    std::string stem;
    std::string trap;
    std::string explanation;
    std::string about;
    std::string footer;
    std::string roles;
    std::vector<std::string> rationales;  // one per option
    const Value* page = nullptr;          // extensions.page
    const Value* headings = nullptr;      // extensions.page.headings
    // A true flag in extensions.page ("trap_heading", "empty_answer", "about_heading").
    bool Flag(const char* key) const {
      const Value* v = page != nullptr ? page->Find(key) : nullptr;
      return v != nullptr && v->is_bool() && v->as_bool();
    }
  };
  // Reads the fields a page shows, reporting what it cannot carry; fails for a question without
  // a stem or options.
  Status Prepare(const Question& q, Draft& d);
  // Reads the author's roles into d.roles and keeps the last text of the page from reading as a
  // directive ("qbank:" lines end a page).
  void PrepareEnd(Draft& d);
  // The question's own wording of a fixed line, when a page would read it back in its place.
  std::string Heading(const Draft& d, Slot slot);
  // Pushes the title, stem, trap, fixed lines, answer block and explanation.
  void PushHead(const Question& q, const Draft& d);
  // Pushes each option: its mark, text, "Why ..." line and rationale.
  void PushOptions(const Question& q, const Draft& d);
  // Pushes the About heading and paragraph, initials, author, roles, review, footer, directives.
  void PushTail(const Question& q, const Draft& d);
  // Reports the fields no line of the page holds.
  void ReportUnheld(const Question& q, const Draft& d);

  void Push(std::string line) { lines_.push_back(std::move(line)); }
  void DropStructure(std::string_view field) {
    loss_.Drop(std::string(field) + " (line read as structure)");
  }
  // For the text that ends a page: leaves out its last lines while they are blank (a reader takes
  // them for layout) or read as directives, each kind reported.
  void StripPageEnd(std::string& value, std::string_view field);
  // The text of a field that takes one line: line breaks become spaces (and are reported); a value
  // that would read as structure becomes empty (and is reported).
  std::string OneLine(const Text& text, std::string_view field) {
    std::string s = text.value;
    bool joined = false;
    for (char& c : s) {
      if (c == '\n' || c == '\r') {
        c = ' ';
        joined = true;
      }
    }
    if (joined) loss_.Drop(std::string(field) + " line breaks");
    if (!StructureOf(field, s).empty()) {
      DropStructure(field);
      s.clear();
    }
    return s;
  }
  // `value` without the lines a page would read as structure (reported once per value).
  std::string Readable(std::string_view value, std::string_view field) {
    std::string out;
    bool dropped = false;
    bool first = true;
    size_t from = 0;
    while (true) {
      size_t nl = value.find('\n', from);
      std::string_view line = value.substr(from, nl == std::string_view::npos ? nl : nl - from);
      if (StructureOf(field, line).empty()) {
        if (!first) out += '\n';
        out.append(line);
        first = false;
      } else {
        dropped = true;
      }
      if (nl == std::string_view::npos) break;
      from = nl + 1;
    }
    if (dropped) DropStructure(field);
    return out;
  }
  // Appends the lines of a multi-line value (already Readable).
  void Lines(std::string_view value) {
    size_t from = 0;
    while (true) {
      size_t nl = value.find('\n', from);
      Push(std::string(value.substr(from, nl == std::string_view::npos ? nl : nl - from)));
      if (nl == std::string_view::npos) break;
      from = nl + 1;
    }
  }
  // What a line of `field` would be read as instead of field text; empty when it reads back.
  std::string_view StructureOf(std::string_view field, std::string_view line) const {
    if (line == kSeparator) return "a page separator";
    if (IsPaddedMark(line)) return "a mark padded with white space";
    if (field == "stem") {
      if (line == kAnswerMark) return "the answer mark";
      if (line.starts_with(kTrapSign)) return "the trap heading";
    } else if (field == "trap") {
      if (line == kAnswerMark) return "the answer mark";
    } else if (field == "explanation" || field == "options.rationale" || field == "stated_answer" ||
               field == "options.text") {
      if (IsMarkLine(line)) return "an option mark";
    }
    bool in_options = field == "options.text" || field == "options.rationale";
    if (in_options && line == kHeadings[kAbout].text) return "the About heading";
    if (in_options || field == "origin.statement") {
      if (line.starts_with(kAuthorPrefix)) return "the author line";
      // With an author line the review line is looked for only after it.
      if (!has_author_ && line.starts_with(kReviewPrefix)) return "the review line";
    }
    if (field == "extensions.page.footer") {
      // The first author and review lines of a page are the real ones when the page has them.
      if (!has_author_ && line.starts_with(kAuthorPrefix)) return "the author line";
      if (!has_review_ && line.starts_with(kReviewPrefix)) return "the review line";
    }
    return {};
  }

  const model::Bank& bank_;
  std::string eol_;
  LossReport& loss_;
  std::vector<std::string> lines_;
  bool has_author_ = false;  // the page gets an author line
  bool has_review_ = false;  // the page gets a review line
};

// Removes the last lines of multi-line `value` that start with "qbank:" (a page would read them as
// directives); true when it removed any.
bool StripTrailingDirectives(std::string& value) {
  bool stripped = false;
  while (true) {
    size_t nl = value.rfind('\n');
    size_t start = nl == std::string::npos ? 0 : nl + 1;
    if (!std::string_view(value).substr(start).starts_with(kDirectivePrefix)) return stripped;
    stripped = true;
    value.erase(nl == std::string::npos ? 0 : nl);
  }
}

void PageWriter::StripPageEnd(std::string& value, std::string_view field) {
  bool blank = false;
  bool directive = false;
  while (true) {
    size_t nl = value.rfind('\n');
    size_t start = nl == std::string::npos ? 0 : nl + 1;
    if (value.empty()) break;
    if (IsBlank(std::string_view(value).substr(start))) {
      blank = true;
    } else if (StripTrailingDirectives(value)) {
      directive = true;
      continue;
    } else {
      break;
    }
    value.erase(nl == std::string::npos ? 0 : nl);
  }
  if (blank) loss_.Drop("blank lines at the end of a page");
  if (directive) DropStructure(field);
}

// Derived initials: the first character of every word of `name` ("Ada Lovelace" -> "AL"); never
// empty for a name that is not blank, never a page separator.
std::string InitialsOf(std::string_view name) {
  std::string out;
  bool start = true;
  for (size_t i = 0; i < name.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    if (c == ' ' || c == '\t') {
      start = true;
      continue;
    }
    if (start) {
      size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      out.append(name.substr(i, len));
      start = false;
    }
  }
  return out == kSeparator ? std::string("-") : out;
}

Status PageWriter::Write(const Question& q, std::string& out) {
  Draft d;
  QBANK_RETURN_IF_ERROR(Prepare(q, d));
  PrepareEnd(d);
  lines_.clear();
  PushHead(q, d);
  PushOptions(q, d);
  PushTail(q, d);
  // Blank lines at the end of a page are layout to a reader, not the end of the last field.
  bool trimmed = false;
  while (lines_.size() > 1 && IsBlank(lines_.back())) {
    lines_.pop_back();
    trimmed = true;
  }
  if (trimmed) loss_.Drop("blank lines at the end of a page");
  for (size_t i = 0; i < lines_.size(); ++i) {
    if (i > 0) out += eol_;
    out += lines_[i];
  }
  ReportUnheld(q, d);
  return Status::Ok();
}

Status PageWriter::Prepare(const Question& q, Draft& d) {
  // An error at the question's place in its file, or naming it when it has none.
  auto refuse = [&](const std::string& message) {
    if (q.span.known()) {
      return Status::InvalidInput(message).At(bank_.SourcePath(q.span.file), q.span);
    }
    std::string id = q.id.empty() ? model::DeriveQuestionId(q) : q.id.value;
    return Status::InvalidInput("question " + id + ": " + message);
  };
  if (!q.authors.empty() && !IsBlank(q.authors[0].name.value)) d.person = &q.authors[0];
  has_author_ = d.person != nullptr;
  if (!q.review.date.empty()) {
    d.date = FormatReviewDate(q.review.date.value);
    if (!d.date) loss_.Drop("review.date");
  }
  if (!d.date && !q.review.checked_against.empty()) loss_.Drop("review.checked_against");
  has_review_ = d.date.has_value();

  d.stem = Readable(q.stem.value, "stem");
  if (IsBlank(d.stem)) return refuse("cannot be written as a page: a page needs a stem");
  if (q.options.empty()) return refuse("cannot be written as a page: a page needs options");
  d.trap = Readable(q.trap.value, "trap");
  d.explanation = Readable(q.explanation.value, "explanation");
  d.about = Readable(q.origin.statement.value, "origin.statement");
  d.page = q.extensions.Find("page");
  d.headings = d.page != nullptr ? d.page->Find("headings") : nullptr;
  if (const Value* v = d.page != nullptr ? d.page->Find("footer") : nullptr; v && v->is_string()) {
    d.footer = Readable(v->as_string(), "extensions.page.footer");
    // The footer ends the page: its last lines must not read as directives.
    StripPageEnd(d.footer, "extensions.page.footer");
    if (!d.footer.empty() && d.person == nullptr && !d.date) {
      loss_.Drop("extensions.page.footer");  // a footer follows the author or review line
      d.footer.clear();
    }
  }
  // One file has one kind of line break (a file that mixes them reads as LF with CRs in the text).
  bool own_crlf = PageExtensionString(q, "line_break") == "crlf";
  if (own_crlf != (eol_ == "\r\n")) loss_.Drop("extensions.page.line_break");
  for (const Option& o : q.options) {
    d.rationales.push_back(Readable(o.rationale.value, "options.rationale"));
  }
  return Status::Ok();
}

void PageWriter::PrepareEnd(Draft& d) {
  if (d.person != nullptr) {
    for (size_t i = 0; i < d.person->roles.size(); ++i) {
      if (i > 0) d.roles += kMiddleDot;
      std::string role = OneLine(d.person->roles[i], "authors.roles");
      if (role.find(kMiddleDot) != std::string::npos) loss_.Drop("authors.roles (has ' · ')");
      d.roles += role;
    }
    if (!StructureOf("authors.roles", d.roles).empty()) {
      DropStructure("authors.roles");
      d.roles.clear();
    }
  }
  // The footer is already clear; without it and a review line the roles, the About paragraph or
  // the last rationale may end the page.
  if (!d.footer.empty() || d.date) return;
  if (d.person != nullptr) {
    if (std::string_view(d.roles).starts_with(kDirectivePrefix)) {
      DropStructure("authors.roles");
      d.roles.clear();
    }
    return;
  }
  StripPageEnd(d.about, "origin.statement");
  if (d.about.empty() && !d.Flag("about_heading")) {
    StripPageEnd(d.rationales.back(), "options.rationale");
  }
}

std::string PageWriter::Heading(const Draft& d, Slot slot) {
  std::string key(kHeadings[slot].slot);
  const Value* v = d.headings != nullptr ? d.headings->Find(key) : nullptr;
  if (v == nullptr) return std::string(kHeadings[slot].text);
  bool ok = v->is_string() && ReadsBackAs(slot, v->as_string());
  if (ok && slot == kAbout) {
    // Other About wording is found three lines above the author line: it needs the author line
    // and a one-line About paragraph.
    ok = d.person != nullptr && !d.about.empty() && d.about.find('\n') == std::string::npos;
  }
  if (!ok) {
    loss_.Drop("extensions.page.headings." + key);
    return std::string(kHeadings[slot].text);
  }
  return v->as_string();
}

void PageWriter::PushHead(const Question& q, const Draft& d) {
  std::string exam = OneLine(q.exam, "exam");
  std::string domain = OneLine(q.domain, "domain");
  // The title splits at its first space: an exam code with a space, or a domain without an exam,
  // would read back differently.
  if (exam.find(' ') != std::string::npos) loss_.Drop("exam (has a space)");
  if (exam.empty() && !domain.empty()) loss_.Drop("domain (without an exam)");
  std::string title = exam;
  if (!domain.empty()) title += (title.empty() ? "" : " ") + domain;
  Push(title.empty() ? std::string(kTitleAlone) : title + std::string(kTitleSuffix));
  Lines(d.stem);
  if (!d.trap.empty() || d.Flag("trap_heading")) {
    Push(Heading(d, kTrap));
    if (!d.trap.empty()) Lines(d.trap);
  }
  for (Slot s : {kChoices, kMatters, kInstruction, kAnswer}) Push(Heading(d, s));
  Push(std::string(kAnswerMark));
  std::string stated = OneLine(q.stated_answer, "stated_answer");
  if (q.stated_answer.empty() && !d.Flag("empty_answer")) {
    for (const Option& o : q.options) {
      if (o.correct) {
        stated = OneLine(o.text, "options.text");
        break;
      }
    }
  }
  Push(stated);
  if (!d.explanation.empty()) Lines(d.explanation);
  for (Slot s : {kAnalysis, kBreakdown, kForEach}) Push(Heading(d, s));
}

void PageWriter::PushOptions(const Question& q, const Draft& d) {
  for (size_t i = 0; i < q.options.size(); ++i) {
    const Option& o = q.options[i];
    Push(std::string(o.correct ? kKeyLine : kWrongLine));
    Push(OneLine(o.text, "options.text"));
    const Value* option_page = o.extensions.Find("page");
    const Value* why = option_page != nullptr ? option_page->Find("why") : nullptr;
    bool own_why = why != nullptr && why->is_string() && why->as_string().starts_with(kWhyPrefix) &&
                   why->as_string().find_first_of("\r\n") == std::string::npos;
    if (why != nullptr && !own_why) loss_.Drop("options.extensions.page.why");
    Push(own_why ? why->as_string() : std::string(o.correct ? kWhyCorrect : kWhyWrong));
    if (!d.rationales[i].empty()) Lines(d.rationales[i]);
  }
}

void PageWriter::PushTail(const Question& q, const Draft& d) {
  const Person* person = d.person;
  if (!d.about.empty() || person != nullptr || d.date || !d.footer.empty() ||
      d.Flag("about_heading")) {
    Push(Heading(d, kAbout));
    if (!d.about.empty()) Lines(d.about);
  }
  if (person != nullptr) {
    std::string initials = OneLine(person->initials, "authors.initials");
    if (initials.find_first_of(" \t") != std::string::npos) {
      loss_.Drop("authors.initials");  // a page's initials line is one word
      initials.clear();
    }
    Push(initials.empty() ? InitialsOf(person->name.value) : initials);
    std::string name = OneLine(person->name, "authors.name");
    // The author line splits at its first ", ": a name with one reads back cut there.
    if (name.find(", ") != std::string::npos) loss_.Drop("authors.name (has ', ')");
    std::string line = std::string(kAuthorPrefix) + name;
    if (!person->credentials.empty()) {
      line += ", " + OneLine(person->credentials, "authors.credentials");
    }
    Push(line);
    // An empty roles line is written only to keep a footer from reading as the roles.
    if (!d.roles.empty() || (!d.date && !d.footer.empty())) Push(d.roles);
  }
  if (d.date) {
    std::string line = std::string(kReviewPrefix) + *d.date;
    if (!q.review.checked_against.empty()) {
      line += std::string(kMiddleDot) + std::string(kCheckedPrefix) +
              OneLine(q.review.checked_against, "review.checked_against");
    }
    Push(line);
  }
  if (!d.footer.empty()) Lines(d.footer);
  for (const model::Suppression& s : q.suppressions) {
    if (!IsRuleId(s.rule)) {
      loss_.Drop("suppress");
      continue;
    }
    std::string line = std::string(kDisablePrefix) + s.rule;
    if (!IsBlank(s.reason)) line += ": " + OneLine(Text(s.reason), "suppress.reason");
    Push(line);
  }
}

void PageWriter::ReportUnheld(const Question& q, const Draft& d) {
  if (q.authors.size() > 1) loss_.Drop("authors", q.authors.size() - 1);
  if (!q.review.reviewer.empty() &&
      (d.person == nullptr || q.review.reviewer.value != d.person->name.value)) {
    loss_.Drop("review.reviewer");
  }
  if (q.type != model::QuestionType::kSingleAnswer) loss_.Drop("type");
  static const FieldSet kHeld = {"exam",
                                 "domain",
                                 "stem",
                                 "trap",
                                 "stated_answer",
                                 "explanation",
                                 "authors",
                                 "review.date",
                                 "review.reviewer",
                                 "review.checked_against",
                                 "origin.statement",
                                 "suppress",
                                 "extensions.page",
                                 "options.rationale",
                                 "options.extensions.page"};
  ReportQuestionLoss(q, kHeld, loss_);
}

}  // namespace

std::string_view PageFormat::summary() const {
  return "practice pages: title, stem, trap, answer block, option breakdown, author and review";
}

int PageFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (content.starts_with(kBom)) content.remove_prefix(kBom.size());
  std::string_view first = content.substr(0, content.find('\n'));
  if (first.ends_with('\r')) first.remove_suffix(1);
  if (!first.ends_with(kTitleAlone)) return 0;
  for (size_t p = content.find("\nCorrect answer & explanation"); p != std::string_view::npos;
       p = content.find("\nCorrect answer & explanation", p + 1)) {
    std::string_view after = content.substr(p + 29);
    if (after.empty() || after[0] == '\n' || after[0] == '\r') return 90;
  }
  return 30;
}

Status PageFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("page import without a bank");
  bool bom = source.content().starts_with(kBom);
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  const SourceText& text = *decoded->text;
  uint32_t file = decoded->file;
  SplitText split = SplitLines(text.content());
  const std::vector<Line>& lines = split.lines;

  // Pages are separated by a line "---".
  if (text.content().empty()) {
    return text.ErrorAt(0, std::string(kTitleExpected) + "; the file is empty");
  }
  std::vector<std::pair<size_t, size_t>> pages;
  size_t start = 0;
  for (size_t i = 0; i <= lines.size(); ++i) {
    if (i < lines.size() && lines[i].text != kSeparator) continue;
    // Blank lines at the end of a page are layout, not the end of its last field: formats that
    // trim their texts (Moodle XML) would drop them, so a second export differed.
    size_t end = i;
    while (end > start && IsBlank(lines[end - 1].text)) {
      --end;
    }
    pages.emplace_back(start, end);  // empty (start == end) when two separators meet
    start = i + 1;
  }

  // A malformed page is reported at its place and skipped; the file's other pages are read.
  std::vector<Question> questions;
  std::vector<BankFacts> facts;
  for (size_t p = 0; p < pages.size(); ++p) {
    Question q;
    BankFacts page_facts;
    auto [first, end] = pages[p];
    Status parsed;
    if (first == end) {
      size_t at = end < lines.size() ? lines[end].begin : text.content().size();
      parsed = text.ErrorAt(
          at, std::string(kTitleExpected) + (first == 0 ? " before '---'" : " after '---'"));
    } else {
      PageParser parser(text, lines, first, end, file, split.crlf);
      parsed = parser.Parse(q, page_facts);
    }
    if (!parsed.ok()) {
      if (ctx.errors == nullptr) return parsed;
      ctx.AddError(parsed);
      continue;
    }
    if (split.crlf) q.extensions["page"]["line_break"] = "crlf";
    if (p == 0 && bom) q.extensions["page"]["bom"] = true;
    if (p + 1 == pages.size() && split.final_newline) q.extensions["page"]["final_newline"] = true;
    q.id.value = model::DeriveQuestionId(q);
    questions.push_back(std::move(q));
    facts.push_back(std::move(page_facts));
  }

  model::Bank& bank = *ctx.bank;
  for (size_t p = 0; p < questions.size(); ++p) {
    if (bank.exam.empty() && !questions[p].exam.empty()) bank.exam = questions[p].exam;
    if (bank.publisher.empty() && !facts[p].publisher.empty()) bank.publisher = facts[p].publisher;
    if (!bank.declared_size && facts[p].declared_size) {
      bank.declared_size = facts[p].declared_size;
      bank.declared_size_span = facts[p].declared_size_span;
    }
    bank.questions.push_back(std::move(questions[p]));
  }
  return Status::Ok();
}

namespace {

// Why a page cannot hold `q` ("" when it can): a page needs a stem and options.
std::string Unwritable(const Question& q) {
  if (IsBlank(q.stem.value)) return "without a stem: a page needs one";
  if (q.options.empty()) {
    return std::string(model::QuestionTypeName(q.type)) + " without options: a page needs options";
  }
  return "";
}

// The questions a page can hold; each other one is skipped and reported in `loss`.
std::vector<const Question*> PagesToWrite(const model::Bank& bank, LossReport& loss) {
  std::vector<const Question*> pages;
  for (const Question& q : bank.questions) {
    std::string why = Unwritable(q);
    if (why.empty()) {
      pages.push_back(&q);
      continue;
    }
    LossReport::QuestionScope scope(loss, q);
    loss.Drop("questions (" + why + ")");
  }
  return pages;
}

}  // namespace

Result<std::string> PageFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                       LossReport& loss) const {
  if (bank.questions.empty()) {
    return Status::InvalidInput("cannot write an empty bank as pages: a page holds one question");
  }
  std::vector<const Question*> pages = PagesToWrite(bank, loss);
  if (pages.empty()) {
    return Status::InvalidInput(
        "none of the " + std::to_string(bank.questions.size()) +
        " questions can be written as a page: a page needs a stem and options");
  }
  std::string out;
  // The file takes the line break of its first page.
  std::string eol = PageExtensionString(*pages.front(), "line_break") == "crlf" ? "\r\n" : "\n";
  PageWriter writer(bank, eol, loss);
  const Value* first_page = pages.front()->extensions.Find("page");
  const Value* bom = first_page != nullptr ? first_page->Find("bom") : nullptr;
  if (bom != nullptr && bom->is_bool() && bom->as_bool()) out += kBom;
  for (size_t i = 0; i < pages.size(); ++i) {
    LossReport::QuestionScope scope(loss, *pages[i]);
    if (i > 0) out.append(eol).append(kSeparator).append(eol);
    QBANK_RETURN_IF_ERROR(writer.Write(*pages[i], out));
  }
  // Text that starts with U+FEFF (a stray mark in the title) would be read as the file's mark and
  // lost: a mark of the file's own goes first (ExportBank leaves a page's marks to the page).
  if (out.starts_with(kBom) && (bom == nullptr || !bom->is_bool() || !bom->as_bool())) {
    out.insert(0, kBom);
  }
  const Question& last = *pages.back();
  const Value* last_page = last.extensions.Find("page");
  const Value* final_newline = last_page != nullptr ? last_page->Find("final_newline") : nullptr;
  // A file that ends in a line break has it after its last line; so a page whose last line is
  // empty needs one too, or that line would read as the final line break.
  bool ends_empty = out.ends_with('\n');
  if (ends_empty ||
      (final_newline != nullptr && final_newline->is_bool() && final_newline->as_bool())) {
    out += eol;
  }

  // Bank fields travel only inside the page text: held when a re-import finds them again.
  FieldSet held;
  for (const Question& q : bank.questions) {
    if (q.exam == bank.exam) held.insert("bank.exam");
    if (q.origin.statement == bank.origin) held.insert("bank.origin");
    std::optional<DeclaredSize> size = FindDeclaredSize(q.origin.statement.value);
    if (size && bank.declared_size && size->value == *bank.declared_size) {
      held.insert("bank.declared_size");
    }
    std::vector<std::string_view> roles;
    if (!q.authors.empty()) {
      for (const Text& r : q.authors[0].roles) roles.push_back(r.value);
    }
    const NameSighting* publisher = nullptr;
    std::vector<NameSighting> sightings =
        SightPublisher(q.origin.statement.value, PageExtensionString(q, "footer"), roles);
    publisher = ReliablePublisher(sightings);
    if (publisher != nullptr && publisher->name == bank.publisher.value) {
      held.insert("bank.publisher");
    }
  }
  ReportBankLoss(bank, held, loss);
  return out;
}

}  // namespace qbank::formats

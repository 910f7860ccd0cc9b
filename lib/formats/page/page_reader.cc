// The practice-page reader: a line-based parser that maps every line of a page to the model.
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <utility>

#include "base/str_cat.h"
#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/page/page_format.h"
#include "formats/page/page_syntax.h"
#include "formats/source_decoding.h"

namespace qbank::formats {
namespace {

using namespace page_syntax;  // NOLINT(google-build-using-namespace)

using model::Option;
using model::Person;
using model::Question;
using model::Text;
using model::Value;

constexpr size_t kNone = static_cast<size_t>(-1);
constexpr std::string_view kInitialsExpected =
    "expected the author's initials (one word, such as 'JD') on the line before 'Written and "
    "reviewed by'";
constexpr std::string_view kTitleExpected =
    "expected a title line '<EXAM> <Domain> Practice Question'";

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
    std::string mark = StrCat({"'", L(i), "'"});
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
  q.review->reviewer = p.name;
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
  q.review->date.value = *iso;
  q.review->date.span = source_.SpanOf(date_at, date_at + date.size(), file_);
  q.review->date.verbatim = false;
  if (dot == std::string_view::npos) {
    q.review->checked_against = Part(line, L(line).size(), 0);
    return Status::Ok();
  }
  size_t after = kReviewPrefix.size() + dot + kMiddleDot.size();
  if (!L(line).substr(after).starts_with(kCheckedPrefix)) {
    return ErrorAt(lines_[line].begin + after,
                   "expected 'checked against <what>' after the review date and ' \xC2\xB7 '");
  }
  q.review->checked_against = Part(line, after + kCheckedPrefix.size(), kNone);
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
    if (q.trap->empty()) q.extensions["page"]["trap_heading"] = true;
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
  if (q.stated_answer->empty()) q.extensions["page"]["empty_answer"] = true;
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
    q.origin->statement = Field(at.options_end, at.options_end);
    return Status::Ok();
  }
  size_t about_end =
      at.author != kNone ? at.author - 1 : (at.review != kNone ? at.review : at.body_end);
  if (about_end <= at.about) return ErrorAtLine(at.author, kInitialsExpected);
  KeepHeading(q, kAbout, at.about);
  q.origin->statement = Field(at.about + 1, about_end);
  if (q.origin->statement.empty()) q.extensions["page"]["about_heading"] = true;
  return Status::Ok();
}

void PageParser::ReadBankFacts(const Question& q, const Layout& at, BankFacts& facts) const {
  size_t about_first = at.about != kNone ? at.about + 1 : at.options_end;
  size_t about_last = at.options_end;
  if (at.about != kNone) {
    about_last =
        at.author != kNone ? at.author - 1 : (at.review != kNone ? at.review : at.body_end);
  }
  if (std::optional<DeclaredSize> size = FindDeclaredSize(q.origin->statement.value)) {
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
      SightPublisher(q.origin->statement.value, footer_text, role_views);
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

// Splits `text` into lines, from its line index (which the positions of every field need anyway:
// one pass over the bytes, not two). CRLF when every line break is CRLF; then CRs are not line
// text.
struct SplitText {
  std::vector<Line> lines;
  bool crlf = false;
  bool final_newline = false;
};
SplitText SplitLines(const SourceText& text) {
  SplitText out;
  const std::string_view content = text.content();
  const uint32_t count = text.LineCount();  // line breaks + 1
  size_t crlf_breaks = 0;
  for (uint32_t k = 2; k <= count; ++k) {
    const size_t start = text.LineStart(k);  // just after a line feed
    if (start >= 2 && content[start - 2] == '\r') ++crlf_breaks;
  }
  const size_t breaks = count - 1;
  out.crlf = breaks != 0 && crlf_breaks == breaks;
  out.lines.reserve(count);
  for (uint32_t k = 1; k <= count; ++k) {
    const size_t pos = text.LineStart(k);
    if (k == count) {
      // After the last line break: the text ends with it, or with a line of its own.
      if (k > 1 && pos == content.size()) {
        out.final_newline = true;
      } else {
        out.lines.push_back({content.substr(pos), pos});
      }
      break;
    }
    const size_t nl = text.LineStart(k + 1) - 1;
    const size_t end = out.crlf ? nl - 1 : nl;
    out.lines.push_back({content.substr(pos, end - pos), pos});
  }
  return out;
}
}  // namespace

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
  SplitText split = SplitLines(text);
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
  // Each question is parsed in place (moving one costs a tenth of parsing it) in a deque, which
  // grows without moving them.
  model::QuestionList questions;
  std::vector<BankFacts> facts;
  facts.reserve(pages.size());
  for (size_t p = 0; p < pages.size(); ++p) {
    Question& q = questions.emplace_back();
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
      questions.pop_back();
      if (ctx.errors == nullptr) return parsed;
      ctx.AddError(parsed);
      continue;
    }
    if (split.crlf) q.extensions["page"]["line_break"] = "crlf";
    if (p == 0 && bom) q.extensions["page"]["bom"] = true;
    if (p + 1 == pages.size() && split.final_newline) q.extensions["page"]["final_newline"] = true;
    q.id.value = model::DeriveQuestionId(q);
    facts.push_back(std::move(page_facts));
  }

  model::Bank& bank = *ctx.bank;
  for (size_t p = 0; p < questions.size(); ++p) {
    if (bank.exam->empty() && !questions[p].exam->empty()) bank.exam = questions[p].exam;
    if (bank.publisher.empty() && !facts[p].publisher.empty()) bank.publisher = facts[p].publisher;
    if (!bank.declared_size && facts[p].declared_size) {
      bank.declared_size = facts[p].declared_size;
      bank.declared_size_span = facts[p].declared_size_span;
    }
  }
  if (bank.questions.empty()) {
    bank.questions = std::move(questions);
  } else {
    for (Question& q : questions) bank.questions.push_back(std::move(q));
  }
  return Status::Ok();
}

}  // namespace qbank::formats

// Dump import: rendered text split at question headings into stem, options, answer, explanation.
#include <algorithm>
#include <optional>

#include "base/utf8_text.h"
#include "formats/dump/dump_format.h"
#include "formats/dump/dump_watermark.h"
#include "formats/source_decoding.h"
#include "text/readable_text.h"

namespace qbank::formats {
namespace {

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Case-insensitive: does `s` at `at` read `word`? Advances `at` past it.
bool Eat(std::string_view s, size_t& at, std::string_view word) {
  if (s.size() - std::min(at, s.size()) < word.size()) return false;
  for (size_t k = 0; k < word.size(); ++k) {
    if (Lower(s[at + k]) != Lower(word[k])) return false;
  }
  at += word.size();
  return true;
}
void SkipBlanks(std::string_view s, size_t& at) {
  while (at < s.size() && IsBlank(s[at])) ++at;
}
bool EatNumber(std::string_view s, size_t& at, std::string* number) {
  size_t begin = at;
  while (at < s.size() && IsDigit(s[at])) ++at;
  if (at == begin) return false;
  *number = std::string(s.substr(begin, at - begin));
  return true;
}

// A question heading at the start of `line`.
struct Heading {
  std::string number;  // as printed
  std::string topic;   // empty when none
  size_t rest = 0;     // where the text after the heading starts in the line
};

// "Topic 2", "Topic 2,", "Topic 2 -", "(Topic 2)" at `at`.
bool EatTopic(std::string_view line, size_t& at, std::string* topic) {
  size_t i = at;
  bool paren = i < line.size() && line[i] == '(';
  if (paren) ++i;
  if (!Eat(line, i, "topic")) return false;
  SkipBlanks(line, i);
  if (i < line.size() && (line[i] == '#' || line[i] == ':')) ++i;
  SkipBlanks(line, i);
  if (!EatNumber(line, i, topic)) return false;
  if (paren) {
    if (i >= line.size() || line[i] != ')') return false;
    ++i;
  }
  SkipBlanks(line, i);
  if (i < line.size() && (line[i] == ',' || line[i] == '-')) ++i;
  SkipBlanks(line, i);
  at = i;
  return true;
}

// The word a heading starts with: "Question", "Ques", "Item", "Problem", or a capital "Q" that
// a number or "#", "." follows ("Q12", "Q.12", "Q#12").
bool EatHeadingWord(std::string_view line, size_t& at, bool any_style, bool* bare_q) {
  if (Eat(line, at, "question")) return true;
  if (!any_style) return false;
  for (std::string_view word : {"ques.", "ques", "item", "problem"}) {
    if (Eat(line, at, word)) return true;
  }
  if (at + 1 < line.size() && line[at] == 'Q' &&
      (IsDigit(line[at + 1]) || line[at + 1] == '#' || line[at + 1] == '.' ||
       (line[at + 1] == ' ' && at + 2 < line.size() && IsDigit(line[at + 2])))) {
    ++at;
    *bare_q = true;
    return true;
  }
  return false;
}

// The headings of any numbering style: QUESTION 37 | QUESTION NO: 12 | NEW QUESTION 4 | Question
// #112Topic 1 | Topic 2, Question #5 | Topic 1 - Question 5 | Question #: 7 | Question 5 of 60 |
// Question 5/60 | Question Number 5 | Q12. | Q.12 | Q#12 | Item 12 | Problem 12 | Question 5
// (Topic 2). Only the headings that say "Question" unless `any_style`.
std::optional<Heading> MatchHeading(std::string_view line, bool any_style = true) {
  size_t at = 0;
  SkipBlanks(line, at);
  Heading h;
  EatTopic(line, at, &h.topic);
  Eat(line, at, "new ");
  bool bare_q = false;
  if (!EatHeadingWord(line, at, any_style, &bare_q)) return std::nullopt;
  SkipBlanks(line, at);
  if (Eat(line, at, "number") || Eat(line, at, "no")) {
    if (at < line.size() && line[at] == '.') ++at;
  } else if (at < line.size() && line[at] == '.') {
    ++at;  // "Q.12"
  }
  SkipBlanks(line, at);
  if (at < line.size() && line[at] == '#') ++at;
  if (at < line.size() && line[at] == ':') ++at;
  SkipBlanks(line, at);
  if (!EatNumber(line, at, &h.number)) return std::nullopt;
  size_t after_number = at;
  SkipBlanks(line, at);
  if (Eat(line, at, "of ") || Eat(line, at, "/")) {
    std::string total;
    SkipBlanks(line, at);
    if (!EatNumber(line, at, &total)) at = after_number;
  }
  SkipBlanks(line, at);
  if (h.topic.empty()) {
    size_t before = at;
    if (at < line.size() && (line[at] == '-' || line[at] == ',')) ++at;
    SkipBlanks(line, at);
    if (!EatTopic(line, at, &h.topic)) at = before;
  }
  // A heading stands alone or is followed by punctuation, not by a word glued to the number; a
  // bare "Q12" only by punctuation or the line's end ("Q1 revenue rose" is a sentence).
  bool punctuated = at < line.size() && (line[at] == '.' || line[at] == ':' || line[at] == ')');
  if (at == after_number && at < line.size() && !IsBlank(line[at]) && !punctuated) {
    return std::nullopt;
  }
  if (bare_q && !Trim(line.substr(after_number)).empty() &&
      std::string_view(".:)").find(line[after_number]) == std::string_view::npos) {
    return std::nullopt;
  }
  if (at < line.size() && (line[at] == '.' || line[at] == ':' || line[at] == ')')) ++at;
  SkipBlanks(line, at);
  h.rest = at;
  return h;
}

// "A. text", "A) text", "(A) text", "A: text", "A - text": the letter and where its text starts.
std::optional<std::pair<char, size_t>> MatchOption(std::string_view line) {
  size_t at = 0;
  SkipBlanks(line, at);
  bool paren = at < line.size() && line[at] == '(';
  if (paren) ++at;
  if (at >= line.size() || line[at] < 'A' || line[at] > 'H') return std::nullopt;
  char letter = line[at++];
  if (at >= line.size()) return std::nullopt;
  if (paren) {
    if (line[at] != ')') return std::nullopt;
    ++at;
  } else if (line[at] == '.' || line[at] == ')' || line[at] == ':') {
    ++at;
  } else {
    SkipBlanks(line, at);
    if (at >= line.size() || line[at] != '-') return std::nullopt;
    ++at;
  }
  if (at < line.size() && !IsBlank(line[at])) return std::nullopt;
  SkipBlanks(line, at);
  if (at >= line.size()) return std::nullopt;
  return std::make_pair(letter, at);
}

// "Correct Answer: BD", "Answer: B", "Suggested Answer: A", "Selected Answer: C", "Correct
// Answers: B, D": the letters and whether a forum member selected them.
struct AnswerLine {
  std::string letters;
  bool selected = false;  // "Selected Answer": one reader's vote
};
std::optional<AnswerLine> MatchAnswer(std::string_view line) {
  size_t at = 0;
  SkipBlanks(line, at);
  AnswerLine a;
  if (Eat(line, at, "selected ")) {
    a.selected = true;
  } else if (!Eat(line, at, "correct ")) {
    Eat(line, at, "suggested ");
  }
  if (!Eat(line, at, "answers") && !Eat(line, at, "answer") && !Eat(line, at, "ans")) {
    return std::nullopt;
  }
  SkipBlanks(line, at);
  if (at >= line.size() || line[at] != ':') return std::nullopt;
  ++at;
  for (; at < line.size(); ++at) {
    char c = line[at];
    if (c >= 'A' && c <= 'H') {
      a.letters.push_back(c);
    } else if (!IsBlank(c) && c != ',' && c != '&' && c != '.') {
      break;
    }
  }
  if (a.letters.empty()) return std::nullopt;
  return a;
}

// "Explanation/Reference:", "Explanation:", "Reference:", "Explanation" alone: where its text
// starts in the line.
std::optional<size_t> MatchExplanation(std::string_view line) {
  size_t at = 0;
  SkipBlanks(line, at);
  if (!Eat(line, at, "explanation") && !Eat(line, at, "reference")) return std::nullopt;
  if (at < line.size() && line[at] == '/') {
    ++at;
    if (!Eat(line, at, "reference")) return std::nullopt;
  }
  SkipBlanks(line, at);
  if (at < line.size() && line[at] == ':') {
    ++at;
  } else if (at < line.size()) {
    return std::nullopt;
  }
  SkipBlanks(line, at);
  return at;
}

// Vote, forum and layout residue: whole lines that are no part of a question.
bool IsResidue(std::string_view line) {
  std::string_view t = Trim(line);
  size_t at = 0;
  for (std::string_view start :
       {"community vote distribution", "most voted", "highly voted", "upvoted ", "reveal solution",
        "hide solution", "discussion ", "section:", "comments", "reply", "report"}) {
    at = 0;
    if (Eat(t, at, start)) return true;
  }
  // A vote distribution: "B (67%)  A (33%)".
  return !t.empty() && t.size() < 40 && t.find('%') != std::string_view::npos &&
         t.find('(') != std::string_view::npos && t[0] >= 'A' && t[0] <= 'H';
}

// The end of a field's last line without trailing residue ("A. 443 Most Voted").
size_t WithoutResidueSuffix(std::string_view text, size_t begin, size_t end) {
  for (std::string_view suffix : {"Most Voted", "Highly Voted"}) {
    std::string_view field = text.substr(begin, end - begin);
    if (field.size() >= suffix.size() && field.ends_with(suffix)) end -= suffix.size();
  }
  while (end > begin && (IsBlank(text[end - 1]) || text[end - 1] == '\n')) --end;
  return end;
}

}  // namespace

namespace {

// A byte range of the rendered text.
struct Range {
  size_t begin = 0;
  size_t end = 0;
  bool empty() const { return end <= begin; }
};

struct DumpOption {
  char letter = 0;
  Range text;
  size_t line_begin = 0;
};

// One question as read, before it becomes a model::Question.
struct DumpQuestion {
  Heading heading;
  size_t heading_begin = 0;  // rendered offset of the heading line
  Range stem;
  std::vector<DumpOption> options;
  std::string answer;
  Range answer_range;
  bool answer_selected = false;
  Range explanation;
};

class DumpReader {
 public:
  DumpReader(const SourceText& source, uint32_t file, ImportContext& ctx)
      : source_(source), file_(file), ctx_(ctx) {}

  void Run() {
    std::string_view content = source_.content();
    text_ = text::LooksLikeHtml(content) ? text::HtmlToText(content) : text::Identity(content);
    text_ = text::RepairPdfText(text_);
    std::string_view s = text_.text;
    size_t pos = 0;
    while (pos <= s.size()) {
      size_t nl = s.find('\n', pos);
      size_t end = nl == std::string_view::npos ? s.size() : nl;
      ReadLine(pos, s.substr(pos, end - pos));
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    Finish();
    if (questions_ == 0 && errors_ == 0) {
      ctx_.AddError(source_, 0,
                    "expected dump questions, each under a heading such as \"QUESTION 1\" or "
                    "\"Question #1 Topic 1\"; found none");
    }
  }

 private:
  enum class Phase { kOutside, kStem, kOptions, kAfterAnswer, kExplanation };

  void ReadLine(size_t begin, std::string_view line) {
    if (std::optional<Heading> heading = MatchHeading(line)) {
      if (RepeatsHeading(*heading)) {
        // A forum copy prints each heading twice ("Topic 1 Question #1" over "Question #1Topic
        // 1"): the second opens the same question.
        if (current_.heading.topic.empty()) current_.heading.topic = heading->topic;
        std::string_view rest = line.substr(heading->rest);
        if (!Trim(rest).empty()) Extend(current_.stem, begin + heading->rest, begin + line.size());
        return;
      }
      Finish();
      current_ = DumpQuestion();
      current_.heading = *heading;
      current_.heading_begin = begin + static_cast<size_t>(line.find_first_not_of(" \t"));
      phase_ = Phase::kStem;
      std::string_view rest = line.substr(heading->rest);
      if (!Trim(rest).empty()) Extend(current_.stem, begin + heading->rest, begin + line.size());
      return;
    }
    if (phase_ == Phase::kOutside) return;
    if (IsResidue(line) || IsWholeWatermark(line)) {
      if (phase_ == Phase::kExplanation) phase_ = Phase::kAfterAnswer;
      return;
    }
    if (std::optional<AnswerLine> answer = MatchAnswer(line)) {
      TakeAnswer(*answer, begin, line);
      return;
    }
    if (std::optional<size_t> explanation = MatchExplanation(line)) {
      phase_ = Phase::kExplanation;
      if (*explanation < line.size()) {
        Extend(current_.explanation, begin + *explanation, begin + line.size());
      }
      return;
    }
    if (Trim(line).empty()) return;
    ReadContentLine(begin, line);
  }

  // Whether `heading` is the current question's heading again, before any of its text.
  bool RepeatsHeading(const Heading& heading) const {
    return phase_ == Phase::kStem && current_.stem.empty() &&
           heading.number == current_.heading.number &&
           (heading.topic.empty() || current_.heading.topic.empty() ||
            heading.topic == current_.heading.topic);
  }

  // A dump site's watermark that fills the line (dump_watermark.h), whatever the site.
  static bool IsWholeWatermark(std::string_view line) {
    std::vector<std::pair<size_t, size_t>> marks = FindDumpWatermarks(line);
    std::string_view t = Trim(line);
    return marks.size() == 1 && marks[0].second - marks[0].first == t.size();
  }

  void ReadContentLine(size_t begin, std::string_view line) {
    std::optional<std::pair<char, size_t>> option = MatchOption(line);
    if (option && (phase_ == Phase::kStem || phase_ == Phase::kOptions)) {
      phase_ = Phase::kOptions;
      DumpOption o;
      o.letter = option->first;
      o.line_begin = begin;
      Extend(o.text, begin + option->second, begin + line.size());
      current_.options.push_back(o);
      return;
    }
    switch (phase_) {
      case Phase::kStem:
        Extend(current_.stem, begin, begin + line.size());
        break;
      case Phase::kOptions:
        Extend(current_.options.back().text, begin, begin + line.size());  // a wrapped line
        break;
      case Phase::kExplanation:
        Extend(current_.explanation, begin, begin + line.size());
        break;
      default:
        break;  // forum comments and other text after the answer
    }
  }

  void TakeAnswer(const AnswerLine& answer, size_t begin, std::string_view line) {
    // The dump's own answer wins over a forum member's selection.
    if (current_.answer.empty() || (current_.answer_selected && !answer.selected)) {
      current_.answer = answer.letters;
      current_.answer_selected = answer.selected;
      size_t first = line.find_first_not_of(" \t");
      current_.answer_range = {begin + first, begin + line.size()};
    }
    if (phase_ != Phase::kExplanation) phase_ = Phase::kAfterAnswer;
  }

  static void Extend(Range& range, size_t begin, size_t end) {
    if (range.empty()) range.begin = begin;
    range.end = end;
  }

  model::Text MakeText(Range r) const {
    std::string_view s = text_.text;
    while (r.begin < r.end && (IsBlank(s[r.begin]) || s[r.begin] == '\n')) ++r.begin;
    r.end = WithoutResidueSuffix(s, r.begin, r.end);
    model::Text t(std::string(s.substr(r.begin, r.end - r.begin)));
    size_t from = text_.SourceOffset(r.begin);
    size_t to = r.end > r.begin ? text_.SourceOffset(r.end - 1) + 1 : from;
    t.span = source_.SpanOf(from, std::max(from, to), file_);
    t.verbatim = text_.Verbatim(source_.content(), r.begin, r.end);
    return t;
  }

  void Finish();

  const SourceText& source_;
  uint32_t file_;
  ImportContext& ctx_;
  text::ReadableText text_;
  Phase phase_ = Phase::kOutside;
  DumpQuestion current_;
  size_t questions_ = 0;
  size_t errors_ = 0;
};

void DumpReader::Finish() {
  if (phase_ == Phase::kOutside) return;
  phase_ = Phase::kOutside;
  const DumpQuestion& d = current_;
  size_t heading_source = text_.SourceOffset(d.heading_begin);
  if (d.stem.empty()) {
    ctx_.AddError(
        source_, heading_source,
        "expected the question text after the heading of dump question " + d.heading.number);
    ++errors_;
    return;
  }
  model::Question q;
  q.id.value =
      (d.heading.topic.empty() ? "" : "t" + d.heading.topic + "-") + "q" + d.heading.number;
  q.stem = MakeText(d.stem);
  for (const DumpOption& o : d.options) {
    model::Option option;
    option.text = MakeText(o.text);
    option.correct = d.answer.find(o.letter) != std::string::npos;
    size_t option_source = text_.SourceOffset(o.line_begin);
    option.span = source_.SpanOf(option_source, option_source + 1, file_);
    q.options.push_back(std::move(option));
  }
  if (!d.answer_range.empty()) q.stated_answer = MakeText(d.answer_range);
  if (!d.explanation.empty()) q.explanation = MakeText(d.explanation);
  size_t keys = q.KeyIndexes().size();
  if (q.options.empty()) {
    q.type = model::QuestionType::kOther;
  } else if (keys > 1) {
    q.type = model::QuestionType::kMultipleAnswer;
  }
  model::Value::Object extensions;
  std::string number = d.heading.number;
  if (!d.heading.topic.empty()) number = "Topic " + d.heading.topic + " #" + number;
  extensions.emplace("dump_question", model::Value(number));
  q.extensions = model::Value(std::move(extensions));
  size_t end = text_.SourceOffset(std::max({d.stem.end, d.explanation.end, d.answer_range.end}));
  q.span = source_.SpanOf(heading_source, std::max(end, heading_source), file_);
  ctx_.bank->questions.push_back(std::move(q));
  ++questions_;
}

}  // namespace

int DumpFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  std::string rendered =
      text::LooksLikeHtml(content) ? text::HtmlToText(content).text : std::string(content);
  std::string_view s = rendered;
  // Headings that say "Question" count alone; other numbering styles ("Q12.", "Item 12") only
  // beside a dump answer line, as plain quiz files number their questions that way too.
  int headings = 0;
  int other_headings = 0;
  bool answer_line = false;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t nl = s.find('\n', pos);
    size_t end = nl == std::string_view::npos ? s.size() : nl;
    std::string_view line = s.substr(pos, end - pos);
    if (MatchHeading(line, false)) {
      ++headings;
    } else if (MatchHeading(line)) {
      ++other_headings;
    }
    size_t at = 0;
    std::string_view t = Trim(line);
    if (Eat(t, at, "correct answer") || Eat(t, at, "suggested answer") ||
        Eat(t, at, "explanation/reference") || Eat(t, at, "community vote distribution")) {
      answer_line = true;
    }
    pos = end + 1;
  }
  return (headings >= 2 || (headings + other_headings >= 1 && answer_line)) ? 95 : 0;
}

Status DumpFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("dump import without a bank");
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  DumpReader reader(*decoded->text, decoded->file, ctx);
  reader.Run();
  return Status::Ok();
}

}  // namespace qbank::formats

// text2qti's plain-text quiz read line by line: each line is told by how it starts (a question
// number, a choice letter, a feedback mark, ...) or continues the text above it when indented.
#include <cctype>
#include <cmath>
#include <optional>
#include <unordered_set>

#include "base/utf8_text.h"
#include "formats/question_names.h"
#include "formats/source_decoding.h"
#include "formats/text2qti/text2qti_format.h"
#include "model/numerical_answer.h"

namespace qbank::formats {
namespace {

using model::QuestionType;

// The quiz options text2qti takes before the first question ("shuffle answers: true").
constexpr std::string_view kQuizOptions[] = {"shuffle answers", "show correct answers",
                                             "one question at a time", "can't go back",
                                             "feedback is shown"};

bool IsSpaceOrTab(char c) { return c == ' ' || c == '\t'; }

// The line's indentation in columns, tabs expanded to 4 as text2qti does.
size_t Indent(std::string_view line, size_t* bytes) {
  size_t col = 0;
  size_t i = 0;
  for (; i < line.size() && IsSpaceOrTab(line[i]); ++i)
    col = line[i] == '\t' ? (col / 4 + 1) * 4 : col + 1;
  if (bytes != nullptr) *bytes = i;
  return col;
}

// "key:" at the start of `line` (as written); `rest` is what follows, trimmed.
bool StartsWithKey(std::string_view line, std::string_view key, std::string_view& rest) {
  if (!line.starts_with(key) || line.size() <= key.size() || line[key.size()] != ':') return false;
  rest = Trim(line.substr(key.size() + 1));
  return true;
}

// A marker ("...", "+", "*a)", "[*]", "=") followed by at least one space or tab: the offset of
// the text after them, or npos.
size_t AfterMarker(std::string_view line, size_t marker) {
  if (marker >= line.size() || !IsSpaceOrTab(line[marker])) {
    return marker == line.size() ? marker : std::string_view::npos;
  }
  size_t i = marker;
  while (i < line.size() && IsSpaceOrTab(line[i])) ++i;
  return i;
}

bool IsRun(std::string_view line, char c) {
  std::string_view t = TrimRight(line);
  if (t.size() < 3) return false;
  for (char x : t) {
    if (x != c) return false;
  }
  return true;
}

std::string WithoutUnderscores(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c != '_') out += c;
  }
  return out;
}

class Text2QtiReader {
 public:
  Text2QtiReader(const SourceText& text, uint32_t file, ImportContext& ctx)
      : text_(text), content_(text.content()), file_(file), ctx_(ctx), used_(UsedIds(*ctx.bank)) {}

  void Run() {
    size_t pos = 0;
    while (pos < content_.size()) {
      size_t nl = content_.find('\n', pos);
      size_t end = nl == std::string_view::npos ? content_.size() : nl;
      std::string_view line = content_.substr(pos, end - pos);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      ReadLine(pos, line);
      pos = end + 1;
    }
    Finish();
    if (in_group_)
      Error(content_.size(),
            "expected END_GROUP to close the GROUP on line " + std::to_string(group_line_));
    if (!pending_title_.empty() || !pending_points_.empty()) {
      Error(pending_at_, "expected a question or a \"Text:\" region after this line");
    }
    if (!description_.empty()) {
      ctx_.bank->extensions[std::string(text2qti::kExtension)]["description"] = description_.value;
    }
  }

 private:
  enum class Kind { kNone, kChoice, kMultiple, kNumerical, kShort, kEssay, kFile };

  // One line: a continuation of the text before it, a quiz setting, a group line, the start of
  // a question, or one of its answer lines.
  void ReadLine(size_t begin, std::string_view line) {
    if (Trim(line).empty()) {
      blank_ = true;
      return;
    }
    size_t lead = 0;
    size_t indent = Indent(line, &lead);
    if (indent > 0 && target_ != nullptr && indent >= target_column_) {
      Continue(begin + lead, Trim(line));
      return;
    }
    if (indent > 0 && target_ != nullptr) {
      Fail(begin + lead, "a wrapped line must be indented as far as the text it continues (" +
                             std::to_string(target_column_) + " columns)");
      return;
    }
    blank_ = false;
    target_ = nullptr;
    std::string_view t = line.substr(lead);
    size_t at = begin + lead;
    if (!started_ && ReadQuizLine(at, t)) return;
    if (ReadGroupLine(at, t) || ReadQuestionStart(at, t)) return;
    if (skipping_) return;
    if (!open_) {
      Error(at, "expected a question (\"1.  text\"), \"Title:\", \"Points:\" or \"Text:\"");
      skipping_ = true;
      return;
    }
    if (q_.type == QuestionType::kDescription) {
      Error(at, "a \"Text:\" region has no answers; expected a question (\"1.  text\")");
      Abandon();
      return;
    }
    ReadAnswerLine(at, t);
  }

  // The quiz title, description and options, before the first question; false for another line.
  bool ReadQuizLine(size_t at, std::string_view t) {
    std::string_view rest;
    if (StartsWithKey(t, "Quiz title", rest)) {
      ctx_.bank->title.value = std::string(rest);
      ctx_.bank->title.span = text_.SpanOf(at, at + t.size(), file_);
      SetTarget(&ctx_.bank->title, at, t.size() - rest.size());
      return true;
    }
    if (StartsWithKey(t, "Quiz description", rest)) {
      description_.value = std::string(rest);
      SetTarget(&description_, at, t.size() - rest.size());
      return true;
    }
    for (std::string_view key : kQuizOptions) {
      if (StartsWithKey(t, key, rest)) {
        ctx_.bank->extensions[std::string(text2qti::kExtension)]["options"][std::string(key)] =
            std::string(rest);
        return true;
      }
    }
    return false;
  }

  // GROUP, END_GROUP and a group's settings; false for another line.
  bool ReadGroupLine(size_t at, std::string_view t) {
    std::string_view rest;
    if (t == "GROUP") {
      Finish();
      if (in_group_) {
        Error(at, "expected END_GROUP before another GROUP");
        return true;
      }
      in_group_ = true;
      group_line_ = text_.PositionAt(at).line;
      group_ = model::Value();
      group_["index"] = static_cast<int64_t>(++groups_);
      group_open_ = true;
      return true;
    }
    if (t == "END_GROUP") {
      Finish();
      if (!in_group_) Error(at, "END_GROUP without a GROUP before it");
      in_group_ = false;
      return true;
    }
    if (group_open_ &&
        (StartsWithKey(t, "pick", rest) || StartsWithKey(t, "points per question", rest))) {
      group_[t.starts_with("pick") ? "pick" : "points"] = std::string(rest);
      return true;
    }
    return false;
  }

  // A line that ends the question before it: a title, points, a "Text:" region, a code block or a
  // numbered question; false for another line.
  bool ReadQuestionStart(size_t at, std::string_view t) {
    std::string_view rest;
    if (StartsWithKey(t, "Title", rest)) {
      Finish();
      pending_title_ = std::string(rest);
      pending_at_ = at;
      return true;
    }
    if (StartsWithKey(t, "Points", rest)) {
      Finish();
      if (!model::NotationNumber(rest)) {
        Error(at,
              "expected a number of points after \"Points:\", found \"" + std::string(rest) + "\"");
        return true;
      }
      pending_points_ = std::string(rest);
      if (pending_title_.empty()) pending_at_ = at;
      return true;
    }
    if (StartsWithKey(t, "Text", rest)) {
      Finish();
      Start(at, QuestionType::kDescription);
      q_.stem.value = std::string(rest);
      q_.stem.span = text_.SpanOf(at + t.size() - rest.size(), at + t.size(), file_);
      q_.stem.verbatim = true;
      SetTarget(&q_.stem, at, t.size() - rest.size());
      return true;
    }
    if (t.starts_with("```")) {
      Finish();
      Error(at,
            "executable code blocks are not run by qbank; run text2qti --run-code-blocks and "
            "read its output");
      skipping_ = true;
      return true;
    }
    size_t digits = 0;
    while (digits < t.size() && std::isdigit(static_cast<unsigned char>(t[digits]))) ++digits;
    if (digits > 0 && digits < t.size() && t[digits] == '.') {
      size_t text = AfterMarker(t, digits + 1);
      if (text != std::string_view::npos) {
        Finish();
        Start(at, QuestionType::kSingleAnswer);
        SetText(q_.stem, at, t, text);
        return true;
      }
    }
    return false;
  }

  void ReadAnswerLine(size_t at, std::string_view t) {
    size_t text = std::string_view::npos;
    if (t.starts_with("...") && (text = AfterMarker(t, 3)) != std::string_view::npos) {
      if (q_.options.empty() || kind_ == Kind::kNumerical || kind_ == Kind::kShort) {
        if (!q_.explanation.empty()) return Fail(at, "a second general feedback line (\"...\")");
        SetText(q_.explanation, at, t, text);
      } else {
        model::Option& o = q_.options.back();
        if (!o.rationale.get().empty()) return Fail(at, "a second feedback line for this choice");
        SetText(*o.rationale, at, t, text);
      }
      return;
    }
    if ((t.starts_with("+") || t.starts_with("-")) &&
        (text = AfterMarker(t, 1)) != std::string_view::npos) {
      model::Text& feedback = feedback_[t[0] == '+' ? 0 : 1];
      if (!feedback.empty()) return Fail(at, std::string("a second \"") + t[0] + "\" line");
      SetText(feedback, at, t, text);
      return;
    }
    size_t star = t.starts_with("*") ? 1 : 0;
    if (star + 1 < t.size() && std::isalpha(static_cast<unsigned char>(t[star])) &&
        t[star + 1] == ')' && (text = AfterMarker(t, star + 2)) != std::string_view::npos) {
      if (!SetKind(at, Kind::kChoice)) return;
      AddOption(at, t, text, star == 1);
      return;
    }
    if (t.size() >= 3 && t[0] == '[' && (t[1] == ' ' || t[1] == '*') && t[2] == ']' &&
        (text = AfterMarker(t, 3)) != std::string_view::npos) {
      if (!SetKind(at, Kind::kMultiple)) return;
      AddOption(at, t, text, t[1] == '*');
      return;
    }
    if (t.starts_with("=") && (text = AfterMarker(t, 1)) != std::string_view::npos) {
      if (!SetKind(at, Kind::kNumerical)) return;
      if (!q_.options.empty()) return Fail(at, "a numerical question takes one \"=\" answer");
      Numerical(at, t, text);
      return;
    }
    if (t.starts_with("*") && (text = AfterMarker(t, 1)) != std::string_view::npos) {
      if (!SetKind(at, Kind::kShort)) return;
      AddOption(at, t, text, true);
      return;
    }
    if (IsRun(t, '_') || IsRun(t, '^')) {
      if (!SetKind(at, t[0] == '_' ? Kind::kEssay : Kind::kFile)) return;
      return;
    }
    Fail(at,
         "expected a choice (\"a)\", \"*b)\", \"[ ]\", \"[*]\"), feedback (\"...\", \"+\", "
         "\"-\"), an answer (\"=\", \"*\") or \"____\" / \"^^^^\"");
  }

  bool SetKind(size_t at, Kind kind) {
    if (kind_ == Kind::kNone) {
      kind_ = kind;
      return true;
    }
    if (kind_ == kind && kind != Kind::kEssay && kind != Kind::kFile) return true;
    Fail(at,
         "this answer line does not go with the question's earlier answers (a question is "
         "one kind: choices, [ ] answers, \"=\", \"*\", \"____\" or \"^^^^\")");
    return false;
  }

  void AddOption(size_t at, std::string_view t, size_t text, bool correct) {
    q_.options.emplace_back();
    model::Option& o = q_.options.back();
    SetText(o.text, at, t, text);  // after the push: continuation lines extend it in place
    o.correct = correct;
    if (correct) o.correct_span = text_.SpanOf(at, at + 1, file_);
    o.span = text_.SpanOf(at, at + t.size(), file_);
  }

  void Numerical(size_t at, std::string_view t, size_t text) {
    std::string_view answer = Trim(t.substr(text));
    model::Option o;
    o.correct = true;
    o.text.span = text_.SpanOf(at + text, at + t.size(), file_);
    o.span = o.text.span;
    std::string error;
    std::optional<std::string> notation = text2qti::NumericalNotation(answer, &error);
    if (!notation) return Fail(at + text, error);
    o.text.value = *notation;
    if (*notation != answer) {
      o.extensions[std::string(text2qti::kExtension)]["answer"] = std::string(answer);
    } else {
      o.text.verbatim = true;
    }
    q_.options.push_back(std::move(o));
  }

  void Start(size_t at, QuestionType type) {
    started_ = true;
    skipping_ = false;
    open_ = true;
    kind_ = Kind::kNone;
    q_ = model::Question();
    feedback_[0] = feedback_[1] = model::Text();
    q_.type = type;
    q_.markup = model::Markup::kMarkdown;
    begin_ = pending_title_.empty() && pending_points_.empty() ? at : pending_at_;
    end_ = at;
    title_ = std::move(pending_title_);
    if (!pending_points_.empty()) {
      q_.extensions[std::string(text2qti::kExtension)]["points"] = pending_points_;
    }
    if (in_group_) q_.extensions[std::string(text2qti::kExtension)]["group"] = group_;
    group_open_ = false;
    pending_title_.clear();
    pending_points_.clear();
  }

  // `t` from offset `text` on is the text of `field`, which continuation lines may extend.
  void SetText(model::Text& field, size_t at, std::string_view t, size_t text) {
    std::string_view value = TrimRight(t.substr(text));
    field.value = std::string(value);
    field.span = text_.SpanOf(at + text, at + text + value.size(), file_);
    field.verbatim = true;
    SetTarget(&field, at, text);
    end_ = at + t.size();
  }

  // Indented lines after this one continue `field`, whose text starts `text` bytes after `at`.
  void SetTarget(model::Text* field, size_t at, size_t text) {
    target_ = field;
    size_t line_start = at;
    while (line_start > 0 && content_[line_start - 1] != '\n') --line_start;
    target_column_ = Indent(content_.substr(line_start, at - line_start), nullptr) + text;
    blank_ = false;
  }

  void Continue(size_t at, std::string_view t) {
    target_->value += (blank_ ? "\n\n" : "\n") + std::string(t);
    target_->verbatim = false;
    SourceSpan more = text_.SpanOf(at, at + t.size(), file_);
    target_->span.end_line = more.end_line;
    target_->span.end_column = more.end_column;
    blank_ = false;
    end_ = at + t.size();
  }

  void Fail(size_t at, std::string_view message) {
    Error(at, message);
    Abandon();
  }

  void Abandon() {
    open_ = false;
    skipping_ = true;
    target_ = nullptr;
  }

  // Ends the question being read, if any, and adds it when it is whole.
  void Finish() {
    target_ = nullptr;
    if (!open_) return;
    open_ = false;
    model::Question& q = q_;
    if (q.type != QuestionType::kDescription) {
      switch (kind_) {
        case Kind::kNone:
          Error(begin_, "expected choices, \"=\", \"*\", \"____\" or \"^^^^\" after the question");
          return;
        case Kind::kChoice: {
          size_t keys = q.KeyIndexes().size();
          if (keys != 1) {
            Error(begin_, "expected exactly one choice marked correct (\"*a)\"), found " +
                              std::to_string(keys) + "; \"[*]\" marks several");
            return;
          }
          q.type = QuestionType::kSingleAnswer;
          if (q.options.size() == 2 && EqualsWord(q.options[0].text.value, "true") &&
              EqualsWord(q.options[1].text.value, "false")) {
            q.type = QuestionType::kTrueFalse;
          }
          break;
        }
        case Kind::kMultiple:
          q.type = QuestionType::kMultipleAnswer;
          break;
        case Kind::kNumerical:
          q.type = QuestionType::kNumerical;
          break;
        case Kind::kShort:
          q.type = QuestionType::kShortAnswer;
          break;
        case Kind::kEssay:
          q.type = QuestionType::kEssay;
          break;
        case Kind::kFile:
          q.type = QuestionType::kOther;
          q.extensions[std::string(text2qti::kExtension)]["type"] = "file_upload";
          break;
      }
    }
    const char* kFeedback[] = {"correct_feedback", "incorrect_feedback"};
    for (int i = 0; i < 2; ++i) {
      if (!feedback_[i].empty()) {
        q.extensions[std::string(text2qti::kExtension)][kFeedback[i]] = feedback_[i].value;
      }
    }
    if (!title_.empty() && !AdoptTitleAsId(q, title_, used_)) {
      q.extensions[std::string(text2qti::kExtension)]["title"] = title_;
    }
    q.span = text_.SpanOf(begin_, std::max(begin_, end_), file_);
    ctx_.bank->questions.push_back(std::move(q));
    q_ = model::Question();
  }

  static bool EqualsWord(std::string_view a, std::string_view word) {
    if (a.size() != word.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(a[i])) != word[i]) return false;
    }
    return true;
  }

  void Error(size_t offset, std::string_view message) { ctx_.AddError(text_, offset, message); }

  const SourceText& text_;
  std::string_view content_;
  uint32_t file_;
  ImportContext& ctx_;
  std::unordered_set<std::string> used_;
  model::Question q_;
  model::Text feedback_[2];  // where the correct and incorrect feedback are read into
  model::Text description_;
  Kind kind_ = Kind::kNone;
  bool open_ = false;              // q_ is being read
  bool started_ = false;           // a question or region has started (quiz lines are over)
  bool skipping_ = false;          // after an error, up to the next question
  bool blank_ = false;             // a blank line since the last text line
  model::Text* target_ = nullptr;  // what an indented line continues
  size_t target_column_ = 0;
  std::string title_;
  std::string pending_title_;
  std::string pending_points_;
  size_t pending_at_ = 0;
  size_t begin_ = 0;
  size_t end_ = 0;
  bool in_group_ = false;
  bool group_open_ = false;  // right after GROUP, where pick: and points per question: go
  uint32_t group_line_ = 0;
  int64_t groups_ = 0;
  model::Value group_;
};

}  // namespace

namespace text2qti {

std::optional<std::string> NumericalNotation(std::string_view answer, std::string* error) {
  answer = Trim(answer);
  auto number = [](std::string_view s) { return model::NotationNumber(WithoutUnderscores(s)); };
  auto fail = [&](std::string message) -> std::optional<std::string> {
    if (error != nullptr) *error = std::move(message);
    return std::nullopt;
  };
  if (answer.starts_with("[") && answer.ends_with("]")) {
    std::string_view inner = answer.substr(1, answer.size() - 2);
    size_t comma = inner.find(',');
    std::optional<double> low, high;
    if (comma != std::string_view::npos) {
      low = number(Trim(inner.substr(0, comma)));
      high = number(Trim(inner.substr(comma + 1)));
    }
    if (!low || !high || *low > *high) {
      return fail("expected a range \"[min, max]\" of two numbers, min first");
    }
    return WithoutUnderscores(Trim(inner.substr(0, comma))) + ".." +
           WithoutUnderscores(Trim(inner.substr(comma + 1)));
  }
  if (size_t pm = answer.find("+-"); pm != std::string_view::npos) {
    std::string_view value = Trim(answer.substr(0, pm));
    std::string_view margin = Trim(answer.substr(pm + 2));
    bool percent = margin.ends_with("%");
    if (percent) margin = Trim(margin.substr(0, margin.size() - 1));
    std::optional<double> v = number(value);
    std::optional<double> m = number(margin);
    if (!v || !m || *m < 0) {
      return fail(
          "expected \"answer +- margin\" with two numbers (the margin may be a "
          "percentage), found \"" +
          std::string(answer) + "\"");
    }
    if (!percent) return WithoutUnderscores(value) + ":" + WithoutUnderscores(margin);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.15g", std::fabs(*v) * *m / 100);
    return WithoutUnderscores(value) + ":" + buffer;
  }
  if (!number(answer)) {
    return fail(
        "expected a number, a range \"[min, max]\" or \"answer +- margin\" after "
        "\"=\", found \"" +
        std::string(answer) + "\"");
  }
  return WithoutUnderscores(answer);
}

}  // namespace text2qti

Status Text2QtiFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("text2qti import without a bank");
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  Text2QtiReader reader(*decoded->text, decoded->file, ctx);
  reader.Run();
  return Status::Ok();
}

int Text2QtiFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
  size_t pos = 0;
  bool question = false;
  bool first = true;
  while (pos < content.size()) {
    size_t nl = content.find('\n', pos);
    size_t end = nl == std::string_view::npos ? content.size() : nl;
    std::string_view line = TrimRight(content.substr(pos, end - pos));
    pos = end + 1;
    if (line.empty()) continue;
    if (first && line.starts_with("Quiz title:")) return 95;
    first = false;
    size_t digits = 0;
    while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
    if (digits > 0 && digits + 1 < line.size() && line[digits] == '.' &&
        IsSpaceOrTab(line[digits + 1])) {
      question = true;
      continue;
    }
    if (!question) continue;
    size_t star = line.starts_with("*") ? 1 : 0;
    bool choice = star + 2 < line.size() && line[star] >= 'a' && line[star] <= 'z' &&
                  line[star + 1] == ')' && IsSpaceOrTab(line[star + 2]);
    bool multiple = line.size() > 3 && (line.starts_with("[ ]") || line.starts_with("[*]")) &&
                    IsSpaceOrTab(line[3]);
    bool numerical = line.size() > 1 && line[0] == '=' && IsSpaceOrTab(line[1]);
    if (choice || multiple || numerical || IsRun(line, '_') || IsRun(line, '^')) return 75;
  }
  return 0;
}

}  // namespace qbank::formats

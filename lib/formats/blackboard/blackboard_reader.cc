// Blackboard upload text read line by line: each line's fields split at tabs (a quoted field may
// hold tabs and line breaks), then read as the question type in its first field says.
#include <algorithm>
#include <array>
#include <cctype>
#include <functional>

#include "base/utf8_text.h"
#include "formats/blackboard/blackboard_format.h"
#include "formats/question_names.h"
#include "formats/source_decoding.h"
#include "model/numerical_answer.h"

namespace qbank::formats {
namespace blackboard {
namespace {

constexpr std::array<std::string_view, 14> kTypes = {
    "MC",        "MA",  "TF",  "ESS", "SR",  "FIB",
    "FIB_PLUS",  "MAT", "ORD", "NUM", "FIL", "JUMBLED_SENTENCE",
    "QUIZ_BOWL", "OP"};

}  // namespace

bool IsQuestionType(std::string_view token) {
  return std::find(kTypes.begin(), kTypes.end(), token) != kTypes.end();
}

std::string_view TypeList() {
  return "MC, MA, TF, ESS, SR, FIB, FIB_PLUS, MAT, ORD, NUM, FIL, JUMBLED_SENTENCE, QUIZ_BOWL or "
         "OP";
}

bool HasHtmlElement(std::string_view text) {
  for (size_t i = text.find('<'); i != std::string_view::npos; i = text.find('<', i + 1)) {
    size_t k = i + 1;
    if (k < text.size() && text[k] == '/') ++k;
    if (k >= text.size() || !std::isalpha(static_cast<unsigned char>(text[k]))) continue;
    while (k < text.size() && std::isalnum(static_cast<unsigned char>(text[k]))) ++k;
    if (k < text.size() && (text[k] == '>' || text[k] == ' ' || text[k] == '/')) {
      if (text.find('>', k) != std::string_view::npos) return true;
    }
  }
  return false;
}

}  // namespace blackboard

namespace {

using model::QuestionType;

// One field of a line: its value (quotes undone) and where it is.
struct Field {
  std::string value;
  size_t begin = 0;  // offset of the value's first byte (inside the quote when quoted)
  size_t end = 0;    // one past its last byte
  bool verbatim = true;
};

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

class BlackboardReader {
 public:
  BlackboardReader(const SourceText& text, uint32_t file, ImportContext& ctx)
      : text_(text), content_(text.content()), file_(file), ctx_(ctx) {}

  void Run() {
    while (pos_ < content_.size()) {
      size_t line_begin = pos_;
      std::vector<Field> fields;
      std::string error;
      size_t error_at = 0;
      ReadRecord(fields, error, error_at);
      if (!error.empty()) {
        ctx_.AddError(text_, error_at, error);
        continue;
      }
      if (fields.size() == 1 && Trim(fields[0].value).empty()) continue;  // a blank line
      ReadQuestion(line_begin, fields);
    }
  }

 private:
  // Reads the fields up to the end of the line (past a quoted field's line breaks). On a
  // malformed field sets `error` and skips to the end of the line.
  void ReadRecord(std::vector<Field>& fields, std::string& error, size_t& error_at) {
    while (true) {
      Field field;
      if (pos_ < content_.size() && content_[pos_] == '"') {
        size_t quote = pos_;
        ++pos_;
        field.begin = pos_;
        bool closed = false;
        while (pos_ < content_.size()) {
          char c = content_[pos_];
          if (c == '"') {
            if (pos_ + 1 < content_.size() && content_[pos_ + 1] == '"') {
              field.value += '"';
              field.verbatim = false;
              pos_ += 2;
              continue;
            }
            field.end = pos_;
            ++pos_;
            closed = true;
            break;
          }
          field.value += c;
          ++pos_;
        }
        if (!closed) {
          error = "field " + std::to_string(fields.size() + 1) +
                  ": the quoted field is not closed; expected a '\"' before the end of the file";
          error_at = quote;
          return;
        }
        if (field.value.find('\r') != std::string::npos) {
          // A spreadsheet saves CRLF inside quotes too; the text holds line feeds.
          std::string joined;
          for (size_t i = 0; i < field.value.size(); ++i) {
            if (field.value[i] == '\r' && i + 1 < field.value.size() && field.value[i + 1] == '\n')
              continue;
            joined += field.value[i];
          }
          if (joined != field.value) field.verbatim = false;
          field.value = std::move(joined);
        }
        size_t after = pos_;
        while (pos_ < content_.size() && content_[pos_] != '\t' && content_[pos_] != '\n') {
          ++pos_;
        }
        if (!Trim(content_.substr(after, pos_ - after)).empty()) {
          error = "field " + std::to_string(fields.size() + 1) +
                  ": text after the closing quote; expected a tab or the end of the line";
          error_at = after;
          SkipLine();
          return;
        }
      } else {
        field.begin = pos_;
        while (pos_ < content_.size() && content_[pos_] != '\t' && content_[pos_] != '\n') {
          ++pos_;
        }
        field.end = pos_;
        if (field.end > field.begin && content_[field.end - 1] == '\r') --field.end;
        field.value = std::string(content_.substr(field.begin, field.end - field.begin));
      }
      fields.push_back(std::move(field));
      if (pos_ >= content_.size()) return;
      char sep = content_[pos_++];
      if (sep == '\n') return;
    }
  }

  void SkipLine() {
    size_t nl = content_.find('\n', pos_);
    pos_ = nl == std::string_view::npos ? content_.size() : nl + 1;
  }

  // The field as a model text: white space around it trimmed, its span in the file.
  model::Text TextOf(const Field& f) const {
    std::string_view v = f.value;
    size_t lead = v.size() - TrimLeft(v).size();
    std::string_view trimmed = Trim(v);
    model::Text t;
    t.value = std::string(trimmed);
    if (f.verbatim) {
      t.span = text_.SpanOf(f.begin + lead, f.begin + lead + trimmed.size(), file_);
      t.verbatim = true;
    } else {
      t.span = text_.SpanOf(f.begin, f.end, file_);
    }
    return t;
  }

  static std::string_view TrimLeft(std::string_view s) {
    while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
    return s;
  }

  void FieldError(const std::vector<Field>& fields, size_t index, std::string_view message) {
    size_t at = index < fields.size() ? fields[index].begin : fields.back().end;
    ctx_.AddError(text_, at, "field " + std::to_string(index + 1) + ": " + std::string(message));
  }

  model::Option OptionOf(const Field& f) const {
    model::Option o;
    o.text = TextOf(f);
    o.span = o.text.span;
    return o;
  }

  // Reports a problem with field `index` of the fields after the question text.
  using RestError = std::function<void(size_t index, std::string_view message)>;

  void ReadQuestion(size_t line_begin, const std::vector<Field>& fields) {
    std::string type(Trim(fields[0].value));
    if (!blackboard::IsQuestionType(type)) {
      FieldError(fields, 0,
                 "unknown question type \"" + type + "\"; expected " +
                     std::string(blackboard::TypeList()) + " and a tab");
      return;
    }
    if (fields.size() < 2 || Trim(fields[1].value).empty()) {
      FieldError(fields, 1, "expected the question text after \"" + type + "\" and a tab");
      return;
    }
    model::Question q;
    q.stem = TextOf(fields[1]);
    size_t n = fields.size();
    // Trailing empty fields (a spreadsheet pads rows to one width) mean nothing.
    while (n > 2 && Trim(fields[n - 1].value).empty()) --n;
    std::vector<Field> rest(fields.begin() + 2, fields.begin() + static_cast<std::ptrdiff_t>(n));
    RestError error = [&](size_t index, std::string_view message) {
      FieldError(fields, index + 2, message);
    };
    if (!ReadAnswers(type, rest, error, q)) return;
    bool html = blackboard::HasHtmlElement(q.stem.value);
    for (const model::Option& o : q.options) {
      html = html || blackboard::HasHtmlElement(o.text.value) ||
             blackboard::HasHtmlElement(MatchOf(o));
    }
    if (html) q.markup = model::Markup::kHtml;
    size_t end = fields[n - 1].end;
    q.span = text_.SpanOf(line_begin, std::max(end, line_begin), file_);
    ctx_.bank->questions.push_back(std::move(q));
  }

  // The fields after the question text, read as upload type `type` says; false (and an error)
  // when they do not fit it.
  bool ReadAnswers(const std::string& type, const std::vector<Field>& rest, const RestError& error,
                   model::Question& q) {
    if (type == "MC" || type == "MA") return ReadChoices(type, rest, error, q);
    if (type == "TF") return ReadTrueFalse(rest, error, q);
    if (type == "ESS" || type == "SR") return ReadEssay(type, rest, error, q);
    if (type == "FIB") return ReadFillInBlank(rest, error, q);
    if (type == "MAT") return ReadMatching(rest, error, q);
    if (type == "NUM") return ReadNumerical(rest, error, q);
    if (type == "ORD") return ReadOrdering(rest, error, q);
    return ReadCarriedType(type, rest, error, q);
  }

  // MC and MA: answers each followed by correct or incorrect.
  bool ReadChoices(const std::string& type, const std::vector<Field>& rest, const RestError& error,
                   model::Question& q) {
    q.type = type == "MC" ? QuestionType::kSingleAnswer : QuestionType::kMultipleAnswer;
    if (rest.size() % 2 != 0) {
      error(rest.size(), "expected \"correct\" or \"incorrect\" after answer " +
                             std::to_string(rest.size() / 2 + 1));
      return false;
    }
    for (size_t i = 0; i < rest.size(); i += 2) {
      if (Trim(rest[i].value).empty()) {
        error(i, "expected the text of answer " + std::to_string(i / 2 + 1));
        return false;
      }
      model::Option o = OptionOf(rest[i]);
      std::string_view mark = Trim(rest[i + 1].value);
      if (EqualsIgnoringCase(mark, "correct")) {
        o.correct = true;
      } else if (!EqualsIgnoringCase(mark, "incorrect")) {
        error(i + 1, "expected \"correct\" or \"incorrect\" after answer " +
                         std::to_string(i / 2 + 1) + ", found \"" + std::string(mark) + "\"");
        return false;
      }
      o.correct_span = text_.SpanOf(rest[i + 1].begin, rest[i + 1].end, file_);
      q.options.push_back(std::move(o));
    }
    if (q.options.size() < 2) {
      error(rest.size(), "expected at least two answers, each followed by correct|incorrect");
      return false;
    }
    size_t keys = q.KeyIndexes().size();
    if (type == "MC" && keys != 1) {
      error(0, "a multiple-choice (MC) question needs exactly one \"correct\" answer, found " +
                   std::to_string(keys) + (keys > 1 ? " (MA allows several)" : ""));
      return false;
    }
    if (type == "MA" && keys == 0) {
      error(0, "a multiple-answer (MA) question needs at least one \"correct\" answer");
      return false;
    }
    return true;
  }

  // TF: true or false.
  bool ReadTrueFalse(const std::vector<Field>& rest, const RestError& error, model::Question& q) {
    if (rest.size() != 1) {
      error(rest.empty() ? 0 : 1, rest.empty() ? "expected \"true\" or \"false\""
                                               : "expected nothing after \"true\" or \"false\"");
      return false;
    }
    std::string_view key = Trim(rest[0].value);
    bool is_true = EqualsIgnoringCase(key, "true");
    if (!is_true && !EqualsIgnoringCase(key, "false")) {
      error(0, "expected \"true\" or \"false\", found \"" + std::string(key) + "\"");
      return false;
    }
    q.type = QuestionType::kTrueFalse;
    q.options.resize(2);
    q.options[0].text.value = "True";
    q.options[1].text.value = "False";
    model::Option& k = q.options[is_true ? 0 : 1];
    k.correct = true;
    k.correct_span = text_.SpanOf(rest[0].begin, rest[0].end, file_);
    return true;
  }

  // ESS and SR: at most a sample answer.
  static bool ReadEssay(const std::string& type, const std::vector<Field>& rest,
                        const RestError& error, model::Question& q) {
    q.type = QuestionType::kEssay;
    if (rest.size() > 1) {
      error(1, "expected at most a sample answer after the question text of " + type);
      return false;
    }
    if (type == "SR") q.extensions[std::string(blackboard::kExtension)]["type"] = "SR";
    if (!rest.empty()) {
      q.extensions[std::string(blackboard::kExtension)]["sample"] =
          std::string(Trim(rest[0].value));
    }
    return true;
  }

  // FIB: the accepted answers.
  bool ReadFillInBlank(const std::vector<Field>& rest, const RestError& error,
                       model::Question& q) const {
    q.type = QuestionType::kShortAnswer;
    for (size_t i = 0; i < rest.size(); ++i) {
      if (Trim(rest[i].value).empty()) {
        error(i, "expected an accepted answer, found an empty field");
        return false;
      }
      model::Option o = OptionOf(rest[i]);
      o.correct = true;
      q.options.push_back(std::move(o));
    }
    if (q.options.empty()) {
      error(0, "expected at least one accepted answer");
      return false;
    }
    return true;
  }

  // MAT: pairs of an answer and its match.
  bool ReadMatching(const std::vector<Field>& rest, const RestError& error,
                    model::Question& q) const {
    q.type = QuestionType::kMatching;
    if (rest.size() < 2 || rest.size() % 2 != 0) {
      error(rest.size(), "expected pairs of an answer and its match (" +
                             std::to_string(rest.size()) + " fields after the question text)");
      return false;
    }
    for (size_t i = 0; i < rest.size(); i += 2) {
      if (Trim(rest[i].value).empty() || Trim(rest[i + 1].value).empty()) {
        error(Trim(rest[i].value).empty() ? i : i + 1,
              "expected the text of pair " + std::to_string(i / 2 + 1) + ", found an empty field");
        return false;
      }
      model::Option o = OptionOf(rest[i]);
      SetMatch(o, TextOf(rest[i + 1]).value);
      q.options.push_back(std::move(o));
    }
    return true;
  }

  // NUM: the answer and an optional tolerance.
  bool ReadNumerical(const std::vector<Field>& rest, const RestError& error,
                     model::Question& q) const {
    q.type = QuestionType::kNumerical;
    if (rest.empty() || rest.size() > 2) {
      error(rest.empty() ? 0 : 2, rest.empty() ? "expected the numerical answer"
                                               : "expected at most an answer and a tolerance");
      return false;
    }
    std::string_view value = Trim(rest[0].value);
    if (!model::NotationNumber(value)) {
      error(0, "expected a number as the answer, found \"" + std::string(value) + "\"");
      return false;
    }
    model::Option o = OptionOf(rest[0]);
    o.correct = true;
    if (rest.size() == 2) {
      std::string_view tolerance = Trim(rest[1].value);
      std::optional<double> t = model::NotationNumber(tolerance);
      if (!t || *t < 0) {
        error(1, "expected a tolerance (a number, 0 or more), found \"" + std::string(tolerance) +
                     "\"");
        return false;
      }
      o.text.value = std::string(value) + ":" + std::string(tolerance);
      o.text.verbatim = false;
    }
    q.options.push_back(std::move(o));
    return true;
  }

  // ORD: the answers in their right order.
  bool ReadOrdering(const std::vector<Field>& rest, const RestError& error,
                    model::Question& q) const {
    q.type = QuestionType::kOther;
    if (rest.size() < 2) {
      error(rest.size(), "expected at least two answers in their right order");
      return false;
    }
    q.extensions[std::string(blackboard::kExtension)]["type"] = "ORD";
    for (const Field& f : rest) q.options.push_back(OptionOf(f));
    return true;
  }

  // FIB_PLUS, JUMBLED_SENTENCE, QUIZ_BOWL, OP, FIL: types the model has no place for; the fields
  // travel as they are (docs/formats/blackboard.md).
  static bool ReadCarriedType(const std::string& type, const std::vector<Field>& rest,
                              const RestError& error, model::Question& q) {
    q.type = QuestionType::kOther;
    if (type == "FIB_PLUS" && rest.empty()) {
      error(0, "expected a variable and its answers");
      return false;
    }
    model::Value& ext = q.extensions[std::string(blackboard::kExtension)];
    ext["type"] = type;
    model::Value::Array values;
    for (const Field& f : rest) values.emplace_back(f.value);
    if (!values.empty()) ext["fields"] = model::Value(std::move(values));
    return true;
  }

  const SourceText& text_;
  std::string_view content_;
  uint32_t file_;
  ImportContext& ctx_;
  size_t pos_ = 0;
};

}  // namespace

Status BlackboardFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("blackboard import without a bank");
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  BlackboardReader reader(*decoded->text, decoded->file, ctx);
  reader.Run();
  return Status::Ok();
}

int BlackboardFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
  content = content.substr(0, 64 * 1024);
  size_t pos = 0;
  size_t records = 0;
  bool in_quote = false;
  while (pos < content.size()) {
    size_t nl = content.find('\n', pos);
    bool last = nl == std::string_view::npos;
    size_t end = last ? content.size() : nl;
    std::string_view line = content.substr(pos, end - pos);
    if (!in_quote && !Trim(line).empty()) {
      size_t tab = line.find('\t');
      if (tab == std::string_view::npos) {
        // The last line of a cut-off sample may be the start of a record.
        if (!(last && content.size() == 64 * 1024)) return 0;
      } else if (!blackboard::IsQuestionType(line.substr(0, tab))) {
        return 0;
      }
      ++records;
    }
    // A quoted field's line breaks are inside the record: count the quotes that open or close.
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] != '"') continue;
      if (!in_quote) {
        if (i == 0 || line[i - 1] == '\t') in_quote = true;
      } else if (i + 1 < line.size() && line[i + 1] == '"') {
        ++i;
      } else {
        in_quote = false;
      }
    }
    pos = end + 1;
  }
  return records > 0 ? 95 : 0;
}

}  // namespace qbank::formats

// docx import: the numbered-list layout (Respondus, plain Word) and Moodle's Word tables, read
// from the paragraphs docx_document gives; every place a paragraph ("bank.docx:¶37").
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <unordered_set>

#include "base/ascii_text.h"
#include "base/str_cat.h"
#include "base/utf8_text.h"
#include "formats/docx/docx_document.h"
#include "formats/docx/docx_format.h"
#include "formats/docx/docx_markup.h"
#include "formats/media_files.h"
#include "formats/question_names.h"

namespace qbank::formats {
namespace {

using docx::Document;
using docx::FieldRuns;
using docx::ListKind;
using docx::Paragraph;
using docx::Run;
using model::QuestionType;

// The runs of `p` from byte `from` of its text on, the white space after `from` skipped.
std::vector<Run> RunsFrom(const Paragraph& p, size_t from) {
  std::vector<Run> out;
  size_t at = 0;
  for (const Run& r : p.runs) {
    size_t end = at + r.text.size();
    if (end > from || (!r.picture.empty() && at >= from)) {
      Run piece = r;
      if (from > at) piece.text = r.text.substr(from - at);
      out.push_back(std::move(piece));
    }
    at = end;
  }
  // Leading and trailing white space is layout.
  while (!out.empty()) {
    std::string& t = out.front().text;
    size_t lead = 0;
    while (lead < t.size() && IsBlank(t[lead])) ++lead;
    t.erase(0, lead);
    if (!t.empty() || !out.front().picture.empty()) break;
    out.erase(out.begin());
  }
  while (!out.empty()) {
    std::string& t = out.back().text;
    while (!t.empty() && IsBlank(t.back())) t.pop_back();
    if (!t.empty() || !out.back().picture.empty()) break;
    out.pop_back();
  }
  return out;
}

size_t SkipBlanks(std::string_view s, size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return i;
}

// A typed question number: "1." "12)" "Q3." "Q3)" "Question 4." "Question 4:"; the offset of the
// text after it, or npos.
size_t MatchQuestionNumber(std::string_view t) {
  size_t i = SkipBlanks(t, 0);
  if (AsciiStartsWithIgnoringCase(t.substr(i), "question ")) {
    i = SkipBlanks(t, i + 9);
  } else if (i < t.size() && (t[i] == 'Q' || t[i] == 'q')) {
    ++i;
  }
  size_t digits = i;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == digits || i - digits > 5 || i >= t.size()) return std::string_view::npos;
  if (t[i] != '.' && t[i] != ')' && t[i] != ':') return std::string_view::npos;
  ++i;
  if (i < t.size() && t[i] != ' ' && t[i] != '\t') return std::string_view::npos;
  size_t text = SkipBlanks(t, i);
  return text < t.size() ? text : std::string_view::npos;
}

// A typed option letter: "a." "B)" "(c)", with "*" directly in front marking the key.
struct OptionMark {
  size_t star = std::string_view::npos;  // offset of the asterisk, npos when unmarked
  char letter = 0;                       // upper case; 0 for a lettered list's item
  size_t text = 0;                       // offset of the option's text
};

std::optional<OptionMark> MatchOptionLetter(std::string_view t) {
  OptionMark m;
  size_t i = SkipBlanks(t, 0);
  if (i < t.size() && t[i] == '*') m.star = i++;
  bool paren = i < t.size() && t[i] == '(';
  if (paren) ++i;
  if (i + 1 >= t.size() || !std::isalpha(static_cast<unsigned char>(t[i]))) return std::nullopt;
  m.letter = static_cast<char>(std::toupper(static_cast<unsigned char>(t[i])));
  ++i;
  if (paren ? t[i] != ')' : (t[i] != '.' && t[i] != ')')) return std::nullopt;
  ++i;
  if (i < t.size() && t[i] != ' ' && t[i] != '\t') return std::nullopt;
  m.text = SkipBlanks(t, i);
  return m;
}

// "Label: rest" (any case): the offset of the rest, or npos.
size_t MatchLabel(std::string_view t, std::initializer_list<std::string_view> labels) {
  size_t i = SkipBlanks(t, 0);
  for (std::string_view label : labels) {
    if (AsciiStartsWithIgnoringCase(t.substr(i), label) && t.size() > i + label.size() &&
        t[i + label.size()] == ':') {
      return SkipBlanks(t, i + label.size() + 1);
    }
  }
  return std::string_view::npos;
}

// A paragraph's text shortened for a message: "Which planet has the shor…".
std::string Quoted(std::string_view text) {
  text = Trim(text);
  constexpr size_t kMax = 60;
  if (text.size() <= kMax) return StrCat({"\"", text, "\""});
  size_t cut = kMax;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return StrCat({"\"", text.substr(0, cut), "\xE2\x80\xA6\""});
}

// A field as read, with where it starts.
struct Field {
  FieldRuns runs;
  const Paragraph* paragraph = nullptr;  // the first paragraph
  size_t begin = 0;                      // the text's offset in that paragraph
  bool empty() const { return runs.empty(); }
};

struct PendingOption {
  Field text;
  Field rationale;
  const Paragraph* paragraph = nullptr;
  size_t star = std::string_view::npos;
  bool correct = false;
  std::optional<double> weight;
};

// One question being read, in either layout.
struct PendingQuestion {
  const Paragraph* first = nullptr;
  const Paragraph* last = nullptr;
  std::string title;
  std::string type;  // "Type:" (numbered list) or the table's type code; "" when not given
  Field stem;
  std::vector<PendingOption> options;
  Field explanation;
  std::vector<std::string> tags;
  model::Value extensions;
  std::vector<std::pair<const Paragraph*, size_t>> answer;  // "Answer:" lines' letters
  std::vector<size_t> answer_keys;
  bool keys_by_format = false;  // bold or highlight marks the key (not markup)
  bool keys_given = false;      // a table's grades said which options are keys
};

class DocxReader {
 public:
  DocxReader(const Document& doc, uint32_t file, ImportContext& ctx)
      : doc_(doc), text_(*doc.text), file_(file), ctx_(ctx) {
    if (ctx_.bank != nullptr) used_ = UsedIds(*ctx_.bank);
  }

  void Read() {
    for (size_t i = 0; i < doc_.blocks.size(); ++i) {
      const docx::Block& b = doc_.blocks[i];
      if (b.is_table) {
        Finish();
        NoteTablePictures(b.table);
        ReadTable(b.table);
        table_title_ = nullptr;
        continue;
      }
      const Paragraph& p = b.paragraph;
      NoteContent(p);
      if (IsBlank(p.text)) continue;
      if (p.IsHeading()) {
        Finish();
        if (NextIsTable(i)) {
          table_title_ = &p;
        } else {
          domain_ = std::string(Trim(p.text));
        }
        continue;
      }
      table_title_ = nullptr;
      ListParagraph(p);
    }
    Finish();
    if (outside_ != nullptr) {
      Warn(*outside_, 0,
           std::to_string(outside_count_) + " paragraph" + (outside_count_ == 1 ? "" : "s") +
               " outside any question not read, the first " + Quoted(outside_->text) +
               "; a question starts with its number (\"1. ...\" or a numbered list)");
    }
  }

 private:
  bool NextIsTable(size_t i) const {
    for (size_t j = i + 1; j < doc_.blocks.size(); ++j) {
      if (doc_.blocks[j].is_table) return true;
      if (!IsBlank(doc_.blocks[j].paragraph.text)) return false;
    }
    return false;
  }

  // Moodle's table layout reads its cells as text: a picture in one is said, not kept.
  void NoteTablePictures(const docx::Table& table) {
    for (const auto& row : table.rows) {
      for (const auto& cell : row) {
        for (const Paragraph& p : cell) {
          for (const std::string& image : p.images) {
            Warn(p, 0,
                 "a picture (" + image +
                     ") in a table is not kept: the table layout's cells are read as text");
          }
        }
      }
    }
  }

  // Pictures and equations: what of them the model keeps, said at their paragraph.
  void NoteContent(const Paragraph& p) {
    for (const std::string& image : p.images) {
      if (doc_.media.count(image)) continue;  // kept with its question (media_files.h)
      Warn(p, 0,
           "a picture (" + image +
               ") is not kept: the package holds no such part, or one too large to read; the "
               "text around it is read");
    }
    for (const std::string& eq : p.equations) {
      Warn(p, 0, "an equation is read as its linear text " + Quoted(eq));
    }
  }

  // ---- the numbered-list layout ----

  void ListParagraph(const Paragraph& p) {
    std::string_view t = p.text;
    size_t rest = 0;
    if ((rest = MatchLabel(t, {"Title"})) != std::string_view::npos) {
      Finish();
      title_ = std::string(Trim(t.substr(rest)));
      title_paragraph_ = &p;
      return;
    }
    if ((rest = MatchLabel(t, {"Type"})) != std::string_view::npos) {
      Finish();
      type_ = std::string(Trim(t.substr(rest)));
      if (title_paragraph_ == nullptr) title_paragraph_ = &p;
      return;
    }
    size_t number = p.list == ListKind::kNumber ? 0 : MatchQuestionNumber(t);
    if (number != std::string_view::npos) {
      Finish();
      Start(p, number);
      return;
    }
    if (!open_) {
      if (outside_ == nullptr) outside_ = &p;
      ++outside_count_;
      return;
    }
    q_.last = &p;
    if ((rest = MatchLabel(t, {"Answer", "Answers", "Correct answer", "Correct answers", "Key"})) !=
        std::string_view::npos) {
      Answer(p, rest);
    } else if ((rest = MatchLabel(t, {"Explanation", "Feedback", "General feedback"})) !=
               std::string_view::npos) {
      q_.explanation = FieldAt(p, rest);
      phase_ = Phase::kExplanation;
    } else if (SkipBlanks(t, 0) < t.size() && t[SkipBlanks(t, 0)] == '@') {
      Feedback(p, SkipBlanks(t, SkipBlanks(t, 0) + 1));
    } else if (!OptionParagraph(p)) {
      Continuation(p);
    }
  }

  void Start(const Paragraph& p, size_t text_offset) {
    q_ = PendingQuestion();
    open_ = true;
    phase_ = Phase::kStem;
    q_.first = title_paragraph_ != nullptr ? title_paragraph_ : &p;
    q_.last = &p;
    q_.title = std::move(title_);
    q_.type = std::move(type_);
    title_.clear();
    type_.clear();
    title_paragraph_ = nullptr;
    q_.stem = FieldAt(p, text_offset);
    stem_paragraph_ = &p;
  }

  bool OptionParagraph(const Paragraph& p) {
    std::string_view t = p.text;
    OptionMark m;
    if (p.list == ListKind::kLetter) {
      m.text = SkipBlanks(t, 0);
      if (m.text < t.size() && t[m.text] == '*') {
        m.star = m.text;
        m.text = SkipBlanks(t, m.text + 1);
      }
    } else {
      std::optional<OptionMark> typed = MatchOptionLetter(t);
      if (!typed.has_value()) return false;
      m = *typed;
      char expected = static_cast<char>('A' + q_.options.size());
      // Before the first option a paragraph that looks like one ("B. F. Skinner wrote ...") is
      // question text, as in Aiken.
      if (q_.options.empty() && m.letter != 'A') return false;
      if (phase_ == Phase::kExplanation) return false;
      if (m.letter != expected) {
        Warn(p, SkipBlanks(t, 0),
             std::string("option lettered ") + m.letter + " where " + expected +
                 " was expected; read as option " + expected + " (options count by position)");
      }
    }
    if (phase_ == Phase::kExplanation) return false;
    PendingOption o;
    o.paragraph = &p;
    o.star = m.star;
    o.text = FieldAt(p, m.text);
    q_.options.push_back(std::move(o));
    phase_ = Phase::kOptions;
    return true;
  }

  void Answer(const Paragraph& p, size_t rest) {
    std::string_view t = p.text;
    size_t i = rest;
    while (i < t.size()) {
      i = SkipBlanks(t, i);
      if (i >= t.size()) break;
      if (t[i] == ',' || t[i] == ';' || t[i] == '&') {
        ++i;
        continue;
      }
      if (AsciiStartsWithIgnoringCase(t.substr(i), "and ")) {
        i += 4;
        continue;
      }
      size_t end = i;
      while (end < t.size() && std::isalnum(static_cast<unsigned char>(t[end]))) ++end;
      bool letter = end == i + 1 && std::isalpha(static_cast<unsigned char>(t[i]));
      if (!letter) {
        Error(p, i,
              "expected option letters after \"Answer:\" (\"Answer: B\", \"Answer: A, C\"), "
              "found " +
                  Quoted(t.substr(i)));
        failed_ = true;
        return;
      }
      q_.answer.emplace_back(&p, i);
      i = end;
    }
    if (q_.answer.empty()) {
      Error(p, rest, "expected the key's letter after \"Answer:\" (\"Answer: B\")");
      failed_ = true;
    }
    phase_ = Phase::kAnswer;
  }

  void Feedback(const Paragraph& p, size_t rest) {
    if (phase_ == Phase::kOptions && !q_.options.empty() && q_.options.back().rationale.empty()) {
      q_.options.back().rationale = FieldAt(p, rest);
      return;
    }
    if (q_.explanation.empty()) {
      q_.explanation = FieldAt(p, rest);
    } else {
      q_.explanation.runs.push_back(RunsFrom(p, rest));
    }
    phase_ = Phase::kExplanation;
  }

  void Continuation(const Paragraph& p) {
    if (phase_ == Phase::kStem) {
      q_.stem.runs.push_back(RunsFrom(p, 0));
    } else if (phase_ == Phase::kExplanation) {
      q_.explanation.runs.push_back(RunsFrom(p, 0));
    } else {
      Error(p, 0,
            "expected an option (\"" + model::OptionLetter(q_.options.size()) +
                ". ...\"), \"Answer: X\", \"Explanation: ...\" or the next question (\"2. ...\") "
                "after the options of the question at \xC2\xB6" +
                std::to_string(stem_paragraph_->number) + ", found " + Quoted(p.text));
      failed_ = true;
    }
  }

  Field FieldAt(const Paragraph& p, size_t begin) const {
    Field f;
    f.paragraph = &p;
    f.begin = SkipBlanks(p.text, begin);
    std::vector<Run> runs = RunsFrom(p, begin);
    if (!runs.empty()) f.runs.push_back(std::move(runs));
    return f;
  }

  // ---- keys, types and the model question ----

  // Whole option in bold (or highlighted) while the others are not: the key.
  template <typename Pred>
  bool KeysByFormat(Pred marked) {
    size_t count = 0;
    for (const PendingOption& o : q_.options) {
      bool all = !o.text.runs.empty();
      for (const auto& para : o.text.runs) {
        for (const Run& r : para) all = all && (IsBlank(r.text) || marked(r));
      }
      if (all) ++count;
    }
    if (count == 0 || count == q_.options.size()) return false;
    for (PendingOption& o : q_.options) {
      bool all = !o.text.runs.empty();
      for (const auto& para : o.text.runs) {
        for (const Run& r : para) all = all && (IsBlank(r.text) || marked(r));
      }
      o.correct = all;
    }
    return true;
  }

  // False after an error at the keys' marks (already reported).
  bool MarkKeys() {
    if (q_.keys_given) return true;
    bool starred = false;
    for (PendingOption& o : q_.options) {
      o.correct = o.star != std::string_view::npos;
      starred = starred || o.correct;
    }
    if (!q_.answer.empty()) {
      std::vector<bool> named(q_.options.size(), false);
      for (const auto& [p, at] : q_.answer) {
        size_t index =
            static_cast<size_t>(std::toupper(static_cast<unsigned char>(p->text[at])) - 'A');
        if (index >= q_.options.size()) {
          Error(*p, at,
                std::string("\"Answer: ") + p->text[at] + "\" names no option; expected a letter " +
                    "from A to " + model::OptionLetter(q_.options.size() - 1));
          return false;
        }
        named[index] = true;
      }
      for (size_t i = 0; i < q_.options.size(); ++i) {
        if (starred && named[i] != q_.options[i].correct) {
          Error(*q_.answer.front().first, q_.answer.front().second,
                "the \"Answer:\" line and the asterisks name different keys; expected one "
                "way of marking the key");
          return false;
        }
        q_.options[i].correct = named[i];
      }
      return true;
    }
    if (starred) return true;
    if (KeysByFormat([](const Run& r) { return r.bold; })) {
      q_.keys_by_format = true;
      return true;
    }
    KeysByFormat([](const Run& r) { return r.highlight; });
    return true;  // no key at all is Finish's error
  }

  // The model type for the question's "Type:" (or table type code) and its keys.
  std::optional<QuestionType> TypeOf(size_t keys) {
    std::string t = AsciiLowered(Trim(q_.type));
    if (t.empty()) return keys > 1 ? QuestionType::kMultipleAnswer : QuestionType::kSingleAnswer;
    if (t == "mc") return keys > 1 ? QuestionType::kMultipleAnswer : QuestionType::kSingleAnswer;
    if (t == "ma" || t == "mr" || t == "ms") return QuestionType::kMultipleAnswer;
    if (t == "tf") return QuestionType::kTrueFalse;
    if (t == "e" || t == "es" || t == "essay") return QuestionType::kEssay;
    if (t == "sa" || t == "f") return QuestionType::kShortAnswer;
    if (t == "de") return QuestionType::kDescription;
    return std::nullopt;
  }

  // long-function: the checks of a question read in either layout, in the order a writer fixes
  // them, each with its own message.
  void Finish() {
    if (!open_) return;
    open_ = false;
    if (failed_) {
      failed_ = false;
      return;
    }
    const Paragraph& at = *stem_paragraph_;
    std::string where = "the question at \xC2\xB6" + std::to_string(at.number) + " " +
                        Quoted(PlainText(q_.stem.runs));
    if (q_.stem.empty()) {
      Error(at, 0, "expected the question's text after its number");
      return;
    }
    std::optional<QuestionType> type = TypeOf(0);
    bool needs_options =
        !type.has_value() || model::IsChoiceType(*type) || *type == QuestionType::kShortAnswer;
    if (needs_options && !MarkKeys()) return;
    size_t keys = 0;
    for (const PendingOption& o : q_.options) keys += o.correct ? 1 : 0;
    type = TypeOf(keys);
    if (!type.has_value()) {
      Error(at, 0,
            "\"" + q_.type + "\" is not a question type qbank reads from Word; expected MC, MA, " +
                "TF, E (essay), SA or DE, for " + where);
      return;
    }
    if (needs_options && q_.options.size() < 2 && *type != QuestionType::kShortAnswer) {
      Error(at, 0, "expected at least two options (\"A. ...\", \"B. ...\") for " + where);
      return;
    }
    if (needs_options && keys == 0) {
      Error(at, 0,
            "expected a key for " + where +
                ": an asterisk before its letter (\"*B. ...\"), an \"Answer: B\" line, or the "
                "key alone in bold or highlighted");
      return;
    }
    if (*type == QuestionType::kSingleAnswer && keys > 1 && !q_.type.empty()) {
      Error(at, 0,
            "expected one key for " + where + " (\"Type: " + q_.type +
                "\"); a question with several keys is \"Type: MA\"");
      return;
    }
    if (!needs_options && !q_.options.empty()) {
      Error(at, 0, "expected no options for " + where + " (\"" + q_.type + "\")");
      return;
    }
    Emit(*type);
  }

  // A field's value in the question's markup, and its span.
  model::Text TextOf(const Field& f, model::Markup markup, const docx::MarkupOptions& options) {
    model::Text out;
    if (f.empty()) return out;
    if (markup == model::Markup::kPlain) {
      out.value = PlainText(f.runs);
    } else if (markup == model::Markup::kMarkdown) {
      out.value = docx::FieldMarkdown(f.runs, options).value_or(std::string());
    } else {
      out.value = docx::FieldHtml(f.runs, options);
    }
    size_t begin = f.paragraph->offset + f.begin;
    size_t end = f.paragraph->offset + f.paragraph->text.size();
    out.span = text_.SpanOf(begin, f.runs.size() == 1 ? end : begin, file_);
    out.verbatim =
        markup == model::Markup::kPlain && f.runs.size() == 1 &&
        out.value.find('\n') == std::string::npos &&
        std::string_view(f.paragraph->text).substr(f.begin, out.value.size()) == out.value;
    return out;
  }

  model::Markup MarkupOf(const docx::MarkupOptions& key_options) const {
    docx::MarkupOptions all;
    bool formatted =
        docx::HasFormatting(q_.stem.runs, all) || docx::HasFormatting(q_.explanation.runs, all);
    for (const PendingOption& o : q_.options) {
      formatted = formatted || docx::HasFormatting(o.text.runs, key_options) ||
                  docx::HasFormatting(o.rationale.runs, all);
    }
    if (!formatted) return model::Markup::kPlain;
    bool markdown = docx::FieldMarkdown(q_.stem.runs, all).has_value() &&
                    docx::FieldMarkdown(q_.explanation.runs, all).has_value();
    for (const PendingOption& o : q_.options) {
      markdown = markdown && docx::FieldMarkdown(o.text.runs, key_options).has_value() &&
                 docx::FieldMarkdown(o.rationale.runs, all).has_value();
    }
    return markdown ? model::Markup::kMarkdown : model::Markup::kHtml;
  }

  // The pictures of a field kept with `question`: each picture run's package path becomes the
  // reference its markup holds (media/NAME), and its bytes the question's file.
  void KeepPictures(docx::FieldRuns& field, model::Question& question) {
    for (std::vector<Run>& paragraph : field) {
      std::erase_if(paragraph, [&](Run& r) {
        if (r.picture.empty()) return false;
        auto it = doc_.media.find(r.picture);
        if (it == doc_.media.end()) return true;  // said at its paragraph (NoteContent)
        r.picture = "media/" + SafeMediaName(r.picture);
        AddMediaFile(question, r.picture, it->second);
        return false;
      });
    }
  }

  void Emit(QuestionType type) {
    model::Question question;
    question.type = type;
    question.extensions = q_.extensions;
    KeepPictures(q_.stem.runs, question);
    KeepPictures(q_.explanation.runs, question);
    for (PendingOption& o : q_.options) {
      KeepPictures(o.text.runs, question);
      KeepPictures(o.rationale.runs, question);
    }
    docx::MarkupOptions all;
    docx::MarkupOptions key_options;
    key_options.bold = !q_.keys_by_format;
    question.markup = MarkupOf(key_options);
    question.stem = TextOf(q_.stem, question.markup, all);
    question.explanation = TextOf(q_.explanation, question.markup, all);
    for (const PendingOption& o : q_.options) {
      model::Option option;
      option.text = TextOf(o.text, question.markup, key_options);
      model::SetIfHeld(option.rationale, TextOf(o.rationale, question.markup, all));
      option.correct = o.correct;
      option.weight = o.weight;
      size_t begin = o.paragraph->offset;
      option.span = text_.SpanOf(begin, begin + o.paragraph->text.size(), file_);
      if (o.star != std::string_view::npos) {
        option.correct_span = text_.SpanOf(begin + o.star, begin + o.star + 1, file_);
      } else if (o.correct) {
        option.correct_span = option.span;
      }
      question.options.push_back(std::move(option));
    }
    for (const std::string& tag : q_.tags) question.tags.emplace_back(tag);
    if (!domain_.empty()) question.domain->value = domain_;
    size_t end = q_.last->offset + q_.last->text.size();
    question.span = text_.SpanOf(q_.first->offset, end, file_);
    if (!q_.title.empty()) AdoptTitleAsId(question, q_.title, used_);
    if (ctx_.bank != nullptr) ctx_.bank->questions.push_back(std::move(question));
  }

  // ---- Moodle's Word tables ----

  static std::string CellText(const std::vector<Paragraph>& cell) {
    std::string out;
    for (const Paragraph& p : cell) {
      if (!out.empty() && !IsBlank(p.text)) out += ' ';
      out += std::string(Trim(p.text));
    }
    // Moodle writes a no-break space into an empty cell.
    if (out == "\xC2\xA0") out.clear();
    return out;
  }

  static Field CellField(const std::vector<Paragraph>& cell) {
    Field f;
    for (const Paragraph& p : cell) {
      std::vector<Run> runs = RunsFrom(p, 0);
      if (runs.empty() || Trim(p.text) == "\xC2\xA0") continue;
      if (f.paragraph == nullptr) {
        f.paragraph = &p;
        f.begin = SkipBlanks(p.text, 0);
      }
      f.runs.push_back(std::move(runs));
    }
    return f;
  }

  static bool IsTypeCode(std::string_view code) {
    static constexpr std::string_view kCodes[] = {"MC",  "MA", "MS",  "TF",  "SA",  "ES",  "DE",
                                                  "MAT", "CL", "NUM", "DDI", "DDM", "DDT", "MW"};
    for (std::string_view c : kCodes) {
      if (code == c) return true;
    }
    return false;
  }

  static bool IsHeaderRow(const std::vector<std::vector<Paragraph>>& row) {
    for (const auto& cell : row) {
      std::string t = AsciiLowered(CellText(cell));
      if (t == "grade" || t == "answers" || t == "answer") return true;
    }
    return false;
  }

  // long-function: one pass over the rows of Moodle's table, each kind of row a branch.
  void ReadTable(const docx::Table& table) {
    const Paragraph* first = FirstParagraph(table);
    if (first == nullptr) return;
    const auto& head = table.rows.front();
    std::string code = head.size() >= 2 ? CellText(head.back()) : std::string();
    if (!IsTypeCode(code)) {
      Warn(*first, 0,
           "a table that is not a question table is not read: expected Moodle's Word table "
           "layout, the question text and its type (MC, MA, TF, SA, ES, DE) in the first row");
      return;
    }
    q_ = PendingQuestion();
    open_ = true;
    failed_ = false;
    phase_ = Phase::kOptions;
    stem_paragraph_ = first;
    q_.first = table_title_ != nullptr ? table_title_ : first;
    if (table_title_ != nullptr) q_.title = std::string(Trim(table_title_->text));
    q_.type = code;
    q_.keys_given = true;
    for (size_t c = 0; c + 1 < head.size(); ++c) {
      Field f = CellField(head[c]);
      if (q_.stem.empty()) {
        q_.stem = std::move(f);
      } else {
        for (auto& p : f.runs) q_.stem.runs.push_back(std::move(p));
      }
    }
    bool answers = false;
    for (size_t r = 1; r < table.rows.size(); ++r) {
      const auto& row = table.rows[r];
      if (const Paragraph* last = LastParagraph(row)) q_.last = last;
      if (IsHeaderRow(row)) {
        answers = true;
        continue;
      }
      if (!answers) {
        // "Default mark:", "Shuffle the choices?", ...: Moodle's settings, kept as written.
        if (row.size() >= 2) {
          q_.extensions["docx"]["settings"][CellText(row.front())] = CellText(row.back());
        }
        continue;
      }
      if (row.size() < 4) continue;  // Moodle's instruction row
      std::string label = CellText(row[1]);
      if (CellText(row[0]).empty() && CellText(row[3]).empty() && label.ends_with(":") &&
          TableLabelRow(label, row)) {
        continue;
      }
      TableOption(row);
    }
    EvenSplitIsNoWeight();
    Finish();
  }

  // "General feedback:", "Tags:", other feedback and hints: true when `row` was one.
  bool TableLabelRow(const std::string& label, const std::vector<std::vector<Paragraph>>& row) {
    std::string l = AsciiLowered(label);
    if (l == "general feedback:") {
      q_.explanation = CellField(row[2]);
      return true;
    }
    if (l == "tags:") {
      std::string tags = CellText(row[2]);
      size_t start = 0;
      while (start <= tags.size()) {
        size_t comma = tags.find(',', start);
        std::string tag(Trim(std::string_view(tags).substr(
            start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (!tag.empty()) q_.tags.push_back(tag);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      return true;
    }
    if (l.ends_with("feedback:") || l.starts_with("hint") || l.starts_with("show the number") ||
        l.starts_with("clear incorrect")) {
      std::string value = CellText(row[2]);
      if (!value.empty()) q_.extensions["docx"]["settings"][label] = value;
      return true;
    }
    return false;
  }

  void TableOption(const std::vector<std::vector<Paragraph>>& row) {
    Field text = CellField(row[1]);
    std::string grade = CellText(row[3]);
    if (text.empty() && grade.empty()) return;
    PendingOption o;
    o.paragraph = text.paragraph != nullptr ? text.paragraph : FirstParagraphOf(row);
    o.text = std::move(text);
    o.rationale = CellField(row[2]);
    if (!grade.empty()) {
      if (grade.back() == '%') grade.pop_back();
      char* end = nullptr;
      double g = std::strtod(grade.c_str(), &end);
      if (end == grade.c_str() || *end != '\0' || !std::isfinite(g) || g < -100 || g > 100) {
        const Paragraph* at = row[3].empty() ? o.paragraph : &row[3].front();
        Error(*at, 0,
              "expected a grade from -100 to 100 (\"100\", \"0\", \"50\") in the Grade "
              "column, found " +
                  Quoted(CellText(row[3])));
        failed_ = true;
        return;
      }
      // A single-answer question's key has full marks; other positive grades are partial credit.
      bool single = AsciiLowered(q_.type) == "mc";
      o.correct = single ? g >= 100 : g > 0;
      if (g != 0 && g != 100) o.weight = g;
    }
    q_.options.push_back(std::move(o));
  }

  // Keys of a multiple-answer question sharing 100% evenly carry no weight (as Moodle XML).
  void EvenSplitIsNoWeight() {
    std::vector<PendingOption*> keys;
    for (PendingOption& o : q_.options) {
      if (o.correct) keys.push_back(&o);
    }
    if (keys.empty()) return;
    double share = 100.0 / static_cast<double>(keys.size());
    bool even = true;
    for (PendingOption* k : keys) {
      double g = k->weight.value_or(100.0);
      even = even && std::fabs(g - share) < 0.1;
    }
    if (!even) return;
    for (PendingOption* k : keys) k->weight.reset();
  }

  static const Paragraph* FirstParagraphOf(const std::vector<std::vector<Paragraph>>& row) {
    for (const auto& cell : row) {
      if (!cell.empty()) return &cell.front();
    }
    return nullptr;
  }
  static const Paragraph* LastParagraph(const std::vector<std::vector<Paragraph>>& row) {
    for (auto it = row.rbegin(); it != row.rend(); ++it) {
      if (!it->empty()) return &it->back();
    }
    return nullptr;
  }
  static const Paragraph* FirstParagraph(const docx::Table& table) {
    for (const auto& row : table.rows) {
      if (const Paragraph* p = FirstParagraphOf(row)) return p;
    }
    return nullptr;
  }

  void Error(const Paragraph& p, size_t offset, std::string_view message) {
    ctx_.AddError(text_, p.offset + std::min(offset, p.text.size()), message);
  }
  void Warn(const Paragraph& p, size_t offset, std::string_view message) {
    ctx_.AddWarning(text_, p.offset + std::min(offset, p.text.size()), message);
  }

  enum class Phase { kStem, kOptions, kAnswer, kExplanation };

  const Document& doc_;
  const SourceText& text_;
  uint32_t file_;
  ImportContext& ctx_;
  std::unordered_set<std::string> used_;
  PendingQuestion q_;
  bool open_ = false;
  bool failed_ = false;
  Phase phase_ = Phase::kStem;
  const Paragraph* stem_paragraph_ = nullptr;
  std::string title_;
  std::string type_;
  const Paragraph* title_paragraph_ = nullptr;
  const Paragraph* table_title_ = nullptr;
  std::string domain_;
  const Paragraph* outside_ = nullptr;
  size_t outside_count_ = 0;
};

}  // namespace

int DocxFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (!content.starts_with("PK\x03\x04")) return 0;
  return content.substr(0, 4096).find("word/") != std::string_view::npos ? 70 : 0;
}

bool DocxFormat::CanWriteBack(std::string_view /*path*/, std::string_view /*content*/) const {
  return false;
}

Status DocxFormat::Import(const SourceText& source, ImportContext& ctx) const {
  Result<Document> doc = docx::ReadDocument(source);
  if (!doc.ok()) return doc.status();
  uint32_t file = ctx.bank != nullptr ? ctx.bank->AddSource(doc->text) : ctx.file;
  DocxReader reader(*doc, file, ctx);
  reader.Read();
  return Status::Ok();
}

}  // namespace qbank::formats

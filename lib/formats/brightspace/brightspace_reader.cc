// Brightspace's CSV template read block by block: the rows from one "NewQuestion,TYPE" row to the
// next make a question; comment rows ("//...") hold qbank's metadata or the user's notes.
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <unordered_set>

#include "base/utf8_text.h"
#include "formats/brightspace/brightspace_format.h"
#include "formats/csv/csv_table.h"
#include "formats/metadata_carrier.h"
#include "formats/question_names.h"
#include "formats/source_decoding.h"

namespace qbank::formats {
namespace brightspace {

const LmsCarrier& Carrier() {
  static const LmsCarrier kCarrier = [] {
    LmsCarrier c;
    c.own_extension = kExtension;
    c.trims_texts = true;
    c.trims_gap_joints = true;  // FIB's Text rows, each trimmed
    return c;
  }();
  return kCarrier;
}

}  // namespace brightspace

namespace {

using model::QuestionType;

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

class BrightspaceReader {
 public:
  BrightspaceReader(const SourceText& text, uint32_t file, ImportContext& ctx)
      : text_(text), file_(file), ctx_(ctx), used_(UsedIds(*ctx.bank)) {}

  Status Run() {
    CsvReader reader(text_);
    reader.set_field_limit(32);
    CsvRecord record;
    while (true) {
      Result<bool> next = reader.Next(&record);
      if (!next.ok()) {
        Finish();
        return next.status();
      }
      if (!*next) break;
      Row(record);
    }
    Finish();
    bank_comments_ = std::move(pending_comments_);
    if (!bank_comments_.empty()) {
      ctx_.bank->extensions[std::string(brightspace::kExtension)]["comments"] =
          model::Value(std::move(bank_comments_));
    }
    return Status::Ok();
  }

 private:
  std::string_view Cell(const CsvRecord& r, size_t i) const {
    return i < r.cells.size() ? std::string_view(r.cells[i].value) : std::string_view();
  }

  model::Text TextOf(const CsvRecord& r, size_t i) const {
    model::Text t;
    if (i >= r.cells.size()) return t;
    const CsvCell& c = r.cells[i];
    std::string_view v = Trim(c.value);
    t.value = std::string(v);
    size_t lead = static_cast<size_t>(v.data() - c.value.data());
    if (!c.escaped && !v.empty()) {
      t.span = text_.SpanOf(c.begin + lead, c.begin + lead + v.size(), file_);
      t.verbatim = true;
    } else {
      t.span = text_.SpanOf(c.begin, c.end, file_);
    }
    return t;
  }

  bool IsHtmlFlag(const CsvRecord& r, size_t i) const { return Upper(Trim(Cell(r, i))) == "HTML"; }

  void Error(const CsvRecord& r, size_t field, std::string_view message) {
    size_t at = field < r.cells.size() ? r.cells[field].begin : r.begin;
    ctx_.AddError(text_, at,
                  "row " + std::to_string(r.row) + ", field " + std::to_string(field + 1) + ": " +
                      std::string(message));
    bad_ = true;
  }

  std::optional<double> Weight(const CsvRecord& r, size_t field) {
    std::string_view v = Trim(Cell(r, field));
    if (v.empty()) return 0.0;
    char* end = nullptr;
    std::string s(v);
    double d = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || d < -100 || d > 100) {
      Error(r, field, "expected a weight (a number from 0 to 100), found \"" + s + "\"");
      return std::nullopt;
    }
    return d;
  }

  void Row(const CsvRecord& r) {
    if (r.all_empty) return;
    std::string_view first = Trim(Cell(r, 0));
    if (first.starts_with("//")) {
      Comment(r, first);
      return;
    }
    std::string key = Upper(first);
    if (key == "NEWQUESTION") {
      Finish();
      Start(r);
      return;
    }
    if (!open_) {
      if (!skipping_)
        Error(r, 0, "expected a \"NewQuestion,TYPE\" row before \"" + std::string(first) + "\"");
      skipping_ = true;
      bad_ = false;
      return;
    }
    if (bad_) return;
    QuestionRow(r, key);
  }

  void Comment(const CsvRecord& r, std::string_view first) {
    if (first.starts_with(brightspace::kBankMetaPrefix)) {
      Status applied = ApplyBankMetadataJson(
          Trim(first.substr(brightspace::kBankMetaPrefix.size())), text_.path(), *ctx_.bank);
      if (applied.ok()) return;
      ctx_.AddWarning(text_, r.cells[0].begin,
                      "a '// qbank-bank:' row that is not the bank fields qbank writes (" +
                          applied.message() + "); kept as a comment");
    } else if (open_ && first.starts_with(brightspace::kQuestionMetaPrefix)) {
      meta_ = std::string(Trim(first.substr(brightspace::kQuestionMetaPrefix.size())));
      meta_at_ = r.cells[0].begin;
      return;
    }
    // The user's own comment rows travel with the question after them (after the last
    // question: with the bank), so writing the file back keeps them where they were.
    pending_comments_.emplace_back(std::string(first));
  }

  void Start(const CsvRecord& r) {
    open_ = true;
    skipping_ = false;
    bad_ = false;
    q_ = model::Question();
    id_ = model::Text();
    title_.clear();
    meta_.clear();
    comments_ = std::move(pending_comments_);
    pending_comments_.clear();
    matches_.clear();
    choices_.clear();
    fib_texts_.clear();
    blanks_ = 0;
    fib_last_ = 0;
    tf_rows_ = {0, 0};
    begin_ = r.begin;
    end_ = r.end;
    type_ = Upper(Trim(Cell(r, 1)));
    static const std::map<std::string, QuestionType> kTypes = {
        {"MC", QuestionType::kSingleAnswer}, {"MS", QuestionType::kMultipleAnswer},
        {"TF", QuestionType::kTrueFalse},    {"SA", QuestionType::kShortAnswer},
        {"M", QuestionType::kMatching},      {"MAT", QuestionType::kMatching},
        {"O", QuestionType::kOther},         {"ORD", QuestionType::kOther},
        {"WR", QuestionType::kEssay},        {"FIB", QuestionType::kShortAnswer}};
    auto it = kTypes.find(type_);
    if (it == kTypes.end()) {
      Error(r, 1,
            "unknown question type \"" + std::string(Trim(Cell(r, 1))) +
                "\"; expected MC, MS, TF, SA, M, O, WR or FIB");
      open_ = false;
      skipping_ = true;
      return;
    }
    q_.type = it->second;
    if (type_ == "MAT") type_ = "M";
    if (type_ == "ORD") type_ = "O";
    if (q_.type == QuestionType::kOther) Ext()["type"] = "O";
    if (type_ == "TF") {
      q_.options.resize(2);
      q_.options[0].text.value = "True";
      q_.options[1].text.value = "False";
    }
  }

  model::Value& Ext() { return q_.extensions[std::string(brightspace::kExtension)]; }

  // One row of the open question, by its name (upper-cased): the rows every type has, then the
  // rows of the question's type.
  void QuestionRow(const CsvRecord& r, const std::string& key) {
    end_ = r.end;
    if (CommonRow(r, key) || TypeRow(r, key)) return;
    Error(
        r, 0,
        "a \"" + std::string(Trim(Cell(r, 0))) + "\" row has no place in a " + type_ + " question");
  }

  // The rows only a question of some types has; false for another row or type.
  bool TypeRow(const CsvRecord& r, const std::string& key) {
    if (key == "OPTION" && (type_ == "MC" || type_ == "MS")) {
      OptionRow(r);
    } else if ((key == "TRUE" || key == "FALSE") && type_ == "TF") {
      TrueFalseRow(r, key);
    } else if (key == "INPUTBOX" && type_ == "SA") {
      Ext()["input_box"] = std::string(Trim(Cell(r, 1))) + "," + std::string(Trim(Cell(r, 2)));
    } else if ((key == "ANSWER" && type_ == "SA") || (key == "BLANK" && type_ == "FIB")) {
      AnswerRow(r, key);
    } else if (key == "TEXT" && type_ == "FIB") {
      FibTextRow(r);
    } else if ((key == "CHOICE" || key == "MATCH") && type_ == "M") {
      MatchingRow(r, key);
    } else if (key == "ITEM" && type_ == "O") {
      ItemRow(r);
    } else if ((key == "INITIALTEXT" || key == "ANSWERKEY") && type_ == "WR") {
      Ext()[key == "INITIALTEXT" ? "initial_text" : "answer_key"] = std::string(Trim(Cell(r, 1)));
    } else {
      return false;
    }
    return true;
  }

  // The rows any question may have (Scoring only in MS, M and O); false for another row.
  bool CommonRow(const CsvRecord& r, const std::string& key) {
    if (key == "ID") {
      id_ = TextOf(r, 1);
    } else if (key == "TITLE") {
      title_ = std::string(Trim(Cell(r, 1)));
    } else if (key == "QUESTIONTEXT") {
      q_.stem = TextOf(r, 1);
      if (IsHtmlFlag(r, 2)) html_ = true;
    } else if (key == "POINTS") {
      Ext()["points"] = std::string(Trim(Cell(r, 1)));
    } else if (key == "DIFFICULTY") {
      q_.difficulty = TextOf(r, 1);
    } else if (key == "IMAGE") {
      Ext()["image"] = std::string(Trim(Cell(r, 1)));
    } else if (key == "HINT") {
      Ext()["hint"] = std::string(Trim(Cell(r, 1)));
    } else if (key == "FEEDBACK") {
      q_.explanation = TextOf(r, 1);
      if (IsHtmlFlag(r, 2)) html_ = true;
    } else if (key == "SCORING" && (type_ == "MS" || type_ == "M" || type_ == "O")) {
      Ext()["scoring"] = std::string(Trim(Cell(r, 1)));
    } else {
      return false;
    }
    return true;
  }

  // An Option row of MC or MS: weight, text, HTML flag, feedback.
  void OptionRow(const CsvRecord& r) {
    std::optional<double> w = Weight(r, 1);
    if (!w) return;
    model::Option o;
    o.text = TextOf(r, 2);
    o.span = text_.SpanOf(r.begin, r.end, file_);
    if (IsHtmlFlag(r, 3) || IsHtmlFlag(r, 5)) html_ = true;
    o.rationale = TextOf(r, 4);
    if (type_ == "MS") {
      o.correct = *w > 0;
      if (*w != 0 && *w != 1 && *w != 100) o.weight = *w;
    } else {
      o.correct = *w == 100;
      if (*w != 0 && *w != 100) o.weight = *w;
    }
    if (o.correct && r.cells.size() > 1) {
      o.correct_span = text_.SpanOf(r.cells[1].begin, r.cells[1].end, file_);
    }
    q_.options.push_back(std::move(o));
  }

  // The TRUE or FALSE row of TF: weight, feedback, HTML flag.
  // A second TRUE (or FALSE) row is an error: which of the two the author meant is unknown, and
  // taking one over the other once kept the first row's weight beside the second row's key.
  void TrueFalseRow(const CsvRecord& r, const std::string& key) {
    const size_t index = key == "TRUE" ? 0 : 1;
    if (tf_rows_[index] != 0) {
      Error(r, 0,
            "a second " + key + " row (the first is row " + std::to_string(tf_rows_[index]) +
                "); a TF question has one TRUE and one FALSE row");
      return;
    }
    tf_rows_[index] = r.row;
    std::optional<double> w = Weight(r, 1);
    if (!w) return;
    model::Option& o = q_.options[index];
    o.correct = *w == 100;
    if (*w != 0 && *w != 100) o.weight = *w;
    o.rationale = TextOf(r, 2);
    if (IsHtmlFlag(r, 3)) html_ = true;
    o.span = text_.SpanOf(r.begin, r.end, file_);
  }

  // An Answer row of SA or a Blank row of FIB: weight, text, regexp flag.
  void AnswerRow(const CsvRecord& r, const std::string& key) {
    std::optional<double> w = Weight(r, 1);
    if (!w) return;
    if (key == "BLANK") {
      // Blank rows in a row are one blank's accepted answers; a blank after text that follows
      // a blank is a second blank.
      if (fib_last_ != 'B' && blanks_ > 0) {
        Error(r, 0, "a second blank: qbank reads fill-in-the-blank questions with one blank");
        return;
      }
      blanks_ = 1;
      fib_last_ = 'B';
    }
    model::Option o;
    o.text = TextOf(r, 2);
    o.correct = true;
    if (*w != 100) o.weight = *w;
    std::string_view regexp = Trim(Cell(r, 3));
    if (Upper(regexp) == "REGEXP")
      o.extensions[std::string(brightspace::kExtension)]["regexp"] = true;
    o.span = text_.SpanOf(r.begin, r.end, file_);
    q_.options.push_back(std::move(o));
  }

  // A Text row of FIB: the text before the blank, or after it.
  void FibTextRow(const CsvRecord& r) {
    if (fib_last_ == 'T') {
      Error(r, 0, "two Text rows in a row; expected a Blank row between them");
      return;
    }
    if (blanks_ == 0 && !fib_texts_.empty()) {
      Error(r, 0, "a second Text row before the Blank row");
      return;
    }
    fib_last_ = 'T';
    fib_texts_.push_back(TextOf(r, 1));
    if (IsHtmlFlag(r, 2)) html_ = true;
  }

  // A Choice or Match row of M, by its number.
  void MatchingRow(const CsvRecord& r, const std::string& key) {
    std::string n(Trim(Cell(r, 1)));
    if (key == "CHOICE") {
      if (choices_.count(n) != 0) {
        Error(r, 1, "a second Choice numbered " + n);
        return;
      }
      choices_[n] = q_.options.size();
      model::Option o;
      o.text = TextOf(r, 2);
      if (IsHtmlFlag(r, 3)) html_ = true;
      o.span = text_.SpanOf(r.begin, r.end, file_);
      q_.options.push_back(std::move(o));
    } else {
      if (matches_.count(n) != 0) {
        Error(r, 1, "a second Match for choice " + n + "; qbank reads one match a choice");
        return;
      }
      matches_[n] = {TextOf(r, 2).value, r};
      if (IsHtmlFlag(r, 3)) html_ = true;
    }
  }

  // An Item row of O: text, HTML flag, feedback.
  void ItemRow(const CsvRecord& r) {
    model::Option o;
    o.text = TextOf(r, 1);
    if (IsHtmlFlag(r, 2)) html_ = true;
    o.rationale = TextOf(r, 3);
    o.span = text_.SpanOf(r.begin, r.end, file_);
    q_.options.push_back(std::move(o));
  }

  void Finish() {
    if (!open_) return;
    open_ = false;
    if (bad_) return;
    auto fail = [&](std::string_view message) { ctx_.AddError(text_, begin_, message); };
    if (type_ == "FIB") {
      if (fib_texts_.empty() || q_.options.empty()) {
        return fail("a FIB question needs a Text row and a Blank row");
      }
      q_.stem = fib_texts_[0];
      if (fib_texts_.size() > 1) SetTextAfterGap(q_, fib_texts_[1].value);
    }
    if (Trim(q_.stem.value).empty())
      return fail("expected a QuestionText row (Brightspace needs one)");
    if (type_ == "M") {
      for (auto& [n, match] : matches_) {
        auto it = choices_.find(n);
        if (it == choices_.end()) {
          Error(match.second, 1, "a Match for choice " + n + ", which no Choice row has");
          return;
        }
        SetMatch(q_.options[it->second], match.first);
      }
    }
    if (type_ == "TF" && q_.KeyIndexes().size() != 1) {
      return fail("a TF question needs one of TRUE and FALSE with weight 100");
    }
    if (html_) q_.markup = model::Markup::kHtml;
    html_ = false;
    if (!comments_.empty()) Ext()["comments"] = model::Value(std::move(comments_));
    comments_.clear();
    if (!id_.empty()) {
      q_.id = id_;
      used_.insert(id_.value);
      if (!title_.empty() && title_ != id_.value) Ext()["title"] = title_;
    } else if (!title_.empty() && !AdoptTitleAsId(q_, title_, used_)) {
      Ext()["title"] = title_;
    }
    if (!meta_.empty()) {
      model::Question carried;
      Status applied = ApplyMetadataJson(meta_, text_.path(), q_, &carried);
      if (applied.ok()) {
        FinishCarried(carried, brightspace::Carrier().html, q_);
      } else {
        ctx_.AddWarning(text_, meta_at_,
                        "a '// qbank-meta:' row that is not the metadata qbank writes (" +
                            applied.message() + "); kept as a comment");
        model::Value& ext = Ext();
        model::Value::Array kept;
        if (const model::Value* c = ext.Find("comments"); c != nullptr && c->is_array()) {
          kept = c->as_array();
        }
        kept.insert(kept.begin(),
                    model::Value(std::string(brightspace::kQuestionMetaPrefix) + " " + meta_));
        ext["comments"] = model::Value(std::move(kept));
      }
    }
    q_.span = text_.SpanOf(begin_, std::max(begin_, end_), file_);
    ctx_.bank->questions.push_back(std::move(q_));
    q_ = model::Question();
  }

  const SourceText& text_;
  uint32_t file_;
  ImportContext& ctx_;
  std::unordered_set<std::string> used_;
  model::Question q_;
  model::Text id_;
  std::string title_;
  std::string type_;
  std::string meta_;
  size_t meta_at_ = 0;
  model::Value::Array comments_;
  model::Value::Array bank_comments_;
  model::Value::Array pending_comments_;   // comment rows since the last question started
  std::map<std::string, size_t> choices_;  // number -> option
  std::map<std::string, std::pair<std::string, CsvRecord>> matches_;  // number -> match, row
  std::vector<model::Text> fib_texts_;
  size_t blanks_ = 0;
  char fib_last_ = 0;                // the last FIB row: 'T' (Text), 'B' (Blank), 0 (none yet)
  std::array<size_t, 2> tf_rows_{};  // the rows of the TF question's TRUE and FALSE, 0 until read
  size_t begin_ = 0;
  size_t end_ = 0;
  bool open_ = false;
  bool bad_ = false;
  bool skipping_ = false;
  bool html_ = false;
};

}  // namespace

Status BrightspaceFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("brightspace import without a bank");
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  BrightspaceReader reader(*decoded->text, decoded->file, ctx);
  return reader.Run();
}

int BrightspaceFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
  content = content.substr(0, size_t{64} * 1024);
  size_t pos = 0;
  while (pos < content.size()) {
    size_t nl = content.find('\n', pos);
    size_t end = nl == std::string_view::npos ? content.size() : nl;
    std::string_view line = Trim(content.substr(pos, end - pos));
    pos = end + 1;
    std::string_view first = line.substr(0, line.find(','));
    if (first.starts_with("\"")) first.remove_prefix(1);
    if (Trim(first).empty() && line.find_first_not_of(", \t\r") == std::string_view::npos) continue;
    if (first.starts_with("//")) {
      // A quoted comment may run over lines; a template's comments do not.
      continue;
    }
    return Upper(Trim(first)) == "NEWQUESTION" ? 95 : 0;
  }
  return 0;
}

}  // namespace qbank::formats

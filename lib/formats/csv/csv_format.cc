// The csv format: header-driven import of the qbank and MMLU layouts, and export of the qbank
// layout.
#include "formats/csv/csv_format.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <optional>
#include <utility>

#include "base/suggest.h"
#include "base/utf8_text.h"
#include "formats/csv/csv_table.h"
#include "formats/sheet/sheet_columns.h"
#include "formats/sheet/sheet_rows.h"
#include "formats/source_decoding.h"
#include "text/encoding.h"

namespace qbank::formats {
namespace {

constexpr size_t kMaxRowErrors = 100;
constexpr size_t kMaxHeaderFields = 1000;  // far more than either layout can name
constexpr size_t kMaxOptions = 26;         // option_a .. option_z
constexpr size_t kNone = static_cast<size_t>(-1);

// The columns of the qbank layout. kOption and kRationale stand for the option_x and rationale_x
// families.
enum class Column {
  kId,
  kType,
  kExam,
  kDomain,
  kStem,
  kTrap,
  kOption,
  kKey,
  kRationale,
  kExplanation,
  kStatedAnswer,
  kTags,
  kDifficulty,
  kMarkup,
  kAuthorName,
  kAuthorInitials,
  kAuthorCredentials,
  kAuthorRoles,
  kReviewDate,
  kReviewReviewer,
  kReviewCheckedAgainst,
  kOriginStatement,
  kOriginReferences,
  kSuppress,
  kCount,
};
constexpr size_t kColumnCount = static_cast<size_t>(Column::kCount);

struct NamedColumn {
  std::string_view name;
  Column column;
};

// The qbank layout in export order.
constexpr std::array<NamedColumn, kColumnCount> kColumns = {{
    {"id", Column::kId},
    {"type", Column::kType},
    {"exam", Column::kExam},
    {"domain", Column::kDomain},
    {"stem", Column::kStem},
    {"trap", Column::kTrap},
    {"option_", Column::kOption},
    {"key", Column::kKey},
    {"rationale_", Column::kRationale},
    {"explanation", Column::kExplanation},
    {"stated_answer", Column::kStatedAnswer},
    {"tags", Column::kTags},
    {"difficulty", Column::kDifficulty},
    {"markup", Column::kMarkup},
    {"author_name", Column::kAuthorName},
    {"author_initials", Column::kAuthorInitials},
    {"author_credentials", Column::kAuthorCredentials},
    {"author_roles", Column::kAuthorRoles},
    {"review_date", Column::kReviewDate},
    {"review_reviewer", Column::kReviewReviewer},
    {"review_checked_against", Column::kReviewCheckedAgainst},
    {"origin_statement", Column::kOriginStatement},
    {"origin_references", Column::kOriginReferences},
    {"suppress", Column::kSuppress},
}};

constexpr std::string_view kColumnList =
    "id, type, exam, domain, stem, trap, option_a.., key, rationale_a.., explanation, "
    "stated_answer, tags, difficulty, markup, author_name, author_initials, author_credentials, "
    "author_roles, review_date, review_reviewer, review_checked_against, origin_statement, "
    "origin_references, suppress";

std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The position reached from `pos` by reading `text`, counted as CsvReader counts.
SourcePosition Walk(SourcePosition pos, std::string_view text) {
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if (c == '\n') {
      ++pos.line;
      pos.column = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++pos.column;
    }
  }
  return pos;
}

// "A", "A-D" or "none" for a row's option letters.
std::string LetterRange(size_t count) {
  if (count == 0) return "none (the row has no options)";
  if (count == 1) return "A";
  return "A-" + model::OptionLetter(count - 1);
}

// The letter index of a family column name such as "option_c" (prefix "option_"), or kNone.
size_t FamilyIndex(std::string_view name, std::string_view prefix) {
  if (name.size() != prefix.size() + 1 || name.substr(0, prefix.size()) != prefix) return kNone;
  char c = name.back();
  if (c < 'a' || c > 'z') return kNone;
  return static_cast<size_t>(c - 'a');
}

// A problem with one row: where it is and what it says ("row 3, field 7 (key): ...").
struct RowProblem {
  SourcePosition pos;
  std::string message;
};

std::string Where(const CsvRecord& record, size_t field, std::string_view column) {
  std::string out = "row " + std::to_string(record.row);
  if (field != kNone) {
    out += ", field " + std::to_string(field + 1);
    if (!column.empty()) out += " (" + std::string(column) + ")";
  }
  return out;
}

// Where the columns of the qbank layout sit in a row (cell indexes, kNone when absent).
struct FullLayout {
  std::array<size_t, kColumnCount> columns;
  std::vector<size_t> options;     // option_a.. in letter order, no gaps
  std::vector<size_t> rationales;  // rationale_a.., kNone where absent; never longer than options
  std::vector<std::string> names;  // the header's column names, lower-cased
  size_t Cell(Column c) const { return columns[static_cast<size_t>(c)]; }
  // A recognised or mapped header (sheet_columns.h) rather than the qbank layout's own names: keys
  // are read as letters, numbers or an option's text, types by their common names.
  bool recognised = false;
  bool zero_based = false;           // key numbers count from 0 ("choice0" columns)
  bool first_option_is_key = false;  // "correct answer" + "distractor N": option A is the key
  // Columns kept in the question's extensions ("sheet": {name: value}): points, time_limit and,
  // with --keep-unknown, unknown columns under their header as written.
  std::vector<std::pair<size_t, std::string>> extensions;
};

// Where the columns of the MMLU layout sit.
struct MmluLayout {
  size_t question = kNone;
  std::vector<size_t> choices;  // choice0.. in order
  size_t answer = kNone;
  std::string domain;  // from the file name
};

// The MMLU subject a file name carries: "anatomy" for ".../anatomy_test.csv".
std::string SubjectFromPath(std::string_view path) {
  size_t slash = path.find_last_of("/\\");
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  size_t dot = name.rfind('.');
  if (dot != std::string_view::npos && dot != 0) name = name.substr(0, dot);
  for (std::string_view split : {"_test", "_dev", "_val", "_train"}) {
    if (name.size() > split.size() && name.substr(name.size() - split.size()) == split) {
      name.remove_suffix(split.size());
      break;
    }
  }
  return std::string(name);
}

bool IsMmluName(std::string_view name) {
  if (name == "question" || name == "answer") return true;
  if (name.size() <= 6 || name.substr(0, 6) != "choice") return false;
  return std::all_of(name.begin() + 6, name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// True when a header's (lower-cased) names make the file the MMLU layout: a "question" or
// "choiceN" column.
bool IsMmluHeader(const std::vector<std::string>& names) {
  return std::any_of(names.begin(), names.end(),
                     [](const std::string& name) { return IsMmluName(name) && name != "answer"; });
}

// True when `name` is one of the qbank layout's own columns.
bool IsQbankName(const std::string& name) {
  if (FamilyIndex(name, "option_") != kNone || FamilyIndex(name, "rationale_") != kNone)
    return true;
  return std::any_of(kColumns.begin(), kColumns.end(), [&](const NamedColumn& c) {
    return c.column != Column::kOption && c.column != Column::kRationale && c.name == name;
  });
}

bool IsExactMmluName(const std::string& name) { return IsMmluName(name) && (name.size() <= 8); }

// The question types a vendor's type column names, beyond qbank's own names.
std::optional<model::QuestionType> ParseVendorType(std::string_view lower) {
  using model::QuestionType;
  std::string words = sheet::NormalizeHeader(lower);
  static const std::vector<std::pair<std::string_view, QuestionType>> kNames = {
      {"multiple choice", QuestionType::kSingleAnswer},
      {"mc", QuestionType::kSingleAnswer},
      {"mcq", QuestionType::kSingleAnswer},
      {"quiz", QuestionType::kSingleAnswer},
      {"single choice", QuestionType::kSingleAnswer},
      {"single answer", QuestionType::kSingleAnswer},
      {"radio", QuestionType::kSingleAnswer},
      {"multiple answer", QuestionType::kMultipleAnswer},
      {"multiple answers", QuestionType::kMultipleAnswer},
      {"multiple select", QuestionType::kMultipleAnswer},
      {"multiple response", QuestionType::kMultipleAnswer},
      {"multi select", QuestionType::kMultipleAnswer},
      {"checkboxes", QuestionType::kMultipleAnswer},
      {"checkbox", QuestionType::kMultipleAnswer},
      {"ma", QuestionType::kMultipleAnswer},
      {"ms", QuestionType::kMultipleAnswer},
      {"true false", QuestionType::kTrueFalse},
      {"true or false", QuestionType::kTrueFalse},
      {"tf", QuestionType::kTrueFalse},
      {"short answer", QuestionType::kShortAnswer},
      {"essay", QuestionType::kEssay},
  };
  for (const auto& [name, type] : kNames) {
    if (words == name) return type;
  }
  return std::nullopt;
}

class CsvImporter {
 public:
  // Reads the rows of `source`, registered as `file` in ctx.bank. `cells`: the rows are a
  // workbook's cells, whose values are not the source's bytes.
  CsvImporter(sheet::RowSource& rows, const SourceText& source, uint32_t file, ImportContext& ctx,
              bool cells)
      : source_(source), file_(file), ctx_(ctx), reader_(rows), cells_(cells) {}

  Status Run() {
    CsvRecord header;
    reader_.set_field_limit(kMaxHeaderFields);
    Result<bool> got = reader_.Next(&header);
    if (!got.ok()) return got.status();
    if (!*got) {
      return Status::InvalidInput(
                 "empty file; expected a header row such as "
                 "\"id,type,stem,option_a,option_b,key\" or "
                 "\"question,choice0,choice1,choice2,choice3,answer\"")
          .At(source_.path(), SourceSpan::Point(1, 1));
    }
    std::vector<std::string> names;
    std::vector<std::string> written;
    for (const CsvCell& cell : header.cells) {
      names.push_back(AsciiLower(Trim(cell.value)));
      written.push_back(cell.value);
    }
    sheet::ColumnMapping mapping;
    if (!ctx_.sheet.columns.empty()) {
      Result<sheet::ColumnMapping> parsed = sheet::ParseColumnMapping(ctx_.sheet.columns);
      if (!parsed.ok()) return parsed.status();
      mapping = std::move(*parsed);
    }
    sheet::RecognisedHeader recognised = sheet::RecogniseHeader(written, mapping);
    // A header in the qbank or MMLU layout, or one whose only strangers are names nothing
    // recognises, is read (and refused) exactly as those layouts always were.
    bool mmlu = IsMmluHeader(names);
    bool own_layout = mapping.empty();
    for (size_t i = 0; own_layout && i < names.size(); ++i) {
      bool exact = mmlu ? IsExactMmluName(names[i]) : IsQbankName(names[i]);
      if (!exact && !recognised.fields[i].empty()) own_layout = false;
    }
    if (!own_layout) {
      FullLayout layout;
      QBANK_RETURN_IF_ERROR(ReadRecognisedHeader(header, written, recognised, &layout));
      QBANK_RETURN_IF_ERROR(CheckHeaderWidth(header));
      return ReadRows(
          header, [&](const CsvRecord& r, model::Question* q) { return FullRow(layout, r, q); });
    }
    if (mmlu) {
      MmluLayout layout;
      QBANK_RETURN_IF_ERROR(ReadMmluHeader(header, names, &layout));
      QBANK_RETURN_IF_ERROR(CheckHeaderWidth(header));
      return ReadRows(
          header, [&](const CsvRecord& r, model::Question* q) { return MmluRow(layout, r, q); });
    }
    FullLayout layout;
    QBANK_RETURN_IF_ERROR(ReadFullHeader(header, std::move(names), &layout));
    QBANK_RETURN_IF_ERROR(CheckHeaderWidth(header));
    return ReadRows(header,
                    [&](const CsvRecord& r, model::Question* q) { return FullRow(layout, r, q); });
  }

 private:
  // A header longer than the field limit always repeats or misnames a column among its first
  // cells, which the layout checks report; this is a safety net, not a layout rule.
  Status CheckHeaderWidth(const CsvRecord& header) const {
    if (header.fields <= header.cells.size()) return Status::Ok();
    return HeaderError(header, kNone,
                       std::to_string(header.fields) + " columns; expected at most " +
                           std::to_string(kMaxHeaderFields));
  }

  Status HeaderError(const CsvRecord& header, size_t field, std::string_view message) const {
    SourcePosition pos = field == kNone ? header.begin_pos : header.cells[field].begin_pos;
    return Status::InvalidInput(Where(header, field, "") + ": " + std::string(message))
        .At(source_.path(), SourceSpan::Point(pos.line, pos.column));
  }

  Status ReadMmluHeader(const CsvRecord& header, const std::vector<std::string>& names,
                        MmluLayout* layout) const {
    std::vector<size_t> choice_at(kMaxOptions, kNone);
    for (size_t i = 0; i < names.size(); ++i) {
      const std::string& name = names[i];
      size_t* slot = nullptr;
      if (name == "question") {
        slot = &layout->question;
      } else if (name == "answer") {
        slot = &layout->answer;
      } else if (IsMmluName(name) && name.size() <= 8 && std::stoul(name.substr(6)) < kMaxOptions &&
                 (name.size() == 7 || name[6] != '0')) {
        slot = &choice_at[std::stoul(name.substr(6))];
      } else {
        return HeaderError(header, i,
                           "unknown column \"" + header.cells[i].value +
                               "\" in the MMLU layout; expected question, choice0, choice1, ... "
                               "(up to choice25), answer");
      }
      if (*slot != kNone) {
        return HeaderError(header, i,
                           "column \"" + name + "\" appears twice (fields " +
                               std::to_string(*slot + 1) + " and " + std::to_string(i + 1) +
                               "); expected each column once");
      }
      *slot = i;
    }
    if (layout->question == kNone || layout->answer == kNone || choice_at[0] == kNone) {
      std::string_view missing = layout->question == kNone ? "question"
                                 : layout->answer == kNone ? "answer"
                                                           : "choice0";
      return HeaderError(header, kNone,
                         "no " + std::string(missing) +
                             " column; expected the MMLU header question,choice0,...,answer");
    }
    size_t count = 0;
    while (count < kMaxOptions && choice_at[count] != kNone) ++count;
    for (size_t k = count; k < kMaxOptions; ++k) {
      if (choice_at[k] != kNone) {
        return HeaderError(header, choice_at[k],
                           "choice" + std::to_string(k) + " without choice" +
                               std::to_string(count) +
                               "; expected choice columns from choice0 on without gaps");
      }
    }
    layout->choices.assign(choice_at.begin(), choice_at.begin() + static_cast<ptrdiff_t>(count));
    layout->domain = SubjectFromPath(source_.path());
    return Status::Ok();
  }

  // A recognised or mapped header: each cell's field from sheet::RecogniseHeader, then the checks
  // of the qbank layout. Every error names the mapping it was read with.
  Status ReadRecognisedHeader(const CsvRecord& header, const std::vector<std::string>& written,
                              const sheet::RecognisedHeader& recognised, FullLayout* layout) const {
    std::string mapping = sheet::DescribeMapping(written, recognised);
    std::vector<std::string> names = recognised.fields;
    std::vector<bool> skip(names.size(), false);
    for (size_t i = 0; i < names.size(); ++i) {
      const std::string& field = names[i];
      if (field == "ignore" || (field.empty() && Trim(written[i]).empty())) {
        skip[i] = true;
      } else if (field == "points" || field == "time_limit") {
        layout->extensions.emplace_back(i, field);
        skip[i] = true;
      } else if (field.empty() && ctx_.sheet.keep_unknown) {
        layout->extensions.emplace_back(i, std::string(Trim(written[i])));
        skip[i] = true;
      } else if (field.empty()) {
        return HeaderError(header, i,
                           "unknown column \"" + written[i] + "\"" +
                               sheet::SuggestField(written[i]) +
                               "; expected a recognised name, a --columns mapping such as \"" +
                               std::string(Trim(written[i])) +
                               "=explanation\", or --keep-unknown (columns read: " + mapping + ")");
      }
    }
    Status read = ReadFullHeader(header, std::move(names), layout, &skip);
    if (!read.ok()) {
      return Status::InvalidInput(read.message() + " (columns read: " + mapping + ")")
          .At(read.path(), read.span());
    }
    layout->recognised = true;
    layout->zero_based = recognised.zero_based;
    layout->first_option_is_key = recognised.first_option_is_key;
    if (ctx_.sheet.verbose) {
      ctx_.AddWarning(source_, 0, "columns read: " + mapping);
    }
    return Status::Ok();
  }

  Status ReadFullHeader(const CsvRecord& header, std::vector<std::string> names, FullLayout* layout,
                        const std::vector<bool>* skip = nullptr) const {
    layout->columns.fill(kNone);
    std::vector<size_t> option_at(kMaxOptions, kNone);
    std::vector<size_t> rationale_at(kMaxOptions, kNone);
    for (size_t i = 0; i < names.size(); ++i) {
      const std::string& name = names[i];
      if (skip != nullptr && (*skip)[i]) continue;
      if (name.empty()) {
        return HeaderError(header, i, "empty column name; expected a column name such as stem");
      }
      size_t* slot = nullptr;
      if (size_t k = FamilyIndex(name, "option_"); k != kNone) {
        slot = &option_at[k];
      } else if (size_t r = FamilyIndex(name, "rationale_"); r != kNone) {
        slot = &rationale_at[r];
      } else {
        for (const NamedColumn& c : kColumns) {
          if (c.column != Column::kOption && c.column != Column::kRationale && c.name == name) {
            slot = &layout->columns[static_cast<size_t>(c.column)];
          }
        }
      }
      if (slot == nullptr) {
        return HeaderError(header, i,
                           "unknown column \"" + header.cells[i].value + "\"; expected one of " +
                               std::string(kColumnList) +
                               " (or the MMLU header question,choice0,...,answer)");
      }
      if (*slot != kNone) {
        return HeaderError(header, i,
                           "column \"" + name + "\" appears twice (fields " +
                               std::to_string(*slot + 1) + " and " + std::to_string(i + 1) +
                               "); expected each column once");
      }
      *slot = i;
    }
    if (layout->Cell(Column::kStem) == kNone) {
      return HeaderError(header, kNone,
                         "no stem column; expected a header with a stem column (the qbank "
                         "layout) or question,choice0,...,answer (the MMLU layout)");
    }
    size_t count = 0;
    while (count < kMaxOptions && option_at[count] != kNone) ++count;
    for (size_t k = 0; k < kMaxOptions; ++k) {
      if (k >= count && option_at[k] != kNone) {
        return HeaderError(header, option_at[k],
                           "option_" + std::string(1, static_cast<char>('a' + k)) +
                               " without option_" + std::string(1, static_cast<char>('a' + count)) +
                               "; expected option columns from option_a on without gaps");
      }
      if (k >= count && rationale_at[k] != kNone) {
        std::string letter(1, static_cast<char>('a' + k));
        std::string message = "rationale_" + letter;
        message += " without option_" + letter;
        message += "; expected a rationale column only next to its option column";
        return HeaderError(header, rationale_at[k], message);
      }
    }
    layout->options.assign(option_at.begin(), option_at.begin() + static_cast<ptrdiff_t>(count));
    layout->rationales.assign(rationale_at.begin(),
                              rationale_at.begin() + static_cast<ptrdiff_t>(count));
    layout->names = std::move(names);
    return Status::Ok();
  }

  // Reads every row after the header through `make` (which fills a question or names a problem).
  template <typename MakeQuestion>
  Status ReadRows(const CsvRecord& header, MakeQuestion&& make) {
    const size_t width = header.cells.size();
    reader_.set_field_limit(width + 1);
    CsvRecord record;
    while (true) {
      Result<bool> got = reader_.Next(&record);
      if (!got.ok()) return got.status();
      if (!*got) return Status::Ok();
      // Spreadsheets often end with rows of empty cells; they hold no question.
      if (record.all_empty) continue;
      std::optional<RowProblem> problem;
      if (record.fields != width) {
        SourcePosition pos = record.fields < width ? record.end_pos : record.cells[width].begin_pos;
        problem =
            RowProblem{pos, Where(record, kNone, "") + ": found " + std::to_string(record.fields) +
                                " fields; expected " + std::to_string(width) + " as in the header"};
      } else {
        model::Question question;
        problem = make(record, &question);
        if (!problem) ctx_.bank->questions.push_back(std::move(question));
      }
      if (problem) QBANK_RETURN_IF_ERROR(ReportRow(*problem));
    }
  }

  // A malformed row goes to ctx.errors; without that list, or after too many, it stops the file.
  Status ReportRow(const RowProblem& problem) {
    SourceSpan at = SourceSpan::Point(problem.pos.line, problem.pos.column);
    Status error = Status::InvalidInput(problem.message).At(source_.path(), at);
    if (ctx_.errors == nullptr) return error;
    ctx_.AddError(error);
    if (++row_errors_ >= kMaxRowErrors) {
      return Status::InvalidInput("stopped after " + std::to_string(kMaxRowErrors) +
                                  " malformed rows; expected rows that match the header (fix "
                                  "the rows reported above first)")
          .At(source_.path(), at);
    }
    return Status::Ok();
  }

  SourceSpan SpanBetween(SourcePosition begin, SourcePosition end) const {
    SourceSpan span;
    span.file = file_;
    span.line = begin.line;
    span.column = begin.column;
    span.end_line = end.line;
    span.end_column = end.column;
    return span;
  }

  model::Text MakeText(const CsvCell& cell) const {
    model::Text text(cell.value);
    text.span = SpanBetween(cell.begin_pos, cell.end_pos);
    text.verbatim = !cell.escaped && !cells_;
    return text;
  }

  // The ';'-separated items of a cell, trimmed, empty ones dropped. Each item's span is its own
  // when the cell had no escapes, else the cell's.
  std::vector<model::Text> SplitList(const CsvCell& cell) const {
    std::vector<model::Text> items;
    std::string_view value = cell.value;
    size_t start = 0;
    while (start <= value.size()) {
      size_t semi = value.find(';', start);
      if (semi == std::string_view::npos) semi = value.size();
      std::string_view raw = value.substr(start, semi - start);
      std::string_view item = Trim(raw);
      if (!item.empty()) {
        model::Text text{std::string(item)};
        if (cell.escaped || cells_) {
          text.span = SpanBetween(cell.begin_pos, cell.end_pos);
        } else {
          size_t offset = static_cast<size_t>(item.data() - value.data());
          SourcePosition b = Walk(cell.begin_pos, value.substr(0, offset));
          text.span = SpanBetween(b, Walk(b, item));
          text.verbatim = true;
        }
        items.push_back(std::move(text));
      }
      start = semi + 1;
    }
    return items;
  }

  std::optional<RowProblem> MmluRow(const MmluLayout& layout, const CsvRecord& record,
                                    model::Question* q) const {
    q->type = model::QuestionType::kSingleAnswer;
    q->stem = MakeText(record.cells[layout.question]);
    q->domain.value = layout.domain;
    q->domain.span.file = file_;
    q->span = SpanBetween(record.begin_pos, record.end_pos);
    q->options.reserve(layout.choices.size());
    for (size_t index : layout.choices) {
      model::Option& option = q->options.emplace_back();
      option.text = MakeText(record.cells[index]);
      option.span = option.text.span;
    }
    const CsvCell& answer = record.cells[layout.answer];
    std::string_view digits = Trim(answer.value);
    size_t key = kNone;
    if (!digits.empty() && digits.size() <= 3 &&
        std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      key = std::stoul(std::string(digits));
    }
    if (key == kNone || key >= q->options.size()) {
      return RowProblem{answer.begin_pos,
                        Where(record, layout.answer, "answer") + ": answer \"" + answer.value +
                            "\" names no choice; expected a 0-based choice index from 0 to " +
                            std::to_string(q->options.size() - 1)};
    }
    q->options[key].correct = true;
    q->options[key].correct_span = SpanBetween(answer.begin_pos, answer.end_pos);
    return std::nullopt;
  }

  // The options of a full-layout row: they run to the last option or rationale cell that holds
  // text.
  void ReadOptionCells(const FullLayout& layout, const CsvRecord& record,
                       model::Question* q) const {
    size_t count = 0;
    for (size_t k = 0; k < layout.options.size(); ++k) {
      bool has_rationale =
          layout.rationales[k] != kNone && !record.cells[layout.rationales[k]].value.empty();
      if (!record.cells[layout.options[k]].value.empty() || has_rationale) count = k + 1;
    }
    q->options.reserve(count);
    for (size_t k = 0; k < count; ++k) {
      model::Option& option = q->options.emplace_back();
      option.text = MakeText(record.cells[layout.options[k]]);
      option.span = option.text.span;
      if (layout.rationales[k] != kNone)
        option.rationale = MakeText(record.cells[layout.rationales[k]]);
    }
  }

  // Marks the options the key cell names ("B", "A;C") correct and counts them in `*keys`; the
  // problem with the key when it names no option, one twice, or holds something else.
  std::optional<std::string> ReadKey(const CsvCell& key, model::Question* q, size_t* keys) const {
    size_t count = q->options.size();
    std::string_view value = key.value;
    size_t pos = 0;
    while (pos < value.size()) {
      if (value[pos] == ';' || value[pos] == ',' || IsBlank(value[pos])) {
        ++pos;
        continue;
      }
      size_t end = value.find_first_of(";, \t\r\n", pos);
      if (end == std::string_view::npos) end = value.size();
      std::string_view token = value.substr(pos, end - pos);
      char letter = token.size() == 1 ? token[0] : '\0';
      if (letter >= 'a' && letter <= 'z') letter = static_cast<char>(letter - 'a' + 'A');
      if (letter < 'A' || letter > 'Z') {
        return "key \"" + key.value + "\" holds \"" + std::string(token) +
               "\", not an option letter; expected letters such as B or A;C";
      }
      size_t index = static_cast<size_t>(letter - 'A');
      if (index >= count) {
        return "key \"" + key.value + "\" names option " + std::string(1, letter) +
               ", which this row does not have; expected letters among " + LetterRange(count) +
               ", separated by ';'";
      }
      if (q->options[index].correct) {
        return "key \"" + key.value + "\" names option " + std::string(1, letter) +
               " twice; expected each key letter once";
      }
      q->options[index].correct = true;
      q->options[index].correct_span = SpanBetween(key.begin_pos, key.end_pos);
      ++*keys;
      pos = end;
    }
    return std::nullopt;
  }

  // Several options by their text ("Neon; Argon", split at ';', else at ','), into `*chosen`;
  // left empty when a piece names no option or one twice; an error when a piece is the text of
  // two options.
  static std::optional<std::string> KeysByText(const CsvCell& key, std::string_view value,
                                               const model::Question& q,
                                               std::vector<size_t>* chosen) {
    size_t count = q.options.size();
    char separator = value.find(';') != std::string_view::npos ? ';' : ',';
    size_t start = 0;
    while (start <= value.size()) {
      size_t end = value.find(separator, start);
      if (end == std::string_view::npos) end = value.size();
      std::string piece = AsciiLower(Trim(value.substr(start, end - start)));
      start = end + 1;
      size_t found = kNone;
      for (size_t k = 0; k < count; ++k) {
        if (AsciiLower(Trim(q.options[k].text.value)) != piece) continue;
        if (found != kNone) {
          return "key \"" + key.value + "\" holds \"" + piece +
                 "\", the text of more than one option; expected a key that names one option "
                 "(write its letter)";
        }
        found = k;
      }
      if (found == kNone || std::find(chosen->begin(), chosen->end(), found) != chosen->end()) {
        chosen->clear();
        return std::nullopt;
      }
      chosen->push_back(found);
    }
    return std::nullopt;
  }

  // ReadKey for a recognised header: the key as letters ("B", "A;C"), numbers ("2", "1,3"; from 0
  // when the options are), or one option's text; an error when it names no option, or the text
  // and the letters or numbers name different options.
  std::optional<std::string> ReadLenientKey(const FullLayout& layout, const CsvCell& key,
                                            model::Question* q, size_t* keys) const {
    size_t count = q->options.size();
    auto mark = [&](size_t index) {
      q->options[index].correct = true;
      q->options[index].correct_span = SpanBetween(key.begin_pos, key.end_pos);
      ++*keys;
    };
    if (layout.first_option_is_key) {
      if (count > 0) mark(0);
      return std::nullopt;
    }
    std::string_view value = Trim(key.value);
    if (value.empty()) return std::nullopt;
    std::vector<size_t> by_text;
    std::string lower = AsciiLower(value);
    for (size_t k = 0; k < count; ++k) {
      if (AsciiLower(Trim(q->options[k].text.value)) == lower) by_text.push_back(k);
    }
    std::vector<size_t> by_mark;
    bool marks = true;
    size_t pos = 0;
    while (marks && pos < value.size()) {
      if (value[pos] == ';' || value[pos] == ',' || IsBlank(value[pos])) {
        ++pos;
        continue;
      }
      size_t end = value.find_first_of(";, \t\r\n", pos);
      if (end == std::string_view::npos) end = value.size();
      std::string_view token = value.substr(pos, end - pos);
      pos = end;
      size_t index = kNone;
      if (token.size() == 1 && std::isalpha(static_cast<unsigned char>(token[0]))) {
        index = static_cast<size_t>(std::tolower(static_cast<unsigned char>(token[0])) - 'a');
      } else if (token.size() <= 2 && std::all_of(token.begin(), token.end(),
                                                  [](char c) { return c >= '0' && c <= '9'; })) {
        size_t n = std::stoul(std::string(token));
        index = layout.zero_based ? n : (n == 0 ? kNone : n - 1);
      }
      if (index == kNone || index >= count ||
          std::find(by_mark.begin(), by_mark.end(), index) != by_mark.end()) {
        marks = false;
      } else {
        by_mark.push_back(index);
      }
    }
    if (by_mark.empty()) marks = false;
    auto letters = [](const std::vector<size_t>& v) {
      std::string out;
      for (size_t k : v) out += (out.empty() ? "" : ", ") + model::OptionLetter(k);
      return out;
    };
    if (by_text.size() > 1) {
      return "key \"" + key.value + "\" is the text of options " + letters(by_text) +
             "; expected a key that names one option (write its letter)";
    }
    if (marks && !by_text.empty() && by_mark != by_text) {
      return "key \"" + key.value + "\" names option " + letters(by_mark) +
             " as a letter or number but is the text of option " + letters(by_text) +
             "; expected a key that names one option (write its letter)";
    }
    std::vector<size_t> chosen = marks ? by_mark : by_text;
    if (chosen.empty()) {
      std::optional<std::string> wrong = KeysByText(key, value, *q, &chosen);
      if (wrong) return wrong;
    }
    if (chosen.empty()) {
      std::string numbers =
          layout.zero_based ? "0-" + std::to_string(count - 1) : "1-" + std::to_string(count);
      return "key \"" + key.value + "\" names no option; expected letters among " +
             LetterRange(count) + (count > 0 ? ", numbers " + numbers : std::string()) +
             " (several separated by ';' or ','), or an option's text";
    }
    for (size_t k : chosen) mark(k);
    return std::nullopt;
  }

  // The cell of column `c` in `record`, nullptr when the layout has no such column.
  static const CsvCell* CellOf(const FullLayout& layout, const CsvRecord& record, Column c) {
    size_t i = layout.Cell(c);
    return i == kNone ? nullptr : &record.cells[i];
  }

  // A problem with the cell of column `c` (which the layout has).
  static RowProblem ProblemAt(const FullLayout& layout, const CsvRecord& record, Column c,
                              std::string message) {
    size_t i = layout.Cell(c);
    return RowProblem{record.cells[i].begin_pos,
                      Where(record, i, layout.names[i]) + ": " + std::move(message)};
  }

  // The type column, else single or multiple answer by the number of keys.
  static std::optional<RowProblem> ReadType(const FullLayout& layout, const CsvRecord& record,
                                            size_t keys, model::Question* q) {
    const CsvCell* type = CellOf(layout, record, Column::kType);
    if (type == nullptr || Trim(type->value).empty()) {
      q->type =
          keys > 1 ? model::QuestionType::kMultipleAnswer : model::QuestionType::kSingleAnswer;
      return std::nullopt;
    }
    std::optional<model::QuestionType> parsed =
        model::ParseQuestionType(AsciiLower(Trim(type->value)));
    if (!parsed && layout.recognised) parsed = ParseVendorType(AsciiLower(Trim(type->value)));
    if (!parsed) {
      return ProblemAt(layout, record, Column::kType,
                       "type \"" + type->value +
                           "\" is not a question type; expected one of single, "
                           "multiple, true-false, short-answer, numerical, "
                           "matching, essay, description, other");
    }
    q->type = *parsed;
    return std::nullopt;
  }

  // The markup column, when the row fills it.
  static std::optional<RowProblem> ReadMarkup(const FullLayout& layout, const CsvRecord& record,
                                              model::Question* q) {
    const CsvCell* markup = CellOf(layout, record, Column::kMarkup);
    if (markup == nullptr || Trim(markup->value).empty()) return std::nullopt;
    std::optional<model::Markup> parsed = model::ParseMarkup(AsciiLower(Trim(markup->value)));
    if (!parsed) {
      return ProblemAt(
          layout, record, Column::kMarkup,
          "markup \"" + markup->value + "\" is not a markup; expected plain, markdown or html");
    }
    q->markup = *parsed;
    return std::nullopt;
  }

  // The author, review, origin and suppress columns.
  void ReadMetadata(const FullLayout& layout, const CsvRecord& record, model::Question* q) const {
    auto text = [&](Column c) {
      const CsvCell* found = CellOf(layout, record, c);
      return found == nullptr ? model::Text() : MakeText(*found);
    };
    auto list = [&](Column c) {
      const CsvCell* found = CellOf(layout, record, c);
      return found == nullptr ? std::vector<model::Text>() : SplitList(*found);
    };
    model::Person author;
    author.name = text(Column::kAuthorName);
    author.initials = text(Column::kAuthorInitials);
    author.credentials = text(Column::kAuthorCredentials);
    author.roles = list(Column::kAuthorRoles);
    if (!author.name.empty() || !author.initials.empty() || !author.credentials.empty() ||
        !author.roles.empty()) {
      q->authors.push_back(std::move(author));
    }
    q->review.date = text(Column::kReviewDate);
    q->review.reviewer = text(Column::kReviewReviewer);
    q->review.checked_against = text(Column::kReviewCheckedAgainst);
    q->origin.statement = text(Column::kOriginStatement);
    q->origin.references = list(Column::kOriginReferences);
    for (model::Text& rule : list(Column::kSuppress)) {
      q->suppressions.push_back(model::Suppression{std::move(rule.value), "", rule.span});
    }
  }

  std::optional<RowProblem> FullRow(const FullLayout& layout, const CsvRecord& record,
                                    model::Question* q) const {
    auto text = [&](Column c) {
      const CsvCell* found = CellOf(layout, record, c);
      return found == nullptr ? model::Text() : MakeText(*found);
    };
    q->span = SpanBetween(record.begin_pos, record.end_pos);
    q->id = text(Column::kId);
    q->exam = text(Column::kExam);
    q->domain = text(Column::kDomain);
    q->stem = text(Column::kStem);
    q->trap = text(Column::kTrap);
    q->explanation = text(Column::kExplanation);
    q->stated_answer = text(Column::kStatedAnswer);
    const CsvCell* tags = CellOf(layout, record, Column::kTags);
    q->tags = tags == nullptr ? std::vector<model::Text>() : SplitList(*tags);
    q->difficulty = text(Column::kDifficulty);

    ReadOptionCells(layout, record, q);
    size_t keys = 0;
    if (layout.first_option_is_key) {
      ReadLenientKey(layout, record.cells[layout.options[0]], q, &keys);
    } else if (const CsvCell* key = CellOf(layout, record, Column::kKey)) {
      std::optional<std::string> wrong =
          layout.recognised ? ReadLenientKey(layout, *key, q, &keys) : ReadKey(*key, q, &keys);
      if (wrong) return ProblemAt(layout, record, Column::kKey, std::move(*wrong));
    }
    if (!layout.extensions.empty()) {
      model::Value::Object kept;
      for (const auto& [cell, name] : layout.extensions) {
        if (!record.cells[cell].value.empty()) kept[name] = record.cells[cell].value;
      }
      if (!kept.empty()) {
        model::Value::Object extensions;
        extensions["sheet"] = model::Value(std::move(kept));
        q->extensions = model::Value(std::move(extensions));
      }
    }
    if (std::optional<RowProblem> wrong = ReadType(layout, record, keys, q)) return wrong;
    if (std::optional<RowProblem> wrong = ReadMarkup(layout, record, q)) return wrong;
    ReadMetadata(layout, record, q);
    return std::nullopt;
  }

  const SourceText& source_;
  uint32_t file_;
  ImportContext& ctx_;
  sheet::RowSource& reader_;
  bool cells_;
  size_t row_errors_ = 0;
};

// CsvReader as a sheet::RowSource.
class CsvRows : public sheet::RowSource {
 public:
  CsvRows(const SourceText& source, char delimiter) : reader_(source) {
    reader_.set_delimiter(delimiter);
  }
  Result<bool> Next(CsvRecord* record) override { return reader_.Next(record); }
  void set_field_limit(size_t limit) override { reader_.set_field_limit(limit); }

 private:
  CsvReader reader_;
};

// How many items of a ';'-separated list would not come back as they are: empty ones, ones
// holding ';', ones with white space at either end.
size_t ListLosses(const std::vector<std::string_view>& items) {
  size_t lost = 0;
  for (std::string_view item : items) {
    if (item.empty() || item.find(';') != std::string_view::npos || Trim(item) != item) ++lost;
  }
  return lost;
}

std::string JoinList(const std::vector<std::string_view>& items) {
  std::string out;
  for (std::string_view item : items) {
    if (item.empty()) continue;
    if (!out.empty()) out += "; ";
    out += item;
  }
  return out;
}

std::vector<std::string_view> Values(const std::vector<model::Text>& texts) {
  std::vector<std::string_view> out;
  out.reserve(texts.size());
  for (const model::Text& t : texts) out.push_back(t.value);
  return out;
}

// The options of `q` a row can hold: up to the last one with text, a rationale, at most 26.
size_t CarriedOptions(const model::Question& q) {
  size_t count = 0;
  for (size_t k = 0; k < std::min(q.options.size(), kMaxOptions); ++k) {
    if (!q.options[k].text.empty() || !q.options[k].rationale.empty()) count = k + 1;
  }
  return count;
}

bool IsEmptyPerson(const model::Person& p) {
  return p.name.empty() && p.initials.empty() && p.credentials.empty() && p.roles.empty();
}

// One loss per key of an extension object ("extensions.gift"), or one for a non-object value.
void DropExtensions(std::string_view field, const model::Value& extensions, LossReport& loss) {
  if (extensions.is_null()) return;
  if (!extensions.is_object()) {
    loss.Drop(field);
    return;
  }
  for (const auto& [key, value] : extensions.as_object()) {
    loss.Drop(std::string(field) + "." + key);
  }
}

void RecordBankLosses(const model::Bank& bank, LossReport& loss) {
  loss.Drop("bank.id", bank.id.empty() ? 0 : 1);
  loss.Drop("bank.title", bank.title.empty() ? 0 : 1);
  loss.Drop("bank.exam", bank.exam.empty() ? 0 : 1);
  loss.Drop("bank.publisher", bank.publisher.empty() ? 0 : 1);
  loss.Drop("bank.language", bank.language.empty() ? 0 : 1);
  loss.Drop("bank.declared_size", bank.declared_size ? 1 : 0);
  loss.Drop("bank.origin", bank.origin.empty() ? 0 : 1);
  DropExtensions("bank.extensions", bank.extensions, loss);
}

// True when `sheet` (a question's extensions.sheet) holds only columns `header_names` writes
// from it: points and time_limit (Kahoot's time limit goes back in its own column).
bool SheetColumnsWritten(const model::Value& sheet, const std::vector<std::string>* header_names) {
  if (header_names == nullptr || !sheet.is_object()) return false;
  for (const auto& [column, cell] : sheet.as_object()) {
    bool written =
        (column == "points" || column == "time_limit") && cell.is_string() &&
        std::find(header_names->begin(), header_names->end(), column) != header_names->end();
    if (!written) return false;
  }
  return true;
}

// `header_names`: the columns of a kept or chosen header (nullptr for the qbank layout).
void RecordQuestionLosses(const model::Question& q, size_t carried, LossReport& loss,
                          const std::vector<std::string>* header_names = nullptr) {
  if (const model::Value* sheet = q.extensions.Find("sheet");
      sheet != nullptr && q.extensions.as_object().size() == 1 &&
      SheetColumnsWritten(*sheet, header_names)) {
    // Carried whole by the header's own columns.
  } else {
    DropExtensions("extensions", q.extensions, loss);
  }
  if (q.options.size() > kMaxOptions) loss.Drop("options (after the 26th)", q.options.size() - 26);
  loss.Drop("options (empty, at the end)", std::min(q.options.size(), kMaxOptions) - carried);
  for (const model::Option& o : q.options) {
    loss.Drop("options.weight", o.weight ? 1 : 0);
    DropExtensions("options.extensions", o.extensions, loss);
  }
  if (!q.authors.empty()) {
    loss.Drop("authors (after the first)", q.authors.size() - 1);
    loss.Drop("authors (empty)", IsEmptyPerson(q.authors[0]) ? 1 : 0);
    loss.Drop("author_roles (empty, with ';' or outer spaces)",
              ListLosses(Values(q.authors[0].roles)));
  }
  loss.Drop("tags (empty, with ';' or outer spaces)", ListLosses(Values(q.tags)));
  loss.Drop("origin_references (empty, with ';' or outer spaces)",
            ListLosses(Values(q.origin.references)));
  std::vector<std::string_view> rules;
  for (const model::Suppression& s : q.suppressions) {
    rules.push_back(s.rule);
    loss.Drop("suppressions.reason", s.reason.empty() ? 0 : 1);
  }
  loss.Drop("suppress (empty, with ';' or outer spaces)", ListLosses(rules));
}

}  // namespace

std::string_view CsvFormat::summary() const {
  return "spreadsheet rows with a header (RFC 4180): the qbank columns or MMLU "
         "question,choice0..,answer";
}

namespace {

// The delimiter of a header row: the one of ',', ';' and '\t' it holds most often outside
// quotes (',' on a tie or when it holds none).
char DetectDelimiter(std::string_view content) {
  if (content.substr(0, 3) == "\xEF\xBB\xBF") content.remove_prefix(3);
  size_t commas = 0;
  size_t semicolons = 0;
  size_t tabs = 0;
  bool quoted = false;
  for (char c : content) {
    if (c == '"') quoted = !quoted;
    if (quoted) continue;
    if (c == '\n') break;
    commas += c == ',' ? 1 : 0;
    semicolons += c == ';' ? 1 : 0;
    tabs += c == '\t' ? 1 : 0;
  }
  if (tabs > commas && tabs >= semicolons) return '\t';
  if (semicolons > commas) return ';';
  return ',';
}

// The lower-cased names of the first line's cells (a quoted name unquoted).
std::vector<std::string> HeaderNames(std::string_view content, char delimiter,
                                     std::vector<std::string>* written = nullptr) {
  if (content.substr(0, 3) == "\xEF\xBB\xBF") content.remove_prefix(3);
  std::string_view first = content.substr(0, content.find('\n'));
  std::string line = AsciiLower(first);
  std::vector<std::string> names;
  size_t start = 0;
  while (start <= line.size()) {
    size_t comma = line.find(delimiter, start);
    if (comma == std::string::npos) comma = line.size();
    std::string_view name = Trim(std::string_view(line).substr(start, comma - start));
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
      name = name.substr(1, name.size() - 2);
    }
    names.emplace_back(name);
    if (written != nullptr) {
      written->emplace_back(
          first.substr(static_cast<size_t>(name.data() - line.data()), name.size()));
    }
    start = comma + 1;
  }
  return names;
}

bool Has(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

int CsvFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  std::vector<std::string> written;
  std::vector<std::string> names = HeaderNames(content, DetectDelimiter(content), &written);
  if (Has(names, "question") && Has(names, "choice0") && Has(names, "answer")) return 90;
  if (Has(names, "stem") && (Has(names, "option_a") || Has(names, "key"))) return 90;
  // A header recognised as a question sheet: a stem, two options and a key.
  sheet::RecognisedHeader recognised = sheet::RecogniseHeader(written, {});
  auto count = [&](auto pred) {
    return std::count_if(recognised.fields.begin(), recognised.fields.end(), pred);
  };
  if (count([](const std::string& f) { return f == "stem"; }) == 1 &&
      count([](const std::string& f) { return f.starts_with("option_"); }) >= 2 &&
      (recognised.first_option_is_key || count([](const std::string& f) { return f == "key"; }))) {
    return 70;
  }
  return 0;
}

bool CsvFormat::ClaimsDespiteExtension(std::string_view path, std::string_view content) const {
  bool little = content.starts_with(std::string_view("\xFF\xFE", 2));
  bool big = content.starts_with(std::string_view("\xFE\xFF", 2));
  if ((!little && !big) || content.starts_with(std::string_view("\xFF\xFE\0\0", 4))) {
    return false;  // not UTF-16 (UTF-32LE starts with the same two bytes)
  }
  // The first line, up to its line feed (a whole UTF-16 unit).
  size_t end = 2;
  while (end + 1 < content.size()) {
    char unit = little ? content[end] : content[end + 1];
    char high = little ? content[end + 1] : content[end];
    if (unit == '\n' && high == '\0') break;
    end += 2;
  }
  Result<std::string> header =
      text::ConvertToUtf8(content.substr(0, end), little ? "UTF-16LE" : "UTF-16BE");
  if (!header.ok() || header->find('\t') == std::string::npos) return false;
  return Sniff(path, *header + "\n") >= 70;
}

namespace {

// The delimiter the user forced, else the one the header row holds most.
char Delimiter(const SourceText& text, const ImportContext& ctx) {
  return ctx.sheet.delimiter != 0 ? ctx.sheet.delimiter : DetectDelimiter(text.content());
}

}  // namespace

namespace sheet {

Status ImportRows(RowSource& rows, const SourceText& source, uint32_t file, ImportContext& ctx,
                  bool cells) {
  CsvImporter importer(rows, source, file, ctx, cells);
  return importer.Run();
}

}  // namespace sheet

Status CsvFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("csv import without a bank");
  if (!ctx.encoding.empty() && !text::IsUtf8EncodingName(ctx.encoding)) {
    // Converted text is registered as a source of its own; spans name it.
    Result<DecodedSource> decoded = DecodeSource(source, ctx);
    if (!decoded.ok()) return decoded.status();
    CsvRows rows(*decoded->text, Delimiter(*decoded->text, ctx));
    CsvImporter importer(rows, *decoded->text, decoded->file, ctx, false);
    return importer.Run();
  }
  // UTF-8 is checked by the reader, which names the row and field of a bad byte.
  DecodedSource decoded = DropByteOrderMark(source, ctx);
  CsvRows rows(*decoded.text, Delimiter(*decoded.text, ctx));
  CsvImporter importer(rows, *decoded.text, decoded.file, ctx, false);
  return importer.Run();
}

namespace {

// How many option and rationale columns an export needs, and how many options of each question
// it carries.
struct CsvWidths {
  size_t options = 0;
  size_t rationales = 0;
  std::vector<size_t> carried;  // per question
};

// `kept_choices`: the choice columns of a kept MMLU header, which hold empty options too (a row
// of the qbank layout ends at its last filled option).
CsvWidths MeasureColumns(const model::Bank& bank, LossReport& loss, size_t kept_choices = 0,
                         const std::vector<std::string>* header_names = nullptr) {
  CsvWidths widths;
  widths.carried.resize(bank.questions.size());
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    const model::Question& q = bank.questions[i];
    LossReport::QuestionScope scope(loss, q);
    size_t carried = widths.carried[i] =
        std::max(CarriedOptions(q), std::min(q.options.size(), kept_choices));
    widths.options = std::max(widths.options, carried);
    for (size_t k = 0; k < carried; ++k) {
      if (!q.options[k].rationale.empty()) widths.rationales = std::max(widths.rationales, k + 1);
    }
    RecordQuestionLosses(q, carried, loss, header_names);
  }
  return widths;
}

std::vector<std::string> HeaderFields(const CsvWidths& widths) {
  std::vector<std::string> fields;
  for (const NamedColumn& c : kColumns) {
    if (c.column == Column::kOption || c.column == Column::kRationale) {
      size_t n = c.column == Column::kOption ? widths.options : widths.rationales;
      for (size_t k = 0; k < n; ++k) {
        fields.push_back(std::string(c.name) + static_cast<char>('a' + k));
      }
    } else {
      fields.emplace_back(c.name);
    }
  }
  return fields;
}

// The field of metadata column `column` (markup, author, review, origin, suppressions) of `q`'s
// row, appended to `fields`.
void AppendMetadataField(const model::Question& q, Column column,
                         std::vector<std::string>& fields) {
  static const model::Person kNobody;
  const model::Person& author = q.authors.empty() ? kNobody : q.authors[0];
  switch (column) {
    case Column::kMarkup:
      fields.emplace_back(model::MarkupName(q.markup));
      break;
    case Column::kAuthorName:
      fields.push_back(author.name.value);
      break;
    case Column::kAuthorInitials:
      fields.push_back(author.initials.value);
      break;
    case Column::kAuthorCredentials:
      fields.push_back(author.credentials.value);
      break;
    case Column::kAuthorRoles:
      fields.push_back(JoinList(Values(author.roles)));
      break;
    case Column::kReviewDate:
      fields.push_back(q.review.date.value);
      break;
    case Column::kReviewReviewer:
      fields.push_back(q.review.reviewer.value);
      break;
    case Column::kReviewCheckedAgainst:
      fields.push_back(q.review.checked_against.value);
      break;
    case Column::kOriginStatement:
      fields.push_back(q.origin.statement.value);
      break;
    case Column::kOriginReferences:
      fields.push_back(JoinList(Values(q.origin.references)));
      break;
    case Column::kSuppress: {
      std::vector<std::string_view> rules;
      for (const model::Suppression& s : q.suppressions) rules.push_back(s.rule);
      fields.push_back(JoinList(rules));
      break;
    }
    default:
      break;
  }
}

// The key column: the letters of the correct options among the first `carried`, "A;C".
std::string KeyField(const model::Question& q, size_t carried) {
  std::string key;
  for (size_t k = 0; k < carried; ++k) {
    if (!q.options[k].correct) continue;
    if (!key.empty()) key += ';';
    key += model::OptionLetter(k);
  }
  return key;
}

// The fields of one question's row: one case per column of the layout (the metadata columns in
// AppendMetadataField).
void RowFields(const model::Question& q, size_t carried, const CsvWidths& widths,
               std::vector<std::string>& fields) {
  fields.clear();
  for (const NamedColumn& c : kColumns) {
    switch (c.column) {
      case Column::kId:
        fields.push_back(q.id.value);
        break;
      case Column::kType:
        fields.emplace_back(model::QuestionTypeName(q.type));
        break;
      case Column::kExam:
        fields.push_back(q.exam.value);
        break;
      case Column::kDomain:
        fields.push_back(q.domain.value);
        break;
      case Column::kStem:
        fields.push_back(q.stem.value);
        break;
      case Column::kTrap:
        fields.push_back(q.trap.value);
        break;
      case Column::kOption:
        for (size_t k = 0; k < widths.options; ++k) {
          fields.push_back(k < carried ? q.options[k].text.value : std::string());
        }
        break;
      case Column::kKey:
        fields.push_back(KeyField(q, carried));
        break;
      case Column::kRationale:
        for (size_t k = 0; k < widths.rationales; ++k) {
          fields.push_back(k < carried ? q.options[k].rationale.value : std::string());
        }
        break;
      case Column::kExplanation:
        fields.push_back(q.explanation.value);
        break;
      case Column::kStatedAnswer:
        fields.push_back(q.stated_answer.value);
        break;
      case Column::kTags:
        fields.push_back(JoinList(Values(q.tags)));
        break;
      case Column::kDifficulty:
        fields.push_back(q.difficulty.value);
        break;
      case Column::kCount:
        break;
      default:
        AppendMetadataField(q, c.column, fields);
        break;
    }
  }
}

// The header of the file an export writes over, when the reader reads one: its cells as written
// and their names as the reader matches them (lower-cased, trimmed).
struct KeptHeader {
  std::vector<std::string> cells;
  std::vector<std::string> names;
  bool mmlu = false;
  bool key_numbers = false;  // the key column holds 1-based numbers ("1,3"), as Kahoot's does
  char delimiter = ',';
};

std::optional<KeptHeader> ReadKeptHeader(const SourceText* file) {
  if (file == nullptr) return std::nullopt;
  CsvReader reader(*file);
  KeptHeader kept;
  kept.delimiter = DetectDelimiter(file->content());
  reader.set_delimiter(kept.delimiter);
  reader.set_field_limit(kMaxHeaderFields);
  CsvRecord header;
  Result<bool> got = reader.Next(&header);
  if (!got.ok() || !*got || header.fields > header.cells.size()) return std::nullopt;
  for (const CsvCell& cell : header.cells) {
    kept.cells.push_back(cell.value);
    kept.names.push_back(AsciiLower(Trim(cell.value)));
  }
  kept.mmlu = IsMmluHeader(kept.names);
  // A recognised header is written under the fields its names were read as.
  sheet::RecognisedHeader recognised = sheet::RecogniseHeader(kept.cells, {});
  for (size_t i = 0; i < kept.names.size(); ++i) {
    bool exact = kept.mmlu ? IsExactMmluName(kept.names[i]) : IsQbankName(kept.names[i]);
    if (!exact && !recognised.fields[i].empty()) {
      kept.mmlu = false;
      break;
    }
  }
  if (!kept.mmlu) {
    for (size_t i = 0; i < kept.names.size(); ++i) {
      if (!IsQbankName(kept.names[i]) && !recognised.fields[i].empty()) {
        kept.names[i] = recognised.fields[i];
      }
    }
  }
  return kept;
}

// The qbank column a name of the kept header stands for: its own, or for the MMLU layout
// question -> stem, choiceN -> option_x ("answer" is the key as an index, KeyIndexField).
std::string QbankName(const KeptHeader& header, const std::string& name) {
  if (!header.mmlu) return name;
  if (name == "question") return "stem";
  if (name.starts_with("choice") && IsMmluName(name)) {
    size_t n = std::stoul(name.substr(6));
    if (n < kMaxOptions) return "option_" + std::string(1, static_cast<char>('a' + n));
  }
  return name;
}

// The MMLU answer: the 0-based index of the one key among the first `carried` options.
std::string KeyIndexField(const model::Question& q, size_t carried) {
  for (size_t k = 0; k < carried; ++k) {
    if (q.options[k].correct) return std::to_string(k);
  }
  return "";
}

// True when the full row's `value` for column `name` needs no column of its own: empty, or what
// the reader gives when the column is absent (the type the keys give, plain markup; the MMLU
// layout: single answer, the domain the file name gives).
bool GoesWithoutColumn(const KeptHeader& header, const model::Question& q, std::string_view name,
                       std::string_view value, std::string_view path) {
  if (value.empty()) return true;
  size_t keys = static_cast<size_t>(
      std::count_if(q.options.begin(), q.options.end(), [](const auto& o) { return o.correct; }));
  if (name == "type") {
    if (header.mmlu) return q.type == model::QuestionType::kSingleAnswer;
    return q.type ==
           (keys > 1 ? model::QuestionType::kMultipleAnswer : model::QuestionType::kSingleAnswer);
  }
  if (name == "markup") return q.markup == model::Markup::kPlain;
  if (header.mmlu && name == "domain") return value == SubjectFromPath(path);
  if (header.mmlu && name == "key") return keys == 1;
  return false;
}

// Writes `bank` under the kept header: each column's field from the qbank layout's full row,
// every other non-empty field of that row counted as lost.
// "A;C" as 1-based numbers: "1,3".
std::string KeyNumbers(std::string_view letters) {
  std::string out;
  for (char c : letters) {
    if (c < 'A' || c > 'Z') continue;
    if (!out.empty()) out += ',';
    out += std::to_string(c - 'A' + 1);
  }
  return out;
}

// The value of a sheet-only column (points, time_limit) a reader kept in extensions.sheet.
std::string SheetExtension(const model::Question& q, const std::string& name) {
  if (!q.extensions.is_object()) return "";
  auto sheet = q.extensions.as_object().find("sheet");
  if (sheet == q.extensions.as_object().end() || !sheet->second.is_object()) return "";
  auto value = sheet->second.as_object().find(name);
  if (value == sheet->second.as_object().end() || !value->second.is_string()) return "";
  return value->second.as_string();
}

using Rows = std::vector<std::vector<std::string>>;

Rows ExportUnderHeader(const model::Bank& bank, const KeptHeader& header, const CsvWidths& widths,
                       std::string_view path, LossReport& loss) {
  std::vector<std::string> full_names = HeaderFields(widths);
  std::vector<size_t> column_of(header.names.size(), kNone);
  std::vector<bool> kept(full_names.size(), false);
  for (size_t c = 0; c < header.names.size(); ++c) {
    auto it = std::find(full_names.begin(), full_names.end(), QbankName(header, header.names[c]));
    if (it == full_names.end()) continue;
    column_of[c] = static_cast<size_t>(it - full_names.begin());
    kept[column_of[c]] = true;
  }
  Rows out;
  out.push_back(header.cells);
  std::vector<std::string> full;
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    const model::Question& q = bank.questions[i];
    RowFields(q, widths.carried[i], widths, full);
    std::vector<std::string>& fields = out.emplace_back();
    for (size_t c = 0; c < header.names.size(); ++c) {
      const std::string& name = header.names[c];
      bool answer = header.mmlu && name == "answer";
      if (answer) {
        fields.push_back(KeyIndexField(q, widths.carried[i]));
      } else if (name == "points" || name == "time_limit") {
        fields.push_back(SheetExtension(q, name));
      } else if (column_of[c] == kNone) {
        fields.emplace_back();
      } else if (header.key_numbers && name == "key") {
        fields.push_back(KeyNumbers(full[column_of[c]]));
      } else {
        fields.push_back(full[column_of[c]]);
      }
    }
    LossReport::QuestionScope scope(loss, q);
    for (size_t f = 0; f < full.size(); ++f) {
      if (!kept[f] && !GoesWithoutColumn(header, q, full_names[f], full[f], path)) {
        loss.Drop(full_names[f]);
      }
    }
  }
  return out;
}

// The widest question's options, at most 26.
size_t WidestOptions(const model::Bank& bank) {
  size_t widest = 0;
  for (const model::Question& q : bank.questions) {
    widest = std::max(widest, std::min(q.options.size(), kMaxOptions));
  }
  return widest;
}

// The header a --layout or --columns export writes into `h`; false (h untouched) for the qbank
// layout.
Result<bool> LayoutHeader(const model::Bank& bank, const ExportOptions& options, KeptHeader& h) {
  if (!options.columns.empty()) {
    // "Q=stem,Opt1=option_a": the header as written on the left, the field on the right.
    QBANK_RETURN_IF_ERROR(sheet::ParseColumnMapping(options.columns).status());
    std::string_view text = options.columns;
    size_t start = 0;
    while (start <= text.size()) {
      size_t comma = text.find(',', start);
      if (comma == std::string_view::npos) comma = text.size();
      std::string_view pair = text.substr(start, comma - start);
      start = comma + 1;
      size_t eq = pair.rfind('=');
      if (eq == std::string_view::npos) continue;
      std::string field = sheet::NormalizeHeader(pair.substr(eq + 1));
      std::replace(field.begin(), field.end(), ' ', '_');
      if (field == "ignore") continue;
      h.cells.emplace_back(Trim(pair.substr(0, eq)));
      h.names.push_back(std::move(field));
    }
    return true;
  }
  std::string_view layout = options.layout;
  if (layout.empty() || layout == "qbank") return false;
  size_t widest = WidestOptions(bank);
  if (layout == "mmlu") {
    h.mmlu = true;
    h.cells.emplace_back("question");
    for (size_t k = 0; k < std::max<size_t>(widest, 1); ++k) {
      h.cells.push_back("choice" + std::to_string(k));
    }
    h.cells.emplace_back("answer");
    h.names = h.cells;
  } else if (layout == "simple") {
    h.cells = {"Question"};
    h.names = {"stem"};
    for (size_t k = 0; k < widest; ++k) {
      h.cells.push_back("Option " + model::OptionLetter(k));
      h.names.push_back("option_" + std::string(1, static_cast<char>('a' + k)));
    }
    h.cells.insert(h.cells.end(), {"Correct Answer", "Explanation"});
    h.names.insert(h.names.end(), {"key", "explanation"});
  } else if (layout == "kahoot") {
    // Kahoot's quiz template: four answers, numbers as the key.
    h.cells = {"Question - max 120 characters"};
    h.names = {"stem"};
    for (size_t k = 0; k < std::max<size_t>(widest, 4); ++k) {
      h.cells.push_back("Answer " + std::to_string(k + 1) + " - max 75 characters");
      h.names.push_back("option_" + std::string(1, static_cast<char>('a' + k)));
    }
    h.cells.insert(h.cells.end(),
                   {"Time limit (sec) \xE2\x80\x93 5, 10, 20, 30, 60, 90, 120, or 240 secs",
                    "Correct answer(s) - choose at least one"});
    h.names.insert(h.names.end(), {"time_limit", "key"});
    h.key_numbers = true;
  } else {
    return Status::Usage("unknown --layout '" + std::string(layout) + "'" +
                         DidYouMean(layout, {"qbank", "mmlu", "simple", "kahoot"}) +
                         "; expected qbank, mmlu, simple or kahoot");
  }
  return true;
}

}  // namespace

namespace sheet {

Result<std::vector<std::vector<std::string>>> ExportRows(const model::Bank& bank,
                                                         const ExportOptions& options,
                                                         LossReport& loss) {
  RecordBankLosses(bank, loss);
  KeptHeader chosen;
  Result<bool> laid_out = LayoutHeader(bank, options, chosen);
  if (!laid_out.ok()) return laid_out.status();
  std::optional<KeptHeader> header = *laid_out ? std::optional<KeptHeader>(std::move(chosen))
                                               : ReadKeptHeader(options.written_over);
  if (header) {
    size_t choices = !header->mmlu
                         ? 0
                         : static_cast<size_t>(std::count_if(
                               header->names.begin(), header->names.end(),
                               [](const std::string& n) { return n.starts_with("choice"); }));
    CsvWidths widths = MeasureColumns(bank, loss, choices, &header->names);
    return ExportUnderHeader(bank, *header, widths, options.output_path, loss);
  }
  CsvWidths widths = MeasureColumns(bank, loss);
  Rows out;
  out.push_back(HeaderFields(widths));
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    RowFields(bank.questions[i], widths.carried[i], widths, out.emplace_back());
  }
  return out;
}

}  // namespace sheet

Result<std::string> CsvFormat::Export(const model::Bank& bank, const ExportOptions& options,
                                      LossReport& loss) const {
  Result<Rows> rows = sheet::ExportRows(bank, options, loss);
  if (!rows.ok()) return rows.status();
  char delimiter = options.delimiter;
  if (options.written_over != nullptr && options.columns.empty() && options.layout.empty()) {
    delimiter = DetectDelimiter(options.written_over->content());
  } else if (options.output_path.ends_with(".tsv")) {
    delimiter = '\t';
  }
  std::string out;
  for (const std::vector<std::string>& row : *rows) AppendCsvRecord(row, delimiter, &out);
  return out;
}

}  // namespace qbank::formats

// The csv reader: Sniff, and header-driven import of the qbank and MMLU layouts (and of headers
// sheet_columns recognises or a --columns mapping names), for csv and, through sheet::ImportRows,
// for the workbook formats.
#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <utility>

#include "base/utf8_text.h"
#include "formats/csv/csv_format.h"
#include "formats/csv/csv_syntax.h"
#include "formats/csv/csv_table.h"
#include "formats/sheet/sheet_columns.h"
#include "formats/sheet/sheet_rows.h"
#include "formats/source_decoding.h"
#include "text/encoding.h"

namespace qbank::formats {
using namespace csv_syntax;  // NOLINT(google-build-using-namespace)

namespace {

constexpr size_t kMaxRowErrors = 100;

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
    sheet::ColumnMapping mapping;
    if (!ctx_.sheet.columns.empty()) {
      Result<sheet::ColumnMapping> parsed = sheet::ParseColumnMapping(ctx_.sheet.columns);
      if (!parsed.ok()) return parsed.status();
      mapping = std::move(*parsed);
    }
    CsvHeader mapped = MapHeader(header, mapping);
    if (!mapped.own_layout) {
      FullLayout layout;
      QBANK_RETURN_IF_ERROR(
          ReadRecognisedHeader(header, mapped.written, mapped.recognised, &layout));
      QBANK_RETURN_IF_ERROR(CheckHeaderWidth(header));
      return ReadRows(
          header, [&](const CsvRecord& r, model::Question* q) { return FullRow(layout, r, q); });
    }
    if (mapped.mmlu) {
      MmluLayout layout;
      QBANK_RETURN_IF_ERROR(ReadMmluHeader(header, mapped.names, &layout));
      QBANK_RETURN_IF_ERROR(CheckHeaderWidth(header));
      return ReadRows(
          header, [&](const CsvRecord& r, model::Question* q) { return MmluRow(layout, r, q); });
    }
    FullLayout layout;
    QBANK_RETURN_IF_ERROR(ReadFullHeader(header, std::move(mapped.names), &layout));
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

  // Column `name` at field `second` after the same column at field `first`.
  Status RepeatedColumn(const CsvRecord& header, const std::string& name, size_t first,
                        size_t second) const {
    return HeaderError(header, second,
                       "column \"" + name + "\" appears twice (fields " +
                           std::to_string(first + 1) + " and " + std::to_string(second + 1) +
                           "); expected each column once");
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
      if (*slot != kNone) return RepeatedColumn(header, name, *slot, i);
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
      if (*slot != kNone) return RepeatedColumn(header, name, *slot, i);
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
    q->domain->value = layout.domain;
    q->domain->span.file = file_;
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
    // The review and origin are made only when the file has a column of theirs (boxed fields).
    auto has = [&](std::initializer_list<Column> columns) {
      for (Column c : columns) {
        if (CellOf(layout, record, c) != nullptr) return true;
      }
      return false;
    };
    if (has({Column::kReviewDate, Column::kReviewReviewer, Column::kReviewCheckedAgainst})) {
      q->review->date = text(Column::kReviewDate);
      q->review->reviewer = text(Column::kReviewReviewer);
      q->review->checked_against = text(Column::kReviewCheckedAgainst);
    }
    if (has({Column::kOriginStatement, Column::kOriginReferences})) {
      q->origin->statement = text(Column::kOriginStatement);
      q->origin->references = list(Column::kOriginReferences);
    }
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

}  // namespace

std::string_view CsvFormat::summary() const {
  return "spreadsheet rows with a header (RFC 4180): the qbank columns or MMLU "
         "question,choice0..,answer";
}

namespace {

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

}  // namespace qbank::formats

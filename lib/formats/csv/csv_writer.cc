// The csv writer: the qbank layout, the --layout and --columns headers, and, over a file it
// writes over, that file's own header kept; the rows are shared with xlsx and ods
// (sheet::ExportRows).
#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>

#include "base/suggest.h"
#include "base/utf8_text.h"
#include "formats/csv/csv_format.h"
#include "formats/csv/csv_syntax.h"
#include "formats/csv/csv_table.h"
#include "formats/sheet/sheet_columns.h"
#include "formats/sheet/sheet_rows.h"

namespace qbank::formats {
using namespace csv_syntax;  // NOLINT(google-build-using-namespace)

namespace {

// How many items of a ';'-separated list would not come back as they are: empty ones, ones
// holding ';', ones with white space at either end.
size_t ListLosses(const std::vector<std::string_view>& items) {
  size_t lost = 0;
  for (std::string_view item : items) {
    if (item.empty() || item.find(';') != std::string_view::npos || Trim(item) != item) ++lost;
  }
  return lost;
}

// The items as one cell, "a; b", as the reader splits it back: an item is written trimmed, and
// one that is empty or holds ';' is left out (ListLosses reports both). Written as they were, "a;b"
// and " a" came back as two items and as "a", and a second export differed (round_trip_fuzz,
// through ods, with GIFT's "// qbank-disable ;").
std::string JoinList(const std::vector<std::string_view>& items) {
  std::string out;
  for (std::string_view item : items) {
    std::string_view kept = Trim(item);
    if (kept.empty() || kept.find(';') != std::string_view::npos) continue;
    if (!out.empty()) out += "; ";
    out += kept;
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
    if (!q.options[k].text.empty() || !q.options[k].rationale->empty()) count = k + 1;
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
  loss.Drop("bank.exam", bank.exam->empty() ? 0 : 1);
  loss.Drop("bank.publisher", bank.publisher.empty() ? 0 : 1);
  loss.Drop("bank.language", bank.language.empty() ? 0 : 1);
  loss.Drop("bank.declared_size", bank.declared_size ? 1 : 0);
  loss.Drop("bank.origin", bank.origin->empty() ? 0 : 1);
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
            ListLosses(Values(q.origin->references)));
  std::vector<std::string_view> rules;
  for (const model::Suppression& s : q.suppressions) {
    rules.push_back(s.rule);
    loss.Drop("suppressions.reason", s.reason.empty() ? 0 : 1);
  }
  loss.Drop("suppress (empty, with ';' or outer spaces)", ListLosses(rules));
}

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
      if (!q.options[k].rationale->empty()) widths.rationales = std::max(widths.rationales, k + 1);
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
      fields.push_back(q.review->date.value);
      break;
    case Column::kReviewReviewer:
      fields.push_back(q.review->reviewer.value);
      break;
    case Column::kReviewCheckedAgainst:
      fields.push_back(q.review->checked_against.value);
      break;
    case Column::kOriginStatement:
      fields.push_back(q.origin->statement.value);
      break;
    case Column::kOriginReferences:
      fields.push_back(JoinList(Values(q.origin->references)));
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
        fields.push_back(q.exam->value);
        break;
      case Column::kDomain:
        fields.push_back(q.domain->value);
        break;
      case Column::kStem:
        fields.push_back(q.stem.value);
        break;
      case Column::kTrap:
        fields.push_back(q.trap->value);
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
          fields.push_back(k < carried ? q.options[k].rationale->value : std::string());
        }
        break;
      case Column::kExplanation:
        fields.push_back(q.explanation.value);
        break;
      case Column::kStatedAnswer:
        fields.push_back(q.stated_answer->value);
        break;
      case Column::kTags:
        fields.push_back(JoinList(Values(q.tags)));
        break;
      case Column::kDifficulty:
        fields.push_back(q.difficulty->value);
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
  KeptHeader kept;
  std::optional<CsvHeader> header = ReadFileHeader(*file, &kept.delimiter);
  if (!header) return std::nullopt;
  kept.cells = std::move(header->written);
  kept.names = std::move(header->names);
  // A recognised header is written under the fields its names were read as.
  kept.mmlu = header->mmlu && header->own_layout;
  if (!kept.mmlu) {
    for (size_t i = 0; i < kept.names.size(); ++i) {
      if (!IsQbankName(kept.names[i]) && !header->recognised.fields[i].empty()) {
        kept.names[i] = header->recognised.fields[i];
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

// The csv reader's and writer's shared vocabulary (csv_syntax.h): column names, delimiters and
// the one reading of a header row.
#include "formats/csv/csv_syntax.h"

#include <algorithm>

#include "base/utf8_text.h"

namespace qbank::formats::csv_syntax {

std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

size_t FamilyIndex(std::string_view name, std::string_view prefix) {
  if (name.size() != prefix.size() + 1 || name.substr(0, prefix.size()) != prefix) return kNone;
  char c = name.back();
  if (c < 'a' || c > 'z') return kNone;
  return static_cast<size_t>(c - 'a');
}

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

CsvHeader MapHeader(const CsvRecord& header, const sheet::ColumnMapping& mapping) {
  CsvHeader out;
  for (const CsvCell& cell : header.cells) {
    out.names.push_back(AsciiLower(Trim(cell.value)));
    out.written.push_back(cell.value);
  }
  out.recognised = sheet::RecogniseHeader(out.written, mapping);
  // A header in the qbank or MMLU layout, or one whose only strangers are names nothing
  // recognises, is read (and refused) exactly as those layouts always were.
  out.mmlu = IsMmluHeader(out.names);
  out.own_layout = mapping.empty();
  for (size_t i = 0; out.own_layout && i < out.names.size(); ++i) {
    bool exact = out.mmlu ? IsExactMmluName(out.names[i]) : IsQbankName(out.names[i]);
    if (!exact && !out.recognised.fields[i].empty()) out.own_layout = false;
  }
  return out;
}

std::optional<CsvHeader> ReadFileHeader(const SourceText& file, char* delimiter) {
  CsvReader reader(file);
  *delimiter = DetectDelimiter(file.content());
  reader.set_delimiter(*delimiter);
  reader.set_field_limit(kMaxHeaderFields);
  CsvRecord header;
  Result<bool> got = reader.Next(&header);
  if (!got.ok() || !*got || header.fields > header.cells.size()) return std::nullopt;
  return MapHeader(header, {});
}

}  // namespace qbank::formats::csv_syntax

// CsvFormat: question banks as spreadsheet rows (RFC 4180 with a header row), in the qbank column
// layout or the MMLU layout `question,choice0,...,answer`. The layouts are described in
// docs/formats/csv.md.
#ifndef QBANK_FORMATS_CSV_CSV_FORMAT_H_
#define QBANK_FORMATS_CSV_CSV_FORMAT_H_

#include <string>
#include <string_view>
#include <vector>

#include "formats/format.h"

namespace qbank::formats {

class CsvFormat : public Format {
 public:
  std::string_view name() const override { return "csv"; }
  // Reads nothing of the bank but appends (threads may read its files side by side).
  bool ReadsAlone() const override { return true; }
  std::string_view summary() const override;
  std::vector<std::string_view> extensions() const override { return {".csv", ".tsv"}; }
  // 90 when the first line is a header of either layout, 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;
  // Excel's "Unicode Text" (File > Save As): a .txt in UTF-16 with a byte-order mark whose first
  // line is a tab-separated header Sniff takes for a question sheet.
  bool ClaimsDespiteExtension(std::string_view path, std::string_view content) const override;

  // Reads one CSV file. The header picks the layout (a `question` or `choiceN` column means MMLU,
  // anything else is the qbank layout). Errors in the text itself (quoting, invalid UTF-8) and in
  // the header stop the file with a "path:line:col: row N, field K: ..." status; a malformed row
  // (wrong number of fields, a key naming no option, an unknown type or markup) goes to ctx.errors
  // with the same message and the row is skipped (without ctx.errors it stops the file). After 100
  // malformed rows the file is given up. Ids are left empty where the file has none.
  Status Import(const SourceText& source, ImportContext& ctx) const override;

  // Writes the qbank layout: a header with every column (option_x and rationale_x only as far as
  // the widest question needs), one row per question, fields quoted only when needed, LF line
  // ends, UTF-8 without a byte order mark. What the layout cannot carry (bank fields, extensions,
  // weights, authors after the first, suppression reasons, ...) is counted in `loss`. Over a
  // file (options.written_over, `qbank fmt`) whose header the reader reads, that header's columns
  // are kept, in its order and spelling, in either layout: a value with no column in it is
  // counted in `loss` under its column's name.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_CSV_CSV_FORMAT_H_

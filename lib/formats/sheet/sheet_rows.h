// Sheet rows: the one reader of question rows under a header, shared by csv (rows from CsvReader)
// and the workbook formats xlsx and ods (rows from their cells), and the one writer of the layouts.
#ifndef QBANK_FORMATS_SHEET_SHEET_ROWS_H_
#define QBANK_FORMATS_SHEET_SHEET_ROWS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "base/source_text.h"
#include "base/status.h"
#include "formats/csv/csv_table.h"
#include "formats/format.h"
#include "formats/loss_report.h"
#include "model/bank.h"

namespace qbank::formats::sheet {

// Where rows come from: CsvReader's records, or a workbook sheet's rows as records whose cells'
// positions are (row, column number) and whose values are not the file's bytes.
class RowSource {
 public:
  virtual ~RowSource() = default;
  // As CsvReader::Next: true when a record was read, false at the end.
  virtual Result<bool> Next(CsvRecord* record) = 0;
  // As CsvReader::set_field_limit.
  virtual void set_field_limit(size_t limit) = 0;
};

// Reads the header and question rows of `rows` into ctx.bank, as docs/formats/csv.md says (the
// qbank and MMLU layouts, headers recognised or mapped by ctx.sheet). `source` is the text (or
// the sheet) the rows came from and names it in messages; `file` its index in ctx.bank.
// `cells`: the rows are a workbook's cells, so no value is verbatim in `source`.
Status ImportRows(RowSource& rows, const SourceText& source, uint32_t file, ImportContext& ctx,
                  bool cells);

// The rows a csv, xlsx or ods export writes (the header first), for options.layout or
// options.columns, with what they cannot hold counted in `loss`.
Result<std::vector<std::vector<std::string>>> ExportRows(const model::Bank& bank,
                                                         const ExportOptions& options,
                                                         LossReport& loss);

}  // namespace qbank::formats::sheet

#endif  // QBANK_FORMATS_SHEET_SHEET_ROWS_H_

// Workbooks: the cells of one sheet of an .xlsx or .ods file as plain rows, read and written
// through the zip and XML doors, and their import through the shared sheet reader (sheet_rows.h).
#ifndef QBANK_FORMATS_SHEET_WORKBOOK_H_
#define QBANK_FORMATS_SHEET_WORKBOOK_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_text.h"
#include "base/status.h"
#include "formats/format.h"

namespace qbank::formats::sheet {

struct SheetCell {
  uint32_t column = 0;  // 1-based (A = 1)
  std::string value;    // the text as the sheet shows it; numbers as written in the file
};

struct SheetRow {
  uint32_t row = 0;              // 1-based
  std::vector<SheetCell> cells;  // non-empty cells in column order
};

// Something the reader read in a way the user should know of: a formula (its cached value was
// read), a merged range (only its first cell holds the value).
struct SheetNote {
  uint32_t row = 0;
  uint32_t column = 0;
  std::string message;
};

struct SheetGrid {
  std::string name;  // the sheet's name
  std::vector<SheetRow> rows;
  std::vector<SheetNote> notes;
};

// The limits a workbook's cells are read within (besides the zip door's).
inline constexpr uint32_t kMaxSheetRows = 1048576;  // Excel's and LibreOffice's
inline constexpr uint32_t kMaxSheetColumns = 16384;

// The sheet named `sheet` (the first when empty) of the .xlsx workbook `bytes` (`path` in
// messages): shared and inline strings, rich text flattened, numbers and booleans as the file
// writes them, formulas' cached values (noted), merged ranges (noted). Errors: not a zip, no
// workbook part, no such sheet ("no sheet 'Sheet3'; the workbook has 'Sheet1', 'Data'"), malformed
// XML (the part named), a cell reference that is not one.
Result<SheetGrid> ReadXlsx(std::string_view bytes, const std::string& path,
                           const std::string& sheet);
// The same for an OpenDocument spreadsheet (.ods): paragraphs of a cell joined by line feeds,
// repeated rows and columns expanded where they hold text.
Result<SheetGrid> ReadOds(std::string_view bytes, const std::string& path,
                          const std::string& sheet);

// `rows` (the first the header) as one sheet named `sheet` of an .xlsx workbook: every cell an
// inline string, so the text is kept exactly. Errors: text XML cannot carry.
Result<std::string> WriteXlsx(const std::vector<std::vector<std::string>>& rows,
                              const std::string& sheet);
// The same as an OpenDocument spreadsheet.
Result<std::string> WriteOds(const std::vector<std::vector<std::string>>& rows,
                             const std::string& sheet);

// Reads `grid`, read from the workbook `source`, into ctx.bank as the csv format reads rows: its
// places are cells of the sheet ("bank.xlsx:Sheet1!C7"); its notes go to ctx.warnings.
Status ImportGrid(const SheetGrid& grid, const SourceText& source, ImportContext& ctx);

}  // namespace qbank::formats::sheet

#endif  // QBANK_FORMATS_SHEET_WORKBOOK_H_

// Import of a workbook sheet's cells through the shared sheet reader.
#include "formats/sheet/workbook.h"

#include <memory>
#include <utility>

#include "base/diagnostic.h"
#include "base/source_span.h"
#include "formats/sheet/sheet_rows.h"

namespace qbank::formats::sheet {
namespace {

// A sheet's rows as CsvRecords: row numbers and cell positions are the sheet's, every row as
// wide as the header (empty cells filled in), wider only where a cell past it holds text.
class GridRows : public RowSource {
 public:
  explicit GridRows(const SheetGrid& grid) : grid_(grid) {}

  Result<bool> Next(CsvRecord* record) override {
    if (next_ >= grid_.rows.size()) return false;
    const SheetRow& row = grid_.rows[next_++];
    uint32_t last = row.cells.empty() ? 0 : row.cells.back().column;
    if (width_ == 0) width_ = last;  // the header
    uint32_t width = std::max(width_, last);
    record->cells.clear();
    record->fields = width;
    record->all_empty = true;
    record->row = row.row;
    record->begin = record->end = 0;
    record->begin_pos = {row.row, 1};
    record->end_pos = {row.row, width + 1};
    size_t stored = std::min<size_t>(width, limit_);
    record->cells.resize(stored);
    for (uint32_t c = 0; c < stored; ++c) {
      CsvCell& cell = record->cells[c];
      cell.begin_pos = {row.row, c + 1};
      cell.end_pos = {row.row, c + 2};
      cell.escaped = true;  // the value is not the file's bytes
    }
    for (const SheetCell& cell : row.cells) {
      if (cell.column == 0 || cell.column > stored) continue;
      record->cells[cell.column - 1].value = cell.value;
      if (!cell.value.empty()) record->all_empty = false;
    }
    return true;
  }
  void set_field_limit(size_t limit) override { limit_ = limit; }

 private:
  const SheetGrid& grid_;
  size_t next_ = 0;
  uint32_t width_ = 0;
  size_t limit_ = static_cast<size_t>(-1);
};

}  // namespace

Status ImportGrid(const SheetGrid& grid, const SourceText& source, ImportContext& ctx) {
  // The sheet is a source of its own whose places are cells; it has no text lines to show.
  auto sheet_source = std::make_shared<const SourceText>(SheetPath(source.path(), grid.name), "");
  uint32_t file = ctx.bank->AddSource(sheet_source);
  if (ctx.warnings != nullptr) {
    for (const SheetNote& note : grid.notes) {
      Diagnostic d;
      d.path = sheet_source->path();
      d.span = SourceSpan::Point(note.row, note.column);
      d.message = note.message;
      d.warning = true;
      ctx.warnings->push_back(std::move(d));
    }
  }
  GridRows rows(grid);
  if (grid.rows.empty()) {
    return Status::InvalidInput("sheet '" + grid.name +
                                "' is empty; expected a header row such as "
                                "\"Question,Option A,Option B,Correct Answer\"")
        .At(sheet_source->path(), SourceSpan::Point(1, 1));
  }
  return ImportRows(rows, *sheet_source, file, ctx, true);
}

}  // namespace qbank::formats::sheet

// Where a piece of text came from: a file (by index into a bank's source table) and a 1-based
// line/column range. Columns count Unicode code points, 1-based; the end is inclusive of the last
// character's column plus one (half-open), as SARIF and most editors expect. In a file that is not
// text (a Word document) a "line" is a paragraph of it (SourceSpan::Unit).
#ifndef QBANK_BASE_SOURCE_SPAN_H_
#define QBANK_BASE_SOURCE_SPAN_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace qbank {

struct SourceSpan {
  static constexpr uint32_t kNoFile = UINT32_MAX;
  // What `line` counts: lines of a text file, or paragraphs of a document (a .docx, whose reader
  // gives each paragraph's text as one line of the source it registers). A paragraph place prints
  // as "bank.docx:¶37".
  // (Unscoped, so that a one-bit field holds it without GCC's warning about scoped enums in bit
  // fields; spelled SourceSpan::Unit::kLine all the same.)
  enum Unit { kLine, kParagraph };
  uint32_t file = kNoFile;  // index into Bank::sources, kNoFile when unknown
  uint32_t line = 0;        // 1-based; 0 when unknown
  uint32_t column = 0;      // 1-based, in code points
  uint32_t end_line = 0;
  // One past the last code point. 31 bits, so that `unit` fits beside it and a span is 20 bytes,
  // not 24 (every field of every question has one): columns past 2^31 (a line of more than two
  // billion characters) are not told apart.
  uint32_t end_column : 31 = 0;
  Unit unit : 1 = Unit::kLine;

  // A place that is only a start, 1-based `line` and `column` (end unknown, in no file): where
  // an error points.
  static SourceSpan Point(uint32_t line, uint32_t column) { return {kNoFile, line, column, 0, 0}; }

  bool known() const { return line != 0; }
  friend bool operator==(const SourceSpan&, const SourceSpan&) = default;
};

// A 1-based position; the pair a parser tracks while it walks the text.
struct SourcePosition {
  uint32_t line = 1;
  uint32_t column = 1;
};

// A place in a named file: a span in it, or (span unknown) the file as a whole; nowhere when the
// path is empty. What errors point at (Status::At).
struct SourceLocation {
  std::string path;
  SourceSpan span;  // span.file is not used: the path names the file
};

// Formats "path:line:col" (or just "path" / "path:line" when those are unknown). For a sheet's
// source (IsSheetPath) the place is a cell: "bank.xlsx:Sheet1!C7" (or "bank.xlsx:Sheet1!7" for a
// whole row).
std::string FormatLocation(const std::string& path, uint32_t line, uint32_t column);
// The same for `span`: "path:line:col", or "path:¶N" for a paragraph (the column is shown by the
// caret under the paragraph's text, not in the place).
std::string FormatLocation(const std::string& path, const SourceSpan& span);

// Spreadsheets: the source of one sheet of a workbook is named "FILE:SHEET!" and its spans count
// line = row and column = column number (A = 1), so every place in it prints as a cell.
std::string SheetPath(std::string_view file, std::string_view sheet);
// True when `path` names a sheet (ends with '!' after a ':').
bool IsSheetPath(std::string_view path);
// The file part of a sheet's path ("bank.xlsx" for "bank.xlsx:Sheet1!"); `path` itself otherwise.
std::string_view SheetFile(std::string_view path);
// The cell name of 1-based `row` and `column`: "C7"; "AA1" after "Z1".
std::string CellName(uint32_t row, uint32_t column);

}  // namespace qbank

#endif  // QBANK_BASE_SOURCE_SPAN_H_

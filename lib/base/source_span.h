// Where a piece of text came from: a file (by index into a bank's source table) and a 1-based
// line/column range. Columns count Unicode code points, 1-based; the end is inclusive of the last
// character's column plus one (half-open), as SARIF and most editors expect. In a file that is not
// text (a Word document) a "line" is a paragraph of it (SourceSpan::Unit).
#ifndef QBANK_BASE_SOURCE_SPAN_H_
#define QBANK_BASE_SOURCE_SPAN_H_

#include <cstdint>
#include <string>

namespace qbank {

struct SourceSpan {
  static constexpr uint32_t kNoFile = UINT32_MAX;
  // What `line` counts: lines of a text file, or paragraphs of a document (a .docx, whose reader
  // gives each paragraph's text as one line of the source it registers). A paragraph place prints
  // as "bank.docx:¶37".
  enum class Unit : uint8_t { kLine, kParagraph };
  uint32_t file = kNoFile;  // index into Bank::sources, kNoFile when unknown
  uint32_t line = 0;        // 1-based; 0 when unknown
  uint32_t column = 0;      // 1-based, in code points
  uint32_t end_line = 0;
  uint32_t end_column = 0;  // one past the last code point
  Unit unit = Unit::kLine;

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

// Formats "path:line:col" (or just "path" / "path:line" when those are unknown).
std::string FormatLocation(const std::string& path, uint32_t line, uint32_t column);
// The same for `span`: "path:line:col", or "path:¶N" for a paragraph (the column is shown by the
// caret under the paragraph's text, not in the place).
std::string FormatLocation(const std::string& path, const SourceSpan& span);

}  // namespace qbank

#endif  // QBANK_BASE_SOURCE_SPAN_H_

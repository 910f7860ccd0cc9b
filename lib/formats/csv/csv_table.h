// CsvReader and the CSV writing functions: RFC 4180 records (quoted fields with "" escapes,
// commas and line breaks inside quotes, CRLF or LF line ends, an optional UTF-8 byte order mark).
#ifndef QBANK_FORMATS_CSV_CSV_TABLE_H_
#define QBANK_FORMATS_CSV_CSV_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_span.h"
#include "base/source_text.h"
#include "base/status.h"

namespace qbank::formats {

// One field of a record: its value with the quoting undone, and where that value sits in the file.
struct CsvCell {
  std::string value;
  size_t begin = 0;  // byte offset of the value's first character (inside the quote when quoted)
  size_t end = 0;    // byte offset one past the value's last character (before a closing quote)
  SourcePosition begin_pos;  // line:column of `begin`
  SourcePosition end_pos;    // line:column of `end`
  bool quoted = false;
  bool escaped = false;  // the value held a "" escape, so it differs from the file's bytes
};

// One record (row) of the file.
struct CsvRecord {
  // The record's fields, at most the reader's field limit of them (see CsvReader::set_field_limit).
  std::vector<CsvCell> cells;
  size_t fields = 0;      // how many fields the record has, including any beyond the limit
  bool all_empty = true;  // every field (also beyond the limit) is empty
  // The row number a spreadsheet shows: the first record is row 1, and every line break outside
  // quotes starts a new row (skipped blank lines count too).
  uint32_t row = 0;
  size_t begin = 0;  // byte offset of the record's first character
  size_t end = 0;    // byte offset of its end (before the line break)
  SourcePosition begin_pos;
  SourcePosition end_pos;
};

// Reads the records of one CSV file in order. The SourceText must outlive the reader. Positions
// count code points from column 1 after a skipped byte order mark, as SourceText does for lines.
// Completely blank lines between records are skipped. The whole input is checked for UTF-8 up
// front; reading is linear in the input size.
class CsvReader {
 public:
  explicit CsvReader(const SourceText& source);

  // Reads the next record into `*record` (its old content replaced). Returns true when a record
  // was read and false at the end of the input. Malformed input (a quoted field never closed, a
  // quote inside an unquoted field, text after a closing quote, a carriage return without a line
  // feed, invalid UTF-8) is an InvalidInput status "path:line:col: row N, field K: <what>;
  // expected <what>"; after an error the reader stays at the end of the input.
  Result<bool> Next(CsvRecord* record);

  // Records keep at most `limit` cells; further fields are still read (and counted in
  // CsvRecord::fields) but not stored, so one hostile line cannot hold millions of cells.
  void set_field_limit(size_t limit) { field_limit_ = limit; }

  // The character between fields: ',' (the default), ';' or '\t'. Messages that say "a comma"
  // mean this character.
  void set_delimiter(char delimiter) { delimiter_ = delimiter; }

  const SourceText& source() const { return source_; }

 private:
  // Consumes one byte, keeping line and column up to date.
  void Advance();
  // Consumes the bytes up to offset `end` (line breaks included).
  void AdvanceTo(size_t end);
  SourcePosition Position() const { return {line_, column_}; }
  // An InvalidInput status at `pos` naming the current row and field `field` (1-based).
  Status ErrorAt(SourcePosition pos, size_t field, std::string_view message);
  // The status for the first invalid UTF-8 sequence, which lies in field `field`.
  Status Utf8Error(size_t field);
  // Skips blank lines before a record (they still count as rows).
  void SkipBlankLines();
  // Reads field number `field`, quoted ("...") or plain, into `cell`, stopping at the comma or
  // line end after it.
  Status ReadQuotedCell(CsvCell& cell, size_t field);
  Status ReadPlainCell(CsvCell& cell, size_t field);

  const SourceText& source_;
  std::string_view text_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t column_ = 1;
  uint32_t row_ = 0;                          // the row number of the last record started
  size_t bad_utf8_ = std::string_view::npos;  // offset of the first invalid UTF-8 sequence
  size_t field_limit_ = static_cast<size_t>(-1);
  char delimiter_ = ',';
  CsvCell overflow_;  // where fields beyond the limit are read
};

// `value` written as one RFC 4180 field: in double quotes, with inner quotes doubled, only when it
// holds a comma, a double quote, a carriage return or a line feed; unchanged otherwise.
std::string CsvField(std::string_view value);
// The same with `delimiter` in place of the comma.
std::string CsvField(std::string_view value, char delimiter);

// Appends `fields` to `*out` as one record: fields joined by commas, each quoted only when needed
// (CsvField), ended by a line feed.
void AppendCsvRecord(const std::vector<std::string>& fields, std::string* out);
// The same with fields joined by `delimiter` (';' or '\t').
void AppendCsvRecord(const std::vector<std::string>& fields, char delimiter, std::string* out);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_CSV_CSV_TABLE_H_

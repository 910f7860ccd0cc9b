// The RFC 4180 record reader and the field writer.
#include "formats/csv/csv_table.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "base/source_text.h"
#include "base/str_cat.h"
#include "base/swar.h"
#include "text/unicode.h"

namespace qbank::formats {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// How a character reads in a message: 'x' for printable ASCII, a name or a code for the rest.
std::string DescribeCharAt(std::string_view text, size_t pos) {
  auto c = static_cast<unsigned char>(text[pos]);
  if (c == ' ') return "a space";
  if (c == '\t') return "a tab";
  if (c >= 0x21 && c < 0x7F) return std::string{'\'', static_cast<char>(c), '\''};
  if (c >= 0x80) {
    // The input is valid UTF-8 up to here (the reader checks that first): quote the character.
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    return StrCat({"'", text.substr(pos, len), "'"});
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "the control character 0x%02X", c);
  return buf;
}

}  // namespace

CsvReader::CsvReader(const SourceText& source) : source_(source), text_(source.content()) {
  if (text_.substr(0, kBom.size()) == kBom) pos_ = kBom.size();
  size_t bad = 0;
  if (!text::IsValidUtf8(text_, &bad)) bad_utf8_ = bad;
}

void CsvReader::Advance() {
  auto c = static_cast<unsigned char>(text_[pos_++]);
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else if ((c & 0xC0) != 0x80) {
    ++column_;
  }
}

void CsvReader::AdvanceTo(size_t end) {
  // Line by line (memchr), each line's code points counted eight bytes at a time: the bytes of a
  // line that ends before `end` do not matter, its line feed restarts the column.
  while (pos_ < end) {
    const void* found = std::memchr(text_.data() + pos_, '\n', end - pos_);
    if (found == nullptr) {
      column_ += static_cast<uint32_t>(CountCodePoints(text_.substr(pos_, end - pos_)));
      pos_ = end;
      return;
    }
    pos_ = static_cast<size_t>(static_cast<const char*>(found) - text_.data()) + 1;
    ++line_;
    column_ = 1;
  }
}

namespace {

// The first byte from `pos` on that ends a field without quotes: the delimiter, a line break or a
// quote; `n` when none does. Eight bytes at a time (base/swar.h).
size_t PlainCellStop(std::string_view text, size_t pos, char delimiter) {
  const auto d = static_cast<unsigned char>(delimiter);
  const size_t n = text.size();
  for (; pos + 8 <= n; pos += 8) {
    const uint64_t word = swar::Load(text.data() + pos);
    const uint64_t stops = swar::BytesEqual(word, d) | swar::BytesEqual(word, '\n') |
                           swar::BytesEqual(word, '\r') | swar::BytesEqual(word, '"');
    if (stops != 0) return pos + swar::FirstFlag(stops);
  }
  for (; pos < n; ++pos) {
    const char c = text[pos];
    if (c == delimiter || c == '\n' || c == '\r' || c == '"') return pos;
  }
  return n;
}

}  // namespace

Status CsvReader::ErrorAt(SourcePosition pos, size_t field, std::string_view message) {
  pos_ = text_.size();
  return Status::InvalidInput("row " + std::to_string(row_) + ", field " + std::to_string(field) +
                              ": " + std::string(message))
      .At(source_.path(), SourceSpan::Point(pos.line, pos.column));
}

Status CsvReader::Utf8Error(size_t field) {
  SourcePosition pos = source_.PositionAt(bad_utf8_);
  // SourceText counts a byte order mark as a character; this reader does not.
  if (pos.line == 1 && text_.substr(0, kBom.size()) == kBom) --pos.column;
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text_[bad_utf8_]));
  return ErrorAt(pos, field,
                 "invalid UTF-8 (byte " + std::string(byte) +
                     "); expected UTF-8 text (if the sheet is in another encoding, name it with "
                     "--encoding, for example --encoding windows-1252)");
}

void CsvReader::SkipBlankLines() {
  const size_t n = text_.size();
  while (pos_ < n) {
    if (text_[pos_] == '\n') {
      ++row_;
      Advance();
    } else if (text_[pos_] == '\r' && pos_ + 1 < n && text_[pos_ + 1] == '\n') {
      ++row_;
      Advance();
      Advance();
    } else {
      break;
    }
  }
}

Status CsvReader::ReadQuotedCell(CsvCell& cell, size_t field) {
  const size_t n = text_.size();
  const size_t raw_begin = pos_;
  const SourcePosition quote_pos = Position();
  Advance();
  cell.quoted = true;
  cell.begin = pos_;
  cell.begin_pos = Position();
  bool closed = false;
  while (pos_ < n) {
    size_t quote = text_.find('"', pos_);
    size_t stop = quote == std::string_view::npos ? n : quote;
    cell.value.append(text_.substr(pos_, stop - pos_));
    AdvanceTo(stop);
    if (pos_ >= n) break;
    if (pos_ + 1 < n && text_[pos_ + 1] == '"') {
      cell.value += '"';
      cell.escaped = true;
      Advance();
      Advance();
      continue;
    }
    cell.end = pos_;
    cell.end_pos = Position();
    Advance();
    closed = true;
    break;
  }
  if (!closed) {
    if (bad_utf8_ >= raw_begin && bad_utf8_ < n) return Utf8Error(field);
    return ErrorAt(quote_pos, field,
                   "quoted field is not closed; expected a closing '\"' before the end of "
                   "the file");
  }
  if (pos_ < n && text_[pos_] != delimiter_ && text_[pos_] != '\n' &&
      !(text_[pos_] == '\r' && pos_ + 1 < n && text_[pos_ + 1] == '\n')) {
    if (bad_utf8_ >= raw_begin && bad_utf8_ <= pos_) return Utf8Error(field);
    return ErrorAt(Position(), field,
                   DescribeCharAt(text_, pos_) +
                       " after the closing quote; expected a comma or the end of the line "
                       "(a quote inside a quoted field is written \"\")");
  }
  return Status::Ok();
}

Status CsvReader::ReadPlainCell(CsvCell& cell, size_t field) {
  const size_t n = text_.size();
  const size_t raw_begin = pos_;
  cell.begin = pos_;
  cell.begin_pos = Position();
  while (pos_ < n) {
    const size_t stop = PlainCellStop(text_, pos_, delimiter_);
    AdvanceTo(stop);
    if (pos_ >= n || text_[pos_] == delimiter_ || text_[pos_] == '\n') break;
    if (bad_utf8_ >= raw_begin && bad_utf8_ < pos_) return Utf8Error(field);
    if (text_[pos_] == '"') {
      return ErrorAt(Position(), field,
                     "quote inside an unquoted field; expected the whole field in quotes with "
                     "each inner quote doubled (\"\")");
    }
    if (pos_ + 1 < n && text_[pos_ + 1] == '\n') break;  // CRLF
    return ErrorAt(Position(), field,
                   "carriage return without a line feed; expected CRLF or LF line ends");
  }
  cell.end = pos_;
  cell.end_pos = Position();
  cell.value.assign(text_.substr(cell.begin, cell.end - cell.begin));
  return Status::Ok();
}

Result<bool> CsvReader::Next(CsvRecord* record) {
  const size_t n = text_.size();
  SkipBlankLines();
  if (pos_ >= n) return false;

  ++row_;
  record->cells.clear();
  record->fields = 0;
  record->all_empty = true;
  record->row = row_;
  record->begin = pos_;
  record->begin_pos = Position();
  size_t field = 0;
  while (true) {
    ++field;
    CsvCell* slot = &overflow_;
    if (record->cells.size() < field_limit_) {
      slot = &record->cells.emplace_back();
    } else {
      overflow_.value.clear();
      overflow_.quoted = false;
      overflow_.escaped = false;
    }
    CsvCell& cell = *slot;
    const size_t raw_begin = pos_;
    if (pos_ < n && text_[pos_] == '"') {
      QBANK_RETURN_IF_ERROR(ReadQuotedCell(cell, field));
    } else {
      QBANK_RETURN_IF_ERROR(ReadPlainCell(cell, field));
    }
    if (bad_utf8_ >= raw_begin && bad_utf8_ < pos_) return Utf8Error(field);
    record->fields = field;
    if (!cell.value.empty()) record->all_empty = false;

    if (pos_ < n && text_[pos_] == delimiter_) {
      Advance();
      continue;  // a comma at the end of the line leaves one more (empty) field
    }
    record->end = pos_;
    record->end_pos = Position();
    if (pos_ < n && text_[pos_] == '\r') Advance();
    if (pos_ < n) Advance();  // the line feed
    return true;
  }
}

std::string CsvField(std::string_view value) { return CsvField(value, ','); }

std::string CsvField(std::string_view value, char delimiter) {
  const char special[] = {delimiter, '"', '\r', '\n'};
  if (value.find_first_of(std::string_view(special, 4)) == std::string_view::npos) {
    return std::string(value);
  }
  std::string out;
  out.reserve(value.size() + 2);
  out += '"';
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void AppendCsvRecord(const std::vector<std::string>& fields, std::string* out) {
  AppendCsvRecord(fields, ',', out);
}

void AppendCsvRecord(const std::vector<std::string>& fields, char delimiter, std::string* out) {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) *out += delimiter;
    *out += CsvField(fields[i], delimiter);
  }
  *out += '\n';
}

}  // namespace qbank::formats

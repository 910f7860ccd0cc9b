// Formatting of source locations.
#include "base/source_span.h"

namespace qbank {

std::string FormatLocation(const std::string& path, uint32_t line, uint32_t column) {
  if (IsSheetPath(path) && line != 0) {
    return column != 0 ? path + CellName(line, column) : path + std::to_string(line);
  }
  std::string out = path;
  if (line != 0) {
    out += ':' + std::to_string(line);
    if (column != 0) out += ':' + std::to_string(column);
  }
  return out;
}

std::string FormatLocation(const std::string& path, const SourceSpan& span) {
  if (span.unit == SourceSpan::Unit::kParagraph && span.line != 0) {
    return path + ":\xC2\xB6" + std::to_string(span.line);
  }
  return FormatLocation(path, span.line, span.column);
}

}  // namespace qbank

namespace qbank {

std::string SheetPath(std::string_view file, std::string_view sheet) {
  std::string out(file);
  out += ':';
  out += sheet;
  out += '!';
  return out;
}

bool IsSheetPath(std::string_view path) {
  return path.size() >= 3 && path.back() == '!' && path.find(':') != std::string_view::npos;
}

std::string_view SheetFile(std::string_view path) {
  if (!IsSheetPath(path)) return path;
  path.remove_suffix(1);
  // Sheet names hold no ':' (Excel and LibreOffice refuse it), so the last one ends the file.
  return path.substr(0, path.rfind(':'));
}

std::string CellName(uint32_t row, uint32_t column) {
  std::string letters;
  for (uint32_t n = column; n > 0; n = (n - 1) / 26) {
    letters.insert(letters.begin(), static_cast<char>('A' + (n - 1) % 26));
  }
  return letters + std::to_string(row);
}

}  // namespace qbank

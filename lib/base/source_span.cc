// Formatting of source locations.
#include "base/source_span.h"

namespace qbank {

std::string FormatLocation(const std::string& path, uint32_t line, uint32_t column) {
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

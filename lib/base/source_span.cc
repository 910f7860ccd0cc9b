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

}  // namespace qbank

// Diagnostic: an input error with its place, for problems that do not stop the rest of the work
// (one malformed question in a file of many). Reported through a list the caller owns.
#ifndef QBANK_BASE_DIAGNOSTIC_H_
#define QBANK_BASE_DIAGNOSTIC_H_

#include <string>

#include "base/source_span.h"

namespace qbank {

struct Diagnostic {
  std::string path;
  SourceSpan span;  // span.file may be unset; path is what counts
  std::string message;

  // "path:line:col: error: message"
  std::string ToString() const {
    return FormatLocation(path, span.line, span.column) + ": error: " + message;
  }
};

}  // namespace qbank

#endif  // QBANK_BASE_DIAGNOSTIC_H_

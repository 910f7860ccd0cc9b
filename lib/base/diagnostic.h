// Diagnostic: an input error or warning with its place, for problems that do not stop the rest of
// the work (one malformed question in a file of many; a part of the input read as Moodle reads it,
// or dropped as Moodle drops it). Reported through a list the caller owns.
#ifndef QBANK_BASE_DIAGNOSTIC_H_
#define QBANK_BASE_DIAGNOSTIC_H_

#include <string>

#include "base/source_span.h"
#include "base/status.h"

namespace qbank {

struct Diagnostic {
  std::string path;
  SourceSpan span;  // span.file is not set; path names the file
  std::string message;
  bool warning = false;  // read (or dropped) as the user would expect; not an input error

  // The one way to make a Diagnostic: from a failed Status, at the place the status names, or in
  // the file `path` as a whole when it names none.
  static Diagnostic FromStatus(const Status& status, const std::string& path = "") {
    Diagnostic d;
    d.path = status.path().empty() ? path : status.path();
    d.span = status.span();
    d.span.file = SourceSpan::kNoFile;
    d.message = status.IsInternal() ? "internal error: " + status.message() : status.message();
    return d;
  }
  // The same as a warning: what `status` says was read anyway, or dropped on purpose.
  static Diagnostic WarningFromStatus(const Status& status, const std::string& path = "") {
    Diagnostic d = FromStatus(status, path);
    d.warning = true;
    return d;
  }

  // "path:line:col: error: message" ("warning:" for a warning)
  std::string ToString() const {
    return FormatLocation(path, span) + (warning ? ": warning: " : ": error: ") + message;
  }
};

}  // namespace qbank

#endif  // QBANK_BASE_DIAGNOSTIC_H_

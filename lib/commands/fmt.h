// `qbank fmt`: prints, checks or rewrites question files in their format's canonical form (the
// format's own writer over what its reader read), refusing any file it cannot write back whole.
#ifndef QBANK_COMMANDS_FMT_H_
#define QBANK_COMMANDS_FMT_H_

#include <ostream>
#include <string>
#include <vector>

#include "base/file_system.h"

namespace qbank::formats {
class Registry;
}  // namespace qbank::formats

namespace qbank::commands {

struct FmtOptions {
  std::vector<std::string> inputs;  // question files of any format that can be written, or folders
  std::string from;                 // the files' format; detected per file (as lint does) if empty
  std::string encoding;             // the input encoding when not UTF-8 (written back as UTF-8)
  bool check = false;               // exit 1 and say where a file is not canonical
  bool write = false;               // rewrite the files that are not canonical, in place
  const formats::Registry* registry = nullptr;  // defaults to formats::Registry::Default()
};

// For each file (folders are walked as lint walks them: every file qbank reads as questions,
// never a README.md or a baseline), reads it in its format and writes it back with that format's
// writer. The result is refused (the file left as it is, exit 2, and what would be lost named per
// question on `err`) when the file has import errors or warnings, when the writer reports a loss,
// or when reading the result back gives other values than reading the file did.
// Without --check or --write, prints each file's canonical form to `out`. With --check, prints
// "path:line:col: not normalised" for each file that differs (at its first difference) and
// returns 1. With --write, rewrites each such file atomically (mode and symbolic links kept) and
// names it on `out`. A UTF-8 byte-order mark at the front of a file stays there. Returns 2 when
// any file was refused or could not be read.
int RunFmt(const FmtOptions& options, FileSystem& fs, std::ostream& out, std::ostream& err);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_FMT_H_

// `qbank fmt`: prints, checks or rewrites bank files in their normalised form.
#ifndef QBANK_COMMANDS_FMT_H_
#define QBANK_COMMANDS_FMT_H_

#include <ostream>
#include <string>
#include <vector>

#include "base/file_system.h"

namespace qbank::commands {

struct FmtOptions {
  std::vector<std::string> inputs;  // bank files (json), or folders of them
  bool check = false;               // exit 1 and say where a file is not normalised
  bool write = false;               // rewrite files that are not normalised, in place
};

// Without --check or --write, prints the normalised form of each bank to `out`. With --check,
// prints "path:line:col: not normalised" for each file that differs (at its first difference) and
// returns 1. With --write, rewrites each such file atomically and names it on `out`. A file that
// is not a valid bank returns 2 and is never rewritten.
int RunFmt(const FmtOptions& options, FileSystem& fs, std::ostream& out, std::ostream& err);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_FMT_H_

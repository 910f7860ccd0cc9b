// Where a command's result goes: a file written atomically (never one of the inputs unless the
// command rewrites in place on purpose), or standard output.
#ifndef QBANK_COMMANDS_OUTPUT_H_
#define QBANK_COMMANDS_OUTPUT_H_

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "model/bank.h"

namespace qbank::commands {

// True when `a` and `b` name the same file (compared as absolute, lexically normal paths, and by
// identity on disk when both exist).
bool SamePath(const std::string& a, const std::string& b);

// The one "never write over an input" guard: Usage "refusing to overwrite the input PATH (...)"
// when `path` names one of the files `bank` was read from (by SamePath). What was read from
// standard input has no file, so no path names it.
Status RefuseToOverwriteInput(const std::string& path, const model::Bank& bank);
// The same guard for inputs that are files named by path (not read into a bank).
Status RefuseToOverwriteInput(const std::string& path, const std::vector<std::string>& inputs);

// Writes `content` to `path` through fs.WriteFileAtomic, or to `out` when `path` is empty or "-".
// Refuses (Usage) what RefuseToOverwriteInput refuses, and a folder.
Status WriteOutput(FileSystem& fs, const std::string& path, std::string_view content,
                   const model::Bank& bank, std::ostream& out);
// The same with the content written by `produce` as it is made (fs.WriteFileAtomicStreamed), so
// a large report is never all in memory.
Status WriteOutput(FileSystem& fs, const std::string& path,
                   const std::function<Status(std::ostream&)>& produce, const model::Bank& bank,
                   std::ostream& out);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_OUTPUT_H_

// Running a child process without a shell and collecting what it prints (git for changed-files
// mode and the repository root).
#ifndef QBANK_COMMANDS_PROCESS_H_
#define QBANK_COMMANDS_PROCESS_H_

#include <string>
#include <vector>

#include "base/status.h"

namespace qbank::commands {

// What a child process printed and how it ended.
struct ProcessOutput {
  int exit_code = -1;  // the exit status; -1 when it was killed by a signal
  std::string out;
  std::string err;
};

// Runs `argv[0]` (looked up in PATH) with `argv` as its arguments, no shell involved, stdin
// closed, and collects its stdout and stderr. IoError when the program cannot be started (where
// spawning is emulated by fork and exec, as under valgrind, the child exits 127 instead).
Result<ProcessOutput> RunProcess(const std::vector<std::string>& argv);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_PROCESS_H_

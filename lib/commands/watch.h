// `qbank lint --watch`: lint, then lint again each time an input (or the configuration) changes,
// until Ctrl-C; for writers without a language server client.
#ifndef QBANK_COMMANDS_WATCH_H_
#define QBANK_COMMANDS_WATCH_H_

#include <atomic>
#include <ostream>

#include "commands/lint.h"

namespace qbank::commands {

struct WatchOptions {
  int poll_ms = 300;  // how often the files' modification times are read
  // Set when the watch is to end; null: SIGINT (Ctrl-C) sets the server's own flag.
  std::atomic<bool>* stop = nullptr;
  int max_runs = -1;  // stop after this many runs (tests); -1: no limit
};

// Runs RunLint(options) on the real file system, then polls the inputs (files, the files in
// folders, and the .qbank.json lint found) every poll_ms; when any was added, removed or modified
// it clears the screen (on a terminal; else prints a separator line) and runs again, printing
// "qbank lint --watch: ..." with the exit code on `err` after each run. Returns the exit code of
// the last run when stopped (Ctrl-C), and 2 at once for what cannot be watched: standard input,
// --fix, --write-baseline, --print-config.
int RunLintWatch(const LintOptions& options, std::ostream& out, std::ostream& err,
                 const WatchOptions& watch = {});

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_WATCH_H_

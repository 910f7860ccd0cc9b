// The watch loop: a snapshot of the inputs' modification times and sizes, compared every poll.
#include "commands/watch.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <map>
#include <thread>

#include "commands/exit_code.h"
#include "lint/config.h"

namespace qbank::commands {
namespace {

namespace fs = std::filesystem;

std::atomic<bool> interrupted{false};

extern "C" void OnInterrupt(int /*signal*/) { interrupted.store(true); }

// Path -> (modification time, size) of every watched file.
using Snapshot = std::map<std::string, std::pair<fs::file_time_type, uintmax_t>>;

void AddFile(const fs::path& path, Snapshot& snapshot) {
  std::error_code ec;
  fs::file_time_type when = fs::last_write_time(path, ec);
  if (ec) return;
  uintmax_t size = fs::file_size(path, ec);
  snapshot[path.string()] = {when, ec ? 0 : size};
}

Snapshot Take(const LintOptions& options) {
  Snapshot snapshot;
  for (const std::string& input : options.inputs) {
    std::error_code ec;
    if (!fs::is_directory(input, ec)) {
      AddFile(input, snapshot);
      continue;
    }
    fs::recursive_directory_iterator it(input, fs::directory_options::skip_permission_denied, ec);
    for (auto end = fs::recursive_directory_iterator(); !ec && it != end; it.increment(ec)) {
      std::string name = it->path().filename().string();
      if (!name.empty() && name.front() == '.' && name != lint::kConfigFileName) {
        if (it->is_directory(ec)) it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec)) AddFile(it->path(), snapshot);
    }
  }
  if (!options.config_path.empty()) {
    AddFile(options.config_path, snapshot);
  } else if (std::optional<std::string> found =
                 lint::FindConfig(options.inputs, RealFileSystem())) {
    AddFile(*found, snapshot);
  }
  return snapshot;
}

Status CheckWatchable(const LintOptions& options) {
  if (std::find(options.inputs.begin(), options.inputs.end(), "-") != options.inputs.end()) {
    return Status::Usage("--watch cannot watch standard input; name files or folders");
  }
  if (options.fix || options.fix_dry_run) {
    return Status::Usage("--watch with --fix would rewrite files as they are written; fix once");
  }
  if (!options.write_baseline.empty() || !options.print_config.empty()) {
    return Status::Usage(
        "--watch lints again and again; --write-baseline and --print-config "
        "run once");
  }
  return Status::Ok();
}

bool IsTerminal(std::ostream& out) { return &out == &std::cout && isatty(STDOUT_FILENO) == 1; }

}  // namespace

int RunLintWatch(const LintOptions& options, std::ostream& out, std::ostream& err,
                 const WatchOptions& watch) {
  if (Status s = CheckWatchable(options); !s.ok()) {
    err << "qbank lint: " << s.ToString() << "\n";
    return kExitError;
  }
  std::atomic<bool>* stop = watch.stop;
  void (*previous)(int) = SIG_DFL;
  if (stop == nullptr) {
    interrupted.store(false);
    stop = &interrupted;
    previous = std::signal(SIGINT, OnInterrupt);
  }
  bool terminal = IsTerminal(out);
  int code = kExitOk;
  for (int run = 0; watch.max_runs < 0 || run < watch.max_runs; ++run) {
    if (run > 0) out << (terminal ? "\x1b[2J\x1b[H" : "\n---- qbank lint --watch ----\n");
    Snapshot before = Take(options);
    code = RunLint(options, out, err);
    out.flush();
    err << "qbank lint --watch: exit " << code << "; " << before.size()
        << " files watched, linted again when one changes (Ctrl-C to stop)\n";
    if (watch.max_runs >= 0 && run + 1 >= watch.max_runs) break;
    while (!stop->load() && Take(options) == before) {
      std::this_thread::sleep_for(std::chrono::milliseconds(watch.poll_ms));
    }
    if (stop->load()) break;
  }
  if (watch.stop == nullptr) std::signal(SIGINT, previous);
  return code;
}

}  // namespace qbank::commands

// The library side of `qbank lint`: the tools/ subcommand only parses flags into these options and
// calls RunLint.
#ifndef QBANK_COMMANDS_LINT_H_
#define QBANK_COMMANDS_LINT_H_

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::commands {

struct LintOptions {
  std::vector<std::string> inputs;  // files, folders, "-" for stdin
  std::string from;                 // forced input format ("" to detect)
  // Spreadsheets (csv, xlsx, ods): --columns, --keep-unknown, --delimiter, --sheet, as for
  // `qbank import`.
  std::string columns;
  bool keep_unknown = false;
  char delimiter = 0;  // 0: the config's, else detected
  std::string sheet;
  std::string config_path;             // --config; "" to look for .qbank.json above the inputs
  std::string preset = "recommended";  // used when no config file is given or found
  std::string format = "text";         // a name from report::ReportFormatNames()
  std::string fail_on = "error";       // info, warning, error, or none
  int64_t max_warnings = -1;           // more warnings than this fail the run; -1: no limit
  std::string color = "auto";          // auto (a terminal and no NO_COLOR), always, never
  bool quiet = false;                  // --quiet: only error findings are reported and counted
  // Rule choices over the configuration (lint/rule_selection.h): --select RULE,... (only these
  // run), --ignore RULE,... (these do not), --rule RULE=SEVERITY (repeatable, applied last).
  std::vector<std::string> select;
  std::vector<std::string> ignore;
  std::vector<std::string> rule_severities;
  // --print-config FILE: print the configuration lint would use for FILE as JSON and exit 0,
  // linting nothing (no inputs needed).
  std::string print_config;
  // --stdin-filename NAME: what "-" is called: its format is detected from NAME, the config is
  // searched from NAME's folder, overrides match NAME, and findings name it.
  std::string stdin_filename;
  // --fix: apply the findings' fixes to the input files (atomically, only the fixed bytes
  // change), say how many on `err`, then lint again and report what is left. --fix-dry-run: print
  // the unified diff --fix would apply on `out` and write nothing (exit 1 when there is one).
  bool fix = false;
  bool fix_dry_run = false;

  // Pull requests (docs/ci.md).
  std::string output;          // --output FILE: the report goes to FILE (atomically), not `out`
  std::string baseline;        // --baseline FILE: report only findings FILE does not record
  std::string write_baseline;  // --write-baseline FILE: record today's findings, then exit 0
  std::string changed_since;   // --changed-since REF: only questions in files changed since REF
  bool statistics = false;     // --statistics: a table of findings per rule after the report
  bool timing = false;         // QBANK_TIMING: the time of each step and rule, on `err`
  // Duplicates and originality (docs/duplicates.md).
  std::vector<std::string> against;  // --against BANK: compare with these banks, do not lint them
  std::string reference;             // --reference refs.qidx: the reference-overlap index
  // Root for the repo-relative paths of sarif/github/junit; "" for the git work tree holding the
  // current directory (else the current directory).
  std::string repo_root;
  // --preview DIR (html report): the preview site (`qbank preview -o DIR`) findings link to.
  std::string preview_dir;

  // Injection points for tests; defaults are the real ones.
  FileSystem* fs = nullptr;              // RealFileSystem()
  std::istream* stdin_stream = nullptr;  // std::cin
  std::optional<lint::Date> today;       // Today()
  unsigned threads = 0;                  // all cores (reading files and per-question rules)
  int jobs = 0;                          // --jobs as given, checked and copied to `threads`
  std::optional<bool> out_is_terminal;   // isatty(1) when `out` is std::cout
  std::optional<bool> err_is_terminal;   // isatty(2) when `err` is std::cerr (progress line)
  int progress_delay_ms = 1000;          // how long a run goes before the progress line shows
  std::string data_dir;                  // "": DataDir() (base/data_dir.h)
  // The process exits right after the run (the command line tool): the bank is left for the
  // system to reclaim at exit instead of being freed piece by piece (a tenth of a second for a
  // bank of 100,000 questions).
  bool exit_follows = false;
};

// LintOptions::exit_follows: the process exits right after the run, so `bank` is never freed
// (freeing a large bank piece by piece takes a tenth of a second) but stays reachable.
void KeepBankUntilExit(std::unique_ptr<model::Bank> bank);

// Imports the inputs as one bank, loads the configuration, runs the rules and writes the report
// to `out`; problems that stop the run go to `err`. Each file that fails to import is reported as
// a finding of rule "import-error" at its location, and the rest is still linted. Returns 0 when
// no finding is at or above --fail-on and warnings are within --max-warnings, 1 otherwise, and 2
// for usage errors (bad flag values, no input), a bad configuration, or any input that failed to
// import (after writing the report).
int RunLint(const LintOptions& options, std::ostream& out, std::ostream& err);

// What a lint run found, for the commands that show a bank rather than report on it (stats,
// preview).
struct LintOutcome {
  std::unique_ptr<model::Bank> bank;
  std::vector<lint::Finding> findings;   // as RunLint reports them (--baseline, --quiet applied)
  std::vector<const lint::Rule*> rules;  // every rule that ran, in plan order
  size_t files_checked = 0;
  bool import_failed = false;  // some input did not import (its errors are among the findings)
  std::string data_dir;        // the data folder the run used
};

// RunLint's steps up to its findings (data folder, flags, configuration, import, rules, engine,
// baseline, --quiet), writing nothing but notes and warnings on `err`; the report, --fix,
// --write-baseline and --print-config fields are not used. With `only_rules`, only the rules the
// configuration plans that are among them run (a view that shows some rules' numbers skips the
// others' cost). The status of the step that failed otherwise (a configuration error names its
// place).
Result<LintOutcome> LintForView(const LintOptions& options, std::ostream& err,
                                const std::vector<std::string_view>* only_rules = nullptr);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_LINT_H_

// `qbank lint` as a list of steps: find the data folder, check the flags, load the configuration,
// import the inputs, plan the rules (and restrict them to changed files), run the engine, collect
// the findings, apply or write the baseline, write the report, decide the exit code.
#include "commands/lint.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "base/data_dir.h"
#include "base/source_span.h"
#include "base/suggest.h"
#include "commands/changed_files.h"
#include "commands/exit_code.h"
#include "commands/fix.h"
#include "commands/inputs.h"
#include "commands/layout_form.h"
#include "commands/lint_report.h"
#include "commands/output.h"
#include "commands/print_config.h"
#include "commands/progress.h"
#include "commands/pull_request.h"
#include "formats/import.h"
#include "lint/config.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "report/report.h"
#include "report/report_context.h"
#include "report/statistics.h"

namespace qbank::commands {
namespace {

bool WantColor(const LintOptions& options, std::ostream& out) {
  if (options.color == "always") return true;
  if (options.color == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  if (options.out_is_terminal) return *options.out_is_terminal;
  return &out == &std::cout && isatty(STDOUT_FILENO) == 1;
}

// --against and --reference set options of the duplicate and overlap rules, over the config's,
// and switch those rules on when the config had them off: naming the banks asks for the check.
void ApplyCommandLineRuleOptions(const LintOptions& options, lint::LintConfig& config) {
  auto enable = [&config](const std::string& id) -> lint::RuleSetting& {
    lint::RuleSetting& setting = config.rules[id];
    if (setting.severity && *setting.severity == lint::Severity::kOff) setting.severity.reset();
    return setting;
  };
  if (!options.against.empty()) {
    model::Value::Array paths(options.against.begin(), options.against.end());
    for (const char* id : {"exact-duplicate", "near-duplicate", "reused-explanation"}) {
      enable(id).options["against"] = model::Value(paths);
    }
  }
  if (!options.reference.empty()) {
    enable("reference-overlap").options["index"] = model::Value(options.reference);
  }
}

// The source index for a failed file: an existing one with the same path, else a new source
// holding the file's bytes when they can be read (so the report can show the line).
uint32_t SourceFor(model::Bank& bank, const std::string& path, const FileSystem& fs) {
  for (uint32_t i = 0; i < bank.sources.size(); ++i) {
    if (bank.sources[i] && bank.sources[i]->path() == path) return i;
  }
  Result<std::string> content =
      fs.IsDirectory(path) ? Result<std::string>(std::string()) : fs.ReadFile(path);
  return bank.AddSource(
      std::make_shared<SourceText>(path, content.ok() ? std::move(content.value()) : ""));
}

// The QBANK_TIMING table: the steps of the run, then the rules, slowest first.
void PrintTimings(double import_s, const std::vector<lint::RuleTiming>& rules, double report_s,
                  std::ostream& err) {
  auto line = [&](std::string_view name, double seconds) {
    char buffer[160];
    std::snprintf(buffer, sizeof(buffer), "  %-34.*s %8.3f s\n", static_cast<int>(name.size()),
                  name.data(), seconds);
    err << buffer;
  };
  err << "qbank lint: timing\n";
  line("reading the inputs", import_s);
  std::vector<lint::RuleTiming> sorted = rules;
  std::stable_sort(
      sorted.begin(), sorted.end(),
      [](const lint::RuleTiming& a, const lint::RuleTiming& b) { return a.seconds > b.seconds; });
  for (const lint::RuleTiming& r : sorted) line("rule " + r.rule_id, r.seconds);
  line("writing the report", report_s);
  err << "  (per-question rules: time summed over threads; the first duplicate rule includes the "
         "features pass the others share)\n";
}

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// What one lint run carries from step to step.
struct LintRun {
  explicit LintRun(const LintOptions& o)
      : options(o), fs(o.fs != nullptr ? *o.fs : RealFileSystem()) {
    if (o.exit_follows) KeepBankUntilExit(std::move(owned_bank));
  }

  const LintOptions& options;
  FileSystem& fs;
  std::string data_dir;                   // options.data_dir, else DataDir()
  ReportChoice report;                    // --format
  std::optional<lint::Severity> fail_on;  // --fail-on; nullopt for none
  lint::RuleSelection selection;          // --select, --ignore, --rule
  lint::LintConfig config;
  std::unique_ptr<model::Bank> owned_bank = std::make_unique<model::Bank>();
  model::Bank* bank = owned_bank.get();     // still valid after KeepBankUntilExit
  std::vector<Diagnostic> import_errors;    // one per file or question that failed to import
  std::vector<Diagnostic> import_warnings;  // what the readers took in or dropped on purpose
  size_t files_read = 0;                    // sources before import errors add theirs
  std::vector<lint::PlannedRule> plan;
  std::optional<std::vector<bool>> changed;  // --changed-since: changed[f] per source
  lint::EngineResult engine;
  std::vector<lint::Finding> findings;  // import errors, then the engine's
  double import_seconds = 0;
  Clock::time_point report_start;
  // What the rules read (term lists, --against banks) comes through here, for this run only.
  std::unique_ptr<lint::RuleEnvironment> env;
  // On a terminal: the progress line on `err`, from the configuration to the end of the engine.
  std::unique_ptr<ProgressLine> progress;
  // LintForView's only_rules: the plan keeps these rules alone; nullptr for every planned rule.
  const std::vector<std::string_view>* only_rules = nullptr;
};

// The progress line, when WantProgress says so; started here.
void StartProgress(LintRun& run, std::ostream& err) {
  const LintOptions& options = run.options;
  if (!WantProgress(options.quiet, options.err_is_terminal, err)) return;
  run.progress = std::make_unique<ProgressLine>(
      err, "qbank lint: ", std::chrono::milliseconds(options.progress_delay_ms));
  run.progress->SetStep("loading the configuration");
  run.progress->Start();
}

// Erases the progress line for good (before the report and any message).
void StopProgress(LintRun& run) {
  if (run.progress != nullptr) run.progress->Stop();
}

void SetStep(LintRun& run, std::string_view step) {
  if (run.progress != nullptr) run.progress->SetStep(step);
}

// A step's failure: "qbank lint: MESSAGE" on `err`, exit 2.
int Stop(const Status& status, std::ostream& err) {
  err << "qbank lint: " << status.ToString() << "\n";
  return kExitError;
}

// A configuration error already names its place ("FILE:LINE:COL: ..."): printed as it is.
int StopAtPlace(const Status& status, std::ostream& err) {
  err << status.ToString() << "\n";
  return kExitError;
}

// The data folder: --data-dir, else the one DataDir() finds; and the rules' environment over it.
Status FindDataFolder(LintRun& run) {
  run.data_dir = run.options.data_dir;
  if (run.data_dir.empty()) {
    const Result<DataDirLocation>& found = DataDir();
    if (!found.ok()) return found.status();
    run.data_dir = found->dir;
  }
  run.env = std::make_unique<lint::RuleEnvironment>(run.fs, run.data_dir);
  // The layout rule's canonical form is fmt's, which lint/ cannot reach itself.
  run.env->set_canonical_form(FmtCanonicalForm(run.fs, run.options.from));
  return Status::Ok();
}

// The flags' values, before anything is read.
Status CheckFlags(LintRun& run) {
  const LintOptions& options = run.options;
  Result<ReportChoice> report = ChooseReport(options.format);
  if (!report.ok()) return report.status();
  run.report = std::move(report).value();
  if (options.fail_on != "none") {
    run.fail_on = lint::ParseSeverity(options.fail_on);
    if (!run.fail_on || *run.fail_on == lint::Severity::kOff) {
      return Status::Usage(
          "unknown --fail-on '" + options.fail_on +
          "'; expected info, warning (or warn), error or none" +
          DidYouMean(options.fail_on, {"info", "warning", "warn", "error", "none"}));
    }
  }
  if (options.color != "auto" && options.color != "always" && options.color != "never") {
    return Status::Usage("unknown --color '" + options.color + "'; expected auto, always or never");
  }
  if (!options.write_baseline.empty() && !options.changed_since.empty()) {
    return Status::Usage(
        "--write-baseline with --changed-since would record only part of the bank; write the "
        "baseline from a full run");
  }
  Result<lint::RuleSelection> selection = lint::ParseRuleSelection(
      options.select, options.ignore, options.rule_severities, lint::RuleRegistry::Default());
  if (!selection.ok()) return selection.status();
  run.selection = std::move(selection).value();
  if (!options.print_config.empty()) return Status::Ok();
  bool reads_stdin =
      std::find(options.inputs.begin(), options.inputs.end(), "-") != options.inputs.end();
  if (options.fix && (options.fix_dry_run || reads_stdin)) {
    return Status::Usage(options.fix_dry_run
                             ? "--fix and --fix-dry-run exclude each other"
                             : "--fix cannot rewrite standard input; use --fix-dry-run to see the "
                               "diff");
  }
  if ((options.fix || options.fix_dry_run) && !options.write_baseline.empty()) {
    return Status::Usage("--fix with --write-baseline: fix first, then write the baseline");
  }
  if (!options.stdin_filename.empty() && !reads_stdin) {
    return Status::Usage("--stdin-filename names standard input; give '-' among the inputs");
  }
  if (reads_stdin && options.from.empty() && options.stdin_filename.empty()) {
    return Status::Usage(
        "reading standard input needs --from FORMAT or --stdin-filename NAME (its format is "
        "detected from NAME)");
  }
  return RequireInputs(options.inputs);
}

// Where the search for .qbank.json starts: the --print-config file, else the inputs (with "-"
// named by --stdin-filename).
std::vector<std::string> ConfigSearchStart(const LintOptions& options) {
  if (!options.print_config.empty()) return {options.print_config};
  std::vector<std::string> inputs = options.inputs;
  if (!options.stdin_filename.empty()) {
    for (std::string& input : inputs) {
      if (input == "-") input = options.stdin_filename;
    }
  }
  return inputs;
}

// --config, else the nearest .qbank.json, else the preset; then --against and --reference.
Status LoadConfiguration(LintRun& run) {
  const LintOptions& options = run.options;
  Result<lint::LintConfig> config = Status::NotFound("no configuration");
  if (!options.config_path.empty()) {
    config = lint::LoadConfig(options.config_path, *run.env);
  } else if (std::optional<std::string> found =
                 lint::FindConfig(ConfigSearchStart(options), run.fs)) {
    config = lint::LoadConfig(*found, *run.env);
  } else {
    config = lint::LoadPreset(options.preset, *run.env);
  }
  if (!config.ok()) return config.status();
  run.config = std::move(config).value();
  ApplyCommandLineRuleOptions(options, run.config);
  run.config.selection = run.selection;
  return Status::Ok();
}

// Reads the inputs into one bank. Files that fail become import_errors (the rest is still
// linted); only usage errors (stdin without --from, ...) stop the run.
Status ImportInputs(LintRun& run, std::ostream& err) {
  const LintOptions& options = run.options;
  formats::ImportOptions import_options;
  import_options.from = options.from;
  import_options.threads = options.threads;
  // The command line wins over the config's csv section.
  import_options.sheet.columns = options.columns.empty() ? run.config.csv.columns : options.columns;
  import_options.sheet.keep_unknown = options.keep_unknown || run.config.csv.keep_unknown;
  import_options.sheet.delimiter =
      options.delimiter != 0 ? options.delimiter : run.config.csv.delimiter;
  import_options.sheet.sheet = options.sheet;
  import_options.stdin_name = options.stdin_filename;
  import_options.stdin_stream = options.stdin_stream != nullptr ? options.stdin_stream : &std::cin;
  std::vector<std::string> skipped;
  import_options.skipped = &skipped;
  import_options.warnings = &run.import_warnings;
  // Parsing a file is done when its reader returns: its bytes are read again only for the source
  // lines of findings.
  import_options.release_sources = true;
  if (run.progress != nullptr) {
    SetStep(run, "reading the inputs");
    import_options.files_read = &run.progress->counts().files_read;
    import_options.questions_read = &run.progress->counts().questions_read;
  }
  Clock::time_point start = Clock::now();
  Status imported =
      formats::ImportInputs(options.inputs, import_options, run.fs, *run.bank, run.import_errors);
  run.import_seconds = SecondsSince(start);
  if (!imported.ok()) return imported;
  auto notes = [&] {
    for (const std::string& path : skipped) {
      err << "qbank lint: note: skipped " << path
          << ": it does not look like question content (name it directly to lint it)\n";
    }
  };
  if (run.progress != nullptr && !skipped.empty()) {
    run.progress->Interrupt(notes);
  } else {
    notes();
  }
  run.files_read = run.bank->sources.size();
  return Status::Ok();
}

// Which rules run on which files, from the configuration.
Status PlanRules(LintRun& run) {
  SetStep(run, "planning the rules");
  Result<std::vector<lint::PlannedRule>> plan =
      lint::PlanRules(run.config, *run.bank, lint::RuleRegistry::Default(), *run.env);
  if (!plan.ok()) return plan.status();
  run.plan = std::move(plan).value();
  if (run.only_rules != nullptr) {
    std::erase_if(run.plan, [&run](const lint::PlannedRule& p) {
      return std::find(run.only_rules->begin(), run.only_rules->end(), p.rule->id()) ==
             run.only_rules->end();
    });
  }
  return Status::Ok();
}

// The questions of --against banks that their readers refused, a warning each on `err` (the
// rules compared the questions that were read), and the rules' notes (RuleEnvironment::AddNote).
// Not for --fix, whose lint after fixing says it.
void ReportUnreadQuestions(LintRun& run, std::ostream& err) {
  if (run.options.fix) return;
  std::vector<Diagnostic> unread = run.env->unread_questions();
  std::vector<std::string> notes = run.env->notes();
  if (unread.empty() && notes.empty()) return;
  auto print = [&] {
    for (const std::string& note : notes) err << "qbank lint: note: " << note << "\n";
    for (const Diagnostic& d : unread) {
      err << "qbank lint: warning: " << FormatLocation(d.path, d.span)
          << ": question not read, so not compared: " << d.message << "\n";
    }
  };
  if (run.progress != nullptr) {
    run.progress->Interrupt(print);
  } else {
    print();
  }
}

// --changed-since: per-question rules only on changed files; per-bank rules see everything.
Status RestrictToChangedFiles(LintRun& run) {
  if (run.options.changed_since.empty()) return Status::Ok();
  Result<std::vector<std::string>> changed =
      ChangedFilesSince(run.options.changed_since, GitDirectoryFor(run.options.inputs, run.fs));
  if (!changed.ok()) return changed.status();
  run.changed = ChangedSources(*run.bank, *changed);
  RestrictToChangedSources(run.plan, *run.changed);
  return Status::Ok();
}

void RunEngine(LintRun& run) {
  lint::EngineOptions engine_options;
  if (run.progress != nullptr) {
    run.progress->counts().questions_total = run.bank->questions.size();
    engine_options.questions_done = &run.progress->counts().questions_checked;
    engine_options.on_step = [&run](std::string_view step) { SetStep(run, step); };
  }
  engine_options.today = run.options.today ? *run.options.today : lint::Today();
  engine_options.threads = run.options.threads;
  engine_options.measure = run.options.timing;
  engine_options.place_fixes = run.options.fix || run.options.fix_dry_run;
  run.engine = lint::RunRules(*run.bank, run.plan, engine_options);
  StopProgress(run);
  run.report_start = Clock::now();
}

// The findings of the run: import errors and warnings (rules import-error and import-warning,
// lint/rules/import_*.h), then the engine's; in changed-files mode only those touching a changed
// file.
void CollectFindings(LintRun& run) {
  std::vector<Diagnostic> located = run.import_errors;
  located.insert(located.end(), run.import_warnings.begin(), run.import_warnings.end());
  for (Diagnostic& d : located) d.span.file = SourceFor(*run.bank, d.path, run.fs);
  run.findings = lint::ReportImportErrors(*run.bank, run.plan, located);
  run.findings.insert(run.findings.end(), std::make_move_iterator(run.engine.findings.begin()),
                      std::make_move_iterator(run.engine.findings.end()));
  if (run.changed) {
    run.findings = KeepChangedFindings(*run.bank, std::move(run.findings), *run.changed);
  }
}

// --write-baseline: records the findings instead of reporting them. Exit 0, or 2 when the file
// cannot be written or an input failed to import.
int WriteBaseline(LintRun& run, std::ostream& err) {
  const std::string& path = run.options.write_baseline;
  Status written =
      WriteBaselineFile(path, run.findings, report::LibraryVersion(), *run.bank, run.fs);
  if (!written.ok()) return Stop(written, err);
  err << "qbank lint: wrote " << run.findings.size() << " findings to the baseline " << path
      << "\n";
  return run.import_errors.empty() ? kExitOk : kExitError;
}

// --baseline: drops the findings the baseline records, and says how many on `err`.
Status ApplyBaseline(LintRun& run, std::ostream& err) {
  if (run.options.baseline.empty()) return Status::Ok();
  Result<BaselineMatch> match =
      ApplyBaselineFile(run.options.baseline, run.fs, std::move(run.findings));
  if (!match.ok()) return match.status();
  // The summary counts the new findings: say it before they move into the run.
  err << BaselineSummary(*match) << "\n";
  run.findings = std::move(match->new_findings);
  return Status::Ok();
}

// --quiet: only errors are reported, and so only they count toward the exit code (as ESLint's
// --quiet). A baseline written with --quiet still records every finding.
void KeepErrorsOnly(LintRun& run) {
  if (!run.options.quiet) return;
  std::erase_if(run.findings,
                [](const lint::Finding& f) { return f.severity != lint::Severity::kError; });
}

bool ReportGoesToStdout(const LintOptions& options) {
  return options.output.empty() || options.output == "-";
}

// The ids of the rules that ran, each once, in plan order.
std::vector<std::string_view> RulesThatRan(const std::vector<lint::PlannedRule>& plan) {
  std::vector<std::string_view> ids;
  std::set<std::string_view> seen;
  for (const lint::PlannedRule& p : plan) {
    if (seen.insert(p.rule->id()).second) ids.push_back(p.rule->id());
  }
  return ids;
}

// The files read, and those that could not be read at all (each once, however many errors).
size_t FilesChecked(const LintRun& run) {
  // By path: a file decoded from another encoding or read after its byte-order mark is a second
  // source of the same file, and so is a workbook's sheet.
  std::set<std::string_view> paths;
  size_t unnamed = 0;
  for (size_t i = 0; i < run.files_read && i < run.bank->sources.size(); ++i) {
    if (run.bank->sources[i] != nullptr) {
      paths.insert(SheetFile(run.bank->sources[i]->path()));
    } else {
      ++unnamed;
    }
  }
  size_t unread = 0;
  std::set<std::string_view> counted;
  for (const Diagnostic& d : run.import_errors) {
    std::string_view file = SheetFile(d.path);
    if (paths.count(file) == 0 && counted.insert(file).second) ++unread;
  }
  return paths.size() + unnamed + unread;
}

// The report, to --output (atomically, never over an input) or `out`.
Status WriteReport(LintRun& run, std::ostream& out) {
  const LintOptions& options = run.options;
  report::ReportInput input;
  input.bank = run.bank;
  input.findings = &run.findings;
  for (std::string_view id : RulesThatRan(run.plan)) {
    input.rules.push_back(lint::RuleRegistry::Default().Find(id));
  }
  input.files_checked = FilesChecked(run);
  input.questions_checked = run.engine.questions_checked;
  ReportRendering rendering;
  rendering.color =
      options.format == "text" && ReportGoesToStdout(options) && WantColor(options, out);
  rendering.fail_on = run.fail_on;
  rendering.fs = &run.fs;
  rendering.data_dir = run.data_dir;
  rendering.repo_root = options.repo_root;
  rendering.preview_dir = options.preview_dir;
  return WriteOutput(
      run.fs, options.output,
      [&](std::ostream& to) {
        RenderReport(run.report, input, rendering, to);
        return Status::Ok();
      },
      *run.bank, out);
}

// --statistics after the report (on `err` when stdout carries a machine-readable report), and
// the QBANK_TIMING table.
void PrintStatistics(const LintRun& run, std::ostream& out, std::ostream& err) {
  const LintOptions& options = run.options;
  if (options.statistics) {
    std::vector<std::string_view> ran = RulesThatRan(run.plan);
    std::vector<std::string> ran_ids(ran.begin(), ran.end());
    std::sort(ran_ids.begin(), ran_ids.end());
    std::ostream& stats = ReportGoesToStdout(options) && options.format != "text" ? err : out;
    stats << report::FormatStatistics(run.findings, ran_ids);
  }
  out.flush();
  if (options.timing) {
    PrintTimings(run.import_seconds, run.engine.timings, SecondsSince(run.report_start), err);
  }
}

// --fix and --fix-dry-run: the fixes applied (then the files linted again) or shown as a diff.
int FixFiles(LintRun& run, std::ostream& out, std::ostream& err) {
  const LintOptions& options = run.options;
  Result<FixOutcome> outcome = ApplyFixes(*run.bank, run.findings, run.fs, options.fix_dry_run);
  if (!outcome.ok()) return Stop(outcome.status(), err);
  const FixOutcome& o = outcome.value();
  for (const std::string& note : o.notes) err << "qbank lint: " << note << "\n";
  auto count = [](size_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
  };
  std::string manual;
  if (o.manual > 0) {
    manual = "; " + count(o.manual, "finding needs", "findings need") +
             " a manual edit (escaped in the file, or no safe replacement known)";
  }
  std::string fixed = count(o.findings_fixed, "finding", "findings") + " in " +
                      count(o.files_fixed, "file", "files");
  if (options.fix_dry_run) {
    out << o.diff;
    err << "qbank lint: --fix would fix " << fixed << manual << "\n";
    return o.files_fixed > 0 ? kExitCheckFailed : kExitOk;
  }
  err << "qbank lint: fixed " << fixed << manual << "\n";
  LintOptions again = options;
  again.fix = false;
  return RunLint(again, out, err);
}

// 2 when an input failed to import; 1 when a finding is at or above --fail-on or warnings
// exceed --max-warnings (said on `err`); else 0.
int DecideExitCode(const LintRun& run, std::ostream& err) {
  if (!run.import_errors.empty()) return kExitError;
  int64_t warnings = 0;
  bool failed = false;
  for (const lint::Finding& f : run.findings) {
    warnings += f.severity == lint::Severity::kWarning;
    if (run.fail_on && f.severity >= *run.fail_on) failed = true;
  }
  int64_t max_warnings = run.options.max_warnings;
  if (max_warnings >= 0 && warnings > max_warnings) {
    err << "qbank lint: " << warnings << " warnings; --max-warnings allows " << max_warnings
        << "\n";
    failed = true;
  }
  return failed ? kExitCheckFailed : kExitOk;
}

// A step that stopped the run: its status, and whether its message already names its place (a
// configuration error, printed as it is).
struct StepFailure {
  Status status;
  bool at_place = false;
};

// The steps before the rules: the data folder, the flags, the progress line, the configuration.
// --print-config stops after the configuration (the caller prints it).
std::optional<StepFailure> PrepareRun(LintRun& run, std::ostream& err) {
  if (Status s = FindDataFolder(run); !s.ok()) return StepFailure{s};
  if (Status s = CheckFlags(run); !s.ok()) return StepFailure{s};
  if (run.options.print_config.empty()) StartProgress(run, err);
  if (Status s = LoadConfiguration(run); !s.ok()) {
    StopProgress(run);
    return StepFailure{s, true};
  }
  return std::nullopt;
}

// The steps from the inputs to the findings: import, plan, --changed-since, the engine.
std::optional<StepFailure> CheckInputs(LintRun& run, std::ostream& err) {
  auto failed = [&run](const Status& s, bool at_place) {
    StopProgress(run);
    return StepFailure{s, at_place};
  };
  if (Status s = ImportInputs(run, err); !s.ok()) return failed(s, false);
  if (Status s = PlanRules(run); !s.ok()) return failed(s, true);
  ReportUnreadQuestions(run, err);
  if (Status s = RestrictToChangedFiles(run); !s.ok()) return failed(s, false);
  RunEngine(run);
  CollectFindings(run);
  return std::nullopt;
}

// The findings as reported: --baseline applied, then --quiet.
Status FilterFindings(LintRun& run, std::ostream& err) {
  if (Status s = ApplyBaseline(run, err); !s.ok()) return s;
  KeepErrorsOnly(run);
  return Status::Ok();
}

}  // namespace

void KeepBankUntilExit(std::unique_ptr<model::Bank> bank) {
  // Reachable through a static, so leak checkers stay quiet.
  static auto* kept = new std::vector<std::unique_ptr<model::Bank>>;
  kept->push_back(std::move(bank));
}

namespace {

// RunLint's steps; RunLint adds the out-of-memory answer.
int RunLintSteps(const LintOptions& options, std::ostream& out, std::ostream& err) {
  LintRun run(options);
  auto stop = [&](const StepFailure& f) {
    return f.at_place ? StopAtPlace(f.status, err) : Stop(f.status, err);
  };
  if (std::optional<StepFailure> f = PrepareRun(run, err)) return stop(*f);
  if (!options.print_config.empty()) {
    out << EffectiveConfigJson(run.config, options.print_config);
    return kExitOk;
  }
  if (std::optional<StepFailure> f = CheckInputs(run, err)) return stop(*f);
  if (options.fix || options.fix_dry_run) return FixFiles(run, out, err);
  if (!options.write_baseline.empty()) return WriteBaseline(run, err);
  if (Status s = FilterFindings(run, err); !s.ok()) return Stop(s, err);
  if (Status s = WriteReport(run, out); !s.ok()) return Stop(s, err);
  PrintStatistics(run, out, err);
  return DecideExitCode(run, err);
}

}  // namespace

int RunLint(const LintOptions& options, std::ostream& out, std::ostream& err) {
  try {
    return RunLintSteps(options, out, err);
  } catch (const std::bad_alloc&) {
    // The import names the file it was reading when memory ran out; past it (ids derived for a
    // million questions, the rules), the run's memory is freed by now and the inputs are named
    // here (docs/reliability.md).
    std::string names;
    for (const std::string& input : options.inputs) {
      if (!names.empty()) names += ", ";
      names += input;
    }
    err << (names.empty() ? std::string("qbank lint") : names)
        << ": out of memory while checking the questions read from it; nothing written (is it a "
           "data file rather than questions?)\n";
    return kExitError;
  }
}

Result<LintOutcome> LintForView(const LintOptions& options, std::ostream& err,
                                const std::vector<std::string_view>* only_rules) {
  LintOptions view = options;
  view.exit_follows = false;
  view.fix = view.fix_dry_run = false;
  view.print_config.clear();
  view.write_baseline.clear();
  view.format = "json";
  LintRun run(view);
  run.only_rules = only_rules;
  if (std::optional<StepFailure> f = PrepareRun(run, err)) return f->status;
  if (std::optional<StepFailure> f = CheckInputs(run, err)) return f->status;
  if (Status s = FilterFindings(run, err); !s.ok()) return s;
  LintOutcome outcome;
  for (std::string_view id : RulesThatRan(run.plan)) {
    outcome.rules.push_back(lint::RuleRegistry::Default().Find(id));
  }
  outcome.files_checked = FilesChecked(run);
  outcome.import_failed = !run.import_errors.empty();
  outcome.data_dir = run.data_dir;
  outcome.findings = std::move(run.findings);
  outcome.bank = std::move(run.owned_bank);
  return outcome;
}

}  // namespace qbank::commands

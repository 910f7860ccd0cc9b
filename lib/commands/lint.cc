// `qbank lint`: import, configure, run, report, exit code.
#include "commands/lint.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "base/data_dir.h"
#include "commands/changed_files.h"
#include "commands/exit_code.h"
#include "commands/inputs.h"
#include "commands/lint_report.h"
#include "commands/output.h"
#include "commands/pull_request.h"
#include "formats/import.h"
#include "lint/config.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "report/ci_report.h"
#include "report/report.h"
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
    for (const char* id : {"exact-duplicate", "near-duplicate"}) {
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

// The diagnostic's message without its leading "path:line:col: " (the report prints the place).
std::string BareMessage(const Diagnostic& d) {
  std::string prefix = FormatLocation(d.path, d.span.line, d.span.column) + ": ";
  if (d.message.rfind(prefix, 0) == 0) return d.message.substr(prefix.size());
  return d.message;
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

}  // namespace

int RunLint(const LintOptions& options, std::ostream& out, std::ostream& err) {
  FileSystem& fs = options.fs != nullptr ? *options.fs : RealFileSystem();
  std::string data_dir = options.data_dir;
  if (data_dir.empty()) {
    const Result<DataDirLocation>& found = DataDir();
    if (!found.ok()) {
      err << "qbank lint: " << found.status().message() << "\n";
      return 2;
    }
    data_dir = found->dir;
  }

  report::ReportWriter writer = report::FindReportWriter(options.format);
  std::vector<std::string_view> ci_formats = report::CiReportFormatNames();
  bool ci_format =
      std::find(ci_formats.begin(), ci_formats.end(), options.format) != ci_formats.end();
  if (writer == nullptr && !ci_format) {
    std::string names;
    for (std::string_view n : report::ReportFormatNames())
      names += (names.empty() ? "" : ", ") + std::string(n);
    for (std::string_view n : ci_formats) names += ", " + std::string(n);
    err << "qbank lint: unknown --format '" << options.format << "'; expected one of " << names
        << "\n";
    return 2;
  }
  std::optional<lint::Severity> fail_on;
  if (options.fail_on != "none") {
    fail_on = lint::ParseSeverity(options.fail_on);
    if (!fail_on || *fail_on == lint::Severity::kOff) {
      err << "qbank lint: unknown --fail-on '" << options.fail_on
          << "'; expected info, warning, error or none\n";
      return 2;
    }
  }
  if (options.color != "auto" && options.color != "always" && options.color != "never") {
    err << "qbank lint: unknown --color '" << options.color
        << "'; expected auto, always or never\n";
    return 2;
  }
  if (!options.write_baseline.empty() && !options.changed_since.empty()) {
    err << "qbank lint: --write-baseline with --changed-since would record only part of the bank; "
           "write the baseline from a full run\n";
    return 2;
  }
  if (Status given = RequireInputs(options.inputs); !given.ok()) {
    err << "qbank lint: " << given.message() << "\n";
    return kExitError;
  }

  // Configuration: --config, else the nearest .qbank.json, else the preset.
  Result<lint::LintConfig> config = Status::NotFound("no configuration");
  if (!options.config_path.empty()) {
    config = lint::LoadConfig(options.config_path, fs, data_dir);
  } else if (std::optional<std::string> found = lint::FindConfig(options.inputs, fs)) {
    config = lint::LoadConfig(*found, fs, data_dir);
  } else {
    config = lint::LoadPreset(options.preset, fs, data_dir);
  }
  if (!config.ok()) {
    err << config.status().message() << "\n";
    return 2;
  }

  ApplyCommandLineRuleOptions(options, *config);

  auto bank_holder = std::make_unique<model::Bank>();
  model::Bank& bank = *bank_holder;
  if (options.exit_follows) {
    // Still reachable (so leak checkers stay quiet), never freed.
    static auto* kept = new std::vector<std::unique_ptr<model::Bank>>;
    kept->push_back(std::move(bank_holder));
  }
  std::vector<Diagnostic> import_errors;
  formats::ImportOptions import_options;
  import_options.from = options.from;
  import_options.stdin_stream = options.stdin_stream != nullptr ? options.stdin_stream : &std::cin;
  std::vector<std::string> skipped;
  import_options.skipped = &skipped;
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  Clock::time_point import_start = Clock::now();
  Status imported = formats::ImportInputs(options.inputs, import_options, fs, bank, import_errors);
  double import_seconds = seconds_since(import_start);
  if (!imported.ok()) {
    err << "qbank lint: " << imported.message() << "\n";
    return 2;
  }
  for (const std::string& path : skipped) {
    err << "qbank lint: note: skipped " << path
        << ": it does not look like question content (name it directly to lint it)\n";
  }
  size_t files_read = bank.sources.size();
  // Parsing is done: the files' bytes are read again only for the source lines of findings.
  for (const auto& source : bank.sources) {
    if (source != nullptr) source->Release();
  }

  Result<std::vector<lint::PlannedRule>> plan =
      lint::PlanRules(*config, bank, lint::RuleRegistry::Default());
  if (!plan.ok()) {
    err << plan.status().message() << "\n";
    return 2;
  }
  // Changed-files mode: per-question rules only on changed files; per-bank rules see everything.
  std::vector<std::string> changed_paths;
  if (!options.changed_since.empty()) {
    Result<std::vector<std::string>> changed =
        ChangedFilesSince(options.changed_since, GitDirectoryFor(options.inputs, fs));
    if (!changed.ok()) {
      err << "qbank lint: " << changed.status().message() << "\n";
      return 2;
    }
    changed_paths = std::move(changed.value());
    RestrictToChangedSources(*plan, ChangedSources(bank, changed_paths));
  }
  lint::EngineOptions engine_options;
  engine_options.today = options.today ? *options.today : lint::Today();
  engine_options.threads = options.threads;
  engine_options.measure = options.timing;
  lint::EngineResult result = lint::RunRules(bank, *plan, engine_options);
  Clock::time_point report_start = Clock::now();

  // Files that failed to import are findings too, at their place.
  std::vector<lint::Finding> findings;
  for (const Diagnostic& d : import_errors) {
    lint::Finding f;
    f.rule_id = std::string(kImportErrorRuleId);
    f.severity = lint::Severity::kError;
    f.message = BareMessage(d);
    f.span = d.span;
    f.span.file = SourceFor(bank, d.path, fs);
    if (f.span.end_line == 0 && f.span.line != 0) {
      f.span.end_line = f.span.line;
      f.span.end_column = f.span.column + 1;
    }
    // "bank/x.json" and "./bank/x.json" are one file: the fingerprint uses the normal form.
    f.fingerprint = lint::Fingerprint(
        kImportErrorRuleId, "", std::filesystem::path(d.path).lexically_normal().generic_string(),
        f.message);
    findings.push_back(std::move(f));
  }
  findings.insert(findings.end(), std::make_move_iterator(result.findings.begin()),
                  std::make_move_iterator(result.findings.end()));

  if (!options.changed_since.empty()) {
    findings = KeepChangedFindings(bank, std::move(findings), ChangedSources(bank, changed_paths));
  }
  if (!options.write_baseline.empty()) {
    Status written =
        WriteBaselineFile(options.write_baseline, findings, report::LibraryVersion(), bank, fs);
    if (!written.ok()) {
      err << "qbank lint: " << written.message() << "\n";
      return 2;
    }
    err << "qbank lint: wrote " << findings.size() << " findings to the baseline "
        << options.write_baseline << "\n";
    return import_errors.empty() ? 0 : 2;
  }
  if (!options.baseline.empty()) {
    Result<BaselineMatch> match = ApplyBaselineFile(options.baseline, fs, std::move(findings));
    if (!match.ok()) {
      err << "qbank lint: " << match.status().message() << "\n";
      return 2;
    }
    findings = std::move(match->new_findings);
    err << BaselineSummary(*match) << "\n";
  }

  report::ReportInput input;
  input.bank = &bank;
  input.findings = &findings;
  std::set<std::string_view> ran;
  for (const lint::PlannedRule& p : *plan) {
    if (ran.insert(p.rule->id()).second)
      input.rules.push_back(lint::RuleRegistry::Default().Find(p.rule->id()));
  }
  input.files_checked = files_read + import_errors.size();
  input.questions_checked = result.questions_checked;
  bool to_stdout = options.output.empty() || options.output == "-";
  std::string report_text;
  if (ci_format) {
    report::ReportContext ctx =
        report::MakeReportContext(input, fs, data_dir, RepoRootFor(options.repo_root));
    report_text = *report::WriteCiReport(options.format, ctx, fail_on);
  } else {
    report::ReportOptions report_options;
    report_options.color = options.format == "text" && to_stdout && WantColor(options, out);
    std::ostringstream rendered;
    writer(input, report_options, rendered);
    report_text = std::move(rendered).str();
  }
  Status written = commands::WriteOutput(fs, options.output, report_text, bank, out);
  if (!written.ok()) {
    err << "qbank lint: " << written.message() << "\n";
    return 2;
  }
  if (options.statistics) {
    std::vector<std::string> ran_ids(ran.begin(), ran.end());
    // Keep machine-readable output on stdout clean.
    std::ostream& stats = to_stdout && options.format != "text" ? err : out;
    stats << report::FormatStatistics(findings, ran_ids);
  }
  out.flush();
  if (options.timing)
    PrintTimings(import_seconds, result.timings, seconds_since(report_start), err);

  if (!import_errors.empty()) return 2;
  int64_t warnings = 0;
  bool failed = false;
  for (const lint::Finding& f : findings) {
    warnings += f.severity == lint::Severity::kWarning;
    if (fail_on && f.severity >= *fail_on) failed = true;
  }
  if (options.max_warnings >= 0 && warnings > options.max_warnings) {
    err << "qbank lint: " << warnings << " warnings; --max-warnings allows " << options.max_warnings
        << "\n";
    failed = true;
  }
  return failed ? 1 : 0;
}

}  // namespace qbank::commands

// `qbank lint`: import, configure, run, report, exit code.
#include "lint/run.h"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <set>

#include "formats/import.h"
#include "lint/config.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "report/report.h"

namespace qbank::lint {
namespace {

constexpr std::string_view kImportError = "import-error";

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

}  // namespace

int RunLint(const LintOptions& options, std::ostream& out, std::ostream& err) {
  FileSystem& fs = options.fs != nullptr ? *options.fs : RealFileSystem();
  std::string data_dir = options.data_dir.empty() ? DataDir() : options.data_dir;

  report::ReportWriter writer = report::FindReportWriter(options.format);
  if (writer == nullptr) {
    std::string names;
    for (std::string_view n : report::ReportFormatNames())
      names += (names.empty() ? "" : ", ") + std::string(n);
    err << "qbank lint: unknown --format '" << options.format << "'; expected one of " << names
        << "\n";
    return 2;
  }
  std::optional<Severity> fail_on;
  if (options.fail_on != "none") {
    fail_on = ParseSeverity(options.fail_on);
    if (!fail_on || *fail_on == Severity::kOff) {
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
  if (options.inputs.empty()) {
    err << "qbank lint: no input; name files, folders or - for stdin\n";
    return 2;
  }

  // Configuration: --config, else the nearest .qbank.json, else the preset.
  Result<LintConfig> config = Status::NotFound("no configuration");
  if (!options.config_path.empty()) {
    config = LoadConfig(options.config_path, fs, data_dir);
  } else if (std::optional<std::string> found = FindConfig(options.inputs, fs)) {
    config = LoadConfig(*found, fs, data_dir);
  } else {
    config = LoadPreset(options.preset, fs, data_dir);
  }
  if (!config.ok()) {
    err << config.status().message() << "\n";
    return 2;
  }

  model::Bank bank;
  std::vector<Diagnostic> import_errors;
  formats::ImportOptions import_options;
  import_options.from = options.from;
  import_options.stdin_stream = options.stdin_stream != nullptr ? options.stdin_stream : &std::cin;
  Status imported = formats::ImportInputs(options.inputs, import_options, fs, bank, import_errors);
  if (!imported.ok()) {
    err << "qbank lint: " << imported.message() << "\n";
    return 2;
  }
  size_t files_read = bank.sources.size();

  Result<std::vector<PlannedRule>> plan = PlanRules(*config, bank, RuleRegistry::Default());
  if (!plan.ok()) {
    err << plan.status().message() << "\n";
    return 2;
  }
  EngineOptions engine_options;
  engine_options.today = options.today ? *options.today : Today();
  engine_options.threads = options.threads;
  EngineResult result = RunRules(bank, *plan, engine_options);

  // Files that failed to import are findings too, at their place.
  std::vector<Finding> findings;
  for (const Diagnostic& d : import_errors) {
    Finding f;
    f.rule_id = std::string(kImportError);
    f.severity = Severity::kError;
    f.message = BareMessage(d);
    f.span = d.span;
    f.span.file = SourceFor(bank, d.path, fs);
    if (f.span.end_line == 0 && f.span.line != 0) {
      f.span.end_line = f.span.line;
      f.span.end_column = f.span.column + 1;
    }
    f.fingerprint = Fingerprint(kImportError, "", d.path, f.message);
    findings.push_back(std::move(f));
  }
  findings.insert(findings.end(), std::make_move_iterator(result.findings.begin()),
                  std::make_move_iterator(result.findings.end()));

  report::ReportInput input;
  input.bank = &bank;
  input.findings = &findings;
  std::set<std::string_view> ran;
  for (const PlannedRule& p : *plan) {
    if (ran.insert(p.rule->id()).second)
      input.rules.push_back(RuleRegistry::Default().Find(p.rule->id()));
  }
  input.files_checked = files_read + import_errors.size();
  input.questions_checked = result.questions_checked;
  report::ReportOptions report_options;
  report_options.color = options.format == "text" && WantColor(options, out);
  writer(input, report_options, out);
  out.flush();

  if (!import_errors.empty()) return 2;
  int64_t warnings = 0;
  bool failed = false;
  for (const Finding& f : findings) {
    warnings += f.severity == Severity::kWarning;
    if (fail_on && f.severity >= *fail_on) failed = true;
  }
  if (options.max_warnings >= 0 && warnings > options.max_warnings) {
    err << "qbank lint: " << warnings << " warnings; --max-warnings allows " << options.max_warnings
        << "\n";
    failed = true;
  }
  return failed ? 1 : 0;
}

int ListRules(std::ostream& out) {
  size_t width = 0;
  for (const Rule* r : RuleRegistry::Default().All()) width = std::max(width, r->id().size());
  for (const Rule* r : RuleRegistry::Default().All()) {
    std::string id(r->id());
    id.resize(width + 2, ' ');
    std::string severity(SeverityName(r->default_severity()));
    severity.resize(9, ' ');
    out << id << severity << r->summary() << "\n";
  }
  return 0;
}

int ExplainRule(std::string_view rule_id, std::ostream& out, std::ostream& err,
                const std::string& data_dir) {
  if (RuleRegistry::Default().Find(rule_id) == nullptr && rule_id != kImportError) {
    err << "qbank explain: unknown rule '" << rule_id << "'; run `qbank rules` for the list\n";
    return 2;
  }
  std::string dir = data_dir.empty() ? DataDir() : data_dir;
  std::string path = dir + "/rules/" + std::string(rule_id) + ".md";
  Result<std::string> page = RealFileSystem().ReadFile(path);
  if (!page.ok()) {
    err << "qbank explain: " << page.status().message() << "\n";
    return 2;
  }
  out << page.value();
  return 0;
}

}  // namespace qbank::lint

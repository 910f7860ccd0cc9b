// Import, export and convert over the import pipeline and the format registry.
#include "commands/convert.h"

#include <algorithm>
#include <map>
#include <optional>

#include "base/data_dir.h"
#include "base/kept_until_exit.h"
#include "base/suggest.h"
#include "commands/exit_code.h"
#include "commands/formats.h"
#include "commands/inputs.h"
#include "commands/output.h"
#include "formats/import.h"
#include "formats/markdown_fields.h"
#include "formats/registry.h"
#include "lint/config.h"
#include "lint/rule_environment.h"
#include "report/text_report.h"

namespace qbank::commands {
namespace {

// Errors and warnings together, by file (in the order files were first named) and place.
std::vector<Diagnostic> InPlaceOrder(const std::vector<Diagnostic>& errors,
                                     const std::vector<Diagnostic>& warnings) {
  std::vector<Diagnostic> all = errors;
  all.insert(all.end(), warnings.begin(), warnings.end());
  std::map<std::string, size_t> file_order;
  for (const Diagnostic& d : all) file_order.emplace(d.path, file_order.size());
  std::stable_sort(all.begin(), all.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    size_t fa = file_order[a.path];
    size_t fb = file_order[b.path];
    if (fa != fb) return fa < fb;
    if (a.span.line != b.span.line) return a.span.line < b.span.line;
    return a.span.column < b.span.column;
  });
  return all;
}

std::string Count(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Writes the loss report (to options.loss_report as JSON, and as text on `err`) and says whether
// the export may go on: -1 when it may, else the exit code.
int ReportLoss(const ConvertOptions& options, const formats::LossReport& loss,
               const model::Bank& bank, FileSystem& fs, std::ostream& out, std::ostream& err) {
  if (!options.loss_report.empty()) {
    Status written = WriteOutput(fs, options.loss_report, loss.ToJson(options.to), bank, out);
    if (!written.ok()) {
      err << "qbank: " << written.ToString() << "\n";
      return kExitError;
    }
  }
  if (loss.empty()) return -1;
  if (options.strict) {
    err << "qbank: error: the " << options.to << " format cannot carry every field; nothing "
        << "written (--strict):\n"
        << loss.ToString();
    return kExitError;
  }
  if (!options.quiet) {
    err << "qbank: warning: the " << options.to << " format cannot carry every field:\n"
        << loss.ToString();
  }
  return -1;
}

// Markdown drafts hold Markdown: each question whose texts are HTML (Moodle XML, GIFT [html], QTI)
// becomes Markdown when every text has a Markdown form that renders as the same HTML (paragraphs,
// emphasis, code, links, line breaks, flat lists); a question with a table, an image or an
// attribute Markdown cannot write stays HTML, whole (docs/formats/md.md, "From HTML").
void HtmlAsMarkdown(model::Bank& bank) {
  for (model::Question& q : bank.questions) {
    if (q.markup == model::Markup::kHtml)
      formats::RestoreMarkdown(model::Question{}, formats::LmsHtml{}, q);
  }
}

}  // namespace

namespace {

// The csv section of the nearest .qbank.json above the inputs (with what it extends), for each
// setting the command line leaves unsaid, as lint reads it; a config that cannot be read is a
// warning on `err`, and the command line alone is used.
ConvertOptions::Sheet WithConfigSheet(const ConvertOptions& options, FileSystem& fs,
                                      std::ostream& err) {
  ConvertOptions::Sheet sheet = options.sheet;
  std::optional<std::string> found = lint::FindConfig(options.inputs, fs);
  if (!found.has_value()) return sheet;
  const Result<DataDirLocation>& data = DataDir();
  Result<lint::SheetConfig> config = Status::NotFound("no data folder");
  if (data.ok()) {
    lint::RuleEnvironment env(fs, data->dir);
    config = lint::LoadSheetConfig(*found, env);
  } else {
    config = data.status();
  }
  if (!config.ok()) {
    err << "qbank: warning: the csv section of " << *found
        << " is not read: " << config.status().ToString() << "\n";
    return sheet;
  }
  if (sheet.columns.empty()) sheet.columns = config->columns;
  sheet.keep_unknown = sheet.keep_unknown || config->keep_unknown;
  if (sheet.delimiter == 0) sheet.delimiter = config->delimiter;
  return sheet;
}

formats::SheetOptions SheetOptionsOf(const ConvertOptions::Sheet& sheet) {
  formats::SheetOptions out;
  out.columns = sheet.columns;
  out.keep_unknown = sheet.keep_unknown;
  out.delimiter = sheet.delimiter;
  out.sheet = sheet.sheet;
  out.verbose = sheet.verbose;
  return out;
}

// The columns a spreadsheet export writes: --layout, or the columns the input was read with.
void SetSheetLayout(const ConvertOptions& options, const ConvertOptions::Sheet& sheet,
                    formats::ExportOptions& export_options) {
  export_options.layout = options.layout;
  export_options.columns = sheet.columns;
  if (sheet.delimiter != 0) export_options.delimiter = sheet.delimiter;
}

}  // namespace

int RunConvert(const ConvertOptions& options, FileSystem& fs, std::istream& in, std::ostream& out,
               std::ostream& err) {
  const formats::Registry& registry = formats::Registry::Default();
  const formats::Format* target = registry.Find(options.to);
  if (target == nullptr) {
    std::vector<std::string> names;
    for (const formats::Format* f : registry.All()) names.emplace_back(f->name());
    std::string hint = DidYouMean(options.to, names);
    err << "qbank: unknown format '" << options.to << "'"
        << (hint.empty() ? "; expected one of " + FormatNames(true) : hint) << "\n";
    return kExitError;
  }
  if (!target->can_export()) {
    err << "qbank: the " << options.to << " format cannot be written\n";
    return kExitError;
  }
  if (Status given = RequireInputs(options.inputs); !given.ok()) {
    err << "qbank: " << given.ToString() << "\n";
    return kExitError;
  }

  KeptUntilExit<model::Bank> kept_bank;  // the command's last use of it is its own
  model::Bank& bank = *kept_bank;
  std::vector<Diagnostic> errors;
  formats::ImportOptions import_options;
  import_options.from = options.from;
  import_options.encoding = options.encoding;
  import_options.threads = 0;  // every core: the bank is the same (ImportOptions::threads)
  const ConvertOptions::Sheet sheet = WithConfigSheet(options, fs, err);
  import_options.sheet = SheetOptionsOf(sheet);
  import_options.stdin_stream = &in;
  std::vector<std::string> skipped;
  import_options.skipped = &skipped;
  std::vector<Diagnostic> warnings;
  import_options.warnings = &warnings;
  Status status = formats::ImportInputs(options.inputs, import_options, fs, bank, errors);
  if (!status.ok()) {
    err << "qbank: " << status.ToString() << "\n";
    return kExitError;
  }
  for (const std::string& path : skipped) {
    err << "qbank: note: skipped " << path << ": it does not look like question content (name it "
        << "directly to read it)\n";
  }
  report::WriteImportErrors(InPlaceOrder(errors, warnings), bank, err);
  std::string read =
      Count(bank.questions.size(), "question that was read", "questions that were read");
  if (!errors.empty() && (!options.keep_going || bank.questions.empty())) {
    err << "qbank: " << Count(errors.size(), "input error", "input errors") << "; nothing written";
    if (bank.questions.empty()) {
      err << " (no question was read)";
    } else {
      err << " (--keep-going writes the " << read << ")";
    }
    err << "\n";
    return kExitError;
  }

  if (target->name() == "md") HtmlAsMarkdown(bank);
  formats::ExportOptions export_options;
  export_options.output_path = options.output;
  SetSheetLayout(options, sheet, export_options);
  formats::LossReport loss;
  Result<std::string> bytes = formats::ExportBank(*target, bank, export_options, loss);
  if (!bytes.ok()) {
    err << "qbank: " << bytes.status().ToString() << "\n";
    return kExitError;
  }
  if (int rc = ReportLoss(options, loss, bank, fs, out, err); rc >= 0) return rc;
  status = WriteOutput(fs, options.output, *bytes, bank, out);
  if (!status.ok()) {
    err << "qbank: " << status.ToString() << "\n";
    return kExitError;
  }
  if (!errors.empty()) {
    err << "qbank: " << Count(errors.size(), "input error", "input errors") << "; wrote the "
        << read << " (--keep-going)\n";
    return kExitCheckFailed;
  }
  return kExitOk;
}

}  // namespace qbank::commands

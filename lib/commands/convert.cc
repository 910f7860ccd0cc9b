// Import, export and convert over the import pipeline and the format registry.
#include "commands/convert.h"

#include "commands/exit_code.h"
#include "commands/inputs.h"
#include "commands/output.h"
#include "formats/import.h"
#include "formats/registry.h"
#include "report/text_report.h"

namespace qbank::commands {

int RunConvert(const ConvertOptions& options, FileSystem& fs, std::istream& in, std::ostream& out,
               std::ostream& err) {
  const formats::Registry& registry = formats::Registry::Default();
  const formats::Format* target = registry.Find(options.to);
  if (target == nullptr) {
    err << "qbank: unknown format '" << options.to << "' (see `qbank formats`)\n";
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

  model::Bank bank;
  std::vector<Diagnostic> errors;
  formats::ImportOptions import_options;
  import_options.from = options.from;
  import_options.encoding = options.encoding;
  import_options.stdin_stream = &in;
  std::vector<std::string> skipped;
  import_options.skipped = &skipped;
  Status status = formats::ImportInputs(options.inputs, import_options, fs, bank, errors);
  if (!status.ok()) {
    err << "qbank: " << status.ToString() << "\n";
    return kExitError;
  }
  for (const std::string& path : skipped) {
    err << "qbank: note: skipped " << path << ": it does not look like question content (name it "
        << "directly to read it)\n";
  }
  if (!errors.empty()) {
    report::WriteImportErrors(errors, bank, err);
    err << "qbank: " << errors.size() << (errors.size() == 1 ? " input error" : " input errors")
        << "; nothing written\n";
    return kExitError;
  }

  formats::ExportOptions export_options;
  export_options.output_path = options.output;
  formats::LossReport loss;
  Result<std::string> bytes = formats::ExportBank(*target, bank, export_options, loss);
  if (!bytes.ok()) {
    err << "qbank: " << bytes.status().ToString() << "\n";
    return kExitError;
  }
  if (!loss.empty()) {
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
  }
  status = WriteOutput(fs, options.output, *bytes, bank, out);
  if (!status.ok()) {
    err << "qbank: " << status.ToString() << "\n";
    return kExitError;
  }
  return kExitOk;
}

}  // namespace qbank::commands

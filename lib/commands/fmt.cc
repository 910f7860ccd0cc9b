// fmt over the json format's reader and canonical writer.
#include "commands/fmt.h"

#include <algorithm>
#include <memory>

#include "commands/exit_code.h"
#include "commands/inputs.h"
#include "formats/import.h"
#include "formats/registry.h"
#include "report/text_report.h"

namespace qbank::commands {
namespace {

Result<std::vector<std::string>> ExpandInputs(const std::vector<std::string>& inputs,
                                              FileSystem& fs) {
  std::vector<std::string> files;
  for (const std::string& input : inputs) {
    if (!fs.IsDirectory(input)) {
      files.push_back(input);
      continue;
    }
    Result<std::vector<std::string>> listed = fs.ListFiles(input);
    if (!listed.ok()) return listed.status();
    for (const std::string& f : *listed) {
      if (f.size() > 5 && f.compare(f.size() - 5, 5, ".json") == 0) files.push_back(f);
    }
  }
  return files;
}

}  // namespace

int RunFmt(const FmtOptions& options, FileSystem& fs, std::ostream& out, std::ostream& err) {
  if (options.check && options.write) {
    err << "qbank fmt: --check and --write cannot be used together\n";
    return kExitError;
  }
  const formats::Format* json = formats::Registry::Default().Find("json");
  if (json == nullptr) {
    err << "qbank fmt: the json format is not available\n";
    return kExitError;
  }
  if (Status given = RequireInputs(options.inputs); !given.ok()) {
    err << "qbank fmt: " << given.ToString() << "\n";
    return kExitError;
  }
  Result<std::vector<std::string>> files = ExpandInputs(options.inputs, fs);
  if (!files.ok()) {
    err << "qbank fmt: " << files.status().ToString() << "\n";
    return kExitError;
  }
  if (files->empty()) {
    err << "qbank fmt: no bank file (.json) in the folders given\n";
    return kExitError;
  }
  int exit_code = kExitOk;
  for (const std::string& path : *files) {
    Result<std::string> content = fs.ReadFile(path);
    if (!content.ok()) {
      err << "qbank fmt: " << content.status().ToString() << "\n";
      exit_code = kExitError;
      continue;
    }
    auto source = std::make_shared<const SourceText>(path, std::move(content).value());
    model::Bank bank;
    std::vector<Diagnostic> errors;
    formats::ImportContext ctx;
    ctx.bank = &bank;
    ctx.file = bank.AddSource(source);
    ctx.fs = &fs;
    ctx.errors = &errors;
    Status status = json->Import(*source, ctx);
    if (!status.ok()) errors.push_back(Diagnostic::FromStatus(status, path));
    if (!errors.empty()) {
      report::WriteImportErrors(errors, bank, err);
      exit_code = kExitError;
      continue;
    }
    formats::LossReport loss;
    Result<std::string> normal = formats::ExportBank(*json, bank, {}, loss);
    if (!normal.ok()) {
      err << "qbank fmt: " << path << ": " << normal.status().ToString() << "\n";
      exit_code = kExitError;
      continue;
    }
    const std::string& original = source->content();
    if (!options.check && !options.write) {
      out << *normal;
      continue;
    }
    if (*normal == original) continue;
    if (options.check) {
      auto [a, b] = std::mismatch(original.begin(), original.end(), normal->begin(), normal->end());
      size_t offset = static_cast<size_t>(a - original.begin());
      err << source->ErrorAt(offset, "not normalised (run `qbank fmt --write " + path + "`)")
                 .ToString()
          << "\n";
      if (exit_code == kExitOk) exit_code = kExitCheckFailed;
      continue;
    }
    status = fs.WriteFileAtomic(path, *normal);
    if (!status.ok()) {
      err << "qbank fmt: " << status.ToString() << "\n";
      exit_code = kExitError;
      continue;
    }
    out << "formatted " << path << "\n";
  }
  return exit_code;
}

}  // namespace qbank::commands

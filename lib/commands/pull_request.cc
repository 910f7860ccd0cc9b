// The pull-request steps of `qbank lint`: changed sources, rule restriction, baseline files.
#include "commands/pull_request.h"

#include <filesystem>
#include <system_error>

#include "commands/changed_files.h"
#include "commands/output.h"

namespace qbank::commands {

std::string GitDirectoryFor(const std::vector<std::string>& inputs, const FileSystem& fs) {
  if (inputs.empty() || inputs.front() == "-") return ".";
  const std::string& first = inputs.front();
  if (fs.IsDirectory(first)) return first;
  std::string parent = std::filesystem::path(first).parent_path().generic_string();
  return parent.empty() ? "." : parent;
}

Result<std::vector<bool>> ChangedSourcesSince(const std::string& ref,
                                              const std::vector<std::string>& inputs,
                                              const FileSystem& fs, const model::Bank& bank) {
  Result<std::vector<std::string>> changed = ChangedFilesSince(ref, GitDirectoryFor(inputs, fs));
  if (!changed.ok()) return changed.status();
  return ChangedSources(bank, *changed);
}

void RestrictToChangedSources(std::vector<lint::PlannedRule>& plan,
                              const std::vector<bool>& changed) {
  for (lint::PlannedRule& p : plan) {
    if (p.rule == nullptr) continue;
    lint::RuleScope scope = p.rule->scope();
    if (scope != lint::RuleScope::kQuestion && scope != lint::RuleScope::kSuppressions) continue;
    if (p.files.empty()) {
      p.files = changed;
      continue;
    }
    for (size_t f = 0; f < p.files.size(); ++f) {
      p.files[f] = p.files[f] && f < changed.size() && changed[f];
    }
  }
}

Status WriteBaselineFile(const std::string& path, const std::vector<lint::Finding>& findings,
                         std::string_view version, const model::Bank& bank, FileSystem& fs) {
  if (Status refused = RefuseToOverwriteInput(path, bank); !refused.ok()) return refused;
  return fs.WriteFileAtomic(path,
                            WriteBaseline(MakeBaseline(findings), "qbank " + std::string(version)));
}

Result<BaselineMatch> ApplyBaselineFile(const std::string& path, const FileSystem& fs,
                                        std::vector<lint::Finding> findings) {
  Result<std::string> text = fs.ReadFile(path);
  if (!text.ok()) return text.status();
  Result<Baseline> baseline = ReadBaseline(SourceText(path, std::move(text.value())));
  if (!baseline.ok()) return baseline.status();
  return ApplyBaseline(*baseline, std::move(findings));
}

}  // namespace qbank::commands

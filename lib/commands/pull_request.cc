// The pull-request steps of `qbank lint`: changed sources, rule restriction, baseline files.
#include "commands/pull_request.h"

#include <filesystem>
#include <system_error>

#include "commands/changed_files.h"

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
    if (p.rule == nullptr || p.rule->scope() != lint::RuleScope::kQuestion) continue;
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
  namespace stdfs = std::filesystem;
  auto normal = [](const std::string& p) {
    std::error_code ec;
    stdfs::path abs = stdfs::absolute(stdfs::path(p), ec);
    return (ec ? stdfs::path(p) : abs).lexically_normal();
  };
  stdfs::path target = normal(path);
  for (const auto& source : bank.sources) {
    if (source == nullptr || source->path() == "-") continue;
    std::error_code ec;
    if (normal(source->path()) == target || stdfs::equivalent(source->path(), path, ec)) {
      return Status::Usage("refusing to write the baseline over the input " + path);
    }
  }
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

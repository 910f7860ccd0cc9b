// Report selection for lint runs.
#include "commands/lint_report.h"

#include <filesystem>
#include <system_error>

#include "commands/changed_files.h"

namespace qbank::commands {

std::string RepoRootFor(const std::string& repo_root) {
  if (!repo_root.empty()) return repo_root;
  if (Result<std::string> top = GitTopLevel("."); top.ok()) return *top;
  std::error_code ec;
  return std::filesystem::current_path(ec).generic_string();
}

}  // namespace qbank::commands

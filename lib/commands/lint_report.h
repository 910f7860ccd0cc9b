// Report selection for `qbank lint`: which writer --format names, and the context CI writers need
// from the world (the repository root).
#ifndef QBANK_COMMANDS_LINT_REPORT_H_
#define QBANK_COMMANDS_LINT_REPORT_H_

#include <string>

namespace qbank::commands {

// The root that CI reports write file names relative to: `repo_root` when it is not empty, else
// the git work tree holding the current directory, else the current directory.
std::string RepoRootFor(const std::string& repo_root);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_LINT_REPORT_H_

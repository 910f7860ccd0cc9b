// `qbank completion bash|zsh`: shell completion scripts generated from the subcommands' option
// tables (tools/subcommands.cc), so a new option is completed without editing a script.
#ifndef QBANK_TOOLS_COMPLETION_H_
#define QBANK_TOOLS_COMPLETION_H_

#include <ostream>
#include <string>

namespace qbank::tools {

// Writes the completion script for `shell` ("bash" or "zsh") to `out` and returns 0; an unknown
// shell is a usage error on `err` (exit 2).
int PrintCompletion(const std::string& shell, std::ostream& out, std::ostream& err);

}  // namespace qbank::tools

#endif  // QBANK_TOOLS_COMPLETION_H_

// The qbank subcommands: each parses its flags with Boost.Program_options into
// an options struct and calls one library function. No logic of their own.
#ifndef QBANK_TOOLS_SUBCOMMANDS_H_
#define QBANK_TOOLS_SUBCOMMANDS_H_

#include <string>
#include <string_view>
#include <vector>

namespace qbank::tools {

// A subcommand gets its arguments (after the subcommand name) and returns the
// exit code.
using SubcommandFn = int (*)(const std::vector<std::string>& args);

// One option of a subcommand's table, for the completion scripts.
struct OptionInfo {
  std::string long_name;  // "format"
  char short_name = 0;    // 'f', or 0
  bool takes_value = false;
  bool repeatable = false;  // may be given more than once
  std::string description;
};

// What a subcommand's operands are, for the completion scripts.
enum class Operands { kNone, kFiles, kRule, kIndexAction, kShell };

struct Subcommand {
  std::string_view name;
  std::string_view summary;
  SubcommandFn run;
  std::vector<OptionInfo> (*options)();  // its option table, as `--help` prints it
  Operands operands;
};

// Every subcommand, in the order `qbank --help` lists them.
const std::vector<Subcommand>& Subcommands();

}  // namespace qbank::tools

#endif  // QBANK_TOOLS_SUBCOMMANDS_H_

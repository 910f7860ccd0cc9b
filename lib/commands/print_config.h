// `qbank lint --print-config FILE`: the configuration lint would use for one file, as JSON.
#ifndef QBANK_COMMANDS_PRINT_CONFIG_H_
#define QBANK_COMMANDS_PRINT_CONFIG_H_

#include <string>

#include "lint/config.h"

namespace qbank::commands {

// The effective configuration of the file at `path` under `config` (its extends chain already
// merged, the command-line selection set): every rule with the severity it has for that file
// once the matching overrides and the command line are applied, and its options when it has
// any, as a `.qbank.json` object {"rules": {...}} (so the output can be used as a config file),
// with a final newline.
std::string EffectiveConfigJson(const lint::LintConfig& config, const std::string& path);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_PRINT_CONFIG_H_

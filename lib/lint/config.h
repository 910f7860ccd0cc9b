// Lint configuration: `.qbank.json` found by walking up from the inputs (or named with --config),
// `extends` a preset in rules/presets/ (or another config file), per-rule severity and options,
// `overrides` by path glob. Validated against schemas/config.schema.json.
#ifndef QBANK_LINT_CONFIG_H_
#define QBANK_LINT_CONFIG_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "lint/rule_selection.h"
#include "model/bank.h"
#include "model/value.h"

namespace qbank::lint {

inline constexpr std::string_view kConfigFileName = ".qbank.json";

// One rule's setting in a config file. Either part may be absent (inherit).
struct RuleSetting {
  std::optional<Severity> severity;
  // Option values; merged key by key over the inherited ones (a key given here replaces the
  // inherited value of that key as a whole).
  model::Value options;
  SourceLocation where;  // the place of the setting, for errors found later
};

// Settings that apply to files matching any of `files` (globs relative to the config's folder:
// "*" matches within one path segment, "**" across segments, "?" one character).
struct Override {
  std::vector<std::string> files;
  std::map<std::string, RuleSetting, std::less<>> rules;
};

// The config's csv section: how spreadsheets are read when the command line does not say
// (docs/formats/csv.md).
struct SheetConfig {
  std::string columns;  // "HEADER=FIELD,..." (an object in the file is joined so)
  bool keep_unknown = false;
  char delimiter = 0;  // 0: detect
};

struct LintConfig {
  std::string path;      // the file this came from ("" for a preset used without a file)
  std::string base_dir;  // the folder override globs are relative to
  std::map<std::string, RuleSetting, std::less<>> rules;  // extends already merged in
  std::vector<Override> overrides;  // from the extended configs first, then this one's
  // The command line's --select, --ignore and --rule: applied for every file after `rules` and
  // `overrides`, so they win over the configuration.
  RuleSelection selection;
  SheetConfig
      csv;  // the csv section, each key inherited through extends unless a nearer file sets it
};

// Reads, validates and resolves the config file at `path` through env.fs(). `extends` names a
// preset ("recommended", "strict": rules/presets/NAME.json under env.data_dir()) or a config file
// relative to this one; chains are followed (a cycle is an error). Each rule setting's options
// are checked by configuring the rule in `env`. Errors are InvalidInput "path:line:col: KEY:
// expected ..." naming the config file line and key: schema violations, unknown rule ids, bad
// severities, options the rule rejects.
Result<LintConfig> LoadConfig(const std::string& path, const RuleEnvironment& env);
// The csv section of the config at `path` with its `extends` chain (each key from the nearest
// file that sets it), without reading the rules: what import, convert and fmt take from a config.
// Errors as LoadConfig's for the files themselves (unreadable, not the schema's, a cycle).
Result<SheetConfig> LoadSheetConfig(const std::string& path, const RuleEnvironment& env);
// The preset `name` on its own (what lint uses when no config file is found).
Result<LintConfig> LoadPreset(const std::string& name, const RuleEnvironment& env);

// The nearest `.qbank.json` in the folder of the first input (a folder input counts as its own
// folder) or any folder above it; nullopt when there is none. "-" (stdin) starts at ".".
std::optional<std::string> FindConfig(const std::vector<std::string>& inputs, const FileSystem& fs);

// True when `path` matches the glob `pattern` (see Override). Linear in the sizes (no
// backtracking blow-up on patterns full of stars).
bool GlobMatch(std::string_view pattern, std::string_view path);

// The effective setting of every rule in `registry` for the file at `path` (relative to the
// current folder, or absolute): the rule's default severity, then the config's rules, then the
// overrides whose globs match the path, in order, then the command-line selection.
std::map<std::string, RuleSetting, std::less<>> EffectiveRules(const LintConfig& config,
                                                               const std::string& path,
                                                               const RuleRegistry& registry);

// Turns the config into configured rule instances for `bank`: each source file gets the base
// settings plus its matching overrides; files that end up with the same severity and options for
// a rule share one instance, configured in `env`. Rules that are off everywhere are left out.
// Errors name the config line of the setting whose options the rule rejects.
Result<std::vector<PlannedRule>> PlanRules(const LintConfig& config, const model::Bank& bank,
                                           const RuleRegistry& registry,
                                           const RuleEnvironment& env);

}  // namespace qbank::lint

#endif  // QBANK_LINT_CONFIG_H_

// Rule choices made on the command line (`qbank lint --select`, `--ignore`, `--rule`): parsed and
// checked against the registry, then applied to each file's setting after the configuration's
// rules and overrides, so the command line wins over every config file.
#ifndef QBANK_LINT_RULE_SELECTION_H_
#define QBANK_LINT_RULE_SELECTION_H_

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "lint/registry.h"
#include "lint/rule.h"

namespace qbank::lint {

struct RuleSelection {
  // --select: when `selecting`, only the rules in `select` run (every rule with `select_all`);
  // a selected rule the configuration has off runs at its default severity.
  bool selecting = false;
  bool select_all = false;
  std::set<std::string, std::less<>> select;
  // --ignore: these rules do not run, selected or not.
  std::set<std::string, std::less<>> ignore;
  // --rule RULE=SEVERITY, in the order given (a later one for the same rule wins); applied last,
  // so a rule named here runs (or not) at this severity whatever --select and --ignore say.
  std::vector<std::pair<std::string, Severity>> severities;

  bool empty() const { return !selecting && ignore.empty() && severities.empty(); }
};

// Parses the flags' values: `select` and `ignore` are lists of rule ids, each value one or more
// ids separated by commas ("ALL" in --select names every rule); `rules` are "RULE=SEVERITY" with
// a severity of off, info, warning (or warn) or error. Usage errors name the flag and the value,
// with the nearest rule id or severity; the import rules (import-error, import-warning) keep
// their fixed severity, so --ignore and --rule may not change it.
Result<RuleSelection> ParseRuleSelection(const std::vector<std::string>& select,
                                         const std::vector<std::string>& ignore,
                                         const std::vector<std::string>& rules,
                                         const RuleRegistry& registry);

// The severity of rule `rule` once `selection` is applied over `configured` (the severity the
// configuration gives it for one file; nullopt for the rule's default).
std::optional<Severity> ApplyRuleSelection(const RuleSelection& selection, const Rule& rule,
                                           std::optional<Severity> configured);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULE_SELECTION_H_

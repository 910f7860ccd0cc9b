// `qbank explain RULE`: a rule's documentation page.
#ifndef QBANK_COMMANDS_EXPLAIN_H_
#define QBANK_COMMANDS_EXPLAIN_H_

#include <ostream>
#include <string>
#include <string_view>

namespace qbank::commands {

// Prints rules/RULE.md from `data_dir` (DataDir() when empty), with "fixable: yes; `qbank lint
// --fix` <what the fix does>" or "fixable: no" under its title line. Returns 0, or 2 with a message
// on `err` for an unknown rule or a missing page.
int ExplainRule(std::string_view rule_id, std::ostream& out, std::ostream& err,
                const std::string& data_dir = "");

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_EXPLAIN_H_

// `qbank rules`: the table of every lint rule.
#ifndef QBANK_COMMANDS_RULES_H_
#define QBANK_COMMANDS_RULES_H_

#include <ostream>
#include <string_view>

namespace qbank::commands {

// Every rule of the default registry, one per line, ids in a column as wide as the longest: its
// default severity, "fix" when `qbank lint --fix` can fix its findings, and its summary. Under the
// table, a line says what the "fix" column means. With `format` "json", a JSON array instead: per
// rule {"id", "default_severity", "summary", "fixable"} and "fix" (what the fix does) when
// fixable. Returns 0, or 2 with a message on `err` for another format.
int ListRules(std::ostream& out, std::ostream& err, std::string_view format = "text");

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_RULES_H_

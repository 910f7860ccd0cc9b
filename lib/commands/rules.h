// `qbank rules`: the table of every lint rule.
#ifndef QBANK_COMMANDS_RULES_H_
#define QBANK_COMMANDS_RULES_H_

#include <ostream>

namespace qbank::commands {

// Every rule of the default registry, its default severity and summary, one per line, ids in a
// column as wide as the longest. Returns 0.
int ListRules(std::ostream& out);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_RULES_H_

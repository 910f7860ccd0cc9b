// The banks a duplicate rule compares against without checking them (`--against`, or the rule's
// "against" option).
#ifndef QBANK_LINT_RULES_SHARED_OTHER_BANKS_H_
#define QBANK_LINT_RULES_SHARED_OTHER_BANKS_H_

#include <memory>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// Banks compared against but not checked.
using OtherBanks = std::vector<std::shared_ptr<const model::Bank>>;

// Reads the banks named by option "against" (files or folders in any importable format) of a
// duplicate rule, through env.LoadBank (so each bank is imported once per run and shared by the
// rules naming it). A question its reader refuses is left out (env.unread_questions() lists it);
// InvalidInput "option 'against': ..." when the option is not a list of strings, an input cannot
// be read, or no question of one of its files was read.
Status LoadOtherBanks(const model::Value& options, const RuleEnvironment& env, OtherBanks* out);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_OTHER_BANKS_H_

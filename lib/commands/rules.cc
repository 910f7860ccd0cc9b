// The rule table over the default registry.
#include "commands/rules.h"

#include <algorithm>
#include <string>

#include "commands/exit_code.h"
#include "lint/registry.h"

namespace qbank::commands {

int ListRules(std::ostream& out) {
  size_t width = 0;
  for (const lint::Rule* r : lint::RuleRegistry::Default().All()) {
    width = std::max(width, r->id().size());
  }
  for (const lint::Rule* r : lint::RuleRegistry::Default().All()) {
    std::string id(r->id());
    id.resize(width + 2, ' ');
    std::string severity(lint::SeverityName(r->default_severity()));
    severity.resize(9, ' ');
    out << id << severity << r->summary() << "\n";
  }
  return kExitOk;
}

}  // namespace qbank::commands

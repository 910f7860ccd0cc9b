// The rule table over the default registry.
#include "commands/rules.h"

#include <algorithm>
#include <string>

#include "commands/exit_code.h"
#include "json/document.h"
#include "lint/registry.h"
#include "model/value.h"

namespace qbank::commands {
namespace {

void WriteTable(std::ostream& out) {
  size_t width = 0;
  for (const lint::Rule* r : lint::RuleRegistry::Default().All()) {
    width = std::max(width, r->id().size());
  }
  for (const lint::Rule* r : lint::RuleRegistry::Default().All()) {
    std::string id(r->id());
    id.resize(width + 2, ' ');
    std::string severity(lint::SeverityName(r->default_severity()));
    severity.resize(9, ' ');
    out << id << severity << (r->can_fix() ? "fix  " : "     ") << r->summary() << "\n";
  }
  out << "\n'fix': `qbank lint --fix` fixes these findings (`qbank explain RULE` says how)\n";
}

void WriteJson(std::ostream& out) {
  model::Value::Array rules;
  for (const lint::Rule* r : lint::RuleRegistry::Default().All()) {
    model::Value::Object rule;
    rule["id"] = std::string(r->id());
    rule["default_severity"] = std::string(lint::SeverityName(r->default_severity()));
    rule["summary"] = std::string(r->summary());
    rule["fixable"] = r->can_fix();
    if (r->can_fix()) rule["fix"] = std::string(r->fix_summary());
    rules.emplace_back(std::move(rule));
  }
  out << json::WriteValue(model::Value(std::move(rules))) << "\n";
}

}  // namespace

int ListRules(std::ostream& out, std::ostream& err, std::string_view format) {
  if (format == "json") {
    WriteJson(out);
  } else if (format == "text") {
    WriteTable(out);
  } else {
    err << "qbank rules: unknown format '" << format << "'; expected text or json\n";
    return kExitError;
  }
  return kExitOk;
}

}  // namespace qbank::commands

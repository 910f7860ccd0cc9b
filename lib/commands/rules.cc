// The rule table over the default registry.
#include "commands/rules.h"

#include <algorithm>
#include <string>
#include <vector>

#include "commands/exit_code.h"
#include "json/document.h"
#include "lint/category.h"
#include "lint/registry.h"
#include "model/value.h"

namespace qbank::commands {
namespace {

// One block per category, its name and summary first, then its rules.
void WriteTable(std::ostream& out) {
  const lint::RuleRegistry& registry = lint::RuleRegistry::Default();
  size_t width = 0;
  for (const lint::Rule* r : registry.All()) width = std::max(width, r->id().size());
  bool first = true;
  for (lint::Category category : lint::AllCategories()) {
    std::vector<std::string> ids = registry.IdsIn(category);
    if (ids.empty()) continue;
    if (!first) out << "\n";
    first = false;
    out << lint::CategoryName(category) << ": " << lint::CategorySummary(category) << "\n";
    for (const std::string& rule_id : ids) {
      const lint::Rule* r = registry.Find(rule_id);
      std::string id = "  " + rule_id;
      id.resize(width + 4, ' ');
      std::string severity(lint::SeverityName(r->default_severity()));
      severity.resize(9, ' ');
      out << id << severity << (r->can_fix() ? "fix  " : "     ") << r->summary() << "\n";
    }
  }
  out << "\n'fix': `qbank lint --fix` fixes these findings (`qbank explain RULE` says how); a "
         "category name selects all its rules (`--select flaws`, `--ignore house-style`)\n";
}

void WriteJson(std::ostream& out) {
  const lint::RuleRegistry& registry = lint::RuleRegistry::Default();
  model::Value::Array rules;
  for (const lint::Rule* r : registry.All()) {
    model::Value::Object rule;
    rule["id"] = std::string(r->id());
    rule["category"] = std::string(lint::CategoryName(*registry.CategoryOf(r->id())));
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

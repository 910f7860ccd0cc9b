// Parsing and applying --select, --ignore and --rule.
#include "lint/rule_selection.h"

#include "base/suggest.h"
#include "base/utf8_text.h"

namespace qbank::lint {
namespace {

// The rule ids in the values of `flag` ("a,b", "c"), each a rule id or a category name (every rule
// of that category), checked against the registry. With `skip_fixed` a category leaves out the
// rules whose severity is fixed (the import rules): --ignore cannot turn them off.
Status ReadRuleIds(std::string_view flag, const std::vector<std::string>& values,
                   const RuleRegistry& registry, bool allow_all, bool skip_fixed,
                   std::set<std::string, std::less<>>* out, bool* all) {
  for (const std::string& value : values) {
    std::string_view rest = value;
    bool any = false;
    while (true) {
      size_t comma = rest.find(',');
      std::string_view id = Trim(rest.substr(0, comma));
      if (!id.empty()) {
        any = true;
        if (allow_all && id == "ALL") {
          *all = true;
        } else if (std::optional<Category> category = ParseCategory(id)) {
          bool added = false;
          for (std::string& member : registry.IdsIn(*category)) {
            if (skip_fixed && registry.Find(member)->scope() == RuleScope::kImport) continue;
            out->insert(std::move(member));
            added = true;
          }
          if (!added) {
            return Status::Usage(std::string(flag) + ": the rules of category '" + std::string(id) +
                                 "' are always reported");
          }
        } else if (registry.Find(id) == nullptr) {
          std::string hint = DidYouMean(id, registry.IdsAndCategories());
          return Status::Usage(std::string(flag) + ": unknown rule or category '" +
                               std::string(id) + "'" +
                               (hint.empty() ? "; run `qbank rules` for the list" : hint));
        } else {
          out->insert(std::string(id));
        }
      }
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    if (!any) {
      return Status::Usage(std::string(flag) + " '" + value +
                           "': expected rule ids or categories separated by commas");
    }
  }
  return Status::Ok();
}

// An import rule's severity is fixed (lint/config.cc says the same of config files).
Status CheckNotFixed(std::string_view flag, const Rule& rule) {
  if (rule.scope() != RuleScope::kImport) return Status::Ok();
  return Status::Usage(std::string(flag) + ": " + std::string(rule.id()) + " is always " +
                       std::string(SeverityName(rule.default_severity())) +
                       "; it takes no other severity");
}

// One --rule value, "RULE=SEVERITY".
Result<std::pair<std::string, Severity>> ReadRuleSeverity(const std::string& value,
                                                          const RuleRegistry& registry) {
  size_t eq = value.find('=');
  if (eq == std::string::npos) {
    return Status::Usage("--rule '" + value + "': expected RULE=SEVERITY (e.g. key-count=error)");
  }
  std::string id(Trim(std::string_view(value).substr(0, eq)));
  std::string name(Trim(std::string_view(value).substr(eq + 1)));
  const Rule* rule = registry.Find(id);
  if (rule == nullptr) {
    std::string hint = DidYouMean(id, registry.Ids());
    return Status::Usage("--rule: unknown rule '" + id + "'" +
                         (hint.empty() ? "; run `qbank rules` for the list" : hint));
  }
  std::optional<Severity> severity = ParseSeverity(name);
  if (!severity) {
    return Status::Usage("--rule " + id + ": unknown severity '" + name +
                         "'; expected off, info, warning (or warn) or error" +
                         DidYouMean(name, {"off", "info", "warning", "warn", "error"}));
  }
  if (*severity != rule->default_severity()) QBANK_RETURN_IF_ERROR(CheckNotFixed("--rule", *rule));
  return std::make_pair(id, *severity);
}

}  // namespace

Result<RuleSelection> ParseRuleSelection(const std::vector<std::string>& select,
                                         const std::vector<std::string>& ignore,
                                         const std::vector<std::string>& rules,
                                         const RuleRegistry& registry) {
  RuleSelection selection;
  selection.selecting = !select.empty();
  QBANK_RETURN_IF_ERROR(ReadRuleIds("--select", select, registry, /*allow_all=*/true,
                                    /*skip_fixed=*/false, &selection.select,
                                    &selection.select_all));
  bool unused = false;
  QBANK_RETURN_IF_ERROR(ReadRuleIds("--ignore", ignore, registry, /*allow_all=*/false,
                                    /*skip_fixed=*/true, &selection.ignore, &unused));
  for (const std::string& id : selection.ignore) {
    QBANK_RETURN_IF_ERROR(CheckNotFixed("--ignore", *registry.Find(id)));
  }
  for (const std::string& value : rules) {
    Result<std::pair<std::string, Severity>> one = ReadRuleSeverity(value, registry);
    if (!one.ok()) return one.status();
    selection.severities.push_back(std::move(one).value());
  }
  return selection;
}

std::optional<Severity> ApplyRuleSelection(const RuleSelection& selection, const Rule& rule,
                                           std::optional<Severity> configured) {
  if (rule.scope() == RuleScope::kImport) return configured;
  std::string_view id = rule.id();
  std::optional<Severity> severity = configured;
  if (selection.selecting) {
    if (selection.select_all || selection.select.count(id) != 0) {
      if (severity == Severity::kOff) severity = rule.default_severity();
    } else {
      severity = Severity::kOff;
    }
  }
  if (selection.ignore.count(id) != 0) severity = Severity::kOff;
  for (const auto& [named, value] : selection.severities) {
    if (named == id) severity = value;
  }
  return severity;
}

}  // namespace qbank::lint

// The effective configuration of one file, written as a config file.
#include "commands/print_config.h"

#include "json/document.h"
#include "lint/registry.h"

namespace qbank::commands {

std::string EffectiveConfigJson(const lint::LintConfig& config, const std::string& path) {
  const lint::RuleRegistry& registry = lint::RuleRegistry::Default();
  model::Value::Object rules;
  for (const auto& [id, setting] : lint::EffectiveRules(config, path, registry)) {
    lint::Severity severity = setting.severity.value_or(registry.Find(id)->default_severity());
    model::Value name(std::string(lint::SeverityName(severity)));
    if (setting.options.is_object() && !setting.options.as_object().empty()) {
      rules[id] =
          model::Value(model::Value::Object{{"severity", name}, {"options", setting.options}});
    } else {
      rules[id] = name;
    }
  }
  model::Value root(model::Value::Object{{"rules", model::Value(std::move(rules))}});
  return json::WriteValue(root) + "\n";
}

}  // namespace qbank::commands

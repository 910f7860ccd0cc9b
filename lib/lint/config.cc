// Loading `.qbank.json` (schema check, then meaning: rule ids, extends chains, overrides) and
// planning configured rule instances per source file.
#include "lint/config.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>

#include "base/suggest.h"
#include "json/document.h"
#include "lint/category.h"

namespace qbank::lint {
namespace {

namespace fs_path = std::filesystem;

std::string ParentDir(const std::string& path) {
  fs_path::path p(path);
  std::string dir = p.parent_path().string();
  return dir.empty() ? "." : dir;
}

std::string JoinPath(const std::string& dir, const std::string& name) {
  if (dir.empty() || dir == ".") return name;
  return (fs_path::path(dir) / name).string();
}

// Makes the relative paths among `rule`'s path options relative to `base_dir` instead (the folder
// of the configuration file that wrote them).
void ResolvePathOptions(const Rule& rule, const std::string& base_dir, model::Value* options) {
  auto resolve = [&](model::Value& v) {
    if (!v.is_string() || v.as_string().empty() || v.as_string() == "-") return;
    fs_path::path p(v.as_string());
    if (p.is_absolute()) return;
    v = model::Value(JoinPath(base_dir, v.as_string()));
  };
  for (std::string_view key : rule.path_options()) {
    auto& object = options->mutable_object();
    auto it = object.find(std::string(key));
    if (it == object.end()) continue;
    if (it->second.is_array()) {
      for (model::Value& item : it->second.mutable_array()) resolve(item);
    } else {
      resolve(it->second);
    }
  }
}

// An import rule (import-error) is always an error: a configuration may name it, as the presets
// do, but only with severity "error" and no options, so it is planned once for every file.
Status CheckFixedRule(const SourceText& src, const json::Member& m, const Rule& rule,
                      const RuleSetting& setting) {
  if (rule.scope() != RuleScope::kImport) return Status::Ok();
  bool other_severity = setting.severity && *setting.severity != rule.default_severity();
  bool options = setting.options.is_object() && !setting.options.as_object().empty();
  if (!other_severity && !options) return Status::Ok();
  return src.ErrorAt(m.value.begin(), "rules." + m.key + ": always " +
                                          std::string(SeverityName(rule.default_severity())) +
                                          "; it takes no other severity and no options");
}

// Reads the rules object `node` into `out`, checking ids against the registry and options by
// configuring a rule with them in `env`. Path options are taken relative to `base_dir`.
Status ReadRules(const SourceText& src, const json::Node& node, const RuleRegistry& registry,
                 const std::string& base_dir, const RuleEnvironment& env,
                 std::map<std::string, RuleSetting, std::less<>>* out) {
  // A category ("flaws": "off") sets the severity of each of its rules that the same object does
  // not name itself, wherever the rule stands in it; its import rules keep their fixed severity.
  std::map<std::string, RuleSetting, std::less<>> from_categories;
  for (const json::Member& m : node.members()) {
    if (std::optional<Category> category = ParseCategory(m.key)) {
      std::optional<Severity> s =
          m.value.is_string() ? ParseSeverity(m.value.as_string()) : std::nullopt;
      if (!s) {
        return src.ErrorAt(m.value.begin(), "rules." + m.key +
                                                ": a category takes a severity (off, info, "
                                                "warning or error); options go to each rule");
      }
      for (const std::string& id : registry.IdsIn(*category)) {
        if (registry.Find(id)->scope() == RuleScope::kImport) continue;
        RuleSetting setting;
        setting.where = src.LocationAt(m.value.begin());
        setting.severity = s;
        from_categories[id] = std::move(setting);
      }
      continue;
    }
    if (registry.Find(m.key) == nullptr) {
      std::string hint = DidYouMean(m.key, registry.IdsAndCategories());
      return src.ErrorAt(m.key_begin,
                         "rules." + m.key + ": unknown rule or category" +
                             (hint.empty() ? "; run `qbank rules` for the list" : hint));
    }
    RuleSetting setting;
    setting.where = src.LocationAt(m.value.begin());
    const json::Node* severity_node = nullptr;
    if (m.value.is_string()) {
      severity_node = &m.value;
    } else if (m.value.is_object()) {
      severity_node = m.value.Find("severity");
      if (const json::Node* options = m.value.Find("options")) {
        setting.options = options->ToValue();
        setting.where = src.LocationAt(options->begin());
      }
    } else {
      return src.ErrorAt(m.value.begin(),
                         "rules." + m.key + ": expected a severity or {\"severity\", \"options\"}");
    }
    if (severity_node != nullptr) {
      std::optional<Severity> s = ParseSeverity(severity_node->as_string());
      if (!severity_node->is_string() || !s) {
        std::string hint = severity_node->is_string()
                               ? DidYouMean(severity_node->as_string(),
                                            {"off", "info", "warning", "warn", "error"})
                               : "";
        return src.ErrorAt(severity_node->begin(), "rules." + m.key +
                                                       ": expected off, info, warning (or warn) "
                                                       "or error" +
                                                       hint);
      }
      setting.severity = s;
    }
    QBANK_RETURN_IF_ERROR(CheckFixedRule(src, m, *registry.Find(m.key), setting));
    // Check the options now, so the error names this line rather than a later use.
    if (setting.options.is_object()) {
      std::unique_ptr<Rule> rule = registry.Create(m.key);
      ResolvePathOptions(*rule, base_dir, &setting.options);
      Status st = rule->Configure(setting.options, env);
      if (!st.ok()) {
        return Status::InvalidInput("rules." + m.key + ": " + st.ToString()).At(setting.where);
      }
    }
    (*out)[m.key] = std::move(setting);
  }
  for (auto& [id, setting] : from_categories) out->try_emplace(id, std::move(setting));
  return Status::Ok();
}

// Merges `over` into `base`: a severity replaces, options merge key by key.
void MergeSetting(const RuleSetting& over, RuleSetting* base) {
  if (over.severity) base->severity = over.severity;
  if (over.options.is_object()) {
    if (!base->options.is_object()) base->options = model::Value(model::Value::Object{});
    for (const auto& [k, v] : over.options.as_object()) base->options.mutable_object()[k] = v;
    base->where = over.where;
  }
}

// The config schema from `env`'s data folder, read on first use into `*schema` (once per
// LoadConfig call: every file of an `extends` chain is checked against the same one).
Status LoadConfigSchema(const RuleEnvironment& env, std::optional<json::Schema>* schema) {
  if (schema->has_value()) return Status::Ok();
  std::string path = JoinPath(env.data_dir(), "schemas/config.schema.json");
  Result<std::string> text = env.fs().ReadFile(path);
  if (!text.ok()) {
    return Status::NotFound("cannot read the config schema: " + text.status().ToString());
  }
  SourceText src(path, std::move(text.value()));
  Result<json::Schema> loaded = json::Schema::Load(src);
  if (!loaded.ok()) return loaded.status();
  schema->emplace(std::move(loaded.value()));
  return Status::Ok();
}

// Resolves an `extends` value to a file path.
std::string ExtendsPath(const std::string& value, const std::string& from_dir,
                        const std::string& data_dir) {
  bool is_file = value.find('/') != std::string::npos || value.ends_with(".json");
  if (is_file) return JoinPath(from_dir, value);
  return JoinPath(data_dir, "rules/presets/" + value + ".json");
}

// One file of an `extends` chain, read and checked against the schema.
struct ChainLink {
  std::unique_ptr<SourceText> src;
  json::Node root;
};

// Applies the csv section of config file `root`, if it has one, over `csv` (what the files it
// extends say): each key it gives replaces theirs.
void ApplyCsvSection(const json::Node& root, SheetConfig& csv) {
  const json::Node* section = root.Find("csv");
  if (section == nullptr) return;
  if (const json::Node* columns = section->Find("columns")) {
    if (columns->is_string()) {
      csv.columns = columns->as_string();
    } else {
      std::string joined;
      for (const json::Member& m : columns->members()) {
        if (!joined.empty()) joined += ',';
        joined += m.key + "=" + m.value.as_string();
      }
      csv.columns = std::move(joined);
    }
  }
  if (const json::Node* keep = section->Find("keep_unknown")) csv.keep_unknown = keep->as_bool();
  if (const json::Node* d = section->Find("delimiter")) {
    const std::string& v = d->as_string();
    csv.delimiter = v == ";" || v == "semicolon" ? ';' : v == "\t" || v == "tab" ? '\t' : ',';
  }
}

// Applies `link`'s own rules and overrides over `config`, which holds what it extends.
Status ApplyChainLink(const ChainLink& link, const RuleEnvironment& env, LintConfig& config) {
  const SourceText& src = *link.src;
  const RuleRegistry& registry = RuleRegistry::Default();
  config.path = src.path();
  config.base_dir = ParentDir(src.path());
  if (const json::Node* rules = link.root.Find("rules")) {
    std::map<std::string, RuleSetting, std::less<>> own;
    QBANK_RETURN_IF_ERROR(ReadRules(src, *rules, registry, config.base_dir, env, &own));
    for (auto& [id, setting] : own) MergeSetting(setting, &config.rules[id]);
  }
  ApplyCsvSection(link.root, config.csv);
  if (const json::Node* overrides = link.root.Find("overrides")) {
    for (const json::Node& item : overrides->items()) {
      Override o;
      if (const json::Node* files = item.Find("files")) {
        for (const json::Node& f : files->items()) {
          // Globs are kept relative to the folder of the file that wrote them.
          fs_path::path rel = fs_path::path(config.base_dir) / f.as_string();
          o.files.push_back(rel.lexically_normal().generic_string());
        }
      }
      if (const json::Node* rules = item.Find("rules")) {
        QBANK_RETURN_IF_ERROR(ReadRules(src, *rules, registry, config.base_dir, env, &o.rules));
      }
      config.overrides.push_back(std::move(o));
    }
  }
  return Status::Ok();
}

// The files of the `extends` chain that starts at `path`, each read and checked against the
// schema, nearest first. The chain is followed in a loop, so its length is bounded by memory, not
// by the stack (a chain of 6,000 files overflowed it when each file loaded the next recursively).
Result<std::vector<ChainLink>> ReadConfigChain(const std::string& path, const RuleEnvironment& env,
                                               std::optional<json::Schema>* schema) {
  std::set<std::string> seen;
  std::vector<ChainLink> chain;
  std::string next = path;
  SourceLocation cited_at;  // where the previous file names `next`; empty for the first
  while (true) {
    std::string key = fs_path::path(next).lexically_normal().string();
    if (!seen.insert(key).second) {
      return Status::InvalidInput("extends: cycle through " + next).At(cited_at);
    }
    Result<std::string> text = env.fs().ReadFile(next);
    if (!text.ok()) {
      if (!cited_at.path.empty()) {
        return Status::InvalidInput(text.status().code() == Status::Code::kNotFound
                                        ? "extends: no such preset or config file (" + next + ")"
                                        : "extends: " + text.status().ToString())
            .At(cited_at);
      }
      return text.status();
    }
    auto src = std::make_unique<SourceText>(next, std::move(text.value()));
    QBANK_RETURN_IF_ERROR(LoadConfigSchema(env, schema));
    Result<json::Node> root = (*schema)->ParseAndValidate(*src);
    if (!root.ok()) return root.status();
    const json::Node* extends = root->Find("extends");
    if (extends != nullptr) {
      next = ExtendsPath(extends->as_string(), ParentDir(next), env.data_dir());
      cited_at = src->LocationAt(extends->begin());
    }
    chain.push_back({std::move(src), std::move(root).value()});
    if (extends == nullptr) break;
  }
  return chain;
}

// The config at `path` with everything its `extends` chain brings, applied from its far end.
Result<LintConfig> LoadConfigChain(const std::string& path, const RuleEnvironment& env,
                                   std::optional<json::Schema>* schema) {
  Result<std::vector<ChainLink>> chain = ReadConfigChain(path, env, schema);
  if (!chain.ok()) return chain.status();
  LintConfig config;
  for (auto it = chain->rbegin(); it != chain->rend(); ++it) {
    QBANK_RETURN_IF_ERROR(ApplyChainLink(*it, env, config));
  }
  return config;
}

std::string AbsoluteNormal(const std::string& path) {
  std::error_code ec;
  fs_path::path p = fs_path::absolute(fs_path::path(path), ec);
  if (ec) p = fs_path::path(path);
  return p.lexically_normal().generic_string();
}

// The overrides whose globs match `abs_path` (absolute and normal), in order.
std::vector<const Override*> OverridesFor(const LintConfig& config, const std::string& abs_path) {
  std::vector<const Override*> applying;
  for (const Override& o : config.overrides) {
    for (const std::string& glob : o.files) {
      if (GlobMatch(glob, abs_path)) {
        applying.push_back(&o);
        break;
      }
    }
  }
  return applying;
}

// `proto`'s setting for a file: its default severity, the config's rules, the `applying`
// overrides, then the command-line selection.
RuleSetting EffectiveSetting(const LintConfig& config, const Rule& proto,
                             const std::vector<const Override*>& applying) {
  RuleSetting s;
  s.severity = proto.default_severity();
  if (auto it = config.rules.find(proto.id()); it != config.rules.end()) {
    MergeSetting(it->second, &s);
  }
  for (const Override* o : applying) {
    if (auto it = o->rules.find(proto.id()); it != o->rules.end()) MergeSetting(it->second, &s);
  }
  s.severity = ApplyRuleSelection(config.selection, proto, s.severity);
  return s;
}

}  // namespace

Result<LintConfig> LoadConfig(const std::string& path, const RuleEnvironment& env) {
  std::optional<json::Schema> schema;
  Result<LintConfig> config = LoadConfigChain(path, env, &schema);
  if (!config.ok()) return config;
  // Globs were made relative to the config folders as written; store them absolute so matching
  // does not depend on where qbank runs.
  for (Override& o : config->overrides) {
    for (std::string& f : o.files) f = AbsoluteNormal(f);
  }
  return config;
}

Result<SheetConfig> LoadSheetConfig(const std::string& path, const RuleEnvironment& env) {
  std::optional<json::Schema> schema;
  Result<std::vector<ChainLink>> chain = ReadConfigChain(path, env, &schema);
  if (!chain.ok()) return chain.status();
  SheetConfig csv;
  for (auto it = chain->rbegin(); it != chain->rend(); ++it) ApplyCsvSection(it->root, csv);
  return csv;
}

Result<LintConfig> LoadPreset(const std::string& name, const RuleEnvironment& env) {
  // A name, not a path: "../x" or "/tmp/x" would load any JSON file as a preset (docs/lint.md).
  bool is_name = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
  if (!is_name) {
    return Status::Usage("--preset '" + name + "': expected the name of a preset (a file of " +
                         JoinPath(env.data_dir(), "rules/presets") +
                         " without .json), not a path; give a configuration file with --config "
                         "FILE");
  }
  std::string path = JoinPath(env.data_dir(), "rules/presets/" + name + ".json");
  if (!env.fs().Exists(path)) {
    return Status::NotFound("no preset named '" + name + "' (looked for " + path + ")");
  }
  Result<LintConfig> config = LoadConfig(path, env);
  if (config.ok()) config->path.clear();
  return config;
}

std::optional<std::string> FindConfig(const std::vector<std::string>& inputs,
                                      const FileSystem& fs) {
  std::string first = inputs.empty() || inputs.front() == "-" ? "." : inputs.front();
  fs_path::path dir(AbsoluteNormal(first));
  if (!fs.IsDirectory(dir.string())) dir = dir.parent_path();
  for (int depth = 0; depth < 256; ++depth) {
    fs_path::path candidate = dir / std::string(kConfigFileName);
    if (fs.Exists(candidate.string()) && !fs.IsDirectory(candidate.string())) {
      return candidate.string();
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) break;
    dir = dir.parent_path();
  }
  return std::nullopt;
}

bool GlobMatch(std::string_view pattern, std::string_view path) {
  // Dynamic programming over the pattern's tokens: match[j] is true when the tokens read so far
  // match path[0, j). Tokens: a literal, "?", "*" (within a segment), "**" (anything) and "**/"
  // (nothing, or anything that ends with a slash).
  const size_t n = path.size();
  std::vector<char> match(n + 1, 0), next(n + 1, 0);
  match[0] = 1;
  size_t i = 0;
  while (i < pattern.size()) {
    std::fill(next.begin(), next.end(), 0);
    if (pattern.substr(i, 3) == "**/") {
      bool any_before = false;
      for (size_t j = 0; j <= n; ++j) {
        next[j] = match[j] || (j > 0 && any_before && path[j - 1] == '/');
        any_before = any_before || match[j];
      }
      i += 3;
    } else if (pattern.substr(i, 2) == "**") {
      for (size_t j = 0; j <= n; ++j) next[j] = match[j] || (j > 0 && next[j - 1]);
      i += 2;
    } else if (pattern[i] == '*') {
      for (size_t j = 0; j <= n; ++j) {
        next[j] = match[j] || (j > 0 && next[j - 1] && path[j - 1] != '/');
      }
      i += 1;
    } else {
      char c = pattern[i];
      for (size_t j = 1; j <= n; ++j) {
        next[j] = match[j - 1] && (c == '?' ? path[j - 1] != '/' : path[j - 1] == c);
      }
      i += 1;
    }
    match.swap(next);
  }
  return match[n] != 0;
}

std::map<std::string, RuleSetting, std::less<>> EffectiveRules(const LintConfig& config,
                                                               const std::string& path,
                                                               const RuleRegistry& registry) {
  std::vector<const Override*> applying = OverridesFor(config, AbsoluteNormal(path));
  std::map<std::string, RuleSetting, std::less<>> rules;
  for (const Rule* proto : registry.All()) {
    rules[std::string(proto->id())] = EffectiveSetting(config, *proto, applying);
  }
  return rules;
}

Result<std::vector<PlannedRule>> PlanRules(const LintConfig& config, const model::Bank& bank,
                                           const RuleRegistry& registry,
                                           const RuleEnvironment& env) {
  const size_t files = bank.sources.size();
  // Which overrides apply to each file (the slot `files` stands for questions without a file).
  std::vector<std::vector<const Override*>> applying(files + 1);
  for (size_t f = 0; f < files; ++f) {
    applying[f] = OverridesFor(config, AbsoluteNormal(bank.SourcePath(f)));
  }
  std::vector<PlannedRule> plan;
  for (const Rule* proto : registry.All()) {
    std::string id(proto->id());
    // Effective setting per file slot; identical settings share an instance.
    struct Group {
      RuleSetting setting;
      std::vector<bool> slots;
    };
    std::vector<Group> groups;
    for (size_t f = 0; f <= files; ++f) {
      RuleSetting s = EffectiveSetting(config, *proto, applying[f]);
      auto same = [&](const Group& g) {
        return g.setting.severity == s.severity && g.setting.options == s.options;
      };
      auto g = std::find_if(groups.begin(), groups.end(), same);
      if (g == groups.end()) {
        groups.push_back({s, std::vector<bool>(files + 1, false)});
        g = groups.end() - 1;
      }
      g->slots[f] = true;
    }
    for (Group& g : groups) {
      Severity severity = g.setting.severity.value_or(proto->default_severity());
      if (severity == Severity::kOff) continue;
      std::unique_ptr<Rule> rule = registry.Create(id);
      Status st = rule->Configure(g.setting.options, env);
      if (!st.ok())
        return Status::InvalidInput("rules." + id + ": " + st.ToString()).At(g.setting.where);
      PlannedRule p;
      p.rule = std::move(rule);
      p.severity = severity;
      if (groups.size() > 1) {
        // The last slot (questions without a file) maps to "every file" only when all match.
        p.files.assign(g.slots.begin(), g.slots.end() - 1);
      }
      plan.push_back(std::move(p));
    }
  }
  return plan;
}

}  // namespace qbank::lint

// Rule pages from the data folder.
#include "commands/explain.h"

#include "base/data_dir.h"
#include "base/file_system.h"
#include "base/suggest.h"
#include "commands/exit_code.h"
#include "lint/registry.h"

namespace qbank::commands {

int ExplainRule(std::string_view rule_id, std::ostream& out, std::ostream& err,
                const std::string& data_dir) {
  const lint::Rule* rule = lint::RuleRegistry::Default().Find(rule_id);
  if (rule == nullptr) {
    std::string hint = DidYouMean(rule_id, lint::RuleRegistry::Default().Ids());
    err << "qbank explain: unknown rule '" << rule_id << "'"
        << (hint.empty() ? "; run `qbank rules` for the list" : hint) << "\n";
    return kExitError;
  }
  std::string dir = data_dir;
  if (dir.empty()) {
    const Result<DataDirLocation>& found = DataDir();
    if (!found.ok()) {
      err << "qbank explain: " << found.status().ToString() << "\n";
      return kExitError;
    }
    dir = found->dir;
  }
  std::string path = dir + "/rules/" + std::string(rule_id) + ".md";
  Result<std::string> page = RealFileSystem().ReadFile(path);
  if (!page.ok()) {
    err << "qbank explain: " << page.status().ToString() << "\n";
    return kExitError;
  }
  // Whether --fix fixes it, right under the page's title line.
  const std::string& text = page.value();
  size_t title_end = text.rfind("# ", 0) == 0 ? text.find('\n') : std::string::npos;
  std::string fixable = rule->can_fix() ? "fixable: yes; `qbank lint --fix` " +
                                              std::string(rule->fix_summary()) + "\n"
                                        : "fixable: no\n";
  if (title_end == std::string::npos) {
    out << fixable << "\n" << text;
  } else {
    out << text.substr(0, title_end + 1) << "\n" << fixable << text.substr(title_end + 1);
  }
  return kExitOk;
}

}  // namespace qbank::commands

// The term lists in rules/terms/ that rules read at Configure: one entry a line, "#" comments.
#ifndef QBANK_LINT_RULES_SHARED_TERM_LISTS_H_
#define QBANK_LINT_RULES_SHARED_TERM_LISTS_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"
#include "lint/rule_environment.h"

namespace qbank::lint {

// The text of rules/terms/`name` in the environment's data folder, or InvalidInput "cannot read
// the `what` PATH (set QBANK_DATA_DIR)".
inline Result<std::string> ReadTermList(const RuleEnvironment& env, std::string_view name,
                                        std::string_view what) {
  std::string path = env.data_dir() + "/rules/terms/" + std::string(name);
  Result<std::string> list = env.fs().ReadFile(path);
  if (!list.ok()) {
    return Status::InvalidInput("cannot read the " + std::string(what) + " " + path +
                                " (set QBANK_DATA_DIR)");
  }
  return list;
}

// The entries of a term list's text with their 1-based line numbers: blank lines and lines
// starting with "#" skipped, a final carriage return dropped.
inline std::vector<std::pair<size_t, std::string_view>> TermLines(std::string_view text) {
  std::vector<std::pair<size_t, std::string_view>> out;
  size_t number = 0;
  for (std::string_view rest = text; !rest.empty();) {
    size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line.front() != '#') out.emplace_back(number, line);
  }
  return out;
}

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_TERM_LISTS_H_

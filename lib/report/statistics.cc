// Counts findings per rule and severity and prints them as a table.
#include "report/statistics.h"

#include <algorithm>
#include <array>
#include <map>

namespace qbank::report {
namespace {

// Counts by severity: errors, warnings, info.
using Counts = std::array<size_t, 3>;

std::string PadLeft(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string Row(const std::string& name, size_t name_width, const Counts& c) {
  std::string row = name + std::string(name_width - name.size(), ' ');
  row += PadLeft(std::to_string(c[0]), 8);
  row += PadLeft(std::to_string(c[1]), 10);
  row += PadLeft(std::to_string(c[2]), 6);
  row += PadLeft(std::to_string(c[0] + c[1] + c[2]), 7);
  return row + "\n";
}

}  // namespace

std::string FormatStatistics(const std::vector<lint::Finding>& findings,
                             const std::vector<std::string>& rules_ran) {
  std::map<std::string, Counts> per_rule;
  Counts total{};
  for (const lint::Finding& f : findings) {
    size_t column = f.severity == lint::Severity::kError     ? 0
                    : f.severity == lint::Severity::kWarning ? 1
                                                             : 2;
    ++per_rule[f.rule_id][column];
    ++total[column];
  }
  // Rules that reported, most findings first (ties by id), as ruff and ESLint list them.
  std::vector<std::pair<std::string, Counts>> rows(per_rule.begin(), per_rule.end());
  auto sum = [](const Counts& c) { return c[0] + c[1] + c[2]; };
  std::stable_sort(rows.begin(), rows.end(),
                   [&](const auto& a, const auto& b) { return sum(a.second) > sum(b.second); });
  size_t silent = 0;
  for (const std::string& id : rules_ran) silent += per_rule.count(id) == 0;
  size_t width = std::string_view("total").size();
  for (const auto& [id, counts] : rows) width = std::max(width, id.size());
  width += 2;
  std::string out =
      std::string("rule") + std::string(width - 4, ' ') + "  errors  warnings  info  total\n";
  for (const auto& [id, counts] : rows) out += Row(id, width, counts);
  out += Row("total", width, total);
  if (silent > 0) {
    out += std::to_string(silent) + (silent == 1 ? " other rule" : " other rules") +
           " ran and found nothing\n";
  }
  return out;
}

}  // namespace qbank::report

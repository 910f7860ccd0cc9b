// Parsing and writing of the "qbank-disable" comment directive.
#include "formats/suppression_directive.h"

#include "base/utf8_text.h"

namespace qbank::formats {
namespace {}  // namespace

bool ParseSuppressionDirective(std::string_view comment, SuppressionDirective& directive) {
  std::string_view text = Trim(comment);
  constexpr std::string_view kKeyword = "qbank-disable";
  constexpr std::string_view kNext = "-next";
  if (text.substr(0, kKeyword.size()) != kKeyword) return false;
  text.remove_prefix(kKeyword.size());
  directive = SuppressionDirective();
  if (text.substr(0, kNext.size()) == kNext) {
    directive.next = true;
    text.remove_prefix(kNext.size());
  }
  if (!text.empty() && !IsBlank(text.front())) return false;  // "qbank-disabled" is not one
  std::string_view rules = text;
  std::string reason;
  size_t dashes = text.find("--");
  if (dashes != std::string_view::npos) {
    rules = text.substr(0, dashes);
    reason = std::string(Trim(text.substr(dashes + 2)));
  }
  size_t pos = 0;
  while (pos < rules.size()) {
    while (pos < rules.size() && (IsBlank(rules[pos]) || rules[pos] == ',')) ++pos;
    size_t end = pos;
    while (end < rules.size() && !IsBlank(rules[end]) && rules[end] != ',') ++end;
    if (end > pos) {
      model::Suppression s;
      s.rule = std::string(rules.substr(pos, end - pos));
      s.reason = reason;
      directive.suppressions.push_back(std::move(s));
    }
    pos = end;
  }
  if (directive.suppressions.empty()) {
    model::Suppression all;
    all.rule = "*";
    all.reason = reason;
    directive.suppressions.push_back(std::move(all));
  }
  return true;
}

std::vector<std::string> FormatSuppressionDirectives(
    const std::vector<model::Suppression>& suppressions) {
  std::vector<std::string> lines;
  for (const model::Suppression& s : suppressions) {
    std::string line = "qbank-disable " + s.rule;
    if (!s.reason.empty()) line += " -- " + s.reason;
    for (char& c : line) {
      if (c == '\n' || c == '\r') c = ' ';  // a directive is one line
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace qbank::formats

// explanation-only-url: recognises a lone link.
#include "lint/rules/explanation_only_url.h"

#include <cctype>

namespace qbank::lint {
namespace {

std::string_view Trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool StartsWithIgnoringCase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  }
  return true;
}

}  // namespace

bool IsOnlyUrl(std::string_view text) {
  std::string_view s = Trim(text);
  for (std::string_view lead : {"see:", "see", "ref:", "source:", "reference:"}) {
    if (StartsWithIgnoringCase(s, lead) && s.size() > lead.size() &&
        (lead.back() == ':' || s[lead.size()] == ' ')) {
      s = Trim(s.substr(lead.size()));
      break;
    }
  }
  while (!s.empty() && (s.back() == '.' || s.back() == ',' || s.back() == ';')) s.remove_suffix(1);
  if (s.size() >= 2 &&
      ((s.front() == '<' && s.back() == '>') || (s.front() == '(' && s.back() == ')'))) {
    s = s.substr(1, s.size() - 2);
  }
  if (!StartsWithIgnoringCase(s, "http://") && !StartsWithIgnoringCase(s, "https://") &&
      !StartsWithIgnoringCase(s, "www.")) {
    return false;
  }
  size_t scheme_end = s.find("//");
  size_t host_begin = scheme_end == std::string_view::npos ? 4 : scheme_end + 2;
  if (host_begin >= s.size()) return false;
  for (unsigned char c : s) {
    if (std::isspace(c)) return false;
  }
  return true;
}

void ExplanationOnlyUrlRule::CheckQuestion(const LintContext& ctx, size_t index,
                                           Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (IsOnlyUrl(q.explanation.value)) {
    reporter.Report(index, q.explanation, "explanation",
                    "the explanation is only a link; explain the answer here and cite the link");
  }
  for (size_t i = 0; i < q.options.size(); ++i) {
    if (!IsOnlyUrl(q.options[i].rationale.value)) continue;
    reporter.Report(index, q.options[i].rationale, "options[" + std::to_string(i) + "].rationale",
                    "the rationale of option " + model::OptionLetter(i) +
                        " is only a link; say why the option is right or wrong");
  }
}

}  // namespace qbank::lint

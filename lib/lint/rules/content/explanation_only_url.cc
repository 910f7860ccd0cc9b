// explanation-only-url: recognises a lone link.
#include "lint/rules/content/explanation_only_url.h"

#include <cctype>

#include "base/ascii_text.h"
#include "base/utf8_text.h"

namespace qbank::lint {
namespace {

bool IsUrl(std::string_view s) {
  if (!AsciiStartsWithIgnoringCase(s, "http://") && !AsciiStartsWithIgnoringCase(s, "https://") &&
      !AsciiStartsWithIgnoringCase(s, "www.")) {
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

// A lead that only introduces a link: "See", "See:", "Ref:", "Source:", "Reference:" (and
// plurals), removed from the front of `s`. True when `s` was nothing but such a lead.
bool StripLead(std::string_view* s) {
  for (std::string_view lead : {"references:", "reference:", "sources:", "source:", "refs:", "ref:",
                                "links:", "link:", "see also:", "see also", "see:", "see"}) {
    if (!AsciiStartsWithIgnoringCase(*s, lead)) continue;
    if (s->size() == lead.size()) {
      *s = {};
      return lead.back() == ':';
    }
    if (lead.back() == ':' || (*s)[lead.size()] == ' ') {
      *s = Trim(s->substr(lead.size()));
      return false;
    }
  }
  return false;
}

// A Markdown list marker ("- ", "* ", "+ ", "1. ", "2) ") removed from the front of `s`.
void StripListMarker(std::string_view* s) {
  if (s->size() >= 2 && ((*s)[0] == '-' || (*s)[0] == '*' || (*s)[0] == '+') && (*s)[1] == ' ') {
    *s = Trim(s->substr(2));
    return;
  }
  size_t digits = 0;
  while (digits < s->size() && std::isdigit(static_cast<unsigned char>((*s)[digits]))) ++digits;
  if (digits > 0 && digits + 1 < s->size() && ((*s)[digits] == '.' || (*s)[digits] == ')') &&
      (*s)[digits + 1] == ' ') {
    *s = Trim(s->substr(digits + 2));
  }
}

enum class LineKind { kLink, kLead, kOther };

// One line of a link-only text: a URL, <URL>, (URL) or a Markdown link [text](URL), after an
// optional list marker and lead; or a lead alone ("References:").
LineKind ReadLine(std::string_view line) {
  std::string_view s = Trim(line);
  StripListMarker(&s);
  if (StripLead(&s)) return LineKind::kLead;
  while (!s.empty() && (s.back() == '.' || s.back() == ',' || s.back() == ';')) s.remove_suffix(1);
  if (s.size() >= 2 &&
      ((s.front() == '<' && s.back() == '>') || (s.front() == '(' && s.back() == ')'))) {
    s = s.substr(1, s.size() - 2);
  }
  if (!s.empty() && s.front() == '[' && s.back() == ')') {
    size_t middle = s.find("](");
    if (middle == std::string_view::npos) return LineKind::kOther;
    s = s.substr(middle + 2, s.size() - middle - 3);
  }
  return IsUrl(s) ? LineKind::kLink : LineKind::kOther;
}

}  // namespace

bool IsOnlyUrl(std::string_view text) {
  bool any_link = false;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = Trim(text.substr(start, end - start));
    if (!line.empty()) {
      LineKind kind = ReadLine(line);
      if (kind == LineKind::kOther) return false;
      any_link = any_link || kind == LineKind::kLink;
    }
    start = end + 1;
  }
  return any_link;
}

void ExplanationOnlyUrlRule::CheckQuestion(const LintContext& ctx, size_t index,
                                           Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (IsOnlyUrl(q.explanation.value)) {
    reporter.Report(index, q.explanation, "explanation",
                    "the explanation is only a link; explain the answer here and cite the link");
  }
  for (size_t i = 0; i < q.options.size(); ++i) {
    if (!IsOnlyUrl(q.options[i].rationale->value)) continue;
    reporter.Report(index, q.options[i].rationale, "options[" + std::to_string(i) + "].rationale",
                    "the rationale of option " + model::OptionLetter(i) +
                        " is only a link; say why the option is right or wrong");
  }
}

}  // namespace qbank::lint

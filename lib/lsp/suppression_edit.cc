// The suppression directives of the formats that have comments, as edits.
#include "lsp/suppression_edit.h"

#include <string>

#include "base/str_cat.h"

namespace qbank::lsp {

std::optional<TextEdit> SuppressionEdit(std::string_view format_name, std::string_view text,
                                        const LineIndex& lines, const model::Question& question,
                                        std::string_view rule_id) {
  std::string rule(rule_id);
  if (format_name == "page") {
    // Only a run of `qbank:` lines at the end of the page is read as directives.
    Position end = lines.PositionOf(text.size());
    bool ends_with_break = !text.empty() && text.back() == '\n';
    return TextEdit{{end, end},
                    StrCat({ends_with_break ? "" : "\n", "qbank: disable ", rule, "\n"})};
  }
  if (!question.span.known()) return std::nullopt;
  Position start{question.span.line - 1, 0};
  if (format_name == "md") {
    // Before the question (its front matter or heading): the directive for the next question.
    return TextEdit{{start, start}, StrCat({"<!-- qbank-disable-next ", rule, " -->\n"})};
  }
  if (format_name == "gift") {
    // A comment line in the question's own block.
    return TextEdit{{start, start}, StrCat({"// qbank-disable ", rule, "\n"})};
  }
  return std::nullopt;
}

}  // namespace qbank::lsp

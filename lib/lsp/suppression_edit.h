// "Disable RULE here": the edit that writes a format's suppression directive for one question
// (docs/formats/: md's `<!-- qbank-disable-next RULE -->` before the question, gift's
// `// qbank-disable RULE` comment in its block, page's `qbank: disable RULE` line at the end).
#ifndef QBANK_LSP_SUPPRESSION_EDIT_H_
#define QBANK_LSP_SUPPRESSION_EDIT_H_

#include <optional>
#include <string_view>

#include "lsp/utf16.h"
#include "lsp/workspace_linter.h"
#include "model/bank.h"

namespace qbank::lsp {

// The edit of `text` (a file of format `format_name`, indexed by `lines`) that suppresses
// `rule_id` for `question`; nullopt for a format without a comment directive (csv, json, XML, ...)
// or a question whose place is unknown.
std::optional<TextEdit> SuppressionEdit(std::string_view format_name, std::string_view text,
                                        const LineIndex& lines, const model::Question& question,
                                        std::string_view rule_id);

}  // namespace qbank::lsp

#endif  // QBANK_LSP_SUPPRESSION_EDIT_H_

// The `blackboard` format: Blackboard Learn's "upload questions" text, one question a line, its
// fields separated by tabs: the type (MC, MA, TF, ESS, SR, FIB, FIB_PLUS, MAT, ORD, NUM, FIL,
// JUMBLED_SENTENCE, QUIZ_BOWL, OP), the question text, then the answers as the type wants them
// (docs/formats/blackboard.md). A field in double quotes may hold tabs, line breaks and "" (a
// quote), as a spreadsheet saves tab-delimited text; every text is HTML to Blackboard.
#ifndef QBANK_FORMATS_BLACKBOARD_BLACKBOARD_FORMAT_H_
#define QBANK_FORMATS_BLACKBOARD_BLACKBOARD_FORMAT_H_

#include <string>
#include <string_view>

#include "formats/format.h"

namespace qbank::formats {

class BlackboardFormat : public Format {
 public:
  std::string_view name() const override { return "blackboard"; }
  std::string_view summary() const override {
    return "Blackboard upload questions: one question a line, tab-separated (MC, MA, TF, ...)";
  }
  std::vector<std::string_view> extensions() const override { return {".txt", ".tsv"}; }
  // 95 when every line of the content's first 64 KiB that starts a record starts with a
  // Blackboard question type and a tab (and there is at least one); 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Appends a question for each well-formed line; a malformed line (an unknown type, a missing
  // question text, an answer without its correct|incorrect field, a quote never closed, ...)
  // becomes one Diagnostic in ctx.errors at its line and field ("f.txt:7:12: field 4: ..."), and
  // the next line is read. Returns non-OK only when the file cannot be read at all (not UTF-8).
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // Writes each question as the line of its Blackboard type; what the upload text has no field
  // for (rationales, explanation, weights, metadata, ids) and questions it has no type for
  // (description) are recorded in `loss`.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

namespace blackboard {

// The extension key of this format: {"type": "ORD", "fields": [...], "sample": "..."}.
inline constexpr std::string_view kExtension = "blackboard";

// True for a type token Blackboard's upload takes (the first field of a line).
bool IsQuestionType(std::string_view token);

// The types a line may start with, for messages: "MC, MA, TF, ...".
std::string_view TypeList();

// True when `text` holds what reads as an HTML element (a tag such as <b>, </p>, <br/>): the
// reader then takes the question as HTML.
bool HasHtmlElement(std::string_view text);

}  // namespace blackboard

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_BLACKBOARD_BLACKBOARD_FORMAT_H_

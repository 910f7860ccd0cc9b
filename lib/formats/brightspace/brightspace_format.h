// The `brightspace` format: D2L Brightspace's CSV question template, one block of rows per
// question: "NewQuestion,MC" then ID, Title, QuestionText, Points, Difficulty, Image, the answer
// rows of the type (Option, TRUE/FALSE, Answer, Choice/Match, Item, Blank/Text, InitialText,
// AnswerKey), Hint and Feedback (docs/formats/brightspace.md). Rows whose first cell starts with
// "//" are comments; qbank carries what the template has no row for in "// qbank-meta:" and
// "// qbank-bank:" comment rows, which Brightspace skips.
#ifndef QBANK_FORMATS_BRIGHTSPACE_BRIGHTSPACE_FORMAT_H_
#define QBANK_FORMATS_BRIGHTSPACE_BRIGHTSPACE_FORMAT_H_

#include <string_view>

#include "formats/format.h"
#include "formats/lms_carrier.h"

namespace qbank::formats {

class BrightspaceFormat : public Format {
 public:
  std::string_view name() const override { return "brightspace"; }
  std::string_view summary() const override {
    return "D2L Brightspace CSV template: NewQuestion,MC / QuestionText / Option,100,... blocks";
  }
  std::vector<std::string_view> extensions() const override { return {".csv"}; }
  // 95 when the first row that is not blank or a "//" comment starts with "NewQuestion," (in
  // the first 64 KiB); 0 otherwise, so a spreadsheet of questions with a header stays csv.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Appends each well-formed block; a malformed one (an unknown type or row, a weight that is
  // not a number, a Match naming no Choice, ...) becomes one Diagnostic in ctx.errors at its row
  // and cell ("f.csv:7:8: row 7, field 2: ..."), and reading goes on at the next NewQuestion row.
  // Returns non-OK when the file is not CSV (an unclosed quote, not UTF-8).
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // Writes each question as the block of its template type; what neither a row nor the
  // metadata comment holds is recorded in `loss`.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

namespace brightspace {

// The extension key of this format: question {"title", "points", "image", "hint", "scoring",
// "input_box", "initial_text", "answer_key", "type", "rows", "comments"}, option {"regexp"}.
inline constexpr std::string_view kExtension = "brightspace";
inline constexpr std::string_view kQuestionMetaPrefix = "// qbank-meta:";
inline constexpr std::string_view kBankMetaPrefix = "// qbank-bank:";

// The carrier: Brightspace marks HTML per text ("HTML" in the cell after it) and skips comment
// rows, where the metadata travels.
const LmsCarrier& Carrier();

}  // namespace brightspace

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_BRIGHTSPACE_BRIGHTSPACE_FORMAT_H_

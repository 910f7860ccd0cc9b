// The `text2qti` format: the plain-text quiz layout text2qti reads (github.com/gpoore/text2qti):
// "Quiz title:" and "Quiz description:", then numbered questions ("1.  text") with optional
// "Title:" and "Points:" lines before them, choices "a)" / "*b)" (one key) or "[ ]" / "[*]"
// (several), feedback lines "..." (general, or the choice's after a choice), "+" (correct) and
// "-" (incorrect), numerical answers "=", short answers "*", essays "____", file uploads "^^^^",
// text regions "Text:" and question groups (GROUP ... END_GROUP). Every text is Markdown, with
// LaTeX math between '$'s (docs/formats/text2qti.md).
#ifndef QBANK_FORMATS_TEXT2QTI_TEXT2QTI_FORMAT_H_
#define QBANK_FORMATS_TEXT2QTI_TEXT2QTI_FORMAT_H_

#include <optional>
#include <string>
#include <string_view>

#include "formats/format.h"

namespace qbank::formats {

class Text2QtiFormat : public Format {
 public:
  std::string_view name() const override { return "text2qti"; }
  std::string_view summary() const override {
    return "text2qti's plain-text quiz: 1. question, a) / *b) choices, [*], =, *, ____";
  }
  std::vector<std::string_view> extensions() const override { return {".text2qti", ".txt"}; }
  // 95 for a "Quiz title:" line at the start; 75 for a numbered question line followed by a
  // text2qti answer line ("*a) ", "[*] ", "=   ", "____", "^^^^") before the next question; 0
  // otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Appends each well-formed question (and text region); a malformed one (a line that is no
  // part of the layout, choices of both kinds, a numerical answer that is not a number, ...)
  // becomes one Diagnostic in ctx.errors at its line and column, and reading goes on at the
  // next question. Returns non-OK only when the file cannot be read at all (not UTF-8).
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // Writes every question text2qti has a kind for; matching questions and other types, and the
  // fields text2qti has no line for (trap, tags, metadata, weights, ...) are recorded in `loss`.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

namespace text2qti {

// The extension key of this format: question {"title", "points", "correct_feedback",
// "incorrect_feedback", "type": "file_upload", "group": {...}}, option {"answer"}, bank
// {"description", "options": {...}}.
inline constexpr std::string_view kExtension = "text2qti";

// A numerical answer as text2qti writes it ("5", "1_000", "1.4142 +- 0.0001", "384 +- 5%",
// "[1.2598, 1.2600]") in the bank's notation ("5", "1000", "1.4142:0.0001", "384:19.2",
// "1.2598..1.2600"); nullopt (and `*error` set) when it is none of those.
std::optional<std::string> NumericalNotation(std::string_view answer, std::string* error);

}  // namespace text2qti

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_TEXT2QTI_TEXT2QTI_FORMAT_H_

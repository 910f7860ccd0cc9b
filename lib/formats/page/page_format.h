// The `page` format: the plain-text practice-page layout (title, stem, trap, answer block, option
// breakdown, about, author, review, footer), read into the model and written back byte for byte.
#ifndef QBANK_FORMATS_PAGE_PAGE_FORMAT_H_
#define QBANK_FORMATS_PAGE_PAGE_FORMAT_H_

#include <string>
#include <string_view>
#include <vector>

#include "formats/format.h"

namespace qbank::formats {

// Reads and writes practice pages; docs/formats/page.md describes the layout line by line.
//
// Import: one file holds one page, or several pages separated by a line "---". Every line of a
// page lands in the model: fixed headings whose wording differs from the usual one, the footer,
// the file's final newline and CRLF line breaks are kept in question.extensions["page"] (and
// option.extensions["page"] for a "Why ..." line), so exporting an imported file gives back the
// same bytes. Every text field has a span; single-line and LF fields are verbatim. A page that
// breaks the layout (no stem, no answer block, no options, an option without its "Why ..." line, a
// bad review date or "qbank:" directive) fails the whole file with "path:line:col: expected ...".
// Problems a page can have while keeping its layout (two keys, a stated answer that names a wrong
// option, no trap) import fine and are left to lint.
//
// Export: writes each question in the page layout (the usual fixed lines where the question
// carries no wording of its own); fields a page cannot hold are counted in the loss report, and so
// are lines of text that a page would read as structure (a "---" line, an option mark in a
// rationale, ...), which are left out so the page reads back. A question without a stem or
// without options fails the export, naming the question.
class PageFormat : public Format {
 public:
  std::string_view name() const override { return "page"; }
  // Reads nothing of the bank but appends (threads may read its files side by side).
  bool ReadsAlone() const override { return true; }
  std::string_view summary() const override;
  std::vector<std::string_view> extensions() const override { return {".txt"}; }
  // 90 when the first line ends with "Practice Question" and the text has a line "Correct answer
  // & explanation"; 30 for the title line alone; 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
  // The first page's byte-order mark (extensions.page.bom), and one for a page whose text starts
  // with U+FEFF.
  bool WritesByteOrderMark() const override { return true; }
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_PAGE_PAGE_FORMAT_H_
